"""Argument checks shared by every entry point, written once."""

from __future__ import annotations

import os
from typing import Any

import numpy as np


def is_int(value: Any) -> bool:
    """An integer: a Python int or numpy's (``np.int64(3)``, as numpy users pass them); never a
    bool, Python's or numpy's (``True`` is not a count)."""
    return (isinstance(value, (int, np.integer))
            and not isinstance(value, (bool, np.bool_)))


def check_seed(seed: Any, name: str = "seed") -> int:
    """An int in [0, 2**64), as a Python int."""
    if not is_int(seed) or not 0 <= seed < 2**64:
        raise ValueError(f"{name} must be an int in [0, 2**64), got {seed!r}")
    return int(seed)


def check_optional_seed(seed: Any) -> int | None:
    """``None`` (seeded from the operating system) or an int in [0, 2**64), as a Python int."""
    if seed is None:
        return None
    if not is_int(seed) or not 0 <= seed < 2**64:
        raise ValueError(f"seed must be an int in [0, 2**64) or None, got {seed!r}")
    return int(seed)


def check_positive_int(value: Any, name: str) -> int:
    """An int >= 1, as a Python int."""
    if not is_int(value) or value < 1:
        raise ValueError(f"{name} must be a positive int, got {value!r}")
    return int(value)


def check_non_negative_int(value: Any, name: str) -> int:
    """An int >= 0, as a Python int."""
    if not is_int(value) or value < 0:
        raise ValueError(f"{name} must be a non-negative int, got {value!r}")
    return int(value)


#: The most threads one call may start. Each thread holds its own buffers and stack, so an
#: absurd count (10**4, or 2**31 and more, which C++ cannot even represent) would only exhaust
#: memory; more threads than this gains nothing on any machine the library targets.
MAX_THREADS = 1024


def resolve_threads(threads: Any) -> int:
    """``None`` means every core; otherwise an int in 1..MAX_THREADS."""
    if threads is None:
        return min(os.cpu_count() or 1, MAX_THREADS)
    if not is_int(threads) or not 1 <= threads <= MAX_THREADS:
        raise ValueError(f"threads must be an int in 1..{MAX_THREADS} or None, got {threads!r}")
    return int(threads)
