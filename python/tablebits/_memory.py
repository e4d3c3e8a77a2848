"""Refuses a job whose arrays cannot fit in memory, before allocating any of them.

numpy's zeroed arrays are mapped lazily, so a VectorEnv or simulate whose buffers exceed the
free memory would be accepted and then killed by the kernel when C++ fills them. Checking the
total against the memory available now turns that into a ``MemoryError`` naming the sizes.

One policy for every caller (VectorEnv, and simulate and arena keeping every game's row):
``MemoryError`` when the arrays would take more than ``SHARE`` of the memory available now,
which leaves the rest for the game states, Python and the machine's other work.
"""

from __future__ import annotations

import contextlib
import os


def available_bytes() -> int | None:
    """Memory this process can still take: MemAvailable, capped by a cgroup limit and by the
    address space the process may still map (``RLIMIT_AS``, ``ulimit -v``); None if unknown
    (then nothing is checked beyond numpy's own refusal)."""
    limits = []
    with contextlib.suppress(OSError, ValueError), open("/proc/meminfo") as meminfo:
        for line in meminfo:
            if line.startswith("MemAvailable:"):
                limits.append(int(line.split()[1]) * 1024)
    with contextlib.suppress(OSError, ValueError):
        with open("/sys/fs/cgroup/memory.max") as f:
            limit = f.read().strip()
        with open("/sys/fs/cgroup/memory.current") as f:
            used = int(f.read().strip())
        if limit != "max":
            limits.append(int(limit) - used)
    if not limits and hasattr(os, "sysconf"):
        with contextlib.suppress(OSError, ValueError):
            limits.append(os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE"))
    address_space = _address_space_left()
    if address_space is not None:
        limits.append(address_space)
    return max(min(limits), 0) if limits else None


def _address_space_left() -> int | None:
    """Bytes this process may still map under ``RLIMIT_AS`` (the soft limit less what it maps
    now, /proc/self/statm); None if unlimited or unknown."""
    try:
        import resource
    except ImportError:  # not on Windows
        return None
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY or soft < 0:
        return None
    try:
        with open("/proc/self/statm") as f:
            mapped = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None
    return soft - mapped


#: the share of the available memory one job's arrays may take
SHARE = 0.8


def check_fits(nbytes: int, what: str, hint: str = "use fewer envs") -> None:
    """Raises ``MemoryError`` if ``nbytes`` exceed ``SHARE`` of the memory available now;
    the message names ``what`` needs them and ends with ``hint``."""
    free = available_bytes()
    if free is not None and nbytes > SHARE * free:
        raise MemoryError(
            f"{what} needs {nbytes / 2**30:.2f} GiB of memory, more than {SHARE:.0%} of the "
            f"{free / 2**30:.2f} GiB available; {hint}"
        )
