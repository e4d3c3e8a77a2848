"""Chooses the build of the engine this CPU runs, by asking the CPU, and loads it.

A portable tablebits (the wheels, ``pip install .``) holds two builds of the engine, _core and
_batch: one for x86-64-v2 (the baseline) and one for x86-64-v3, whose BMI2 PDEP selects a random
legal action in one instruction. The CPU is asked with cpuid (tablebits._cpuid, built without
-march), never /proc/cpuinfo: under an emulator or in some containers that file describes the host,
not the CPU the code runs on. Every build plays the same games from the same seeds; only speed
differs. A build made for a level this CPU lacks would die with SIGILL; this turns that into an
ImportError saying how to rebuild.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from . import _cpuid

# The x86-64 microarchitecture levels, each running everything built for the ones before it.
LEVELS = ("x86-64", "x86-64-v2", "x86-64-v3", "x86-64-v4")


def runs(build: str, cpu_level: str) -> bool:
    """Whether a CPU of level ``cpu_level`` runs code built with ``-march=build``.

    Builds that are not an x86-64 level (``none``, ``native``, a CPU name) cannot be checked and
    pass, and so does every build on a CPU that is not x86-64 (``cpu_level`` ``""``).
    """
    if build not in LEVELS or cpu_level not in LEVELS:
        return True
    return LEVELS.index(cpu_level) >= LEVELS.index(build)


def pick(builds: Sequence[str], cpu_level: str, slow_pdep: bool) -> str:
    """The build to load: the last (fastest) of ``builds`` that this CPU runs.

    On a CPU whose PDEP is microcoded (AMD before Zen 3) an x86-64-v3 build is passed over when
    another build runs: the baseline's broadword select is faster there.
    """
    runnable = [build for build in builds if runs(build, cpu_level)]
    if slow_pdep and len(runnable) > 1 and runnable[-1] in LEVELS[2:]:
        runnable.pop()
    if not runnable:
        raise ImportError(
            f"tablebits was built for {', '.join(builds)}, but this CPU runs only {cpu_level}. "
            "Build it on this machine (pip install . -C cmake.define.TABLEBITS_ARCH=auto builds "
            "for the CPU it runs on), or build for an older level, e.g. "
            "pip install . -C cmake.define.TABLEBITS_ARCH=x86-64"
        )
    return runnable[-1]


def choose(builds: Sequence[str]) -> str:
    """The build of the engine this CPU runs best (ImportError when it runs none of them).

    The environment variable ``TABLEBITS_ENGINE`` names a build to use instead (one of
    ``builds`` that this CPU runs), e.g. to compare the baseline with the fast path.
    """
    cpu_level = _cpuid.level()
    wanted = os.environ.get("TABLEBITS_ENGINE")
    if wanted:
        if wanted not in builds or not runs(wanted, cpu_level):
            raise ImportError(
                f"TABLEBITS_ENGINE={wanted}: this tablebits holds the builds {', '.join(builds)} "
                f"and this CPU runs {cpu_level}"
            )
        return wanted
    return pick(builds, cpu_level, _cpuid.slow_pdep())


def load(arch: str, builds: Sequence[str]) -> None:
    """Makes ``tablebits._core`` and ``tablebits._batch`` the build for ``arch``.

    The baseline (``builds[0]``) is what ``import tablebits._core`` finds. Other builds sit next
    to it as ``_core.<arch><extension suffix>``, a name no import statement can reach; they are
    loaded here by path under the usual module names, so the rest of tablebits imports them as
    always. Called before anything imports the extensions.
    """
    if arch == builds[0]:
        return
    package = sys.modules[__package__]
    here = Path(__file__).parent
    for name in ("_core", "_batch"):  # _core first: _batch imports it
        full_name = f"{__package__}.{name}"
        suffixes = importlib.machinery.EXTENSION_SUFFIXES
        paths = [here / f"{name}.{arch}{suffix}" for suffix in suffixes]
        path = next((p for p in paths if p.exists()), None)
        if path is None:
            raise ImportError(f"tablebits: the {arch} build of {name} is missing from {here}")
        spec = importlib.util.spec_from_file_location(full_name, path)
        assert spec is not None and spec.loader is not None  # a path with an extension suffix
        module = importlib.util.module_from_spec(spec)
        sys.modules[full_name] = module
        spec.loader.exec_module(module)
        setattr(package, name, module)
