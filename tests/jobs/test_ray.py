"""The Ray backend on a real local Ray instance (one per module, always shut down): results
bit-identical to the local backend, adaptive chunks, retries after a killed worker, Ctrl-C."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time

import numpy as np
import pytest
import tqdm

import tablebits as tb
from tablebits.__main__ import main
from tablebits.bots.weights import shipped_path
from tablebits.jobs import ray as distributed
from tablebits.jobs.job import SimulateJob
from tests.jobs.test_summary import TRUNCATING_CASES
from tests.support.game_params import game_cases

#: Every test here starts Ray with the machine's CPUs: one worker runs them in turn.
pytestmark = pytest.mark.xdist_group("ray")

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module", autouse=True)
def ray_instance():
    ray.init(num_cpus=2, include_dashboard=False)
    yield ray
    ray.shutdown()


def assert_same_games(a, b):
    for name in ("returns", "scores", "lengths", "truncated", "starts"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), name


@pytest.mark.parametrize(("game_id", "params"), [*game_cases(), *TRUNCATING_CASES])
def test_simulate_on_ray_is_bit_identical(game_id, params):
    local = tb.simulate(game_id, 6000, seed=31, threads=2, **params)
    # Tiny tasks: several probe chunks, then sized ones and a shrinking tail.
    on_ray = tb.simulate(game_id, 6000, seed=31, backend="ray", task_seconds=0.005, **params)
    assert_same_games(on_ray, local)
    summary = tb.simulate(game_id, 6000, seed=31, backend="ray", keep_games=False,
                          task_seconds=0.005, **params)
    assert summary.win_rates() == local.win_rates()
    assert summary.scores == local.summarize().scores
    assert summary.lengths.tolist() == local.summarize().lengths.tolist()
    assert summary.truncated == int(local.truncated.sum())
    assert summary.positions.to_list() == local.summarize().positions.to_list()


@pytest.mark.parametrize(("game_id", "params"), [*game_cases(), *TRUNCATING_CASES])
def test_arena_on_ray_is_bit_identical(game_id, params):
    bots = [tb.bots.ISMCTS(15), tb.bots.Random()]
    local = tb.arena(game_id, bots, games=9, seed=3, threads=2, **params)
    on_ray = tb.arena(game_id, bots, games=9, seed=3, backend="ray", task_seconds=0.01, **params)
    assert_same_games(on_ray, local)
    assert np.array_equal(on_ray.seats, local.seats) and on_ray.bots == local.bots
    summary = tb.arena(game_id, bots, games=9, seed=3, backend="ray", keep_games=False, **params)
    assert summary.win_shares() == local.win_shares()
    assert summary.truncated == int(local.truncated.sum())
    assert summary.positions.to_list() == local.summarize().positions.to_list()


def test_arena_with_baseline_bots_on_ray_is_bit_identical(tmp_path):
    # Each worker registers its copies' networks with its own engine; a trained file's
    # network travels with the bot (the file is gone before the games start).
    game = tb.make("hoi_pho", players=3)
    trained = tmp_path / "hp3.npz"
    shutil.copy(shipped_path("hoi_pho", game.params), trained)
    bots = [tb.bots.Baseline(game, 20), tb.bots.Baseline(game, 20, weights=trained),
            tb.bots.ISMCTS(20)]
    local = tb.arena(game, bots, games=6, seed=4, threads=2)
    trained.unlink()
    on_ray = tb.arena(game, bots, games=6, seed=4, backend="ray", task_seconds=0.01)
    assert_same_games(on_ray, local)
    assert np.array_equal(on_ray.seats, local.seats)


def test_sweep_on_ray_is_identical():
    grid = {"players": [3, 4], "rps": ["chance", "play"]}
    local = tb.sweep("hoi_pho", grid, 3000, seed=8, threads=2)
    on_ray = tb.sweep("hoi_pho", grid, 3000, seed=8, backend="ray")
    assert on_ray.equals(local)


def simulate_job(game_id: str = "good_fortune", seed: int = 5) -> SimulateJob:
    game = tb.make(game_id)
    return SimulateJob(game_id=game_id, params=game.params, blob=game._params_blob(), seed=seed,
                       players=game.num_players)


def tiles(chunks: list[tuple[int, int]], games: int) -> bool:
    """Whether the chunks cover [0, games) exactly once."""
    covered = np.zeros(games, np.int64)
    for first, end in chunks:
        covered[first:end] += 1
    return bool((covered == 1).all())


def test_chunks_grow_towards_the_task_time_and_tile_the_job():
    run = distributed.run(simulate_job(), 200_000, address=None, threads=1, task_seconds=0.5,
                          keep_games=False, progress=False)
    assert tiles(run.chunks, 200_000)
    sizes = sorted(end - first for first, end in run.chunks)
    assert sizes[-1] > 2_000  # grew past the probe size (a loaded machine still grows it)
    assert run.outcome.summary.games == 200_000


def test_a_killed_worker_loses_and_duplicates_no_games(tmp_path, monkeypatch):
    marker = tmp_path / "crashed"
    monkeypatch.setenv(distributed.CRASH_ONCE_ENV, str(marker))
    run = distributed.run(simulate_job(seed=8), 20_000, address=None, threads=1,
                          task_seconds=0.01, keep_games=True, progress=False)
    assert marker.exists()  # the second chunk's first attempt killed its worker process
    assert int(marker.read_text()) != os.getpid()
    assert tiles(run.chunks, 20_000)
    local = tb.simulate("good_fortune", 20_000, seed=8, threads=2)
    returns, scores, lengths, truncated, starts = run.outcome.arrays
    assert np.array_equal(returns, local.returns) and np.array_equal(scores, local.scores)
    assert np.array_equal(lengths, local.lengths) and np.array_equal(truncated, local.truncated)
    assert np.array_equal(starts, local.starts)


def test_more_threads_per_task_than_any_node_has():
    with pytest.raises(ValueError, match="largest node of the Ray cluster has 2 CPUs"):
        tb.simulate("good_fortune", 10, backend="ray", threads=3)
    two = tb.simulate("good_fortune", 5000, backend="ray", threads=2, task_seconds=0.01)
    assert_same_games(two, tb.simulate("good_fortune", 5000, threads=1))


def test_progress_bar_advances_per_chunk(monkeypatch):
    updates = []

    class Bar:
        def __init__(self, total, **kwargs):
            self.total = total

        def update(self, n):
            updates.append(n)

        def close(self):
            pass

    monkeypatch.setattr(tqdm, "tqdm", Bar)
    run = distributed.run(simulate_job(), 30_000, address=None, threads=1, task_seconds=0.01,
                          keep_games=False, progress=True)
    assert len(run.chunks) > 1
    assert updates == [end - first for first, end in run.chunks]  # one step per chunk, in order


def test_cli_ray_backend(capsys):
    code = main(["simulate", "color_mafia", "--games", "3000", "--seed", "3", "--backend", "ray",
                 "--no-progress"])
    assert code == 0
    local = tb.simulate("color_mafia", 3000, seed=3).summary()
    assert capsys.readouterr().out.split("\n", 1)[1] == local.split("\n", 1)[1] + "\n"
    code = main(["arena", "good_fortune", "--bots", "ismcts:20", "random", "--games", "6",
                 "--backend", "ray", "--no-progress"])
    assert code == 0 and "ismcts:20" in capsys.readouterr().out


INTERRUPTED_JOB = """
import sys, time
import tablebits as tb
from tablebits.jobs import ray as distributed

ray = distributed.connect(sys.argv[1])
print("connected", flush=True)
try:
    # Tasks of about 30 s: only a cancel frees their CPUs within seconds.
    tb.simulate("good_fortune", 10**11, backend="ray", keep_games=False, task_seconds=30)
except KeyboardInterrupt:
    print("interrupted", flush=True)
    caught = time.monotonic()
    total = ray.cluster_resources()["CPU"]
    while ray.available_resources().get("CPU", 0) < total and time.monotonic() < caught + 20:
        time.sleep(0.1)
    print("freed", time.monotonic() - caught, flush=True)
    sys.exit(130)
"""


def test_ctrl_c_cancels_the_job_promptly():
    address = ray.get_runtime_context().gcs_address
    proc = subprocess.Popen([sys.executable, "-c", INTERRUPTED_JOB, address],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout.readline().strip() == "connected"
        time.sleep(4.0)  # past the probe chunks: long tasks are running
        assert proc.poll() is None
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        assert proc.stdout.readline().strip() == "interrupted"
        waited = time.monotonic() - sent
        out, _ = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert waited < 3.0, waited
    assert proc.returncode == 130
    freed = float(out.split()[-1])
    assert freed < 5.0, freed
