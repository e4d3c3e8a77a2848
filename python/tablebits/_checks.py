"""Argument checks shared by every entry point, written once."""

from __future__ import annotations

import os
from typing import Any


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_seed(seed: Any, name: str = "seed") -> int:
    """An int in [0, 2**64)."""
    if not is_int(seed) or not 0 <= seed < 2**64:
        raise ValueError(f"{name} must be an int in [0, 2**64), got {seed!r}")
    return seed


def check_optional_seed(seed: Any) -> int | None:
    """``None`` (seeded from the operating system) or an int in [0, 2**64)."""
    if seed is None:
        return None
    if not is_int(seed) or not 0 <= seed < 2**64:
        raise ValueError(f"seed must be an int in [0, 2**64) or None, got {seed!r}")
    return seed


def check_positive_int(value: Any, name: str) -> int:
    if not is_int(value) or value < 1:
        raise ValueError(f"{name} must be a positive int, got {value!r}")
    return value


def check_non_negative_int(value: Any, name: str) -> int:
    if not is_int(value) or value < 0:
        raise ValueError(f"{name} must be a non-negative int, got {value!r}")
    return value


def resolve_threads(threads: Any) -> int:
    """``None`` means every core; otherwise a positive int."""
    if threads is None:
        return os.cpu_count() or 1
    if not is_int(threads) or threads < 1:
        raise ValueError(f"threads must be a positive int or None, got {threads!r}")
    return threads
