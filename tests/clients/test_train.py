"""``tablebits train`` (torch): a few rounds give loadable weights that play, the same seed gives
the same weights, and a run killed mid-way resumes from its checkpoint to the weights of an
uninterrupted run."""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

import tablebits as tb
from tablebits.bots import Baseline
from tablebits.bots.weights import load_weights
from tablebits.train import TrainConfig, train
from tablebits.train.command import add_arguments, run

GAME = tb.make("good_fortune")
ROOT = Path(__file__).resolve().parents[2]
SMALL = dict(games_per_round=2, teacher_iterations=40, epochs=2, batch=32, hidden=(16,))


def config(rounds: int, seed: int = 3) -> TrainConfig:
    return TrainConfig(game=GAME.id, params=GAME.params, seed=seed, rounds=rounds, **SMALL)


def arrays(path: Path) -> dict[str, np.ndarray]:
    net = load_weights(path, GAME)
    return net.arrays()


def assert_same(a: Path, b: Path) -> None:
    left, right = arrays(a), arrays(b)
    assert left.keys() == right.keys()
    for k in left:
        np.testing.assert_array_equal(left[k], right[k], err_msg=k)


def test_a_few_rounds_give_weights_that_play(tmp_path: Path) -> None:
    history = train(GAME, tmp_path, config(2), progress=False, predict=0.25)
    assert [h["round"] for h in history] == [1, 2] and history[-1]["games"] == 4
    assert (tmp_path / "rounds" / "round0001.npz").exists()
    bot = Baseline("good_fortune", iterations=20, weights=tmp_path / "good_fortune.npz")
    state = GAME.new_initial_state(seed=1)
    assert bot.act(state, state.current_player()) in state.legal_actions()
    assert bot.network.training["games"] == 4
    assert bot.predict == 0.25  # stored with the weights, the bot's default


def test_same_seed_same_weights_other_seed_other_weights(tmp_path: Path) -> None:
    train(GAME, tmp_path / "a", config(2), progress=False)
    train(GAME, tmp_path / "b", config(2), threads=2, progress=False)  # threads do not matter
    train(GAME, tmp_path / "c", config(2, seed=4), progress=False)
    assert_same(tmp_path / "a" / "good_fortune.npz", tmp_path / "b" / "good_fortune.npz")
    with pytest.raises(AssertionError):
        assert_same(tmp_path / "a" / "good_fortune.npz", tmp_path / "c" / "good_fortune.npz")


def test_resume_continues_to_the_uninterrupted_weights(tmp_path: Path) -> None:
    train(GAME, tmp_path / "whole", config(3), progress=False)
    train(GAME, tmp_path / "parts", config(1), progress=False)
    history = train(GAME, tmp_path / "parts", config(3), progress=False)
    assert [h["round"] for h in history] == [1, 2, 3]
    assert_same(tmp_path / "whole" / "good_fortune.npz", tmp_path / "parts" / "good_fortune.npz")


def test_resume_refuses_another_run(tmp_path: Path) -> None:
    train(GAME, tmp_path, config(1), progress=False)
    with pytest.raises(ValueError, match="another run.*seed"):
        train(GAME, tmp_path, config(2, seed=9), progress=False)
    (tmp_path / "checkpoint.pt").write_bytes(b"torn")
    with pytest.raises(ValueError, match="checkpoint .* cannot be read"):
        train(GAME, tmp_path, config(2), progress=False)


def test_killed_run_resumes_from_its_checkpoint(tmp_path: Path) -> None:
    cmd = [sys.executable, "-m", "tablebits.train", "good_fortune", "--seed", "3",
           "--games-per-round", "2", "--teacher-iterations", "40", "--epochs", "2",
           "--batch", "32", "--hidden", "16", "--no-progress"]
    run = tmp_path / "killed"
    proc = subprocess.Popen([*cmd, "--rounds", "1000", "--out", str(run)], cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(Path(tb.__file__).parents[1])})
    history = run / "history.json"
    deadline = time.monotonic() + 120
    while not history.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)  # somewhere in a later round, perhaps mid-write
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    import torch  # the checkpoint left by the kill loads (a torn .tmp file may stay beside it)

    done = int(torch.load(run / "checkpoint.pt", weights_only=True)["round"])
    assert done >= 1
    train(GAME, run, config(done + 1), progress=False)
    train(GAME, tmp_path / "whole", config(done + 1), progress=False)
    assert_same(run / "good_fortune.npz", tmp_path / "whole" / "good_fortune.npz")


def expert(rounds: int, gate_share: float = 0.55, **more) -> TrainConfig:
    """Expert iteration from scratch, small: PUCT with the run's accepted network plays."""
    return TrainConfig(game=GAME.id, params=GAME.params, seed=5, rounds=rounds, teacher="puct",
                       gate_games=6, gate_iterations=10, gate_share=gate_share,
                       **{**SMALL, "hidden": (16,), **more})


