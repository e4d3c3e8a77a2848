"""One player at a time over any game: simultaneous nodes as a hidden sequence of choices.

Ecosystems whose agents act one after another (PettingZoo's AEC envs, OpenSpiel's sequential
games, a single learner among bots) see a simultaneous node of a tablebits game as a run of
single choices: its acting players choose in seat order, each choice is held back, and the
joint action is applied when the last of them has chosen. Nothing about a held-back choice
reaches the state before then, so no player's observation can show another's pending choice.
A sequential node is a single choice applied at once.
"""

from __future__ import annotations

import operator
from typing import Any

from .._core import TERMINAL, IllegalActionError, State


def as_action(action: Any) -> int:
    """An action id as a Python int (numpy integers welcome); anything else is a TypeError."""
    if isinstance(action, bool):
        raise TypeError("an action must be an int, not a bool")
    try:
        return operator.index(action)
    except TypeError:
        raise TypeError(f"an action must be an int, not {type(action).__name__}") from None


class Turns:
    """A ``State`` plus the choices made so far at its simultaneous node (if it is one), and
    the state before the last step (``before``, None at the start), which a rendered frame
    captions."""

    __slots__ = ("before", "pending", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self.pending: dict[int, int] = {}
        self.before: State | None = None

    def __deepcopy__(self, memo: dict[int, object]) -> Turns:
        copy = Turns(self.state.clone())
        copy.pending = dict(self.pending)
        copy.before = None if self.before is None else self.before.clone()
        return copy

    def __getstate__(self) -> tuple[State, dict[int, int], State | None]:
        return self.state, self.pending, self.before

    def __setstate__(self, data: tuple[State, dict[int, int], State | None]) -> None:
        self.state, self.pending, self.before = data

    def to_move(self) -> int:
        """The player who chooses next, or ``TERMINAL``."""
        state = self.state
        if state.is_terminal():
            return TERMINAL
        if not state.is_simultaneous_node():
            return state.current_player()
        for p in state.acting_players():
            if p not in self.pending:
                return p
        raise AssertionError("every acting player has chosen but the joint action is unapplied")

    def legal_actions(self, player: int) -> list[int]:
        """``player``'s legal choices now: empty unless ``player`` is the one to move."""
        return self.state.legal_actions(player) if player == self.to_move() else []

    def choose(self, player: int, action: Any) -> bool:
        """``player`` picks ``action``; returns whether the state moved (False: choice held).

        A player who is not the one to move raises ``ValueError``, an action outside their legal
        set ``tb.IllegalActionError`` (a ``ValueError``), each naming the problem; nothing
        changes.
        """
        action = as_action(action)
        mover = self.to_move()
        if mover == TERMINAL:
            raise ValueError("the game is over: no player can act")
        if player != mover:
            raise ValueError(f"it is player {mover}'s turn to choose, not player {player}'s")
        legal = self.state.legal_actions(player)
        if action not in legal:
            raise IllegalActionError(
                f"illegal action {action!r} for player {player}; legal actions: {legal}"
            )
        state = self.state
        if not state.is_simultaneous_node():
            self.before = state.clone()
            state.apply_action(action)
            return True
        self.pending[player] = action
        if len(self.pending) < len(state.acting_players()):
            return False
        joint = [self.pending.get(p, -1) for p in range(state.game.num_players)]
        self.before = state.clone()
        state.apply_actions(joint)
        self.pending.clear()
        return True
