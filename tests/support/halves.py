"""Long tests in two halves: the first runs by default, the second only under `-m heavy` (CI
runs both), so the default run stays quick and no check is dropped."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest


def two_halves(items: Sequence[Any], *args: Any, id: str) -> list[Any]:
    """pytest params ``(*args, part)``: ``part`` the first half of ``items`` (a range of seeds,
    games or repetitions) by default, and the second half marked heavy."""
    half = len(items) // 2
    return [pytest.param(*args, items[:half], id=id),
            pytest.param(*args, items[half:], id=f"{id}-second-half", marks=pytest.mark.heavy)]
