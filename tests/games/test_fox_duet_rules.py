"""Rule scenarios for fox_duet (rules: docs/games/fox_duet.md).

Every expectation below was worked out by hand from the rules. Side A positions -5..+5 are
indices 0..10 of `gems`; player 0 sits at the - end, player 1 at the + end.
"""

from __future__ import annotations

import copy
import random

import pytest

from tests.games.reference import fox_duet as reference
from tests.games.reference.rng import Rng
from tests.support.helpers import SIMULTANEOUS, TERMINAL, checked_random_playout, implementations


@pytest.fixture(params=implementations("fox_duet", reference))
def make(request):
    return request.param


SIDE_A_GEMS = [1, 1, 2, 1, 1, 0, 1, 1, 2, 1, 1]
SIDE_A_PLUS = [False, True, False, True, True, False, True, False, True, False, False]
ALL_CARDS = [f"{s}{r}" for s in "RSD" for r in range(1, 11)]
NAMED = {"keep": 30, "target 0": 31, "target 1": 32, "ignore none": 33, "ignore lead": 34,
         "ignore follow": 35, "ignore both": 36, "forward": 37, "reverse": 38,
         "forest minus": 39, "forest plus": 40}


def cid(card: str) -> int:
    return "RSD".index(card[0]) * 10 + int(card[1:]) - 1


def ids(*names: str) -> list[int]:
    return sorted(NAMED[x] if x in NAMED else cid(x) for x in names)


def build(hands, decree="S7", lead=None, follow=None, deck=None, **fields) -> dict:
    """A state dict: the cards not named go to the deck (first 7 free ones) and `played`."""
    used = set(hands[0]) | set(hands[1]) | {decree} | ({lead, follow} - {None})
    rest = [c for c in ALL_CARDS if c not in used]
    deck = deck if deck is not None else rest[:7]
    d = {"game": "fox_duet", "level": 1, "round": 1, "trick": 10, "dealer": 1, "leader": 0,
         "phase": "lead", "hands": [list(hands[0]), list(hands[1])], "decree": decree,
         "deck": list(deck), "trick_cards": {"lead": lead, "follow": follow},
         "tracker": 0, "gems": list(SIDE_A_GEMS), "plus": list(SIDE_A_PLUS),
         "covered": [0, 0], "forest_supply": 4, "gem_supply": 10, "outcome": None,
         "rng": 0, "played": [c for c in rest if c not in deck], "known": [[], []],
         "voids": [[], []], "fox_target": None, "ignore": None}
    d.update(fields)
    return d


def load(make, d, **params):
    game = make(**params)
    s = game.state_from_dict(d)
    return game, s


def roundtrip(game, s) -> None:
    d = s.to_dict()
    assert game.state_from_dict(d).to_dict() == d


def play(game, s, *moves: str) -> None:
    for m in moves:
        s.apply_action(s.string_to_action(m))
        roundtrip(game, s)


def gems_with(**changes) -> list[int]:
    g = list(SIDE_A_GEMS)
    for k, v in changes.items():
        g[int(k[1:])] = v
    return g


def deal(rng_state: int):
    r = Rng(rng_state)
    cards = list(range(30))
    r.shuffle(cards)
    hands = [[ALL_CARDS[c] for c in cards[:11]], [ALL_CARDS[c] for c in cards[11:22]]]
    return hands, ALL_CARDS[cards[22]], [ALL_CARDS[c] for c in cards[23:30]], r.state


def card_order(cards):
    return sorted(cards, key=cid)


# --------------------------------------------------------------------------------------------
# Setup


@pytest.mark.parametrize("seed", [0, 1, 7, 12345, 2**64 - 1])
def test_setup_draws(make, seed):
    game = make()
    assert game.num_players == 2 and game.num_actions == 41
    s = game.new_initial_state(seed)
    r = Rng(seed)
    dealer = r.uniform(2)
    hands, decree, deck, state = deal(r.state)
    d = s.to_dict()
    assert d["dealer"] == dealer and d["leader"] == 1 - dealer
    assert d["hands"] == [card_order(h) for h in hands]
    assert d["decree"] == decree and d["deck"] == card_order(deck) and d["rng"] == state
    assert (d["round"], d["trick"], d["phase"], d["tracker"]) == (1, 1, "lead", 0)
    assert d["gems"] == SIDE_A_GEMS and d["plus"] == SIDE_A_PLUS
    assert (d["covered"], d["forest_supply"], d["gem_supply"]) == ([0, 0], 4, 10)
    assert d["played"] == [] and d["known"] == [[], []] and d["voids"] == [[], []]
    assert d["outcome"] is None and d["fox_target"] is None and d["ignore"] is None
    assert d["trick_cards"] == {"lead": None, "follow": None}
    assert s.current_player() == 1 - dealer
    assert s.legal_actions() == ids(*hands[1 - dealer])
    roundtrip(game, s)


def test_same_seed_same_game(make):
    game = make()
    assert game.new_initial_state(5).to_dict() == game.new_initial_state(5).to_dict()


