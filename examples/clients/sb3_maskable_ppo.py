"""sb3-contrib's MaskablePPO learns one seat of Good Fortune against random opponents.

Two ways in: ``tablebits.sb3.vec_env`` (16 games stepped together in C++, SB3's ``VecEnv``) and
the single-game ``GameEnv`` in SB3's own ``DummyVecEnv`` (its ``action_masks()`` is the hook
MaskablePPO looks for). The learned policy is then scored over 1,000 fresh games: its mean win
share against random play (a random seat scores 0.5 in two-player Good Fortune).

    python examples/clients/sb3_maskable_ppo.py [steps]
"""

from __future__ import annotations

import sys

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import DummyVecEnv

from tablebits.gymnasium import GameEnv
from tablebits.sb3 import vec_env

GAME = "good_fortune"


def train_vector(steps: int, seed: int = 0, num_envs: int = 16) -> MaskablePPO:
    """MaskablePPO on ``num_envs`` games stepped together (``tablebits.sb3``)."""
    env = vec_env(GAME, num_envs, seed=seed)
    # gamma=1: the only reward is the win share at the end of the game.
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=256, n_epochs=4,
                        learning_rate=1e-3, gamma=1.0, seed=seed, device="cpu")
    return model.learn(steps)


def train_single(steps: int, seed: int = 0) -> MaskablePPO:
    """MaskablePPO on one ``GameEnv`` in SB3's ``DummyVecEnv``."""
    env = DummyVecEnv([lambda: GameEnv(GAME)])
    model = MaskablePPO("MlpPolicy", env, n_steps=512, batch_size=256, n_epochs=4,
                        learning_rate=1e-3, gamma=1.0, seed=seed, device="cpu")
    return model.learn(steps)


def win_share(model: MaskablePPO, games: int = 1000, seed: int = 12345) -> float:
    """The learner's mean return over the first ``games`` games that end (masked, greedy)."""
    env = vec_env(GAME, 50, seed=seed)
    obs = env.reset()
    total, finished = 0.0, 0
    while finished < games:
        actions, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
        obs, rewards, dones, _ = env.step(actions)
        take = np.flatnonzero(dones)[: games - finished]
        total += float(rewards[take].sum())
        finished += len(take)
    return total / games


if __name__ == "__main__":
    torch.set_num_threads(1)  # small networks: threads cost more than they give
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    model = train_vector(steps)
    print(f"VectorGameEnv: win share against random over 1,000 games: {win_share(model):.3f}")
    model = train_single(steps // 10)
    print(f"GameEnv:       win share against random over 1,000 games: {win_share(model):.3f}")
