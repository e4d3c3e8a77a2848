"""A job as data: what runs one chunk (a range of game indices) of ``simulate`` or ``arena``.

The job objects are small and picklable, so the same chunk runs on a local thread or inside a
Ray task on another machine. Game ``i`` depends only on ``(seed, i)``, so any cut into chunks
gives the same games.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from .. import _batch
from .summary import ArenaSummary, SimulationSummary

if TYPE_CHECKING:
    from ..bots.builtin import BuiltinBot

#: Per-game arrays of one chunk: returns, scores, lengths, truncated, starts (each game's starting
#: seat, written by the C++ driver) and, for arena, entry seats.
ChunkArrays = tuple[np.ndarray, ...]


def _game_arrays(games: int, players: int) -> ChunkArrays:
    """Zeroed returns, scores, lengths, truncated flags and starting seats for ``games`` games."""
    return (
        np.zeros((games, players), np.float32),
        np.zeros((games, players), np.float32),
        np.zeros(games, np.uint32),
        np.zeros(games, np.bool_),
        np.zeros(games, np.uint8),
    )


@dataclass(frozen=True, kw_only=True)
class SimulateJob:
    """Random games of one game with one parameter set."""

    game_id: str
    params: dict[str, Any]
    blob: bytes  #: the parameters as the C++ engine reads them
    seed: int
    players: int

    @property
    def searching(self) -> bool:
        """Whether a bot searches (games take milliseconds or more, not microseconds)."""
        return False

    @property
    def record(self) -> bool:
        """Whether chunks return each game's decisions (arena's records=)."""
        return False

    @property
    def local_only(self) -> bool:
        """Whether the job needs objects of this process (a learned evaluator)."""
        return False

    def arrays(self, games: int) -> ChunkArrays:
        return _game_arrays(games, self.players)

    def run_into(self, first: int, out: ChunkArrays, threads: int) -> None:
        """Plays games ``first, first + 1, ...`` into the (equally long) arrays ``out``."""
        returns, scores, lengths, truncated, starts = out
        _batch.simulate_chunk(
            self.game_id, self.blob, self.seed, first, returns, scores, lengths,
            truncated.view(np.uint8), threads, starts=starts,
        )

    def empty_summary(self) -> SimulationSummary:
        return SimulationSummary(
            game_id=self.game_id, params=self.params, seed=self.seed, players=self.players
        )

    def summarize(self, out: ChunkArrays) -> SimulationSummary:
        summary = self.empty_summary()
        summary.add(*out)
        return summary


@dataclass(frozen=True, kw_only=True)
class ArenaJob:
    """Games between built-in bots; entry ``e`` of the rotation is bot ``entry_bot[e]``."""

    game_id: str
    params: dict[str, Any]
    blob: bytes
    seed: int
    players: int
    bots: list[str]
    entry_bot: list[int]
    bots_blob: bytes  #: per entry, its bot's configuration bytes (``config._bytes()``)
    searching: bool  #: whether a bot searches (games take milliseconds or more)
    record: bool = False  #: note every game's decisions (records=; local, keep_games only)
    #: the bots themselves (as ``bots``) when one has a learned evaluator (``PUCT``,
    #: ``Baseline``, ``Policy``, ``PIMC`` with one), else empty: an evaluator lives in the
    #: process that registered it, and ``bots_blob`` names it by its id there
    resolved: tuple[BuiltinBot, ...] = ()
    #: the caller accepted time-limited bots, whose games depend on the machine's speed
    allow_time_limits: bool = False

    @property
    def learned(self) -> tuple[BuiltinBot, ...]:
        """The bots with a learned evaluator; an error one raised ends the job after the
        chunk."""
        return tuple(b for b in self.resolved if b.learned)

    @property
    def local_only(self) -> bool:
        """Whether a learned bot cannot register its evaluator again in a Ray worker."""
        return any(not b.portable for b in self.learned)

    def entry_blob(self) -> bytes:
        """``bots_blob`` for this process: a copy of the job (a Ray worker's) rebuilds it from
        its copies of the learned bots, which registered their evaluators again."""
        if not self.resolved:
            return self.bots_blob
        return b"".join(self.resolved[b].config._bytes() for b in self.entry_bot)

    def arrays(self, games: int) -> ChunkArrays:
        return (*_game_arrays(games, self.players), np.zeros((games, self.players), np.int32))

    def run_into(self, first: int, out: ChunkArrays, threads: int) -> list[list[int]] | None:
        """Plays the chunk into ``out``; with ``record``, returns each game's noted decisions."""
        returns, scores, lengths, truncated, starts, entry_seats = out
        traces = _batch.arena_chunk(
            self.game_id, self.blob, self.entry_blob(), self.seed, first, entry_seats, returns,
            scores, lengths, truncated.view(np.uint8), threads, self.record,
            self.allow_time_limits, starts=starts,
        )
        for bot in self.learned:
            bot.config._raise_evaluator_error()
        return traces

    def seats(self, entry_seats: np.ndarray) -> np.ndarray:
        """int32 (games, players): the bot index per seat, from the entry index per seat."""
        return np.asarray(self.entry_bot, np.int32)[entry_seats]

    def empty_summary(self) -> ArenaSummary:
        counts = [self.entry_bot.count(b) for b in range(len(self.bots))]
        return ArenaSummary(
            game_id=self.game_id, params=self.params, seed=self.seed, bots=list(self.bots),
            seat_counts=counts, players=self.players,
        )

    def summarize(self, out: ChunkArrays) -> ArenaSummary:
        returns, scores, lengths, truncated, starts, entry_seats = out
        summary = self.empty_summary()
        summary.add(self.seats(entry_seats), returns, scores, lengths, truncated, starts)
        return summary


Job = SimulateJob | ArenaJob


@dataclass
class Outcome:
    """The per-game arrays (keep_games=True) or the summary, and the wall-clock seconds."""

    arrays: ChunkArrays | None
    summary: SimulationSummary | ArenaSummary | None
    seconds: float
    traces: list[list[int]] | None = None  #: an ArenaJob with ``record``: each game's decisions
    startup_seconds: float = 0.0  #: backend="ray": starting or joining Ray, before the run