def test_missing_rng_means_zero(make):
    d = build([["R4", "D2"], ["R9", "S1"]])
    del d["rng"]
    _, s = load(make, d)
    assert s.to_dict()["rng"] == 0


# --------------------------------------------------------------------------------------------
# Worked examples, trick winner, follow suit


def test_worked_example_1(make):
    game, s = load(make, build([["R4", "D2"], ["R9", "S1"]]))
    assert s.current_player() == 0
    play(game, s, "R4")
    assert s.current_player() == 1 and s.legal_actions() == ids("R9")
    play(game, s, "R9")
    d = s.to_dict()
    assert d["leader"] == 1 and d["tracker"] == 1 and d["gems"] == gems_with(i6=0)
    assert (d["trick"], d["phase"]) == (11, "lead")
    assert d["hands"] == [["D2"], ["S1"]] and {"R4", "R9"} <= set(d["played"])
    assert d["trick_cards"] == {"lead": None, "follow": None}
    assert d["voids"] == [[], []]


def test_worked_example_2(make):
    game, s = load(make, build([["R4", "D2"], ["S2", "D6"]]))
    play(game, s, "R4")
    assert s.legal_actions() == ids("S2", "D6")
    play(game, s, "S2")
    d = s.to_dict()
    assert d["leader"] == 1 and d["tracker"] == 4 and d["gems"] == gems_with(i9=0)
    assert d["voids"] == [[], ["R"]]


def test_worked_example_3_lost_in_forest(make):
    game, s = load(make, build([["R6", "D2"], ["R9", "S1"]], tracker=4))
    play(game, s, "R6", "R9")  # player 1 wins, m = 2: +6 is off the path
    d = s.to_dict()
    assert d["tracker"] == 0 and d["covered"] == [0, 1] and d["forest_supply"] == 3
    assert d["gems"] == [1, 1, 2, 1, 1, 0, 1, 1, 2, 2, 0]  # +5's gem slid to +4, none collected
    assert d["outcome"] is None and d["phase"] == "lead" and d["leader"] == 1


def test_gems_slide_inward_and_stack_again(make):
    gems = [1, 1, 2, 1, 1, 0, 1, 1, 2, 2, 0]
    d = build([["R6", "D2"], ["R9", "S1"]], tracker=3, covered=[0, 1], forest_supply=3,
              gems=gems)
    game, s = load(make, d)
    play(game, s, "R6", "R9")  # +3 + 2 = +5, beyond the open end +4
    d = s.to_dict()
    assert d["covered"] == [0, 2] and d["forest_supply"] == 2 and d["tracker"] == 0
    assert d["gems"] == [1, 1, 2, 1, 1, 0, 1, 1, 4, 0, 0]


def test_lost_off_the_minus_end(make):
    game, s = load(make, build([["R6", "D2"], ["R4", "S1"]], leader=1, tracker=-4))
    play(game, s, "R4", "R6")  # player 0 wins, m = 1 + 2 = 3: -7
    d = s.to_dict()
    assert d["covered"] == [1, 0] and d["tracker"] == 0 and d["leader"] == 0
    assert d["gems"] == [0, 2, 2, 1, 1, 0, 1, 1, 2, 1, 1]


def test_lost_without_forest_token_loses(make):
    gems = [0, 0, 3, 1, 1, 0, 1, 1, 4, 0, 0]
    d = build([["R6", "D2"], ["R9", "S1"]], tracker=3, covered=[2, 2], forest_supply=0,
              gems=gems)
    game, s = load(make, d)
    play(game, s, "R6", "R9")
    d = s.to_dict()
    assert d["phase"] == "over" and d["outcome"] == "lost_forest"
    assert d["tracker"] == 3 and d["gems"] == gems and d["covered"] == [2, 2]
    assert s.is_terminal() and s.current_player() == TERMINAL and s.legal_actions() == []
    assert s.returns() == [0.0, 0.0] and s.scores() == [0.0, 0.0]


def test_lost_toward_fully_covered_end_small_board(make):
    # docs decision 1: the centre is never covered; no coverable space left -> lost_forest.
    board = [{"gems": 1, "plus": False}, {"gems": 1, "plus": False}, {"gems": 0, "plus": False},
             {"gems": 0, "plus": False}, {"gems": 0, "plus": False}]
    d = build([["R6", "D2"], ["R9", "S1"]], gems=[1, 1, 0, 0, 0], covered=[0, 2],
              forest_supply=2, gem_supply=20, plus=[False] * 5)
    game, s = load(make, d, board=board)
    play(game, s, "R6", "R9")  # toward +, open path is -2..0
    d = s.to_dict()
    assert d["outcome"] == "lost_forest" and d["tracker"] == 0 and d["forest_supply"] == 2


def test_zero_movement_still_collects_and_skips_musician(make):
    game, s = load(make, build([["R1", "D2"], ["R9", "S2"]], tracker=3))
    play(game, s, "R1")
    assert s.legal_actions() == ids("R9")
    play(game, s, "R9")  # R9 wins, m = 0: no Musician node
    d = s.to_dict()
    assert d["phase"] == "lead" and d["tracker"] == 3 and d["gems"] == gems_with(i8=1)
    assert d["leader"] == 1