def test_expert_iteration_is_reproducible_and_resumes(tmp_path: Path) -> None:
    whole = train(GAME, tmp_path / "whole", expert(3), threads=2, progress=False)
    train(GAME, tmp_path / "parts", expert(1), progress=False)
    parts = train(GAME, tmp_path / "parts", expert(3), progress=False)
    assert whole == parts
    assert [h["round"] for h in whole] == [1, 2, 3]
    assert all({"gate_share", "accepted", "generation"} <= h.keys() for h in whole)
    assert_same(tmp_path / "whole" / "good_fortune.npz", tmp_path / "parts" / "good_fortune.npz")
    generation = whole[-1]["generation"]
    assert generation == sum(h["accepted"] for h in whole)
    assert_same(tmp_path / "whole" / "good_fortune.npz",
                tmp_path / "whole" / "generations" / f"gen{generation:04d}.npz")


def test_expert_iteration_gates_a_cooperative_game(tmp_path: Path) -> None:
    # Fox Duet's gate compares team win rates; its round must reach the history like any other.
    fox = tb.make("fox_duet")
    run_config = TrainConfig(game=fox.id, params=fox.params, seed=5, rounds=1, teacher="puct",
                             gate_games=2, gate_iterations=10, **{**SMALL, "hidden": (16,)})
    history = train(fox, tmp_path, run_config, progress=False)
    assert type(history[0]["accepted"]) is bool and type(history[0]["gate_share"]) is float
    assert json.loads((tmp_path / "history.json").read_text()) == history


def test_a_rejected_candidate_never_becomes_the_teacher(tmp_path: Path) -> None:
    # A gate no network can pass (more than every win): generation 0 stays the run's network.
    history = train(GAME, tmp_path, expert(2, gate_share=1.0), progress=False)
    assert [h["accepted"] for h in history] == [False, False]
    assert [h["generation"] for h in history] == [0, 0]
    assert_same(tmp_path / "good_fortune.npz", tmp_path / "generations" / "gen0000.npz")
    with pytest.raises(AssertionError):  # the fitted candidates did change
        assert_same(tmp_path / "good_fortune.npz", tmp_path / "rounds" / "round0002.npz")


def test_a_warm_start_begins_at_the_shipped_network(tmp_path: Path) -> None:
    train(GAME, tmp_path, expert(1, gate_share=1.0, hidden=(32, 32), warm_start=True),
          progress=False)
    shipped = Baseline("good_fortune").network.arrays()
    start = arrays(tmp_path / "generations" / "gen0000.npz")
    for k in shipped:
        np.testing.assert_array_equal(start[k], shipped[k], err_msg=k)
    with pytest.raises(ValueError, match="--hidden"):
        train(GAME, tmp_path / "other", expert(1, warm_start=True), progress=False)


def test_a_warm_start_from_the_command_line_takes_the_shipped_widths(tmp_path: Path) -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser, tb.games())
    args = parser.parse_args(["good_fortune", "--teacher", "puct", "--rounds", "1",
                              "--games-per-round", "1", "--teacher-iterations", "20",
                              "--gate-games", "2", "--gate-iterations", "10", "--no-progress",
                              "--predict", "0.2", "--out", str(tmp_path)])
    assert run(args) == 0
    shipped = Baseline("good_fortune").network
    start = load_weights(tmp_path / "generations" / "gen0000.npz", GAME)
    assert [w.shape for w, _ in start.hidden] == [w.shape for w, _ in shipped.hidden]
    assert start.predict == 0.2
    args = parser.parse_args(["good_fortune", "--teacher", "puct", "--hidden", "8",
                              "--out", str(tmp_path / "other")])
    assert run(args) == 2  # the widths differ: refused, with --hidden named


def test_a_run_may_start_from_another_runs_network(tmp_path: Path) -> None:
    train(GAME, tmp_path / "first", config(1), progress=False)
    first = tmp_path / "first" / "good_fortune.npz"
    second = tmp_path / "second"
    train(GAME, second, expert(1, gate_share=1.0, start_from=str(first)), progress=False)
    assert_same(second / "generations" / "gen0000.npz", first)
    with pytest.raises(ValueError, match="pass one"):
        train(GAME, tmp_path / "both", expert(1, start_from=str(first), warm_start=True),
              progress=False)
    # The command line takes the file's widths, and resumes once the file is gone.
    parser = argparse.ArgumentParser()
    add_arguments(parser, tb.games())
    options = ["good_fortune", "--teacher", "puct", "--games-per-round", "1",
               "--teacher-iterations", "20", "--gate-games", "2", "--gate-iterations", "10",
               "--no-progress", "--start-from", str(first), "--out", str(tmp_path / "cli")]
    assert run(parser.parse_args([*options, "--rounds", "1"])) == 0
    assert_same(tmp_path / "cli" / "generations" / "gen0000.npz", first)
    first.unlink()
    assert run(parser.parse_args([*options, "--rounds", "2", "--hidden", "16"])) == 0


@pytest.mark.xdist_group("ray")
def test_self_play_on_ray_gives_the_local_runs_weights(tmp_path: Path) -> None:
    ray = pytest.importorskip("ray")
    try:
        local = train(GAME, tmp_path / "local", expert(2), progress=False)
        on_ray = train(GAME, tmp_path / "ray", expert(2), progress=False, backend="ray")
    finally:
        ray.shutdown()
    assert local == on_ray
    assert_same(tmp_path / "local" / "good_fortune.npz", tmp_path / "ray" / "good_fortune.npz")
    assert_same(tmp_path / "local" / "rounds" / "round0002.npz",
                tmp_path / "ray" / "rounds" / "round0002.npz")
