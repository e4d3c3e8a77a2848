"""Turn order in the results: win share, score and game length by position.

The C++ drivers write each game's starting seat (``starting_seat<G>`` in core/drivers.hpp): the
seat at position 0 of the first round's turn order. Seat ``s`` then has position
``(s - start) mod N``. Per game, the rules pages (docs/games/) say what position 0 is: the
player who got tile 1 and the token (Good Fortune), the leader of the first trick, the
non-dealer (Fox Duet), the first parent (Color Mafia); Hội Phố plays every turn simultaneously
and has no turn order, so its position is the seat.

Counts are exact (histograms and integer sums), so chunking and merge order do not matter.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from ..stats import Interval
from .histogram import Histogram

__all__ = ["PositionStats", "mean_interval", "positions", "sole_winners"]

Z95 = 1.96


def sole_winners(returns: np.ndarray) -> np.ndarray:
    """int (games,): each game's sole winner's seat, or -1 when the win is shared (or nobody
    won), from the win shares by seat."""
    sole = (returns == 1.0).sum(axis=1) == 1
    full = returns.sum(axis=1) == 1.0
    return np.where(sole & full, returns.argmax(axis=1), -1)


def positions(starts: np.ndarray, players: int) -> np.ndarray:
    """int (games, players): each seat's position in the turn order, from the starting seats."""
    seats = np.arange(players)
    return (seats[None, :] - starts.astype(np.int64)[:, None]) % players


def mean_interval(total: Fraction, squares: Fraction, n: int) -> Interval:
    """Mean and normal 95% interval of a mean from exact sums of values and their squares."""
    if n == 0:
        return Interval(math.nan, math.nan, math.nan)
    mean = total / n
    variance = float(squares / n - mean * mean) if n > 1 else 0.0
    half = Z95 * math.sqrt(max(variance, 0.0) * n / max(n - 1, 1) / n)
    return Interval(float(mean), float(mean) - half, float(mean) + half)


@dataclass
class PositionStats:
    """Per position: a histogram of win shares and of scores; per starting seat: the number of
    games and the exact sum and square sum of their lengths."""

    players: int
    shares: list[Histogram] = field(default_factory=list)
    scores: list[Histogram] = field(default_factory=list)
    started: list[int] = field(default_factory=list)  #: games started by each seat
    length_sum: list[int] = field(default_factory=list)
    length_squares: list[int] = field(default_factory=list)
    shared: int = 0  #: games with a shared win or no winner

    def __post_init__(self) -> None:
        if not self.shares:
            self.shares = [Histogram() for _ in range(self.players)]
            self.scores = [Histogram() for _ in range(self.players)]
            self.started = [0] * self.players
            self.length_sum = [0] * self.players
            self.length_squares = [0] * self.players

    def add(self, returns: np.ndarray, scores: np.ndarray, lengths: np.ndarray,
            starts: np.ndarray, winners: np.ndarray | None = None) -> None:
        """Counts one chunk's games (per-seat arrays and each game's starting seat);
        ``winners`` is ``sole_winners(returns)`` when the caller has it already."""
        if winners is None:
            winners = sole_winners(returns)
        self.shared += int((winners == -1).sum())
        # one starting seat at a time: no (games, players) index arrays, only row subsets
        for start in range(self.players):
            mine = starts == start
            rows = int(np.count_nonzero(mine))
            if not rows:
                continue
            lengths64 = lengths[mine].astype(np.int64)
            self.started[start] += rows
            self.length_sum[start] += int(lengths64.sum())
            self.length_squares[start] += int((lengths64 * lengths64).sum())
            for k in range(self.players):
                seat = (start + k) % self.players
                self.shares[k] += Histogram.of(returns[mine, seat])
                self.scores[k] += Histogram.of(scores[mine, seat])

    def merge(self, other: PositionStats) -> None:
        self.shared += other.shared
        for k in range(self.players):
            self.shares[k] += other.shares[k]
            self.scores[k] += other.scores[k]
            self.started[k] += other.started[k]
            self.length_sum[k] += other.length_sum[k]
            self.length_squares[k] += other.length_squares[k]

    def win_shares(self) -> list[Interval]:
        """Per position: mean win share with its 95% (Wilson) interval."""
        return [h.share_interval() for h in self.shares]

    def mean_scores(self) -> list[Interval]:
        """Per position: mean score with its 95% (normal) interval."""
        return [mean_interval(h.moment(1), h.moment(2), h.n) for h in self.scores]

    def mean_lengths(self) -> list[Interval]:
        """Per starting seat: mean game length with its 95% (normal) interval."""
        return [
            mean_interval(Fraction(s), Fraction(q), n)
            for s, q, n in zip(self.length_sum, self.length_squares, self.started, strict=True)
        ]

    def to_list(self) -> list[dict[str, Any]]:
        """JSON-able rows: per position k, its win share and score, and the games started by
        seat k with their mean length."""
        def json_number(x: float) -> float | None:
            return x if math.isfinite(x) else None

        rows = []
        for k, (w, s, n) in enumerate(
            zip(self.win_shares(), self.mean_scores(), self.mean_lengths(), strict=True)
        ):
            rows.append({
                "position": k, "win_share": json_number(w.mean), "ci_low": w.low,
                "ci_high": w.high, "mean_score": json_number(s.mean),
                "score_ci_low": json_number(s.low), "score_ci_high": json_number(s.high),
                "games_started_by_seat": self.started[k],
                "mean_length_when_seat_starts": json_number(n.mean),
                "length_ci_low": json_number(n.low), "length_ci_high": json_number(n.high),
            })
        return rows

    def lines(self) -> list[str]:
        """The summary table's block on turn order."""
        out = [
            "by position in the turn order (0 = starts; see docs/balance.md); the last two "
            "columns: games started by the seat with that number, their mean length",
            f"{'pos':>6} {'win share':>10} {'95% CI':>16} {'mean score':>11} "
            f"{'started':>11} {'mean length':>11}",
        ]
        for k, (w, s, n) in enumerate(
            zip(self.win_shares(), self.mean_scores(), self.mean_lengths(), strict=True)
        ):
            label = f"pos {k}"  # not a bare number: tables are parsed by their seat rows
            out.append(
                f"{label:>6} {w.mean:>10.4f} {f'[{w.low:.4f}, {w.high:.4f}]':>16} "
                f"{s.mean:>11.2f} {self.started[k]:>11,} {n.mean:>11.1f}"
            )
        return out
