"""Differential testing: the C++ engine and a pure-Python reference, stepped side by side."""

from __future__ import annotations

import random
from collections import Counter
from types import ModuleType
from typing import Any

import pytest

import tablebits as tb
from tests.support.helpers import apply_move, random_move


def run_differential(
    game_id: str,
    reference: ModuleType,
    params: dict[str, Any],
    games: range,
    seed: int = 0,
) -> Counter:
    """Plays the random games numbered `games` on both implementations, comparing throughout.

    Both start from the same seed; before every step their legal actions must agree, after
    every step their full state dicts must agree, and at the end their returns (the engine's
    are float32, so a 1/3 share is compared approximately) and scores. Returns a Counter with
    the steps compared and the final dicts' "outcome" values (if the game has that field).
    """
    engine_game = tb.make(game_id, **params)
    reference_game = reference.make(**params)
    n = engine_game.num_players
    stats: Counter = Counter()
    for g in games:
        rng = random.Random(seed * 1_000_003 + g)
        state_seed = rng.getrandbits(64)
        engine = engine_game.new_initial_state(state_seed)
        ref = reference_game.new_initial_state(state_seed)
        assert engine.to_dict() == ref.to_dict(), f"game {g}: initial states differ"
        history: list[Any] = []

        def where() -> str:  # formatted only when an assertion fails
            return f"game {g} (seed {state_seed}) after {history}"  # noqa: B023

        while not engine.is_terminal():
            assert engine.current_player() == ref.current_player(), where()
            for p in range(n):
                assert engine.legal_actions(p) == ref.legal_actions(p), f"{where()}, player {p}"
            move = random_move(engine, n, rng)
            apply_move(engine, move)
            apply_move(ref, move)
            history.append(move)
            assert engine.to_dict() == ref.to_dict(), where()
            stats["steps"] += 1
        assert ref.is_terminal(), f"game {g}: only the engine finished"
        assert engine.returns() == pytest.approx(ref.returns(), abs=1e-6), f"game {g}"
        assert engine.scores() == ref.scores(), f"game {g}"
        stats[engine.to_dict().get("outcome")] += 1
    return stats
