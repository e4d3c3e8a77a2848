"""Rule scenarios for Color Mafia.

Rules and project decisions: docs/games/color_mafia.md.

Every expectation below was worked out by hand from the rules; states are hand-written dicts.
"""

from __future__ import annotations

import random

import pytest

from tests.games.reference import color_mafia as reference
from tests.games.reference.rng import Rng
from tests.support.helpers import SIMULTANEOUS, TERMINAL, checked_random_playout, implementations

# The spec's action table, verbatim: ids 5-38 in this order.
SPEC_MULTISETS = [
    "R", "B", "Y", "G",
    "RR", "RB", "RY", "RG", "BB", "BY", "BG", "YY", "YG", "GG",
    "RRR", "RRB", "RRY", "RRG", "RBB", "RBY", "RBG", "RYY", "RYG", "RGG",
    "BBB", "BBY", "BBG", "BYY", "BYG", "BGG", "YYY", "YYG", "YGG", "GGG",
]


@pytest.fixture(params=implementations("color_mafia", reference))
def make(request):
    return request.param


def ids(*names: str) -> list:
    """Action ids of the given multisets ("RB") or coins ("coin W"), sorted."""
    out = []
    for name in names:
        if name.startswith("coin "):
            out.append("RBYGW".index(name[5:]))
        else:
            out.append(5 + SPEC_MULTISETS.index(name))
    return sorted(out)


def h(spec: str = "") -> dict:
    """Chip counts from "R1 G2"."""
    d = {"R": 0, "B": 0, "Y": 0, "G": 0}
    for part in spec.split():
        d[part[0]] = int(part[1:])
    return d


def c(spec: str | None = None) -> dict:
    """Coin counts from "R2 B0 W1 ..." (default one of each)."""
    d = {"R": 1, "B": 1, "Y": 1, "G": 1, "W": 1}
    for part in (spec or "").split():
        d[part[0]] = int(part[1:])
    return d


def sd(n, box, chips, *, parent=0, phase="choose", coins=None, revealed=None, acting=None,
       outcome=None, rnd=20, rng=0) -> dict:
    """A state dict; round 20 by default, so the holdings of a scenario (up to 3 chips a round)
    and its coins (one pass a round) have had the rounds to arise."""
    return {"game": "color_mafia", "players": n, "round": rnd, "parent": parent, "phase": phase,
            "box": h(box), "chips": [h(x) for x in chips],
            "coins": coins or [c() for _ in range(n)],
            "revealed": revealed or [None] * n, "acting": acting, "outcome": outcome, "rng": rng}


def play(state, *strings):
    """Apply a joint coin choice (list of strings) or chip moves (strings)."""
    for s in strings:
        if isinstance(s, list):
            state.apply_actions([state.string_to_action(x) for x in s])
        else:
            state.apply_action(state.string_to_action(s))
    return state


def coins_choose(state, *colours):
    return play(state, [f"coin {x}" for x in colours])


# ---------------------------------------------------------------- parameters and setup

def test_defaults_and_params(make):
    g = make()
    assert g.num_players == 4 and g.num_actions == 39
    assert g.params == {"players": 4, "chips_per_color": 10, "max_rounds": 100}
    g = make(players=3, chips_per_color=2, max_rounds=1)
    assert g.params == {"players": 3, "chips_per_color": 2, "max_rounds": 1}
    assert make(chips_per_color=30, max_rounds=10000).params["max_rounds"] == 10000


@pytest.mark.parametrize("bad", [
    {"players": 2}, {"players": 5}, {"players": True}, {"players": 3.0}, {"players": "4"},
    {"chips_per_color": 1}, {"chips_per_color": 31}, {"chips_per_color": True},
    {"max_rounds": 0}, {"max_rounds": 10001}, {"max_rounds": None}, {"colours": 4},
])
def test_param_validation(make, bad):
    with pytest.raises(ValueError, match=next(iter(bad))):
        make(**bad)


def test_initial_state(make):
    g = make(players=3, chips_per_color=7)
    s = g.new_initial_state(seed=12345)
    rng = Rng(12345)
    parent = rng.uniform(3)
    assert s.to_dict() == sd(3, "R7 B7 Y7 G7", ["", "", ""], parent=parent, rng=rng.state,
                             rnd=1)
    assert s.current_player() == SIMULTANEOUS and s.is_simultaneous_node()
    assert s.acting_players() == [0, 1, 2]
    for p in range(3):
        assert s.legal_actions(p) == [0, 1, 2, 3, 4]
    assert s.returns() == [0.0] * 3 and s.scores() == [0.0] * 3


