"""Rule scenarios for Hội Phố (rules and choices: docs/games/hoi_pho.md).

Every expected value below was worked out by hand from the rules; the only computation is the
documented deal / coin-flip procedure replayed with the documented RNG.
"""

from __future__ import annotations

import copy
import functools
import json
import random

import pytest

import tablebits as tb
from tests.games.reference import hoi_pho as reference
from tests.games.reference.rng import Rng
from tests.support.helpers import SIMULTANEOUS, TERMINAL, checked_random_playout, implementations

DECK = [5, 7, 9, 11, 13, 15, 17]


@pytest.fixture(params=implementations("hoi_pho", reference))
def make(request):
    return request.param


def fill_ships_played(d):
    """A hand-built dict of a later turn gets a consistent `ships_played` (unless it has one).

    Every ship is in a hand, removed or counted by `ships_played`; a seat without a ship in hand
    has played its own; the rest go to the lowest seats with room (one card per earlier turn).
    """
    if "ships_played" in d or d["turn"] == 1:
        return d
    n = d["players"]
    shown = [sum(1 for e in d["table"] if e["card"] == 0 and e["owner"] == q)
             + (1 if d["discards"] and d["discards"][q] == 0 else 0) for q in range(n)]
    played = list(shown)
    missing = 5 - d["removed"].count(0) - sum(h.count(0) for h in d["hands"]) - sum(shown)
    room = d["turn"] - (0 if d["phase"] == "over" else 1)
    for q in range(n):
        if played[q] + d["hands"][q].count(0) == 0:
            played[q] += 1
            missing -= 1
    for q in range(n):
        while missing > 0 and played[q] - shown[q] < room and played[q] < 6 - n:
            played[q] += 1
            missing -= 1
    d["ships_played"] = played
    return d


def build(make, hands, *, turn=3, coins=None, contracts=None, previous=(), params=None, **extra):
    """A play-phase state of round 1 (4 players unless hands says otherwise)."""
    n = len(hands)
    contracts = contracts or [[] for _ in range(n)]
    taken = sum(len(c) for c in contracts)
    coins = coins or [5] * n
    d = {
        "game": "hoi_pho", "players": n, "round": 1, "turn": turn, "phase": "play",
        "coins": list(coins), "coins_turn_start": list(coins), "contracts": contracts,
        "deck": DECK[taken:], "hands": hands, "removed": [], "discards": [], "table": [],
        "previous": list(previous), "forced": None, "known": [[] for _ in range(n)],
        "outcome": None, "rng": 7, "stack": [], "skill_player": None, "target": None,
        "rps_draws": 0,
    }
    d.update(extra)
    game = make(players=n, **(params or {}))
    return game, game.state_from_dict(fill_ships_played(d))


def play(s, *moves):
    """Simultaneous node: one string (or None for a non-acting player) per seat."""
    s.apply_actions([-1 if m is None else s.string_to_action(m, p) for p, m in enumerate(moves)])


def act(s, move):
    s.apply_action(s.string_to_action(move))


def tbl(*pairs):
    return [{"card": c, "owner": o} for c, o in pairs]


def roundtrip(game, s):
    d = s.to_dict()
    json.dumps(d)
    assert game.state_from_dict(d).to_dict() == d


# ----------------------------------------------------------------------------- parameters
def test_defaults(make):
    g = make()
    assert g.num_players == 4 and g.num_actions == 24
    assert g.params == {"players": 4, "contracts": DECK, "sheep_tie": True, "rps": "play",
                        "max_rounds": 100}


@pytest.mark.parametrize("bad", [
    {"players": 2}, {"players": 6}, {"players": True}, {"players": "4"},
    {"contracts": [5, 7, 9]}, {"contracts": [5, 5, 9, 11, 13, 15, 17]},
    {"contracts": [5, 7, 9, 11, 13, 17, 15]}, {"contracts": [-1, 7, 9, 11, 13, 15, 17]},
    {"contracts": [5.0, 7, 9, 11, 13, 15, 17]}, {"sheep_tie": 1}, {"rps": "coin"},
    {"max_rounds": 0}, {"max_rounds": 1001}, {"max_rounds": 2.5},
])
def test_bad_params(make, bad):
    with pytest.raises(ValueError, match=list(bad)[0]):
        make(**bad)


def test_unknown_param(make):
    with pytest.raises(ValueError, match="colour"):
        make(colour="red")


# ----------------------------------------------------------------------------- setup and deal
@pytest.mark.parametrize("n,k", [(3, 5), (4, 4), (5, 3)])
def test_setup_deal(make, n, k):
    seed = 2024
    rng = Rng(seed)                       # the documented deal, replayed by hand
    cards = [0] * (5 - n) + list(range(1, 16))
    rng.shuffle(cards)
    off = 2 if n == 3 else 0
    s = make(players=n).new_initial_state(seed)
    d = s.to_dict()
    assert d["hands"] == [sorted(cards[off + p * k: off + (p + 1) * k] + [0]) for p in range(n)]
    assert d["removed"] == (sorted(cards[:2]) if n == 3 else [])
    assert d["rng"] == rng.state
    assert d["coins"] == [5] * n and d["coins_turn_start"] == [5] * n
    assert d["contracts"] == [[]] * n and d["deck"] == DECK
    assert (d["round"], d["turn"], d["outcome"]) == (1, 1, None)
    assert d["phase"] == ("discard" if n == 3 else "play")
    assert s.current_player() == SIMULTANEOUS and s.acting_players() == list(range(n))


def test_first_round_coin_cap(make):
    s = make(contracts=[3, 4, 5, 6, 7, 8, 9]).new_initial_state(1)
    assert s.to_dict()["coins"] == [3, 3, 3, 3]


def test_three_player_discard(make):
    g = make(players=3)
    d = {
        "game": "hoi_pho", "players": 3, "round": 1, "turn": 1, "phase": "discard",
        "coins": [5, 5, 5], "coins_turn_start": [5, 5, 5], "contracts": [[], [], []],
        "deck": DECK, "hands": [[0, 1, 2, 3, 4, 5], [0, 6, 7, 8, 9, 10], [0, 0, 11, 12, 13, 14]],
        "removed": [0, 15], "discards": [], "table": [], "previous": [], "forced": None,
        "known": [[], [], []], "outcome": None, "rng": 5, "stack": [], "skill_player": None,
        "target": None, "rps_draws": 0,
    }
    s = g.state_from_dict(d)
    assert s.is_simultaneous_node() and s.acting_players() == [0, 1, 2]
    assert s.legal_actions(2) == [0, 11, 12, 13, 14]
    assert s.action_to_string(0, 0) == "discard ship"
    play(s, "discard 3", "discard ship", "discard 14")
    d2 = s.to_dict()
    assert d2["discards"] == [3, 0, 14]
    assert d2["ships_played"] == [0, 1, 0]            # a discarded ship counts
    assert d2["hands"] == [[0, 1, 2, 4, 5], [6, 7, 8, 9, 10], [0, 0, 11, 12, 13]]
    assert (d2["phase"], d2["turn"], d2["removed"]) == ("play", 1, [0, 15])
    assert s.action_to_string(0, 0) == "play ship"
    roundtrip(g, s)


