"""Parameter sets the generic tests run every registered game with: each game's example sets,
declared once beside its parameters (`kExampleParams` in csrc/tablebits/games/<g>/params.hpp;
the fuzz harness runs the same ones)."""

from __future__ import annotations

from typing import Any

import pytest

import tablebits as tb
from tablebits import _core


def example_params(game_id: str) -> list[tuple[dict[str, Any], bool]]:
    """(params, main) of each example set of the game, params as keywords for ``tb.make``
    without the ones left at their defaults."""
    defaults = tb.make(game_id).params
    return [({k: v for k, v in params.items() if v != defaults[k]}, main)
            for params, main in _core._example_params[game_id]]


PARAM_SETS: dict[str, list[dict[str, Any]]] = {
    game_id: [params for params, _ in example_params(game_id)] for game_id in tb.games()
}

# A 7-space Fox Duet path (3 starting gems, 2 `+` spaces) on which random play often wins.
FOX_SMALL_BOARD: list[dict[str, Any]] = PARAM_SETS["fox_duet"][1]["board"]


def game_cases() -> list:
    """pytest params (game_id, params) over every registered game and its parameter sets."""
    return [
        pytest.param(game_id, params, id=f"{game_id}-{i}")
        for game_id in tb.games()
        for i, params in enumerate(PARAM_SETS[game_id])
    ]
