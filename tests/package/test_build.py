"""Which engine build runs: the CPU is asked (tablebits/_cpu.py, tablebits/_cpuid), and every
build plays the same games."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tablebits import _build_info, _cpu, _cpuid

PORTABLE = ("x86-64-v2", "x86-64-v3")


def test_each_level_runs_the_levels_up_to_it():
    assert _cpu.runs("x86-64-v2", "x86-64-v3") and _cpu.runs("x86-64-v3", "x86-64-v3")
    assert _cpu.runs("x86-64-v2", "x86-64-v2") and not _cpu.runs("x86-64-v3", "x86-64-v2")
    assert not _cpu.runs("x86-64-v2", "x86-64")
    for build in ("none", "native", "znver3"):  # not a level: nothing to check
        assert _cpu.runs(build, "x86-64")


def test_the_fastest_build_the_cpu_runs_is_picked():
    assert _cpu.pick(PORTABLE, "x86-64-v3", slow_pdep=False) == "x86-64-v3"
    assert _cpu.pick(PORTABLE, "x86-64-v4", slow_pdep=False) == "x86-64-v3"
    assert _cpu.pick(PORTABLE, "x86-64-v2", slow_pdep=False) == "x86-64-v2"
    # Microcoded PDEP (Zen 1/2): the baseline's broadword select is faster.
    assert _cpu.pick(PORTABLE, "x86-64-v3", slow_pdep=True) == "x86-64-v2"
    assert _cpu.pick(("x86-64-v3",), "x86-64-v3", slow_pdep=True) == "x86-64-v3"  # no other


def test_a_cpu_that_runs_no_build_gets_an_import_error_saying_how_to_rebuild():
    with pytest.raises(ImportError, match=r"built for x86-64-v2, x86-64-v3.*runs only x86-64\."
                                          r".*TABLEBITS_ARCH=auto"):
        _cpu.pick(PORTABLE, "x86-64", slow_pdep=False)
    with pytest.raises(ImportError, match="built for x86-64-v3, but this CPU runs only x86-64-v2"):
        _cpu.pick(("x86-64-v3",), "x86-64-v2", slow_pdep=False)


def _host_flags() -> set[str]:
    """/proc/cpuinfo's flags: right on this (not emulated) machine, an independent witness."""
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("flags"):
            return set(line.partition(":")[2].split())
    return set()


@pytest.mark.skipif(not Path("/proc/cpuinfo").exists(), reason="needs Linux's /proc/cpuinfo")
def test_cpuid_agrees_with_the_kernel_on_this_machine():
    flags = _host_flags()
    v2 = {"popcnt", "sse4_2", "ssse3", "cx16"} <= flags
    v3 = v2 and {"avx2", "bmi1", "bmi2", "fma", "movbe"} <= flags
    assert _cpuid.level() == ("x86-64-v3" if v3 else "x86-64-v2" if v2 else "x86-64")
    assert _build_info.ARCH in _build_info.BUILDS
    assert _cpu.pick(_build_info.BUILDS, _cpuid.level(), _cpuid.slow_pdep()) == _build_info.ARCH


@pytest.mark.skipif(len(_build_info.BUILDS) < 2, reason="a single-build (native) engine")
@pytest.mark.parametrize("build", _build_info.BUILDS[:-1])
def test_the_other_builds_play_the_recorded_games(build):
    """The tests in this process run the build the CPU picked (the last one it runs); the
    recorded digests (arena with ISMCTS, random games), the frozen compatibility corpus and the
    recorded fingerprints of the games (test_same_games.py) are replayed here on each other
    build this CPU runs."""
    if not _cpu.runs(build, _cpuid.level()):
        pytest.skip(f"this CPU does not run {build}")
    tests = Path(__file__).parents[1]
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0", "-k",
         "bit_identical or frozen_states or same_games", str(tests / "api" / "test_object_api.py"),
         str(tests / "games" / "test_compat_corpus.py"),
         str(tests / "package" / "test_same_games.py")],
        env=dict(os.environ, TABLEBITS_ENGINE=build), capture_output=True, text=True,
        cwd=tests.parent)
    assert result.returncode == 0, result.stdout[-3000:]
    assert " passed" in result.stdout and "skipped" not in result.stdout


def test_tablebits_engine_names_a_build_or_fails_at_import():
    result = subprocess.run([sys.executable, "-c", "import tablebits"], capture_output=True,
                            text=True, env=dict(os.environ, TABLEBITS_ENGINE="x86-64-v9"))
    assert result.returncode == 1 and "TABLEBITS_ENGINE=x86-64-v9" in result.stderr
