"""Jobs too large for memory are refused with MemoryError before anything is allocated."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import tablebits as tb
from tablebits import _memory

HUGE = 10**12
PYTHON_DIR = str(Path(tb.__file__).resolve().parents[1])


@pytest.mark.parametrize(
    "make_job",
    [
        lambda: tb.VectorEnv("hoi_pho", HUGE),
        lambda: tb.VectorEnv("good_fortune", 10**10, observations=True),
    ],
    ids=["vector_env", "vector_env_observations"],
)
def test_oversized_envs_raise_memory_error(make_job) -> None:
    with pytest.raises(MemoryError, match="GiB of memory"):
        make_job()


@pytest.mark.parametrize(
    "make_job",
    [
        lambda: tb.simulate("color_mafia", HUGE),
        lambda: tb.arena("fox_duet", ["random", "random"], HUGE),
    ],
    ids=["simulate", "arena"],
)
def test_oversized_jobs_point_to_summary_mode(make_job) -> None:
    with pytest.raises(MemoryError, match="keep_games=False"):
        make_job()


def test_check_runs_before_allocating(monkeypatch: pytest.MonkeyPatch) -> None:
    # With 1 MiB "available", 100,000 envs (about 6 MiB of buffers and states) are refused
    # before numpy or C++ allocate anything, though they would fit in the real memory.
    monkeypatch.setattr(_memory, "available_bytes", lambda: 2**20)
    with pytest.raises(MemoryError, match="VectorEnv of 100,000 envs"):
        tb.VectorEnv("good_fortune", 100_000)
    with pytest.raises(MemoryError, match="keeping all 1,000,000 games"):
        tb.simulate("good_fortune", 1_000_000)
    tb.VectorEnv("good_fortune", 1_000)  # small jobs still run
    assert tb.simulate("good_fortune", 1_000).games == 1_000


def test_available_memory_is_known_here() -> None:
    free = _memory.available_bytes()
    assert free is None or free > 0


def test_the_address_space_limit_caps_the_available_memory() -> None:
    # `ulimit -v` (RLIMIT_AS) bounds what a process may map, whatever MemAvailable says: a
    # job that passed the guard there died with a bare MemoryError. The limit is set here:
    # what is mapped now plus 256 MiB.
    code = textwrap.dedent("""
        import resource
        from tablebits import _memory
        with open("/proc/self/statm") as f:
            mapped = int(f.read().split()[0]) * resource.getpagesize()
        resource.setrlimit(resource.RLIMIT_AS, (mapped + 256 * 2**20, resource.RLIM_INFINITY))
        print(_memory.available_bytes())
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": PYTHON_DIR}, check=True)
    free = int(done.stdout)
    assert 200 * 2**20 < free <= 256 * 2**20
