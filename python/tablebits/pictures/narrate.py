"""What changed: one step of a game told in words, found by comparing two states.

``narrate(before, after, seat)`` compares the two positions as ``seat`` sees them
(``pictures.view``: hidden cards stay hidden) and says what happened: tiles placed and pushed
out, tricks won and the tracker's moves, coins paid, chips taken and returned, the end. It reads
differences between dicts, not a second copy of the rules; each game's module has ``changes``.
"""

from __future__ import annotations

from .._core import State
from . import _module, view


def narrate(before: State, after: State, seat: int | None = None) -> list[str]:
    """The lines that tell what changed from ``before`` to ``after`` (one step apart)."""
    if before.game != after.game:
        raise ValueError("before and after must be states of the same game")
    lines: list[str] = _module(after).changes(view(before, seat), view(after, seat), after)
    return lines
