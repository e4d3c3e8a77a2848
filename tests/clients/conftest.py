"""The trainers' tests (``.ci/clients``): examples/clients importable, one torch thread (the
networks are small; more threads only fight over the 2 cores)."""

from __future__ import annotations

import sys
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples" / "clients"))
torch.set_num_threads(1)
