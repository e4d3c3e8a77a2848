"""Ratings from pairwise games: a Bradley–Terry model fitted with ``choix``
(``pip install tablebits[ratings]``), with 95% intervals from a bootstrap over games.

The input is, per pair of bots, the distribution of game outcomes: in each game, each bot's win
share per seat it held. A game adds those numbers as pairwise "wins" (bot a's share beats bot
b, b's share beats a), which is what Bradley–Terry fits. Under a Luce model of the winning seat
(a seat of bot i wins with a probability proportional to i's strength), a's and b's per-seat
shares have expected ratio strength(a) : strength(b) whatever the number of seats each held, so
games with uneven seat splits (2 against 1 in a three-player game) add no bias. Ratings are
in Elo points (400 log10 of the strength ratio), with the anchor bot at 0.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..stats import Interval

__all__ = ["ELO", "PairGames", "fit_ratings", "win_matrix"]

#: Elo points per unit of Bradley–Terry log-strength.
ELO = 400 / math.log(10)
#: Pseudo-games added to every pair, half a win each way: a bot that won every game against
#: another gets a large but finite rating gap (the data alone put it at infinity).
PRIOR_WINS = 0.5
#: Bootstrap resamples behind each interval.
RESAMPLES = 500


@dataclass(frozen=True)
class PairGames:
    """The games between bots ``a`` and ``b``: ``outcomes[k]`` is (a's win share per seat, b's
    win share per seat) of the ``counts[k]`` games that ended that way."""

    a: int
    b: int
    outcomes: np.ndarray  #: float64 (k, 2)
    counts: np.ndarray  #: int64 (k,)

    @property
    def games(self) -> int:
        return int(self.counts.sum())

    def wins(self) -> tuple[float, float]:
        """Total per-seat win shares of a and of b over the games."""
        a, b = self.counts @ self.outcomes
        return float(a), float(b)


def _choix() -> Any:
    try:
        import choix
    except ImportError:
        raise ImportError("ladder ratings need choix: pip install 'tablebits[ratings]'") from None
    return choix


def win_matrix(bots: int, pairs: Sequence[PairGames], counts: Sequence[np.ndarray] | None = None
               ) -> np.ndarray:
    """float64 (bots, bots): ``[i, j]`` = i's wins over j (per-seat win shares, plus the prior).

    ``counts`` replaces each pair's game counts (a bootstrap resample)."""
    wins = np.zeros((bots, bots))
    for k, pair in enumerate(pairs):
        n = pair.counts if counts is None else counts[k]
        a, b = n @ pair.outcomes
        wins[pair.a, pair.b] += a + PRIOR_WINS
        wins[pair.b, pair.a] += b + PRIOR_WINS
    return wins


def _strengths(wins: np.ndarray, start: np.ndarray | None = None) -> np.ndarray:
    """Bradley–Terry log-strengths, the maximum-likelihood fit (from ``start`` if given)."""
    return np.asarray(
        _choix().ilsr_pairwise_dense(wins, initial_params=start, max_iter=10_000, tol=1e-8)
    )


def fit_ratings(
    bots: int, pairs: Sequence[PairGames], anchor: int, seed: int = 0,
    resamples: int = RESAMPLES,
) -> list[Interval]:
    """Per bot: its Elo rating (``anchor`` at 0) with a 95% percentile-bootstrap interval.

    Each resample redraws every pair's games with replacement (as many as it played) and
    refits; ``seed`` seeds the resampling, so the same input and seed give the same intervals.
    Every bot must be connected to the others by pairs.
    """
    point = _strengths(win_matrix(bots, pairs))
    rng = np.random.default_rng(seed)
    draws = [rng.multinomial(p.games, p.counts / max(p.games, 1), size=resamples) for p in pairs]
    boot = np.array([
        _strengths(win_matrix(bots, pairs, [d[r] for d in draws]), point)
        for r in range(resamples)
    ])
    elo = ELO * (point - point[anchor])
    low, high = np.percentile(ELO * (boot - boot[:, [anchor]]), [2.5, 97.5], axis=0)
    return [Interval(float(elo[i]), float(low[i]), float(high[i])) for i in range(bots)]