def test_seed_determines_parent(make):
    g = make()
    parents = {g.new_initial_state(seed).to_dict()["parent"] for seed in range(40)}
    assert parents == {0, 1, 2, 3}


# ---------------------------------------------------------------- action strings

def test_action_strings(make):
    s = make().new_initial_state(0)
    table = {0: "coin R", 1: "coin B", 2: "coin Y", 3: "coin G", 4: "coin W", 5: "chips R",
             8: "chips G", 9: "chips RR", 10: "chips RB", 18: "chips GG", 19: "chips RRR",
             24: "chips RBY", 25: "chips RBG", 38: "chips GGG"}
    for a, text in table.items():
        assert s.action_to_string(a) == text
        assert s.string_to_action(text) == a
    for a in range(39):
        assert s.string_to_action(s.action_to_string(a)) == a
    for bad in ["chips BR", "coin X", "chips", "chips RRRR", "", "coin r", "chips W", " coin R"]:
        with pytest.raises(ValueError):
            s.string_to_action(bad)
    for bad in [-1, 39]:
        with pytest.raises(ValueError):
            s.action_to_string(bad)


# ---------------------------------------------------------------- choose and collisions

def test_choose_only_held_coins(make):
    g = make(players=3)
    coins = [c("R2 Y0"), c("Y2 B0"), c("R0 B2")]
    s = g.state_from_dict(sd(3, "R10 B10 Y10 G10", ["", "", ""], coins=coins))
    assert s.legal_actions(0) == ids("coin R", "coin B", "coin G", "coin W")
    assert s.legal_actions(1) == ids("coin R", "coin Y", "coin G", "coin W")
    assert s.legal_actions(2) == ids("coin B", "coin Y", "coin G", "coin W")
    before = s.to_dict()
    for joint in ([2, 0, 0], [0, 1, 0], [0, 0], [0, 0, 0, 0], [0, 0, 5], [0, 0, -1]):
        with pytest.raises(ValueError):
            s.apply_actions(joint)
        assert s.to_dict() == before
    with pytest.raises(ValueError):
        s.apply_action(0)
    assert s.to_dict() == before


def test_worked_example_1(make):
    """Reveals R R B W, parent 0: 0 immune, 1 returns red, 2 takes blue, 3 takes 2-3 any."""
    g = make()
    s = g.state_from_dict(sd(4, "R8 B9 Y10 G10", ["", "R2 B1", "", ""]))
    coins_choose(s, "R", "R", "B", "W")
    assert s.current_player() == 1 and s.acting_players() == [1]
    assert s.to_dict()["revealed"] == ["R", "R", "B", "W"]
    assert s.legal_actions() == ids("R", "RR")
    assert s.legal_actions(0) == [] and s.legal_actions(2) == []
    play(s, "chips R")
    assert s.current_player() == 2
    assert s.legal_actions() == ids("B", "BB")
    play(s, "chips BB")
    assert s.current_player() == 3
    assert s.legal_actions() == list(range(9, 39))  # every 2- and 3-chip multiset
    play(s, "chips RYG")
    d = s.to_dict()
    assert d["phase"] == "choose" and d["round"] == 21 and d["parent"] == 1
    assert d["revealed"] == [None] * 4 and d["acting"] is None
    assert d["box"] == h("R8 B7 Y9 G9")
    assert d["chips"] == [h(""), h("R1 B1"), h("B2"), h("R1 Y1 G1")]
    # every coin moved one seat left: 0 gave R to 1, 1 gave R to 2, 2 gave B to 3, 3 gave W to 0
    assert d["coins"] == [c("R0 W2"), c(), c("R2 B0"), c("B2 W0")]


def test_worked_example_1_return_any_colour(make):
    g = make()
    s = g.state_from_dict(sd(4, "R10 B9 Y9 G10", ["", "B1 Y1", "", ""]))
    coins_choose(s, "R", "R", "B", "W")
    assert s.current_player() == 1
    assert s.legal_actions() == ids("B", "Y", "BY")
    play(s, "chips BY")
    assert s.to_dict()["chips"][1] == h("") and s.to_dict()["box"] == h("R10 B10 Y10 G10")


