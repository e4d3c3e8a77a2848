"""The games and main parameter sets every ecosystem adapter is checked on."""

from __future__ import annotations

from typing import Any

import pytest

ADAPTER_CASES: list[tuple[str, dict[str, Any]]] = [
    ("good_fortune", {}),
    ("good_fortune", {"variant": "guess"}),
    ("color_mafia", {"players": 3}),
    ("color_mafia", {"players": 4}),
    ("hoi_pho", {"players": 3}),
    ("hoi_pho", {"players": 4}),
    ("hoi_pho", {"players": 5}),
    ("fox_duet", {}),
]


def adapter_cases() -> list:
    """pytest params (game_id, params), one per main parameter set."""
    return [
        pytest.param(game_id, params, id=game_id + "".join(f"-{k}={v}" for k, v in params.items()))
        for game_id, params in ADAPTER_CASES
    ]
