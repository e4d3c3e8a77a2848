"""Every game's declared observation layout (`game.observation_layout`, from each game's
csrc/tablebits/games/<g>/observation.hpp) under every example parameter set: the slices tile the
tensor exactly, and what observe writes in random games reads the way each slice's encoding
says."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import tablebits as tb
from tests.support.game_params import game_cases
from tests.support.helpers import random_step

ENCODINGS = ("one_hot", "bits", "count", "scaled")


@pytest.mark.parametrize(("game_id", "params"), game_cases())
def test_the_slices_tile_the_tensor(game_id: str, params: dict[str, Any]) -> None:
    game = tb.make(game_id, **params)
    layout = game.observation_layout
    offset = 0
    for s in layout:
        assert (s["offset"], s["length"] > 0) == (offset, True), s
        assert s["encoding"] in ENCODINGS and s["meaning"], s
        offset += s["length"]
    assert offset == game.observation_shape[0]
    names = [s["name"] for s in layout]
    assert len(set(names)) == len(names)


@pytest.mark.parametrize(("game_id", "params"), game_cases())
def test_a_per_seat_block_repeats_once_per_seat(game_id: str, params: dict[str, Any]) -> None:
    game = tb.make(game_id, **params)
    per_seat = [s for s in game.observation_layout if s["seat"] is not None]
    if not per_seat:
        return
    blocks = [[s for s in per_seat if s["seat"] == k] for k in range(game.num_players)]
    assert sum(map(len, blocks)) == len(per_seat)
    suffixes = [[s["name"].split("_", 1)[1] for s in block] for block in blocks]
    assert all(names == suffixes[0] for names in suffixes)
    assert [s["offset"] for s in per_seat] == sorted(s["offset"] for s in per_seat)


def misread(values: np.ndarray, encoding: str) -> str | None:
    """Why ``values`` do not read as ``encoding``, or None."""
    binary = bool(np.isin(values, (0.0, 1.0)).all())
    if encoding == "one_hot" and not (binary and values.sum() <= 1):
        return "not one-hot"
    if encoding == "bits" and not binary:
        return "not 0/1"
    if encoding == "count" and not ((values >= 0).all() and (values == np.round(values)).all()):
        return "not a count"
    if encoding == "scaled" and not ((values >= 0).all() and (values <= 1).all()):
        return "outside [0, 1]"
    return None


@pytest.mark.parametrize(("game_id", "params"), game_cases())
def test_random_games_read_as_the_encodings_say(game_id: str, params: dict[str, Any]) -> None:
    game = tb.make(game_id, **params)
    layout = game.observation_layout
    rng = random.Random(5)
    set_somewhere = {s["name"]: False for s in layout}
    for seed in range(3):
        state = game.new_initial_state(seed)
        while True:
            for p in range(game.num_players):
                obs = np.asarray(state.observation_tensor(p))
                for s in layout:
                    values = obs[s["offset"] : s["offset"] + s["length"]]
                    assert misread(values, s["encoding"]) is None, (s["name"], values, seed)
                    set_somewhere[s["name"]] |= bool(values.any())
            if state.is_terminal():
                break
            random_step(state, game.num_players, rng)
    # Over three whole games most slices hold something at some point; a layout that drifted
    # from observe leaves whole slices empty (or misreads above).
    assert sum(set_somewhere.values()) >= 0.6 * len(layout), set_somewhere


def test_misread_tells_each_encoding_apart() -> None:
    assert misread(np.array([0.0, 1.0, 0.0]), "one_hot") is None
    assert misread(np.array([1.0, 1.0]), "one_hot") == "not one-hot"
    assert misread(np.array([0.5]), "bits") == "not 0/1"
    assert misread(np.array([2.0, 0.5]), "count") == "not a count"
    assert misread(np.array([1.5]), "scaled") == "outside [0, 1]"
