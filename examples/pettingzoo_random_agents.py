"""PettingZoo: random agents play Hội Phố through the AEC env, masks and all.

Requires: pettingzoo  (pip install "tablebits[pettingzoo]")
"""

import numpy as np

from tablebits.pettingzoo import env

rng = np.random.default_rng(0)
game = env("hoi_pho", players=4)
totals = dict.fromkeys(game.possible_agents, 0.0)
for episode in range(3):
    game.reset(seed=episode)
    choices = 0
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, info = game.last()
        totals[agent] += reward  # 0 until the end, then the agent's win share
        if terminated or truncated:
            action = None  # finished agents step with None, as PettingZoo prescribes
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            choices += 1
        game.step(action)
    print(f"episode {episode}: {choices} choices")
print("win shares after 3 games:", {a: round(r, 2) for a, r in totals.items()})
