"""Good Fortune's derived observation slices (docs/games/good_fortune.md, "Observation"): which
held tiles connect at each end, the scores, and what collecting an end tile would add. Every
hand-set expected value was worked out from the tile table; the page's worked example covers a
domino line with collections (tests/docs/test_observed_blocks.py). Over random games, scores and
gains are checked against the pure-Python reference's brute-force best grouping."""

from __future__ import annotations

import random

import numpy as np
import pytest

import tablebits as tb
from tests.games.reference.good_fortune import best_score
from tests.games.test_good_fortune_rules import SHARED_LINE, spec_dict
from tests.support.helpers import random_joint


def slices(state: tb.State, player: int) -> dict[str, np.ndarray]:
    obs = np.asarray(state.observation_tensor(player))
    return {s["name"]: obs[s["offset"]: s["offset"] + s["length"]]
            for s in state.game.observation_layout}


def slots(*ones: int, size: int = 21) -> np.ndarray:
    out = np.zeros(size)
    out[list(ones)] = 1
    return out


@pytest.mark.parametrize("observer", [0, 1])
def test_a_shared_line_connects_by_either_charm_of_its_end_tiles(observer: int) -> None:
    # Left end: tile 7 (cat, ganesha); right end: tile 19 (mati, ganesha). With `shared` a tile
    # connects where it shares a charm with the end tile.
    d = spec_dict()
    d["line"] = [list(entry) for entry in SHARED_LINE]
    state = tb.make("good_fortune", connection="shared").state_from_dict(d)
    got = slices(state, observer)
    np.testing.assert_array_equal(got["connect_left"], slots(0, 2, size=7))
    np.testing.assert_array_equal(got["connect_right"], slots(2, 3, size=7))
    # Player 0 holds 1, 4, 8, 9, 11, 13, 15, 18, 20: cat or ganesha on 13 and 18; mati or
    # ganesha on 4, 11, 13 and 15. Player 1 holds 2, 3, 5, 6, 10, 14, 16, 17, 21: cat or ganesha
    # on 2, 3, 6, 10, 16 and 21; mati or ganesha on 2, 5, 6 and 21. Slot t - 1 is tile t.
    first = {"left": slots(12, 17), "right": slots(3, 10, 12, 14)}
    second = {"left": slots(1, 2, 5, 9, 15, 20), "right": slots(1, 4, 5, 20)}
    mine, theirs = (first, second) if observer == 0 else (second, first)
    for end in ("left", "right"):
        np.testing.assert_array_equal(got[f"my_{end}_connectors"], mine[end])
        np.testing.assert_array_equal(got[f"their_{end}_connectors"], theirs[end])
    # Empty collections score 0; tile 7 alone would score its die, 2, and tile 19 its 3.
    for who in ("my", "their"):
        assert got[f"{who}_score"][0] == 0
        np.testing.assert_allclose(got[f"{who}_gains"], [2 / 486, 3 / 486], rtol=0, atol=1e-7)


def test_a_selected_tile_still_counts_as_held() -> None:
    # Player 0 selects tile 4 (clover, mati); the domino line exposes cat on the left and mati on
    # the right, so tile 4 connects at the right end only, selected or not.
    state = tb.make("good_fortune").state_from_dict(spec_dict())
    before = slices(state, 0)["my_right_connectors"]
    state.apply_action(3)  # select 4
    after = slices(state, 0)
    assert before[3] == 1 and after["my_right_connectors"][3] == 1
    assert after["my_left_connectors"][3] == 0 and after["my_rack"][3] == 0


@pytest.mark.parametrize("variant", ["standard", "guess"])
def test_scores_and_gains_match_the_reference_over_random_games(variant: str) -> None:
    # The engine skips the best-grouping search where an end tile shares no charm with a
    # collection; the reference always searches, so every shortcut is checked against it.
    game = tb.make("good_fortune", variant=variant)
    tiles = game.params["tiles"]
    rng = random.Random(7)
    checked = 0
    for seed in range(40):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            d = state.to_dict()
            ends = (d["line"][0][0], d["line"][-1][0])
            for observer in (0, 1):
                got = slices(state, observer)
                for who, player in (("my", observer), ("their", 1 - observer)):
                    collection = d["collections"][player]
                    score = best_score(tiles, collection)
                    gains = [best_score(tiles, [*collection, end]) - score for end in ends]
                    np.testing.assert_allclose(got[f"{who}_score"], [score / 486], atol=1e-7)
                    np.testing.assert_allclose(got[f"{who}_gains"], np.divide(gains, 486),
                                               atol=1e-7)
                    checked += 1
            if state.is_simultaneous_node():
                state.apply_actions(random_joint(state, game.num_players, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 1000
