"""tb.play (one game between bots, in Python) and tb.arena (many games between bots, in C++)."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from . import _memory
from ._checks import check_positive_int, check_seed
from ._core import SIMULTANEOUS, Game
from ._paths import check_writable
from ._registry import resolve_game
from .bots.builtin import Bot, BuiltinBot, Random, fill_seats
from .bots.spec import parse
from .errors import OutputError
from .jobs import runner
from .jobs.job import ArenaJob, Outcome
from .jobs.local import Progress
from .jobs.results import GameArrays, json_number
from .jobs.summary import ArenaSummary
from .records import (
    GameRecord,
    RecordWriter,
    bot_name,
    iter_arena_records,
    record_bytes,
    save_records,
)
from .stats import Interval, share_interval

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["ArenaResult", "arena", "arena_job", "arena_result", "play"]


def play(
    game: Game | str, /, bots: Sequence[Bot], seed: int = 0, max_moves: int = 100_000,
    **params: Any,
) -> GameRecord:
    """Plays one game of ``game`` (a Game or a game id with ``params``) from ``seed``.

    ``bots[p]`` plays seat ``p`` (one bot per player); at a simultaneous node every acting
    player's bot chooses on the same state. Returns the game's record. An illegal action from a
    bot raises ``IllegalActionError`` (a ``ValueError``).
    """
    g = resolve_game(game, **params)
    seed = check_seed(seed)
    max_moves = check_positive_int(max_moves, "max_moves")
    bots = list(bots)
    if len(bots) != g.num_players:
        raise ValueError(f"{g.id} needs {g.num_players} bots (one per seat), got {len(bots)}")
    for bot in bots:
        if not callable(getattr(bot, "act", None)):
            raise TypeError(f"a bot needs an act(state, player) method; got {bot!r}")
        if isinstance(bot, BuiltinBot):
            bot.check_game(g)  # e.g. a network knows only the rules it was trained on
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
class ArenaResult(GameArrays):
    """Per-game results of ``tb.arena``; row ``i`` is game ``i`` of the job.

    ``seats[i, s]`` is the index (into ``bots``) of the bot that played seat ``s`` in game
    ``i``; ``returns`` and ``scores`` are by seat.
    """

    bots: list[str]  #: bot names, one per entry of the ``bots`` argument
    seats: np.ndarray  #: int32 (games, players): bot index per seat

    def summarize(self) -> ArenaSummary:
        """The summary-mode statistics of these games (what ``keep_games=False`` returns)."""
        first = self.seats[0] if self.games else np.zeros(0, np.int32)
        counts = [int((first == b).sum()) for b in range(len(self.bots))]
        summary = ArenaSummary(
            game_id=self.game_id, params=self.params, seed=self.seed, bots=list(self.bots),
            seat_counts=counts, seconds=self.seconds, startup_seconds=self.startup_seconds,
            players=self.seats.shape[1],
        )
        summary.add(
            self.seats, self.returns, self.scores, self.lengths, self.truncated, self.starts
        )
        return summary

    def win_shares(self) -> list[Interval]:
        """Per bot: mean win share per seat it played, with its 95% CI over games."""
        return self.summarize().win_shares()

    def mean_scores(self) -> list[float]:
        """Per bot: mean raw game points per seat it played."""
        return self.summarize().mean_scores()

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
        return {
            **self._job_dict(), "bots": bots,
            "positions": self.summarize().positions.to_list(),
        }

    def plot(self, path: str | os.PathLike[str] | None = None) -> Figure:
        """A matplotlib Figure: each bot's win share with its 95% interval, per seat and
        overall; saved to ``path`` when given (needs tablebits[plot])."""
        from .figures.results import arena_figure

        return arena_figure(self, path)

    def summary(self) -> str:
        """A short text table: speed, each bot's win share with a 95% CI, mean scores."""
        return self.summarize().summary()


def arena_job(
    g: Game,
    bots: Sequence[BuiltinBot | str],
    seed: int,
    entry_bot: Sequence[int] | None = None,
    *,
    record: bool = False,
    reproducible: bool = True,
) -> ArenaJob:
    """The job of an arena of ``g`` between ``bots`` (objects or short names) from ``seed``,
    checked.

    ``entry_bot[e]`` is the bot of rotation entry ``e`` (default: bot ``e``, the last bot filling
    the remaining entries). Time-limited bots need ``reproducible=False``.
    """
    if isinstance(bots, str):
        raise TypeError("bots must be a sequence of bots, not a str")
    resolved = [parse(b, g) if isinstance(b, str) else b for b in bots]
    for b in resolved:
        if not isinstance(b, BuiltinBot):
            raise TypeError(f"tb.arena runs built-in bots in C++; {b!r} is not one (use tb.play)")
        b.check_game(g)
        if reproducible and not b.config.reproducible:
            raise ValueError(
                f"bot {b.name} has a time limit, so its games depend on this machine's speed and "
                "load; pass reproducible=False (CLI: --allow-time-limits) to accept that"
            )
    players = g.num_players
    if not 1 <= len(resolved) <= players:
        raise ValueError(f"{g.id} has {players} seats; pass 1 to {players} bots")
    if entry_bot is None:
        entry_bot = fill_seats(range(len(resolved)), players)
    return ArenaJob(
        game_id=g.id, params=g.params, blob=g._params_blob(), seed=seed, players=players,
        bots=[b.name for b in resolved], entry_bot=list(entry_bot),
        bots_blob=b"".join(resolved[b].config._bytes() for b in entry_bot),
        searching=not all(isinstance(b, Random) for b in resolved), record=record,
        resolved=tuple(resolved) if any(b.learned for b in resolved) else (),
        allow_time_limits=not reproducible,
    )


