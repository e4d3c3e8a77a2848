"""The Ray backend: a job's chunks run as Ray tasks, on one machine or a cluster.

Each task plays one range of game indices with the same C++ chunk function the local backend
calls and sends back either the per-game arrays or the chunk's summary; the driver puts them
together in the same result object the local backend builds. Game ``i`` depends only on
``(seed, i)``, so the result is bit-identical to the local one whatever the chunking, the
order in which chunks finish, or a chunk run twice after a worker died (Ray retries the task;
only the attempt that returns counts).

Chunk sizes adapt: the first chunks are small probes, later ones hold about ``task_seconds``
of games at the rate measured so far inside the tasks, and the last ones shrink so that the
tail of the job spreads over every worker.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import socket
import time
from dataclasses import dataclass, field
from typing import Any

from .job import Job, Outcome
from .local import Collector, Payload, job_progress, play_chunk

#: Seconds the driver waits for a TCP connection to a cluster address before giving up.
CONNECT_TIMEOUT = 10.0
#: Ray retries a task whose worker process or node died this many times.
MAX_RETRIES = 3
#: Test-only: a file path; when set, the second chunk of a job kills its own worker process on
#: its first attempt (the file marks that the attempt happened), so tests can check retries.
CRASH_ONCE_ENV = "TABLEBITS_TEST_CRASH_ONCE"
# Probe chunks, in games per thread, before any rate is known.
_PROBE_RANDOM = 2_000
_PROBE_SEARCHING = 1
# How long ray.wait blocks before the driver looks at signals again.
_POLL_SECONDS = 0.2


@dataclass
class ChunkDone:
    """What one task sends back."""

    first: int
    end: int
    payload: Payload
    seconds: float  #: time inside the task, playing and summarising
    node: str  #: Ray node id of the worker that ran it


@dataclass
class RayRun:
    """A finished Ray job: its outcome, and where each chunk ran (in the order they finished)."""

    outcome: Outcome
    chunks: list[tuple[int, int]] = field(default_factory=list)  #: (first, end) per chunk
    nodes: list[str] = field(default_factory=list)  #: node id per chunk


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ImportError(
            "backend='ray' needs Ray: pip install 'tablebits[ray]'"
        ) from None
    return ray


def _play_chunk(
    job: Job, first: int, end: int, threads: int, keep_games: bool, crash_marker: str | None
) -> ChunkDone:
    """The body of a Ray task (runs in a worker process)."""
    import ray

    if crash_marker is not None and not os.path.exists(crash_marker):
        with open(crash_marker, "w") as marker:
            marker.write(str(os.getpid()))
        os.kill(os.getpid(), signal.SIGKILL)
    start = time.perf_counter()
    payload, _ = play_chunk(job, first, job.arrays(end - first), threads, keep_games)
    node = ray.get_runtime_context().get_node_id()
    return ChunkDone(first, end, payload, time.perf_counter() - start, node)


def _check_reachable(address: str) -> None:
    """Fails within CONNECT_TIMEOUT seconds when nothing listens at ``address``.

    Ray itself keeps retrying an unreachable cluster for a long time; a TCP connection first
    turns a wrong address into a prompt, clear error.
    """
    hostport = address.removeprefix("ray://")
    host, sep, port = hostport.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise ValueError(
            f"address must be 'auto', 'HOST:PORT' or 'ray://HOST:PORT', got {address!r}"
        )
    deadline = time.monotonic() + CONNECT_TIMEOUT
    try:
        where = (host.strip("[]"), int(port))
        with socket.create_connection(where, timeout=CONNECT_TIMEOUT) as conn:
            speaks_grpc = _answers_http2(conn, deadline)
    except OSError as err:
        raise ConnectionError(
            f"cannot reach a Ray cluster at {address!r} ({err}); start one with "
            "`ray start --head`, or pass address=None for a Ray instance on this machine"
        ) from None
    if not speaks_grpc:
        raise ConnectionError(
            f"the server at {address!r} is not a Ray cluster (it does not speak gRPC); check the "
            "port: `ray start --head` prints the address to use"
        )


#: An HTTP/2 client's connection preface and an empty SETTINGS frame (RFC 9113, section 3.4).
_HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + b"\x00\x00\x00\x04\x00\x00\x00\x00\x00"
_HTTP2_SETTINGS = 0x04


def _answers_http2(conn: socket.socket, deadline: float) -> bool:
    """True if the server answers an HTTP/2 preface with a SETTINGS frame, as every gRPC server
    (Ray's GCS and its client server) does. Ray would wait for any other listener (an HTTP
    server, a database) for minutes, so this check keeps the CONNECT_TIMEOUT promise."""
    conn.sendall(_HTTP2_PREFACE)
    header = b""
    while len(header) < 9:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError("no answer to an HTTP/2 preface")
        conn.settimeout(remaining)
        chunk = conn.recv(9 - len(header))
        if not chunk:
            return False
        header += chunk
    return header[3] == _HTTP2_SETTINGS


#: Ray (2.5x) logs a WARNING on every start of a local instance that token authentication is on
#: (its default, nothing for the user to do). For the instance tablebits starts itself that
#: notice is noise, so it is dropped; every other Ray message is kept.
_TOKEN_LOGGER = "ray._private.authentication.authentication_token_setup"


def _token_notice(record: logging.LogRecord) -> bool:
    """A logging filter: False (drop) for Ray's "token authentication is enabled" notice."""
    return not record.getMessage().startswith("Token authentication is enabled")