# ----------------------------------------------------------------------------- ships and ranks
def test_one_ship_and_rivalry_14_zeroes_13(make):
    g, s = build(make, [[0, 1, 3], [2, 4, 8], [9, 10, 13], [6, 7, 14]])
    play(s, "play ship", "play 2", "play 13", "play 14")
    # 13 zeroed by 14: H = 14 (+4), S = 2 (+1), L = {13} (no skill), ship +5
    d = s.to_dict()
    assert d["coins"] == [10, 6, 5, 9]
    assert d["previous"] == [2, 13, 14] and d["turn"] == 4 and d["table"] == []
    assert d["coins_turn_start"] == [10, 6, 5, 9]


def test_two_ships(make):
    g, s = build(make, [[0, 1, 3], [0, 4, 8], [2, 9, 10], [6, 7, 13]])
    play(s, "play ship", "play ship", "play 2", "play 13")
    # H = 13 (+4), L = 2 Buffalo (+4, no reward), ships +1 each
    assert s.to_dict()["coins"] == [6, 6, 9, 9]


def test_three_ships_single_merchant_chicken(make):
    g, s = build(make, [[0, 1, 3], [0, 4, 8], [0, 9, 10], [6, 7, 13]])
    play(s, "play ship", "play ship", "play ship", "play 13")
    # 3 ships: nothing; a lone merchant is H and L: +4, Chicken has no skill
    assert s.to_dict()["coins"] == [5, 5, 5, 9]
    assert s.to_dict()["phase"] == "play"


def test_no_merchant_turn_ends(make):
    g, s = build(make, [[0, 1, 3], [0, 4, 8], [0, 9, 10], [0, 7, 13]])
    play(s, "play ship", "play ship", "play ship", "play ship")
    d = s.to_dict()
    assert d["coins"] == [5, 5, 5, 5] and d["previous"] == [] and d["turn"] == 4


def test_single_merchant_is_h_and_l(make):
    g, s = build(make, [[0, 1, 3], [0, 4, 8], [0, 9, 10], [2, 7, 13]])
    play(s, "play ship", "play ship", "play ship", "play 2")
    assert s.to_dict()["coins"] == [5, 5, 5, 11]     # 1st reward 2 + Buffalo 4


def test_four_merchants_h_s_l(make):
    g, s = build(make, [[1, 2, 4], [3, 5, 6], [7, 8, 10], [11, 12, 15]])
    play(s, "play 2", "play 3", "play 10", "play 15")
    # H = 15 (+5), S = 10 (+1), L = 2 (+4), 3 earns nothing
    assert s.to_dict()["coins"] == [9, 5, 6, 10]


def test_worked_example_1(make):
    g, s = build(make, [[1, 3, 5], [2, 7, 15], [8, 13, 14], [0, 4, 6]], turn=2,
                 previous=[9, 10, 11, 12])
    play(s, "play 1", "play 15", "play 13", "play ship")
    # ship +5; 15 and 13 zeroed; H = 1 (+2); L = {13, 15}: Pig: neighbours +2, own -4
    d = s.to_dict()
    assert d["coins"] == [9, 1, 7, 10]
    assert d["previous"] == [1, 13, 15] and d["turn"] == 3
    assert d["hands"] == [[3, 5], [2, 7], [8, 14], [4, 6]]


def test_rivalry_2_zeroes_12_monkey_resolves(make):
    g, s = build(make, [[1, 2, 3], [4, 12, 13], [0, 5, 6], [0, 7, 8]])
    play(s, "play 2", "play 12", "play ship", "play ship")
    # 12 zeroed: H = 2 (+2); L = {12}: Monkey takes 5, opponents +1; ships +1
    d = s.to_dict()
    assert d["coins"] == [8, 5, 7, 7]
    assert d["contracts"] == [[], [5], [], []] and d["deck"] == DECK[1:]


def test_rivalry_5_zeroes_14_dog(make):
    g, s = build(make, [[1, 2, 5], [4, 12, 14], [0, 3, 6], [0, 7, 8]])
    play(s, "play 5", "play 14", "play ship", "play ship")
    # 14 zeroed: H = 5 (+2), L = {14}: Dog pays 3
    assert s.to_dict()["coins"] == [7, 2, 6, 6]


def test_rivalry_1_zeroes_15_pig_floor(make):
    g, s = build(make, [[2, 3, 15], [1, 4, 5], [0, 6, 7], [0, 8, 9]], coins=[2, 5, 5, 5])
    play(s, "play 15", "play 1", "play ship", "play ship")
    # H = 1 (+2), L = {15}: Pig: seats 3 and 1 gain 2, seat 0 loses 4 but stops at 0
    assert s.to_dict()["coins"] == [0, 9, 6, 8]


# ----------------------------------------------------------------------------- skills
def mouse_state(make, params=None, coins=(6, 5, 9, 5)):
    g, s = build(make, [[1, 2, 3], [4, 5, 13], [0, 6, 7], [0, 8, 9]], coins=list(coins),
                 params=params)
    play(s, "play 1", "play 13", "play ship", "play ship")
    return g, s


def test_mouse_rps_play(make):
    g, s = mouse_state(make)
    # H = 13 (+4), L = 1, ships +1
    d = s.to_dict()
    assert d["coins"] == [6, 9, 10, 6]
    assert (d["phase"], d["stack"], d["skill_player"]) == ("target", [1], 0)
    assert s.current_player() == 0 and s.legal_actions() == [17, 18, 19]
    act(s, "target 2")
    d = s.to_dict()
    assert (d["phase"], d["target"], d["rps_draws"]) == ("rps", 2, 0)
    assert s.current_player() == SIMULTANEOUS and s.acting_players() == [0, 2]
    assert s.legal_actions(2) == [21, 22, 23] and s.legal_actions(1) == []
    roundtrip(g, s)
    play(s, "rock", None, "rock", None)
    assert s.to_dict()["rps_draws"] == 1 and s.to_dict()["phase"] == "rps"
    play(s, "rock", None, "scissors", None)
    d = s.to_dict()
    assert d["coins"] == [11, 9, 5, 6]          # the Mouse player takes 10 // 2
    assert (d["phase"], d["stack"], d["target"], d["rps_draws"]) == ("play", [], None, 0)


def test_mouse_rps_target_wins(make):
    g, s = mouse_state(make)
    act(s, "target 2")
    play(s, "rock", None, "paper", None)
    assert s.to_dict()["coins"] == [3, 9, 13, 6]   # the target takes 6 // 2


