"""Positions written by hand: bookkeeping keys that cannot exist in that phase, are derivable or
have a neutral default may be left out (defaults in docs/games/<game>.md, "Optional keys");
contradictory values and positions the rules cannot reach are still rejected."""

from __future__ import annotations

import pytest

import tablebits as tb

SHIP = 0


def hoi_pho_turn_one() -> dict:
    """4 players, turn 1, phase play: every card dealt, nothing resolving."""
    return {
        "round": 1, "turn": 1, "phase": "play", "coins": [5, 6, 7, 8],
        "contracts": [[], [], [], []],
        "hands": [[SHIP, SHIP, 1, 2, 3], [SHIP, 4, 5, 6, 7], [SHIP, 8, 9, 10, 11],
                  [SHIP, 12, 13, 14, 15]],
    }


def test_hoi_pho_plain_turn_one_play_position_loads() -> None:
    state = tb.make("hoi_pho").state_from_dict(hoi_pho_turn_one())
    assert state.is_simultaneous_node()
    # Phase play: every player may play any card of their hand (a ship is action 0).
    assert state.legal_actions(0) == [0, 1, 2, 3]
    assert state.legal_actions(3) == [0, 12, 13, 14, 15]
    d = state.to_dict()
    assert d["deck"] == [5, 7, 9, 11, 13, 15, 17]  # no contract taken: the whole deck
    assert d["coins_turn_start"] == [5, 6, 7, 8]  # nothing has moved coins this turn
    assert d["stack"] == [] and d["skill_player"] is None and d["target"] is None
    assert d["rps_draws"] == 0 and d["table"] == [] and d["previous"] == []
    assert d["known"] == [[], [], [], []] and d["ships_played"] == [0, 0, 0, 0]
    assert d["outcome"] is None and d["forced"] is None


def test_hoi_pho_turn_two_derives_the_previous_turn() -> None:
    # Turn 2: each player has played one card on turn 1 (1, 4, 8 and 12 are in no hand).
    d = hoi_pho_turn_one() | {
        "turn": 2,
        "hands": [[SHIP, SHIP, 2, 3], [SHIP, 5, 6, 7], [SHIP, 9, 10, 11], [SHIP, 13, 14, 15]],
        "ships_played": [0, 0, 0, 0],  # which seat played a ship earlier is in no other key
    }
    state = tb.make("hoi_pho").state_from_dict(d)
    assert state.to_dict()["previous"] == [1, 4, 8, 12]


