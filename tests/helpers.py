"""Shared test helpers."""

from __future__ import annotations

import functools
import math
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


def max_z(freq_a: dict, n_a: int, freq_b: dict, n_b: int) -> float:
    """Largest two-proportion z statistic between two frequency tables (a missing key is 0).

    Compares, key by key, how often an event happened in n_a draws of one sampler and n_b
    draws of another; infinite when one sampler never varies on a key and the other differs.
    """
    worst = 0.0
    for key in set(freq_a) | set(freq_b):
        fa, fb = freq_a.get(key, 0.0), freq_b.get(key, 0.0)
        pooled = (fa * n_a + fb * n_b) / (n_a + n_b)
        var = pooled * (1 - pooled) * (1 / n_a + 1 / n_b)
        if var == 0:
            if fa != fb:
                return math.inf
            continue
        worst = max(worst, abs(fa - fb) / math.sqrt(var))
    return worst