@pytest.mark.parametrize("wanted", [0, 1])
def test_mouse_ten_draws_drawn_from_rng(make, wanted):
    seed = next(x for x in range(100) if Rng(x).uniform(2) == wanted)
    g, s = mouse_state(make)
    d = s.to_dict()
    d["rng"] = seed
    s = g.state_from_dict(d)
    act(s, "target 2")
    for i in range(9):
        play(s, "paper", None, "paper", None)
        assert s.to_dict()["rps_draws"] == i + 1
    play(s, "scissors", None, "scissors", None)
    d = s.to_dict()
    assert d["coins"] == ([11, 9, 5, 6] if wanted == 0 else [3, 9, 13, 6])
    rng = Rng(seed)
    rng.next()
    assert d["rng"] == rng.state and d["phase"] == "play"


@pytest.mark.parametrize("wanted", [0, 1])
def test_mouse_chance(make, wanted):
    seed = next(x for x in range(100) if Rng(x).uniform(2) == wanted)
    g, s = mouse_state(make, params={"rps": "chance"})
    d = s.to_dict()
    d["rng"] = seed
    s = g.state_from_dict(d)
    act(s, "target 2")
    assert s.to_dict()["coins"] == ([11, 9, 5, 6] if wanted == 0 else [3, 9, 13, 6])
    assert s.to_dict()["phase"] == "play"


def test_tiger(make):
    g, s = build(make, [[3, 4, 5], [0, 6, 13], [1, 2, 12], [7, 8, 9]], coins=[5, 5, 1, 1],
                 contracts=[[], [5], [], [7]])
    play(s, "play 3", "play 13", "play 12", "play 9")
    # H = 13 (+4), S = 12 (+2), 9 nothing; Tiger: seat 1 (contract) 2, seat 2 1,
    # seat 3 (contract, only 1 coin) 1
    assert s.to_dict()["coins"] == [9, 7, 2, 0]


def cat_state(make, coins=(5, 5, 2, 5)):
    g, s = build(make, [[1, 5, 6], [0, 4, 13], [0, 12, 14], [0, 8, 9]], coins=list(coins))
    play(s, "play 5", "play 13", "play ship", "play ship")
    return g, s


def test_cat_names_opponent_card(make):
    g, s = cat_state(make)
    assert s.to_dict()["coins"] == [5, 9, 3, 6]
    assert s.to_dict()["phase"] == "name"
    assert s.legal_actions() == [1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]
    act(s, "name 12")
    d = s.to_dict()
    assert d["coins"] == [8, 9, 0, 6]
    assert d["known"] == [[], [], [12], []]
    roundtrip(g, s)
    play(s, "play 1", "play 4", "play 12", "play 8")  # 12 leaves the known list
    assert s.to_dict()["known"] == [[], [], [], []]


def test_cat_short_payer(make):
    g, s = cat_state(make, coins=(5, 5, 0, 5))     # seat 2 has 1 coin after its ship
    act(s, "name 14")
    d = s.to_dict()
    assert d["coins"] == [6, 9, 0, 6] and d["known"] == [[], [], [14], []]


@pytest.mark.parametrize("name", ["name 6", "name 13", "name 10"])
def test_cat_own_table_or_absent_card_does_nothing(make, name):
    g, s = cat_state(make)
    act(s, name)
    d = s.to_dict()
    assert d["coins"] == [5, 9, 3, 6] and d["known"] == [[], [], [], []]


def naga_state(make):
    g, s = build(make, [[2, 6, 10], [0, 9, 12], [0, 13, 14], [0, 3, 8]])
    play(s, "play 6", "play 9", "play 13", "play ship")
    return g, s


def test_naga(make):
    g, s = naga_state(make)
    d = s.to_dict()
    assert d["coins"] == [5, 6, 9, 10]            # H = 13 +4, S = 9 +1, ship +5
    assert (d["phase"], d["stack"], d["skill_player"]) == ("naga_play", [6], 0)
    assert d["table"] == tbl((0, 3), (6, 0), (9, 1), (13, 2))
    assert s.legal_actions() == [2, 10] and s.action_to_string(2) == "naga-play 2"
    act(s, "naga-play 2")                          # Buffalo for seat 0
    d = s.to_dict()
    assert d["coins"] == [9, 6, 9, 10] and d["phase"] == "naga_take"
    assert d["table"] == tbl((0, 3), (2, 0), (6, 0), (9, 1), (13, 2))
    assert s.legal_actions() == [9, 13]
    roundtrip(g, s)
    act(s, "naga-take 13")
    d = s.to_dict()
    assert d["hands"] == [[10, 13], [0, 12], [0, 14], [3, 8]]
    assert d["known"] == [[13], [], [], []]
    assert d["previous"] == [2, 6, 9] and d["phase"] == "play" and d["turn"] == 4
    assert d["stack"] == [] and d["skill_player"] is None


def test_naga_without_merchant_in_hand(make):
    g, s = build(make, [[0, 0, 6], [0, 9, 12], [0, 13, 14], [3, 8, 10]])
    play(s, "play 6", "play 9", "play 13", "play 8")
    d = s.to_dict()
    # H = 13 (+4), S = 9 (+1), 8 nothing, L = 6: no merchant in hand -> nothing
    assert d["phase"] == "play" and d["coins"] == [5, 6, 9, 5]


def test_naga_without_opponent_merchant(make):
    g, s = build(make, [[2, 6, 10], [0, 9, 12], [0, 13, 14], [0, 3, 8]])
    play(s, "play 6", "play ship", "play ship", "play ship")
    d = s.to_dict()
    assert d["phase"] == "play" and d["coins"] == [7, 5, 5, 5]
    assert d["hands"][0] == [2, 10]


def nested_hands():
    return [[2, 6, 11, 14], [0, 1, 9, 12], [0, 4, 7, 13], [0, 0, 8, 15]]


def test_naga_goat_copies_naga(make):
    g, s = build(make, nested_hands(), turn=2, previous=[3, 5])
    play(s, "play 6", "play 9", "play 13", "play ship")
    assert s.to_dict()["coins"] == [5, 6, 9, 10]
    act(s, "naga-play 11")
    d = s.to_dict()
    assert (d["phase"], d["stack"]) == ("copy", [6, 11])
    assert s.legal_actions() == [3, 5, 6, 9] and s.action_to_string(6) == "copy 6"
    act(s, "copy 6")
    d = s.to_dict()
    assert (d["phase"], d["stack"]) == ("naga_play", [6, 6])
    assert s.legal_actions() == [2, 14]
    roundtrip(g, s)
    act(s, "naga-play 2")
    d = s.to_dict()
    assert (d["phase"], d["stack"], d["coins"][0]) == ("naga_take", [6, 6], 9)
    assert s.legal_actions() == [9, 13]
    act(s, "naga-take 9")
    d = s.to_dict()
    assert (d["phase"], d["stack"]) == ("naga_take", [6])
    assert s.legal_actions() == [13]
    act(s, "naga-take 13")
    d = s.to_dict()
    assert d["phase"] == "play" and d["turn"] == 3 and d["stack"] == []
    assert d["hands"][0] == [9, 13, 14] and d["known"][0] == [9, 13]
    assert d["previous"] == [2, 6, 11]
    assert d["coins"] == [9, 6, 9, 10]


