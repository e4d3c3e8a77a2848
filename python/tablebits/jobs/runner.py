"""Runs a job (simulate or arena) on a backend: local threads or a Ray cluster, keeping every
game's row or only the summary."""

from __future__ import annotations

import math
from typing import Any

from .. import _memory
from .._checks import check_positive_int, check_seed, resolve_threads
from .._core import Game
from .._registry import resolve_game
from .local import run_local
from .spec import Job, Outcome

BACKENDS = ("local", "ray")


def check_job(game: Game | str, games: Any, seed: Any, params: dict[str, Any]) -> Game:
    """The checks simulate, arena and ladder share, in this order: the game and its
    ``params``, the number of games, the seed. Returns the game."""
    g = resolve_game(game, **params)
    check_positive_int(games, "games")  # no statistics of zero games
    check_seed(seed)
    return g


def check_backend(backend: str, address: str | None) -> None:
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; choose one of: {', '.join(BACKENDS)}")
    if address is not None:
        if backend != "ray":
            raise ValueError("address is for backend='ray'")
        if not isinstance(address, str) or not address:
            raise ValueError(f"address must be a non-empty str or None, got {address!r}")


def check_fits(job: Job, games: int) -> None:
    """The memory guard (``_memory``) for every game's rows of ``job``, before allocating."""
    _memory.check_fits(
        games * sum(a.nbytes for a in job.arrays(1)), f"keeping all {games:,} games",
        "pass keep_games=False for summary mode, which keeps only the statistics, in memory "
        "that does not grow with the number of games",
    )


def run(
    job: Job,
    games: int,
    *,
    threads: int | None,
    keep_games: bool,
    progress: bool,
    backend: str,
    address: str | None,
    task_seconds: float,
) -> Outcome:
    """Runs ``games`` games of ``job`` on ``backend``; see ``tb.simulate`` for the options."""
    check_backend(backend, address)
    if isinstance(task_seconds, bool) or not isinstance(task_seconds, (int, float)) or not (
        0 < task_seconds < math.inf
    ):
        raise ValueError(f"task_seconds must be a finite number > 0, got {task_seconds!r}")
    if not isinstance(keep_games, bool):
        raise TypeError(f"keep_games must be a bool, got {keep_games!r}")
    if keep_games:
        check_fits(job, games)
    if job.record and (backend != "local" or not keep_games):
        raise ValueError("records= needs backend='local' and keep_games=True")
    if job.local_only and backend != "local":
        raise ValueError(
            "bots with a learned evaluator run in this process; use backend='local'"
        )
    if backend == "ray":
        from . import ray

        ray_run = ray.run(
            job, games, address=address, threads=1 if threads is None else resolve_threads(threads),
            task_seconds=task_seconds, keep_games=keep_games, progress=progress,
        )
        return ray_run.outcome
    return run_local(job, games, resolve_threads(threads), keep_games, progress)
