"""Shared test helpers."""

from __future__ import annotations

import functools
from types import ModuleType

import pytest

SIMULTANEOUS = -2
TERMINAL = -4


def implementations(game_id: str, reference: ModuleType) -> list:
    """pytest params: the pure-Python reference and, once registered, the C++ engine.

    Rule scenarios run against both, so a scenario checks the reference as much as the engine.
    """
    params = [pytest.param(reference.make, id="reference")]
    try:
        import tablebits as tb
    except ImportError:
        return params
    if game_id in tb.games():
        params.append(pytest.param(functools.partial(tb.make, game_id), id="engine"))
    return params
