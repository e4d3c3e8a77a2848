"""The state-dict key table of every game page against the schema the engine declares
(`game.state_schema`, from each game's csrc/tablebits/games/<g>/schema.hpp): the same keys in the
same order, and a key is documented as required exactly when the schema requires it; and against
what `to_dict` writes and `state_from_dict` requires and defaults."""

from __future__ import annotations

from typing import Any

import pytest

import tablebits as tb
from tests.docs.blocks import DESCRIBED, GAME_DOCS, REQUIRED, state_dict_keys


def key_table(game_id: str) -> dict[str, Any]:
    return state_dict_keys(GAME_DOCS / f"{game_id}.md")


@pytest.mark.parametrize("game_id", tb.games())
def test_the_page_table_lists_the_schema_keys_in_order(game_id: str) -> None:
    schema = tb.make(game_id).state_schema
    assert list(key_table(game_id)) == ["game"] + [f["key"] for f in schema]


@pytest.mark.parametrize("game_id", tb.games())
def test_a_key_is_documented_required_exactly_when_the_schema_requires_it(game_id: str) -> None:
    required = {f["key"]: f["required"] for f in tb.make(game_id).state_schema} | {"game": False}
    documented = {key: default is REQUIRED for key, default in key_table(game_id).items()}
    assert documented == required


@pytest.mark.parametrize("game_id", tb.games())
def test_a_new_game_takes_the_documented_defaults(game_id: str) -> None:
    """Documented keys == ``to_dict`` keys; a required key cannot be left out; an optional one
    can, and then takes its documented default (a literal, or for a default described in words,
    the value the initial state has)."""
    game = tb.make(game_id)
    documented = key_table(game_id)
    full = game.new_initial_state(seed=1).to_dict()
    assert set(documented) == set(full)
    for key, default in documented.items():
        partial = {k: v for k, v in full.items() if k != key}
        if default is REQUIRED:
            with pytest.raises(ValueError, match=key):
                game.state_from_dict(partial)
        elif default is DESCRIBED:  # derived from the other keys: leaving it out changes nothing
            assert game.state_from_dict(partial).to_dict() == full, key
        else:
            assert game.state_from_dict(partial).to_dict()[key] == default, key
