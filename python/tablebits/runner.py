"""Runs a job (simulate or arena) on a backend: local threads or a Ray cluster, keeping every
game's row or only the summary."""

from __future__ import annotations

import math
from dataclasses import dataclass

from . import _memory
from ._checks import resolve_threads
from .chunks import ChunkArrays, Job
from .jobs import run_chunked
from .summary import ArenaSummary, SimulationSummary

BACKENDS = ("local", "ray")

#: summary mode's chunk (and so its buffers), whatever the thread count
_SUMMARY_CHUNK_CAP = 1_000_000

#: keep_games=True refuses jobs whose arrays need more than this share of the available memory
_MEMORY_SHARE = 0.8


@dataclass
class Outcome:
    """The per-game arrays (keep_games=True) or the summary, and the wall-clock seconds."""

    arrays: ChunkArrays | None
    summary: SimulationSummary | ArenaSummary | None
    seconds: float
    traces: list[list[int]] | None = None  #: an ArenaJob with ``record``: each game's decisions


def check_backend(backend: str, address: str | None) -> None:
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; choose one of: {', '.join(BACKENDS)}")
    if address is not None:
        if backend != "ray":
            raise ValueError("address is for backend='ray'")
        if not isinstance(address, str) or not address:
            raise ValueError(f"address must be a non-empty str or None, got {address!r}")


def check_fits(job: Job, games: int) -> None:
    """Raises ValueError, before allocating, when the per-game arrays would not fit in memory."""
    per_game = sum(a.nbytes for a in job.arrays(1))
    needed = games * per_game
    available = _memory.available_bytes()
    if available is not None and needed > _MEMORY_SHARE * available:
        raise ValueError(
            f"keeping all {games:,} games needs {needed / 2**30:,.1f} GiB of arrays, more than "
            f"this machine can hold ({available / 2**30:,.1f} GiB available); pass "
            "keep_games=False for summary mode, which keeps only the statistics, in memory that "
            "does not grow with the number of games"
        )


def local_chunk(job: Job, threads: int, keep_games: bool) -> int:
    """Games per chunk on local threads: a fraction of a second, so progress bars move.

    Summary mode takes larger chunks of random games (about a second of games per thread): every
    chunk ends in a wait for the slowest thread and a summarising pass, which on a busy machine
    cost more than the memory of larger buffers (a few MB).
    """
    if job.searching:
        return max(64, 16 * threads)
    if keep_games:
        return max(10_000, 2_000 * threads)
    # Summary-mode buffers are the only memory that grows with threads: capped, they stay a
    # few tens of MB for any thread count (issue #21: 100 threads took 427 MB).
    return min(_SUMMARY_CHUNK_CAP, max(10_000, 100_000 * threads))


def run_local(job: Job, games: int, threads: int, keep_games: bool, progress: bool) -> Outcome:
    chunk = local_chunk(job, threads, keep_games)
    if keep_games:
        arrays = job.arrays(games)
        traces: list[list[int]] = []

        def run_kept(first: int, end: int) -> None:
            traces.extend(job.run_into(first, tuple(a[first:end] for a in arrays), threads) or [])

        seconds = run_chunked(job.game_id, games, chunk, progress, run_kept)
        return Outcome(arrays, None, seconds, traces if job.record else None)
    # Summary mode: one chunk-sized set of buffers, reused; chunks even without a progress bar.
    rows = min(chunk, games)
    _memory.check_fits(rows * sum(a.nbytes for a in job.arrays(1)), "summary-mode buffers")
    buffers = job.arrays(rows)
    summary = job.empty_summary()

    def run_summarized(first: int, end: int) -> None:
        views = tuple(b[: end - first] for b in buffers)
        job.run_into(first, views, threads)
        summary.merge(job.summarize(views))  # type: ignore[arg-type]

    seconds = run_chunked(job.game_id, games, chunk, progress, run_summarized, always_chunk=True)
    summary.seconds = seconds
    return Outcome(None, summary, seconds)


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
        from . import distributed

        ray_run = distributed.run(
            job, games, address=address, threads=1 if threads is None else resolve_threads(threads),
            task_seconds=task_seconds, keep_games=keep_games, progress=progress,
        )
        return ray_run.outcome
    return run_local(job, games, resolve_threads(threads), keep_games, progress)
