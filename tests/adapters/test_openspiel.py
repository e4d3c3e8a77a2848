"""tablebits.openspiel: OpenSpiel's random simulation test on every game, the GameType mapping,
and OpenSpiel's own Python algorithms playing tablebits games."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

import tablebits as tb  # noqa: E402
from tablebits.openspiel import load_game  # noqa: E402
from tests.support.adapter_cases import adapter_cases  # noqa: E402

GT = pyspiel.GameType


@pytest.mark.parametrize("turn_based", [False, True], ids=["native", "turn_based"])
@pytest.mark.parametrize(("game_id", "params"), adapter_cases())
def test_random_sim_test(game_id, params, turn_based):
    game = load_game(game_id, rng_seed=7, turn_based=turn_based, **params)
    # serialize=False: OpenSpiel's SerializeGameAndState asks a sampled-stochastic game for its
    # generator state (Game::GetRNGState), which a Python game cannot provide; state
    # serialization itself is checked below.
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


# The GameType each game must get, worked out from the rules (not read from game.info).
EXPECTED = {
    ("good_fortune", ()): (GT.Dynamics.SEQUENTIAL, GT.Information.PERFECT_INFORMATION,
                           GT.Utility.CONSTANT_SUM, GT.ChanceMode.SAMPLED_STOCHASTIC),
    ("good_fortune", (("variant", "guess"),)): (
        GT.Dynamics.SIMULTANEOUS, GT.Information.IMPERFECT_INFORMATION, GT.Utility.CONSTANT_SUM,
        GT.ChanceMode.SAMPLED_STOCHASTIC),
    # No chance inside a turn, but the first parent is drawn at random: stochastic.
    ("color_mafia", ()): (GT.Dynamics.SIMULTANEOUS, GT.Information.IMPERFECT_INFORMATION,
                          GT.Utility.CONSTANT_SUM, GT.ChanceMode.SAMPLED_STOCHASTIC),
    ("hoi_pho", ()): (GT.Dynamics.SIMULTANEOUS, GT.Information.IMPERFECT_INFORMATION,
                      GT.Utility.CONSTANT_SUM, GT.ChanceMode.SAMPLED_STOCHASTIC),
    ("fox_duet", ()): (GT.Dynamics.SIMULTANEOUS, GT.Information.IMPERFECT_INFORMATION,
                       GT.Utility.IDENTICAL, GT.ChanceMode.SAMPLED_STOCHASTIC),
}


@pytest.mark.parametrize(("key", "expected"), list(EXPECTED.items()), ids=str)
def test_game_type_and_info(key, expected):
    game_id, params = key
    game = load_game(game_id, **dict(params))
    t = game.get_type()
    assert (t.dynamics, t.information, t.utility, t.chance_mode) == expected
    # Non-default parameters are part of the short name (a reload by name keeps them).
    suffix = "[" + ",".join(f"{k}={v}" for k, v in params) + "]" if params else ""
    assert t.short_name == f"tablebits_{game_id}{suffix}"
    assert t.provides_observation_string and t.provides_observation_tensor
    assert t.provides_information_state_string  # histories: tests/adapters/test_openspiel_cfr.py
    tb_game = tb.make(game_id, **dict(params))
    assert game.num_players() == tb_game.num_players
    assert game.num_distinct_actions() == tb_game.num_actions
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    if t.utility == GT.Utility.CONSTANT_SUM:
        assert game.utility_sum() == 1.0
    assert game.observation_tensor_shape() == list(tb_game.observation_shape)
    turn_based = load_game(game_id, turn_based=True, **dict(params))
    assert turn_based.get_type().dynamics == GT.Dynamics.SEQUENTIAL


def test_registered_names_load_through_pyspiel():
    game = pyspiel.load_game("tablebits_hoi_pho(players=3,rng_seed=4)")
    assert game.num_players() == 3
    state = game.new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
    with pytest.raises(ValueError, match="unknown game"):
        load_game("chess")
    with pytest.raises(ValueError, match="rng_seed"):
        load_game("fox_duet", rng_seed=-5)


def play_random(state, rng):
    while not state.is_terminal():
        if state.is_simultaneous_node():
            state.apply_actions([
                rng.choice(state.legal_actions(p)) if state.legal_actions(p) else 0
                for p in range(state.num_players())
            ])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game_id", ["hoi_pho", "fox_duet", "good_fortune"])
def test_states_match_the_object_api(game_id):
    """Same seed and actions as the object API: same observations and returns."""
    game = load_game(game_id, rng_seed=3)
    state = game.new_initial_state()
    mirror = state.tb_state.clone()
    observer = make_observation(game)  # OpenSpiel's Python observer API (make_py_observer)
    rng = np.random.default_rng(1)
    while not state.is_terminal():
        for p in range(game.num_players()):
            assert state.observation_string(p) == mirror.observation_string(p)
            assert np.array_equal(state.observation_tensor(p), mirror.observation_tensor(p))
            observer.set_from(state, p)
            assert np.array_equal(observer.tensor, mirror.observation_tensor(p))
            assert observer.string_from(state, p) == mirror.observation_string(p)
        if state.is_simultaneous_node():
            joint = [int(rng.choice(state.legal_actions(p))) if state.legal_actions(p) else -1
                     for p in range(game.num_players())]
            state.apply_actions([a if a >= 0 else 0 for a in joint])
            mirror.apply_actions(joint)
        else:
            action = int(rng.choice(state.legal_actions()))
            assert state.legal_actions() == mirror.legal_actions()
            state.apply_action(action)
            mirror.apply_action(action)
    assert mirror.is_terminal() and state.returns() == pytest.approx(mirror.returns())


@pytest.mark.parametrize("turn_based", [False, True])
def test_clone_and_serialization_round_trip(turn_based):
    game = load_game("hoi_pho", rng_seed=5, turn_based=turn_based)
    state = game.new_initial_state()
    rng = np.random.default_rng(2)
    for _ in range(7):  # into the game, possibly with a pending turn-based choice
        if state.is_simultaneous_node():
            state.apply_actions([int(rng.choice(state.legal_actions(p)))
                                 if state.legal_actions(p) else 0 for p in range(4)])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    copies = [state.clone(), game.deserialize_state(state.serialize()),
              pickle.loads(pickle.dumps(state))]
    for copy in copies:
        assert str(copy) == str(state) and copy.history() == state.history()
        assert copy.tb_state == state.tb_state
        # The same actions lead to the same game from here: chance lives in the state.
        a, b = play_random(state.clone(), np.random.default_rng(9)), play_random(
            copy, np.random.default_rng(9))
        assert a.returns() == b.returns() and str(a) == str(b)


@pytest.mark.parametrize("turn_based", [False, True])
def test_resample_from_infostate_keeps_the_players_view(turn_based):
    game = load_game("fox_duet", rng_seed=1, turn_based=turn_based)
    state = game.new_initial_state()
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    samples = [state.resample_from_infostate(player, sampler) for _ in range(6)]
    for s in samples:
        assert s.observation_string(player) == state.observation_string(player)
        assert s.current_player() == state.current_player()
    # The partner's hand is hidden, so resampling redraws it.
    assert len({str(s) for s in samples}) > 1


def test_illegal_action_raises_and_changes_nothing():
    state = load_game("good_fortune", rng_seed=2).new_initial_state()
    before = str(state)
    illegal = next(a for a in range(state.num_distinct_actions())
                   if a not in state.legal_actions())
    with pytest.raises(ValueError, match="illegal"):
        state.apply_action(illegal)
    assert str(state) == before and state.history() == []


@pytest.mark.parametrize(("game_id", "params"), [
    ("good_fortune", {}),  # sequential as it is
    ("fox_duet", {"turn_based": True}),
    ("hoi_pho", {"turn_based": True, "players": 3}),
    ("color_mafia", {"turn_based": True, "players": 4}),
    ("good_fortune", {"turn_based": True, "variant": "guess"}),
])
def test_evaluate_bots_with_uniform_random_bots(game_id, params):
    game = load_game(game_id, rng_seed=11, **params)
    assert game.get_type().dynamics == GT.Dynamics.SEQUENTIAL
    for i in range(3):
        bots = [pyspiel.make_uniform_random_bot(p, 100 * i + p) for p in range(game.num_players())]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots,
                                              np.random.RandomState(i))
        assert len(returns) == game.num_players()
        assert min(returns) >= 0.0 and max(returns) <= 1.0


def test_evaluate_bots_at_simultaneous_nodes():
    game = load_game("hoi_pho", rng_seed=12, players=3)
    bots = [pyspiel.make_uniform_random_bot(p, p) for p in range(3)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(0))
    assert sum(returns) == pytest.approx(1.0)


def test_mcts_bot_plays_good_fortune():
    game = load_game("good_fortune", rng_seed=21)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bots = [mcts.MCTSBot(game, 1.4, 40, evaluator, random_state=np.random.RandomState(1)),
            pyspiel.make_uniform_random_bot(1, 2)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(3))
    assert sum(returns) == pytest.approx(1.0)


def test_ismcts_bot_plays_fox_duet():
    """OpenSpiel's ISMCTS needs a sequential imperfect-information game: Fox Duet turn-based.
    It determinises through resample_from_infostate, so it never reads the hidden cards."""
    game = load_game("fox_duet", rng_seed=22, turn_based=True)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bots = [ismcts.ISMCTSBot(game, evaluator, 1.4, 15, random_state=np.random.RandomState(p),
                             use_observation_string=True) for p in range(2)]
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    returns = state.returns()
    assert returns[0] == returns[1] and returns[0] in (0.0, 1.0)


def test_a_parameter_named_game_id_is_an_unknown_parameter():
    """The game argument is positional-only: not Python's "multiple values" TypeError."""
    with pytest.raises(ValueError, match="unknown parameter.*: game_id "):
        load_game("fox_duet", game_id="hoi_pho")
