"""Shared test helpers."""

from __future__ import annotations

import functools
import math
import random
from types import ModuleType
from typing import Any

import pytest

SIMULTANEOUS = -2
TERMINAL = -4


def implementations(game_id: str, reference: ModuleType) -> list:
    """pytest params: the pure-Python reference and, once registered, the C++ engine.

    Rule scenarios run against both, so a scenario checks the reference as much as the engine.
    """
    params = [pytest.param(reference.make, id="reference")]
    try:
        import tablebits as tb
    except ImportError:
        return params
    if game_id in tb.games():
        params.append(pytest.param(functools.partial(tb.make, game_id), id="engine"))
    return params


def max_z(freq_a: dict, n_a: int, freq_b: dict, n_b: int) -> float:
    """Largest two-proportion z statistic between two frequency tables (a missing key is 0).

    Compares, key by key, how often an event happened in n_a draws of one sampler and n_b
    draws of another; infinite when one sampler never varies on a key and the other differs.
    """
    worst = 0.0
    for key in set(freq_a) | set(freq_b):
        fa, fb = freq_a.get(key, 0.0), freq_b.get(key, 0.0)
        pooled = (fa * n_a + fb * n_b) / (n_a + n_b)
        var = pooled * (1 - pooled) * (1 / n_a + 1 / n_b)
        if var == 0:
            if fa != fb:
                return math.inf
            continue
        worst = max(worst, abs(fa - fb) / math.sqrt(var))
    return worst


def random_joint(state: Any, num_players: int, rng: random.Random) -> list[int]:
    """One uniformly random legal action per acting player, -1 for the others."""
    return [
        rng.choice(actions) if (actions := state.legal_actions(p)) else -1
        for p in range(num_players)
    ]


def random_move(state: Any, num_players: int, rng: random.Random) -> int | list[int]:
    """A uniformly random legal move: an action, or a joint action at a simultaneous node."""
    if state.is_simultaneous_node():
        return random_joint(state, num_players, rng)
    return rng.choice(state.legal_actions())


def apply_move(state: Any, move: int | list[int]) -> None:
    """Applies a move of random_move (a list is a joint action)."""
    if isinstance(move, list):
        state.apply_actions(move)
    else:
        state.apply_action(move)


def random_step(state: Any, num_players: int, rng: random.Random) -> int | list[int]:
    """Applies one uniformly random legal move (a random joint action at simultaneous nodes)
    and returns it."""
    move = random_move(state, num_players, rng)
    apply_move(state, move)
    return move


def checked_random_playout(game, seed: int, rng: random.Random, max_steps: int = 10_000):
    """Plays one uniformly random game of `game` (the reference or the engine) to its end.

    At every node the state dict must round-trip and the legal actions must be sorted; every
    sequential action must round-trip through its string. Returns (terminal state, steps).
    """
    state = game.new_initial_state(seed)
    for steps in range(max_steps + 1):
        d = state.to_dict()
        assert game.state_from_dict(d).to_dict() == d
        if state.is_terminal():
            return state, steps
        if state.is_simultaneous_node():
            state.apply_actions(random_joint(state, game.num_players, rng))
        else:
            legal = state.legal_actions()
            assert legal and legal == sorted(legal)
            action = rng.choice(legal)
            assert state.string_to_action(state.action_to_string(action)) == action
            state.apply_action(action)
    raise AssertionError(f"a random game from seed {seed} did not end in {max_steps} steps")


def observation_slices(game_id: str, params: dict[str, Any] | None = None) -> dict[str, range]:
    """The slices of ``game_id``'s observation tensor (under ``params``) by name, as slot ranges,
    from the layout the game declares (``game.observation_layout``)."""
    import tablebits as tb

    layout = tb.make(game_id, **(params or {})).observation_layout
    return {s["name"]: range(s["offset"], s["offset"] + s["length"]) for s in layout}


def run_cli_with_file_size_limit(argv: list[str], limit: int, cwd: Any) -> Any:
    """``python -m tablebits ARGV`` in ``cwd`` where no file may grow past ``limit`` bytes
    (``RLIMIT_FSIZE``, which binds root too; Python ignores SIGXFSZ, so a write past it fails
    with EFBIG): an output that fails after the work, for any user. Returns the finished
    process (text stdout and stderr)."""
    import os
    import resource
    import subprocess
    import sys
    from pathlib import Path

    import tablebits

    def limit_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))

    python_dir = str(Path(tablebits.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": python_dir, "MPLCONFIGDIR": str(cwd)}
    return subprocess.run([sys.executable, "-m", "tablebits", *argv], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300, preexec_fn=limit_files)
