"""tb.search: one search decision with everything it found -- ISMCTS, or PUCT with a learned
evaluator.

>>> import tablebits as tb
>>> state = tb.make("good_fortune").new_initial_state(seed=3)
>>> result = tb.search(state, iterations=500, seed=1)
>>> result.best_action == tb.bots.ISMCTS(500, seed=1).act(state, state.current_player())
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import _core
from .._checks import check_seed
from .builtin import ISMCTS, PUCT
from .names import DEFAULT_C_PUCT

__all__ = ["Evaluator", "SearchResult", "search"]

#: ``fn(observations, masks) -> (priors, values)``: observations float32 ``(B, *observation_shape)``
#: (each row from the view of the player to act at that leaf), masks bool ``(B, num_actions)``;
#: priors ``(B, num_actions)`` (finite, >= 0; renormalised over the legal actions) and values
#: ``(B, num_players)`` (finite; each player's expected return).
Evaluator = Callable[[np.ndarray, np.ndarray], tuple[Any, Any]]


@dataclass(frozen=True)
class SearchResult:
    """What one search found, for ``player`` at the root."""

    player: int  #: the player the search decided for
    visits: np.ndarray  #: uint64 (num_actions,): root visits per action, summed over the trees
    #: float64 (num_actions,): mean value of each action for ``player`` (NaN if unvisited)
    values: np.ndarray
    best_action: int  #: the decision: most visits (ties: higher value, then the lower action)
    principal_variation: list[str]  #: the most-visited line from the root, as action texts
    iterations: int  #: iterations run (0 when the player had a single legal action)
    seconds: float  #: wall-clock time of the search


def search(
    state: _core.State,
    player: int | None = None,
    *,
    iterations: int | None = None,
    evaluator: Evaluator | _core.NetworkEvaluator | None = None,
    batch_size: int = 8,
    c_puct: float = DEFAULT_C_PUCT,
    exploration: float = 0.7,
    seed: int = 0,
    threads: int = 1,
    time_limit: float | None = None,
    relative_values: bool = False,
    rollout_mix: float = 0.0,
    playout_visits: int = 0,
    predict: float = 0.0,
) -> SearchResult:
    """Searches ``state`` for ``player`` (default: the player to move) and returns the result.

    Without ``evaluator`` this is the engine's ISMCTS (``exploration`` is its UCB1 constant), and
    ``best_action`` is what ``tb.bots.ISMCTS`` plays with the same arguments. With
    ``evaluator`` it is PUCT over the same information-set tree (every iteration determinises
    the root through ``state.resample`` only): leaves are collected into batches of
    ``batch_size`` evaluator rows and ``evaluator(observations, masks)`` is called once per
    batch (the last may be smaller; at a simultaneous node each acting player needs a row, and
    one node's rows are never split across batches) -- see the ``Evaluator`` alias for the
    arrays. The GIL is held only during that call; ``evaluator`` may also be a
    ``tablebits._core.NetworkEvaluator`` (a network run in C++, as ``tb.bots.Baseline`` plays),
    which never takes it. Selection is ``Q + c_puct * P * sqrt(N + 1) /
    (1 + n)`` over the legal actions; illegal actions never receive visits, whatever the priors.

    ``threads`` > 1 runs that many independent trees at once (root-parallel; ``iterations`` is
    shared among them) and sums their root statistics; the principal variation comes from the
    first tree. The same ``(seed, threads)`` gives the same result unless ``time_limit`` cuts
    the search short. ``iterations`` defaults to 1000 without ``time_limit``; with it, the
    search runs until the time is spent (give both to stop at whichever comes first).

    A malformed evaluator answer (wrong shape, NaN, a negative prior) raises ``ValueError``
    naming the array and its shape; an exception raised by the evaluator propagates unchanged;
    either way the search stops at once. ``relative_values=True``: the evaluator's values are by
    seat from each row's player (entry ``k`` is player ``(p + k) % num_players``), as the
    observations are written. ``rollout_mix`` in [0, 1] also plays every new leaf out (the
    rollouts of ISMCTS) and values it ``(1 - rollout_mix) * evaluator + rollout_mix * playout``;
    ``playout_visits`` > 0 values a new node's first visits by a playout alone
    (``tb.bots.PUCT``). ``predict`` > 0 at a simultaneous node first predicts the other
    players' choices with that share of the budget (``tb.bots.ISMCTS``); the result is then
    the search of the reply, with those choices fixed at the root.
    """
    seed = check_seed(seed)
    if evaluator is None and rollout_mix != 0.0:
        raise ValueError("rollout_mix needs an evaluator: without one every leaf is a rollout")
    # The bot holds the config and keeps the evaluator registered while the search runs.
    bot: ISMCTS | PUCT = (
        ISMCTS(iterations=iterations, exploration=exploration, seed=seed,
               time_limit=time_limit, threads=threads, predict=predict)
        if evaluator is None else
        PUCT(evaluator, iterations=iterations, seed=seed, time_limit=time_limit,
             threads=threads, batch_size=batch_size, c_puct=c_puct,
             relative_values=relative_values, rollout_mix=rollout_mix,
             playout_visits=playout_visits, predict=predict)
    )
    decider = state.current_player() if player is None else player
    visits, values, best, line, done, seconds = state._search(bot.config, player, seed)
    return SearchResult(
        player=decider, visits=visits, values=values, best_action=best,
        principal_variation=list(line), iterations=done, seconds=seconds,
    )