def test_three_and_four_way_collisions(make):
    g = make()
    chips = ["R1", "R1", "R1", "R1"]
    s = g.state_from_dict(sd(4, "R6 B10 Y10 G10", chips, parent=2))
    coins_choose(s, "G", "G", "G", "G")
    # order 2 (parent, immune), 3, 0, 1; everyone else returns: no G held -> any colour
    assert s.current_player() == 3 and s.legal_actions() == ids("R")
    play(s, "chips R")
    assert s.current_player() == 0
    play(s, "chips R")
    assert s.current_player() == 1
    play(s, "chips R")
    d = s.to_dict()
    assert d["chips"] == [h(""), h(""), h("R1"), h("")] and d["parent"] == 3
    assert d["phase"] == "choose" and d["round"] == 21

    s = g.state_from_dict(sd(4, "R6 B10 Y10 G10", chips, parent=0))
    coins_choose(s, "Y", "B", "Y", "Y")  # 0, 2, 3 collide; 1 takes blue
    assert s.current_player() == 1 and s.legal_actions() == ids("B", "BB")
    play(s, "chips B")
    assert s.current_player() == 2
    play(s, "chips R")
    assert s.current_player() == 3
    play(s, "chips R")
    assert s.to_dict()["chips"] == [h("R1"), h("R1 B1"), h(""), h("")]


def test_two_players_collide_in_three_player_game(make):
    g = make(players=3)
    s = g.state_from_dict(sd(3, "R8 B10 Y8 G10", ["", "R2 Y1", "Y1"], parent=2))
    coins_choose(s, "B", "Y", "Y")  # 1 and 2 collide; parent 2 immune; order 2, 0, 1
    assert s.current_player() == 0 and s.legal_actions() == ids("B", "BB")
    play(s, "chips BB")
    assert s.current_player() == 1 and s.legal_actions() == ids("Y")  # strict colour, 1 Y held
    play(s, "chips Y")
    d = s.to_dict()
    assert d["chips"] == [h("B2"), h("R2"), h("Y1")] and d["parent"] == 0


def test_white_collides_only_with_white(make):
    g = make()
    s = g.state_from_dict(sd(4, "R9 B10 Y10 G9", ["R1", "G1", "", ""]))
    coins_choose(s, "W", "W", "R", "B")  # 0 and 1 collide (parent 0 immune); 2, 3 take
    assert s.current_player() == 1 and s.legal_actions() == ids("G")  # fewer than 2: all
    play(s, "chips G")
    assert s.current_player() == 2 and s.legal_actions() == ids("R", "RR")
    play(s, "chips RR")
    assert s.current_player() == 3
    play(s, "chips B")
    assert s.to_dict()["chips"] == [h("R1"), h(""), h("R2"), h("B1")]

    s = g.state_from_dict(sd(4, "R9 B10 Y10 G9", ["R1", "G1", "", ""]))
    coins_choose(s, "W", "R", "R", "B")  # a lone white does not collide with anything
    assert s.current_player() == 0 and len(s.legal_actions()) == 30
    play(s, "chips BBB")
    assert s.current_player() == 1 and s.legal_actions() == ids("G")  # no R held: any colour


def test_collided_without_chips_is_skipped(make):
    g = make()
    s = g.state_from_dict(sd(4, "R9 B10 Y10 G9", ["R1", "G1", "", ""]))
    coins_choose(s, "W", "R", "R", "B")
    play(s, "chips BBB", "chips G")
    # player 2 collided on red but holds nothing: passed over; player 3 takes blue
    assert s.current_player() == 3 and s.legal_actions() == ids("B", "BB")


def test_parent_collision_is_immune(make):
    g = make(players=3)
    s = g.state_from_dict(sd(3, "R5 B9 Y10 G10", ["R4 B1", "R1", ""], parent=1))
    coins_choose(s, "B", "R", "R")  # parent 1 collides with 2; order 1, 2, 0
    assert s.current_player() == 0  # 1 immune, 2 holds nothing
    play(s, "chips B")
    d = s.to_dict()
    assert d["chips"] == [h("R4 B2"), h("R1"), h("")] and d["parent"] == 2


def test_round_with_every_resolution_skipped(make):
    g = make(players=3, max_rounds=5)
    s = g.state_from_dict(sd(3, "R10 B10 Y9 G10", ["Y1", "", ""], rnd=3))
    coins_choose(s, "W", "W", "W")  # parent 0 (holding) immune; 1, 2 hold nothing
    d = s.to_dict()
    assert d["phase"] == "choose" and d["round"] == 4 and d["parent"] == 1
    assert d["coins"] == [c()] * 3 and d["chips"][0] == h("Y1")