def test_naga_outer_take_finds_nothing(make):
    g, s = build(make, nested_hands(), turn=2, previous=[3, 5])
    play(s, "play 6", "play 9", "play ship", "play ship")
    # H = 9 (+3), L = 6, ships +1
    assert s.to_dict()["coins"] == [5, 8, 6, 6]
    act(s, "naga-play 11")
    act(s, "copy 6")
    act(s, "naga-play 2")
    act(s, "naga-take 9")          # the inner Naga takes the only one; the outer gets nothing
    d = s.to_dict()
    assert d["phase"] == "play" and d["turn"] == 3
    assert d["hands"][0] == [9, 14] and d["coins"] == [9, 8, 6, 6]
    roundtrip(g, s)


def test_naga_plays_mouse(make):
    g, s = build(make, [[1, 6, 10], [0, 9, 12], [0, 13, 14], [0, 3, 8]])
    play(s, "play 6", "play 9", "play 13", "play ship")
    act(s, "naga-play 1")
    assert s.to_dict()["stack"] == [6, 1] and s.to_dict()["phase"] == "target"
    act(s, "target 3")
    assert s.acting_players() == [0, 3]
    roundtrip(g, s)
    play(s, "scissors", None, None, "paper")       # seat 0 takes 10 // 2
    d = s.to_dict()
    assert d["coins"] == [10, 6, 9, 5]
    assert (d["phase"], d["stack"]) == ("naga_take", [6])
    act(s, "naga-take 9")
    assert s.to_dict()["hands"][0] == [9, 10]


def test_dragon_worked_example_3(make):
    g, s = build(make, [[1, 2, 7], [3, 4, 10], [5, 6, 14], [0, 8, 9]], coins=[3, 4, 5, 6])
    play(s, "play 7", "play 10", "play 14", "play ship")
    assert s.to_dict()["coins"] == [3, 4, 5, 6]


def test_dragon_played_by_naga_cancels_everything(make):
    g, s = build(make, [[6, 7, 10], [0, 9, 12], [0, 13, 14], [0, 3, 8]], coins=[2, 4, 0, 3])
    play(s, "play 6", "play 9", "play 13", "play ship")
    assert s.to_dict()["coins"] == [2, 5, 4, 8]
    act(s, "naga-play 7")
    assert s.to_dict()["coins"] == [2, 4, 0, 3]


def test_dragon_copied_by_goat_from_previous_turn(make):
    g, s = build(make, [[1, 2, 11], [0, 4, 13], [0, 9, 10], [0, 3, 8]], previous=[7, 12])
    play(s, "play 11", "play 13", "play ship", "play ship")
    assert s.to_dict()["coins"] == [5, 9, 6, 6]
    assert s.legal_actions() == [7, 12]
    act(s, "copy 7")
    assert s.to_dict()["coins"] == [5, 5, 5, 5]


def test_snake(make):
    g, s = build(make, [[1, 2, 8], [0, 4, 13], [0, 9, 10], [0, 3, 6]], coins=[5, 5, 8, 5])
    play(s, "play 8", "play 13", "play ship", "play ship")
    assert s.legal_actions() == [17, 18, 19]
    act(s, "target 1")
    assert s.to_dict()["coins"] == [9, 5, 9, 6]


def test_horse(make):
    g, s = build(make, [[1, 2, 9], [0, 4, 13], [0, 8, 10], [0, 3, 6]], coins=[2, 5, 5, 5])
    play(s, "play 9", "play 13", "play ship", "play ship")
    act(s, "target 1")
    assert s.to_dict()["coins"] == [9, 2, 6, 6]


@pytest.mark.parametrize("start,tie,wins", [
    ([4, 0, 3, 3], True, True), ([4, 0, 3, 3], False, False),
    ([3, 0, 3, 3], True, True), ([3, 0, 3, 3], False, True),
    ([5, 0, 3, 3], True, False),
])
def test_sheep(make, start, tie, wins):
    g, s = build(make, [[1, 2, 10], [0, 4, 13], [0, 8, 9], [0, 3, 6]], coins=start,
                 params={"sheep_tie": tie})
    play(s, "play 10", "play 13", "play ship", "play ship")
    # after rewards: seat 1 = 4, seats 2, 3 = 4; seat 0 unchanged
    d = s.to_dict()
    assert d["contracts"][0] == ([5] if wins else [])
    assert d["deck"] == (DECK[1:] if wins else DECK)


def test_goat_copies_from_table(make):
    g, s = build(make, [[1, 2, 11], [0, 4, 13], [3, 8, 12], [0, 6, 9]], previous=[7, 10])
    play(s, "play 11", "play 13", "play 12", "play ship")
    # H = 13 (+4), S = 12 (+2), ship +5, L = 11; pool: 12 (table) + 7, 10 (previous)
    assert s.to_dict()["coins"] == [5, 9, 7, 10]
    assert s.legal_actions() == [7, 10, 12]
    act(s, "copy 12")                               # Monkey for seat 0
    d = s.to_dict()
    assert d["contracts"][0] == [5] and d["coins"] == [5, 10, 8, 11]


def test_goat_pool_excludes_13_and_empty_pool(make):
    g, s = build(make, [[1, 2, 11], [0, 4, 13], [0, 8, 12], [0, 6, 9]], previous=[])
    play(s, "play 11", "play 13", "play ship", "play ship")
    d = s.to_dict()
    assert d["phase"] == "play" and d["coins"] == [5, 9, 6, 6]


def test_monkey(make):
    g, s = build(make, [[1, 2, 12], [0, 4, 13], [0, 8, 9], [0, 3, 6]], contracts=[[5], [], [], []])
    play(s, "play 12", "play 13", "play ship", "play ship")
    d = s.to_dict()
    assert d["contracts"] == [[5, 7], [], [], []] and d["coins"] == [5, 10, 7, 7]


def test_dog(make):
    g, s = build(make, [[1, 2, 14], [3, 4, 15], [0, 8, 9], [0, 6, 10]], coins=[2, 5, 5, 5])
    play(s, "play 14", "play 15", "play ship", "play ship")
    assert s.to_dict()["coins"] == [0, 10, 6, 6]


# ----------------------------------------------------------------------------- Rabbit
def rabbit_state(make):
    g, s = build(make, [[0, 3, 9, 11], [0, 2, 4, 8], [0, 5, 13, 14], [0, 7, 10, 15]], turn=2,
                 previous=[1, 6])
    play(s, "play 9", "play 4", "play ship", "play ship")
    return g, s


