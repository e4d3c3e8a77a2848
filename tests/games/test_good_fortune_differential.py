"""Good Fortune: engine vs pure-Python reference over thousands of random games."""

import itertools

import pytest

from tests.differential import run_differential
from tests.reference import good_fortune as reference

COMBINATIONS = [
    {"variant": v, "connection": c, "must_connect": m}
    for v, c, m in itertools.product(["standard", "guess"], ["domino", "shared"], [False, True])
]


@pytest.mark.parametrize("params", COMBINATIONS, ids=lambda p: "-".join(map(str, p.values())))
def test_engine_matches_reference(params):
    stats = run_differential("good_fortune", reference, params, games=2000, seed=1)
    selection_nodes = 1 if params["variant"] == "guess" else 2
    # 9 rounds, each of the selection node(s) and then 2 placements
    assert stats["steps"] == 2000 * 9 * (selection_nodes + 2)


def test_custom_tile_table_matches_reference():
    tiles = [[(i * 3) % 7, (i * 3 + 1 + i % 5) % 7, 1 + i % 6] for i in range(21)]
    run_differential("good_fortune", reference, {"tiles": tiles}, games=300, seed=2)
