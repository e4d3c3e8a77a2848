"""The training data: games played by a teacher search, every searched decision recorded as
(observation, visit distribution, the game's final returns).

The teacher (``Teacher``) is the engine's ISMCTS with ``iterations`` per decision; or PUCT with
a network (expert iteration: the network being trained, searching with it, plays itself, so
the data grows stronger with the network); or, for the cooperative Fox Duet, where ISMCTS
teams almost never win, ``PIMC(samples=iterations)`` (its decision as a one-hot policy
target). For variety the first ``explore_moves`` decisions of a game are drawn in proportion to
the visits (with PIMC: its choice), the rest take the teacher's action. Everything is seeded
from ``(seed, round, game index)``, so the same arguments give the same data, whatever the
number of threads.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from .._core import Game, NetworkEvaluator, State
from ..bots.builtin import PIMC
from ..bots.search import search
from ..bots.weights import Network

__all__ = ["TEACHERS", "Batch", "Teacher", "play_games", "play_games_on_ray"]

#: The teachers a run can learn from.
TEACHERS = ("ismcts", "puct", "pimc")


@dataclass(frozen=True)
class Teacher:
    """The search whose decisions are the training data: ``kind`` (one of ``TEACHERS``) with
    ``iterations`` per decision (PIMC: samples); PUCT searches with ``network`` and mixes
    playouts into its leaf values by ``mix``."""

    kind: str
    iterations: int
    network: Network | None = None
    mix: float = 0.0


@dataclass
class Batch:
    """Positions of some games: ``obs`` float32 ``(N, observation_size)``, ``policy`` float32
    ``(N, num_actions)`` (visit shares), ``value`` float32 ``(N, num_players)`` (value targets,
    see ``value_targets``)."""

    obs: np.ndarray
    policy: np.ndarray
    value: np.ndarray

    @staticmethod
    def concat(parts: list[Batch]) -> Batch:
        return Batch(*(np.concatenate(arrays) for arrays in
                       zip(*[(b.obs, b.policy, b.value) for b in parts], strict=True)))


def _decision_seed(rng: np.random.Generator) -> int:
    return int(rng.integers(0, 2**63))


def value_targets(game: Game, returns: np.ndarray, movers: np.ndarray, searched: np.ndarray,
                  mix: float) -> np.ndarray:
    """Each position's value target ``(N, num_players)``, by seat from the mover (entry ``k``
    is player ``(mover + k) mod N``: the network sees only the mover's observation, written from
    that seat): the final ``returns``, with the
    mover's entry moved ``mix`` of the way towards the teacher's own estimate (``searched``:
    the visit-weighted mean value at the root, far less noisy than one game's result). The
    other players' entries keep the game's sum: in a constant-sum game they share what the
    mover's entry gave up or took in proportion to their returns (equally if those are all 0);
    in an identical-utility game every entry is the mover's."""
    info = game.info
    out = np.tile(returns, (len(movers), 1)).astype(np.float64)
    rows = np.arange(len(movers))
    mover = (1 - mix) * out[rows, movers] + mix * searched
    if info.utility == "identical":
        return np.repeat(mover[:, None], game.num_players, axis=1).astype(np.float32)
    if info.utility_sum is not None and game.num_players > 1:
        rest = out.copy()
        rest[rows, movers] = 0.0
        mass = rest.sum(axis=1, keepdims=True)
        left = (info.utility_sum - mover)[:, None]
        equal = np.where(rest == 0, 1.0, 0.0)
        equal[rows, movers] = 0.0
        out = np.where(mass > 0, rest / np.where(mass > 0, mass, 1) * left,
                       equal / (game.num_players - 1) * left)
    out[rows, movers] = mover
    # by seat from the mover (entry k: player (mover + k) mod N), as the observation is written
    seats = (movers[:, None] + np.arange(game.num_players)[None, :]) % game.num_players
    return out[rows[:, None], seats].astype(np.float32)


def _search_decision(state: State, player: int, teacher: Teacher,
                     evaluator: NetworkEvaluator | None,
                     rng: np.random.Generator) -> tuple[int, np.ndarray | None, float]:
    """The search's action, visit shares (None: a single legal action, nothing searched) and
    visit-weighted root value: ISMCTS, or PUCT with ``evaluator``."""
    if evaluator is None:
        found = search(state, player, iterations=teacher.iterations, seed=_decision_seed(rng))
    else:
        found = search(state, player, iterations=teacher.iterations, evaluator=evaluator,
                       relative_values=True, rollout_mix=teacher.mix,
                       seed=_decision_seed(rng))
    if not found.iterations:
        return found.best_action, None, 0.0
    visits = found.visits.astype(np.float64)
    pi = visits / visits.sum()
    return found.best_action, pi, float(np.nansum(pi * np.nan_to_num(found.values)))


def _pimc_decision(state: State, player: int, bot: PIMC,
                   rng: np.random.Generator) -> tuple[int, np.ndarray | None, float]:
    """PIMC's action as a one-hot policy (it has no visit counts and no value: the value target
    is then the game's result alone)."""
    action = state.bot_action(bot.config, player, seed=_decision_seed(rng))
    if len(state.legal_actions(player)) < 2:
        return action, None, 0.0
    pi = np.zeros(state.game.num_actions)
    pi[action] = 1.0
    return action, pi, 0.0


def play_game(game: Game, teacher: Teacher, explore_moves: int, seed: tuple[int, int, int],
              value_mix: float = 0.0, evaluator: NetworkEvaluator | None = None) -> Batch:
    """One game played by the teacher from ``seed`` = (run seed, round, game index); PUCT
    evaluates with ``evaluator`` (the teacher's network, run in C++)."""
    pimc = PIMC(samples=teacher.iterations) if teacher.kind == "pimc" else None
    if pimc is not None:
        value_mix = 0.0  # PIMC has no value estimate to mix in
    rng = np.random.default_rng(list(seed))
    state = game.new_initial_state(seed=_decision_seed(rng))
    obs: list[np.ndarray] = []
    pis: list[np.ndarray] = []
    movers: list[int] = []
    searched: list[float] = []
    decisions = 0
    while not state.is_terminal():
        acting = state.acting_players() if state.is_simultaneous_node() else \
            [state.current_player()]
        chosen = [-1] * game.num_players  # -1: a player who is not acting
        for player in acting:
            if pimc is not None:
                action, pi, value = _pimc_decision(state, player, pimc, rng)
            else:
                action, pi, value = _search_decision(state, player, teacher, evaluator, rng)
            if pi is not None:
                obs.append(state.observation_tensor(player).reshape(-1))
                pis.append(pi.astype(np.float32))
                movers.append(player)
                searched.append(value)
                if decisions < explore_moves:
                    action = int(rng.choice(len(pi), p=pi))
            chosen[player] = action
        decisions += 1
        if state.is_simultaneous_node():
            state.apply_actions(chosen)
        else:
            state.apply_action(chosen[acting[0]])
    returns = np.asarray(state.returns(), np.float32)
    n = len(obs)
    width = int(np.prod(game.observation_shape))
    return Batch(np.array(obs, np.float32).reshape(n, width),
                 np.array(pis, np.float32).reshape(n, game.num_actions),
                 value_targets(game, returns, np.array(movers, np.int64),
                               np.array(searched, np.float64), value_mix))


def _evaluator(teacher: Teacher) -> NetworkEvaluator | None:
    if teacher.kind not in TEACHERS:
        raise ValueError(f"teacher must be one of {', '.join(TEACHERS)}, got {teacher.kind!r}")
    if teacher.kind != "puct":
        return None
    if teacher.network is None:
        raise ValueError("a PUCT teacher needs its network")
    return teacher.network.native()


def _play_range(game: Game, teacher: Teacher, explore_moves: int, seed: int, round_index: int,
                value_mix: float, first: int, end: int) -> Batch:
    """Games ``first .. end - 1`` of a round, one after the other (a Ray task)."""
    evaluator = _evaluator(teacher)
    return Batch.concat([
        play_game(game, teacher, explore_moves, (seed, round_index, index), value_mix, evaluator)
        for index in range(first, end)
    ])


def play_games_on_ray(game: Game, games: int, teacher: Teacher, explore_moves: int, seed: int,
                      round_index: int, address: str | None, value_mix: float = 0.0,
                      on_game: Callable[[], None] | None = None) -> Batch:
    """The same games as ``play_games``, as Ray tasks of a few games each (``address`` as in
    ``tb.simulate``): each worker builds the teacher's network from its weights, and game ``i``
    depends only on ``(seed, round_index, i)``, so the data equals a local run's."""
    from ..jobs.ray import MAX_RETRIES, connect

    ray = connect(address)
    remote = ray.remote(max_retries=MAX_RETRIES)(_play_range)
    per_task = 2
    shared = ray.put(teacher)  # the network's weights, sent once
    starts = list(range(0, games, per_task))
    refs = [remote.remote(game, shared, explore_moves, seed, round_index, value_mix, first,
                          min(first + per_task, games)) for first in starts]
    position = {ref: k for k, ref in enumerate(refs)}
    done: dict[int, Batch] = {}
    pending = list(refs)
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        for ref in ready:
            k = position[ref]
            done[k] = ray.get(ref)
            if on_game is not None:
                for _ in range(min(per_task, games - starts[k])):
                    on_game()
    return Batch.concat([done[k] for k in range(len(refs))])


def play_games(game: Game, games: int, teacher: Teacher, explore_moves: int,
               seed: int, round_index: int, threads: int, value_mix: float = 0.0,
               on_game: Callable[[], None] | None = None) -> Batch:
    """``games`` teacher games of one round, in game order, on ``threads`` threads (the search
    releases the GIL, and the network of a PUCT teacher runs in C++ on every thread at once)."""
    evaluator = _evaluator(teacher)

    def one(index: int) -> Batch:
        batch = play_game(game, teacher, explore_moves, (seed, round_index, index), value_mix,
                          evaluator)
        if on_game is not None:
            on_game()
        return batch

    with ThreadPoolExecutor(max_workers=threads) as pool:
        return Batch.concat(list(pool.map(one, range(games))))
