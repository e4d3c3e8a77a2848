"""Step 4,096 Good Fortune games at once with random actions, as an RL loop would."""

import time

import numpy as np

import tablebits as tb

env = tb.VectorEnv("good_fortune", 4096, seed=0, threads=2, observations=True)
print("observations:", env.observations.shape, "masks:", env.legal_actions_mask().shape)
wins = np.zeros(env.num_players)
games = 0
start = time.perf_counter()
for _ in range(360):
    rewards, terminated, truncated = env.step(env.sample_actions())
    finished = terminated | truncated  # Good Fortune has no safety cap: never truncated
    games += int(finished.sum())
    wins += rewards[finished].sum(axis=0)
seconds = time.perf_counter() - start
print(f"{360 * 4096 / seconds:,.0f} env-steps/s with observations; {games} games finished")
print("win shares per seat:", np.round(wins / games, 3))
