"""Wording shared by the messages and tables: counts with their noun."""

from __future__ import annotations


def count(n: int, noun: str) -> str:
    """``"1 game"``, ``"2 games"``, ``"1,000 games"``: ``n`` and ``noun``, plural unless one."""
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {noun}s"
