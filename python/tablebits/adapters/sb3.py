"""Stable-Baselines3 ``VecEnv`` over ``VectorGameEnv`` (``pip install "tablebits[clients]"``).

SB3 takes only its own ``VecEnv`` class for a batch of environments, so a Gymnasium
``VectorEnv`` such as ``VectorGameEnv`` is refused ("not a Gymnasium environment"). ``VecEnv``
here is the thin SB3 face of one ``VectorGameEnv``: all envs still step together in C++.

>>> from sb3_contrib import MaskablePPO                            # doctest: +SKIP
>>> from tablebits.sb3 import vec_env                              # doctest: +SKIP
>>> model = MaskablePPO("MlpPolicy", vec_env("good_fortune", 16))  # doctest: +SKIP

What SB3 and sb3-contrib look for:

- ``env_method("action_masks")``: one bool mask per env (MaskablePPO's hook);
  ``has_attr("action_masks")`` is True;
- ``infos[i]["terminal_observation"]``: the finished game's last observation of env ``i``
  (the envs reset themselves, as SB3 expects), and ``infos[i]["TimeLimit.truncated"]`` for a
  game stopped by its round cap;
- ``seed(s)`` before ``reset()`` seeds the next reset (env ``i`` draws from ``(s, i)``).

Wrap it in ``stable_baselines3.common.vec_env.VecMonitor`` for episode statistics.

``export_policy(model, path)`` writes a (Maskable)PPO policy trained on such an env to the
weights format (``tablebits.bots.weights``): it then plays in C++ as ``tb.bots.Policy`` -- an
opponent of ``VectorGameEnv``, a bot of ``tb.arena`` and ``tb.ladder`` -- without torch.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
from stable_baselines3.common.vec_env.base_vec_env import VecEnv as _SB3VecEnv

from .._core import Game
from ..bots.weights import save_weights
from .gymnasium import VectorGameEnv

__all__ = ["VecEnv", "export_policy", "vec_env"]


def vec_env(
    game_id: str | Game,
    num_envs: int,
    seat: int = 0,
    seed: int = 0,
    threads: int | None = None,
    opponents: Any = None,
    opponent_weights: Sequence[float] | None = None,
    rotate_seats: bool = False,
    reproducible: bool = True,
    **params: Any,
) -> VecEnv:
    """``VecEnv(VectorGameEnv(game_id, num_envs, ...))`` with these arguments (the opponents,
    seats and ``reproducible`` as ``VectorGameEnv`` takes them)."""
    return VecEnv(VectorGameEnv(game_id, num_envs, seat=seat, seed=seed, threads=threads,
                                opponents=opponents, opponent_weights=opponent_weights,
                                rotate_seats=rotate_seats, reproducible=reproducible,
                                **params))


class VecEnv(_SB3VecEnv):  # type: ignore[misc]
    """One ``VectorGameEnv`` as an SB3 ``VecEnv`` (one learning seat, opponents in C++).

    A finished game's ``infos[i]`` also holds ``"seat"`` and ``"opponent"``: the learner's
    seat in it and the index of its opponent in the pool (``env.env.opponent_names``)."""

    render_mode = None

    def __init__(self, env: VectorGameEnv) -> None:
        if not isinstance(env, VectorGameEnv):
            raise TypeError(f"env must be a VectorGameEnv, not {type(env).__name__}")
        self.env = env
        self._masks = np.zeros((env.num_envs, env.game.num_actions), np.bool_)
        self._actions: np.ndarray | None = None
        super().__init__(env.num_envs, env.single_observation_space, env.single_action_space)

    def reset(self) -> np.ndarray:
        """New games in every env: the seed given to ``seed()`` if any, else the last one."""
        seed = self._seeds[0]
        obs, info = self.env.reset(seed=seed)
        self._reset_seeds()
        self._masks[...] = info["action_mask"]
        return obs

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions)

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        if self._actions is None:
            raise ValueError("call step_async(actions) before step_wait()")
        actions, self._actions = self._actions, None
        obs, rewards, terminated, truncated, info = self.env.step(actions.reshape(-1))
        self._masks[...] = info["action_mask"]
        dones = terminated | truncated
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(dones):
            infos[i]["terminal_observation"] = info["final_obs"][i]
            infos[i]["TimeLimit.truncated"] = bool(truncated[i])
            infos[i]["seat"] = int(info["final_seat"][i])
            infos[i]["opponent"] = int(info["final_opponent"][i])
        return obs, rewards, dones, infos

    def action_masks(self) -> np.ndarray:
        """bool ``(num_envs, num_actions)``: the learner's legal actions in every env."""
        return self._masks.copy()

    def close(self) -> None:
        pass

    def _indices(self, indices: None | int | Iterable[int]) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, int):
            return [indices]
        return list(indices)

    def get_attr(self, attr_name: str, indices: None | int | Iterable[int] = None) -> list[Any]:
        """``action_masks`` is each env's mask getter; other names are the shared game's."""
        rows = self._indices(indices)
        if attr_name == "render_mode":
            return [None] * len(rows)
        if attr_name == "action_masks":
            return [lambda i=i: self._masks[i].copy() for i in rows]
        value = getattr(self.env, attr_name)  # AttributeError is what SB3 expects
        return [value] * len(rows)

    def has_attr(self, attr_name: str) -> bool:
        return attr_name in ("render_mode", "action_masks") or hasattr(self.env, attr_name)

    def set_attr(
        self, attr_name: str, value: Any, indices: None | int | Iterable[int] = None
    ) -> None:
        raise AttributeError(f"the envs share one VectorGameEnv: cannot set {attr_name!r}")

    def env_method(
        self,
        method_name: str,
        *method_args: Any,
        indices: None | int | Iterable[int] = None,
        **method_kwargs: Any,
    ) -> list[Any]:
        """``env_method("action_masks")``: one bool mask per env (what MaskablePPO calls)."""
        return [f(*method_args, **method_kwargs) for f in self.get_attr(method_name, indices)]

    def env_is_wrapped(
        self, wrapper_class: type, indices: None | int | Iterable[int] = None
    ) -> list[bool]:
        return [False] * len(self._indices(indices))

    def get_images(self) -> Sequence[np.ndarray | None]:
        return [None] * self.num_envs


