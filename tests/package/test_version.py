"""One version, written in python/tablebits/_version.py and read everywhere else."""

from __future__ import annotations

import importlib.metadata
import platform
import re
from pathlib import Path

import pytest

import tablebits as tb
from tablebits import _build_info, records
from tablebits.__main__ import main

ROOT = Path(__file__).resolve().parents[2]


def test_version_is_a_release_number():
    assert re.fullmatch(r"\d+\.\d+\.\d+", tb.__version__)


def test_tablebits_version_prints_the_version_and_the_engine_build(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"tablebits {tb.__version__} (engine: {_build_info.ARCH};")
    assert out.rstrip().endswith(f"; for {_build_info.TARGET})")


def test_the_engine_is_built_for_the_architecture_python_runs_on():
    machine = platform.machine().lower()
    python_runs_on = {"amd64": "x86_64", "arm64": "aarch64"}.get(machine, machine)
    assert python_runs_on == _build_info.TARGET


def test_installed_metadata_says_the_same_version():
    """Where tablebits is imported from an installed distribution (a wheel), its metadata."""
    try:
        dist = importlib.metadata.distribution("tablebits")
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("tablebits is not installed (run from the source tree)")
    installed_init = Path(str(dist.locate_file("tablebits/__init__.py"))).resolve()
    if installed_init != Path(tb.__file__).resolve():
        pytest.skip("this tablebits is not the installed distribution (source tree on the path)")
    assert dist.version == tb.__version__


def test_pyproject_reads_the_version_from_the_one_file():
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert 'dynamic = ["version"]' in pyproject
    assert 'input = "python/tablebits/_version.py"' in pyproject


def test_the_changelog_names_this_version_and_the_formats_it_writes():
    changelog = (ROOT / "CHANGELOG.md").read_text()
    newest = changelog.split("\n## ")[1]  # the newest entry
    assert newest.startswith(tb.__version__ + " ")
    byte_format = tb.make("good_fortune").new_initial_state(seed=0).to_bytes()[2]
    assert re.search(rf"Byte format: version {byte_format}\b", newest)
    assert re.search(rf"Record format: version {records.VERSION}\b", newest)
