"""Expert iteration's gate: a candidate network becomes the teacher only if it beats the
accepted one, so a bad fit never replaces a good network.

Both play as ``Baseline`` bots (PUCT with their network, ``gate_iterations`` per decision) in
reproducible arenas, game ``i`` seeded from the run's seed and round. The candidate's "share"
is what the gate compares with the share it needs:

- **against each other** (a competitive game, the default): they hold alternate seats (A, B, A,
  B, ...), rotating; with an odd number of players half the games give the extra seat to the
  other network. The share is the candidate's part of all the wins.
- **against a fixed opponent** (``against``, a reproducible bot such as ``ismcts:4000``): each
  network takes one seat among copies of the opponent, rotating, over the same deals, and the
  share is ``0.5 + the candidate's part of the wins - the accepted one's``. This measures what
  the targets measure (one network among search bots), where network against network rewards
  what a search bot does not let it keep.
- **a cooperative game**: each network plays every seat of the same deals in turn, and the
  share is ``0.5 + its team win rate - the accepted one's``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

import numpy as np

from .._core import Game
from ..arena import arena_job, arena_result
from ..bots.baseline import Baseline
from ..bots.builtin import BuiltinBot
from ..bots.spec import parse
from ..jobs import runner

__all__ = ["Gate", "check_opponent", "gate_share"]


class Gate(NamedTuple):
    """A gate's verdict: the candidate passes when ``share >= needed``."""

    share: float
    needed: float
    #: with a fixed opponent: (the candidate's, the accepted network's) part of the wins
    against: tuple[float, float] | None = None


def check_opponent(game: Game, spec: str) -> BuiltinBot:
    """The gate's fixed opponent ``spec``, checked: ``ValueError`` for a bad name, a time
    limit (the gate must decide the same way on any machine) or a cooperative game."""
    if game.info.cooperative:
        raise ValueError(f"{game.id} is cooperative: its gate already plays each network "
                         "against the game itself; gate_against is for competitive games")
    bot = parse(spec, game)
    if not bot.config.reproducible:
        raise ValueError(f"gate_against {spec!r} has a time limit; give it iterations "
                         "(for example ismcts:4000) so the gate decides the same on any machine")
    return bot


def gate_share(game: Game, candidate: Path, accepted: Path, games: int, iterations: int,
               seed: int, round_index: int, threads: int, needed: float,
               against: str = "", backend: str = "local", address: str | None = None) -> Gate:
    """The gate over ``games`` games of ``candidate`` against ``accepted``, or of each of them
    against the bot ``against`` when it is given. ``backend="ray"`` plays them as Ray tasks
    (``address`` as in ``tb.arena``): the same games, so the same verdict."""
    bots = [Baseline(game, iterations, weights=path, seed=0) for path in (candidate, accepted)]
    arena_seed = (seed * 1_000_003 + round_index) % 2**63
    options = runner.RunOptions(threads=threads, keep_games=True, backend=backend,
                                address=address)

    def returns_of(pair: Sequence[BuiltinBot], entry_bot: list[int] | None,
                   count: int) -> np.ndarray:
        """Per bot of ``pair``, its total returns over ``count`` games."""
        job = arena_job(game, pair, arena_seed, entry_bot)
        result = arena_result(job, runner.run(job, count, options))
        seats = result.seats  # type: ignore[union-attr]  # keep_games: an ArenaResult
        returns = result.returns  # type: ignore[union-attr]
        return np.array([float(returns[seats == b].sum()) for b in range(len(pair))])

    if game.info.cooperative:
        rates = [returns_of([bot], None, games)[0] / (games * game.num_players) for bot in bots]
        return Gate(float(0.5 + rates[0] - rates[1]), needed)  # floats the history's JSON takes
    if against:
        opponent = check_opponent(game, against)
        parts = []
        for bot in bots:
            totals = returns_of([bot, opponent], None, games)
            parts.append(float(totals[0] / totals.sum()) if totals.sum() else 0.0)
        return Gate(0.5 + parts[0] - parts[1], needed, (parts[0], parts[1]))
    players = game.num_players
    alternate = [e % 2 for e in range(players)]
    swapped = games // 2 if players % 2 else 0
    totals = returns_of(bots, alternate, games - swapped)
    if swapped:
        totals += returns_of(bots[::-1], alternate, swapped)[::-1]
    return Gate(float(totals[0] / totals.sum()) if totals.sum() else 0.5, needed)