def connect(address: str | None) -> Any:
    """The ``ray`` module, connected: an existing connection of this process is reused;
    ``None`` starts (or joins) a Ray instance on this machine; ``"auto"`` joins the cluster this
    machine belongs to; ``"HOST:PORT"`` or ``"ray://HOST:PORT"`` joins that cluster."""
    ray = _import_ray()
    if ray.is_initialized():
        return ray
    if address is None:
        token_log = logging.getLogger(_TOKEN_LOGGER)
        token_log.addFilter(_token_notice)
        try:
            ray.init(include_dashboard=False)
        finally:
            token_log.removeFilter(_token_notice)
        return ray
    if address != "auto":
        _check_reachable(address)
    try:
        ray.init(address=address)
    except ConnectionError as err:
        raise ConnectionError(
            f"cannot join a Ray cluster at {address!r}: {err}; start one with "
            "`ray start --head`, or pass address=None for a Ray instance on this machine"
        ) from None
    return ray


class _Sizer:
    """Adaptive chunk sizes: about ``task_seconds`` of games at the rate measured so far."""

    def __init__(self, job: Job, games: int, threads: int, task_seconds: float, slots: int):
        self.games, self.task_seconds, self.slots = games, task_seconds, slots
        self.probe = threads * (_PROBE_SEARCHING if job.searching else _PROBE_RANDOM)
        self.played = 0
        self.busy = 0.0

    def record(self, done: ChunkDone) -> None:
        self.played += done.end - done.first
        self.busy += done.seconds

    def size(self, first: int) -> int:
        remaining = self.games - first
        if self.busy <= 0.0:
            size = self.probe
        else:
            size = int(self.played / self.busy * self.task_seconds)
            # The tail: no chunk larger than an even share of what is left over the workers.
            size = min(size, -(-remaining // self.slots))
        return max(1, min(size, remaining))


def run(
    job: Job,
    games: int,
    *,
    address: str | None,
    threads: int,
    task_seconds: float,
    keep_games: bool,
    progress: bool,
) -> RayRun:
    """Plays ``games`` games of ``job`` in Ray tasks of ``threads`` threads (and CPUs) each."""
    started = time.perf_counter()
    ray = connect(address)
    startup = time.perf_counter() - started
    largest = max((n["Resources"].get("CPU", 0) for n in ray.nodes() if n["Alive"]), default=0)
    if threads > largest:  # such a task would wait forever for a node that has the CPUs
        raise ValueError(
            f"threads={threads} per task, but the largest node of the Ray cluster has "
            f"{largest:g} CPUs"
        )
    task = ray.remote(_play_chunk).options(num_cpus=threads, max_retries=MAX_RETRIES)
    slots = max(1, int(ray.cluster_resources().get("CPU", 1)) // threads)
    window = 2 * slots  # tasks in flight: every slot busy while the driver merges results
    sizer = _Sizer(job, games, threads, task_seconds, slots)
    crash_marker = os.environ.get(CRASH_ONCE_ENV) or None
    # Stored once: every task gets the object, not a copy of the job (with a trained
    # Baseline's network, hundreds of KB) in its arguments.
    job_ref = ray.put(job)

    collector = Collector(job, games, keep_games)
    chunks: list[tuple[int, int]] = []
    nodes: list[str] = []
    pending: dict[Any, tuple[int, int]] = {}
    next_first = 0
    chunk_index = 0
    with job_progress(games, job.game_id, progress) as bar:
        start = time.perf_counter()
        try:
            while next_first < games or pending:
                while next_first < games and len(pending) < window:
                    end = next_first + sizer.size(next_first)
                    marker = crash_marker if chunk_index == 1 else None
                    ref = task.remote(job_ref, next_first, end, threads, keep_games, marker)
                    pending[ref] = (next_first, end)
                    next_first, chunk_index = end, chunk_index + 1
                ready, _ = ray.wait(list(pending), num_returns=1, timeout=_POLL_SECONDS)
                for ref in ready:
                    del pending[ref]
                    done: ChunkDone = ray.get(ref)
                    sizer.record(done)
                    collector.add(done.first, done.end, done.payload)
                    chunks.append((done.first, done.end))
                    nodes.append(done.node)
                    bar.advance(done.end - done.first)
        except BaseException:
            # Ctrl-C or a failed chunk: stop the workers still playing, then let it propagate.
            for ref in pending:
                with contextlib.suppress(Exception):  # already finished or gone: nothing to stop
                    ray.cancel(ref, force=True)
            raise
        seconds = time.perf_counter() - start
    outcome = collector.outcome(seconds)
    outcome.startup_seconds = startup
    if outcome.summary is not None:
        outcome.summary.startup_seconds = startup
    return RayRun(outcome, chunks, nodes)
