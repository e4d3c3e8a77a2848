"""tb.ladder: every pair of bots plays an arena, and the results become one rating per bot.

Competitive games: each pair of bots plays ``games`` games through the arena job layer, seats
rotating. The seats of a game are split between the two bots, alternating A, B, A, B, ... in
seat order before the rotation; with an odd number of seats one bot holds one seat more, so the
pair plays two arenas of half the games each, A holding the extra seat in the first and B in the
second. Every pair plays the same deals (games ``0, 1, ...`` of ``seed``). A Bradley–Terry
model fitted with ``choix`` (tablebits.ratings) turns the pairs' win shares into Elo ratings,
``random`` at 0, with 95% bootstrap intervals.

Cooperative games (Fox Duet) have no duel: each bot plays as the whole team, and its entry is
the team's win rate with a 95% Wilson interval.
"""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from .._checks import check_positive_int
from .._core import Game
from ..arena import ArenaResult, arena_job, arena_result
from ..bots.builtin import BuiltinBot, Random
from ..bots.spec import parse
from ..jobs import runner
from ..jobs.local import Progress
from ..jobs.results import json_number
from ..jobs.summary import ArenaSummary
from ..stats import Interval
from .ratings import PairGames, fit_ratings

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["LadderResult", "ladder"]


@dataclass(kw_only=True)
class LadderResult:
    """The ladder of one game: per bot, its rating (competitive games: Elo, ``random`` at 0)
    or team win rate (cooperative games), each with a 95% interval."""

    game_id: str
    params: dict[str, Any]
    seed: int
    games: int  #: games per pair of bots (competitive) or per bot (cooperative)
    bots: list[str]
    cooperative: bool
    ratings: list[Interval]  #: per bot: Elo rating, or team win rate when ``cooperative``
    pairs: list[PairGames] = field(default_factory=list)  #: the pairs' games (competitive)
    #: every arena played, in order: ArenaResult (keep_games=True) or ArenaSummary
    arenas: list[ArenaResult | ArenaSummary] = field(default_factory=list)
    reproducible: bool = True  #: False: time-limited bots played, the games depend on the machine
    seconds: float = 0.0

    @property
    def order(self) -> list[int]:
        """Bot indices from the highest rating down (ties: the order given)."""
        return sorted(range(len(self.bots)), key=lambda b: -self.ratings[b].mean)

    def pair_scores(self) -> np.ndarray:
        """float64 (bots, bots): ``[i, j]`` = i's share of the per-seat wins between i and j
        (0.5: even), NaN on the diagonal and in cooperative games."""
        scores = np.full((len(self.bots), len(self.bots)), math.nan)
        for pair in self.pairs:
            a, b = pair.wins()
            if a + b > 0:
                scores[pair.a, pair.b], scores[pair.b, pair.a] = a / (a + b), b / (a + b)
        return scores

    def sweeps(self) -> list[tuple[str, str]]:
        """(winner, loser) of the pairs where one bot took every win: the data put that gap at
        infinity, so its size comes from the prior (tablebits.ratings.PRIOR_WINS): a floor."""
        swept = []
        for pair in self.pairs:
            a, b = pair.wins()
            if pair.games and (a == 0 or b == 0) and a != b:
                win, lose = (pair.a, pair.b) if b == 0 else (pair.b, pair.a)
                swept.append((self.bots[win], self.bots[lose]))
        return swept

    def summary(self) -> str:
        """A text table: bots from the strongest down with their ratings (or team win rates)
        and 95% intervals, then the score of each pair."""
        kind = "team win rate" if self.cooperative else "Elo"
        per = "per bot (as the whole team)" if self.cooperative else "per pair"
        machine = "" if self.reproducible else " (time limits: not reproducible)"
        lines = [
            f"{self.game_id} ladder: {self.games:,} games {per}, seed {self.seed}, "
            f"{self.seconds:.1f} s{machine}",
            f"{'rank':>4}  {'bot':<20}{kind:>14}{'95% interval':>22}",
        ]
        number = "{:.4f}" if self.cooperative else "{:.0f}"
        for rank, b in enumerate(self.order, 1):
            mean, low, high = self.ratings[b]
            interval = f"[{number.format(low)}, {number.format(high)}]"
            lines.append(f"{rank:>4}  {self.bots[b]:<20}{number.format(mean):>14}{interval:>22}")
        if not self.cooperative:
            scores = self.pair_scores()
            lines.append("score of row against column (share of the per-seat wins):")
            lines.append(" " * 22 + "".join(f"{self.bots[b][:11]:>12}" for b in self.order))
            for i in self.order:
                cells = ("-" if i == j else f"{scores[i, j]:.3f}" for j in self.order)
                lines.append(f"{self.bots[i]:<22}" + "".join(f"{c:>12}" for c in cells))
            lines += [f"{w} won every game against {lo}: that gap is a floor set by the prior"
                      for w, lo in self.sweeps()]
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The ladder as a JSON-able dict: the job, each bot's rating with its interval, and
        (competitive games) each pair's games and per-seat win shares."""
        scores = self.pair_scores()
        return {
            "game": self.game_id, "params": self.params, "seed": self.seed, "games": self.games,
            "rating": "team_win_rate" if self.cooperative else "elo_bradley_terry",
            "anchor": "random", "reproducible": self.reproducible, "seconds": self.seconds,
            "bots": [
                {"bot": b, "name": self.bots[b], "rating": json_number(r.mean), "ci_low": r.low,
                 "ci_high": r.high}
                for b, r in enumerate(self.ratings)
            ],
            "pairs": [
                {"a": self.bots[p.a], "b": self.bots[p.b], "games": p.games,
                 "a_wins": p.wins()[0], "b_wins": p.wins()[1],
                 "a_score": json_number(scores[p.a, p.b])}
                for p in self.pairs
            ],
            "sweeps": [list(s) for s in self.sweeps()],
        }

    def plot(self, path: str | os.PathLike[str] | None = None) -> Figure:
        """A matplotlib Figure of the ratings with their 95% intervals, strongest on top;
        saved to ``path`` when given (needs tablebits[plot])."""
        from ..figures.results import ladder_figure

        return ladder_figure(self, path)


