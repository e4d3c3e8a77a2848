"""The games and main parameter sets every ecosystem adapter is checked on: the example sets
each game marks `main` (`kExampleParams` in csrc/tablebits/games/<g>/params.hpp)."""

from __future__ import annotations

from typing import Any

import pytest

import tablebits as tb
from tests.support.game_params import example_params

ADAPTER_CASES: list[tuple[str, dict[str, Any]]] = [
    (game_id, params) for game_id in tb.games() for params, main in example_params(game_id) if main
]


def adapter_cases() -> list:
    """pytest params (game_id, params), one per main parameter set."""
    return [
        pytest.param(game_id, params, id=game_id + "".join(f"-{k}={v}" for k, v in params.items()))
        for game_id, params in ADAPTER_CASES
    ]
