"""Refuses to load an engine built for a newer CPU than this one.

Extensions compiled for x86-64-v3 die with SIGILL on an older CPU, possibly during import; this
check turns that into an ImportError that says how to rebuild. It reads /proc/cpuinfo, so it
checks on Linux only (elsewhere, and for -march values other than the x86-64 levels, it passes).
"""

from __future__ import annotations

from pathlib import Path

# /proc/cpuinfo flags of each x86-64 microarchitecture level (cumulative).
_LEVEL_FLAGS = {
    "x86-64-v2": {"cx16", "lahf_lm", "popcnt", "sse4_1", "sse4_2", "ssse3"},
    "x86-64-v3": {"cx16", "lahf_lm", "popcnt", "sse4_1", "sse4_2", "ssse3", "avx", "avx2",
                  "bmi1", "bmi2", "f16c", "fma", "abm", "movbe", "xsave"},
}


def missing_flags(arch: str, cpuinfo: str) -> set[str]:
    """The CPU flags that `arch` needs and the first processor of `cpuinfo` lacks."""
    needed = _LEVEL_FLAGS.get(arch)
    if not needed:
        return set()
    for line in cpuinfo.splitlines():
        if line.startswith("flags"):
            return needed - set(line.partition(":")[2].split())
    return set()


def check(arch: str, cpuinfo_path: Path = Path("/proc/cpuinfo")) -> None:
    """Raises ImportError when this CPU cannot run code built with ``-march=arch``."""
    try:
        cpuinfo = cpuinfo_path.read_text()
    except OSError:
        return
    missing = missing_flags(arch, cpuinfo)
    if missing:
        raise ImportError(
            f"tablebits was built for {arch}, but this CPU lacks {', '.join(sorted(missing))}. "
            "Build it on this machine (pip install . from the source tree builds for the CPU it "
            "runs on), or build portable binaries with "
            "pip install . -C cmake.define.TABLEBITS_ARCH=x86-64-v2"
        )