@pytest.mark.parametrize("lead, follow, filler, winner", [
    ("R2", "R10", "D4", 1),     # same suit: higher wins
    ("R10", "D10", "D4", 0),    # off-suit, no trump: the lead wins
    ("R10", "S2", "D4", 1),     # trump beats the led suit
    ("S2", "S8", "D4", 1),      # both trump: higher trump
    ("S8", "R10", "D4", 0),     # led trump, follower off-suit
    ("D2", "R2", "R4", 0),      # off-suit never wins, whatever the rank
])
def test_trick_winner(make, lead, follow, filler, winner):
    game, s = load(make, build([[lead, "D6" if lead != "D6" else "D8"], [follow, filler]]))
    play(game, s, lead, follow)
    assert s.to_dict()["leader"] == winner


def test_must_follow_suit(make):
    game, s = load(make, build([["R4", "D2", "D8"], ["R6", "S4", "R2"]], trick=9))
    play(game, s, "R4")
    assert s.legal_actions() == ids("R2", "R6")
    before = s.to_dict()
    with pytest.raises(ValueError):
        s.apply_action(cid("S4"))
    assert s.to_dict() == before


# --------------------------------------------------------------------------------------------
# Heir


def test_heir_lead_frees_follower(make):
    game, s = load(make, build([["R9", "D2"], ["R4", "S6"]]))
    play(game, s, "R9")
    assert s.legal_actions() == ids("R4", "S6")
    play(game, s, "S6")  # trump wins; not following after a 9 reveals nothing
    d = s.to_dict()
    assert d["leader"] == 1 and d["tracker"] == 2 and d["voids"] == [[], []]


def test_heir_followed_has_no_effect(make):
    game, s = load(make, build([["R4", "D2"], ["R9", "S6"]]))
    play(game, s, "R4")
    assert s.legal_actions() == ids("R9")


# --------------------------------------------------------------------------------------------
# Fox


def test_fox_lead_swap(make):
    game, s = load(make, build([["R3", "D2"], ["R8", "D5"]]))
    play(game, s, "R3")
    assert s.to_dict()["phase"] == "fox_target"
    assert s.current_player() == 0 and s.legal_actions() == ids("target 0", "target 1")
    play(game, s, "target 1")
    d = s.to_dict()
    assert d["phase"] == "fox_swap" and d["fox_target"] == 1
    assert s.current_player() == 1 and s.legal_actions() == ids("R8", "D5", "keep")
    assert s.action_to_string(cid("D5")) == "swap D5"
    play(game, s, "swap D5")
    d = s.to_dict()
    assert d["decree"] == "D5" and d["hands"][1] == ["R8", "S7"] and d["known"] == [[], ["S7"]]
    assert d["phase"] == "follow" and d["fox_target"] is None
    assert s.legal_actions() == ids("R8")
    play(game, s, "R8")
    d = s.to_dict()
    assert d["leader"] == 1 and d["tracker"] == 4 and d["known"] == [[], ["S7"]]


def test_fox_keep(make):
    game, s = load(make, build([["R3", "D2"], ["R8", "D5"]]))
    play(game, s, "R3", "target 0")
    assert s.current_player() == 0 and s.legal_actions() == ids("D2", "keep")
    play(game, s, "keep")
    d = s.to_dict()
    assert d["decree"] == "S7" and d["phase"] == "follow" and d["known"] == [[], []]


@pytest.mark.parametrize("choice, winner, tracker", [("swap D5", 1, 4), ("keep", 0, -4)])
def test_fox_on_follow_changes_trump_mid_trick(make, choice, winner, tracker):
    game, s = load(make, build([["R8", "D2"], ["D3", "D5"]]))
    play(game, s, "R8", "D3")
    assert s.to_dict()["phase"] == "fox_target" and s.current_player() == 1
    play(game, s, "target 1")
    assert s.legal_actions() == ids("D5", "keep")
    play(game, s, choice)
    d = s.to_dict()
    assert d["leader"] == winner and d["tracker"] == tracker and d["voids"] == [[], ["R"]]
    if choice == "keep":
        assert d["decree"] == "S7" and d["hands"][1] == ["D5"]
    else:
        assert d["decree"] == "D5" and d["hands"][1] == ["S7"] and d["known"][1] == ["S7"]


def test_fox_lead_changes_trump_for_this_trick(make):
    game, s = load(make, build([["D3", "R2"], ["R4", "S4"]]))
    play(game, s, "D3", "target 0", "swap R2")  # trump becomes Roses
    assert s.legal_actions() == ids("R4", "S4")  # no Dove: any card
    play(game, s, "R4")
    assert s.to_dict()["leader"] == 1


