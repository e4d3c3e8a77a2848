"""Gymnasium environments for every tablebits game (``pip install "tablebits[gymnasium]"``).

>>> import gymnasium, tablebits.gymnasium
>>> env = gymnasium.make("tablebits/GoodFortune-v0")
>>> obs, info = env.reset(seed=3)
>>> int(info["action_mask"].sum()) > 0
True

Two envs, written once over the generic API (mapping tables in ``docs/adapters/gymnasium.md``):

- ``GameEnv`` (``make(game_id, seat=0, opponents=None, **params)``, registered for every game
  as ``tablebits/<GameName>-v0``, e.g. ``tablebits/HoiPho-v0``): one learner plays ``seat``,
  the other seats are played by bots. The learner's legal actions are in
  ``info["action_mask"]`` (int8) after ``reset`` and every ``step``.
- ``VectorGameEnv``: a ``gymnasium.vector.VectorEnv`` over ``tb.VectorEnv`` with one learning
  seat (fixed or rotating), the other seats played inside C++ by random moves, built-in bots,
  networks or a pool of them.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from .._checks import check_seed
from .._core import TERMINAL, Game, IllegalActionError, State
from .._registry import games, resolve_game
from ..bots.builtin import Random, fill_seats
from ..bots.pool import OpponentPool
from ..vector import VectorEnv
from ._options import RENDER_MODES, check_illegal_action, check_render_mode, render
from ._spaces import mask_of, observation_box
from ._turns import Turns, as_action

__all__ = ["GameEnv", "VectorGameEnv", "check_seat", "env_id", "make", "register_all"]

Policy = Callable[[State, int], int]


def env_id(game_id: str) -> str:
    """The registered id of a game: ``hoi_pho`` -> ``tablebits/HoiPho-v0``."""
    return "tablebits/" + "".join(part.capitalize() for part in game_id.split("_")) + "-v0"


def make(
    game_id: str, seat: int = 0, opponents: Sequence[Any] | None = None, **kwargs: Any
) -> GameEnv:
    """``GameEnv(game_id, seat, opponents, **kwargs)`` (game parameters go in ``kwargs``)."""
    return GameEnv(game_id, seat=seat, opponents=opponents, **kwargs)


def check_seat(game: Game, seat: Any) -> int:
    """``seat`` as a seat of ``game`` (an int in ``[0, num_players)``), else ``ValueError``."""
    n = game.num_players
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
        raise ValueError(f"seat must be an int in [0, {n}), got {seat!r}")
    return seat


class GameEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of a tablebits game as a single-agent Gymnasium env; bots play the others.

    ``opponents`` has one entry per other seat, in seat order (``None``: uniform random moves
    for all of them); with fewer entries the last fills the other seats, as in ``tb.arena``, so
    ``opponents=[bot]`` seats ``bot`` everywhere else. An entry is a bot with
    ``act(state, player)`` (``tb.bots.ISMCTS``, ...) or any callable
    ``(state, player) -> action``. ``tb.bots.Random`` entries draw from the
    env's own seeded generator, so ``reset(seed=...)`` replays the same episode for the same
    learner actions. At a simultaneous node the acting seats choose in seat order and bots see
    the state without anybody's pending choice.

    The reward is 0 until the game ends, then the learner's return (its win share; the team
    result in Fox Duet). ``terminated`` marks a finished game, ``truncated`` one stopped by the
    game's round cap.

    Every id in ``action_space`` is accepted by ``step`` (Gymnasium's contract). An action
    outside ``info["action_mask"]`` ends the episode (``illegal_action="terminate"``, the
    default): reward ``illegal_reward``, ``terminated=True``, ``info["illegal_action"]=True``,
    with a warning. ``illegal_action="raise"`` raises ``ValueError`` instead, changing nothing.
    ``step`` after the end raises ``ValueError``.
    """

    metadata = {"render_modes": RENDER_MODES, "render_fps": 1}

    def __init__(
        self,
        game_id: str | Game,
        seat: int = 0,
        opponents: Sequence[Any] | None = None,
        render_mode: str | None = None,
        illegal_action: str = "terminate",
        illegal_reward: float = -1.0,
        **params: Any,
    ) -> None:
        self.game = resolve_game(game_id, **params)
        check_seat(self.game, seat)
        self.seat = seat
        self.render_mode = check_render_mode(render_mode)
        self.illegal_action = check_illegal_action(illegal_action)
        self.illegal_reward = float(illegal_reward)
        self._policies = self._policies_for(opponents)
        self.observation_space = observation_box(self.game)
        self.action_space = spaces.Discrete(self.game.num_actions)
        self._turns: Turns | None = None
        self._over = True

    def _policies_for(self, opponents: Sequence[Any] | None) -> dict[int, Policy]:
        others = [p for p in range(self.game.num_players) if p != self.seat]
        if opponents is None:
            opponents = [Random()] * len(others)
        if isinstance(opponents, (str, bytes)) or not isinstance(opponents, Sequence):
            raise TypeError("opponents must be a sequence with one bot per other seat")
        if not 1 <= len(opponents) <= len(others):
            raise ValueError(
                f"opponents needs 1 to {len(others)} entries (one per other seat; the last fills "
                f"the rest), got {len(opponents)}"
            )
        opponents = fill_seats(opponents, len(others))
        policies: dict[int, Policy] = {}
        for p, bot in zip(others, opponents, strict=True):
            if isinstance(bot, Random):
                policies[p] = self._random_move
            elif callable(getattr(bot, "act", None)):
                policies[p] = bot.act
            elif callable(bot):
                policies[p] = bot
            else:
                raise TypeError(f"opponent for seat {p} is neither a bot nor a callable: {bot!r}")
        return policies

    def _random_move(self, state: State, player: int) -> int:
        legal = state.legal_actions(player)
        return legal[int(self.np_random.integers(len(legal)))]

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**63))
        self._turns = Turns(self.game.new_initial_state(game_seed))
        self._over = False
        self._play_opponents()
        if self.render_mode == "human":
            self.render()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self._turns is None or self._over:
            raise ValueError("the episode is over (or never started): call reset()")
        turns = self._turns
        action = as_action(action)
        if action not in turns.legal_actions(self.seat):
            if self.illegal_action == "raise":
                raise IllegalActionError(
                    f"illegal action {action} for seat {self.seat}; "
                    f"legal actions: {turns.legal_actions(self.seat)}"
                )
            warnings.warn(f"illegal action {action}: the episode ends", stacklevel=2)
            self._over = True
            info = {**self._info(), "illegal_action": True}
            return self._observe(), self.illegal_reward, True, False, info
        turns.choose(self.seat, action)
        self._play_opponents()
        state = turns.state
        reward, terminated, truncated = 0.0, False, False
        if state.is_terminal():
            self._over = True
            reward = float(state.returns()[self.seat])
            truncated = bool(state.is_truncated())
            terminated = not truncated
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, terminated, truncated, self._info()

    def _play_opponents(self) -> None:
        assert self._turns is not None
        turns = self._turns
        while (p := turns.to_move()) not in (TERMINAL, self.seat):
            turns.choose(p, self._policies[p](turns.state, p))

    def _observe(self) -> np.ndarray:
        assert self._turns is not None
        return self._turns.state.observation_tensor(self.seat)

    def _info(self) -> dict[str, Any]:
        assert self._turns is not None
        legal = [] if self._over else self._turns.legal_actions(self.seat)
        return {"action_mask": mask_of(self.game, legal)}

    def action_masks(self) -> np.ndarray:
        """The learner's current int8 mask (the hook sb3-contrib's MaskablePPO looks for)."""
        return self._info()["action_mask"]

    def render(self) -> str | np.ndarray | None:  # type: ignore[override]
        return render(self.render_mode, lambda: self._live_turns().state,
                      lambda: self._live_turns().last)

    def _live_turns(self) -> Turns:
        if self._turns is None:
            raise ValueError("call reset() before render()")
        return self._turns


class VectorGameEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games for one learner, stepped together in C++; opponents play the rest.

    The seats the learner does not play are played in C++, on the env's threads, with no
    Python per move: one ``step`` is one learner decision in every env. The learner's action
    (and the opponents' choices for the other acting seats at a simultaneous node) is applied,
    then the other seats move until the learner must act again or the game ends. Numpy in and
    out: ``step`` takes int ``(num_envs,)`` actions and returns float32
    ``(num_envs, *obs_shape)`` observations (the learner's view), float32 rewards, bool
    ``terminated`` and ``truncated`` and ``infos["action_mask"]`` int8
    ``(num_envs, num_actions)``.

    ``opponents`` (``None``: uniform random moves) is a built-in bot (``tb.bots.ISMCTS(50)``),
    a bot spec (``"ismcts:200"``, ``"baseline:50"``, ``"pimc:3@1"``), a weights file (a path,
    or a str ending in ``.npz``: the network's policy, ``tb.bots.Policy``), or a pool: a
    sequence of them, with ``opponent_weights`` to draw them unequally (``OpponentPool``).
    Each game draws one entry when it starts, and that bot plays every other seat to the
    game's end; ``set_opponents`` changes the pool from each env's next game. A random
    opponent draws from the env's own generator; a search or network decides with a seed
    derived from the game's seed, the decision node and the player. So ``reset(seed=s)`` gives
    the same games for any ``threads``, and time-limited bots (``ismcts:20ms``) are refused
    unless ``reproducible=False``.

    The learner plays ``seat``; with ``rotate_seats=True`` env ``i``'s ``k``-th game since the
    reset seats it at ``(seat + i + k) % num_players``. ``infos`` report, as int32
    ``(num_envs,)`` arrays, ``"seat"`` and ``"opponent"`` (the index in the pool) of each
    env's current game and uint64 ``"game_seed"`` (its initial state's seed); after a step,
    ``"final_seat"`` and ``"final_opponent"`` of the game that ended (valid where
    ``infos["_final_seat"]``), to credit each result to its opponent.

    Autoreset is ``AutoresetMode.SAME_STEP`` (declared in ``metadata``): an env whose game ends
    on a step starts its next game in that same step. The returned observation and mask are
    the new game's; ``infos["final_obs"]`` (float32, every row, valid where
    ``infos["_final_obs"]``) holds the finished game's last observation for the learner. The
    reward is the learner's return in a game that ended on the step, else 0.

    An illegal learner action raises ``tb.IllegalActionError`` (a ``ValueError``) naming the
    env, and then no env moves. A bad opponent, weight or seat raises ``ValueError`` (or
    ``TypeError`` for the wrong kind of value) and changes nothing.

    The observations and masks are written by C++ straight into new arrays on every call;
    ``copy=False`` reuses one pair of buffers instead (rewritten by the next call).
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(
        self,
        game_id: str | Game,
        /,
        num_envs: int,
        seat: int = 0,
        seed: int = 0,
        threads: int | None = None,
        copy: bool = True,
        opponents: Any = None,
        opponent_weights: Sequence[float] | None = None,
        rotate_seats: bool = False,
        reproducible: bool = True,
        **params: Any,
    ) -> None:
        game = resolve_game(game_id, **params)
        check_seat(game, seat)
        for name, flag in (("rotate_seats", rotate_seats), ("reproducible", reproducible)):
            if not isinstance(flag, bool):
                raise TypeError(f"{name} must be a bool, got {flag!r}")
        self.game = game
        self.seat = seat
        self.rotate_seats = rotate_seats
        self.reproducible = reproducible
        self.copy = copy
        self._env = VectorEnv(game, num_envs, seed=seed, threads=threads, observations=True)
        self._core = self._env._core  # the one-learning-seat calls of the batch layer
        self._kept: list[OpponentPool] = []
        self.pool = OpponentPool.of(None, None, game)
        self.set_opponents(opponents, opponent_weights)
        self.num_envs = num_envs
        self.single_observation_space = observation_box(game)
        self.single_action_space = spaces.Discrete(game.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._masks = np.zeros((num_envs, game.num_actions), np.int8)
        self._obs = np.zeros((num_envs, *game.observation_shape), np.float32)
        self._seed = seed

    def set_opponents(self, opponents: Any, weights: Sequence[float] | None = None) -> None:
        """The opponent pool (see the class docstring) from each env's next game on; the
        games under way keep their opponent. The pool's indices are those ``infos`` report from
        then on. A bad pool raises and changes nothing."""
        pool = OpponentPool.of(opponents, weights, self.game)
        self._core.set_learner(self.seat, self.rotate_seats, pool.blob(), pool.weight_array(),
                               not self.reproducible)
        # The games under way may still be played by bots of earlier pools: their networks
        # must stay registered with the engine.
        self._kept.append(self.pool)
        self.pool = pool

    @property
    def opponent_names(self) -> list[str]:
        """The current pool's bots by name, in the order of ``infos["opponent"]``."""
        return self.pool.names

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Starts a new game in every env (``seed=None``: the seed of the last reset)."""
        if seed is not None:
            self._seed = check_seed(seed)
        obs, masks = self._outputs()
        with self._env._lock:
            self._core.learner_reset(self._seed, self._env.threads, obs, masks.view(np.uint8))
        self._kept = []  # every game now runs with the current pool
        return obs, self._infos(masks)

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        arr = np.ascontiguousarray(actions, dtype=np.int32)
        if arr.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},), got {arr.shape}")
        obs, masks = self._outputs()
        with self._env._lock:
            bad = self._core.learner_step(arr, self._env.threads, obs, masks.view(np.uint8))
        if bad >= 0:
            seat = int(self._seat_buffer()[bad])
            legal = np.flatnonzero(self._env.legal_actions_mask()[bad, seat]).tolist()
            raise IllegalActionError(
                f"illegal action {int(arr[bad])} for seat {seat} in env {bad}; "
                f"legal actions: {legal}"
            )
        env, core = self._env, self._core
        terminated, truncated = env.terminated.copy(), env.truncated.copy()
        ended = terminated | truncated
        final_seat, rewards = core.final_seat, core.learner_reward
        assert final_seat is not None and core.final_opponent is not None and rewards is not None
        infos = self._infos(masks)
        if ended.any():
            assert core.learner_final_obs is not None
            infos["final_obs"] = core.learner_final_obs.copy()
            infos["_final_obs"] = ended
            infos["final_seat"] = final_seat.copy()
            infos["_final_seat"] = ended
            infos["final_opponent"] = core.final_opponent.copy()
            infos["_final_opponent"] = ended
        return obs, rewards.copy(), terminated, truncated, infos

    def _seat_buffer(self) -> np.ndarray:
        seats = self._core.learner_seat
        assert seats is not None  # set_learner allocated it
        return seats

    def _outputs(self) -> tuple[np.ndarray, np.ndarray]:
        """Where C++ writes the learner's observations and masks: new arrays, or the reused
        ones."""
        if self.copy:
            return np.empty_like(self._obs), np.empty_like(self._masks)
        return self._obs, self._masks

    def _infos(self, masks: np.ndarray) -> dict[str, Any]:
        core = self._core
        assert core.opponent is not None and core.game_seed is not None
        return {"action_mask": masks, "seat": self._seat_buffer().copy(),
                "opponent": core.opponent.copy(), "game_seed": core.game_seed.copy()}


def register_all() -> None:
    """Registers ``tablebits/<GameName>-v0`` for every game (done on import; idempotent)."""
    for game_id in games():
        name = env_id(game_id)
        if name not in gymnasium.registry:
            gymnasium.register(
                id=name, entry_point=f"{__name__}:GameEnv", kwargs={"game_id": game_id}
            )


register_all()
