"""Summary mode: the statistics of a job, merged chunk by chunk, in memory that does not grow
with the number of games.

A summary keeps exact counts only: per seat (or bot) a histogram of win shares and of scores,
sole wins and shared results, a game-length histogram and the number of truncated games. Sums,
squares, means and confidence intervals are computed from those counts with exact rational
arithmetic, so they do not depend on how the job was cut into chunks or in which order the
chunks were merged: a summary built from the full per-game arrays and one merged from any
chunking are equal, field for field. The
histograms stay small because win shares and scores take few distinct values in every game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from .._registry import resolve_game
from ..stats import Interval
from .histogram import Histogram
from .positions import PositionStats, sole_winners

__all__ = ["ArenaSummary", "Histogram", "SimulationSummary", "sole_winners"]


def count(n: int, noun: str) -> str:
    """``"1 game"``, ``"2 games"``, ``"1,000 games"``: ``n`` and ``noun``, plural unless one
    (the wording of the tables and of ``tablebits replay``)."""
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {noun}s"


def _length_histogram(lengths: np.ndarray) -> np.ndarray:
    return np.bincount(lengths.astype(np.int64, copy=False)).astype(np.int64)


def _add_lengths(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    out = np.zeros(max(a.size, b.size), np.int64)
    out[: a.size] += a
    out[: b.size] += b
    return out


@dataclass(kw_only=True)
class _JobSummary:
    """What both summaries share: identity of the job, game count, lengths, truncated games,
    wall-clock time."""

    game_id: str
    params: dict[str, Any]
    seed: int
    players: int
    games: int = 0
    lengths: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    #: int64: ``lengths[k]`` games lasted ``k`` decision nodes
    truncated: int = 0  #: games ended by a safety cap (State.is_truncated)
    seconds: float = 0.0  #: wall-clock time of the run
    startup_seconds: float = 0.0  #: backend="ray": starting or joining Ray, before ``seconds``
    #: win share and score by position in the turn order, length by starting seat
    positions: PositionStats = field(default_factory=lambda: PositionStats(0))

    def __post_init__(self) -> None:
        if self.positions.players != self.players:
            self.positions = PositionStats(self.players)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else math.inf

    def mean_length(self) -> float:
        if not self.games:
            return 0.0
        return float(Fraction(int(np.arange(self.lengths.size) @ self.lengths), self.games))

    def _merge_common(self, other: _JobSummary) -> None:
        if (other.game_id, other.params, other.seed) != (self.game_id, self.params, self.seed):
            raise ValueError("cannot merge summaries of different jobs")
        self.games += other.games
        self.lengths = _add_lengths(self.lengths, other.lengths)
        self.truncated += other.truncated
        self.positions.merge(other.positions)

    def _add_common(
        self, returns: np.ndarray, scores: np.ndarray, lengths: np.ndarray,
        truncated: np.ndarray, starts: np.ndarray, winners: np.ndarray | None = None,
    ) -> None:
        self.positions.add(returns, scores, lengths, starts, winners)
        self.lengths = _add_lengths(self.lengths, _length_histogram(lengths))
        self.truncated += int(np.count_nonzero(truncated))
        self.games += int(lengths.shape[0])

    def _time(self) -> str:
        """The run's time, and Ray's start apart from it (it does not depend on the job)."""
        ray = f" (+ {self.startup_seconds:.2f} s starting Ray)" if self.startup_seconds else ""
        return f"{self.seconds:.2f} s{ray}"

    def _truncation_line(self) -> list[str]:
        """The table's line on truncated games, if there were any."""
        truncated = count(self.truncated, "game")
        return [f"truncated by the safety cap: {truncated}"] if self.truncated else []


