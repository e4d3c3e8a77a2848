"""Differential testing: the C++ engine and a pure-Python reference, stepped side by side."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

import tablebits as tb

from .helpers import SIMULTANEOUS


def random_joint(state: Any, num_players: int, rng: random.Random) -> list[int]:
    """One uniformly random legal action per acting player, -1 for the others."""
    return [
        rng.choice(actions) if (actions := state.legal_actions(p)) else -1
        for p in range(num_players)
    ]


def run_differential(
    game_id: str, reference: ModuleType, params: dict[str, Any], games: int, seed: int = 0
) -> int:
    """Plays `games` random games on both implementations; returns the number of steps compared.

    Both start from the same seed; before every step their legal actions must agree, after
    every step their full state dicts must agree, and at the end their returns and scores.
    """
    engine_game = tb.make(game_id, **params)
    reference_game = reference.make(**params)
    n = engine_game.num_players
    steps = 0
    for g in range(games):
        rng = random.Random(seed * 1_000_003 + g)
        state_seed = rng.getrandbits(64)
        engine = engine_game.new_initial_state(state_seed)
        ref = reference_game.new_initial_state(state_seed)
        assert engine.to_dict() == ref.to_dict(), f"game {g}: initial states differ"
        history: list[Any] = []
        while not engine.is_terminal():
            where = f"game {g} (seed {state_seed}) after {history}"
            assert engine.current_player() == ref.current_player(), where
            for p in range(n):
                assert engine.legal_actions(p) == ref.legal_actions(p), f"{where}, player {p}"
            if engine.current_player() == SIMULTANEOUS:
                joint = random_joint(engine, n, rng)
                engine.apply_actions(joint)
                ref.apply_actions(joint)
                history.append(joint)
            else:
                action = rng.choice(engine.legal_actions())
                engine.apply_action(action)
                ref.apply_action(action)
                history.append(action)
            assert engine.to_dict() == ref.to_dict(), where
            steps += 1
        assert ref.is_terminal(), f"game {g}: only the engine finished"
        assert engine.returns() == ref.returns(), f"game {g}"
        assert engine.scores() == ref.scores(), f"game {g}"
    return steps
