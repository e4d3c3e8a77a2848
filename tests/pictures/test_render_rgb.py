"""render_mode="rgb_array" in the Gymnasium and PettingZoo adapters: the picture as pixels."""

from __future__ import annotations

import sys
import warnings
import xml.etree.ElementTree as ET

import gymnasium
import numpy as np
import pytest

import tablebits as tb
import tablebits.gymnasium  # noqa: F401  (registers tablebits/<Game>-v0)
from tablebits.pettingzoo import env as aec_env
from tablebits.pettingzoo import parallel_env
from tablebits.pictures.good_fortune import CHARM_COLORS
from tablebits.pictures.raster import rgb_array


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


def after(state: tb.State, action: int) -> tb.State:
    child = state.clone()
    child.apply_action(action)
    return child


def first_legal(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


@pytest.mark.parametrize("kind", ["aec", "parallel"])
def test_pettingzoo_frames_after_a_step_are_captioned_with_it(kind):
    """Each frame after a step shows the step (the caption of ``to_svg(state, before=...)``),
    in the frame's one shape; the first frame of an episode has no step to show."""
    e = {"aec": aec_env, "parallel": parallel_env}[kind]("good_fortune", render_mode="rgb_array")
    observations = e.reset(seed=2)
    first = e.render()
    assert np.array_equal(first, rgb_array(e._state))
    for _ in range(3):
        before = e._state.clone()
        if kind == "aec":
            e.step(first_legal(e.observe(e.agent_selection)["action_mask"]))
        else:
            observations = e.step({a: first_legal(o["action_mask"])
                                   for a, o in observations[0].items()
                                   if o["action_mask"].any()})
    frame = e.render()
    assert frame.shape == first.shape
    assert np.array_equal(frame, rgb_array(e._state, before=before))
    assert not np.array_equal(frame, rgb_array(e._state))  # the caption is drawn


def test_a_gymnasium_frame_shows_the_opponents_reply():
    """The learner's step ends after the opponent's reply: the frame tells that reply."""
    e = gymnasium.make("tablebits/GoodFortune-v0", render_mode="rgb_array").unwrapped
    e.reset(seed=2)
    while True:
        action = first_legal(e.action_masks())
        reply_to = e._turns.state.clone()
        reply_to.apply_action(action)
        e.step(action)
        state = e._turns.state
        if reply_to.current_player() == 1:
            break
    # One opponent move led from reply_to to state.
    assert any(after(reply_to, a) == state for a in reply_to.legal_actions())
    assert np.array_equal(e.render(), rgb_array(state, before=reply_to))


@pytest.mark.parametrize("missing", ["resvg_py", "PIL"])
def test_rgb_array_without_the_rasteriser_fails_at_the_first_render(monkeypatch, missing):
    # stable-baselines3's make_vec_env makes every env with render_mode="rgb_array", rendered
    # or not: making, resetting and stepping must work without tablebits[render], as in
    # Gymnasium's own environments; the first render() says what to install.
    monkeypatch.setitem(sys.modules, missing, None)  # as if not installed
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # and nothing to warn about until then
        env = gymnasium.make("tablebits/FoxDuet-v0", render_mode="rgb_array")
        observation, _ = env.reset(seed=1)
        env.step(int(np.flatnonzero(env.unwrapped.action_masks())[0]))
        aec = aec_env("fox_duet", render_mode="rgb_array")
        aec.reset(seed=1)
        aec.step(int(np.flatnonzero(aec.observe(aec.agent_selection)["action_mask"])[0]))
        parallel = parallel_env("hoi_pho", render_mode="rgb_array")
        parallel.reset(seed=1)
    assert observation.shape == env.observation_space.shape
    for e in (env, aec, parallel):
        with pytest.raises(ImportError, match=r"pip install 'tablebits\[render\]'"):
            e.render()
    env.step(int(np.flatnonzero(env.unwrapped.action_masks())[0]))  # the env still plays
    with pytest.raises(ValueError, match="'rgb_array'"):
        aec_env("fox_duet", render_mode="rgb")


def test_frames_are_told_with_the_move_played():
    """A Mouse duel's winning throws all take the same coins: searched for, the duel's move is
    not found and the frame's caption gives net coins only. Each env keeps the move it applied
    (tests/pictures/test_told_moves.py has the duel worked out from the rules)."""
    from tests.pictures.test_told_moves import DUEL, HOI, duel_lines

    states = list(tb.replay(HOI))
    before, state, joint = states[DUEL], states[DUEL + 1], HOI.actions[DUEL]
    told = rgb_array(state, before=before, actions=joint)
    assert not np.array_equal(told, rgb_array(state, before=before))
    assert duel_lines(HOI, DUEL)[0] in state.to_svg(before=before, actions=joint)
    agents = [f"player_{p}" for p in range(3)]
    parallel = parallel_env("hoi_pho", render_mode="rgb_array", players=3)
    aec = aec_env("hoi_pho", render_mode="rgb_array", players=3)
    gym = gymnasium.make("tablebits/HoiPho-v0", render_mode="rgb_array", players=3,
                         opponents=[lambda s, p: moves[s.to_bytes()][p]]).unwrapped
    moves = {s.to_bytes(): a if isinstance(a, list) else [a if p == mover else -1
                                                          for p in range(3)]
             for s, mover, a in zip(states, HOI.players, HOI.actions[:DUEL + 1], strict=False)}
    parallel.reset(seed=HOI.seed)
    aec.reset(seed=HOI.seed)
    gym.reset(seed=HOI.seed)
    for k in range(DUEL + 1):
        both = moves[states[k].to_bytes()]
        parallel.step({agents[p]: a for p, a in enumerate(both) if a >= 0})
        for p, a in enumerate(both):
            if a >= 0:
                assert aec.agent_selection == agents[p]
                aec.step(a)
        if both[0] >= 0:  # the learner's choice; the env plays the others' to the next one
            gym.step(both[0])
        assert parallel._state == states[k + 1] and aec._state == states[k + 1]
    assert gym._turns.state == states[DUEL + 1]
    for env in (parallel, aec, gym):
        assert np.array_equal(env.render(), told)