@pytest.mark.parametrize(
    "change, message",
    [
        ({"turn": 3, "hands": [[SHIP, SHIP, 3], [SHIP, 6, 7], [SHIP, 10, 11], [SHIP, 14, 15]]},
         "'previous' .*from turn 3"),
        ({"phase": "target"}, "coins_turn_start"),
        ({"deck": [7, 9, 11, 13, 15, 17]}, "'deck' must be the remaining contracts"),
        ({"coins_turn_start": [5, 6, 7]}, "coins_turn_start"),
        ({"players": 3}, "'players' must be 4"),
        ({"hands": [[SHIP, 1, 2, 3], [SHIP, 4, 5, 6, 7], [SHIP, 8, 9, 10, 11],
                    [SHIP, 12, 13, 14, 15]]}, "every card must be listed"),
    ],
    ids=["no-previous-turn-3", "skill-phase-needs-turn-start", "contradictory-deck",
         "short-turn-start", "wrong-players", "card-missing-turn-1"],
)
def test_hoi_pho_rejects_what_is_missing_or_contradictory(change: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        tb.make("hoi_pho").state_from_dict(hoi_pho_turn_one() | change)


def test_hoi_pho_three_players_need_removed() -> None:
    d = {"round": 1, "turn": 1, "phase": "discard", "coins": [5, 5, 5],
         "contracts": [[], [], []], "hands": [[SHIP], [SHIP], [SHIP]]}
    with pytest.raises(ValueError, match="'removed' .*3 players"):
        tb.make("hoi_pho", players=3).state_from_dict(d)


# Fox Duet: 30 cards, suits R S D, ranks 1..11 would be 33: ranks 1..10 in three suits.
def fox_position(trick: int, dealer: int, leader: int) -> dict:
    """A `lead` position of round 1 written by hand; cards of completed tricks are left out."""
    hands = {
        1: [["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "S1"],
            ["S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10", "D1", "D2"]],
        3: [["R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "S1"],
            ["S4", "S5", "S6", "S7", "S8", "S9", "S10", "D1", "D2"]],
    }[trick]
    return {
        "round": 1, "trick": trick, "dealer": dealer, "leader": leader, "phase": "lead",
        "hands": hands, "decree": "D3", "deck": ["D4", "D5", "D6", "D7", "D8", "D9", "D10"],
        "tracker": 0, "gems": [1, 1, 2, 1, 1, 0, 1, 1, 2, 1, 1], "covered": [0, 0],
        "gem_supply": 10,
    }


def test_fox_position_without_bookkeeping_keys_loads() -> None:
    state = tb.make("fox_duet").state_from_dict(fox_position(trick=3, dealer=1, leader=0))
    d = state.to_dict()
    # The completed tricks' pile is every card listed nowhere else.
    assert d["played"] == ["R1", "R2", "S2", "S3"]
    assert d["known"] == [[], []] and d["voids"] == [[], []]
    assert d["fox_target"] is None and d["ignore"] is None and d["outcome"] is None
    assert d["trick_cards"] == {"lead": None, "follow": None} and d["forest_supply"] == 4
    # The leader may lead any card of their hand.
    leads = [state.action_to_string(a) for a in state.legal_actions()]
    assert leads == fox_position(3, 1, 0)["hands"][0]


def test_fox_trick_one_led_by_the_dealer_is_rejected() -> None:
    game = tb.make("fox_duet")
    game.state_from_dict(fox_position(trick=1, dealer=1, leader=0))  # the non-dealer leads
    with pytest.raises(ValueError, match="non-dealer leads the first trick"):
        game.state_from_dict(fox_position(trick=1, dealer=0, leader=0))
    # From trick 2 on the previous trick's winner leads, who may be the dealer.
    game.state_from_dict(fox_position(trick=3, dealer=0, leader=0))


@pytest.mark.parametrize(
    "change, message",
    [
        ({"forest_supply": 3}, "forest tokens are not conserved"),
        ({"played": ["R1"]}, "30 cards"),
        ({"level": 2}, "'level' must be 1"),
    ],
    ids=["contradictory-forest", "contradictory-played", "wrong-level"],
)
def test_fox_rejects_contradictory_values(change: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        tb.make("fox_duet").state_from_dict(fox_position(3, 1, 0) | change)


# Good Fortune: tiles 1..21; the default tile table (docs/games/good_fortune.md).
def good_fortune_select() -> dict:
    """Round 1, player 0 (who got tile 1) holds the token; only the required keys."""
    return {
        "round": 1, "phase": "select", "token": {"holder": 0},
        "racks": [[1, 4, 8, 9, 11, 13, 15, 18, 20], [2, 3, 5, 6, 10, 14, 16, 17, 21]],
        "line": [[7, "cat", "ganesha"], [12, "mati", "cat"], [19, "ganesha", "mati"]],
        "collections": [[], []],
    }


def test_good_fortune_position_without_derivable_keys_loads() -> None:
    state = tb.make("good_fortune").state_from_dict(good_fortune_select())
    d = state.to_dict()
    assert d["token"] == {"holder": 0, "face": "small"}  # round 1: small face
    assert d["selected"] == [None, None] and d["discarded"] == []
    assert d["game"] == "good_fortune"
    assert state.current_player() == 0  # the token holder selects first
    assert [state.action_to_string(a) for a in state.legal_actions()][:2] == ["select 1",
                                                                              "select 4"]


def test_good_fortune_discards_default_to_the_tiles_in_no_other_place() -> None:
    # Round 2 select: player 0 placed 1 and player 1 placed 17 in round 1.
    d = good_fortune_select() | {
        "round": 2, "token": {"holder": 1},
        "racks": [[4, 8, 9, 11, 13, 15, 18, 20], [2, 3, 5, 6, 10, 14, 16, 17, 21]],
    }
    d["racks"][1] = [2, 3, 5, 6, 10, 14, 16, 21]  # player 1 placed 17
    # 1 then 17 placed at R, neither meeting the exposed charm: 7, then 12, left the L end.
    d["line"] = [[19, "ganesha", "mati"], [1, "horseshoe", "scarab"], [17, "horseshoe", "clover"]]
    assert tb.make("good_fortune").state_from_dict(d).to_dict()["discarded"] == [7, 12]


@pytest.mark.parametrize(
    "change, message",
    [
        ({"token": {"holder": 0, "face": "big"}}, "token face must be small"),
        ({"discarded": [7]}, "'discarded' must list exactly"),
        ({"game": "fox_duet"}, "'game' must be 'good_fortune'"),
        ({"token": {"holder": 1}}, "token holder disagrees with who got tile 1"),
    ],
    ids=["contradictory-face", "contradictory-discards", "wrong-game", "holder-without-tile-1"],
)
def test_good_fortune_rejects_contradictory_values(change: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        tb.make("good_fortune").state_from_dict(good_fortune_select() | change)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"discarded": [7, "12"]}, r"'discarded' entry must be an int, not str"),
        ({"discarded": [7, 12, True]}, r"'discarded' entry must be an int, not bool"),
        ({"token": {"holder": 0, "face": 0}}, r"'token'\['face'\] must be a str, not int"),
    ],
    ids=["str-tile", "bool-past-the-end", "int-face"],
)
def test_a_derived_key_of_the_wrong_type_is_a_type_error(change: dict, message: str) -> None:
    # Even an entry past the derived list's end is read as its type requires.
    with pytest.raises(TypeError, match=message):
        tb.make("good_fortune").state_from_dict(good_fortune_select() | change)


def test_fox_plus_entries_are_bools() -> None:
    position = fox_position(3, 1, 0)
    plus = [space["plus"] for space in tb.make("fox_duet").params["board"]]  # Side A
    tb.make("fox_duet").state_from_dict(position | {"plus": plus})
    with pytest.raises(TypeError, match="'plus' entry must be a bool, not int"):
        tb.make("fox_duet").state_from_dict(position | {"plus": [int(x) for x in plus]})


def test_good_fortune_second_placer_must_be_sent_second_by_the_token_face() -> None:
    game = tb.make("good_fortune")
    # Round 1 (small face): player 0 selected 1, player 1 selected 5; 1 is lower, so player 0
    # placed first, at R: the line's R end is tile 1 and player 1 places next.
    d = good_fortune_select() | {"phase": "place", "selected": [None, 5]}
    d["racks"] = [[4, 8, 9, 11, 13, 15, 18, 20], [2, 3, 6, 10, 14, 16, 17, 21]]
    d["line"] = [[12, "mati", "cat"], [19, "ganesha", "mati"], [1, "scarab", "horseshoe"]]
    assert game.state_from_dict(d).current_player() == 1
    # The same racks with tile 1 nowhere near an end: no placement this round put it there.
    d["line"] = [[12, "mati", "cat"], [1, "scarab", "horseshoe"], [19, "ganesha", "mati"]]
    with pytest.raises(ValueError, match="tile placed first this round"):
        game.state_from_dict(d)


# Color Mafia: chip colours R B Y G, coin colours R B Y G W.
def chips(spec: str = "") -> dict:
    d = {"R": 0, "B": 0, "Y": 0, "G": 0}
    d.update({part[0]: int(part[1:]) for part in spec.split()})
    return d


ONE_EACH = {"R": 1, "B": 1, "Y": 1, "G": 1, "W": 1}


def test_color_mafia_choose_position_without_bookkeeping_keys_loads() -> None:
    d = {"round": 2, "parent": 1, "phase": "choose",
         "chips": [chips("R1"), chips(), chips("Y2"), chips("B1 G1")],
         "coins": [ONE_EACH] * 4}
    state = tb.make("color_mafia").state_from_dict(d)
    out = state.to_dict()
    assert out["box"] == chips("R9 B9 Y8 G9")  # chips_per_color=10 minus the holdings
    assert out["revealed"] == [None] * 4 and out["acting"] is None and out["outcome"] is None
    assert out["players"] == 4 and out["rng"] == 0
    assert state.is_simultaneous_node()


def test_color_mafia_round_one_resolve_only_earlier_players_hold_chips() -> None:
    game = tb.make("color_mafia")
    # Round 1, order 0, 1, 2, 3: parent 0 revealed R and took a red chip; player 1 acts now, so
    # players 1, 2 and 3 have not had a turn and hold nothing.
    d = {"round": 1, "parent": 0, "phase": "resolve",
         "chips": [chips("R1"), chips(), chips(), chips()], "coins": [ONE_EACH] * 4,
         "revealed": ["R", "Y", "B", "W"], "acting": 1}
    assert game.state_from_dict(d).current_player() == 1
    d["chips"] = [chips("R1"), chips(), chips(), chips("G1")]
    with pytest.raises(ValueError, match="more chips than the rounds played allow"):
        game.state_from_dict(d)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"box": chips("R10 B10 Y10 G10")}, "chip conservation"),
        ({"players": 3}, "'players' must be 4 for this game"),
        ({"chips": [chips("R11"), chips(), chips(), chips()]}, "'chips'\\[0\\]\\['R'\\]"),
        ({"round": 1}, "more chips than the rounds played allow"),
        ({"coins": [{"R": 3, "B": 0, "Y": 0, "G": 1, "W": 1}, {"R": 0, "B": 2, "Y": 1, "G": 1,
                                                                 "W": 1},
                    {"R": 0, "B": 1, "Y": 2, "G": 1, "W": 1}, {"R": 1, "B": 1, "Y": 1, "G": 1,
                                                                 "W": 1}]},
         "further from one of each colour"),
    ],
    ids=["contradictory-box", "wrong-players", "too-many-chips", "chips-in-round-1",
         "coins-too-far"],
)
def test_color_mafia_rejects_contradictory_values(change: dict, message: str) -> None:
    d = {"round": 2, "parent": 1, "phase": "choose",
         "chips": [chips("R1"), chips(), chips("Y2"), chips("B1 G1")], "coins": [ONE_EACH] * 4}
    with pytest.raises(ValueError, match=message):
        tb.make("color_mafia").state_from_dict(d | change)
