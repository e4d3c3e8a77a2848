"""One picture size per game and parameter set, so rendered frames stack into a video.

A recorder (``np.stack`` of ``render()`` frames, gymnasium's video wrappers) needs every frame of
an episode, and of every episode with the same parameters, to have one shape. Random games of
every game (each example parameter set: every player count) visit openings, skills, chains and
endings; every state and every seat's view must have the size of the first one.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import tablebits as tb
from tablebits.pettingzoo import env as aec_env
from tests.support.game_params import game_cases
from tests.support.halves import two_halves
from tests.support.helpers import random_step


def size(svg: str) -> tuple[int, int]:
    root = ET.fromstring(svg)
    return int(root.get("height")), int(root.get("width"))


def random_game(game: tb.Game, seed: int) -> list[tb.State]:
    """Every state of one random game, the first to the last."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    states = [state.clone()]
    while not state.is_terminal():
        random_step(state, game.num_players, rng)
        states.append(state.clone())
    return states


@pytest.mark.parametrize("seeds", two_halves(range(4), id="games"))
@pytest.mark.parametrize(("game_id", "params"), game_cases())
def test_every_state_and_view_of_random_games_has_one_size(game_id, params, seeds):
    game = tb.make(game_id, **params)
    # Both halves hold their games to the size of one opening, so all four games agree.
    sizes = {size(game.new_initial_state(seed=0).to_svg()): 0}
    for seed in seeds:
        for state in random_game(game, seed):
            for seat in (None, *range(game.num_players)):
                shape = size(state.to_svg(seat))
                sizes[shape] = sizes.get(shape, 0) + 1
    assert len(sizes) == 1, sizes
    [(height, width)] = sizes
    assert width <= 1280 and height <= 720  # a 720p video frame


@pytest.mark.parametrize("players", [4, pytest.param(5, marks=pytest.mark.heavy)])
def test_hoi_pho_episode_frames_stack_into_a_video(players):
    """The PettingZoo env's rgb frames along a whole episode (every 4th step, to save time,
    and the end), as a recorder collects them."""
    e = aec_env("hoi_pho", render_mode="rgb_array", players=players)
    e.reset(seed=players)
    rng = np.random.default_rng(players)
    frames = [e.render()]
    for step, _ in enumerate(e.agent_iter()):
        obs, _, term, trunc, _ = e.last()
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if step % 4 == 3 or not e.agents:
            frames.append(e.render())
    video = np.stack(frames)  # raises if any frame has another shape
    assert video.shape[0] > 10 and video.dtype == np.uint8
    assert video.shape[1] <= 720 and video.shape[2] <= 1280 and video.shape[3] == 3
    # The frames are pictures, not blanks: the game changed what they show.
    assert len({frame.tobytes() for frame in frames}) > 10


def _caption_rows(svg: str) -> list[str] | None:
    """The rows of the picture's caption, under its heading (None without a caption)."""
    for g in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}g"):
        if g.get("class") == "tb-caption":
            return [t.text for t in g.iter("{http://www.w3.org/2000/svg}text")][1:]
    return None


@pytest.mark.parametrize("players", [3, 4, 5])
def test_hoi_pho_tells_every_step_whole_in_one_frame_size(players):
    """A round's last turn with 5 players tells ten lines or more (the cards revealed, zeroing,
    1st, 2nd, the lowest card's skill, contracts, the coin cap); every line is drawn, none cut
    with an ellipsis, in the one 1280x720 frame of the player count."""
    from tablebits.pictures import tell

    game = tb.make("hoi_pho", players=players)
    records = [r for r in tb.load_records("tests/data/records/hoi_pho.jsonl")
               if len(r.bots) == players]
    games = [(list(tb.replay(r)), r.actions) for r in records]
    games += [(random_game(game, seed), [None] * 200) for seed in range(2)]
    longest = 0
    for states, actions in games:
        for before, after, move in zip(states, states[1:], actions, strict=False):
            assert size(after.to_svg()) == (720, 1280)
            if after.is_terminal():
                continue  # the banner tells the end
            lines = tell(before, after, None, move).lines
            rows = _caption_rows(after.to_svg(before=before, actions=move))
            if not lines:  # a step that changed nothing anyone sees is not captioned
                assert rows is None
                continue
            assert rows is not None and not any(row.endswith("…") for row in rows), lines
            assert " ".join(rows).split() == " ".join(lines).split()
            longest = max(longest, len(lines))
    assert longest >= (9 if players == 5 else 7)