# ---------------------------------------------------------------- takes

def test_take_one_x_left_wants_two(make):
    g = make(players=3)
    s = g.state_from_dict(sd(3, "R1 B4 Y4 G4", ["R9 B6", "Y6", "G6"]))
    coins_choose(s, "R", "B", "Y")
    assert s.legal_actions() == ids("R")  # strict: only the one red, not red + another


def test_take_capped_by_never_emptying_box(make):
    g = make(players=3)
    s = g.state_from_dict(sd(3, "R2", ["R8 B5", "B5 Y5", "Y5 G10"]))
    coins_choose(s, "R", "B", "Y")
    assert s.legal_actions() == ids("R")  # RR would empty the box
    play(s, "chips R")
    assert s.to_dict()["box"] == h("R1")
    # player 1's end check fires at once: box holds 1 chip
    d = s.to_dict()
    assert d["phase"] == "over" and d["outcome"] == "ended" and s.current_player() == TERMINAL


def test_take_x_plenty(make):
    g = make(players=3)
    s = g.state_from_dict(sd(3, "R5 B1", ["R5 B9", "Y5 G5", "Y5 G5"]))
    coins_choose(s, "R", "B", "Y")
    assert s.legal_actions() == ids("R", "RR")
    play(s, "chips RR")
    assert s.current_player() == 1 and s.legal_actions() == ids("B")  # 1 blue left in box
    play(s, "chips B")
    # player 2 wants yellow: none in the box, box holds R3 -> any colours, never emptying
    assert s.current_player() == 2 and s.legal_actions() == ids("R", "RR")


def test_take_no_x_any_colours(make):
    g = make(players=3)
    s = g.state_from_dict(sd(3, "B1 G2", ["R5 B4", "R5 Y5", "Y5 B5 G8"]))
    coins_choose(s, "R", "Y", "W")
    assert s.legal_actions() == ids("B", "G", "BG", "GG")
    play(s, "chips BG")
    # player 1 (yellow, none in box, box holds G1): end check fires since box <= 1
    assert s.to_dict()["outcome"] == "ended"


def test_take_no_x_two_left(make):
    g = make(players=3)
    s = g.state_from_dict(sd(3, "B1 G1", ["R5 B4", "R5 Y5", "Y5 B5 G9"]))
    coins_choose(s, "R", "B", "B")
    assert s.legal_actions() == ids("B", "G")


def test_white_take_box_of_three(make):
    g = make(players=3)
    s = g.state_from_dict(sd(3, "R1 B1 G1", ["R9", "B9 Y5", "Y5 G9"]))
    coins_choose(s, "W", "B", "B")
    assert s.legal_actions() == ids("RB", "RG", "BG")  # 3 would empty the box


def test_white_take_sizes(make):
    g = make(players=3)
    s = g.state_from_dict(sd(3, "R2 Y2", ["R8", "B10 Y3", "Y5 G10"]))
    coins_choose(s, "W", "B", "B")
    assert s.legal_actions() == ids("RR", "RY", "YY", "RRY", "RYY")
    s = g.state_from_dict(sd(3, "R3", ["R7 B10", "Y10", "G10"]))
    coins_choose(s, "W", "B", "B")
    assert s.legal_actions() == ids("RR")


# ---------------------------------------------------------------- end check

def worked_example_2_chips():
    return ["R2 B2 Y2 G3", "R2 B2 Y2 G1", "R2 B2 Y2 G3", "R2 B2 Y2"]


def test_worked_example_2_end_check_for_colour_taker(make):
    g = make(chips_per_color=8)
    start = sd(4, "G1", worked_example_2_chips(), parent=0, rnd=7)
    s = g.state_from_dict(start)
    coins_choose(s, "R", "B", "Y", "W")  # parent 0 takes first: the box holds 1 chip -> end
    d = s.to_dict()
    assert d == dict(start, phase="over", outcome="ended")  # no coins passed, parent/round kept
    assert s.is_terminal() and s.current_player() == TERMINAL and s.acting_players() == []
    assert s.legal_actions() == [] and s.legal_actions(1) == []
    # G unfashionable; G held 3, 1, 3, 0 -> players 0 and 2 eliminated
    # player 1: 6 chips x 2 + G1 x 1 + 1 set x 5 = 18; player 3: 6 x 2 = 12
    assert s.scores() == [0.0, 18.0, 0.0, 12.0]
    assert s.returns() == [0.0, 1.0, 0.0, 0.0]
    with pytest.raises(ValueError):
        s.apply_action(5)
    with pytest.raises(ValueError):
        s.apply_actions([0, 0, 0, 0])


