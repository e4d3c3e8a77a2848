"""Expert iteration's gate: a candidate network becomes the teacher only if it beats the
accepted one, so a bad fit never replaces a good network.

Both play as ``Baseline`` bots (PUCT with their network, ``gate_iterations`` per decision) in a
reproducible arena, game ``i`` seeded from the run's seed and round. In a competitive game they
hold alternate seats (A, B, A, B, ...), rotating; with an odd number of players half the games
give the extra seat to the other network. The candidate's share is its part of all the wins.
In a cooperative game each network plays every seat of the same deals in turn, and the
candidate's "share" is ``0.5 + its team win rate - the accepted one's``.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from .._core import Game
from ..arena import arena_job, arena_result
from ..bots.baseline import Baseline
from ..jobs import runner

__all__ = ["gate_share"]


def gate_share(game: Game, candidate: Path, accepted: Path, games: int, iterations: int,
               seed: int, round_index: int, threads: int, needed: float) -> tuple[float, float]:
    """(the candidate's share, the share it needs) over ``games`` games against ``accepted``."""
    bots = [Baseline(game, iterations, weights=path, seed=0) for path in (candidate, accepted)]
    arena_seed = (seed * 1_000_003 + round_index) % 2**63
    options = runner.RunOptions(threads=threads, keep_games=True)

    def returns_of(pair: list[Baseline], entry_bot: list[int] | None, count: int) -> np.ndarray:
        """Per bot of ``pair``, its total returns over ``count`` games."""
        job = arena_job(game, pair, arena_seed, entry_bot)
        result = arena_result(job, runner.run(job, count, options))
        seats = result.seats  # type: ignore[union-attr]  # keep_games: an ArenaResult
        returns = result.returns  # type: ignore[union-attr]
        return np.array([float(returns[seats == b].sum()) for b in range(len(pair))])

    if game.info.cooperative:
        rates = [returns_of([bot], None, games)[0] / (games * game.num_players) for bot in bots]
        return float(0.5 + rates[0] - rates[1]), needed  # a float the history's JSON takes
    players = game.num_players
    alternate = [e % 2 for e in range(players)]
    swapped = games // 2 if players % 2 else 0
    totals = returns_of(bots, alternate, games - swapped)
    if swapped:
        totals += returns_of(bots[::-1], alternate, swapped)[::-1]
    return float(totals[0] / totals.sum()) if totals.sum() else 0.5, needed
