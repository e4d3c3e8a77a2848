"""tablebits.sb3: SB3's VecEnv over VectorGameEnv, and MaskablePPO learning to beat random play on
Good Fortune through it."""

from __future__ import annotations

import numpy as np
import sb3_maskable_ppo as example
from stable_baselines3.common.env_checker import check_env
from stable_baselines3.common.vec_env import VecEnv as SB3VecEnv

from tablebits.gymnasium import GameEnv, VectorGameEnv
from tablebits.sb3 import vec_env


def test_vec_env_is_what_sb3_and_maskable_ppo_look_for():
    env = vec_env("hoi_pho", 6, seed=3, players=3)
    assert isinstance(env, SB3VecEnv) and env.has_attr("action_masks")
    obs = env.reset()
    rng = np.random.default_rng(0)
    mirror = VectorGameEnv("hoi_pho", 6, seed=3, players=3)
    mirror_obs, info = mirror.reset()
    ended = 0
    for _ in range(200):
        np.testing.assert_array_equal(obs, mirror_obs)
        masks = np.stack(env.env_method("action_masks"))
        np.testing.assert_array_equal(masks, info["action_mask"].astype(bool))
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        env.step_async(actions)
        obs, rewards, dones, infos = env.step_wait()
        mirror_obs, mirror_rewards, term, trunc, info = mirror.step(actions)
        np.testing.assert_array_equal(rewards, mirror_rewards)
        np.testing.assert_array_equal(dones, term | trunc)
        for i in np.flatnonzero(dones):
            ended += 1
            np.testing.assert_array_equal(infos[i]["terminal_observation"], info["final_obs"][i])
            assert infos[i]["TimeLimit.truncated"] == bool(trunc[i])
        assert all(not infos[i] for i in np.flatnonzero(~dones))
    assert ended > 0


def test_seed_reaches_the_next_reset():
    env = vec_env("good_fortune", 4)
    env.seed(9)
    first = env.reset()
    env.seed(9)
    np.testing.assert_array_equal(env.reset(), first)
    env.seed(10)
    assert not np.array_equal(env.reset(), first)


def test_game_env_passes_sb3_check_env():
    check_env(GameEnv("good_fortune"))


def test_maskable_ppo_beats_random_on_good_fortune():
    """100k steps on 16 envs (about 1 minute on 2 idle cores), then 1,000 fresh games."""
    model = example.train_vector(100_000, seed=0)
    share = example.win_share(model, games=1000, seed=12345)
    print(f"MaskablePPO win share against random: {share:.3f}")
    assert share >= 0.55


def test_maskable_ppo_runs_on_game_env():
    model = example.train_single(2048, seed=0)
    share = example.win_share(model, games=200)
    assert 0.0 <= share <= 1.0
