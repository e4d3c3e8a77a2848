"""Unreachable states the engine must refuse, the kind coverage-guided fuzzing (csrc/fuzz/)
produces, each next to the reachable states it must still accept; one test per case."""

from __future__ import annotations

import random

import pytest

import tablebits as tb


def hoi_pho_naga_chain(stack: list[int]) -> dict:
    """Turn 4 of 4 (4 players, hands of 5): player 0 resolves a Mouse (1) played through Naga."""
    return {
        "game": "hoi_pho", "players": 4, "round": 1, "turn": 4, "phase": "target",
        "coins": [9, 8, 11, 14], "coins_turn_start": [9, 8, 9, 11],
        "contracts": [[], [], [], []], "deck": [5, 7, 9, 11, 13, 15, 17],
        "hands": [[0], [13], [8], [5]], "removed": [], "discards": [],
        "table": [{"card": 1, "owner": 0}, {"card": 2, "owner": 1}, {"card": 6, "owner": 2},
                  {"card": 11, "owner": 3}],
        "previous": [9, 10, 15], "forced": None, "known": [[], [], [], []], "outcome": None,
        "rng": 1, "stack": stack, "skill_player": 0, "target": None, "rps_draws": 0,
        "ships_played": [1, 1, 1, 1],
    }


def test_hoi_pho_stack_deeper_than_the_hand_could_feed_is_rejected() -> None:
    # Nine Nagas below the Mouse, each of which played a card from player 0's hand and takes one
    # back. Player 0 holds 1 card on the last turn (the most the turn allows), so no Naga can be
    # pending; accepted, unwinding the stack would give player 0 more cards than the turn
    # allows.
    game = tb.make("hoi_pho")
    with pytest.raises(ValueError, match="skill stack deeper"):
        game.state_from_dict(hoi_pho_naga_chain([6] * 9 + [1]))
    with pytest.raises(ValueError, match="skill stack deeper"):
        game.state_from_dict(hoi_pho_naga_chain([6, 1]))
    # Without Nagas below it, the same Mouse position is fine.
    state = game.state_from_dict(hoi_pho_naga_chain([1]))
    assert state.current_player() == 0


@pytest.mark.parametrize("params", [{}, {"players": 3}, {"players": 5, "rps": "chance"}])
def test_hoi_pho_real_naga_chains_still_load(params: dict) -> None:
    # The depth check must not reject a reachable state: every nested stack met in random games
    # reads back from its bytes and its dict.
    game = tb.make("hoi_pho", **params)
    rng = random.Random(1)
    nested = 0
    for seed in range(600):
        state = game.state_from_bytes(game.new_initial_state(seed=seed).to_bytes())
        while not state.is_terminal():
            if state.is_simultaneous_node():
                legal = [state.legal_actions(p) for p in range(game.num_players)]
                state.apply_actions([rng.choice(a) if a else -1 for a in legal])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            if len(state.to_dict()["stack"]) >= 2:
                nested += 1
                assert game.state_from_bytes(state.to_bytes()) == state
                assert game.state_from_dict(state.to_dict()) == state
    assert nested > 50


def test_good_fortune_select_phase_with_both_tiles_selected_is_rejected() -> None:
    # Phase select although both players have selected (the second selection moves the game to
    # phase place at once). Accepted, it would let player 1 select again, and the tile it had
    # selected would vanish from its rack count.
    game = tb.make("good_fortune")
    d = {
        "game": "good_fortune", "round": 2, "phase": "select",
        "token": {"holder": 0, "face": "big"},
        "racks": [[3, 4, 8, 11, 16, 19, 21], [1, 2, 6, 9, 13, 14, 18]], "selected": [7, 5],
        "line": [[15, "mati", "horseshoe"], [10, "cat", "horseshoe"], [12, "cat", "mati"]],
        "collections": [[20], [17]], "discarded": [],
    }
    with pytest.raises(ValueError, match="both tiles selected"):
        game.state_from_dict(d)
    # With only the token holder's tile selected, it is player 1's turn to select.
    d["selected"] = [7, None]
    d["racks"][1] = [1, 2, 5, 6, 9, 13, 14, 18]
    assert game.state_from_dict(d).current_player() == 1


def test_hoi_pho_known_card_before_the_first_plays_is_rejected() -> None:
    # A card "known" in a hand during the discard (3 players), though the deal forgets
    # everything and only skills resolving reveal cards. Accepted, discarding it would leave it
    # known but in no hand.
    game = tb.make("hoi_pho", players=3)
    d = {
        "round": 1, "turn": 1, "phase": "discard", "coins": [9, 9, 9],
        "contracts": [[], [], []], "removed": [9, 10],
        "hands": [[0, 0, 2, 5, 7, 12], [0, 1, 3, 8, 11, 15], [0, 0, 4, 6, 13, 14]],
        "known": [[], [], [6]],
    }
    with pytest.raises(ValueError, match="known before the round's first plays"):
        game.state_from_dict(d)
    d["known"] = [[], [], []]
    assert game.state_from_dict(d).is_simultaneous_node()