def test_fox_target_when_only_one_player_holds_cards(make):
    d = build([["R2"], ["S3"]], decree="D4", trick=11, dealer=0, leader=1)
    game, s = load(make, d)
    play(game, s, "S3")
    assert s.current_player() == 1 and s.legal_actions() == ids("target 0")
    play(game, s, "target 0")
    assert s.current_player() == 0 and s.legal_actions() == ids("R2", "keep")
    play(game, s, "swap R2")
    d = s.to_dict()
    assert d["decree"] == "R2" and d["hands"] == [["D4"], []] and d["known"] == [["D4"], []]
    assert s.legal_actions() == ids("D4")
    play(game, s, "D4")  # trump Roses: neither card is trump, the lead S3 wins; m = 3
    d = s.to_dict()
    assert d["leader"] == 1 and d["tracker"] == 3
    # round end: + spaces get a gem, then equal ends -> the dealer (next leader) chooses
    assert d["gems"] == [1, 2, 2, 2, 2, 0, 2, 1, 2, 1, 1] and d["gem_supply"] == 5
    assert d["phase"] == "forest_end" and s.current_player() == 0
    assert d["known"] == [[], []] and d["voids"] == [["S"], []]


def test_fox_followed_on_last_trick_does_nothing(make):
    d = build([["R8"], ["D3"]], trick=11, dealer=0, leader=0)
    game, s = load(make, d)
    play(game, s, "R8", "D3")
    d = s.to_dict()
    assert d["decree"] == "S7" and d["phase"] == "forest_end" and d["tracker"] == -4


# --------------------------------------------------------------------------------------------
# Gift


def test_gift_before_follow_suit_check(make):
    game, s = load(make, build([["R7", "R2"], ["S4", "D6"]]))
    play(game, s, "R7")
    assert s.to_dict()["phase"] == "gift"
    assert s.is_simultaneous_node() and s.current_player() == SIMULTANEOUS
    assert s.acting_players() == [0, 1]
    assert s.legal_actions(0) == ids("R2") and s.legal_actions(1) == ids("S4", "D6")
    assert s.action_to_string(cid("R2"), 0) == "give R2"
    assert s.string_to_action("give D6", 1) == cid("D6")
    before = s.to_dict()
    with pytest.raises(ValueError):
        s.apply_action(cid("R2"))
    with pytest.raises(ValueError):
        s.apply_actions([cid("R2"), cid("R2")])
    assert s.to_dict() == before
    s.apply_actions([cid("R2"), cid("D6")])
    roundtrip(game, s)
    d = s.to_dict()
    assert d["hands"] == [["D6"], ["R2", "S4"]] and d["known"] == [["D6"], ["R2"]]
    assert d["phase"] == "follow" and s.legal_actions() == ids("R2")  # now holds a Rose
    play(game, s, "R2")
    d = s.to_dict()
    assert d["leader"] == 0 and d["tracker"] == -3 and d["gems"] == gems_with(i2=1)
    assert d["known"] == [["D6"], []]


def test_gift_lets_follower_shed_led_suit(make):
    game, s = load(make, build([["R7", "S2"], ["R4", "D6"]]))
    play(game, s, "R7")
    s.apply_actions([cid("S2"), cid("R4")])
    assert s.legal_actions() == ids("S2", "D6")
    play(game, s, "D6")
    d = s.to_dict()
    assert d["voids"] == [[], ["R"]] and d["leader"] == 0 and d["tracker"] == -2
    assert d["known"] == [["R4"], ["S2"]]


def test_gift_on_follow(make):
    game, s = load(make, build([["R8", "D2"], ["R7", "S4"]]))
    play(game, s, "R8", "R7")
    assert s.to_dict()["phase"] == "gift"
    s.apply_actions([cid("D2"), cid("S4")])
    d = s.to_dict()
    assert d["hands"] == [["S4"], ["D2"]] and d["leader"] == 0 and d["tracker"] == -2


def test_gift_led_on_last_trick_is_skipped(make):
    game, s = load(make, build([["R7"], ["S4"]], trick=11))
    play(game, s, "R7")
    assert s.to_dict()["phase"] == "follow" and s.legal_actions() == ids("S4")


# --------------------------------------------------------------------------------------------
# Gazelle and Musician


def test_gazelle_single(make):
    game, s = load(make, build([["R5", "D2"], ["R6", "S4"]]))
    play(game, s, "R5", "R6")
    assert s.to_dict()["phase"] == "gazelle" and s.current_player() == 1
    assert s.legal_actions() == ids("ignore none", "ignore lead", "ignore follow")
    play(game, s, "ignore follow")  # m = 1
    assert s.to_dict()["tracker"] == 1


def test_gazelle_only_offers_cards_with_footprints(make):
    game, s = load(make, build([["R5", "D2"], ["R9", "S4"]]))
    play(game, s, "R5", "R9")
    assert s.legal_actions() == ids("ignore none", "ignore lead")
    play(game, s, "ignore lead")
    d = s.to_dict()
    assert d["tracker"] == 0 and d["phase"] == "lead" and d["leader"] == 1


@pytest.mark.parametrize("choice, tracker", [("ignore both", 0), ("ignore lead", 1),
                                             ("ignore none", 2)])
def test_two_gazelles(make, choice, tracker):
    game, s = load(make, build([["R5", "D2"], ["S5", "D4"]]))
    play(game, s, "R5", "S5")
    assert s.legal_actions() == ids("ignore none", "ignore lead", "ignore follow", "ignore both")
    play(game, s, choice)
    assert s.to_dict()["tracker"] == tracker


