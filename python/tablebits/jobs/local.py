"""The chunk pipeline both backends share (one chunk's body, putting chunks together, the
progress bar) and the local backend, which runs it on this machine's threads."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from contextvars import ContextVar
from types import TracebackType
from typing import Any

from .. import _memory
from .job import ChunkArrays, Job, Outcome
from .summary import ArenaSummary, SimulationSummary

Payload = ChunkArrays | SimulationSummary | ArenaSummary

#: summary mode's chunk (and so its buffers), whatever the thread count
_SUMMARY_CHUNK_CAP = 1_000_000


class Progress:
    """A tqdm bar of a job's games (nothing when ``show`` is false)."""

    def __init__(self, games: int, desc: str, show: bool) -> None:
        self.bar: Any = None
        if show:
            from tqdm import tqdm

            self.bar = tqdm(total=games, unit="game", unit_scale=True, desc=desc)

    def advance(self, games: int) -> None:
        if self.bar is not None:
            self.bar.update(games)

    def stage(self, text: str) -> None:
        """Labels the bar with where a run of many jobs is (``cell 3 of 12``)."""
        if self.bar is not None:
            self.bar.set_description(text)

    @classmethod
    @contextmanager
    def overall(cls, games: int, desc: str, show: bool) -> Iterator[Progress]:
        """One bar for the ``games`` of many jobs (a sweep's cells, a ladder's arenas): the jobs
        run inside advance it instead of showing a bar each."""
        with cls(games, desc, show) as bar:
            token = _OVERALL.set(bar)
            try:
                yield bar
            finally:
                _OVERALL.reset(token)

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, err: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self.bar is not None:
            self.bar.close()


#: The bar of the run of many jobs in progress (``Progress.overall``), if any.
_OVERALL: ContextVar[Progress | None] = ContextVar("tablebits_overall_progress", default=None)


def job_progress(games: int, desc: str, show: bool) -> AbstractContextManager[Progress]:
    """The bar of one job's games: the overall bar when the job is one of many
    (``Progress.overall``), else a bar of its own."""
    overall = _OVERALL.get()
    if overall is not None:
        return nullcontext(overall)
    return Progress(games, desc, show)


def play_chunk(
    job: Job, first: int, out: ChunkArrays, threads: int, keep_games: bool
) -> tuple[Payload, list[list[int]] | None]:
    """Plays games ``first, first + 1, ...`` into ``out``: the chunk's rows (``keep_games``)
    or their summary, and the games' decisions when the job records them."""
    traces = job.run_into(first, out, threads)
    return (out if keep_games else job.summarize(out)), traces


class Collector:
    """A job's outcome put together from its chunks, in whatever order they finish."""

    def __init__(self, job: Job, games: int, keep_games: bool) -> None:
        self.arrays = job.arrays(games) if keep_games else None
        self.summary = None if keep_games else job.empty_summary()

    def add(self, first: int, end: int, payload: Payload) -> None:
        if self.arrays is None:
            self.summary.merge(payload)  # type: ignore[union-attr, arg-type]
            return
        for whole, part in zip(self.arrays, payload, strict=True):  # type: ignore[arg-type]
            if part.base is not whole:  # a chunk played elsewhere, not into a view of whole
                whole[first:end] = part

    def outcome(self, seconds: float, traces: list[list[int]] | None = None) -> Outcome:
        if self.summary is not None:
            self.summary.seconds = seconds
        return Outcome(self.arrays, self.summary, seconds, traces)


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
    # few tens of MB for any thread count (uncapped, 100 threads would take over 400 MB).
    return min(_SUMMARY_CHUNK_CAP, max(10_000, 100_000 * threads))


def run_local(job: Job, games: int, threads: int, keep_games: bool, progress: bool) -> Outcome:
    """Plays the job in chunks on ``threads`` threads of this process.

    Every game's rows go straight into the job's arrays, in one call without a progress bar;
    summary mode reuses one chunk-sized set of buffers and chunks even without a bar.
    """
    chunk = local_chunk(job, threads, keep_games)
    if keep_games and not progress:
        chunk = max(games, 1)
    collector = Collector(job, games, keep_games)
    buffers = None
    if not keep_games:
        rows = min(chunk, games)
        _memory.check_fits(
            rows * sum(a.nbytes for a in job.arrays(1)), "summary-mode buffers", "use fewer threads"
        )
        buffers = job.arrays(rows)
    traces: list[list[int]] = []
    with job_progress(games, job.game_id, progress) as bar:
        start = time.perf_counter()
        for first in range(0, games, chunk):
            end = min(first + chunk, games)
            if collector.arrays is not None:
                out = tuple(a[first:end] for a in collector.arrays)
            else:
                out = tuple(b[: end - first] for b in buffers)  # type: ignore[union-attr]
            payload, noted = play_chunk(job, first, out, threads, keep_games)
            collector.add(first, end, payload)
            traces.extend(noted or [])
            bar.advance(end - first)
        seconds = time.perf_counter() - start
    return collector.outcome(seconds, traces if job.record else None)