def test_end_check_only_for_non_colliding_takers(make):
    g = make(chips_per_color=8)
    s = g.state_from_dict(sd(4, "G1", worked_example_2_chips(), parent=0))
    coins_choose(s, "R", "R", "B", "B")  # 0 immune; 1 returns red; 2, 3 collide on blue
    assert s.current_player() == 1
    play(s, "chips RR")
    assert s.current_player() == 2 and s.legal_actions() == ids("B", "BB")
    play(s, "chips B")
    assert s.current_player() == 3
    play(s, "chips BB")
    d = s.to_dict()
    assert d["phase"] == "choose" and d["box"] == h("R2 B3 G1")


def test_returns_before_taker_postpone_end(make):
    g = make(chips_per_color=8)
    s = g.state_from_dict(sd(4, "G1", worked_example_2_chips(), parent=0))
    coins_choose(s, "R", "R", "B", "Y")
    play(s, "chips R")  # box R1 G1: 2 chips, player 2's end check does not fire
    assert s.current_player() == 2 and s.legal_actions() == ids("R", "G")
    play(s, "chips G")
    # player 3 (yellow): box holds 1 chip -> end; R unfashionable
    d = s.to_dict()
    assert d["outcome"] == "ended" and d["box"] == h("R1")
    assert d["chips"] == [h("R2 B2 Y2 G3"), h("R1 B2 Y2 G1"), h("R2 B2 Y2 G4"), h("R2 B2 Y2")]
    # R held 2, 1, 2, 2 -> 0, 2, 3 eliminated; player 1: R1 + 2*(B2 Y2 G1) + 5 = 16
    assert s.scores() == [0.0, 16.0, 0.0, 0.0] and s.returns() == [0.0, 1.0, 0.0, 0.0]


def test_end_check_white_taker_box_of_two(make):
    g = make(players=3, chips_per_color=4)
    chips = ["R2 B2 Y3", "R1 B1 Y1 G3", "B1"]
    start = sd(3, "R1 G1", chips, parent=1)
    s = g.state_from_dict(start)
    coins_choose(s, "B", "W", "Y")  # parent 1 white, not collided, box 2 -> end
    assert s.to_dict() == dict(start, phase="over", outcome="ended")
    # R+G held: 2, 4, 0 -> player 1 eliminated
    # player 0: R2 x1 + B2 x2 + Y3 x2 = 12; player 2: B1 x2 = 2
    assert s.scores() == [12.0, 0.0, 2.0] and s.returns() == [1.0, 0.0, 0.0]


def test_colour_taker_with_box_of_two_still_takes(make):
    g = make(players=3, chips_per_color=4)
    s = g.state_from_dict(sd(3, "R1 G1", ["R2 B2 Y3", "R1 B1 Y1 G3", "B1"], parent=1))
    coins_choose(s, "B", "R", "Y")
    assert s.current_player() == 1 and s.legal_actions() == ids("R")
    play(s, "chips R")
    # player 2 (yellow): box holds 1 -> end with G unfashionable; G held 0, 3, 0
    assert s.to_dict()["outcome"] == "ended"
    assert s.scores() == [14.0, 0.0, 2.0]


# ---------------------------------------------------------------- returns

@pytest.mark.parametrize("coin, held, expected", [
    ("R", "R1 B3", ["R"]),                       # strict colour
    ("R", "R3 Y1", ["R", "RR"]),
    ("R", "B1 Y2", ["B", "Y", "BY", "YY"]),      # fallback: any colours held
    ("G", "Y1", ["Y"]),                          # holding one chip
    ("W", "R1 B1 Y1", ["RB", "RY", "BY", "RBY"]),
    ("W", "G4", ["GG", "GGG"]),
    ("W", "R2", ["RR"]),                         # exactly the minimum
    ("W", "Y1", ["Y"]),                          # fewer than the minimum: all you hold
])
def test_return_options(make, coin, held, expected):
    g = make(players=3)
    hold = h(held)
    box = " ".join(f"{k}{10 - v}" for k, v in hold.items())
    # player 0 (parent, a taker) has resolved; 1 and 2 collided, 2 holds nothing
    s = g.state_from_dict(sd(3, box, ["", held, ""], phase="resolve", acting=1,
                             revealed=["B", coin, coin]))
    assert s.current_player() == 1 and s.legal_actions() == ids(*expected)
    play(s, "chips " + expected[-1])
    moved = {k: expected[-1].count(k) for k in "RBYG"}
    d = s.to_dict()
    assert d["chips"][1] == {k: hold[k] - moved[k] for k in "RBYG"}
    assert d["phase"] == "choose" and d["round"] == 21  # player 2 skipped


