"""docs/games/fox_duet.md against the engine beyond its checked blocks: the observation slices
(looked up by name in the declared layout, whose table on the page
tests/docs/test_observation_tables.py checks) against the page's new-game position, with each card's
slot read from the page's action table (card id = the slot of that card)."""

from __future__ import annotations

import json

import numpy as np
import pytest

import tablebits as tb
from tests.docs.blocks import all_checked_blocks, unquote
from tests.helpers import observation_slices


def page_block(kind: str, **attrs: str):
    for block in all_checked_blocks(kind):
        if block.game == "fox_duet" and all(block.attrs.get(k) == v for k, v in attrs.items()):
            return block
    raise LookupError(f"no {kind} block {attrs} on the Fox Duet page")


def card_ids() -> dict[str, int]:
    """Card text -> id, from the page's lead-phase action table."""
    table = page_block("actions", phase="lead").table
    assert table is not None
    return {unquote(row["string"]): int(row["id"]) for row in table.rows if int(row["id"]) < 30}


def new_game() -> dict:
    code = page_block("dict").code
    assert code is not None
    return json.loads(code)


@pytest.mark.parametrize("observer", [0, 1])
def test_documented_card_slices_hold_the_position(observer: int):
    ids, position, slices = card_ids(), new_game(), observation_slices("fox_duet")
    assert len(ids) == 30
    obs = tb.make("fox_duet").state_from_dict(position).observation_tensor(observer)

    def cards(texts: list[str]) -> np.ndarray:
        out = np.zeros(30, np.float32)
        out[[ids[t] for t in texts]] = 1.0
        return out

    for name, texts in [
        ("own_hand", position["hands"][observer]),
        ("decree", [position["decree"]]),
        ("lead_card", []),
        ("follow_card", []),
        ("played", []),
        ("own_known", []),
        ("partner_known", []),
    ]:
        got = obs[slices[name].start : slices[name].stop]
        assert np.array_equal(got, cards(texts)), name


def test_the_partners_hand_is_in_no_slice():
    ids, position, slices = card_ids(), new_game(), observation_slices("fox_duet")
    obs = tb.make("fox_duet").state_from_dict(position).observation_tensor(0)
    partner_card = ids[position["hands"][1][0]]
    for name in ("own_hand", "own_known", "partner_known", "played"):
        assert obs[slices[name].start + partner_card] == 0.0, name
