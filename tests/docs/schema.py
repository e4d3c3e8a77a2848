"""The state-dict key table of a game page against what the engine writes and requires."""

from __future__ import annotations

from typing import Any

import pytest

from tests.docs.blocks import DESCRIBED, GAME_DOCS, REQUIRED, state_dict_keys


def check_documented_keys(game: Any) -> None:
    """Documented keys == ``to_dict`` keys; a required key cannot be left out; an optional one
    can, and then takes its documented default (a literal, or for a default described in words,
    the value the initial state has)."""
    documented = state_dict_keys(GAME_DOCS / f"{game.id}.md")
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
