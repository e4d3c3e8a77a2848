"""VectorEnv: N games stepped together from numpy arrays (the batch API)."""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from . import _batch, _core
from ._checks import check_positive_int, check_seed, resolve_threads
from ._memory import check_fits
from ._registry import resolve_game
from .errors import IllegalActionError


class VectorEnv:
    """``num_envs`` independent games, stepped all at once in C++ with the GIL released.

    ``game`` is a Game, or a game id with ``params``. Every buffer below is preallocated and
    rewritten in place by ``reset`` and ``step`` (copy them if you keep them across steps):

    - ``current_player`` int32 ``(N,)``: the player to move, ``SIMULTANEOUS`` or ``TERMINAL``.
    - ``legal`` uint64 ``(N, P)``: legal-action bitmask per player (0 = not acting);
      ``legal_actions_mask()`` expands it to bool ``(N, P, num_actions)``.
    - ``rewards`` float32 ``(N, P)``: the returns of a game that ended on this step, else 0;
      float32 like every batch array: a three-way share is ``float32(1/3)`` (0.33333334);
      ``State.returns()`` gives the exact Python float ``1/3``.
    - ``terminated`` bool ``(N,)``: the game ended on this step by its rules.
    - ``truncated`` bool ``(N,)``: the game was ended on this step by a safety cap
      (``game.info.can_truncate``, e.g. ``max_rounds``); it still has returns (in ``rewards``).
      A finished game has exactly one of the two set.
    - ``episode_steps`` int32 ``(N,)``: decision nodes played in the current game.
    - ``observations`` float32 ``(N, P, *observation_shape)`` if ``observations=True``.

    Auto-reset: a finished game is replaced at once by a new one, so the buffers above show the
    new game's first node and every env is always live. What the finished game ended with stays
    available, as in EnvPool and Gymnasium's vector API (``final_obs``/``final_info``):

    - ``final_returns`` float32 ``(N, P)``: the returns of env ``i``'s last finished game;
    - ``final_observations`` float32 ``(N, P, *observation_shape)`` (``observations=True`` only):
      every player's observation of that game's terminal state.

    Both rows of env ``i`` are written only when its game ends, so they are current exactly where
    ``terminated | truncated`` is set after a step, and keep the previous game's values (zeros
    before the first) elsewhere.

    Env ``i`` draws its games from ``(seed, i)`` alone, so results do not depend on ``threads``.

    Threads: calls on one VectorEnv from several Python threads are serialised by a lock (one
    runs at a time; the others wait), so they cannot corrupt the games. The buffers are shared,
    though: what one thread's ``step`` returned is rewritten by the next call from any thread, so
    give each thread its own VectorEnv to step games in parallel.
    """

    def __init__(
        self,
        game: str | _core.Game,
        /,
        num_envs: int,
        *,
        seed: int = 0,
        threads: int | None = None,
        observations: bool = False,
        **params: Any,
    ) -> None:
        g = resolve_game(game, **params)
        num_envs = check_positive_int(num_envs, "num_envs")
        self.game = g
        self.num_envs = num_envs
        self.num_players = g.num_players
        self.num_actions = g.num_actions
        self.threads = resolve_threads(threads)
        per_env = self._bytes_per_env(g, bool(observations))
        check_fits(num_envs * per_env, f"VectorEnv of {num_envs:,} envs")
        self._core = _batch.BatchCore(
            g.id, g._params_blob(), num_envs, g.num_players,
            g.observation_shape[0], bool(observations),
        )
        self._masks: np.ndarray | None = None
        self._lock = threading.Lock()  # one call into the C++ envs at a time (class docstring)
        self.current_player: np.ndarray = self._core.current_player
        self.legal: np.ndarray = self._core.legal
        self.rewards: np.ndarray = self._core.rewards
        self.terminated: np.ndarray = self._core.terminated
        self.truncated: np.ndarray = self._core.truncated
        self.episode_steps: np.ndarray = self._core.episode_steps
        self.observations: np.ndarray | None = self._core.observations
        self.final_returns: np.ndarray = self._core.final_returns
        self.final_observations: np.ndarray | None = self._core.final_observations
        self.reset(seed)

    @staticmethod
    def _bytes_per_env(game: _core.Game, observations: bool) -> int:
        """The buffers' bytes per env (the final buffers included), plus the C++ state, its two
        generators and the private copies of the current player and legal masks."""
        players = game.num_players
        state = len(game.new_initial_state(seed=0).to_bytes()) + 16 + 4 + players * 8
        observed = 2 * players * game.observation_shape[0] * 4 if observations else 0
        buffers = 10 + players * 16 + observed
        return state + buffers

    def reset(self, seed: int = 0) -> None:
        """Starts a fresh game in every env (and clears the final buffers)."""
        seed = check_seed(seed)
        with self._lock:
            self._core.reset(seed, self.threads)

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Applies ``actions`` (int ``(N, P)``; entries of players not acting are ignored).

        Returns ``(rewards, terminated, truncated)`` (the buffers). An illegal entry raises
        ``IllegalActionError`` (a ``ValueError``) naming the env and player, and then no env is
        stepped.
        """
        arr = _int32_actions(actions)
        if arr.shape != (self.num_envs, self.num_players):
            raise ValueError(
                f"actions must have shape {(self.num_envs, self.num_players)}, got {arr.shape}"
            )
        with self._lock:
            bad = self._core.step(arr, self.threads)
        if bad >= 0:
            env, player = divmod(bad, self.num_players)
            raise IllegalActionError(
                f"illegal action {int(arr[env, player])} for player {player} in env {env}"
            )
        return self.rewards, self.terminated, self.truncated

    def sample_actions(self, out: np.ndarray | None = None) -> np.ndarray:
        """Uniformly random legal actions, int32 ``(N, P)`` (-1 for players not acting)."""
        if out is None:
            out = np.empty((self.num_envs, self.num_players), np.int32)
        elif (
            not isinstance(out, np.ndarray)
            or out.shape != (self.num_envs, self.num_players)
            or out.dtype != np.int32
            or not (out.flags.c_contiguous and out.flags.writeable)
        ):
            raise ValueError(
                "out must be a writeable C-contiguous int32 numpy array of shape "
                f"(num_envs, num_players), got {type(out).__name__}"
            )
        with self._lock:
            self._core.sample_actions(out, self.threads)
        return out

    def legal_actions_mask(self) -> np.ndarray:
        """bool ``(N, P, num_actions)`` expanded from ``legal`` (a reused buffer)."""
        if self._masks is None:
            self._masks = np.zeros((self.num_envs, self.num_players, self.num_actions), np.bool_)
        with self._lock:
            self._core.expand_masks(self._masks.view(np.uint8))
        return self._masks

    def state(self, i: int) -> _core.State:
        """A copy of env ``i``'s current state as an object-API ``State``."""
        if not isinstance(i, (int, np.integer)) or isinstance(i, bool):
            raise ValueError(f"env index must be an int, got {i!r}")
        if not 0 <= i < self.num_envs:
            raise ValueError(f"env index {i} out of range [0, {self.num_envs})")
        with self._lock:
            data = self._core.state_bytes(int(i))
        return self.game.state_from_bytes(data)


def _int32_actions(actions: Any) -> np.ndarray:
    """``actions`` as a C-contiguous int32 array: integer dtypes only, every value in int32
    range (numpy's cast would wrap ``a + 2**32`` to ``a`` and truncate ``4.9`` to ``4``)."""
    arr = np.asarray(actions)
    if arr.dtype.kind not in "iu":
        raise ValueError(f"actions must be an integer array, got dtype {arr.dtype}")
    if arr.dtype != np.int32 and arr.size:
        info = np.iinfo(np.int32)
        low, high = int(arr.min()), int(arr.max())
        if low < info.min or high > info.max:
            raise ValueError(f"actions must fit in int32, got values in [{low}, {high}]")
    return np.ascontiguousarray(arr, dtype=np.int32)
