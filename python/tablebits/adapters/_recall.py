"""Perfect recall for any game: each player's action-observation history.

A player's information state is everything it has seen and done: its observation at the start,
then after every step its own action (if it acted) and its new observation. Two histories give
the same information state exactly when the player cannot tell them apart, which is what
counterfactual regret minimisation (OpenSpiel's CFR family) keys its tables by. Written once
over the generic API (``observation_string``, ``action_to_string``), so every game has it.

The steps are kept as actions and the text is built only when asked, by replaying them from the
starting state: stepping costs one list append, not an observation per player.
"""

from __future__ import annotations

from .._core import State


class Recall:
    """The steps applied to a game since ``start``, and what each player recalls of them.

    ``known`` is ``None`` when ``start`` is the game's initial state. After
    ``resample(player)`` the start is a redrawn state whose past is unknown: ``known`` then
    holds the one recall that stays true, that of ``player``, and only that player's
    information state can be asked for.
    """

    __slots__ = ("known", "start", "steps")

    def __init__(self, start: State, known: dict[int, list[str]] | None = None) -> None:
        self.start = start.clone()
        self.known = known
        self.steps: list[dict[int, int]] = []  #: per step: acting player -> its action

    def __deepcopy__(self, memo: dict[int, object]) -> Recall:
        copy = Recall(self.start, self.known)
        copy.steps = [dict(step) for step in self.steps]
        return copy

    def __getstate__(self) -> tuple[State, dict[int, list[str]] | None, list[dict[int, int]]]:
        return self.start, self.known, self.steps

    def __setstate__(
        self, data: tuple[State, dict[int, list[str]] | None, list[dict[int, int]]]
    ) -> None:
        self.start, self.known, self.steps = data

    def record(self, moves: dict[int, int]) -> None:
        """One applied step: the action of each acting player (one at a sequential node)."""
        self.steps.append(dict(moves))

    def events(self, player: int) -> list[str]:
        """What ``player`` has seen and done, one line per observation or own action."""
        if self.known is not None and player not in self.known:
            raise ValueError(
                f"this state was resampled for player {next(iter(self.known))}: only that "
                f"player's information state is known, not player {player}'s"
            )
        state = self.start.clone()
        lines = (
            list(self.known[player]) if self.known is not None
            else [state.observation_string(player)]
        )
        players = state.game.num_players
        for moves in self.steps:
            if player in moves:
                lines.append("you: " + state.action_to_string(moves[player], player))
            if state.is_simultaneous_node():
                state.apply_actions([moves.get(p, -1) for p in range(players)])
            else:
                (action,) = moves.values()
                state.apply_action(action)
            lines.append(state.observation_string(player))
        return lines

    def resampled(self, player: int, state: State) -> Recall:
        """The recall of ``state``, a redrawn version of this one's current state that
        ``player`` cannot tell apart from it: ``player``'s history carries over."""
        return Recall(state, {player: self.events(player)})
