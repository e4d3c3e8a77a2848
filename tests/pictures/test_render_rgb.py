"""render_mode="rgb_array" in the Gymnasium and PettingZoo adapters: the picture as pixels."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET

import numpy as np
import pytest

# All three come with the test extra (pip install '.[test]'); skipped only in a bare install.
pytest.importorskip("resvg_py", reason="pip install 'tablebits[render]'")
pytest.importorskip("pettingzoo")

import gymnasium  # noqa: E402

import tablebits as tb  # noqa: E402
import tablebits.gymnasium  # noqa: E402, F401  (registers tablebits/<Game>-v0)
from tablebits.pettingzoo import env as aec_env  # noqa: E402
from tablebits.pettingzoo import parallel_env  # noqa: E402
from tablebits.pictures.good_fortune import CHARM_COLORS  # noqa: E402


def size_of(state: tb.State) -> tuple[int, int]:
    root = ET.fromstring(state.to_svg())
    return int(root.get("height")), int(root.get("width"))


def pixels_of(frame: np.ndarray, hex_color: str) -> int:
    rgb = [int(hex_color[i:i + 2], 16) for i in (1, 3, 5)]
    return int(np.all(frame == rgb, axis=-1).sum())


def test_gymnasium_make_with_rgb_array_as_sb3_passes_it():
    # What stable-baselines3's make_vec_env does: gymnasium.make(id, render_mode="rgb_array").
    env = gymnasium.make("tablebits/GoodFortune-v0", render_mode="rgb_array")
    env.reset(seed=3)
    frame = env.render()
    state = env.unwrapped._turns.state
    assert frame.dtype == np.uint8 and frame.shape == (*size_of(state), 3)
    # Every charm on the line is drawn in its colour (large areas of exactly that colour).
    for _, left, right in state.to_dict()["line"]:
        assert pixels_of(frame, CHARM_COLORS[left]) > 500
        assert pixels_of(frame, CHARM_COLORS[right]) > 500
    env.step(int(np.flatnonzero(env.unwrapped.action_masks())[0]))
    assert not np.array_equal(env.render(), frame)  # the position changed, so did the picture
    env.close()


@pytest.mark.parametrize("make", [aec_env, parallel_env])
def test_pettingzoo_envs_render_rgb_arrays(make):
    e = make("hoi_pho", render_mode="rgb_array")
    e.reset(seed=1)
    frame = e.render()
    assert frame.dtype == np.uint8 and frame.shape == (*size_of(e._state), 3)


def test_rgb_array_without_the_rasteriser_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "resvg_py", None)  # as if not installed
    with pytest.raises(ImportError, match=r"tablebits\[render\]"):
        gymnasium.make("tablebits/FoxDuet-v0", render_mode="rgb_array")
    with pytest.raises(ImportError, match=r"tablebits\[render\]"):
        aec_env("fox_duet", render_mode="rgb_array")
    with pytest.raises(ValueError, match="'rgb_array'"):
        aec_env("fox_duet", render_mode="rgb")
