"""Every checked block in docs/ and README.md agrees with the engine (docs cannot drift)."""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import pytest

import tablebits as tb
from tests.docs.blocks import (
    ROOT,
    CheckedBlock,
    all_checked_blocks,
    checked_blocks,
    doc_files,
    literal,
    unquote,
)
from tests.support.helpers import random_step

TYPES = {"int": int, "bool": bool, "str": str, "list": list}


def blocks(kind: str) -> list[Any]:
    return [pytest.param(b, id=b.where) for b in all_checked_blocks(kind)]


@pytest.mark.parametrize("game_id", tb.games())
@pytest.mark.parametrize("kind", ["params", "actions", "dict", "observation", "observed"])
def test_every_game_page_has_checked_blocks_of_each_kind(kind: str, game_id: str):
    # Without this a page that lost its checked blocks would leave the tests below nothing to
    # check, and pass.
    assert any(b.game == game_id for b in all_checked_blocks(kind)), (
        f"{game_id}: no checked {kind} block in its page"
    )


@pytest.mark.parametrize("path", doc_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_checked_blocks_parse(path):
    checked_blocks(path)  # raises ValueError naming the line of a malformed block


@pytest.mark.parametrize("block", blocks("params"))
def test_params_table_matches_make(block: CheckedBlock):
    assert block.table is not None
    game = tb.make(block.game, **block.params)
    reported = game.params
    names = [unquote(row["name"]) for row in block.table.rows]
    assert sorted(names) == sorted(reported), f"{block.where}: names differ from game.params"
    for row in block.table.rows:
        name = unquote(row["name"])
        default = literal(unquote(row["default"]))
        kind = row["type"].strip("` ")
        assert kind in TYPES, f"{block.where}: {name}: type {kind!r} not one of {sorted(TYPES)}"
        assert type(default) is TYPES[kind], f"{block.where}: {name}: default is not a {kind}"
        assert default == reported[name], f"{block.where}: {name}: default {default!r}"
        tb.make(block.game, **{name: default})  # the name is accepted by make


@cache
def state_at_phase(game_id: str, params_repr: str, phase: str | None) -> Any:
    """A reachable state whose dict has ``phase`` (the initial state when phase is None)."""
    game = tb.make(game_id, **literal(params_repr))
    for seed in range(200):
        state = game.new_initial_state(seed)
        if phase is None:
            return state
        rng = random.Random(seed)
        while True:
            if state.to_dict().get("phase") == phase:
                return state
            if state.is_terminal():
                break
            random_step(state, game.num_players, rng)
    raise AssertionError(f"no reachable {game_id} state in phase {phase!r} in 200 playouts")


@pytest.mark.parametrize("block", blocks("actions"))
def test_action_table_matches_action_to_string(block: CheckedBlock):
    assert block.table is not None
    state = state_at_phase(block.game, repr(block.params), block.attrs.get("phase"))
    for row in block.table.rows:
        action = int(row["id"])
        assert state.action_to_string(action) == unquote(row["string"]), (
            f"{block.where}: id {action}"
        )


@pytest.mark.parametrize("game_id", tb.games())
def test_action_tables_cover_every_id(game_id: str):
    tables = [b for b in all_checked_blocks("actions") if b.game == game_id]
    assert tables, f"{game_id}: its page has no checked action table"
    ids = [int(row["id"]) for b in tables for row in b.table.rows]  # type: ignore[union-attr]
    missing = sorted(set(range(tb.make(game_id).num_actions)) - set(ids))
    assert not missing, f"{game_id}: action ids documented in no table: {missing}"


@pytest.mark.parametrize("block", blocks("dict"))
def test_dict_example_loads(block: CheckedBlock):
    assert block.language == "json", f"{block.where}: a dict example is a ```json block"
    assert block.code is not None
    example = json.loads(block.code)
    tb.make(block.game, **block.params).state_from_dict(example)