def test_worked_example_2_and_rabbit_order(make):
    g, s = rabbit_state(make)
    d = s.to_dict()
    assert d["coins"] == [8, 6, 6, 6]
    assert (d["phase"], d["stack"], s.current_player()) == ("name", [4], 1)
    assert 4 not in s.legal_actions() and len(s.legal_actions()) == 14
    act(s, "name 7")
    d = s.to_dict()
    assert d["forced"] == 7 and d["phase"] == "play" and d["turn"] == 3
    assert s.legal_actions(3) == [7] and s.legal_actions(0) == [0, 3, 11]
    before = s.to_dict()
    with pytest.raises(ValueError):
        s.apply_actions([0, 0, 5, 10])
    assert s.to_dict() == before
    play(s, "play 3", "play 2", "play 5", "play 7")
    d = s.to_dict()
    # H = 7 (+2), S = 5 (+2), L = 2 Buffalo (+4); the order lapsed
    assert d["coins"] == [8, 10, 8, 8] and d["forced"] is None and d["turn"] == 4
    assert s.legal_actions(3) == [10, 15]


def test_rabbit_binds_its_own_player(make):
    g, s = rabbit_state(make)
    act(s, "name 8")
    assert s.legal_actions(1) == [8]


def test_rabbit_named_card_in_no_hand(make):
    g, s = rabbit_state(make)
    act(s, "name 9")
    assert s.to_dict()["forced"] == 9
    assert s.legal_actions(0) == [0, 3, 11] and s.legal_actions(1) == [0, 2, 8]


def test_rabbit_last_turn_no_order(make):
    g, s = build(make, [[4, 11], [0, 9], [0, 13], [0, 14]], turn=4)
    play(s, "play 4", "play 9", "play ship", "play ship")
    assert s.to_dict()["phase"] == "name"
    act(s, "name 11")
    d = s.to_dict()
    # round over: seat 1 (3 + 5 = 8) is richest and takes 5; new round, no order
    assert d["forced"] is None and d["round"] == 2 and d["turn"] == 1
    assert d["contracts"] == [[], [5], [], []]
    assert d["coins"] == [6, 7, 6, 6]                 # capped at the new top contract 7


def test_goat_copies_rabbit_on_last_turn(make):
    g, s = build(make, [[2, 11], [0, 13], [0, 9], [0, 14]], turn=4, previous=[4, 8])
    play(s, "play 11", "play 13", "play ship", "play ship")
    assert s.legal_actions() == [4, 8]
    act(s, "copy 4")
    d = s.to_dict()
    assert (d["phase"], d["stack"], d["coins"][0]) == ("name", [4], 6)
    assert 4 not in s.legal_actions()
    act(s, "name 14")
    d = s.to_dict()
    # richest: seat 1 with 9 takes 5
    assert d["forced"] is None and d["round"] == 2 and d["contracts"][1] == [5]


# ----------------------------------------------------------------------------- game end
def test_monkey_empties_deck_mid_turn(make):
    g, s = build(make, [[0, 1, 2], [0, 3, 4], [5, 6, 12], [7, 8, 14]],
                 contracts=[[5, 7], [9, 11], [13], [15]])
    play(s, "play ship", "play ship", "play 12", "play 14")
    d = s.to_dict()
    assert (d["phase"], d["outcome"]) == ("over", "ended")
    assert d["contracts"][2] == [13, 17] and d["deck"] == []
    assert d["coins"] == [7, 7, 5, 10]
    assert d["table"] == tbl((0, 0), (0, 1), (12, 2), (14, 3)) and d["turn"] == 3
    assert s.is_terminal() and s.current_player() == TERMINAL
    assert s.returns() == [0.0, 0.0, 1.0, 0.0]       # 2-2-2: sums 12, 20, 30
    assert s.scores() == [2.0, 2.0, 2.0, 1.0]
    assert s.legal_actions() == []
    roundtrip(g, s)


def test_monkey_ends_game_before_pig(make):
    g, s = build(make, [[1, 3, 4], [2, 5, 6], [7, 8, 12], [9, 10, 15]],
                 contracts=[[5, 7], [9, 11], [13], [15]])
    play(s, "play 1", "play 2", "play 12", "play 15")
    # H = 2 (+2), S = 1 (+1), L = {12, 15}: Monkey ends the game; Pig never resolves
    d = s.to_dict()
    assert d["outcome"] == "ended" and d["coins"] == [7, 8, 5, 6]


def test_sheep_third_contract_via_naga_ends(make):
    g, s = build(make, [[6, 10, 11], [0, 9, 12], [0, 13, 14], [0, 3, 8]], coins=[0, 5, 5, 5],
                 contracts=[[5, 7], [], [], []])
    play(s, "play 6", "play 9", "play 13", "play ship")
    act(s, "naga-play 10")
    d = s.to_dict()
    assert (d["phase"], d["outcome"], d["stack"], d["skill_player"]) == ("over", "ended", [], None)
    assert d["contracts"][0] == [5, 7, 9]
    assert s.returns() == [1.0, 0.0, 0.0, 0.0]
    roundtrip(g, s)


# ----------------------------------------------------------------------------- round award
def last_turn(make, hands, coins, **kw):
    g, s = build(make, hands, turn=4, coins=coins, **kw)
    play(s, "play ship", "play ship", "play ship", "play ship")   # 4 ships: nothing
    return g, s


def test_worked_example_4_and_next_round(make):
    g, s = build(make, [[0, 12], [0, 0], [0, 3], [0, 8]], turn=4, coins=[9, 9, 4, 6],
                 forced=None, known=[[12], [], [], []], rng=99)
    play(s, "play ship", "play ship", "play ship", "play ship")
    d = s.to_dict()
    assert d["contracts"] == [[5], [], [], []] and d["deck"] == DECK[1:]
    assert d["coins"] == [7, 7, 4, 6] and d["coins_turn_start"] == [7, 7, 4, 6]
    assert (d["round"], d["turn"], d["phase"]) == (2, 1, "play")
    assert d["known"] == [[], [], [], []] and d["previous"] == [] and d["table"] == []
    rng = Rng(99)                                        # the documented deal
    cards = [0] + list(range(1, 16))
    rng.shuffle(cards)
    assert d["hands"] == [sorted(cards[p * 4: p * 4 + 4] + [0]) for p in range(4)]
    assert d["rng"] == rng.state
    roundtrip(g, s)


