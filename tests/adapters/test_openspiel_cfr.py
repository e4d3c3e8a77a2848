"""Information states with perfect recall in the OpenSpiel adapter, and OpenSpiel's outcome-
sampling MCCFR running on them."""

from __future__ import annotations

import copy
import pickle
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import outcome_sampling_mccfr  # noqa: E402

from tablebits.openspiel import load_game  # noqa: E402


def _random_playthrough(game, rng):
    """Yields every decision state of one random game (OpenSpiel's sequential interface)."""
    state = game.new_initial_state()
    while not state.is_terminal():
        yield state
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(
    "game_id, params",
    [("good_fortune", {}), ("fox_duet", {"turn_based": True}),
     ("color_mafia", {"turn_based": True, "players": 3})],
)
def test_information_states_have_perfect_recall(game_id, params):
    """Along a game, each player's information state only grows (it never forgets), it records
    the player's own actions, and one information state never has two legal action sets."""
    game = load_game(game_id, rng_seed=5, **params)
    assert game.get_type().provides_information_state_string
    rng = random.Random(0)
    legal_by_infostate: dict[str, list[int]] = {}
    for _ in range(3):
        before = [""] * game.num_players()
        for state in _random_playthrough(game, rng):
            player = state.current_player()
            for p in range(game.num_players()):
                now = state.information_state_string(p)
                assert now.startswith(before[p])  # an extension: nothing forgotten
                before[p] = now
            key = state.information_state_string(player)
            assert legal_by_infostate.setdefault(key, state.legal_actions()) == \
                state.legal_actions()
            action = state.legal_actions()[0]
            text = state.action_to_string(player, action)
            after = state.child(action).information_state_string(player)
            assert after.startswith(key) and f"you: {text}" in after[len(key):]


def test_a_pending_choice_is_not_in_the_next_players_information_state():
    """Turn-based Fox Duet: at a simultaneous node the second chooser cannot see the first's
    choice, so its information state is the same whatever the first chose."""
    game = load_game("fox_duet", rng_seed=2, turn_based=True)
    rng = random.Random(1)
    checked = 0
    for state in _random_playthrough(game, rng):
        if not state.tb_state.is_simultaneous_node() or state._turns.pending:
            continue
        first = state.current_player()
        if len(state.legal_actions()) < 2:
            continue
        a, b = (state.child(x) for x in state.legal_actions()[:2])
        second = a.current_player()
        if second == first:  # the choice completed the joint action
            continue
        assert a.information_state_string(second) == b.information_state_string(second)
        checked += 1
    assert checked > 0


def test_distinct_own_actions_give_distinct_information_states():
    game = load_game("good_fortune", rng_seed=3)
    state = game.new_initial_state()
    player = state.current_player()
    children = [state.child(a) for a in state.legal_actions()]
    strings = {c.information_state_string(player) for c in children}
    assert len(strings) == len(children) > 1


def test_clones_and_pickles_keep_their_own_history():
    game = load_game("good_fortune", rng_seed=4)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.information_state_string(0) != clone.information_state_string(0)
    assert copy.deepcopy(state).information_state_string(0) == state.information_state_string(0)
    again = pickle.loads(pickle.dumps(clone))
    assert again.information_state_string(1) == clone.information_state_string(1)


def test_a_resampled_state_keeps_only_the_resampling_players_history():
    game = load_game("fox_duet", rng_seed=6, turn_based=True)
    state = game.new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    player = state.current_player()
    sampler = np.random.default_rng(0).random
    other = state.resample_from_infostate(player, sampler)
    assert other.information_state_string(player) == state.information_state_string(player)
    with pytest.raises(ValueError, match="only that player's information state"):
        other.information_state_string(1 - player)
    other.apply_action(other.legal_actions()[0])  # the history goes on from the redrawn state
    assert other.information_state_string(player).startswith(
        state.information_state_string(player))


def test_no_information_state_tensor():
    game = load_game("good_fortune", rng_seed=1)
    assert not game.get_type().provides_information_state_tensor


def test_outcome_sampling_mccfr_runs_and_learns_a_policy_per_information_state():
    """OpenSpiel's MCCFR on Good Fortune: its tables are keyed by our information states, and
    the average policy it returns is a distribution over each state's legal actions."""
    game = load_game("good_fortune", rng_seed=7)
    np.random.seed(0)  # OpenSpiel's MCCFR samples with numpy's global generator
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(30):
        solver.iteration()
    tables = solver._infostates
    assert len(tables) > 30  # at least one information state per episode and player
    policy = solver.average_policy()
    for state in _random_playthrough(game, random.Random(2)):
        key = state.information_state_string(state.current_player())
        probs = policy.action_probabilities(state)
        assert set(probs) == set(state.legal_actions())
        assert sum(probs.values()) == pytest.approx(1.0)
        if key in tables:  # seen in training: regret tables sized by the legal actions
            assert len(tables[key][0]) == len(state.legal_actions())


def test_outcome_sampling_mccfr_runs_on_a_turn_based_imperfect_information_game():
    game = load_game("fox_duet", rng_seed=8, turn_based=True)
    np.random.seed(1)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(5):
        solver.iteration()
    assert len(solver._infostates) > 0
