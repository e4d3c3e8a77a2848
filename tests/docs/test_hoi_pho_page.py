"""docs/games/hoi_pho.md against the engine beyond its checked blocks: the observation slices
(looked up by name in the declared 4-player layout, whose table on the page
tests/docs/test_observation_tables.py checks) against a hand-written turn-1 position."""

from __future__ import annotations

import numpy as np
import pytest

import tablebits as tb
from tests.helpers import observation_slices

# 4 players, turn 1 of round 1, nothing played yet: every card is in a hand (15 merchants, the 4
# own ships and the one spare ship, which seat 3 was dealt). Coins differ per seat so the
# relative seats can be told apart.
POSITION = {
    "round": 1, "turn": 1, "phase": "play",
    "coins": [3, 5, 7, 9],
    "contracts": [[], [], [], []],
    "hands": [[0, 1, 5, 9, 13], [0, 2, 6, 10, 14], [0, 3, 7, 11, 15], [0, 0, 4, 8, 12]],
}


def one_hot(length: int, slots: list[int], value: float = 1.0) -> np.ndarray:
    out = np.zeros(length, np.float32)
    out[slots] = value
    return out


@pytest.mark.parametrize("observer", [0, 1, 2, 3])
def test_documented_slices_hold_the_position(observer: int):
    slices = observation_slices("hoi_pho")
    obs = tb.make("hoi_pho", players=4).state_from_dict(POSITION).observation_tensor(observer)

    def at(name: str) -> np.ndarray:
        return obs[slices[name].start : slices[name].stop]

    hand = POSITION["hands"][observer]
    merchants = [c - 1 for c in hand if c > 0]
    assert np.array_equal(at("own_merchants"), one_hot(15, merchants)), "own_merchants"
    assert at("own_ships")[0] == hand.count(0)
    assert np.array_equal(at("phase"), one_hot(9, [1])), "phase: play is the second"
    assert np.array_equal(at("turn"), one_hot(4, [0]))
    assert at("round")[0] == 1
    assert np.array_equal(at("contracts_taken"), one_hot(8, [0]))
    assert np.array_equal(at("forced"), one_hot(16, [0])), "slot 0: no Rabbit order"
    assert not at("stack_depth").any() and np.array_equal(at("stack_top"), one_hot(16, [0]))
    for rel in range(4):
        seat = (observer + rel) % 4
        assert at(f"rel{rel}_coins")[0] == POSITION["coins"][seat], (rel, seat)
        assert at(f"rel{rel}_coins_turn_start")[0] == POSITION["coins"][seat]
        assert at(f"rel{rel}_hand_size")[0] == len(POSITION["hands"][seat])
        assert not at(f"rel{rel}_table").any() and not at(f"rel{rel}_known").any()


def test_opponents_merchants_are_not_in_the_observers_slices():
    slices = observation_slices("hoi_pho")
    state = tb.make("hoi_pho", players=4).state_from_dict(POSITION)
    own = slices["own_merchants"]
    # Merchant 2 is seat 1's: slot 1 is set for seat 1 only.
    assert [state.observation_tensor(p)[own.start + 1] for p in range(4)] == [0, 1, 0, 0]
