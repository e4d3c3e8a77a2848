"""VectorEnv: N games stepped together from numpy arrays (the batch API)."""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from . import _batch, _core
from ._memory import check_fits


def resolve_threads(threads: int | None) -> int:
    """``None`` means every core; otherwise a positive int."""
    if threads is None:
        return os.cpu_count() or 1
    if not isinstance(threads, int) or isinstance(threads, bool) or threads < 1:
        raise ValueError(f"threads must be a positive int or None, got {threads!r}")
    return threads


def check_seed(seed: int) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise ValueError(f"seed must be an int in [0, 2**64), got {seed!r}")
    return seed


class VectorEnv:
    """``num_envs`` independent games, stepped all at once in C++ with the GIL released.

    Every buffer below is preallocated and rewritten in place by ``reset`` and ``step`` (copy
    them if you keep them across steps):

    - ``current_player`` int32 ``(N,)``: the player to move, ``SIMULTANEOUS`` or ``TERMINAL``.
    - ``legal`` uint64 ``(N, P)``: legal-action bitmask per player (0 = not acting);
      ``legal_actions_mask()`` expands it to bool ``(N, P, num_actions)``.
    - ``rewards`` float32 ``(N, P)``: the returns of a game that ended on this step, else 0.
      float32 like every batch array: a three-way share is ``float32(1/3)`` (0.33333334);
      ``State.returns()`` gives the exact Python float ``1/3``.
    - ``terminated`` bool ``(N,)``: the game ended on this step. Finished games are reset at
      once (the buffers then show the new game's first node), so every env is always live.
    - ``episode_steps`` int32 ``(N,)``: decision nodes played in the current game.
    - ``observations`` float32 ``(N, P, *observation_shape)`` if ``observations=True``.

    Env ``i`` draws its games from ``(seed, i)`` alone, so results do not depend on ``threads``.
    """

    def __init__(
        self,
        game: str | _core.Game,
        num_envs: int,
        *,
        seed: int = 0,
        threads: int | None = None,
        observations: bool = False,
        **params: Any,
    ) -> None:
        from . import make

        if isinstance(game, str):
            game = make(game, **params)
        elif params:
            raise ValueError("pass parameters either in the Game or as keywords, not both")
        if not isinstance(num_envs, int) or isinstance(num_envs, bool) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive int, got {num_envs!r}")
        self.game = game
        self.num_envs = num_envs
        self.num_players = game.num_players
        self.num_actions = game.num_actions
        self.threads = resolve_threads(threads)
        per_env = self._bytes_per_env(game, bool(observations))
        check_fits(num_envs * per_env, f"VectorEnv of {num_envs:,} envs")
        self._core = _batch.BatchCore(
            game.id, game._params_blob(), num_envs, game.num_players,
            game.observation_shape[0], bool(observations),
        )
        self._masks: np.ndarray | None = None
        self.current_player: np.ndarray = self._core.current_player
        self.legal: np.ndarray = self._core.legal
        self.rewards: np.ndarray = self._core.rewards
        self.terminated: np.ndarray = self._core.terminated
        self.episode_steps: np.ndarray = self._core.episode_steps
        self.observations: np.ndarray | None = self._core.observations
        self.reset(seed)

    @staticmethod
    def _bytes_per_env(game: _core.Game, observations: bool) -> int:
        """The buffers' bytes per env, plus the C++ state and its two generators."""
        players = game.num_players
        state = len(game.new_initial_state(seed=0).to_bytes()) + 16
        observed = players * game.observation_shape[0] * 4 if observations else 0
        buffers = 9 + players * 12 + observed
        return state + buffers

    def reset(self, seed: int = 0) -> None:
        """Starts a fresh game in every env."""
        self._core.reset(check_seed(seed), self.threads)

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Applies ``actions`` (int ``(N, P)``; entries of players not acting are ignored).

        Returns ``(rewards, terminated)`` (the buffers). An illegal entry raises ``ValueError``
        naming the env and player, and then no env is stepped.
        """
        arr = np.ascontiguousarray(actions, dtype=np.int32)
        if arr.shape != (self.num_envs, self.num_players):
            raise ValueError(
                f"actions must have shape {(self.num_envs, self.num_players)}, got {arr.shape}"
            )
        bad = self._core.step(arr, self.threads)
        if bad >= 0:
            env, player = divmod(bad, self.num_players)
            raise ValueError(
                f"illegal action {int(arr[env, player])} for player {player} in env {env}"
            )
        return self.rewards, self.terminated

    def sample_actions(self, out: np.ndarray | None = None) -> np.ndarray:
        """Uniformly random legal actions, int32 ``(N, P)`` (-1 for players not acting)."""
        if out is None:
            out = np.empty((self.num_envs, self.num_players), np.int32)
        elif out.shape != (self.num_envs, self.num_players) or out.dtype != np.int32:
            raise ValueError("out must be an int32 array of shape (num_envs, num_players)")
        self._core.sample_actions(out, self.threads)
        return out

    def legal_actions_mask(self) -> np.ndarray:
        """bool ``(N, P, num_actions)`` expanded from ``legal`` (a reused buffer)."""
        if self._masks is None:
            self._masks = np.zeros((self.num_envs, self.num_players, self.num_actions), np.bool_)
        self._core.expand_masks(self._masks.view(np.uint8))
        return self._masks

    def state(self, i: int) -> _core.State:
        """A copy of env ``i``'s current state as an object-API ``State``."""
        if not 0 <= i < self.num_envs:
            raise ValueError(f"env index {i} out of range [0, {self.num_envs})")
        return self.game.state_from_bytes(self._core.state_bytes(i))