def test_gazelle_then_musician(make):
    game, s = load(make, build([["R5", "D2"], ["R1", "S4"]]))
    play(game, s, "R5", "R1")  # R5 wins
    assert s.current_player() == 0 and s.legal_actions() == ids("ignore none", "ignore lead")
    play(game, s, "ignore none")  # m = 1 > 0: the Musician node follows
    d = s.to_dict()
    assert d["phase"] == "musician" and d["ignore"] == "none" and s.current_player() == 0
    assert s.legal_actions() == ids("forward", "reverse")
    play(game, s, "reverse")
    d = s.to_dict()
    assert d["tracker"] == 1 and d["ignore"] is None and d["gems"] == gems_with(i6=0)


def test_gazelle_removes_all_movement_skips_musician(make):
    game, s = load(make, build([["R5", "D2"], ["R1", "S4"]]))
    play(game, s, "R5", "R1", "ignore lead")
    d = s.to_dict()
    assert d["phase"] == "lead" and d["tracker"] == 0 and d["trick"] == 11


@pytest.mark.parametrize("choice, tracker, index", [("forward", 3, 8), ("reverse", -3, 2)])
def test_musician(make, choice, tracker, index):
    game, s = load(make, build([["R1", "D2"], ["R2", "S4"]]))
    play(game, s, "R1", "R2")
    assert s.to_dict()["phase"] == "musician" and s.current_player() == 1
    assert s.to_dict()["ignore"] is None
    play(game, s, choice)
    d = s.to_dict()
    assert d["tracker"] == tracker and d["gems"][index] == 1


def test_musician_reverse_off_the_path(make):
    game, s = load(make, build([["R1", "D2"], ["R2", "S4"]], tracker=-4))
    play(game, s, "R1", "R2", "reverse")
    d = s.to_dict()
    assert d["covered"] == [1, 0] and d["tracker"] == 0 and d["gems"][1] == 2


def test_two_musicians_no_movement(make):
    game, s = load(make, build([["R1", "D2"], ["S1", "D4"]]))
    play(game, s, "R1", "S1")
    d = s.to_dict()
    assert d["phase"] == "lead" and d["leader"] == 1 and d["tracker"] == 0


# --------------------------------------------------------------------------------------------
# Victory, defeat, score


def test_immediate_victory_on_empty_board(make):
    gems = [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0]
    d = build([["R4", "D2", "D8"], ["R9", "S1", "S4"]], trick=9, gems=gems)
    game, s = load(make, d)
    play(game, s, "R4", "R9")
    d = s.to_dict()
    assert d["phase"] == "over" and d["outcome"] == "won" and d["gems"] == [0] * 11
    assert s.is_terminal() and s.legal_actions() == [] and s.acting_players() == []
    assert s.returns() == [1.0, 1.0]
    assert s.scores() == [36.0, 36.0]  # 10 + 10 (round 1) + 3 * 4 tokens + 4 cards


def test_win_on_last_trick_of_round_3(make):
    gems = [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0]
    d = build([["R4"], ["R9"]], round=3, trick=11, dealer=0, covered=[1, 1],
              forest_supply=2, gem_supply=0, gems=gems)
    game, s = load(make, d)
    play(game, s, "R4", "R9")
    assert s.to_dict()["outcome"] == "won"
    assert s.returns() == [1.0, 1.0] and s.scores() == [16.0, 16.0]  # 10 + 3 * 2


def test_defeat_after_round_3(make):
    gems = [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0]
    d = build([["R4"], ["R10"]], round=3, trick=11, dealer=0, covered=[1, 1],
              forest_supply=2, gem_supply=0, gems=gems)
    game, s = load(make, d)
    play(game, s, "R4", "R10")  # m = 4: +4, the gem on +1 stays
    d = s.to_dict()
    assert d["outcome"] == "lost_time" and d["phase"] == "over" and d["tracker"] == 4
    assert s.returns() == [0.0, 0.0] and s.scores() == [0.0, 0.0]


def test_score_level_2_custom_board_round_2(make):
    board = [{"gems": 1, "plus": True}, {"gems": 0, "plus": False}, {"gems": 0, "plus": False},
             {"gems": 0, "plus": False}, {"gems": 1, "plus": False}]
    h0 = ["R9", "D3", "D4", "D5", "D6", "D8", "D10"]
    h1 = ["R6", "S2", "S4", "S6", "S8", "S10", "D2"]
    d = build([h0, h1], level=2, round=2, trick=5, dealer=0, leader=1, gems=[1, 0, 0, 0, 0],
              plus=[True, False, False, False, False], covered=[0, 1], forest_supply=3,
              gem_supply=19)
    game, s = load(make, d, level=2, board=board)
    play(game, s, "R6", "R9")  # player 0 wins, m = 2: -2 holds the last gem
    assert s.to_dict()["outcome"] == "won"
    assert s.scores() == [51.0, 51.0]  # 20 + 10 + 3 * 3 + 12 cards


# --------------------------------------------------------------------------------------------
# End of a round


