"""docs/games/hoi_pho.md against the engine beyond its checked blocks: an opponent's merchants
stay out of the observer's slices (looked up by name in the declared layout) in the page's
hand-written turn-1 position."""

from __future__ import annotations

import tablebits as tb
from tests.docs.blocks import page_position
from tests.support.helpers import observation_slices


def test_opponents_merchants_are_not_in_the_observers_slices():
    slices = observation_slices("hoi_pho")
    position, params = page_position("hoi_pho", "turn-1")
    state = tb.make("hoi_pho", **params).state_from_dict(position)
    own = slices["own_merchants"]
    # Merchant 2 is seat 1's: slot 1 is set for seat 1 only.
    assert position["hands"][1][1] == 2
    assert [state.observation_tensor(p)[own.start + 1] for p in range(4)] == [0, 1, 0, 0]