# ---------------------------------------------------------------- passing and rounds

def test_coin_passing_and_parent_wraps(make):
    g = make(players=3)
    coins = [c("R3 B0 Y0 G1 W1"), c("B2 Y2 R0 G0 W1"), c("R0 B1 Y1 G2 W1")]
    s = g.state_from_dict(sd(3, "R10 B10 Y10 G10", ["", "", ""], parent=2, coins=coins, rnd=4))
    coins_choose(s, "R", "B", "G")  # order 2, 0, 1
    play(s, "chips G", "chips R", "chips BB")
    d = s.to_dict()
    assert d["parent"] == 0 and d["round"] == 5
    # 0 gives R to 1, 1 gives B to 2, 2 gives G to 0
    assert d["coins"] == [c("R2 B0 Y0 G2 W1"), c("R1 B1 Y2 G0 W1"), c("R0 B2 Y1 G1 W1")]
    assert d["chips"] == [h("R1"), h("B2"), h("G1")]
    assert s.legal_actions(1) == ids("coin R", "coin B", "coin Y", "coin W")


def test_truncation(make):
    g = make(players=3, max_rounds=3)
    s = g.state_from_dict(sd(3, "R9 B9 Y9 G8", ["R1 B1 Y1 G1", "", "G1"], rnd=3, parent=1))
    coins_choose(s, "R", "B", "Y")
    play(s, "chips B", "chips YY", "chips RR")  # order 1, 2, 0
    d = s.to_dict()
    assert d["phase"] == "over" and d["outcome"] == "truncated" and d["round"] == 3
    assert d["parent"] == 2 and d["revealed"] == [None] * 3  # the final pass still happens
    assert d["coins"] == [c("R0 Y2"), c("R2 B0"), c("B2 Y0")]
    assert d["chips"] == [h("R3 B1 Y1 G1"), h("B1"), h("Y2 G1")]
    # no elimination: 2 per chip + 5 per set
    assert s.scores() == [17.0, 2.0, 6.0]
    assert s.returns() == pytest.approx([1 / 3] * 3)


def test_max_rounds_one(make):
    g = make(players=3, max_rounds=1)
    s = g.new_initial_state(3)
    coins_choose(s, "W", "W", "W")  # nobody holds chips: every resolution skipped
    assert s.to_dict()["outcome"] == "truncated" and s.to_dict()["round"] == 1
    assert s.scores() == [0.0] * 3


# ---------------------------------------------------------------- scoring

def over(n, box, chips, **kw):
    return sd(n, box, chips, phase="over", outcome="ended", **kw)


def test_source_scoring_example(make):
    g = make(players=3, chips_per_color=4)
    s = g.state_from_dict(over(3, "R1", ["R1 G2 B3 Y1", "R2 Y1 G1", "B1 Y2 G1"]))
    # player 1 holds most red (2): eliminated; player 0: 1 + 4 + 6 + 2 + 5 = 18
    assert s.scores() == [18.0, 0.0, 8.0] and s.returns() == [1.0, 0.0, 0.0]


def test_shared_win(make):
    g = make(players=3, chips_per_color=3)
    s = g.state_from_dict(over(3, "R1", ["R2 G3", "B2 Y1", "B1 Y2"]))
    assert s.scores() == [0.0, 6.0, 6.0] and s.returns() == [0.0, 0.5, 0.5]


def test_tied_elimination_several_players(make):
    g = make(players=4, chips_per_color=5)
    s = g.state_from_dict(over(4, "Y1", ["Y2 R1", "Y2 B5", "R4 G5", ""]))
    # Y held 2, 2, 0, 0 -> 0 and 1 eliminated; 2: 8 + 10 = 18; 3: 0
    assert s.scores() == [0.0, 0.0, 18.0, 0.0] and s.returns() == [0.0, 0.0, 1.0, 0.0]


