"""docs/games/good_fortune.md against the engine beyond its checked blocks: the observation
slices (looked up by name in the declared layout, whose table on the page
tests/docs/test_observation_tables.py checks) against a hand-built position, and the printed
default tile table against the `tiles` parameter."""

from __future__ import annotations

import numpy as np
import pytest

import tablebits as tb
from tests.docs.blocks import GAME_DOCS, parse_table
from tests.docs.schema import check_documented_keys
from tests.helpers import observation_slices

# Round 4 (token `big` face up, held by player 1), both tiles selected: the higher number, 14
# (player 0), places first.
POSITION = {
    "game": "good_fortune", "round": 4, "phase": "place",
    "token": {"holder": 1, "face": "big"},
    "racks": [[1, 4, 6, 8, 10], [13, 15, 17, 18, 21]],
    "selected": [14, 9],
    "line": [[12, "mati", "cat"], [5, "hamsa", "mati"], [19, "ganesha", "mati"]],
    "collections": [[3, 16], [7]],
    "discarded": [2, 11, 20],
}
FLIPPED = [1, 0, 1]  # tile 12 is (cat, mati) and 19 is (mati, ganesha): their charm_b is left


def expected(observer: int) -> dict[str, list[int]]:
    """Per slice, the slots that hold 1 for ``observer`` (0-based within the slice)."""
    me, them = observer, 1 - observer
    tiles = lambda numbers: [t - 1 for t in numbers]  # noqa: E731 - tile t is slot t - 1
    return {
        "my_rack": tiles(POSITION["racks"][me]),
        "their_rack": tiles(POSITION["racks"][them]),
        "my_selected": tiles([POSITION["selected"][me]]),
        "their_selected": tiles([POSITION["selected"][them]]),
        "my_collection": tiles(POSITION["collections"][me]),
        "their_collection": tiles(POSITION["collections"][them]),
        "line_left": [11],
        "line_middle": [4],
        "line_right": [18],
        "discarded": tiles(POSITION["discarded"]),
        "line_flipped": [i for i, f in enumerate(FLIPPED) if f],
        "round": [3],
        "phase": [1],
        "small_face": [],
        "holds_token": [0] if observer == 1 else [],
        "to_act": [0] if observer == 0 else [],
    }


@pytest.mark.parametrize("observer", [0, 1])
def test_each_documented_slice_holds_the_position(observer: int):
    slices = observation_slices("good_fortune")
    assert set(slices) == set(expected(observer))
    obs = tb.make("good_fortune").state_from_dict(POSITION).observation_tensor(observer)
    for name, slots in expected(observer).items():
        want = np.zeros(len(slices[name]), np.float32)
        want[slots] = 1.0
        assert np.array_equal(obs[slices[name].start : slices[name].stop], want), name


def test_a_collected_tile_sets_its_slot_in_both_views():
    slices = observation_slices("good_fortune")
    state = tb.make("good_fortune").state_from_dict(POSITION)
    assert state.observation_tensor(0)[slices["my_collection"][16 - 1]] == 1.0
    assert state.observation_tensor(1)[slices["their_collection"][16 - 1]] == 1.0
    assert state.observation_tensor(1)[slices["my_collection"][16 - 1]] == 0.0


def test_printed_tile_table_is_the_default_tiles_parameter():
    lines = (GAME_DOCS / "good_fortune.md").read_text(encoding="utf-8").splitlines()
    start = lines.index("| no. | charm_a | charm_b | die |")
    table = parse_table(lines, start)
    printed = [[r["charm_a"], r["charm_b"], int(r["die"])] for r in table.rows]
    assert [int(r["no."]) for r in table.rows] == list(range(1, 22))
    assert printed == tb.make("good_fortune").params["tiles"]


def test_state_dict_key_table():
    check_documented_keys(tb.make("good_fortune"))