@dataclass(kw_only=True)
class SimulationSummary(_JobSummary):
    """The statistics of ``tb.simulate(..., keep_games=False)``; memory O(1) in the games.

    ``returns[s]`` and ``scores[s]`` are histograms of seat ``s``'s win shares and raw points,
    ``sole_wins[s]`` counts the games seat ``s`` won alone, ``shared`` the games with a shared
    win or no winner. ``SimulationResult.summary()`` goes through this class, so both modes
    print the same table for the same job.
    """

    returns: list[Histogram] = field(default_factory=list)
    scores: list[Histogram] = field(default_factory=list)
    sole_wins: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    shared: int = 0

    def __post_init__(self) -> None:
        super().__post_init__()
        if not self.returns:
            self.returns = [Histogram() for _ in range(self.players)]
            self.scores = [Histogram() for _ in range(self.players)]
            self.sole_wins = np.zeros(self.players, np.int64)

    def add(
        self, returns: np.ndarray, scores: np.ndarray, lengths: np.ndarray, truncated: np.ndarray,
        starts: np.ndarray,
    ) -> None:
        """Counts the games of one chunk (rows of the per-game arrays)."""
        winners = sole_winners(returns)
        # before the histograms below, so that its temporaries are gone first (the peak, not
        # the sum)
        self._add_common(returns, scores, lengths, truncated, starts, winners)
        self.sole_wins += np.bincount(winners[winners >= 0], minlength=self.players)
        self.shared += int((winners == -1).sum())
        for seat in range(self.players):
            self.returns[seat] += Histogram.of(returns[:, seat])
            self.scores[seat] += Histogram.of(scores[:, seat])

    def merge(self, other: SimulationSummary) -> None:
        """Adds the counts of ``other`` (another chunk of the same job) to this summary."""
        self._merge_common(other)
        self.sole_wins = self.sole_wins + other.sole_wins
        self.shared += other.shared
        for seat in range(self.players):
            self.returns[seat] += other.returns[seat]
            self.scores[seat] += other.scores[seat]

    def win_rates(self) -> list[Interval]:
        """Per seat: mean win share with its 95% confidence interval."""
        return [h.share_interval() for h in self.returns]

    def mean_scores(self) -> list[float]:
        return [h.mean() for h in self.scores]

    @property
    def cooperative(self) -> bool:
        """The seats win or lose together (``GameInfo.utility == "identical"``: Fox Duet)."""
        return resolve_game(self.game_id, **self.params).info.utility == "identical"

    def team_results(self) -> tuple[float, float]:
        """A cooperative game's team wins and team losses, as fractions of the games."""
        if not self.games:
            return 0.0, 0.0
        outcomes = self.returns[0]  # every seat has the team's result
        return outcomes[1.0] / self.games, outcomes[0.0] / self.games

    def summary(self) -> str:
        """A short text table: speed, seat win rates with 95% CIs, draws, mean scores."""
        shared = self.shared / self.games if self.games else 0.0
        lines = [
            f"{self.game_id}: {count(self.games, 'random game')} in {self._time()} "
            f"({self.games_per_second:,.0f} games/s), mean length {self.mean_length():.1f} moves",
            f"{'seat':>6} {'win share':>10} {'95% CI':>16} {'mean score':>11}",
        ]
        for seat, ((rate, low, high), score) in enumerate(
            zip(self.win_rates(), self.mean_scores(), strict=True)
        ):
            lines.append(
                f"{seat:>6} {rate:>10.4f} {f'[{low:.4f}, {high:.4f}]':>16} {score:>11.2f}"
            )
        if self.cooperative:
            wins, losses = self.team_results()
            lines.append(f"team wins: {wins:.4f}, team losses: {losses:.4f} "
                         "(cooperative: the seats win or lose together)")
        else:
            lines.append(f"draws / shared wins: {shared:.4f}")
        return "\n".join(lines + self.positions.lines() + self._truncation_line())


@dataclass(kw_only=True)
class ArenaSummary(_JobSummary):
    """The statistics of ``tb.arena(..., keep_games=False)``; memory O(1) in the games.

    Per bot: ``shares[b]`` and ``scores[b]`` are histograms, over games, of the bot's mean win
    share and mean raw points over the seats it played; ``seat_counts[b]`` is how many seats it
    plays in every game (seats rotate, so the count is the same in each).
    """

    bots: list[str]
    seat_counts: list[int]
    shares: list[Histogram] = field(default_factory=list)
    scores: list[Histogram] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__post_init__()
        if not self.shares:
            self.shares = [Histogram() for _ in self.bots]
            self.scores = [Histogram() for _ in self.bots]

    def add(
        self,
        seats: np.ndarray,
        returns: np.ndarray,
        scores: np.ndarray,
        lengths: np.ndarray,
        truncated: np.ndarray,
        starts: np.ndarray,
    ) -> None:
        """Counts the games of one chunk; ``seats`` holds the bot index per seat, ``starts``
        each game's starting seat."""
        for bot in range(len(self.bots)):
            mine = seats == bot
            count = mine.sum(axis=1)
            played = count > 0
            for hist, values in ((self.shares[bot], returns), (self.scores[bot], scores)):
                total = np.where(mine, values, 0.0).sum(axis=1, dtype=np.float64)
                hist += Histogram.of(total[played] / count[played])
        self._add_common(returns, scores, lengths, truncated, starts)

    def merge(self, other: ArenaSummary) -> None:
        """Adds the counts of ``other`` (another chunk of the same job) to this summary."""
        self._merge_common(other)
        for bot in range(len(self.bots)):
            self.shares[bot] += other.shares[bot]
            self.scores[bot] += other.scores[bot]

    def win_shares(self) -> list[Interval]:
        """Per bot: mean win share per seat it played, with its 95% CI over games."""
        return [h.share_interval() for h in self.shares]

    def mean_scores(self) -> list[float]:
        """Per bot: mean raw game points per seat it played."""
        return [h.mean() for h in self.scores]

    def summary(self) -> str:
        """A short text table: speed, each bot's win share with a 95% CI, mean scores."""
        lines = [
            f"{self.game_id}: {count(self.games, 'game')} ({sum(self.seat_counts)} seats, "
            f"rotating) in {self._time()} ({self.games_per_second:,.1f} games/s), "
            f"mean length {self.mean_length():.1f} moves",
        ]
        names = [f"{b}:{bot}" for b, bot in enumerate(self.bots)]
        width = max(16, *map(len, names))  # the longest name sets the column
        lines.append(
            f"{'bot':>{width}} {'seats':>5} {'win share':>10} {'95% CI':>18} {'mean score':>11}"
        )
        for b, ((rate, low, high), score) in enumerate(
            zip(self.win_shares(), self.mean_scores(), strict=True)
        ):
            seats = self.seat_counts[b] if self.games else 0
            lines.append(
                f"{names[b]:>{width}} {seats:>5} {rate:>10.4f} "
                f"{f'[{low:.4f}, {high:.4f}]':>18} {score:>11.2f}"
            )
        return "\n".join(lines + self.positions.lines() + self._truncation_line())