def test_two_unfashionable_colours_tied(make):
    g = make(players=3, chips_per_color=3)
    s = g.state_from_dict(over(3, "R1 G1", ["R2 B1", "G2 Y1", "B2 Y2"]))
    # R+G: 2, 2, 0 -> players 0 and 1 eliminated
    assert s.scores() == [0.0, 0.0, 8.0] and s.returns() == [0.0, 0.0, 1.0]


def test_two_unfashionable_colours_summed(make):
    g = make(players=3, chips_per_color=3)
    s = g.state_from_dict(over(3, "R1 G1", ["R2 Y1 B1", "G1 Y2 B1 R0", "G1 B1"]))
    # R+G: 2, 1, 1 -> player 0 eliminated; 1: G1 x1 + Y2 x2 + B1 x2 = 7; 2: G1 + B1 x2 = 3
    assert s.scores() == [0.0, 7.0, 3.0] and s.returns() == [0.0, 1.0, 0.0]


def test_box_two_of_one_colour_nobody_holds_it(make):
    g = make(players=3, chips_per_color=2)
    s = g.state_from_dict(over(3, "Y2", ["R1 B1 G1", "R1 B1", "G1"]))
    # Y unfashionable, nobody holds Y: nobody eliminated
    assert s.scores() == [6.0, 4.0, 2.0] and s.returns() == [1.0, 0.0, 0.0]


def test_sets_count_unfashionable_chips(make):
    g = make(players=3, chips_per_color=4)
    s = g.state_from_dict(over(3, "B1", ["R2 B1 Y2 G2", "R2 B2 Y2", "G2"]))
    # B held 1, 2, 0 -> 1 eliminated; 0: 4 + 1 + 4 + 4 + 5 = 18; 2: 4
    assert s.scores() == [18.0, 0.0, 4.0] and s.returns() == [1.0, 0.0, 0.0]


def test_zero_point_survivor_beats_eliminated(make):
    g = make(players=3, chips_per_color=3)
    s = g.state_from_dict(over(3, "R1", ["R1 B2 Y1 G1", "R1 B1 Y2 G2", ""]))
    assert s.scores() == [0.0, 0.0, 0.0] and s.returns() == [0.0, 0.0, 1.0]


def test_everybody_eliminated_share(make):
    g = make(players=3, chips_per_color=4)
    s = g.state_from_dict(over(3, "R1", ["R1 B4", "R1 Y4", "R1 G4"]))
    assert s.scores() == [0.0] * 3 and s.returns() == pytest.approx([1 / 3] * 3)


# ---------------------------------------------------------------- illegal actions, dicts

def test_illegal_chip_actions_leave_state_unchanged(make):
    g = make()
    s = g.state_from_dict(sd(4, "R8 B9 Y10 G10", ["", "R2 B1", "", ""]))
    coins_choose(s, "R", "R", "B", "W")
    before = s.to_dict()
    for a in [s.string_to_action("chips B"), s.string_to_action("chips RRR"), 0, 4, -1, 39,
              True, "chips R"]:
        with pytest.raises((ValueError, TypeError)):
            s.apply_action(a)
        assert s.to_dict() == before
    with pytest.raises(ValueError):
        s.apply_actions([0, 0, 1, 4])
    assert s.to_dict() == before
    with pytest.raises(ValueError):
        s.legal_actions(4)


def test_dict_without_rng_and_round_trip(make):
    g = make()
    d = sd(4, "R8 B9 Y10 G10", ["", "R2 B1", "", ""], rng=2**64 - 1)
    assert g.state_from_dict(d).to_dict() == d
    del d["rng"]
    assert g.state_from_dict(d).to_dict()["rng"] == 0
    r = sd(4, "R8 B9 Y10 G10", ["", "R2 B1", "", ""], phase="resolve",
           revealed=["R", "R", "B", "W"], acting=1)
    s = g.state_from_dict(r)
    assert s.to_dict() == r and s.current_player() == 1
    assert s.clone().to_dict() == r


