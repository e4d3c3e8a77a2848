"""Color Mafia: engine vs pure-Python reference over thousands of random games."""

import pytest

from tests.differential import run_differential
from tests.reference import color_mafia as reference

COMBINATIONS = [
    {"players": 3},
    {"players": 4},
    {"players": 4, "chips_per_color": 3},
    {"players": 3, "max_rounds": 5},  # truncation
]


@pytest.mark.parametrize(
    "params", COMBINATIONS, ids=lambda p: "-".join(f"{k}{v}" for k, v in p.items())
)
def test_engine_matches_reference(params):
    stats = run_differential("color_mafia", reference, params, games=2000, seed=1)
    assert stats["ended"] + stats["truncated"] == 2000
    if params.get("max_rounds") == 5:
        assert stats["truncated"] > 0  # the truncation path is exercised
    else:
        assert stats["ended"] > 0