def _check_bots(bots: Sequence[BuiltinBot | str], game: Game) -> list[BuiltinBot]:
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise TypeError(f"bots must be a sequence of bots or bot names, got {bots!r}")
    if len(bots) < 2:
        raise ValueError(f"a ladder needs at least two bots, got {len(bots)}")
    resolved = [parse(b, game) if isinstance(b, str) else b for b in bots]
    names = [getattr(b, "name", repr(b)) for b in resolved]
    if len(set(names)) != len(names):
        raise ValueError(f"the ladder's bots must differ; got {names}")
    if not any(isinstance(b, Random) for b in resolved):
        raise ValueError(
            f"ratings are anchored at random (rating 0): add 'random' to the bots {names}"
        )
    return resolved


def _outcomes(summary: ArenaSummary, held: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """The distinct (bot 0's, bot 1's) win shares per seat of an arena's games, and their
    counts, from its summary: bot 0 held ``held[0]`` seats of every game, bot 1 the others, and
    their win shares add up to 1 in every game."""
    # sorted: the resampling draws by position, and a merged summary's order is the chunks'
    shares = np.array(sorted(summary.shares[0]), np.float64)
    counts = np.array([summary.shares[0][s] for s in shares.tolist()], np.int64)
    return np.column_stack([shares, (1.0 - held[0] * shares) / held[1]]), counts


def ladder(
    game: Game | str,
    /,
    bots: Sequence[BuiltinBot | str],
    games: int = 200,
    *,
    seed: int = 0,
    threads: int | None = None,
    progress: bool = False,
    keep_games: bool = True,
    backend: str = "local",
    address: str | None = None,
    task_seconds: float = 1.0,
    reproducible: bool = True,
    **params: Any,
) -> LadderResult:
    """Rates ``bots`` (built-in bots or short names, ``"random"`` among them) on ``game``.

    Competitive games: every pair plays ``games`` games (seats split and rotating, see the
    module docstring) and a Bradley–Terry fit (``choix``) gives each bot an Elo rating,
    ``random`` at 0, with a 95% bootstrap interval over games. Cooperative games: each bot plays
    ``games`` games as the whole team; its entry is the team win rate with a 95% interval.
    ``threads``, ``progress``, ``keep_games``, ``backend``, ``address``, ``task_seconds`` and
    ``reproducible`` work as in ``tb.arena`` for every arena of the ladder; the same ``seed``
    gives the same ladder (unless ``reproducible=False`` let time-limited bots play).
    """
    games = check_positive_int(games, "games")  # every pair (or bot) plays at least one game
    g, games, seed = runner.check_job(game, games, seed, params)
    resolved = _check_bots(bots, g)
    if not isinstance(reproducible, bool):
        raise TypeError(f"reproducible must be a bool, got {reproducible!r}")
    info = g.info
    if not info.cooperative and info.utility_sum != 1.0:
        raise ValueError(f"{g.id} is not a win-share game (returns sum to 1); no ladder for it")
    options = runner.RunOptions(threads, progress, keep_games, backend, address, task_seconds)
    names = [b.name for b in resolved]
    result = LadderResult(game_id=g.id, params=g.params, seed=seed, games=games, bots=names,
                          cooperative=info.cooperative, ratings=[], reproducible=reproducible)

    players = g.num_players
    pairs = list(itertools.combinations(range(len(resolved)), 2))
    swapped_games = games // 2 if players % 2 and not info.cooperative else 0
    arenas = len(resolved) if info.cooperative else len(pairs) * (2 if swapped_games else 1)
    total = games * (len(resolved) if info.cooperative else len(pairs))

    def play(pair: list[BuiltinBot], entry_bot: list[int] | None, count: int) -> ArenaSummary:
        names = " vs ".join(dict.fromkeys(b.name for b in pair))
        bar.stage(f"{g.id} arena {len(result.arenas) + 1} of {arenas}: {names}")
        job = arena_job(g, pair, seed, entry_bot, reproducible=reproducible)
        outcome = runner.run(job, count, options)
        arena = arena_result(job, outcome)
        result.arenas.append(arena)
        result.seconds += outcome.seconds
        return arena if isinstance(arena, ArenaSummary) else arena.summarize()

    # One bar over every arena's games, labelled with the arena it is at.
    with Progress.overall(total, f"{g.id} ladder", progress) as bar:
        if info.cooperative:
            # one bot fills every seat (arena_job's default)
            result.ratings = [play([bot], None, games).win_shares()[0] for bot in resolved]
            return result
        alternate = [e % 2 for e in range(players)]  # A, B, A, B, ...: A holds any extra seat
        held = (players - players // 2, players // 2)
        for a, b in pairs:  # B holds the extra seat in the swapped games
            pair = [resolved[a], resolved[b]]
            outcomes, counts = _outcomes(play(pair, alternate, games - swapped_games), held)
            if swapped_games:
                more, more_counts = _outcomes(play(pair[::-1], alternate, swapped_games), held)
                outcomes = np.concatenate([outcomes, more[:, ::-1]])
                counts = np.concatenate([counts, more_counts])
            result.pairs.append(PairGames(a, b, outcomes, counts))
    random = next(i for i, bot in enumerate(resolved) if isinstance(bot, Random))
    result.ratings = fit_ratings(len(resolved), result.pairs, random, seed=seed)
    return result