def test_award_tie_only_ships_nobody(make):
    # 3 players (two seats holding two ships each needs the 2 spare ships): seat 2 played its own
    g, s = build(make, [[0, 0], [0, 0], [3, 5]], turn=4, coins=[9, 9, 4], removed=[1, 2],
                 discards=[4, 6, 7], params={"max_rounds": 1})   # stop right after the award
    assert s.to_dict()["ships_played"] == [0, 0, 1]
    play(s, "play ship", "play ship", "play 3")
    # ships +1; 3 alone is H (+2) and L: Tiger takes 1 from each: coins 9, 9, 8 -> tie of ship
    # holders
    d = s.to_dict()
    assert d["coins"] == [9, 9, 8] and d["outcome"] == "truncated"
    assert d["contracts"] == [[], [], []] and d["deck"] == DECK
    assert d["ships_played"] == [1, 1, 1]


def test_award_nobody_then_next_round_keeps_the_contract(make):
    # 3 players (two seats holding two ships each needs the 2 spare ships)
    g, s = build(make, [[0, 0], [2, 13], [0, 0]], turn=4, coins=[9, 0, 9], removed=[1, 3],
                 discards=[4, 5, 6])
    play(s, "play ship", "play 13", "play ship")
    # ships +1 -> 10, 10; 13 alone is H (+4) and L (no skill): seats 0 and 2 tie on ships
    d = s.to_dict()
    assert d["contracts"] == [[], [], []] and d["deck"] == DECK
    assert (d["round"], d["turn"], d["coins"]) == (2, 1, [5, 4, 5])


def test_award_single_richest_holding_a_ship(make):
    g, s = last_turn(make, [[0, 12], [0, 0], [0, 3], [0, 8]], [9, 10, 8, 6])
    assert s.to_dict()["contracts"] == [[], [5], [], []]


def test_award_third_contract_ends(make):
    g, s = last_turn(make, [[0, 12], [0, 0], [0, 3], [0, 8]], [9, 8, 10, 6],
                     contracts=[[5], [], [7, 9], []])
    d = s.to_dict()
    assert (d["outcome"], d["round"], d["turn"]) == ("ended", 1, 4)
    assert d["contracts"][2] == [7, 9, 11] and d["previous"] == []
    assert s.returns() == [0.0, 0.0, 1.0, 0.0]


def test_max_rounds_truncation(make):
    g, s = last_turn(make, [[0, 12], [0, 0], [0, 3], [0, 8]], [9, 8, 10, 6],
                     params={"max_rounds": 1})
    d = s.to_dict()
    assert (d["outcome"], d["phase"], d["round"]) == ("truncated", "over", 1)
    assert d["contracts"][2] == [5]
    assert s.returns() == [0.25] * 4 and s.scores() == [0.0, 0.0, 1.0, 0.0]
    roundtrip(g, s)


def over_state(make, contracts, hands):
    g = make()
    d = {
        "game": "hoi_pho", "players": 4, "round": 3, "turn": 4, "phase": "over",
        "coins": [1, 2, 3, 4], "coins_turn_start": [1, 2, 3, 4], "contracts": contracts,
        "deck": [], "hands": hands, "removed": [], "discards": [], "table": [],
        "previous": [1, 2, 4, 5], "forced": None, "known": [[], [], [], []],
        "outcome": "ended", "rng": 1, "stack": [], "skill_player": None, "target": None,
        "rps_draws": 0,
    }
    return g.state_from_dict(fill_ships_played(d))


@pytest.mark.parametrize("contracts,hands,expected", [
    ([[5, 7, 9], [11], [13, 15], [17]], [[0], [0], [3], [8]], [1, 0, 0, 0]),
    ([[5, 11], [7, 9], [13, 15], [17]], [[12], [0], [3], [8]], [0, 0, 1, 0]),
    ([[5, 17], [7, 15], [9, 13], [11]], [[12], [0], [3], [8]], [1, 0, 0, 0]),
    ([[5, 17], [7, 15], [9, 13], [11]], [[0], [0], [3], [14]], [0, 0, 1, 0]),
    ([[5, 17], [7, 15], [9, 13], [11]], [[0], [0], [0], [14]], [1 / 3, 1 / 3, 1 / 3, 0]),
])
def test_winner_tie_breaks(make, contracts, hands, expected):
    s = over_state(make, contracts, hands)
    assert s.returns() == pytest.approx(expected)
    assert s.scores() == [float(len(c)) for c in contracts]


# ----------------------------------------------------------------------------- strings, errors
def test_action_strings(make):
    g, s = naga_state(make)
    assert s.string_to_action("naga-play 10") == 10
    for bad in ["play 10", "naga-play 16", "naga-play", "target 4", "Rock"]:
        with pytest.raises(ValueError):
            s.string_to_action(bad)
    assert s.action_to_string(16) == "target 0" and s.action_to_string(23) == "scissors"
    with pytest.raises(ValueError):
        s.action_to_string(20)                 # no seat 4 with 4 players
    for a in range(24):
        if a != 20:
            assert s.string_to_action(s.action_to_string(a)) == a


def test_illegal_actions_leave_state_unchanged(make):
    g, s = naga_state(make)
    before = s.to_dict()
    for a in [6, 9, 0, 16, 21, 99, -1]:
        with pytest.raises(ValueError):
            s.apply_action(a)
        assert s.to_dict() == before
    with pytest.raises(ValueError):
        s.apply_actions([2, -1, -1, -1])
    act(s, "naga-play 2")
    before = s.to_dict()
    with pytest.raises(ValueError):
        s.apply_action(2)                    # own card cannot be taken
    assert s.to_dict() == before
    g, s = mouse_state(make)
    with pytest.raises(ValueError):
        s.apply_action(16)                   # self as target
    act(s, "target 2")
    before = s.to_dict()
    for joint in ([21, 21, 21, -1], [21, -1, 24, -1], [21, -1], [21, -1, -1, -1]):
        with pytest.raises(ValueError):
            s.apply_actions(joint)
        assert s.to_dict() == before
    with pytest.raises(ValueError):
        s.apply_action(21)


def test_play_node_errors(make):
    g, s = build(make, [[1, 2, 3], [0, 4, 13], [0, 8, 9], [0, 6, 10]])
    before = s.to_dict()
    for joint in ([5, 0, 0, 0], [1, 0, 0], [1, 0, 0, 0, -1], [1, -1, 0, 0], [True, 0, 0, 0]):
        with pytest.raises(ValueError):
            s.apply_actions(joint)
        assert s.to_dict() == before
    with pytest.raises(ValueError):
        s.apply_action(1)


def valid_dict(make):
    g, s = naga_state(make)
    return g, s.to_dict()


