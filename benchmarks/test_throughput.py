"""Throughput suite (pytest-benchmark): `pytest benchmarks/ --benchmark-only`.

Each engine number is reported next to an in-run reference (the pure-Python implementation of
the same game on the same machine, same run), so the ratios are meaningful on any machine. The
one hard assertion is the ratio target of 200x for C++ random games over the reference, which
holds by a wide margin (see README) and so does not flake on a noisy machine.
"""

from __future__ import annotations

import os

import pytest

import tablebits as tb

from . import workloads

GAMES = tb.games()


@pytest.mark.parametrize("game_id", GAMES)
def test_cpp_random_games_vs_reference(benchmark, game_id):
    n = 50_000
    result = benchmark.pedantic(lambda: tb.simulate(game_id, n, seed=1, threads=1), rounds=5)
    engine = n / benchmark.stats.stats.min
    ref = workloads.reference_games_per_second(game_id)
    benchmark.extra_info.update(
        games_per_second=engine, reference_games_per_second=ref, ratio=engine / ref
    )
    assert result.games == n
    assert engine / ref >= 200, f"{engine:.0f} vs reference {ref:.0f} games/s"


@pytest.mark.parametrize("game_id", GAMES)
def test_cpp_random_games_all_threads(benchmark, game_id):
    n = 100_000
    benchmark.pedantic(lambda: tb.simulate(game_id, n, seed=1, threads=None), rounds=3)
    benchmark.extra_info.update(games_per_second=n / benchmark.stats.stats.min,
                                threads=os.cpu_count())


@pytest.mark.parametrize("game_id", GAMES)
def test_python_driven_stepping(benchmark, game_id):
    game = tb.make(game_id)
    steps = benchmark.pedantic(lambda: workloads.python_steps(game, 2000), rounds=3)
    benchmark.extra_info.update(steps_per_second=steps / benchmark.stats.stats.min)


@pytest.mark.parametrize("game_id", GAMES)
def test_batch_env_steps(benchmark, game_id):
    env = tb.VectorEnv(game_id, 8192, threads=2)
    actions = env.sample_actions()

    def run():
        for _ in range(50):
            env.sample_actions(actions)
            env.step(actions)

    benchmark.pedantic(run, rounds=5)
    benchmark.extra_info.update(env_steps_per_second=8192 * 50 / benchmark.stats.stats.min)


@pytest.mark.parametrize("game_id", GAMES)
def test_clone(benchmark, game_id):
    state = tb.make(game_id).new_initial_state(1)
    benchmark(state.clone)
