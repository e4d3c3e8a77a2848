"""One table of ``tablebits serve``: a game in progress, its seats, and the rules of the room.

A ``Table`` holds the state and the record being written, the choices the human seats have
made at a simultaneous node (the step is applied once every acting seat has chosen), an undo
that every human seat must agree to, and the error that ended it if a bot failed. Everything
that changes it is checked first: a move that is not legal, made for another step than the
current one, or by a seat that is not acting raises ``MoveError`` and changes nothing.

It knows nothing of the web: the app calls it from one event loop, so it needs no lock, and
bots decide on copies of its state in other threads (``bots.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .._checks import is_int
from .._core import SIMULTANEOUS, Game, State
from ..bots.builtin import Bot
from ..records import Action, GameRecord, RecordWriter, bot_name

HUMAN = "human"  #: the name of a person's seat, in the record and on the page


class MoveError(ValueError):
    """A request the table refuses (an illegal or stale move, an undo with nothing to undo):
    nothing has changed."""


@dataclass
class UndoRequest:
    """An undo asked for and not yet agreed by every human seat: back to step ``to``."""

    to: int
    asked_by: int
    agreed: set[int] = field(default_factory=set)


class Table:
    """A game of ``game`` from ``seed`` with ``players[p]`` at seat ``p``: ``None`` for a
    person, else a bot (anything with ``act(state, player)``)."""

    def __init__(self, game: Game, seed: int, players: list[Bot | None]) -> None:
        if len(players) != game.num_players:
            raise ValueError(f"{game.id} has {game.num_players} seats; got {len(players)}")
        self.game = game
        self.seed = seed
        self.players = list(players)
        self.names = [HUMAN if bot is None else bot_name(bot) for bot in players]
        self.humans = [p for p, bot in enumerate(players) if bot is None]
        self.writer = RecordWriter(game, seed, self.names)
        self.states: list[State] = [game.new_initial_state(seed)]
        self.chosen: dict[int, int] = {}  #: choices made at the current simultaneous node
        self.undo_request: UndoRequest | None = None
        self.failure: str | None = None  #: why the table ended early (a bot failed)
        self.thinking: set[int] = set()  #: the bot seats deciding now
        self.version = 0  #: counts the changes: a bot's decision for an older one is dropped

    @property
    def state(self) -> State:
        """The current position (the table's own: copy it before handing it out)."""
        return self.states[-1]

    @property
    def step(self) -> int:
        """The number of steps played: a move names the step it is made for."""
        return len(self.writer.actions)

    @property
    def over(self) -> bool:
        """The game has ended, by its rules or by a failure."""
        return self.failure is not None or self.state.is_terminal()

    def acting(self) -> list[int]:
        """The seats that act at the current node (none once the game is over)."""
        if self.over:
            return []
        return list(self.state.acting_players())

    def waiting_for(self) -> list[int]:
        """The acting seats that have not chosen yet."""
        return [p for p in self.acting() if p not in self.chosen]

    def bots_to_act(self) -> list[int]:
        """The bot seats whose decision the table waits for."""
        return [p for p in self.waiting_for() if self.players[p] is not None]

    def bot(self, seat: int) -> Bot:
        """The bot at ``seat`` (a seat that is not a person's)."""
        bot = self.players[seat]
        if bot is None:
            raise ValueError(f"player {seat} is a person, not a bot")
        return bot

    def legal_moves(self, seat: int) -> list[int]:
        """The actions ``seat`` may make now: none unless it acts and has not chosen."""
        if seat not in self.waiting_for():
            return []
        return list(self.state.legal_actions(seat))

    def move(self, seat: int, step: object, action: object) -> bool:
        """``seat`` plays ``action`` at step ``step``; True when the game moved on (False: a
        choice kept until every acting seat has chosen). ``MoveError`` changes nothing."""
        if self.failure is not None:
            raise MoveError(f"the table has ended: {self.failure}")
        if self.state.is_terminal():
            raise MoveError("the game is over")
        if not is_int(step) or not is_int(action):
            raise MoveError("a move names its step and its action by their numbers")
        if step != self.step:
            raise MoveError(f"that move was made for step {step}, but the game is at step "
                            f"{self.step}: look again at the table")
        if seat not in self.acting():
            raise MoveError(f"player {seat} does not act now")
        if seat in self.chosen:
            raise MoveError(f"player {seat} has already chosen at this step")
        if action not in self.state.legal_actions(seat):
            raise MoveError(f"action {action} is not a legal move for player {seat} now")
        if self.state.current_player() != SIMULTANEOUS:
            self._apply(int(action))
            return True
        self.chosen[seat] = int(action)
        if self.waiting_for():
            return False
        joint = [self.chosen.get(p, -1) for p in range(self.game.num_players)]
        self._apply(joint)
        return True

    def _apply(self, action: Action) -> None:
        state = self.state.clone()
        self.writer.apply(state, action)
        self.states.append(state)
        self._changed()

    def _changed(self) -> None:
        self.chosen = {}
        self.undo_request = None
        self.version += 1

    def last_decision(self, seat: int) -> int | None:
        """The step of ``seat``'s last decision, or None."""
        return self.writer.last_decision(seat)

    def ask_undo(self, seat: int) -> bool:
        """``seat`` (a human) asks to go back to its last decision, or agrees to the undo
        another human asked for; True when every human has agreed and the table went back."""
        if seat not in self.humans:
            raise MoveError(f"player {seat} is a bot")
        if self.failure is not None:
            raise MoveError(f"the table has ended: {self.failure}")
        if self.undo_request is None:
            to = self.last_decision(seat)
            if to is None:
                raise MoveError(f"nothing to undo: player {seat} has made no move yet")
            self.undo_request = UndoRequest(to, seat)
        self.undo_request.agreed.add(seat)
        if self.undo_request.agreed < set(self.humans):
            return False
        to = self.undo_request.to
        self.writer.truncate(to)
        del self.states[to + 1:]
        self._changed()
        return True

    def refuse_undo(self, seat: int) -> None:
        """``seat`` (a human) turns down the undo asked for."""
        if seat not in self.humans:
            raise MoveError(f"player {seat} is a bot")
        if self.undo_request is None:
            raise MoveError("nobody has asked to undo")
        self.undo_request = None

    def fail(self, why: str) -> None:
        """Ends the table early (a bot failed or overran its time): nobody can move."""
        self.failure = why
        self.thinking = set()
        self.version += 1

    def record(self) -> GameRecord:
        """The finished game's record (``tablebits replay`` reads it); ``MoveError`` before
        the game is over."""
        if not self.state.is_terminal():
            raise MoveError("the game is not over: its record is written at the end")
        return self.writer.finish(self.state)