def _mutations():
    def m(fn):
        return fn
    return [
        ("missing key", m(lambda d: d.pop("hands"))),
        ("extra key", m(lambda d: d.update(extra=1))),
        ("game", m(lambda d: d.update(game="fox_duet"))),
        ("players", m(lambda d: d.update(players=3))),
        ("negative coins", m(lambda d: d["coins"].__setitem__(1, -1))),
        ("bool coins", m(lambda d: d["coins"].__setitem__(1, True))),
        ("card twice", m(lambda d: d["hands"][1].__setitem__(1, 10))),
        ("unsorted hand", m(lambda d: d["hands"].__setitem__(0, [10, 2]))),
        ("bad deck", m(lambda d: d.update(deck=DECK[1:]))),
        ("contract not from top", m(lambda d: d.update(
            contracts=[[7], [], [], []], deck=[5, 9, 11, 13, 15, 17]))),
        ("phase", m(lambda d: d.update(phase="bidding"))),
        ("outcome", m(lambda d: d.update(outcome="ended"))),
        ("forced 4", m(lambda d: d.update(forced=4))),
        ("unsorted table", m(lambda d: d["table"].reverse())),
        ("known not in hand", m(lambda d: d["known"].__setitem__(1, [13]))),
        ("stack vs phase", m(lambda d: d.update(stack=[11]))),
        ("stack below not 6", m(lambda d: d.update(stack=[4, 6]))),
        ("no skill player", m(lambda d: d.update(skill_player=None))),
        ("target outside rps", m(lambda d: d.update(target=1))),
        ("rps draws", m(lambda d: d.update(rps_draws=3))),
        ("rng", m(lambda d: d.update(rng=-1))),
        ("rng type", m(lambda d: d.update(rng="7"))),
        ("hand too big", m(lambda d: d["hands"].__setitem__(1, [0, 1, 11, 12]))),
        ("too many ships", m(lambda d: d["hands"].__setitem__(3, [0, 0, 0]))),
        ("round", m(lambda d: d.update(round=0))),
        ("turn", m(lambda d: d.update(turn=5))),
        ("table entry", m(lambda d: d["table"].__setitem__(0, [0, 3]))),
        ("not a list", m(lambda d: d.update(hands="nope"))),
        ("naga cannot play", m(lambda d: d["hands"].__setitem__(0, []))),
    ]


@pytest.mark.parametrize("what,mutate", _mutations(), ids=[x[0] for x in _mutations()])
def test_state_from_dict_rejects(make, what, mutate):
    g, d = valid_dict(make)
    g.state_from_dict(copy.deepcopy(d))          # the base dict is valid
    mutate(d)
    with pytest.raises((ValueError, TypeError)):
        g.state_from_dict(d)


def test_state_from_dict_rejects_more(make):
    g = make()
    d = g.new_initial_state(3).to_dict()
    d2 = copy.deepcopy(d)
    d2["hands"][0] = d2["hands"][0][1:]              # turn 1: a card is missing
    with pytest.raises(ValueError):
        g.state_from_dict(d2)
    d2 = copy.deepcopy(d)
    d2["previous"] = [1]
    with pytest.raises(ValueError):
        g.state_from_dict(d2)
    with pytest.raises(TypeError):
        g.state_from_dict([1, 2])
    d2 = copy.deepcopy(d)
    del d2["rng"]
    assert g.state_from_dict(d2).to_dict()["rng"] == 0
    gc = make(rps="chance")
    _, s = mouse_state(make)
    act(s, "target 2")
    with pytest.raises(ValueError):
        gc.state_from_dict(s.to_dict())                # no rps node with rps="chance"
    d3 = s.to_dict()
    d3["target"] = 0
    with pytest.raises(ValueError):
        g.state_from_dict(d3)
    d3 = s.to_dict()
    d3["rps_draws"] = 10
    with pytest.raises(ValueError):
        g.state_from_dict(d3)
    g3 = make(players=3)
    d4 = g3.new_initial_state(1).to_dict()
    d4["removed"] = []
    with pytest.raises(ValueError):
        g3.state_from_dict(d4)


def test_clone_is_independent(make):
    g, s = naga_state(make)
    c = s.clone()
    act(s, "naga-play 2")
    assert c.to_dict()["phase"] == "naga_play"


# ----------------------------------------------------------------------------- smoke (reference)
@pytest.mark.parametrize("players,rps", [(3, "play"), (4, "chance"), (5, "play")])
def test_random_playouts_reference(players, rps):
    g = reference.make(players=players, rps=rps)
    for seed in range(70):
        s, _ = checked_random_playout(g, seed, random.Random(seed), max_steps=5000)
        assert sum(s.returns()) == pytest.approx(1.0)
        assert s.to_dict()["outcome"] in ("ended", "truncated")


# ----------------------------------------------------------------------------- more chains
def test_goat_copies_naga_from_previous_turn(make):
    g, s = build(make, [[2, 11, 14], [0, 9, 12], [0, 3, 13], [0, 8, 10]], previous=[6, 7])
    play(s, "play 11", "play 12", "play 13", "play ship")
    # H = 13 (+4), S = 12 (+2), ship +5, L = 11; pool: 12 + previous 6, 7
    assert s.to_dict()["coins"] == [5, 7, 9, 10]
    assert s.legal_actions() == [6, 7, 12]
    act(s, "copy 6")
    d = s.to_dict()
    assert (d["phase"], d["stack"], d["skill_player"]) == ("naga_play", [6], 0)
    assert s.legal_actions() == [2, 14]
    act(s, "naga-play 14")                         # Dog: seat 0 pays 3
    assert s.to_dict()["coins"][0] == 2 and s.legal_actions() == [12, 13]
    act(s, "naga-take 12")
    d = s.to_dict()
    assert d["hands"][0] == [2, 12] and d["previous"] == [11, 13, 14] and d["turn"] == 4


def test_naga_plays_goat_that_copies_dragon(make):
    g, s = build(make, [[1, 6, 11], [0, 9, 12], [0, 13, 14], [0, 3, 8]], previous=[7, 10],
                 coins=[1, 2, 3, 4])
    play(s, "play 6", "play 9", "play 13", "play ship")
    assert s.to_dict()["coins"] == [1, 3, 7, 9]
    act(s, "naga-play 11")
    assert s.legal_actions() == [6, 7, 9, 10]
    act(s, "copy 7")
    d = s.to_dict()
    assert d["coins"] == [1, 2, 3, 4] and (d["phase"], d["stack"]) == ("naga_take", [6])


def test_empty_hand_skips_play_and_counts_as_no_card(make):
    g, s = build(make, [[], [0, 12], [0, 0], [0, 3]], turn=4, coins=[9, 5, 8, 9],
                 params={"max_rounds": 1})
    assert s.acting_players() == [1, 2, 3] and s.legal_actions(0) == []
    assert s.returns() == [0.0] * 4
    play(s, None, "play ship", "play ship", "play ship")   # 3 ships: nothing
    d = s.to_dict()
    # seats 0 (empty hand) and 3 (card 3) tie on 9: seat 3 takes the contract
    assert d["contracts"] == [[], [], [], [5]] and d["outcome"] == "truncated"


