"""Parameter sets the generic tests run every registered game with (default: just `{}`)."""

from __future__ import annotations

from typing import Any

import pytest

import tablebits as tb

PARAM_SETS: dict[str, list[dict[str, Any]]] = {
    "good_fortune": [
        {},
        {"variant": "guess"},
        {"connection": "shared", "must_connect": True},
        {"variant": "guess", "must_connect": True},
    ],
    "color_mafia": [{}, {"players": 3}, {"players": 4, "chips_per_color": 3}],
    "hoi_pho": [{}, {"players": 3}, {"players": 5, "rps": "chance"}],
    "fox_duet": [{}],
}

# A 7-space Fox Duet path (3 starting gems, 2 `+` spaces) on which random play often wins.
FOX_SMALL_BOARD = [
    {"gems": 1, "plus": False},
    {"gems": 0, "plus": True},
    {"gems": 1, "plus": False},
    {"gems": 0, "plus": False},
    {"gems": 0, "plus": False},
    {"gems": 1, "plus": True},
    {"gems": 0, "plus": False},
]


def game_cases() -> list:
    """pytest params (game_id, params) over every registered game and its parameter sets."""
    return [
        pytest.param(game_id, params, id=f"{game_id}-{i}")
        for game_id in tb.games()
        for i, params in enumerate(PARAM_SETS.get(game_id, [{}]))
    ]
