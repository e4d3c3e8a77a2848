"""The generic API harness: every registered game, several parameter sets, one set of checks.

Random playouts check at every node the invariants of the public contract (docs/api.md): node
kinds, legal-action lists and masks, action strings, clone/copy/pickle/bytes/dict round trips,
rejection of illegal actions without change, observations, resampling, and at the end returns
and scores. A new game passes this module unchanged or it is not done.
"""

from __future__ import annotations

import copy
import math
import pickle
import random

import numpy as np
import pytest

import tablebits as tb
from tests.support.game_params import game_cases
from tests.support.helpers import random_joint, random_step

GAMES_PER_CASE = 12


def snapshot(state):
    return state.to_bytes()


def check_node(game, state, rng):
    n = game.num_players
    cur = state.current_player()
    assert state.is_terminal() == (cur == tb.TERMINAL)
    assert state.is_simultaneous_node() == (cur == tb.SIMULTANEOUS)
    acting = state.acting_players()
    if cur >= 0:
        assert acting == [cur]
        assert state.legal_actions() == state.legal_actions(cur)
    elif cur == tb.SIMULTANEOUS:
        assert acting and acting == sorted(acting)
    else:
        assert acting == []
    for p in range(n):
        legal = state.legal_actions(p)
        assert legal == sorted(set(legal))
        assert all(0 <= a < game.num_actions for a in legal)
        assert (p in acting) == bool(legal)
        mask = state.legal_actions_mask(p)
        assert mask.dtype == np.bool_ and mask.shape == (game.num_actions,)
        assert np.flatnonzero(mask).tolist() == legal
        for a in legal:
            text = state.action_to_string(a, p)
            assert isinstance(text, str) and text
            assert state.string_to_action(text, p) == a
        obs = state.observation_tensor(p)
        assert obs.dtype == np.float32 and obs.shape == game.observation_shape
        assert np.isfinite(obs).all()
        assert isinstance(state.observation_string(p), str)


def check_round_trips(game, state):
    before = snapshot(state)
    for twin in (
        state.clone(),
        copy.copy(state),
        copy.deepcopy(state),
        pickle.loads(pickle.dumps(state)),
        game.state_from_bytes(state.to_bytes()),
        game.state_from_dict(state.to_dict()),
    ):
        assert twin == state and twin is not state
        assert twin.to_dict() == state.to_dict()
        assert hash(twin) == hash(state)
    assert game.state_from_dict(state.to_dict()).to_bytes() == before


def check_illegal_rejected(game, state, rng):
    before = snapshot(state)
    cur = state.current_player()
    n = game.num_players
    if cur >= 0:
        illegal = [a for a in range(game.num_actions) if a not in state.legal_actions()]
        for a in [*rng.sample(illegal, min(3, len(illegal))), -1, game.num_actions, 10**30]:
            with pytest.raises(ValueError):
                state.apply_action(a)
        with pytest.raises(TypeError):
            state.apply_action("0")
    else:
        with pytest.raises(ValueError):
            state.apply_action(0)
    if cur != tb.TERMINAL:
        with pytest.raises(ValueError):
            state.apply_actions([-1] * (n + 1))
        joint = random_joint(state, n, rng)
        p = state.acting_players()[0]
        bad = [a for a in range(game.num_actions) if a not in state.legal_actions(p)]
        if bad:
            joint[p] = rng.choice(bad)
            with pytest.raises(ValueError):
                state.apply_actions(joint)
    assert snapshot(state) == before


def check_resample(game, state, rng):
    for p in range(game.num_players):
        seed = rng.getrandbits(64)
        r = state.resample(p, seed)
        assert np.array_equal(r.observation_tensor(p), state.observation_tensor(p))
        assert r.observation_string(p) == state.observation_string(p)
        assert r.current_player() == state.current_player()
        assert r.legal_actions(p) == state.legal_actions(p)
        assert r == state.resample(p, seed), "resample must be a function of (state, player, seed)"


def check_terminal(game_id, game, state):
    returns = state.returns()
    scores = state.scores()
    assert len(returns) == len(scores) == game.num_players
    assert all(0.0 <= r <= 1.0 for r in returns)
    assert all(math.isfinite(s) for s in scores)
    if game.info.cooperative:
        assert len(set(returns)) == 1 and returns[0] in (0.0, 1.0)
    else:
        assert math.isclose(sum(returns), game.info.utility_sum, abs_tol=1e-6)
        winners = [r for r in returns if r > 0]
        assert all(math.isclose(r, 1.0 / len(winners), abs_tol=1e-6) for r in winners)


