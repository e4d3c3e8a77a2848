"""The state-dict key table of every game page against the schema the engine declares
(`game.state_schema`, from each game's csrc/tablebits/games/<g>/schema.hpp): the same keys in the
same order, and a key is documented as required exactly when the schema requires it."""

from __future__ import annotations

import pytest

import tablebits as tb
from tests.docs.blocks import GAME_DOCS


def key_table(game_id: str) -> list[tuple[str, str]]:
    """(key, required cell) of the first table of the page's "State dict" section that has a
    required column."""
    page = (GAME_DOCS / f"{game_id}.md").read_text(encoding="utf-8")
    section = page.split("\n## State dict", 1)[1]
    rows: list[tuple[str, str]] = []
    header: list[str] = []
    for line in section.splitlines():
        if not line.startswith("|"):
            if rows:
                break
            header = []
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not header:
            header = cells
        elif cells[0].startswith("`") and header[0] == "key" and "required" in header:
            rows.append((cells[0].strip("`"), cells[header.index("required")]))
    return rows


@pytest.mark.parametrize("game_id", tb.games())
def test_the_page_table_lists_the_schema_keys_in_order(game_id: str) -> None:
    schema = tb.make(game_id).state_schema
    assert [key for key, _ in key_table(game_id)] == ["game"] + [f["key"] for f in schema]


@pytest.mark.parametrize("game_id", tb.games())
def test_a_key_is_documented_required_exactly_when_the_schema_requires_it(game_id: str) -> None:
    required = {f["key"]: f["required"] for f in tb.make(game_id).state_schema} | {"game": False}
    documented = {key: cell.startswith("yes") for key, cell in key_table(game_id)}
    assert documented == required

