"""One step of a game, as the pictures and the narration read it: the states before and after
and the action (or joint action) that led from one to the other.

The action is found by trying the legal ones on a copy of ``before``: the engine, not a second
copy of the rules, says which move was made. A game's module reads the actions only for facts
every player saw (a card played face up, a target chosen), never for hidden ones.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from .._core import State


@dataclass
class Step:
    """``before`` and ``after`` (full states), and ``actions``: one entry per seat (``-1`` for
    a seat that did not act) when found, else ``None`` (the states are not one step apart)."""

    before: State
    after: State
    actions: list[int] | None = field(default=None)

    @classmethod
    def between(cls, before: State, after: State, actions: int | list[int] | None = None
                ) -> Step:
        """The step from ``before`` to ``after``: ``actions`` as played (an action, or a joint
        action with ``-1`` for seats that did not act), else the one action that leads there
        if exactly one does."""
        if actions is None:
            return cls(before, after, find_actions(before, after))
        if isinstance(actions, int):
            mover = before.current_player()
            return cls(before, after, [actions if p == mover else -1
                                       for p in range(before.game.num_players)])
        return cls(before, after, [int(a) for a in actions])

    def played(self, seat: int) -> str | None:
        """What ``seat`` did in this step, as the action's string (``"play 7"``), or None."""
        if self.actions is None or self.actions[seat] < 0:
            return None
        text: str = self.before.action_to_string(self.actions[seat], seat)
        return text


def find_actions(before: State, after: State) -> list[int] | None:
    """The joint action (one entry per seat, ``-1`` where a seat did not act) that turns
    ``before`` into ``after``, or None when none does or several do (a new round's deal can
    wipe out the difference: two plays that earn the same coins before the cap)."""
    if before.is_terminal() or before.game != after.game:
        return None
    target: dict[str, Any] = after.to_dict()
    players = before.game.num_players
    if before.is_simultaneous_node():
        acting = set(before.acting_players())
        choices = [before.legal_actions(p) if p in acting else [-1] for p in range(players)]
        found = []
        for joint in itertools.product(*choices):
            trial = before.clone()
            trial.apply_actions(list(joint))
            if trial.to_dict() == target:
                found.append(list(joint))
        return found[0] if len(found) == 1 else None
    mover = before.current_player()
    found = []
    for action in before.legal_actions():
        trial = before.clone()
        trial.apply_action(action)
        if trial.to_dict() == target:
            found.append([action if p == mover else -1 for p in range(players)])
    return found[0] if len(found) == 1 else None


@dataclass
class Told:
    """The last step as one seat saw it: ``step``, the ``before`` state as that seat sees it
    (a view dict), and the ``lines`` that tell it (the picture's caption)."""

    step: Step
    before: dict[str, Any]
    lines: list[str]
