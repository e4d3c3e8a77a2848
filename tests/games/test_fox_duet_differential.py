"""fox_duet: engine vs pure-Python reference over thousands of random games."""

import pytest

from tests.differential import run_differential
from tests.game_params import FOX_SMALL_BOARD
from tests.reference import fox_duet as reference

COMBINATIONS = {
    "level1-sideA": {},
    "level2-7spaces": {"level": 2, "board": FOX_SMALL_BOARD},
}


@pytest.mark.parametrize("params", COMBINATIONS.values(), ids=COMBINATIONS.keys())
def test_engine_matches_reference(params):
    stats = run_differential("fox_duet", reference, params, games=2000, seed=3)
    assert stats["steps"] > 2000 * 20  # every game plays at least 10 full tricks


def _board(gems, plus):
    return [{"gems": g, "plus": bool(x)} for g, x in zip(gems, plus, strict=True)]


# Edge boards: the smallest path, no gems at all, a + on the centre, the longest path, and
# stacks of gems sliding toward fully covered ends.
EDGE_BOARDS = {
    "5-spaces": _board([1, 0, 0, 1, 1], [1, 1, 1, 0, 1]),
    "no-gems": _board([0] * 5, [0] * 5),
    "centre-plus": _board([0, 1, 0, 0, 0, 1, 0], [1, 0, 0, 1, 0, 0, 1]),
    "21-spaces": _board(
        [1, 0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1],
        [1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1],
    ),
    "9-corners": _board([3, 0, 0, 0, 0, 0, 0, 0, 3], [1, 1, 1, 1, 0, 1, 1, 1, 1]),
}


@pytest.mark.parametrize("board", EDGE_BOARDS.values(), ids=EDGE_BOARDS.keys())
def test_edge_boards_match_reference(board):
    run_differential("fox_duet", reference, {"level": 3, "board": board}, games=300, seed=4)


def test_win_and_loss_outcomes_are_both_reached():
    import tablebits as tb

    result = tb.simulate("fox_duet", 20000, seed=5, level=2, board=FOX_SMALL_BOARD)
    wins = float(result.returns[:, 0].mean())
    assert 0.0 < wins < 1.0
