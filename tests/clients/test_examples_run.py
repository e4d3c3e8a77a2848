"""Each client example runs as written (``python examples/clients/<name>.py``), with short
arguments where the example takes them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("name", "args"), [
    ("sb3_maskable_ppo.py", ["4096"]),
    ("openspiel_dqn.py", []),
    ("rllib_ppo.py", ["1"]),
])
def test_example_runs(name, args):
    # The installed package, as a user who ran the example would have it (the source tree's
    # python/ holds no built extension on a clean clone).
    done = subprocess.run([sys.executable, str(ROOT / "examples" / "clients" / name), *args],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "win share" in done.stdout or "mean returns" in done.stdout
