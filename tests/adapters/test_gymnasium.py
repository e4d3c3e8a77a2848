"""tablebits.gymnasium: Gymnasium's env checker on every game, the single-seat env's promises,
and the vector env checked against the object API."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium
from gymnasium.utils.env_checker import check_env
from gymnasium.vector import AutoresetMode

import tablebits as tb
from tablebits.gymnasium import GameEnv, VectorGameEnv, env_id
from tests.support.adapter_cases import adapter_cases


@pytest.mark.parametrize(("game_id", "params"), adapter_cases())
def test_check_env(game_id, params):
    env = gymnasium.make(env_id(game_id), **params)
    with pytest.warns(UserWarning):  # the kit steps unmasked actions: illegal ones end the game
        check_env(env.unwrapped, skip_render_check=True)


def test_every_game_is_registered():
    assert env_id("hoi_pho") == "tablebits/HoiPho-v0"
    env = gymnasium.make("tablebits.gymnasium:tablebits/FoxDuet-v0")  # imports the module
    assert env.unwrapped.game.id == "fox_duet"
    for game_id in tb.games():
        env = gymnasium.make(env_id(game_id))
        assert env.unwrapped.game.id == game_id


def play(env, seed, rng):
    """A whole episode with masked random actions; checks the mask at every step."""
    obs, info = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        state = env.unwrapped._turns.state
        mask = info["action_mask"]
        # The learner is the one to choose, and the mask is exactly its legal set.
        assert env.unwrapped._turns.to_move() == env.unwrapped.seat
        assert np.flatnonzero(mask).tolist() == state.legal_actions(env.unwrapped.seat)
        assert np.array_equal(obs, state.observation_tensor(env.unwrapped.seat))
        obs, reward, terminated, truncated, info = env.step(rng.choice(np.flatnonzero(mask)))
        total += reward
        steps += 1
        if terminated or truncated:
            assert not info["action_mask"].any()
            return total, steps, env.unwrapped._turns.state


@pytest.mark.parametrize("seat", [0, 2])
def test_learner_seat_mask_and_reward(seat):
    env = GameEnv("hoi_pho", seat=seat, players=3)
    rng = np.random.default_rng(0)
    for seed in range(3):
        total, steps, final = play(env, seed, rng)
        assert final.is_terminal() and steps > 3
        assert total == pytest.approx(final.returns()[seat])


def test_same_seed_same_episode_with_random_opponents():
    a, b = GameEnv("color_mafia", players=4), GameEnv("color_mafia", players=4)
    ra, rb = np.random.default_rng(1), np.random.default_rng(1)
    ta = play(a, 11, ra)
    tb_ = play(b, 11, rb)
    assert ta[:2] == tb_[:2] and ta[2] == tb_[2]


def test_opponents_bots_and_callables():
    calls = []

    def first_legal(state, player):
        calls.append(player)
        return state.legal_actions(player)[0]

    env = GameEnv("fox_duet", seat=1, opponents=[first_legal])
    total, _, final = play(env, 3, np.random.default_rng(3))
    assert set(calls) == {0} and final.is_terminal()
    env = GameEnv("good_fortune", opponents=[tb.bots.ISMCTS(iterations=20, seed=1)])
    play(env, 4, np.random.default_rng(4))
    with pytest.raises(ValueError, match="opponents needs 1 to 2 entries"):
        GameEnv("hoi_pho", players=3, opponents=[first_legal] * 3)
    with pytest.raises(ValueError, match="opponents needs 1 to 2 entries"):
        GameEnv("hoi_pho", players=3, opponents=[])
    with pytest.raises(TypeError, match="neither"):
        GameEnv("good_fortune", opponents=[42])
    with pytest.raises(ValueError, match="seat"):
        GameEnv("good_fortune", seat=2)


def test_bad_actions():
    env = GameEnv("good_fortune", illegal_action="raise")
    _, info = env.reset(seed=2)
    before = env._turns.state.to_bytes()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(tb.IllegalActionError, match="illegal action"):
        env.step(illegal)
    with pytest.raises(TypeError):
        env.step("a")
    assert env._turns.state.to_bytes() == before

    env = GameEnv("good_fortune")  # default: Gymnasium accepts every id of the action space
    _, info = env.reset(seed=2)
    with pytest.warns(UserWarning, match="illegal"):
        _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    with pytest.raises(ValueError, match="reset"):
        env.step(0)


# --- the vector env ---


def test_vector_env_metadata_and_spaces():
    env = VectorGameEnv("good_fortune", 8, seed=1, threads=1)
    assert env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    obs, info = env.reset(seed=2)
    assert obs.shape == (8, *env.single_observation_space.shape) and obs.dtype == np.float32
    assert info["action_mask"].shape == (8, env.single_action_space.n)
    assert info["action_mask"].dtype == np.int8
    assert env.observation_space.contains(obs)


@pytest.mark.parametrize(("game_id", "params", "seat"), [
    ("good_fortune", {}, 1), ("hoi_pho", {"players": 3}, 2), ("fox_duet", {}, 0),
    ("color_mafia", {"players": 4, "max_rounds": 2}, 3),
])
def test_vector_env_agrees_with_the_object_api(game_id, params, seat):
    """After every step each env waits on the learner: the observation and mask returned are
    the object API's for that env's state; a finished game reports its returns once."""
    n = 16
    env = VectorGameEnv(game_id, n, seat=seat, seed=5, threads=2, **params)
    obs, info = env.reset()
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(60):
        for i in range(0, n, 5):
            state = env._env.state(i)
            assert state.legal_actions(seat), "the learner must be acting"
            assert np.array_equal(obs[i], state.observation_tensor(seat))
            assert np.flatnonzero(info["action_mask"][i]).tolist() == state.legal_actions(seat)
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]])
        obs, rewards, terminated, truncated, info = env.step(actions)
        done = terminated | truncated
        assert not (terminated & truncated).any()
        assert (rewards[~done] == 0).all()
        if done.any():
            assert np.array_equal(info["_final_obs"], done)
            finals = env._env.final_returns[done]
            assert np.array_equal(rewards[done], finals[:, seat])
            if env.game.info.cooperative:  # the team result, to both
                assert (finals == finals[:, :1]).all()
            else:  # win shares
                assert np.allclose(finals.sum(axis=1), 1.0)
            ended += int(done.sum())
    assert ended > 0


def test_vector_env_illegal_action_moves_nothing():
    env = VectorGameEnv("good_fortune", 4, seed=3, threads=1)
    _, info = env.reset()
    before = [env._env.state(i).to_bytes() for i in range(4)]
    actions = np.array([np.flatnonzero(m)[0] for m in info["action_mask"]])
    actions[2] = int(np.flatnonzero(info["action_mask"][2] == 0)[0])
    with pytest.raises(tb.IllegalActionError, match="env 2"):
        env.step(actions)
    with pytest.raises(ValueError, match="shape"):
        env.step(actions[:3])
    assert [env._env.state(i).to_bytes() for i in range(4)] == before


def test_vector_env_copy_modes():
    fresh = VectorGameEnv("fox_duet", 4, seed=1, threads=1)
    shared = VectorGameEnv("fox_duet", 4, seed=1, threads=1, copy=False)
    (o1, i1), (s1, j1) = fresh.reset(), shared.reset()
    assert np.array_equal(o1, s1) and np.array_equal(i1["action_mask"], j1["action_mask"])
    actions = np.array([np.flatnonzero(m)[0] for m in i1["action_mask"]])
    o2, *_, i2 = fresh.step(actions)
    s2, *_, j2 = shared.step(actions)
    assert np.array_equal(o2, s2) and np.array_equal(i2["action_mask"], j2["action_mask"])
    assert not np.shares_memory(o1, o2)
    assert not np.shares_memory(i1["action_mask"], i2["action_mask"])
    assert s1 is s2 and j1["action_mask"] is j2["action_mask"]


def test_a_parameter_named_game_id_is_an_unknown_parameter():
    """VectorGameEnv's game argument is positional-only, so a game parameter of that name is
    unknown, not Python's "multiple values" TypeError. (GameEnv's stays a keyword: Gymnasium's
    registry passes it by name.)"""
    with pytest.raises(ValueError, match="unknown parameter.*: game_id "):
        VectorGameEnv("fox_duet", 2, game_id="hoi_pho")
