"""tb.play (one game between bots, in Python) and tb.arena (many games between bots, in C++)."""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from . import _batch
from ._checks import check_non_negative_int, check_seed, resolve_threads
from ._core import SIMULTANEOUS, Game
from ._registry import resolve_game
from .bots import Bot, BuiltinBot, Random, parse
from .jobs import GameRecords, json_number, run_chunked
from .records import (
    GameRecord,
    RecordWriter,
    arena_records,
    bot_name,
    check_writable,
    save_records,
)
from .stats import Interval, share_interval

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["ArenaResult", "arena", "play"]


def play(
    game: Game | str, bots: Sequence[Bot], seed: int = 0, max_moves: int = 100_000, **params: Any
) -> GameRecord:
    """Plays one game of ``game`` (a Game or a game id with ``params``) from ``seed``.

    ``bots[p]`` plays seat ``p`` (one bot per player); at a simultaneous node every acting
    player's bot chooses on the same state. Returns the game's record. An illegal action from a
    bot raises ``IllegalActionError`` (a ``ValueError``).
    """
    g = resolve_game(game, **params)
    check_seed(seed)
    bots = list(bots)
    if len(bots) != g.num_players:
        raise ValueError(f"{g.id} needs {g.num_players} bots (one per seat), got {len(bots)}")
    for bot in bots:
        if not callable(getattr(bot, "act", None)):
            raise TypeError(f"a bot needs an act(state, player) method; got {bot!r}")
    state = g.new_initial_state(seed)
    writer = RecordWriter(g, seed, [bot_name(bot) for bot in bots])
    while not state.is_terminal():
        if len(writer.actions) >= max_moves:
            raise RuntimeError(f"the game did not end within {max_moves} moves")
        cur = state.current_player()
        if cur == SIMULTANEOUS:
            joint = [-1] * g.num_players
            for p in state.acting_players():
                joint[p] = int(bots[p].act(state.clone(), p))
            writer.apply(state, joint)
        else:
            writer.apply(state, int(bots[cur].act(state.clone(), cur)))
    return writer.finish(state)


@dataclass(frozen=True, kw_only=True)
class ArenaResult(GameRecords):
    """Per-game results of ``tb.arena``; row ``i`` is game ``i`` of the job.

    ``seats[i, s]`` is the index (into ``bots``) of the bot that played seat ``s`` in game
    ``i``; ``returns`` and ``scores`` are by seat.
    """

    bots: list[str]  #: bot names, one per entry of the ``bots`` argument
    seats: np.ndarray  #: int32 (games, players): bot index per seat

    def _per_game(self, values: np.ndarray, bot: int) -> np.ndarray:
        """float64 (games,): the mean of ``values`` over the seats ``bot`` played in each game."""
        mine = self.seats == bot
        counts = mine.sum(axis=1)
        total = np.where(mine, values, 0.0).sum(axis=1, dtype=np.float64)
        return total[counts > 0] / counts[counts > 0]

    def win_shares(self) -> list[Interval]:
        """Per bot: mean win share per seat it played, with its 95% CI over games."""
        return [share_interval(self._per_game(self.returns, b)) for b in range(len(self.bots))]

    def mean_scores(self) -> list[float]:
        """Per bot: mean raw game points per seat it played."""
        return [
            float(col.mean()) if col.size else math.nan
            for col in (self._per_game(self.scores, b) for b in range(len(self.bots)))
        ]

    def seat_win_shares(self) -> list[list[Interval]]:
        """``[bot][seat]``: the bot's mean win share in the games it played that seat, 95% CI."""
        return [
            [share_interval(self.returns[self.seats[:, s] == b, s])
             for s in range(self.seats.shape[1])]
            for b in range(len(self.bots))
        ]

    def to_dict(self) -> dict[str, Any]:
        """The numbers of ``summary()`` (unrounded), plus each bot's share per seat, as a
        JSON-able dict."""
        bots = []
        for b, (share, score, seat_shares) in enumerate(
            zip(self.win_shares(), self.mean_scores(), self.seat_win_shares(), strict=True)
        ):
            bots.append({
                "bot": b, "name": self.bots[b],
                "seats": int((self.seats[0] == b).sum()) if self.games else 0,
                "win_share": json_number(share.mean), "ci_low": share.low,
                "ci_high": share.high, "mean_score": json_number(score),
                "by_seat": [{"seat": s, "win_share": json_number(i.mean), "ci_low": i.low,
                             "ci_high": i.high}
                            for s, i in enumerate(seat_shares)],
            })
        return {**self._job_dict(), "bots": bots}

    def plot(self, path: str | os.PathLike[str] | None = None) -> Figure:
        """A matplotlib Figure: each bot's win share with its 95% interval, per seat and
        overall; saved to ``path`` when given (needs tablebits[plot])."""
        from .plot import arena_figure

        return arena_figure(self, path)

    def summary(self) -> str:
        """A short text table: speed, each bot's win share with a 95% CI, mean scores."""
        players = self.returns.shape[1] if self.returns.ndim == 2 else 0
        lines = [
            f"{self.game_id}: {self.games:,} games ({players} seats, rotating) in "
            f"{self.seconds:.2f} s ({self.games_per_second:,.1f} games/s), "
            f"mean length {float(self.lengths.mean()) if self.games else 0.0:.1f} moves",
            f"{'bot':>16} {'seats':>5} {'win share':>10} {'95% CI':>18} {'mean score':>11}",
        ]
        for b, ((rate, low, high), score) in enumerate(
            zip(self.win_shares(), self.mean_scores(), strict=True)
        ):
            seats = int((self.seats[0] == b).sum()) if self.games else 0
            name = f"{b}:{self.bots[b]}"
            lines.append(
                f"{name:>16} {seats:>5} {rate:>10.4f} "
                f"{f'[{low:.4f}, {high:.4f}]':>18} {score:>11.2f}"
            )
        return "\n".join(lines + self._truncation_line())


