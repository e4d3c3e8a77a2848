"""Regression tests for what coverage-guided fuzzing (csrc/fuzz/) found, one test per finding."""

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
    # Found by fuzz_games (hoi_pho): nine Nagas below the Mouse, each of which played a card
    # from player 0's hand and takes one back. Player 0 holds 1 card on the last turn (the most
    # the turn allows), so no Naga can be pending; the state was accepted, and unwinding the
    # stack then gave player 0 more cards than the turn allows.
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
    # The new check must not reject a reachable state: every nested stack met in random games
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