def export_policy(model: Any, path: str | os.PathLike[str], game: Game | None = None,
                  training: dict[str, Any] | None = None) -> None:
    """Writes the actor and critic of ``model`` (SB3's ``PPO`` or sb3-contrib's
    ``MaskablePPO`` with the default ``MlpPolicy``, trained on ``game``'s observations; default:
    the game of the model's ``VecEnv``) to the weights file ``path``, which ``tb.bots.Policy``
    plays in C++.

    The C++ network has ReLU hidden layers, so the policy must use them
    (``policy_kwargs=dict(activation_fn=torch.nn.ReLU)``; ``ValueError`` otherwise). The
    actor becomes the file's trunk and policy head, the critic its separate ``critic`` trunk
    and a linear value head (``linear_values``). The critic values one seat, the learner's; the
    file values every seat from the observer, so the other seats get what the learner's value
    leaves of the game's total of 1 (win shares), split equally, or in a cooperative game the
    same value (the team result).
    """
    import torch  # the trainer's dependency, loaded with the model

    policy = model.policy
    if policy.activation_fn is not torch.nn.ReLU:
        raise ValueError("the C++ network has ReLU layers: train with "
                         "policy_kwargs=dict(activation_fn=torch.nn.ReLU), not "
                         f"{policy.activation_fn.__name__}")
    if type(policy.features_extractor).__name__ != "FlattenExtractor":
        raise ValueError("export_policy takes the default MlpPolicy (a FlattenExtractor), not "
                         f"{type(policy.features_extractor).__name__}")
    if game is None:
        env = getattr(model.get_env(), "env", None)
        if not isinstance(env, VectorGameEnv):
            raise ValueError("pass game=: the model's env is not a tablebits VecEnv")
        game = env.game

    def linears(net: torch.nn.Module) -> list[tuple[np.ndarray, np.ndarray]]:
        return [(m.weight.detach().cpu().numpy().T.astype(np.float32),
                 m.bias.detach().cpu().numpy().astype(np.float32))
                for m in net.modules() if isinstance(m, torch.nn.Linear)]

    actor = linears(policy.mlp_extractor.policy_net)
    critic = linears(policy.mlp_extractor.value_net)
    (policy_w, policy_b), = linears(policy.action_net)
    (value_w, value_b), = linears(policy.value_net)
    players = game.num_players
    if game.info.cooperative:
        scale, shift = np.ones(players, np.float32), np.zeros(players, np.float32)
    else:  # seat 0 is the observer: v; each other seat (1 - v) / (players - 1)
        rest = -1.0 / max(players - 1, 1)
        scale = np.array([1.0] + [rest] * (players - 1), np.float32)
        shift = np.array([0.0] + [-rest] * (players - 1), np.float32)
    arrays = {"policy_w": policy_w, "policy_b": policy_b,
              "value_w": value_w * scale, "value_b": value_b * scale + shift}
    for prefix, layers in (("hidden", actor), ("critic", critic)):
        for i, (w, b) in enumerate(layers):
            arrays[f"{prefix}{i}_w"], arrays[f"{prefix}{i}_b"] = w, b
    save_weights(path, game, arrays, training=training, linear_values=True)
