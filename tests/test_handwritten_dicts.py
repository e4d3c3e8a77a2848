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
