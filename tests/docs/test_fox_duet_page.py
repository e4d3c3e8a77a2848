"""docs/games/fox_duet.md against the engine beyond its checked blocks: the partner's hand stays
out of the observer's slices (looked up by name in the declared layout) in the page's new-game
position, with each card's slot read from the page's action table (card id = the slot of that
card)."""

from __future__ import annotations

import tablebits as tb
from tests.docs.blocks import all_checked_blocks, page_position, unquote
from tests.support.helpers import observation_slices


def card_ids() -> dict[str, int]:
    """Card text -> id, from the page's lead-phase action table."""
    table = next(
        b.table
        for b in all_checked_blocks("actions")
        if b.game == "fox_duet" and b.attrs.get("phase") == "lead"
    )
    assert table is not None
    return {unquote(row["string"]): int(row["id"]) for row in table.rows if int(row["id"]) < 30}


def test_the_partners_hand_is_in_no_slice():
    ids, slices = card_ids(), observation_slices("fox_duet")
    position, params = page_position("fox_duet", "new-game")
    obs = tb.make("fox_duet", **params).state_from_dict(position).observation_tensor(0)
    partner_card = ids[position["hands"][1][0]]
    for name in ("own_hand", "own_known", "partner_known", "played"):
        assert obs[slices[name].start + partner_card] == 0.0, name
