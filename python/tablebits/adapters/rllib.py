"""RLlib multi-agent envs over the PettingZoo AEC env (``pip install "tablebits[rllib]"``).

RLlib's ``PettingZooEnv`` takes the AEC env of ``tablebits.pettingzoo`` as it is, but two
things then stand between it and a masked PPO:

- RLlib's env pre-check steps an action sampled from the action space, without the mask; the
  AEC env raises on an illegal action, and RLlib reports that as "does not abide to the new
  gymnasium-style API" (in most runs: a random action is rarely legal);
- RLlib's ``ActionMaskingTorchRLModule`` reads the observation under the key
  ``"observations"`` beside ``"action_mask"``; the AEC env's key is ``"observation"``
  (PettingZoo's).

``MultiAgentGameEnv`` is RLlib's ``PettingZooEnv`` over the AEC env with PettingZoo's
convention for classic games (``TerminateIllegalWrapper``: an illegal action ends the game,
the offender gets ``illegal_reward``, the others 0) and the observation keys RLlib's module
expects. RLlib builds it from ``env_config``:

>>> from ray.rllib.algorithms.ppo import PPOConfig                       # doctest: +SKIP
>>> from tablebits.rllib import MultiAgentGameEnv                        # doctest: +SKIP
>>> config = PPOConfig().environment(MultiAgentGameEnv,                  # doctest: +SKIP
...                                  env_config={"game": "good_fortune"})

Agents are ``player_0`` ... ``player_{n-1}``; rewards are 0 until the game ends, then the
returns (win shares, summing to 1 over the agents in a competitive game).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import BaseWrapper, TerminateIllegalWrapper
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv

from .pettingzoo import env as aec_env

__all__ = ["MultiAgentGameEnv", "aec_for_rllib", "multi_agent_env"]


def aec_for_rllib(game_id: str, /, illegal_reward: float = -1.0, **params: Any) -> AECEnv:
    """The AEC env of ``game_id`` as RLlib's masked modules take it: an illegal action ends the
    game (``illegal_reward`` to the offender), observations ``{"observations",
    "action_mask"}``."""
    return _ObservationsKey(TerminateIllegalWrapper(aec_env(game_id, **params),
                                                    float(illegal_reward)))


def multi_agent_env(game_id: str, /, illegal_reward: float = -1.0,
                    **params: Any) -> MultiAgentGameEnv:
    """``MultiAgentGameEnv({"game": game_id, "illegal_reward": illegal_reward, **params})``."""
    return MultiAgentGameEnv({"game": game_id, "illegal_reward": illegal_reward, **params})


class MultiAgentGameEnv(PettingZooEnv):  # type: ignore[misc]
    """RLlib's ``PettingZooEnv`` over ``aec_for_rllib``, built from an ``env_config`` mapping:
    ``"game"`` (the game id, required), ``"illegal_reward"`` (default -1.0) and the game's
    parameters. RLlib passes ``env_config`` (an ``EnvContext``) when the class is the env of
    ``AlgorithmConfig.environment``."""

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        options = dict(config or {})
        game_id = options.pop("game", None)
        if not isinstance(game_id, str):
            raise ValueError(f"env_config needs 'game', a game id (str); got {game_id!r}")
        illegal_reward = options.pop("illegal_reward", -1.0)
        if isinstance(illegal_reward, bool) or not isinstance(illegal_reward, (int, float)):
            raise TypeError(f"illegal_reward must be a number, got {illegal_reward!r}")
        super().__init__(aec_for_rllib(game_id, illegal_reward, **options))


class _ObservationsKey(BaseWrapper):  # type: ignore[misc]
    """The AEC env's observation ``{"observation", "action_mask"}`` under RLlib's keys
    ``{"observations", "action_mask"}``."""

    def __init__(self, env: AECEnv) -> None:
        super().__init__(env)
        self._spaces = {
            agent: spaces.Dict({
                "observations": env.observation_space(agent)["observation"],
                "action_mask": env.observation_space(agent)["action_mask"],
            })
            for agent in env.possible_agents
        }

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        if agent not in self._spaces:
            raise ValueError(f"unknown agent {agent!r}; agents are {list(self._spaces)}")
        return self._spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        obs = super().observe(agent)
        return {"observations": obs["observation"], "action_mask": obs["action_mask"]}