@pytest.mark.parametrize(("game_id", "params"), game_cases())
def test_random_playouts_honour_the_contract(game_id, params):
    game = tb.make(game_id, **params)
    assert game.id == game_id and isinstance(game, tb.Game)
    assert game.num_actions <= 64
    assert tb.make(game_id, **game.params) == game  # params round-trip through make
    rng = random.Random(f"{game_id}{params}")
    for g in range(GAMES_PER_CASE):
        state = game.new_initial_state(rng.getrandbits(64))
        assert isinstance(state, tb.State) and state.game == game
        while True:
            check_node(game, state, rng)
            check_round_trips(game, state)
            check_illegal_rejected(game, state, rng)
            if g < 3:
                check_resample(game, state, rng)
            if state.is_terminal():
                break
            twin, before = state.clone(), snapshot(state)
            random_step(state, game.num_players, rng)
            assert snapshot(twin) == before, "a clone must not change with its original"
        check_terminal(game_id, game, state)
        with pytest.raises(ValueError):
            state.apply_action(0)


@pytest.mark.parametrize(("game_id", "params"), game_cases())
def test_same_seed_same_game(game_id, params):
    game = tb.make(game_id, **params)
    for seed in (0, 1, 2**64 - 1):
        a, b = game.new_initial_state(seed), game.new_initial_state(seed)
        assert a == b
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        while not a.is_terminal():
            random_step(a, game.num_players, rng_a)
            random_step(b, game.num_players, rng_b)
            assert a == b
    assert len({game.new_initial_state(s).to_bytes() for s in range(50)}) > 1


@pytest.mark.parametrize(("game_id", "params"), game_cases())
def test_bad_players_and_arguments(game_id, params):
    game = tb.make(game_id, **params)
    state = game.new_initial_state(3)
    before = snapshot(state)
    for player in (-1, game.num_players, 10**20):
        for call in (state.legal_actions, state.legal_actions_mask, state.observation_tensor,
                     state.observation_string, state.resample):
            with pytest.raises(ValueError):
                call(player)
    for player in ("0", 1.0, None):
        with pytest.raises(TypeError):
            state.observation_tensor(player)
    with pytest.raises(ValueError):
        state.string_to_action("no such move")
    with pytest.raises(ValueError):
        game.new_initial_state(-1)
    with pytest.raises(ValueError):
        tb.make(game_id, no_such_parameter=1)
    assert snapshot(state) == before


@pytest.mark.parametrize(("game_id", "params"), game_cases())
def test_simulate_is_independent_of_threads(game_id, params):
    one = tb.simulate(game_id, 400, seed=9, threads=1, **params)
    two = tb.simulate(game_id, 400, seed=9, threads=2, **params)
    for name in ("returns", "scores", "lengths"):
        assert np.array_equal(getattr(one, name), getattr(two, name)), name
    assert np.allclose(one.returns.sum(axis=1), 1.0) or tb.make(game_id, **params).info.cooperative
    assert (one.lengths > 0).all()
    other = tb.simulate(game_id, 400, seed=10, **params)
    assert not all(
        np.array_equal(getattr(one, name), getattr(other, name))
        for name in ("returns", "scores", "lengths")
    ), "another seed must give other games"


@pytest.mark.parametrize(("game_id", "params"), game_cases())
def test_vector_env_steps_many_games(game_id, params):
    game = tb.make(game_id, **params)
    runs = []
    for threads in (1, 2):
        env = tb.VectorEnv(game, 64, seed=4, threads=threads, observations=True)
        finished = 0
        total_rewards = np.zeros(game.num_players)
        for _ in range(300):
            # Every env's buffers describe its current state exactly.
            i = int(env.episode_steps.argmax())
            state = env.state(i)
            assert env.current_player[i] == state.current_player()
            masks = env.legal_actions_mask()
            for p in range(game.num_players):
                assert np.flatnonzero(masks[i, p]).tolist() == state.legal_actions(p)
                assert np.array_equal(env.observations[i, p], state.observation_tensor(p))
            rewards, terminated, truncated = env.step(env.sample_actions())
            assert not (terminated & truncated).any()
            done = terminated | truncated
            finished += int(done.sum())
            total_rewards += rewards[done].sum(axis=0)
        assert finished > 0
        if not game.info.cooperative:
            assert math.isclose(total_rewards.sum(), finished, rel_tol=1e-5)
        runs.append((finished, total_rewards, env.state(0).to_bytes()))
    assert runs[0][0] == runs[1][0] and np.array_equal(runs[0][1], runs[1][1])
    assert runs[0][2] == runs[1][2]


@pytest.mark.parametrize(("game_id", "params"), game_cases())
def test_vector_env_rejects_illegal_actions_without_change(game_id, params):
    env = tb.VectorEnv(game_id, 8, seed=1, threads=2, **params)
    before = [env.state(i).to_bytes() for i in range(8)]
    actions = env.sample_actions()
    env_index = 5
    player = int(np.flatnonzero(env.legal[env_index])[0])
    actions[env_index, player] = 63  # no game has 64 actions, so never legal
    with pytest.raises(ValueError, match="env 5"):
        env.step(actions)
    with pytest.raises(ValueError):
        env.step(actions[:4])
    assert [env.state(i).to_bytes() for i in range(8)] == before
