"""Tianshou DQN learns one seat of Good Fortune through Tianshou's ``PettingZooEnv``; a masked
random player holds the other seat. The mask comes from the observation's ``action_mask``, and
the AEC env's infos are empty dicts, so Tianshou's replay buffer stores them as they are.

    python examples/clients/tianshou_dqn.py
"""

from __future__ import annotations

import numpy as np
import torch
from tianshou.algorithm import (
    DQN,
    MARLRandomDiscreteMaskedOffPolicyAlgorithm,
    MultiAgentOffPolicyAlgorithm,
)
from tianshou.algorithm.modelfree.dqn import DiscreteQLearningPolicy
from tianshou.algorithm.optim import AdamOptimizerFactory
from tianshou.data import Collector, CollectStats, VectorReplayBuffer
from tianshou.env import DummyVectorEnv
from tianshou.env.pettingzoo_env import PettingZooEnv
from tianshou.trainer import OffPolicyTrainerParams
from tianshou.utils.net.common import Net

from tablebits.pettingzoo import env as tablebits_env


def make_env() -> PettingZooEnv:
    return PettingZooEnv(tablebits_env("good_fortune"))


def train(
    epochs: int = 2, steps_per_epoch: int = 500, seed: int = 0
) -> tuple[object, CollectStats]:
    """DQN as ``player_0``: the training result and a test collection of 20 episodes."""
    np.random.seed(seed)
    torch.manual_seed(seed)
    env = make_env()
    obs_space = env.observation_space["observation"]
    net = Net(state_shape=obs_space.shape, action_shape=env.action_space.n, hidden_sizes=[64, 64])
    learner = DQN(
        policy=DiscreteQLearningPolicy(model=net, action_space=env.action_space,
                                       eps_training=0.1, eps_inference=0.0),
        optim=AdamOptimizerFactory(lr=1e-3),
        gamma=0.99, n_step_return_horizon=1, target_update_freq=100,
    )
    opponent = MARLRandomDiscreteMaskedOffPolicyAlgorithm(action_space=env.action_space)
    algorithm = MultiAgentOffPolicyAlgorithm(algorithms=[learner, opponent], env=env)
    train_envs = DummyVectorEnv([make_env for _ in range(4)])
    test_envs = DummyVectorEnv([make_env for _ in range(4)])
    train_envs.seed(seed)
    test_envs.seed(seed + 1)
    train_collector = Collector[CollectStats](
        algorithm, train_envs, VectorReplayBuffer(5000, len(train_envs)), exploration_noise=True)
    test_collector = Collector[CollectStats](algorithm, test_envs, exploration_noise=True)
    train_collector.reset()
    train_collector.collect(n_step=256)
    result = algorithm.run_training(OffPolicyTrainerParams(
        training_collector=train_collector,
        test_collector=test_collector,
        max_epochs=epochs,
        epoch_num_steps=steps_per_epoch,
        collection_step_num_env_steps=16,
        test_step_num_episodes=8,
        batch_size=64,
        update_step_num_gradient_steps_per_sample=0.25,
        test_in_training=False,
        show_progress=False,
        multi_agent_return_reduction=lambda rews: rews[:, 0],
    ))
    final = test_collector.collect(n_episode=20, reset_before_collect=True)
    return result, final


if __name__ == "__main__":
    torch.set_num_threads(1)
    result, final = train()
    returns = final.returns[:, 0]
    print(f"DQN seat: {len(returns)} test games, mean return {returns.mean():.3f}")