def arena(
    game: Game | str,
    /,
    bots: Sequence[BuiltinBot | str],
    games: int = 1000,
    *,
    seed: int = 0,
    threads: int | None = None,
    progress: bool = False,
    keep_games: bool = True,
    backend: str = "local",
    address: str | None = None,
    task_seconds: float = 1.0,
    records: str | os.PathLike[str] | None = None,
    reproducible: bool = True,
    **params: Any,
) -> ArenaResult | ArenaSummary:
    """Plays ``games`` games of ``game`` (a Game, or a game id with ``params``) between built-in
    bots, entirely in C++.

    ``bots`` are ``tb.bots.Random``/``tb.bots.ISMCTS`` objects or their short names
    (``"random"``, ``"ismcts:1000"``). With fewer bots than seats the last bot fills the
    remaining seats, so ``[ISMCTS(), Random()]`` pits one ISMCTS against random players. Seats
    rotate: in game ``i`` seat ``s`` is played by seat entry ``(s + i) mod players``. Game ``i``
    is determined by ``(seed, i)`` alone (the bots' own seeds are not used), so the results are
    identical for any ``threads`` and either backend. The GIL is released while games run;
    ``progress=True`` shows a tqdm bar. ``keep_games``, ``backend``, ``address`` and
    ``task_seconds`` work as in ``tb.simulate``: ``keep_games=False`` returns an
    ``ArenaSummary``, ``backend="ray"`` runs the chunks as Ray tasks. ``records=path`` saves
    every game's record (``tb.save_records``, JSON Lines), in game order, from the decisions the
    C++ arena noted while it played them (local backend, ``keep_games=True``); the memory that
    takes is estimated and checked before any game is played (``MemoryError``), and a file that
    cannot be written once the games are played raises ``tablebits.errors.OutputError``, which
    holds the result and can write the records elsewhere (``err.save(other_path)``).

    Bots with a time limit (``ISMCTS(time_limit=...)``, ``"ismcts:20ms"``) are refused unless
    ``reproducible=False``: their searches stop when the time is spent, so the games depend on
    the machine's speed and load, and the same seed no longer gives the same games.
    """
    g, games, seed = runner.check_job(game, games, seed, params)
    if not isinstance(reproducible, bool):
        raise TypeError(f"reproducible must be a bool, got {reproducible!r}")
    job = arena_job(g, bots, seed, record=records is not None, reproducible=reproducible)
    if records is not None:
        check_writable(records)
    options = runner.RunOptions(threads, progress, keep_games, backend, address, task_seconds)
    if records is not None and options.backend == "local" and options.keep_games:
        _memory.check_fits(
            runner.array_bytes(job, games) + record_bytes(g, games),
            f"recording {games:,} games", "record fewer games, or none",
        )
    outcome = runner.run(job, games, options)
    result = arena_result(job, outcome)
    if records is not None and isinstance(result, ArenaResult):  # runner.run: records keep games
        _write_records(g, result, outcome.traces or [], records, progress)
    return result


def _write_records(game: Game, result: ArenaResult, traces: list[list[int]],
                   path: str | os.PathLike[str], progress: bool) -> None:
    """Saves the records of ``result``'s games, built one at a time from their ``traces``
    (a progress bar of its own: replaying every game takes a while); ``OutputError`` if the file
    cannot be written."""

    def save(target: str | os.PathLike[str], bar: Progress | None = None) -> Path:
        def built() -> Iterator[GameRecord]:
            for record in iter_arena_records(game, result, traces):
                yield record
                if bar is not None:
                    bar.advance(1)

        return save_records(built(), target)

    with Progress(len(traces), f"{game.id} records", progress) as bar:
        try:
            save(path, bar)
        except (OSError, ValueError) as err:  # ValueError: check_writable's, the folder gone
            raise OutputError("records", path, err, result, save) from err


def arena_result(job: ArenaJob, outcome: Outcome) -> ArenaResult | ArenaSummary:
    """The result of ``job`` run to ``outcome``: an ArenaResult, or (keep_games=False) the
    summary."""
    if outcome.arrays is None:
        return outcome.summary  # type: ignore[return-value]
    returns, scores, lengths, truncated, starts, entry_seats = outcome.arrays
    return ArenaResult(
        game_id=job.game_id, params=job.params, seed=job.seed, returns=returns, scores=scores,
        lengths=lengths, truncated=truncated, starts=starts, seconds=outcome.seconds,
        bots=job.bots, startup_seconds=outcome.startup_seconds,
        seats=job.seats(entry_seats),
    )
