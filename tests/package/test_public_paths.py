"""The documented import paths lead to the objects the package's rooms define (the public
adapter modules re-export them, ``python -m tablebits`` runs the command line), and what crosses
process boundaries still pickles."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

import tablebits as tb
from tablebits.jobs.job import ArenaJob, SimulateJob

PYTHON_DIR = str(Path(tb.__file__).resolve().parents[1])


def test_python_dash_m_and_the_old_main_run_the_cli() -> None:
    from tablebits import __main__ as door
    from tablebits.cli import main as cli_main

    assert door.main is cli_main.main
    env = {**os.environ, "PYTHONPATH": PYTHON_DIR}
    out = subprocess.run(
        [sys.executable, "-m", "tablebits", "simulate", "good_fortune", "--games", "50",
         "--no-progress", "--json"], capture_output=True, text=True, env=env, check=True,
    ).stdout
    assert '"games": 50' in out


def test_adapter_paths_re_export_the_adapters() -> None:
    pytest.importorskip("pettingzoo")
    pytest.importorskip("gymnasium")
    import gymnasium

    import tablebits.gymnasium as public_gym
    import tablebits.pettingzoo as public_pz
    from tablebits.adapters import gymnasium as gym_adapter
    from tablebits.adapters import pettingzoo as pz_adapter

    for name in public_pz.__all__:
        assert getattr(public_pz, name) is getattr(pz_adapter, name)
    for name in public_gym.__all__:
        assert getattr(public_gym, name) is getattr(gym_adapter, name)
    env = gymnasium.make(public_gym.env_id("hoi_pho"))
    assert isinstance(env.unwrapped, public_gym.GameEnv)


def test_openspiel_path_and_pickles() -> None:
    pytest.importorskip("pyspiel")
    import tablebits.openspiel as public_os
    from tablebits.adapters import openspiel as os_adapter
    from tablebits.adapters import openspiel_bots as os_bots

    for name in public_os.__all__:
        source = os_bots if name in os_bots.__all__ else os_adapter
        assert getattr(public_os, name) is getattr(source, name)
    state = public_os.load_game("fox_duet").new_initial_state()
    again = pickle.loads(pickle.dumps(state))
    assert str(again) == str(state)


@pytest.mark.parametrize("job", [
    SimulateJob(game_id="good_fortune", params={}, blob=tb.make("good_fortune")._params_blob(),
                seed=3, players=2),
    ArenaJob(game_id="fox_duet", params={}, blob=tb.make("fox_duet")._params_blob(), seed=1,
             players=2, bots=["random"], entry_bot=[0, 0],
             bots_blob=2 * tb.bots.Random().config._bytes(), searching=False),
], ids=["simulate", "arena"])
def test_jobs_pickle_for_ray(job: SimulateJob | ArenaJob) -> None:
    assert pickle.loads(pickle.dumps(job)) == job
