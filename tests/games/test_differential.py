"""Every game: engine vs pure-Python reference over thousands of random games.

Each case plays `games` random games on both implementations from the same seeds (the driver in
tests/support/differential.py compares legal actions before every step, full state dicts after every
step, then returns and scores), and `check` asserts what the case is there to exercise. A case of
1,000 games or more runs its first half by default and its second half under `-m heavy`, so the
default run stays quick and CI, which runs both, plays every game once. Every
registered game is compared under each of its example parameter sets (`kExampleParams`) against
its reference, `tests/games/reference/<game id>.py`, found by name; the cases below add what those
sets do not reach.
"""

from __future__ import annotations

import importlib
import itertools
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

import tablebits as tb
from tests.support.differential import run_differential
from tests.support.game_params import FOX_SMALL_BOARD, PARAM_SETS
from tests.support.halves import two_halves


@dataclass(frozen=True)
class Case:
    game_id: str
    params: dict[str, Any]
    games: int
    seed: int
    #: Given the stats and the number of games played, whether the case did its job.
    check: Callable[[Counter, int], bool] = field(default=lambda stats, games: True)
    name: str = ""

    @property
    def id(self) -> str:
        label = self.name or "-".join(f"{k}_{v}" for k, v in self.params.items()) or "defaults"
        return f"{self.game_id}-{label}"


def ends_in(outcome: str) -> Callable[[Counter, int], bool]:
    """Every game ended or was truncated, and `outcome` happened at least once."""
    return lambda stats, games: stats["ended"] + stats["truncated"] == games and stats[outcome] > 0


def good_fortune_steps(variant: str) -> Callable[[Counter, int], bool]:
    # 9 rounds, each of the selection node(s) (one in the guess variant) and then 2 placements
    selection_nodes = 1 if variant == "guess" else 2
    return lambda stats, games: stats["steps"] == games * 9 * (selection_nodes + 2)


def hoi_pho_steps(stats: Counter, games: int) -> bool:
    return stats["steps"] > games * 4


def fox_steps(stats: Counter, games: int) -> bool:
    return stats["steps"] > games * 20


def fox_board(gems: list[int], plus: list[int]) -> list[dict[str, Any]]:
    return [{"gems": g, "plus": bool(x)} for g, x in zip(gems, plus, strict=True)]


CASES = [
    # Color Mafia: both player counts, a short box, and the truncation path.
    Case("color_mafia", {"players": 3}, 2000, 1, ends_in("ended")),
    Case("color_mafia", {"players": 4}, 2000, 1, ends_in("ended")),
    Case("color_mafia", {"players": 4, "chips_per_color": 3}, 2000, 1, ends_in("ended")),
    Case("color_mafia", {"players": 3, "max_rounds": 5}, 2000, 1, ends_in("truncated")),
    # Fox Duet: Side A, a small level-2 board (every game plays at least 10 full tricks), and
    # edge boards: the smallest path, no gems at all, a + on the centre, the longest path, and
    # stacks of gems sliding toward fully covered ends.
    Case("fox_duet", {}, 2000, 3, fox_steps, "level1-sideA"),
    Case("fox_duet", {"level": 2, "board": FOX_SMALL_BOARD}, 2000, 3, fox_steps, "level2-7spaces"),
    *(
        Case("fox_duet", {"level": 3, "board": board}, 300, 4, name=name)
        for name, board in {
            "5-spaces": fox_board([1, 0, 0, 1, 1], [1, 1, 1, 0, 1]),
            "no-gems": fox_board([0] * 5, [0] * 5),
            "centre-plus": fox_board([0, 1, 0, 0, 0, 1, 0], [1, 0, 0, 1, 0, 0, 1]),
            "21-spaces": fox_board(
                [1, 0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1],
                [1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1],
            ),
            "9-corners": fox_board([3, 0, 0, 0, 0, 0, 0, 0, 3], [1, 1, 1, 1, 0, 1, 1, 1, 1]),
        }.items()
    ),
    # Good Fortune: every variant x connection x must_connect, and a custom tile table.
    *(
        Case("good_fortune", {"variant": v, "connection": c, "must_connect": m}, 2000, 1,
             good_fortune_steps(v))
        for v, c, m in itertools.product(["standard", "guess"], ["domino", "shared"], [False, True])
    ),
    Case("good_fortune",
         {"tiles": [[(i * 3) % 7, (i * 3 + 1 + i % 5) % 7, 1 + i % 6] for i in range(21)]}, 300, 2,
         name="custom-tiles"),
    # Hội Phố: every player count with both rock-paper-scissors modes, a 2-round cap, a strict
    # Sheep, and custom contracts.
    *(
        Case("hoi_pho", {"players": n, "rps": rps}, 2000, 11, hoi_pho_steps)
        for n in (3, 4, 5)
        for rps in ("play", "chance")
    ),
    Case("hoi_pho", {"players": 4, "max_rounds": 2}, 2000, 11, hoi_pho_steps),
    Case("hoi_pho", {"players": 4, "sheep_tie": False}, 2000, 11, hoi_pho_steps),
    Case("hoi_pho", {"players": 4, "contracts": [0, 3, 4, 8, 20, 21, 9999], "rps": "chance"}, 300,
         12, name="custom-contracts"),
]


#: Each game under each example parameter set no case above already plays.
EXAMPLE_CASES = [
    Case(game_id, params, 300, 5, name=f"example{i}")
    for game_id in tb.games()
    for i, params in enumerate(PARAM_SETS[game_id])
    if not any(c.game_id == game_id
               and tb.make(game_id, **c.params).params == tb.make(game_id, **params).params
               for c in CASES)
]


def halves(cases: list[Case]) -> list[Any]:
    """Each case with the games it plays: long cases in two halves, the second one heavy."""
    runs = []
    for case in cases:
        if case.games < 1000:
            runs.append(pytest.param(case, range(case.games), id=case.id))
            continue
        runs += two_halves(range(case.games), case, id=case.id)
    return runs


@pytest.mark.parametrize(("case", "games"), halves(CASES + EXAMPLE_CASES))
def test_engine_matches_reference(case: Case, games: range):
    reference = importlib.import_module(f"tests.games.reference.{case.game_id}")
    stats = run_differential(case.game_id, reference, case.params, games=games, seed=case.seed)
    assert case.check(stats, len(games)), dict(stats)
