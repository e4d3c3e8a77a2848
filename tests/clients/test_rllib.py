"""RLlib: its env pre-check passes on every run, its masked PPO module reads the observations, and a
short self-play PPO run trains on sane returns."""

from __future__ import annotations

import math

import numpy as np
import pytest
from ray.rllib.utils.pre_checks.env import check_multiagent_environments

import tablebits as tb
from tablebits.pettingzoo import env as aec_env
from tablebits.rllib import MultiAgentGameEnv, multi_agent_env

GAMES = [("good_fortune", {}), ("fox_duet", {}), ("hoi_pho", {"players": 3}),
         ("color_mafia", {})]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("game_id", "params"), GAMES, ids=str)
def test_pre_check_passes_every_time(game_id, params):
    # It steps an action sampled without the mask: ended by PettingZoo's illegal-move rule
    # rather than an exception, whichever action it samples.
    for _ in range(15):
        check_multiagent_environments(multi_agent_env(game_id, **params))


def test_observations_and_masks_are_the_aec_envs():
    env = MultiAgentGameEnv({"game": "hoi_pho", "players": 3})
    plain = aec_env("hoi_pho", players=3)
    obs, _ = env.reset(seed=9)
    plain.reset(seed=9)
    (agent,) = obs
    assert agent == plain.agent_selection
    assert set(obs[agent]) == {"observations", "action_mask"}
    np.testing.assert_array_equal(obs[agent]["observations"], plain.observe(agent)["observation"])
    np.testing.assert_array_equal(obs[agent]["action_mask"], plain.observe(agent)["action_mask"])
    space = env.observation_space[agent]
    assert space.contains(obs[agent])
    assert space["observations"].shape == tb.make("hoi_pho", players=3).observation_shape


def test_illegal_action_ends_the_game_with_the_offender_losing():
    env = multi_agent_env("good_fortune", illegal_reward=-2.0)
    obs, _ = env.reset(seed=3)
    (agent,) = obs
    illegal = int(np.flatnonzero(obs[agent]["action_mask"] == 0)[0])
    _, rewards, terminated, _, _ = env.step({agent: illegal})
    other = "player_1" if agent == "player_0" else "player_0"
    assert rewards == {agent: -2.0, other: 0.0}
    assert terminated["__all__"]


def test_bad_env_config():
    with pytest.raises(ValueError, match="needs 'game'"):
        MultiAgentGameEnv({})
    with pytest.raises(TypeError, match="illegal_reward must be a number"):
        MultiAgentGameEnv({"game": "good_fortune", "illegal_reward": "x"})
    with pytest.raises(ValueError, match="unknown game"):
        MultiAgentGameEnv({"game": "chess"})


def test_self_play_ppo_trains():
    import rllib_ppo as example

    results = example.train(iterations=2, batch=256)
    last = results[-1]
    runners = last["env_runners"]
    assert runners["num_env_steps_sampled_lifetime"] >= 2 * 256
    assert runners["num_episodes_lifetime"] > 0
    # Each game's win shares sum to 1 over the two seats; an illegal action (a mask not
    # applied) would have ended a game with -1 and pulled the mean below 1.
    assert runners["episode_return_mean"] == pytest.approx(1.0)
    for value in runners["agent_episode_returns_mean"].values():
        assert 0.0 <= value <= 1.0
    learner = last["learners"]["shared"]
    assert learner["num_module_steps_trained"] > 0
    assert math.isfinite(learner["policy_loss"]) and math.isfinite(learner["vf_loss"])
