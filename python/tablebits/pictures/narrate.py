"""What changed: one step of a game told in words, found by comparing two states.

``narrate(before, after, seat)`` compares the two positions as ``seat`` sees them
(``pictures.view``: hidden cards stay hidden) and says what happened: tiles placed and pushed
out, tricks won and the tracker's moves, coins paid, chips taken and returned, the end. It reads
differences between dicts and the move the engine says was made (``_step``); each game's module
has ``changes``, which tells only what the seat saw.
"""

from __future__ import annotations

from .._core import State
from . import _module, tell, view


def narrate(before: State, after: State, seat: int | None = None,
            actions: int | list[int] | None = None) -> list[str]:
    """The lines that tell what changed from ``before`` to ``after`` (one step apart), with
    the rules' reasons (who won the trick and why, a zeroed merchant, the coin cap, a
    collision), as ``seat`` sees it; the same lines caption ``to_svg(after, seat, before)``.

    ``actions`` is the move played (an action id, or a joint action with ``-1`` for seats
    that did not act), as a record holds it. Without it the move is found by trying the legal
    ones; when several lead to ``after`` (a new round's deal can hide which card was played)
    the lines give the net changes without their reasons."""
    return tell(before, after, seat, actions).lines


def legend(state: State, seat: int) -> list[str]:
    """What the seat needs to read the board, said once at the start (tiles' charms and dice,
    merchants' names and skills, the board line and the abilities)."""
    lines: list[str] = _module(state).legend(view(state, seat), state, seat)
    return lines


def rules_summary(state: State) -> str:
    """A few lines of the game's rules, and where the whole rules are."""
    summary: str = _module(state).SUMMARY
    return f"{summary}\nThe whole rules: docs/games/{state.game.id}.md"