def _bad_dicts():
    ok = sd(4, "R8 B9 Y10 G10", ["", "R2 B1", "", ""])
    res = dict(ok, phase="resolve", revealed=["R", "R", "B", "W"], acting=1)

    def with_(base, **kw):
        return dict(base, **kw)

    bad = {
        "chip conservation": with_(ok, box=h("R9 B9 Y10 G10")),
        "negative chips": with_(ok, box=h("R11 B9 Y10 G10"), chips=[h(), h("R-1 B1"), h(), h()]),
        "player with 4 coins": with_(ok, coins=[c("W0"), c("W2"), c(), c()]),
        "float chips": with_(ok, box=h("R8 B9 Y10 G10") | {"Y": 10.0}),
        "bool chips": with_(ok, box=h("R8 B9 Y9 G10"),
                            chips=[h() | {"Y": True}, h("R2 B1"), h(), h()]),
        "table coin colour count": with_(ok, coins=[c("R2 B0"), c(), c(), c()]),
        "coin dict keys": with_(ok, coins=[h(), c(), c(), c()]),
        "missing key": {k: v for k, v in ok.items() if k != "chips"},
        "chips held in round 1": with_(ok, round=1),
        "coins too far from the start": with_(ok, round=3, coins=[c("R4 B0 Y0 G0"), c("R0 B2"),
                                                                  c("R0 Y2"), c("R0 G2")]),
        "more chips than turns": with_(ok, round=3, box=h("R1 B9 Y10 G10"),
                                       chips=[h(), h("R9 B1"), h(), h()]),
        "chips of a player yet to resolve in round 1": with_(res, round=1),
        "unknown key": with_(ok, extra=1),
        "game": with_(ok, game="fox_duet"),
        "players": with_(ok, players=3),
        "bool round": with_(ok, round=True),
        "round 0": with_(ok, round=0),
        "round > max": with_(ok, round=101),
        "parent": with_(ok, parent=4),
        "phase": with_(ok, phase="pass"),
        "revealed in choose": with_(ok, revealed=["R", None, None, None]),
        "acting in choose": with_(ok, acting=0),
        "outcome in choose": with_(ok, outcome="ended"),
        "rng": with_(ok, rng=2**64),
        "rng negative": with_(ok, rng=-1),
        "box keys": with_(ok, box={"R": 8, "B": 9, "Y": 10}),
        "chips length": with_(ok, chips=[h(), h("R2 B1"), h()]),
        "revealed colour": with_(res, revealed=["R", "R", "B", "X"]),
        "revealed null in resolve": with_(res, revealed=["R", "R", "B", None]),
        "revealed coin not held": with_(res, coins=[c(), c("R0 W2"), c("R2 W0"), c()]),
        "acting immune parent": with_(res, acting=0),
        "acting taker not found": with_(res, acting=5),
        "acting null": with_(res, acting=None),
        "outcome in resolve": with_(res, outcome="ended"),
        "over without outcome": with_(ok, phase="over"),
        "over bad outcome": with_(ok, phase="over", outcome="won"),
        "ended with big box": with_(ok, phase="over", outcome="ended"),
        "truncated early": with_(ok, phase="over", outcome="truncated", round=5),
        "empty box": sd(4, "", ["R10 B10", "Y10", "G10", ""]),
    }
    return bad


@pytest.mark.parametrize("name", sorted(_bad_dicts()))
def test_state_from_dict_rejects(make, name):
    g = make()
    with pytest.raises((ValueError, TypeError)):
        g.state_from_dict(_bad_dicts()[name])


def test_state_from_dict_rejects_taker_whose_end_check_fires(make):
    g = make(chips_per_color=8)
    d = sd(4, "G1", worked_example_2_chips(), phase="resolve", revealed=["R", "B", "Y", "W"],
           acting=0)
    with pytest.raises(ValueError):
        g.state_from_dict(d)
    # a collided returner with chips is a real decision, though
    d = dict(d, revealed=["R", "R", "Y", "W"], acting=1)
    assert g.state_from_dict(d).legal_actions() == ids("R", "RR")


def test_state_from_dict_rejects_non_dict(make):
    with pytest.raises((ValueError, TypeError)):
        make().state_from_dict([1, 2, 3])


# ---------------------------------------------------------------- random playouts (reference)

def test_random_playouts_reference():
    rnd = random.Random(2024)
    for i in range(200):
        g = reference.make(players=3 + i % 2, chips_per_color=rnd.randint(2, 12),
                           max_rounds=rnd.choice([3, 20, 100]))
        s, _ = checked_random_playout(g, i, rnd, max_steps=10_000)
        assert sum(s.returns()) == pytest.approx(1.0)
        assert all(x >= 0 for x in s.scores())
        d = s.to_dict()
        assert d["outcome"] in ("ended", "truncated")
        if d["outcome"] == "ended":
            assert 1 <= sum(d["box"].values()) <= 2
