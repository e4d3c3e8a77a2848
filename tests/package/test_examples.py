"""Every script in examples/ runs to completion (the extras they need come with the test extra)."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.py"))


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda p: p.name)
def test_example_runs(script):
    needs = re.search(r"^Requires: (\w+)", script.read_text(), re.MULTILINE)
    if needs:
        # a missing extra fails (tests/support/missing_packages.py)
        pytest.importorskip(needs.group(1))
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()


@pytest.mark.heavy  # trains a network
def test_learned_example_trains_a_net_that_beats_random_more_often():
    """examples/learned/good_fortune_net.py: self-play training makes PUCT with the net win more
    often against random play than PUCT with the untrained net (its own 400-game arenas)."""
    script = EXAMPLES[0].parent / "learned" / "good_fortune_net.py"
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    shares = dict(re.findall(r"(untrained|trained) net +([0-9.]+)", done.stdout))
    assert float(shares["trained"]) > float(shares["untrained"]), done.stdout
