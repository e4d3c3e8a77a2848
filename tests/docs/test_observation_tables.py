"""Every observation table in docs/ against the layout the engine declares
(`game.observation_layout`, from each game's csrc/tablebits/games/<g>/observation.hpp) under
the table's parameters: the same slices, in order, at the same offsets and lengths. A row may
stand for a run of slices named with its name as a prefix (Hội Phố's `rel1`: `rel1_coins` ...
`rel1_ships_played`). A row that calls its slice one-hot documents a one-hot slice, and one that
divides (÷) a scaled one.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import tablebits as tb
from tests.docs.blocks import CheckedBlock, all_checked_blocks, unquote


def rows(block: CheckedBlock) -> list[tuple[str, int, int, str]]:
    assert block.table is not None
    return [(unquote(r["slice"]), int(r["offset"]), int(r["length"]), r["encodes"])
            for r in block.table.rows]


def run_at(layout: list[dict[str, Any]], i: int, name: str) -> list[dict[str, Any]]:
    """The slices from ``layout[i]`` on that a row named ``name`` stands for: the slice of that
    name, or the run of slices named ``name_*``."""
    if i < len(layout) and layout[i]["name"] == name:
        return [layout[i]]
    run: list[dict[str, Any]] = []
    while i + len(run) < len(layout) and layout[i + len(run)]["name"].startswith(name + "_"):
        run.append(layout[i + len(run)])
    return run


def match(documented: list[tuple[str, int, int, str]], layout: list[dict[str, Any]]) -> list[str]:
    """Where the documented rows and the layout disagree (empty: they agree)."""
    errors, i = [], 0
    for name, offset, length, encodes in documented:
        run = run_at(layout, i, name)
        if not run:
            here = layout[i]["name"] if i < len(layout) else "nothing"
            return [*errors, f"{name}: the layout has {here} here"]
        got = (run[0]["offset"], sum(s["length"] for s in run))
        if got != (offset, length):
            errors.append(f"{name}: documented at {offset}, length {length}; declared {got}")
        encoding = run[0]["encoding"] if len(run) == 1 else None
        if re.search(r"(?<!not )one-hot", encodes) and encoding not in (None, "one_hot"):
            errors.append(f"{name}: documented one-hot, declared {encoding}")
        if "÷" in encodes and encoding not in (None, "scaled"):
            errors.append(f"{name}: documented ÷, declared {encoding}")
        i += len(run)
    if i != len(layout):
        errors.append(f"the table ends before {layout[i]['name']}")
    return errors


@pytest.mark.parametrize("block", all_checked_blocks("observation"), ids=lambda b: b.where)
def test_the_table_is_the_declared_layout(block: CheckedBlock) -> None:
    assert match(rows(block), tb.make(block.game, **block.params).observation_layout) == []


@pytest.mark.parametrize("game_id", tb.games())
def test_every_game_documents_its_default_layout(game_id: str) -> None:
    assert any(b.game == game_id and not b.params for b in all_checked_blocks("observation"))


def test_match_finds_a_shifted_or_missing_slice() -> None:
    layout = [{"name": "a", "offset": 0, "length": 2, "encoding": "one_hot"},
              {"name": "s0_x", "offset": 2, "length": 1, "encoding": "count"},
              {"name": "s0_y", "offset": 3, "length": 3, "encoding": "bits"}]
    assert match([("a", 0, 2, "one-hot"), ("s0", 2, 4, "")], layout) == []
    assert match([("a", 0, 2, ""), ("s0_x", 2, 1, "one-hot"), ("s0_y", 3, 3, "")], layout) == [
        "s0_x: documented one-hot, declared count"]
    assert match([("a", 0, 2, ""), ("s0_x", 3, 1, "")], layout) == [
        "s0_x: documented at 3, length 1; declared (2, 1)", "the table ends before s0_y"]
    assert match([("b", 0, 2, "")], layout) == ["b: the layout has a here"]
