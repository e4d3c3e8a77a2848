"""Hội Phố: engine vs pure-Python reference over thousands of random games.

Every parameter combination plays 2,000 random games (the generic driver compares legal
actions before every step and full state dicts after every step, then returns and scores).
"""

import pytest

from tests.differential import run_differential
from tests.reference import hoi_pho as reference

COMBINATIONS = [
    *({"players": n, "rps": rps} for n in (3, 4, 5) for rps in ("play", "chance")),
    {"players": 4, "max_rounds": 2},
    {"players": 4, "sheep_tie": False},
]


@pytest.mark.parametrize(
    "params", COMBINATIONS, ids=lambda p: "-".join(f"{k}_{v}" for k, v in p.items())
)
def test_engine_matches_reference(params):
    stats = run_differential("hoi_pho", reference, params, games=2000, seed=11)
    assert stats["steps"] > 2000 * 4


def test_custom_contracts_match_reference():
    params = {"players": 4, "contracts": [0, 3, 4, 8, 20, 21, 9999], "rps": "chance"}
    run_differential("hoi_pho", reference, params, games=300, seed=12)