def last_trick(**fields) -> dict:
    """Trick 11, R9 (player 1) beats R1 (player 0): m = 0, no Musician node."""
    base = {"trick": 11, "dealer": 0, "leader": 1, "rng": 99}
    base.update(fields)
    return build([["R1"], ["R9"]], **base)


def forest_end_dict(**fields) -> dict:
    base = {"trick": 11, "dealer": 0, "leader": 1, "rng": 99, "phase": "forest_end",
            "gems": [1, 2, 2, 2, 2, 0, 2, 1, 3, 1, 1], "gem_supply": 5}
    base.update(fields)
    return build([[], []], **base)


def assert_round_2(d, dealer):
    hands, decree, deck, state = deal(99)
    assert (d["round"], d["trick"], d["phase"], d["dealer"], d["leader"]) == \
        (2, 1, "lead", dealer, 1 - dealer)
    assert d["hands"] == [card_order(h) for h in hands] and d["decree"] == decree
    assert d["deck"] == card_order(deck) and d["rng"] == state
    assert d["played"] == [] and d["known"] == [[], []] and d["voids"] == [[], []]


def test_round_end_equal_ends_leader_chooses(make):
    game, s = load(make, last_trick())
    play(game, s, "R9", "R1")
    d = s.to_dict()
    assert d["phase"] == "forest_end" and d["round"] == 1 and d["trick"] == 11
    assert d["gems"] == [1, 2, 2, 2, 2, 0, 2, 1, 3, 1, 1] and d["gem_supply"] == 5
    assert d["hands"] == [[], []] and d["tracker"] == 0
    assert s.current_player() == 0  # the dealer leads round 2
    assert s.legal_actions() == ids("forest minus", "forest plus")
    play(game, s, "forest plus")
    d = s.to_dict()
    assert d["covered"] == [0, 1] and d["forest_supply"] == 3
    assert d["gems"] == [1, 2, 2, 2, 2, 0, 2, 1, 3, 2, 0] and d["tracker"] == 0
    assert_round_2(d, dealer=1)


def test_forest_end_minus(make):
    game, s = load(make, forest_end_dict())
    play(game, s, "forest minus")
    d = s.to_dict()
    assert d["covered"] == [1, 0] and d["gems"] == [0, 3, 2, 2, 2, 0, 2, 1, 3, 1, 1]
    assert_round_2(d, dealer=1)


def test_forest_end_cannot_cover_tracker(make):
    game, s = load(make, forest_end_dict(tracker=5))
    assert s.current_player() == 0 and s.legal_actions() == ids("forest minus")
    before = s.to_dict()
    with pytest.raises(ValueError):
        s.apply_action(NAMED["forest plus"])
    assert s.to_dict() == before
    play(game, s, "forest minus")
    d = s.to_dict()
    assert d["covered"] == [1, 0] and d["tracker"] == 5  # the tracker stays where it is


def test_round_end_unequal_ends_automatic(make):
    gems = [0, 2, 2, 1, 1, 0, 1, 1, 2, 1, 1]
    game, s = load(make, last_trick(covered=[1, 0], forest_supply=3, gems=gems))
    play(game, s, "R9", "R1")
    d = s.to_dict()
    assert d["covered"] == [1, 1] and d["forest_supply"] == 2 and d["gem_supply"] == 5
    assert d["gems"] == [0, 3, 2, 2, 2, 0, 2, 1, 3, 2, 0]
    assert_round_2(d, dealer=1)


def test_round_end_longer_end_holds_tracker(make):
    gems = [0, 2, 2, 1, 1, 0, 1, 1, 2, 1, 1]
    game, s = load(make, last_trick(covered=[1, 0], forest_supply=3, gems=gems, tracker=5))
    play(game, s, "R9", "R1")  # m = 0 at +5 collects its gem
    d = s.to_dict()
    assert d["covered"] == [2, 0] and d["tracker"] == 5
    assert d["gems"] == [0, 0, 5, 2, 2, 0, 2, 1, 3, 1, 0]
    assert_round_2(d, dealer=1)


def test_round_end_plus_under_forest_token(make):
    gems = [0, 0, 3, 1, 1, 0, 1, 1, 2, 1, 1]
    game, s = load(make, last_trick(covered=[2, 0], forest_supply=2, gems=gems))
    play(game, s, "R9", "R1")
    d = s.to_dict()
    # the covered + at -4 gives its gem to -3; then the longer + end is covered
    assert d["gems"] == [0, 0, 4, 2, 2, 0, 2, 1, 3, 2, 0] and d["gem_supply"] == 5
    assert d["covered"] == [2, 1] and d["forest_supply"] == 1


def test_round_end_without_forest_token_loses(make):
    gems = [0, 0, 3, 1, 1, 0, 1, 1, 3, 0, 0]
    game, s = load(make, last_trick(covered=[2, 2], forest_supply=0, gems=gems))
    play(game, s, "R9", "R1")
    d = s.to_dict()
    assert d["outcome"] == "lost_forest" and d["phase"] == "over"
    assert d["gems"] == [0, 0, 4, 2, 2, 0, 2, 1, 4, 0, 0] and d["gem_supply"] == 5
    assert s.returns() == [0.0, 0.0]


