"""tb.simulate: many whole random games played in C++, results as numpy arrays."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ._core import Game
from .jobs import runner
from .jobs.job import SimulateJob
from .jobs.results import GameArrays, json_number
from .jobs.summary import SimulationSummary, sole_winners
from .stats import Interval

if TYPE_CHECKING:
    from matplotlib.figure import Figure


@dataclass(frozen=True, kw_only=True)
class SimulationResult(GameArrays):
    """Per-game results of ``simulate``; row ``i`` is game ``i`` of the job."""

    @property
    def winners(self) -> np.ndarray:
        """int (games,): the sole winner's seat, or -1 when the win is shared (or nobody won)."""
        return sole_winners(self.returns)

    def summarize(self) -> SimulationSummary:
        """The summary-mode statistics of these games (what ``keep_games=False`` returns)."""
        summary = SimulationSummary(
            game_id=self.game_id, params=self.params, seed=self.seed,
            players=self.returns.shape[1], seconds=self.seconds,
            startup_seconds=self.startup_seconds,
        )
        summary.add(self.returns, self.scores, self.lengths, self.truncated, self.starts)
        return summary

    def win_rates(self) -> list[Interval]:
        """Per seat: mean win share with its 95% confidence interval."""
        return self.summarize().win_rates()

    def summary(self) -> str:
        """A short text table: speed, seat win rates with 95% CIs, draws, mean scores."""
        return self.summarize().summary()

    def to_dict(self) -> dict[str, Any]:
        """The numbers of ``summary()`` (unrounded) as a JSON-able dict: a cooperative game
        (Fox Duet) has ``team_wins`` and ``team_losses`` where others have
        ``draws_or_shared_wins``."""
        summary = self.summarize()
        outcome: dict[str, float]
        if summary.cooperative:
            wins, losses = summary.team_results()
            outcome = {"team_wins": wins, "team_losses": losses}
        else:
            shared = float((self.winners == -1).mean()) if self.games else 0.0
            outcome = {"draws_or_shared_wins": shared}
        return {
            **self._job_dict(),
            "seats": [
                {"seat": seat, "win_share": json_number(rate), "ci_low": low, "ci_high": high,
                 "mean_score": float(self.scores[:, seat].mean()) if self.games else None}
                for seat, (rate, low, high) in enumerate(summary.win_rates())
            ],
            **outcome,
            "positions": summary.positions.to_list(),
        }

    def plot(self, path: str | os.PathLike[str] | None = None) -> Figure:
        """A matplotlib Figure: win share per seat with 95% intervals, score distribution per
        seat, game-length histogram; saved to ``path`` when given (needs tablebits[plot])."""
        from .figures.results import simulation_figure

        return simulation_figure(self, path)


def simulate(
    game: Game | str,
    /,
    games: int = 100_000,
    *,
    seed: int = 0,
    threads: int | None = None,
    progress: bool = False,
    keep_games: bool = True,
    backend: str = "local",
    address: str | None = None,
    task_seconds: float = 1.0,
    **params: Any,
) -> SimulationResult | SimulationSummary:
    """Plays ``games`` games of ``game`` (a Game, or a game id with ``params``) with uniformly
    random legal moves, in C++.

    Game ``i`` is determined by ``(seed, i)`` alone, so the results are identical for any
    ``threads`` and either backend. With ``progress=True`` a tqdm progress bar tracks the run
    (work is done in chunks between which the bar updates; the GIL is released while a chunk
    runs).

    ``keep_games=True`` returns a ``SimulationResult`` with one row per game (a job too large for
    memory raises ``MemoryError`` before allocating); ``keep_games=False`` (summary mode) returns a
    ``SimulationSummary``: the same statistics and table, merged chunk by chunk, in memory that
    does not grow with ``games``.

    ``backend="ray"`` runs the chunks as Ray tasks (``pip install 'tablebits[ray]'``):
    ``address=None`` starts or joins Ray on this machine, ``"auto"`` or ``"ray://HOST:PORT"``
    joins a cluster (docs/distributed.md). There ``threads`` is the threads (and CPUs) of one
    task, 1 by default, and chunk sizes adapt so that a task runs about ``task_seconds``.
    """
    g, games, seed = runner.check_job(game, games, seed, params)
    job = SimulateJob(
        game_id=g.id, params=g.params, blob=g._params_blob(), seed=seed, players=g.num_players
    )
    options = runner.RunOptions(threads, progress, keep_games, backend, address, task_seconds)
    outcome = runner.run(job, games, options)
    if outcome.arrays is None:
        return outcome.summary  # type: ignore[return-value]
    returns, scores, lengths, truncated, starts = outcome.arrays
    return SimulationResult(
        game_id=g.id, params=g.params, seed=seed, returns=returns, scores=scores,
        lengths=lengths, truncated=truncated, starts=starts, seconds=outcome.seconds,
        startup_seconds=outcome.startup_seconds,
    )