def test_sheep_empties_the_deck(make):
    g, s = build(make, [[1, 2, 10], [0, 4, 13], [0, 8, 9], [0, 3, 6]], coins=[0, 5, 5, 5],
                 contracts=[[5, 7], [9, 11], [13, 15], []])
    play(s, "play 10", "play 13", "play ship", "play ship")
    d = s.to_dict()
    assert d["contracts"][0] == [5, 7, 17] and d["deck"] == [] and d["outcome"] == "ended"
    assert s.returns() == [1.0, 0.0, 0.0, 0.0]


# ----------------------------------------------------------------------------- ships_played
def test_ships_played_counts_each_ship(make):
    g, s = build(make, [[0, 1, 3], [0, 4, 8], [2, 9, 10], [6, 7, 13]], turn=3,
                 ships_played=[1, 0, 1, 1])
    play(s, "play ship", "play ship", "play 2", "play 13")
    d = s.to_dict()
    assert d["ships_played"] == [2, 1, 1, 1] and d["turn"] == 4
    assert d["hands"][0] == [1, 3] and d["hands"][1] == [4, 8]
    roundtrip(g, s)
    with pytest.raises(ValueError, match="ships_played"):    # needed after turn 1
        g.state_from_dict({k: v for k, v in d.items() if k != "ships_played"})


def test_ships_played_reset_at_the_deal(make):
    g, s = build(make, [[0, 12], [0, 0], [0, 3], [0, 8]], turn=4, coins=[9, 9, 4, 6])
    assert s.to_dict()["ships_played"] == [0, 0, 0, 0]
    g1, s1 = build(make, [[0, 12], [0, 0], [0, 3], [0, 8]], turn=4, coins=[9, 9, 4, 6],
                   params={"max_rounds": 1})
    for state in (s, s1):
        play(state, "play ship", "play ship", "play ship", "play ship")
    assert s1.to_dict()["ships_played"] == [1, 1, 1, 1]       # truncated: no new deal
    d = s.to_dict()
    assert (d["round"], d["turn"], d["ships_played"]) == (2, 1, [0, 0, 0, 0])
    roundtrip(g1, s1)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_ships_played_through_random_games(make, n):
    """ships_played only grows within a round, by one per ship played or discarded."""
    g = make(players=n)
    rnd = random.Random(n)
    for seed in range(15):
        s = g.new_initial_state(seed)
        while not s.is_terminal():
            d = s.to_dict()
            if s.is_simultaneous_node():
                joint = [rnd.choice(s.legal_actions(p)) if s.legal_actions(p) else -1
                         for p in range(n)]
                s.apply_actions(joint)
            else:
                joint = None
                s.apply_action(rnd.choice(s.legal_actions()))
            d2 = s.to_dict()
            if d2["round"] != d["round"]:
                assert d2["ships_played"] == [0] * n
            elif joint is not None and d["phase"] in ("discard", "play"):
                assert d2["ships_played"] == [x + (a == 0) for x, a in
                                              zip(d["ships_played"], joint, strict=True)]
            else:
                assert d2["ships_played"] == d["ships_played"]
            total = d2["removed"].count(0) + sum(h.count(0) for h in d2["hands"])
            assert total + sum(d2["ships_played"]) == 5


def test_ships_played_derived_on_the_first_turn(make):
    g = make(players=3)
    found = 0
    for seed in range(300):
        s = g.new_initial_state(seed)
        d0 = d = s.to_dict()
        assert d["ships_played"] == [0, 0, 0]
        hands = d["hands"]
        if hands[0].count(0) < 2:
            continue
        s.apply_actions([0, hands[1][-1], 0])           # seats 0 and 2 discard a ship
        d1 = s.to_dict()
        assert d1["ships_played"] == [1, 0, 1]
        s.apply_actions([0, hands[1][-2], s.legal_actions(2)[-1]])
        d = s.to_dict()
        if d["turn"] != 1:
            continue
        # a skill is resolving on turn 1: the table shows seat 0's second ship
        assert d["ships_played"] == [2, 0, 1] and d["table"][0] == {"card": 0, "owner": 0}
        for state_dict in (d0, d1, d):
            missing = {k: v for k, v in state_dict.items() if k != "ships_played"}
            assert g.state_from_dict(missing).to_dict() == state_dict
        found += 1
    assert found >= 3


@pytest.mark.parametrize("played,why", [
    ([1, 0, 1, 1, 0], "length"),
    ([1, 0, 1], "length"),
    ([2, 0, 1, 1], "total"),           # 6 ships
    ([1, 0, 0, 1], "total"),           # 4 ships
    ([0, 1, 1, 1], "seat 0 holds no ship"),
    ([2, 0, 1, 0], "seat 3 holds no ship"),
    ([3, 0, 0, 0], "range"),
    ([-1, 0, 1, 1], "range"),
])
def test_ships_played_rejected(make, played, why):
    g, s = build(make, [[1, 2, 3], [0, 4, 13], [0, 8, 9], [5, 6, 10]], turn=3,
                 ships_played=[1, 0, 1, 1])
    d = s.to_dict()
    d["ships_played"] = played
    with pytest.raises(ValueError):
        g.state_from_dict(d)


def test_ships_played_bound_by_the_turn_and_the_table(make):
    g, s = build(make, [[1, 2, 3, 7], [0, 4, 11, 13], [0, 8, 9, 12], [0, 5, 6, 10]], turn=2,
                 ships_played=[1, 1, 0, 0])
    d = s.to_dict()
    d["ships_played"] = [2, 0, 0, 0]                    # two ships in one earlier turn
    with pytest.raises(ValueError):
        g.state_from_dict(d)
    play(s, "play 1", "play ship", "play 8", "play ship")   # Mouse: a decision on turn 2
    d = s.to_dict()
    assert d["phase"] == "target" and d["ships_played"] == [1, 2, 0, 1]
    g.state_from_dict(copy.deepcopy(d))
    d["ships_played"] = [1, 0, 1, 2]                    # the table shows seat 1's ship
    with pytest.raises(ValueError):
        g.state_from_dict(d)
    with pytest.raises((ValueError, TypeError)):
        g.state_from_dict({**s.to_dict(), "ships_played": [1, 1, 0, True]})


def test_ships_played_and_earlier_cards_are_observed():
    """The engine only: the reference has no observations."""
    g, s = build(functools.partial(tb.make, "hoi_pho"), [[1, 2, 3], [0, 4, 13], [0, 8, 9],
                 [5, 6, 10]], turn=3, ships_played=[1, 0, 1, 1], previous=[7, 11, 12])
    text = s.observation_string(1)
    assert "played earlier [14 15]" in text
    assert "ships played 1" in text
    t = s.resample(1, 5)
    assert t.to_dict()["ships_played"] == [1, 0, 1, 1]
    other = s.to_dict()
    other["ships_played"] = [0, 1, 1, 1]
    other["hands"][0] = [0, 2, 3]
    other["hands"][1] = [1, 4, 13]
    s2 = g.state_from_dict(other)
    assert list(s.observation_tensor(2)) != list(s2.observation_tensor(2))
