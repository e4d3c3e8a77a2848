"""VectorEnv from two threads, bounded summary-mode memory and thread counts, and no silent casts of
actions or indices."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import numpy as np
import pytest

import tablebits as tb
from tablebits import _memory
from tablebits.bots import Random
from tablebits.jobs import local


def run_isolated(code: str) -> str:
    child = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                           text=True, timeout=600)
    assert child.returncode == 0, f"exit {child.returncode}\n{child.stderr[-3000:]}"
    return child.stdout


@pytest.mark.parametrize("game_id", ["good_fortune", "color_mafia"])
def test_two_threads_stepping_and_resetting_one_env(game_id):
    # Unserialised, these calls crash good_fortune and leave most color_mafia envs in states
    # that state(i) rejects; serialised, every env stays a valid game.
    out = run_isolated(f"""
        import threading, tablebits as tb
        env = tb.VectorEnv({game_id!r}, 500, threads=1)
        errors = []
        def stepper():
            for _ in range(800):
                try:
                    env.step(env.sample_actions())
                except ValueError:
                    pass  # the other thread moved the games between sample and step
        def resetter():
            for k in range(40):
                env.reset(k)
        ts = [threading.Thread(target=stepper), threading.Thread(target=stepper),
              threading.Thread(target=resetter)]
        [t.start() for t in ts]; [t.join() for t in ts]
        states = [env.state(i) for i in range(env.num_envs)]  # each validates on the way out
        for i, s in enumerate(states):
            assert s.current_player() == env.current_player[i]
        print(len(states))
    """)
    assert int(out) == 500


def test_thread_counts_are_capped_with_a_value_error():
    for threads in (10**4, 2**31, 2**64):
        with pytest.raises(ValueError, match="threads must be an int in 1..1024"):
            tb.simulate("good_fortune", 10, threads=threads, keep_games=False)
        with pytest.raises(ValueError, match="threads must be an int in 1..1024"):
            tb.arena("good_fortune", [Random(1)], 2, threads=threads)
        with pytest.raises(ValueError, match="threads must be an int in 1..1024"):
            tb.VectorEnv("good_fortune", 2, threads=threads)


def test_summary_buffers_do_not_grow_with_threads(monkeypatch):
    rows: list[int] = []

    def record_only(job, first, out, threads, keep_games):
        rows.append(len(out[0]))  # the summary buffers' rows (a chunk of them)
        return job.empty_summary(), None

    monkeypatch.setattr(local, "play_chunk", record_only)
    for threads in (1, 8, 100, 1024):
        tb.simulate("good_fortune", 10**7, threads=threads, keep_games=False)
    assert rows[0] >= 10_000 and max(rows) <= 1_000_000


def test_summary_buffers_are_checked_against_free_memory(monkeypatch):
    monkeypatch.setattr(_memory, "available_bytes", lambda: 1000)
    with pytest.raises(MemoryError, match="summary-mode buffers"):
        tb.simulate("good_fortune", 10**6, threads=2, keep_games=False)


@pytest.fixture
def env():
    return tb.VectorEnv("good_fortune", 4, threads=1)


def test_actions_are_never_cast_silently(env):
    actions = env.sample_actions()
    with pytest.raises(ValueError, match="fit in int32"):
        env.step(actions.astype(np.int64) + 2**32)  # must not wrap around to `actions`
    with pytest.raises(ValueError, match="integer array"):
        env.step(actions.astype(np.float64) + 0.9)  # must not be truncated to `actions`
    with pytest.raises(ValueError, match="integer array"):
        env.step(actions.astype(bool))
    with pytest.raises(ValueError, match="integer array"):
        env.step(actions.astype(str))
    before = env.episode_steps.copy()
    env.step(actions.astype(np.int64).tolist())  # Python ints in range still work
    assert (env.episode_steps == before + 1).all()
    env.step(env.sample_actions().astype(np.int16))


def test_state_index_and_out_buffer_are_checked(env):
    for bad in (1.5, True, "1", None):
        with pytest.raises(ValueError, match="env index"):
            env.state(bad)  # 1.5 returned env 1
    assert env.state(np.int64(1)) == env.state(1)
    for bad in ("x", np.zeros((4, 2), np.int64), np.zeros((4, 4), np.int32)[:, ::2],
                np.zeros((4, 2), np.int32).T.copy().T):
        with pytest.raises(ValueError, match="out must be"):
            env.sample_actions(out=bad)  # "x" raised AttributeError
    frozen = np.zeros((4, 2), np.int32)
    frozen.flags.writeable = False
    with pytest.raises(ValueError, match="out must be"):
        env.sample_actions(out=frozen)


def test_play_checks_max_moves():
    bots = [Random(1), Random(2)]
    for bad in (-1, 0, 1.5, True):
        with pytest.raises(ValueError, match="max_moves"):
            tb.play("good_fortune", bots, max_moves=bad)
    assert tb.play("good_fortune", bots, max_moves=1000).returns
