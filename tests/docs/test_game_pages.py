"""Every registered game has a page in docs/games/ carrying every kind of checked block.

The page is the game's whole public reference (rules, parameters, actions, state dict,
observation), so the blocks that keep it honest must all be there: a parameter table, action
tables covering every id, a state-dict example and an observation layout.
"""

from __future__ import annotations

import re

import pytest

import tablebits as tb
from tablebits.pictures import display_name
from tests.docs.blocks import GAME_DOCS, checked_blocks


@pytest.mark.parametrize("game_id", tb.games())
def test_game_page_has_every_checked_block(game_id: str):
    page = GAME_DOCS / f"{game_id}.md"
    assert page.exists(), f"{game_id} has no page docs/games/{game_id}.md"
    found = [b for b in checked_blocks(page) if b.game == game_id]
    kinds = {b.kind for b in found}
    missing = [k for k in ("params", "actions", "dict", "observation") if k not in kinds]
    assert not missing, f"docs/games/{game_id}.md has no checked {', '.join(missing)} block"
    ids = {int(row["id"]) for b in found if b.kind == "actions" for row in b.table.rows}  # type: ignore[union-attr]
    uncovered = sorted(set(range(tb.make(game_id).num_actions)) - ids)
    assert not uncovered, f"docs/games/{game_id}.md: no action-table row for ids {uncovered}"


def test_games_index_links_every_page():
    index = (GAME_DOCS / "README.md").read_text(encoding="utf-8")
    for game_id in tb.games():
        assert f"({game_id}.md)" in index, f"docs/games/README.md does not link {game_id}.md"


@pytest.mark.parametrize("game_id", tb.games())
def test_a_games_display_name_is_its_pages_title(game_id: str):
    # "# Hội Phố, 2nd edition (`hoi_pho`)": the name before the edition and the id.
    title = (GAME_DOCS / f"{game_id}.md").read_text(encoding="utf-8").splitlines()[0]
    name = re.fullmatch(rf"# (.+?)(, [^,]+ edition)? \(`{game_id}`\)", title)
    assert name is not None, title
    assert display_name(game_id) == name.group(1)
