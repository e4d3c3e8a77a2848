"""tb.ladder on a real local Ray instance: the same ladder as on local threads, in both modes."""

from __future__ import annotations

import numpy as np
import pytest

import tablebits as tb

#: Every test here starts Ray with the machine's CPUs: one worker runs them in turn.
pytestmark = pytest.mark.xdist_group("ray")

ray = pytest.importorskip("ray")
pytest.importorskip("choix")


@pytest.fixture(scope="module", autouse=True)
def ray_instance():
    ray.init(num_cpus=2, include_dashboard=False)
    yield ray
    ray.shutdown()


def without_time(d: dict) -> dict:
    return {k: v for k, v in d.items() if k != "seconds"}


@pytest.mark.parametrize(("game_id", "params"), [("good_fortune", {}), ("hoi_pho", {"players": 3})])
def test_a_ladder_on_ray_is_the_local_ladder(game_id, params):
    bots = ["random", "ismcts:8", "ismcts:30"]
    local = tb.ladder(game_id, bots, games=5, seed=6, threads=2, **params)
    on_ray = tb.ladder(game_id, bots, games=5, seed=6, backend="ray", task_seconds=0.01,
                       **params)
    assert without_time(on_ray.to_dict()) == without_time(local.to_dict())
    for a, b in zip(on_ray.arenas, local.arenas, strict=True):
        assert np.array_equal(a.returns, b.returns) and np.array_equal(a.seats, b.seats)
    summary = tb.ladder(game_id, bots, games=5, seed=6, backend="ray", keep_games=False,
                        **params)
    assert without_time(summary.to_dict()) == without_time(local.to_dict())
