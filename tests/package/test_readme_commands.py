""".ci/readme_commands.py reads the README's commands that .ci/run runs verbatim, and the
README's API-reference command documents the adapters too."""

import importlib.util
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / ".ci" / "readme_commands.py"
spec = importlib.util.spec_from_file_location("readme_commands", SCRIPT)
assert spec is not None and spec.loader is not None
readme_commands = importlib.util.module_from_spec(spec)
spec.loader.exec_module(readme_commands)

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_quickstart_is_the_main_job_then_the_tests():
    run, test = readme_commands.quickstart(README)
    assert run.startswith("pip install . && tablebits simulate ")
    assert test == "pip install -r requirements-test.txt && python -m pytest"


def test_the_script_prints_them_one_per_line():
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "quickstart"],
        capture_output=True, text=True, check=True,
    )
    assert done.stdout.splitlines() == readme_commands.quickstart(README)


@pytest.mark.parametrize(
    "text",
    [
        "# t\n\n## Quick start\n\nno block\n",
        "## Quick start\n\n```bash\npip install .\n```\n",  # one command, not two
        "## Other\n\n```bash\na\nb\n```\n",
    ],
)
def test_a_changed_readme_is_an_error_not_a_silent_pass(text):
    with pytest.raises(ValueError):
        readme_commands.quickstart(text)


@pytest.mark.heavy  # builds the API reference with pdoc
def test_the_api_reference_includes_the_adapters(tmp_path):
    """The README's pdoc command (its pdoc part, as written) writes a page per adapter module."""
    (command,) = readme_commands.apidoc(README)
    install, _, pdoc = command.partition(" && ")
    assert install == 'pip install ".[docs]"'
    argv = shlex.split(pdoc)
    assert argv[:2] == ["python", "-W"]
    out = argv.index("-o")
    argv[0], argv[out + 1] = sys.executable, str(tmp_path)
    subprocess.run(argv, check=True, capture_output=True, timeout=300)
    pages = {p.name for p in (tmp_path / "tablebits").glob("*.html")}
    assert {"pettingzoo.html", "gymnasium.html", "openspiel.html", "simulate.html"} <= pages