# --------------------------------------------------------------------------------------------
# Parameters, strings, dict validation, illegal actions


def test_params(make):
    game = make()
    assert game.params["level"] == 1 and game.params["board"] == [
        {"gems": g, "plus": p} for g, p in zip(SIDE_A_GEMS, SIDE_A_PLUS, strict=True)]
    board = [{"gems": 1, "plus": True}, {"gems": 0, "plus": False}, {"gems": 0, "plus": False},
             {"gems": 0, "plus": False}, {"gems": 1, "plus": False}]
    game = make(level=3, board=board)
    assert game.params == {"level": 3, "board": board}
    s = game.new_initial_state(3)
    assert s.to_dict()["gems"] == [1, 0, 0, 0, 1] and s.to_dict()["gem_supply"] == 20


@pytest.mark.parametrize("level", [2, 3])
def test_side_b_not_available(make, level):
    with pytest.raises(ValueError, match=r"(?s)Side B.*board="):
        make(level=level)


def _board(gems, plus=None):
    plus = plus or [False] * len(gems)
    return [{"gems": g, "plus": p} for g, p in zip(gems, plus, strict=True)]


@pytest.mark.parametrize("params", [
    {"players": 2},
    {"level": 0}, {"level": 4}, {"level": "1"}, {"level": True},
    {"board": _board([1, 1, 0, 1])},                       # even length
    {"board": _board([1, 0, 1])},                          # too short
    {"board": _board([0] * 23)},                           # too long
    {"board": _board([1, 1, 1, 1, 1])},                    # gems on the centre
    {"board": _board([4, 0, 0, 0, 0])},                    # more than 3 gems
    {"board": _board([-1, 0, 0, 0, 0])},
    {"board": _board([3, 3, 3, 3, 3, 0, 3, 3, 3, 3, 3])},   # 30 gems > 22
    {"board": [{"gems": 1, "plus": 1}] * 2 + [{"gems": 0, "plus": False}] * 3},
    {"board": [{"gems": 1, "plus": False, "x": 0}] + [{"gems": 0, "plus": False}] * 4},
    {"board": [{"gems": 1}] + [{"gems": 0, "plus": False}] * 4},
    {"board": "side a"},
])
def test_bad_params(make, params):
    with pytest.raises((ValueError, TypeError)):
        make(**params)


def test_board_supply_limit_is_inclusive(make):
    # 12 starting gems + 2 x 5 plus spaces = 22: allowed (Side A itself)
    make(board=_board(SIDE_A_GEMS, SIDE_A_PLUS))
    with pytest.raises(ValueError):
        make(board=_board(SIDE_A_GEMS, [True] + SIDE_A_PLUS[1:]))  # 12 + 12 = 24


def test_action_strings(make):
    game, s = load(make, build([["R4", "D2"], ["R9", "S10"]]))
    assert s.action_to_string(cid("R7")) == "R7"
    assert s.action_to_string(cid("S10")) == "S10"
    for name, a in NAMED.items():
        assert s.action_to_string(a) == name and s.string_to_action(name) == a
    for a in range(30):
        assert s.string_to_action(s.action_to_string(a)) == a
        assert s.string_to_action(ALL_CARDS[a]) == a
    for bad in ["R11", "R0", "X1", "r7", "", "R07", "give R7", "swap R7", "target 2", "R 7"]:
        with pytest.raises(ValueError):
            s.string_to_action(bad)
    for bad in [-1, 41]:
        with pytest.raises(ValueError):
            s.action_to_string(bad)


def test_illegal_actions_leave_state_unchanged(make):
    game, s = load(make, build([["R4", "D2"], ["R9", "S1"]]))
    before = s.to_dict()
    for a in [cid("R9"), cid("R1"), 30, 31, 33, 37, 39, 41, -1]:
        with pytest.raises(ValueError):
            s.apply_action(a)
        assert s.to_dict() == before
    with pytest.raises(ValueError):
        s.apply_actions([cid("R4"), -1])
    assert s.to_dict() == before
    assert s.legal_actions(1) == [] and s.acting_players() == [0]


VALID = build([["R4", "D2"], ["R9", "S1"]])


def _mut(**changes):
    d = copy.deepcopy(VALID)
    d.update(changes)
    return d


def _hand_swap():
    d = copy.deepcopy(VALID)
    d["hands"][1] = ["R9", d["deck"][0]]  # a card in two places
    return d


def _drop(key):
    d = copy.deepcopy(VALID)
    del d[key]
    return d


