"""tb.simulate: many whole random games played in C++, results as numpy arrays."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from . import _batch
from ._checks import check_non_negative_int, check_seed, resolve_threads
from ._core import Game
from ._registry import resolve_game
from .jobs import GameRecords, json_number, run_chunked
from .stats import Interval, share_interval

if TYPE_CHECKING:
    from matplotlib.figure import Figure


@dataclass(frozen=True, kw_only=True)
class SimulationResult(GameRecords):
    """Per-game results of ``simulate``; row ``i`` is game ``i`` of the job."""

    @property
    def winners(self) -> np.ndarray:
        """int (games,): the sole winner's seat, or -1 when the win is shared (or nobody won)."""
        sole = (self.returns == 1.0).sum(axis=1) == 1
        full = self.returns.sum(axis=1) == 1.0
        return np.where(sole & full, self.returns.argmax(axis=1), -1)

    def win_rates(self) -> list[Interval]:
        """Per seat: mean win share with its 95% confidence interval."""
        return [share_interval(self.returns[:, seat]) for seat in range(self.returns.shape[1])]

    def summary(self) -> str:
        """A short text table: speed, seat win rates with 95% CIs, draws, mean scores."""
        shared = float((self.winners == -1).mean()) if self.games else 0.0
        lines = [
            f"{self.game_id}: {self.games:,} random games in {self.seconds:.2f} s "
            f"({self.games_per_second:,.0f} games/s), mean length {self.lengths.mean():.1f} moves",
            f"{'seat':>6} {'win share':>10} {'95% CI':>16} {'mean score':>11}",
        ]
        for seat, (rate, low, high) in enumerate(self.win_rates()):
            lines.append(
                f"{seat:>6} {rate:>10.4f} {f'[{low:.4f}, {high:.4f}]':>16} "
                f"{float(self.scores[:, seat].mean()):>11.2f}"
            )
        lines.append(f"draws / shared wins: {shared:.4f}")
        return "\n".join(lines + self._truncation_line())

    def to_dict(self) -> dict[str, Any]:
        """The numbers of ``summary()`` (unrounded) as a JSON-able dict."""
        return {
            **self._job_dict(),
            "seats": [
                {"seat": seat, "win_share": json_number(rate), "ci_low": low, "ci_high": high,
                 "mean_score": float(self.scores[:, seat].mean()) if self.games else None}
                for seat, (rate, low, high) in enumerate(self.win_rates())
            ],
            "draws_or_shared_wins": float((self.winners == -1).mean()) if self.games else 0.0,
        }

    def plot(self, path: str | os.PathLike[str] | None = None) -> Figure:
        """A matplotlib Figure: win share per seat with 95% intervals, score distribution per
        seat, game-length histogram; saved to ``path`` when given (needs tablebits[plot])."""
        from .plot import simulation_figure

        return simulation_figure(self, path)


def simulate(
    game: Game | str,
    games: int = 100_000,
    *,
    seed: int = 0,
    threads: int | None = None,
    progress: bool = False,
    **params: Any,
) -> SimulationResult:
    """Plays ``games`` games of ``game`` (a Game, or a game id with ``params``) with uniformly
    random legal moves, in C++.

    Game ``i`` is determined by ``(seed, i)`` alone, so the arrays are identical for any
    ``threads``. With ``progress=True`` a tqdm progress bar tracks the run (work is done in
    chunks between which the bar updates; the GIL is released while a chunk runs).
    """
    g = resolve_game(game, **params)
    check_non_negative_int(games, "games")
    check_seed(seed)
    nthreads = resolve_threads(threads)
    players = g.num_players
    returns = np.zeros((games, players), np.float32)
    scores = np.zeros((games, players), np.float32)
    lengths = np.zeros(games, np.uint32)
    truncated = np.zeros(games, np.bool_)
    blob = g._params_blob()

    def run(first: int, end: int) -> None:
        _batch.simulate_chunk(
            g.id, blob, seed, first, returns[first:end], scores[first:end],
            lengths[first:end], truncated[first:end].view(np.uint8), nthreads,
        )

    seconds = run_chunked(g.id, games, max(10_000, 2_000 * nthreads), progress, run)
    return SimulationResult(
        game_id=g.id, params=g.params, seed=seed, returns=returns, scores=scores,
        lengths=lengths, truncated=truncated, seconds=seconds,
    )
