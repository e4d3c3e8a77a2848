"""The instruction-set guard that runs before the extensions load (tablebits/_cpu.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablebits import _cpu

V3_FLAGS = ("fpu sse2 cx16 lahf_lm popcnt sse4_1 sse4_2 ssse3 avx avx2 bmi1 bmi2 f16c fma abm "
            "movbe xsave")


def cpuinfo(flags: str) -> str:
    return f"processor\t: 0\nvendor_id\t: Test\nflags\t\t: {flags}\n\nprocessor\t: 1\n"


def test_a_v3_cpu_runs_every_level() -> None:
    for arch in ("x86-64-v2", "x86-64-v3", "none", "native"):
        assert _cpu.missing_flags(arch, cpuinfo(V3_FLAGS)) == set()


def test_a_v2_cpu_lacks_what_v3_needs() -> None:
    v2 = "fpu sse2 cx16 lahf_lm popcnt sse4_1 sse4_2 ssse3"
    assert _cpu.missing_flags("x86-64-v2", cpuinfo(v2)) == set()
    assert _cpu.missing_flags("x86-64-v3", cpuinfo(v2)) == {
        "avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm", "movbe", "xsave"}


def test_check_raises_an_import_error_that_says_how_to_rebuild(tmp_path: Path) -> None:
    path = tmp_path / "cpuinfo"
    path.write_text(cpuinfo(V3_FLAGS.replace(" bmi2", "")))
    with pytest.raises(ImportError, match=r"lacks bmi2.*TABLEBITS_ARCH=x86-64-v2"):
        _cpu.check("x86-64-v3", path)
    _cpu.check("x86-64-v2", path)  # passes
    _cpu.check("x86-64-v3", tmp_path / "missing")  # no /proc/cpuinfo: nothing to check

