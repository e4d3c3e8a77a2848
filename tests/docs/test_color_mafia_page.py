"""docs/games/color_mafia.md against the engine beyond its checked blocks: the observation
slices (looked up by name in the declared layout, which tests/docs/test_observation_tables.py
checks the page's tables against) against hand-built positions."""

from __future__ import annotations

import numpy as np
import pytest

import tablebits as tb
from tests.docs.schema import check_documented_keys
from tests.helpers import observation_slices

CHIPS, COINS = "RBYG", "RBYGW"

# Four players, resolving: coins R, R, B, W shown with player 0 the parent; player 1 returns.
RESOLVING = {
    "game": "color_mafia", "players": 4, "round": 5, "parent": 0, "phase": "resolve",
    "box": {"R": 7, "B": 8, "Y": 9, "G": 9},
    "chips": [{"R": 1, "B": 0, "Y": 0, "G": 0}, {"R": 2, "B": 1, "Y": 0, "G": 0},
              {"R": 0, "B": 1, "Y": 1, "G": 0}, {"R": 0, "B": 0, "Y": 0, "G": 1}],
    "coins": [{"R": 1, "B": 1, "Y": 1, "G": 1, "W": 1},
              {"R": 2, "B": 0, "Y": 1, "G": 1, "W": 1},
              {"R": 0, "B": 2, "Y": 1, "G": 1, "W": 1},
              {"R": 1, "B": 1, "Y": 1, "G": 1, "W": 1}],
    "revealed": ["R", "R", "B", "W"], "acting": 1, "outcome": None,
}
# Three players, chips_per_color 3, ended with one green chip left.
ENDED = {
    "game": "color_mafia", "players": 3, "round": 9, "parent": 2, "phase": "over",
    "box": {"R": 0, "B": 0, "Y": 0, "G": 1},
    "chips": [{"R": 1, "B": 1, "Y": 1, "G": 1}, {"R": 2, "B": 0, "Y": 1, "G": 0},
              {"R": 0, "B": 2, "Y": 1, "G": 1}],
    "coins": [{"R": 0, "B": 2, "Y": 1, "G": 1, "W": 1}, {"R": 2, "B": 1, "Y": 1, "G": 0, "W": 1},
              {"R": 1, "B": 0, "Y": 1, "G": 2, "W": 1}],
    "revealed": [None, None, None], "acting": None, "outcome": "ended",
}
CASES = [
    pytest.param(RESOLVING, {}, 10, 100, id="4p-resolve"),
    pytest.param(ENDED, {"players": 3}, 3, 100, id="3p-ended"),
]


def expected(d: dict, observer: int, per_color: int, max_rounds: int) -> dict[str, list[float]]:
    """Every documented slice's values for ``observer``, from the dict and the page's table."""
    n = d["players"]
    out = {"box": [d["box"][c] / per_color for c in CHIPS]}
    for k in range(n):
        p = (observer + k) % n
        out[f"seat{k}_chips"] = [d["chips"][p][c] / per_color for c in CHIPS]
        out[f"seat{k}_coins"] = [d["coins"][p][c] / n for c in COINS]
        out[f"seat{k}_revealed"] = [float(d["revealed"][p] == c) for c in COINS]
        out[f"seat{k}_parent"] = [float(d["parent"] == p)]
        out[f"seat{k}_acting"] = [float(d["acting"] == p)]
    out["phase"] = [float(d["phase"] == ph) for ph in ("choose", "resolve", "over")]
    out["outcome"] = [float(d["outcome"] == o) for o in ("ended", "truncated")]
    out["round"] = [d["round"] / max_rounds]
    return out


@pytest.mark.parametrize(("position", "layout_params", "per_color", "max_rounds"), CASES)
def test_each_documented_slice_holds_the_position(position, layout_params, per_color,
                                                  max_rounds):
    slices = observation_slices("color_mafia", layout_params)
    game = tb.make("color_mafia", players=position["players"], chips_per_color=per_color)
    state = game.state_from_dict(position)
    for observer in range(position["players"]):
        want = expected(position, observer, per_color, max_rounds)
        assert set(slices) == set(want)
        obs = state.observation_tensor(observer)
        for name, values in want.items():
            got = obs[slices[name].start : slices[name].stop]
            assert np.allclose(got, values), f"observer {observer}, {name}"


def test_a_held_chip_sets_its_slot_in_every_seat_order():
    slices = observation_slices("color_mafia")
    state = tb.make("color_mafia").state_from_dict(RESOLVING)
    green = CHIPS.index("G")
    # Player 3 holds the only green chip outside the box: seat 3 for player 0, seat 0 for 3.
    assert state.observation_tensor(0)[slices["seat3_chips"][green]] == pytest.approx(0.1)
    assert state.observation_tensor(3)[slices["seat0_chips"][green]] == pytest.approx(0.1)
    assert state.observation_tensor(2)[slices["seat1_chips"][green]] == pytest.approx(0.1)
    assert state.observation_tensor(0)[slices["seat1_acting"][0]] == 1.0


def test_state_dict_key_table():
    check_documented_keys(tb.make("color_mafia"))
