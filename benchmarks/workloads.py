"""The measured workloads, shared by the pytest-benchmark suite and the text report."""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable
from types import ModuleType

import tablebits as tb
from tests.support.helpers import random_step


def reference(game_id: str) -> ModuleType:
    return importlib.import_module(f"tests.games.reference.{game_id}")


def play_random(game, seed: int, rng: random.Random) -> int:
    """One random game through the public object API (works on engine and reference)."""
    state = game.new_initial_state(seed)
    steps = 0
    while not state.is_terminal():
        random_step(state, game.num_players, rng)
        steps += 1
    return steps


def python_steps(game, games: int) -> int:
    """Python-driven stepping: legal_actions + apply_action per step; returns steps taken."""
    rng = random.Random(0)
    return sum(play_random(game, seed, rng) for seed in range(games))


def rate(fn: Callable[[], float], min_seconds: float = 0.3) -> float:
    """Units per second of `fn` (which returns the units it did), repeated for min_seconds."""
    units, start = 0.0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < min_seconds or units == 0:
        units += fn()
    return units / elapsed


def engine_games_per_second(game_id: str, threads: int, games: int = 200_000) -> float:
    return rate(lambda: tb.simulate(game_id, games, seed=1, threads=threads).games)


def reference_games_per_second(game_id: str) -> float:
    game = reference(game_id).make()
    return rate(lambda: len([play_random(game, s, random.Random(s)) for s in range(20)]), 1.0)


def batch_steps_per_second(
    game_id: str, threads: int, envs: int = 8192, seconds: float = 1.0
) -> tuple[float, float]:
    """VectorEnv throughput: (env.step alone, env.sample_actions + env.step), env-steps/s."""
    env = tb.VectorEnv(game_id, envs, threads=threads)
    actions = env.sample_actions()
    stepping = 0.0
    calls = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.sample_actions(actions)
        before = time.perf_counter()
        env.step(actions)
        stepping += time.perf_counter() - before
        calls += 1
    total = time.perf_counter() - start
    return envs * calls / stepping, envs * calls / total


def clones_per_second(game_id: str, n: int = 200_000) -> float:
    state = tb.make(game_id).new_initial_state(1)
    clone = state.clone

    def run() -> float:
        for _ in range(n):
            clone()
        return n

    return rate(run)
