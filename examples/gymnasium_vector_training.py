"""Gymnasium vector env: a masked policy-gradient loop for seat 0 of Good Fortune.

Batches of thousands of envs are the point of VectorGameEnv; here 64 keep the example quick. The
opponent plays uniformly random moves inside C++. The policy is linear softmax over the
observation with illegal actions masked out; each finished game's result (its win share, 0.5
is random play) is credited to every choice made in it (REINFORCE with a running baseline).

Requires: gymnasium  (pip install "tablebits[gymnasium]")
"""

import numpy as np

from tablebits.gymnasium import VectorGameEnv

envs = VectorGameEnv("good_fortune", 64, seat=0, seed=0, threads=2)
n, actions = envs.num_envs, envs.single_action_space.n
obs_size = envs.single_observation_space.shape[0]
rng = np.random.default_rng(0)
weights = np.zeros((obs_size, actions))
grads = np.zeros((n, obs_size, actions))  # per env: the sum of grad log pi over this game
baseline, learning_rate = 0.5, 0.5

obs, info = envs.reset(seed=1)
for block in range(3):
    results = []
    for _ in range(200):
        logits = obs @ weights
        logits[info["action_mask"] == 0] = -np.inf  # only legal actions can be drawn
        probs = np.exp(logits - logits.max(axis=1, keepdims=True))
        probs /= probs.sum(axis=1, keepdims=True)
        chosen = (probs.cumsum(axis=1) > rng.random((n, 1))).argmax(axis=1)
        one_hot = np.eye(actions)[chosen]
        grads += obs[:, :, None] * (one_hot - probs)[:, None, :]
        obs, rewards, terminated, truncated, info = envs.step(chosen)
        done = np.flatnonzero(terminated | truncated)  # same-step autoreset: obs is the new game's
        if done.size:
            advantage = rewards[done] - baseline
            weights += learning_rate * np.tensordot(advantage, grads[done], axes=1) / n
            baseline += 0.01 * float(advantage.mean())
            grads[done] = 0.0
            results.extend(rewards[done])
    print(f"block {block}: {len(results)} games, mean win share {np.mean(results):.3f}")