@pytest.mark.parametrize("d", [
    _drop("gems"), _mut(foo=1), _mut(game="other"), _mut(level=2),
    _hand_swap(), _mut(trick=9), _mut(trick=12), _mut(round=4), _mut(round=True),
    _mut(gem_supply=9), _mut(forest_supply=3), _mut(covered=[6, 0]), _mut(tracker=6),
    _mut(covered=[1, 0], forest_supply=3, gems=gems_with(i0=0), tracker=-5),
    _mut(covered=[1, 0], forest_supply=3),                  # gems on a covered space
    _mut(phase="bogus"), _mut(outcome="won"), _mut(phase="over"),
    _mut(decree="S11"), _mut(known=[[], ["S1", "D9"]]), _mut(known=[["S1"], []]),
    _mut(voids=[[], ["R"]]), _mut(voids=[["Q"], []]), _mut(fox_target=1), _mut(ignore="none"),
    _mut(phase="gift", trick_cards={"lead": "R4", "follow": None}, hands=[["D2"], ["R9", "S1"]]),
    _mut(plus=[False] * 11), _mut(plus=[int(x) for x in SIDE_A_PLUS]), _mut(hands="R4"),
    _mut(rng=-1), _mut(rng=2**64),
    _mut(phase="forest_end"), _mut(gems=[0] * 11, gem_supply=10),
    _mut(trick_cards={"lead": None, "follow": "R9"}), _mut(leader=2),
    _mut(gems=gems_with(i3=-1)),
    "not a dict",
    # phase-specific consistency
    build([["D2"], ["S4"]], phase="gazelle", lead="R4", follow="R6"),       # no 5 in the trick
    build([["D2"], ["S4"]], phase="musician", lead="R4", follow="R6"),      # no 1 in the trick
    build([["D2"], ["S4"]], phase="musician", lead="R1", follow="R9"),      # m = 0
    build([["D2"], ["S4"]], phase="musician", lead="R5", follow="R1"),      # ignore missing
    build([["D2"], ["S4", "S6"]], phase="fox_swap", lead="R3"),             # no fox_target
    build([[], []], phase="fox_target", trick=11, lead="R4", follow="R3"),  # nobody holds cards
    build([[], []], phase="gift", trick=11, lead="R4", follow="R7"),
    build([[], []], phase="forest_end", trick=11, covered=[1, 0], forest_supply=3,
          gems=gems_with(i0=0, i1=2), gem_supply=5),                       # unequal ends
    build([[], []], phase="forest_end", trick=11, round=3, gem_supply=0),
    build([["D2"], ["S4"]], phase="over", outcome="won"),                  # gems left
    build([["D2"], ["S4"]], phase="over", outcome="lost_time"),            # not round 3
])
def test_state_from_dict_rejects(make, d):
    game = make()
    with pytest.raises((ValueError, TypeError)):
        game.state_from_dict(d)


def test_state_from_dict_accepts_variants(make):
    game = make()
    game.state_from_dict(VALID)
    d = copy.deepcopy(VALID)
    d["hands"][0] = ["D2", "R4"]  # any order; written back sorted by card id
    assert game.state_from_dict(d).to_dict()["hands"][0] == ["R4", "D2"]
    known = _mut(known=[[], ["R9"]], voids=[[], ["R"]])  # a known Rose despite the void
    roundtrip(game, game.state_from_dict(known))


def test_clone_is_independent(make):
    game, s = load(make, build([["R4", "D2"], ["R9", "S1"]]))
    c = s.clone()
    play(game, c, "R4")
    assert s.to_dict() == VALID and c.to_dict() != VALID


# --------------------------------------------------------------------------------------------
# Random playouts (reference only)


SMALL = [{"gems": 1, "plus": True}, {"gems": 1, "plus": False}, {"gems": 0, "plus": False},
         {"gems": 0, "plus": False}, {"gems": 1, "plus": False}]


@pytest.mark.parametrize("params", [{}, {"level": 2, "board": SMALL}])
def test_random_playouts(params):
    game = reference.make(**params)
    outcomes = set()
    for seed in range(100):
        s, _ = checked_random_playout(game, seed, random.Random(seed), max_steps=1000)
        r = s.returns()
        assert r in ([1.0, 1.0], [0.0, 0.0]) and (r[0] == 1.0) == (s.scores()[0] > 0)
        outcomes.add(s.to_dict()["outcome"])
    assert outcomes <= {"won", "lost_time", "lost_forest"}


def test_bytes_with_a_gem_count_that_disagrees_with_the_board_are_rejected():
    """The engine keeps the sum of gems (for its victory test); from_bytes must check it."""
    import tablebits as tb

    game = tb.make("fox_duet")
    hands = [["R1", "R2"], ["S2", "S3"]]
    full = game.state_from_dict(build(hands)).to_bytes()
    d = build(hands, gems=gems_with(s0=0))  # one gem collected
    one_less = game.state_from_dict(d).to_bytes()
    # Two bytes differ: space 0's gems and, after the board, the engine's gem count.
    diff = [i for i, (a, b) in enumerate(zip(full, one_less, strict=True)) if a != b]
    assert len(diff) == 2
    forged = bytearray(full)
    forged[diff[1]] = one_less[diff[1]]
    with pytest.raises(ValueError, match="board_gems"):
        game.state_from_bytes(bytes(forged))


def test_win_and_loss_outcomes_are_both_reached():
    import tablebits as tb
    from tests.support.game_params import FOX_SMALL_BOARD

    result = tb.simulate("fox_duet", 20000, seed=5, level=2, board=FOX_SMALL_BOARD)
    wins = float(result.returns[:, 0].mean())
    assert 0.0 < wins < 1.0
