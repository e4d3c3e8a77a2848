"""requirements-test.txt, which the README's test command installs, is exactly the test extra of
pyproject.toml expanded (``python .ci/extras.py --file test``), so installing it gives what
``pip install ".[test]"`` would, without building the engine a second time."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(sys.version_info < (3, 11), reason="reads pyproject.toml with tomllib")
def test_requirements_file_is_the_test_extra() -> None:
    import tomllib

    spec = importlib.util.spec_from_file_location("extras", ROOT / ".ci" / "extras.py")
    assert spec is not None and spec.loader is not None
    extras = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(extras)
    table = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    expected = extras.requirements_file(table["optional-dependencies"], ["test"])
    assert (ROOT / "requirements-test.txt").read_text() == expected, (
        "regenerate it: python .ci/extras.py --file test > requirements-test.txt"
    )

