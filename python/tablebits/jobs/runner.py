"""Runs a job (simulate or arena) on a backend: local threads or a Ray cluster, keeping every
game's row or only the summary."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

from .. import _memory
from .._checks import check_positive_int, check_seed, resolve_threads
from .._core import Game
from .._registry import resolve_game
from .job import Job, Outcome
from .local import run_local

BACKENDS = ("local", "ray")


def check_job(game: Game | str, games: Any, seed: Any,
              params: dict[str, Any]) -> tuple[Game, int, int]:
    """The checks simulate, arena and ladder share, in this order: the game and its
    ``params``, the number of games, the seed. Returns the game, the games and the seed (numpy
    integers as Python ints)."""
    g = resolve_game(game, **params)
    games = check_positive_int(games, "games")  # no statistics of zero games
    return g, games, check_seed(seed)


@dataclass(frozen=True)
class RunOptions:
    """How a job of many games runs: the options ``tb.simulate``, ``tb.arena``, ``tb.ladder``
    and ``tb.sweep`` share, declared and checked here once, before any work (``tb.simulate``'s
    docstring says what each does)."""

    threads: int | None = None
    progress: bool = False
    keep_games: bool = True
    backend: str = "local"
    address: str | None = None
    task_seconds: float = 1.0

    def __post_init__(self) -> None:
        if self.backend not in BACKENDS:
            raise ValueError(
                f"unknown backend {self.backend!r}; choose one of: {', '.join(BACKENDS)}"
            )
        if self.address is not None:
            if self.backend != "ray":
                raise ValueError("address is for backend='ray'")
            if not isinstance(self.address, str) or not self.address:
                raise ValueError(
                    f"address must be a non-empty str or None, got {self.address!r}"
                )
        seconds = self.task_seconds
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not (
            0 < seconds < math.inf
        ):
            raise ValueError(f"task_seconds must be a finite number > 0, got {seconds!r}")
        if not isinstance(self.keep_games, bool):
            raise TypeError(f"keep_games must be a bool, got {self.keep_games!r}")

    def keywords(self) -> dict[str, Any]:
        """The options as the keywords of ``tb.simulate`` and ``tb.arena``."""
        return asdict(self)


def array_bytes(job: Job, games: int) -> int:
    """The bytes of every game's rows of ``job`` (``keep_games=True``)."""
    return games * sum(a.nbytes for a in job.arrays(1))


def check_fits(job: Job, games: int) -> None:
    """The memory guard (``_memory``) for every game's rows of ``job``, before allocating."""
    _memory.check_fits(
        array_bytes(job, games), f"keeping all {games:,} games",
        "pass keep_games=False for summary mode, which keeps only the statistics, in memory "
        "that does not grow with the number of games",
    )


def run(job: Job, games: int, options: RunOptions) -> Outcome:
    """Runs ``games`` games of ``job`` as ``options`` say."""
    if options.keep_games:
        check_fits(job, games)
    if job.record and (options.backend != "local" or not options.keep_games):
        raise ValueError("records= needs backend='local' and keep_games=True")
    if job.local_only and options.backend != "local":
        raise ValueError(
            "bots with a learned evaluator (other than Baseline) run in this process; "
            "use backend='local'"
        )
    if options.backend == "ray":
        from . import ray

        threads = 1 if options.threads is None else resolve_threads(options.threads)
        ray_run = ray.run(
            job, games, address=options.address, threads=threads,
            task_seconds=options.task_seconds, keep_games=options.keep_games,
            progress=options.progress,
        )
        return ray_run.outcome
    return run_local(job, games, resolve_threads(options.threads), options.keep_games,
                     options.progress)
