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


#: The last step applied: the state before it and its joint action (``-1`` for each seat that
#: did not act), which a rendered frame captions.
LastStep = tuple[State, list[int]]


class Turns:
    """A ``State`` plus the choices made so far at its simultaneous node (if it is one), and
    the last step applied (``last``, None at the start), which a rendered frame captions."""

    __slots__ = ("last", "pending", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self.pending: dict[int, int] = {}
        self.last: LastStep | None = None

    def __deepcopy__(self, memo: dict[int, object]) -> Turns:
        copy = Turns(self.state.clone())
        copy.pending = dict(self.pending)
        copy.last = None if self.last is None else (self.last[0].clone(), list(self.last[1]))
        return copy

    def __getstate__(self) -> tuple[State, dict[int, int], LastStep | None]:
        return self.state, self.pending, self.last

    def __setstate__(self, data: tuple[State, dict[int, int], LastStep | None]) -> None:
        self.state, self.pending, self.last = data

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
        players = range(state.game.num_players)
        if not state.is_simultaneous_node():
            # the move as well as the state: searched for, it can be one of several that lead
            # to the same position, and a frame's caption would lose its reasons
            self.last = (state.clone(), [action if p == player else -1 for p in players])
            state.apply_action(action)
            return True
        self.pending[player] = action
        if len(self.pending) < len(state.acting_players()):
            return False
        joint = [self.pending.get(p, -1) for p in players]
        self.last = (state.clone(), joint)
        state.apply_actions(joint)
        self.pending.clear()
        return True
