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


def legend(state: State, seat: int) -> list[str]:
    """What the seat needs to read the board, said once at the start (tiles' charms and dice,
    merchants' names and skills, the board line and the abilities)."""
    lines: list[str] = _module(state).legend(view(state, seat), state, seat)
    return lines


def rules_summary(state: State) -> str:
    """A few lines of the game's rules, and where the whole rules are."""
    summary: str = _module(state).SUMMARY
    return f"{summary}\nThe whole rules: docs/games/{state.game.id}.md"
