"""OpenSpiel's ``rl_environment`` and its PyTorch DQN, one agent per seat, on a native
(simultaneous-move) game and a turn-based one. ``rl_environment`` applies a joint action at
every node of a simultaneous game; the adapter applies the mover's entry where one player acts.
``chance_seed=True`` lets ``Environment(seed=...)`` choose the deals.

    python examples/clients/openspiel_dqn.py
"""

from __future__ import annotations

import numpy as np
import torch
from open_spiel.python import rl_environment
from open_spiel.python.pytorch import dqn

from tablebits.openspiel import load_game


def train(game_id: str, episodes: int, seed: int = 0, **params: object) -> list[list[float]]:
    """Self-play DQN for ``episodes`` games: every game's returns."""
    torch.manual_seed(seed)
    env = rl_environment.Environment(load_game(game_id, chance_seed=True, **params), seed=seed)
    players = env.num_players
    size = env.observation_spec()["info_state"][0]
    agents = [
        dqn.DQN(player_id=p, state_representation_size=size,
                num_actions=env.action_spec()["num_actions"], hidden_layers_sizes=[64],
                replay_buffer_capacity=5000, batch_size=32, learn_every=4,
                min_buffer_size_to_learn=64)
        for p in range(players)
    ]
    returns = []
    for _ in range(episodes):
        step = env.reset()
        while not step.last():
            if env.is_turn_based:
                actions = [agents[step.observations["current_player"]].step(step).action]
            else:
                # A joint action at every node; 0 for players not acting (ignored).
                actions = [agent.step(step).action if step.observations["legal_actions"][p]
                           else 0 for p, agent in enumerate(agents)]
            step = env.step(actions)
        for agent in agents:
            agent.step(step)
        returns.append(list(step.rewards))
    return returns


if __name__ == "__main__":
    torch.set_num_threads(1)
    for game_id, params in (("fox_duet", {}), ("good_fortune", {"turn_based": True})):
        returns = np.array(train(game_id, 50, **params))
        print(f"{game_id} {params}: {len(returns)} games, mean returns {returns.mean(axis=0)}")