def arena(
    game: Game | str,
    bots: Sequence[BuiltinBot | str],
    games: int = 1000,
    *,
    seed: int = 0,
    threads: int | None = None,
    progress: bool = False,
    records: str | os.PathLike[str] | None = None,
    **params: Any,
) -> ArenaResult:
    """Plays ``games`` games of ``game`` (a Game, or a game id with ``params``) between built-in
    bots, entirely in C++.

    ``bots`` are ``tb.bots.Random``/``tb.bots.ISMCTS`` objects or their short names
    (``"random"``, ``"ismcts:1000"``). With fewer bots than seats the last bot fills the
    remaining seats, so ``[ISMCTS(), Random()]`` pits one ISMCTS against random players. Seats
    rotate: in game ``i`` seat ``s`` is played by seat entry ``(s + i) mod players``. Game ``i``
    is determined by ``(seed, i)`` alone (the bots' own seeds are not used), so the results are
    identical for any ``threads``. The GIL is released while games run; ``progress=True`` shows
    a tqdm bar. ``records=path`` saves every game's record (``tb.save_records``, JSON Lines),
    in game order, from the decisions the C++ arena noted while it played them.
    """
    g = resolve_game(game, **params)
    check_non_negative_int(games, "games")
    check_seed(seed)
    nthreads = resolve_threads(threads)
    if isinstance(bots, str):
        raise TypeError("bots must be a sequence of bots, not a str")
    resolved = [parse(b) if isinstance(b, str) else b for b in bots]
    for b in resolved:
        if not isinstance(b, BuiltinBot):
            raise TypeError(f"tb.arena runs built-in bots in C++; {b!r} is not one (use tb.play)")
    players = g.num_players
    if not 1 <= len(resolved) <= players:
        raise ValueError(f"{g.id} has {players} seats; pass 1 to {players} bots")
    entry_bot = [min(e, len(resolved) - 1) for e in range(players)]
    bots_blob = b"".join(resolved[b].config._bytes() for b in entry_bot)

    entry_seats = np.zeros((games, players), np.int32)
    returns = np.zeros((games, players), np.float32)
    scores = np.zeros((games, players), np.float32)
    lengths = np.zeros(games, np.uint32)
    truncated = np.zeros(games, np.bool_)
    blob = g._params_blob()
    searching = not all(isinstance(b, Random) for b in resolved)
    if records is not None:
        check_writable(records)
    traces: list[list[int]] = []

    def run(first: int, end: int) -> None:
        played = _batch.arena_chunk(
            g.id, blob, bots_blob, seed, first, entry_seats[first:end], returns[first:end],
            scores[first:end], lengths[first:end], truncated[first:end].view(np.uint8),
            nthreads, records is not None,
        )
        traces.extend(played or [])

    chunk = max(64, 16 * nthreads) if searching else max(10_000, 2_000 * nthreads)
    seconds = run_chunked(g.id, games, chunk, progress, run)
    seats = np.asarray(entry_bot, np.int32)[entry_seats]
    result = ArenaResult(
        game_id=g.id, params=g.params, seed=seed, returns=returns, scores=scores,
        lengths=lengths, truncated=truncated, seconds=seconds,
        bots=[b.name for b in resolved], seats=seats,
    )
    if records is not None:
        save_records(arena_records(g, result, traces), records)
    return result
