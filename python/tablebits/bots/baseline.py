"""``Baseline``: PUCT with the network the package ships for a game."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .._core import Evaluator, Game, State
from .._registry import make
from .builtin import PUCT
from .names import DEFAULT_C_PUCT, resolve_budget, search_name
from .weights import Network, check_network_game, load_weights, shipped_path, trained_for

__all__ = ["Baseline"]


class Baseline(PUCT):
    """PUCT with the network the package ships for a game (``tablebits.bots.weights``; trained
    by ``tablebits train``), run in C++ beside the search.

    ``game`` is a game id (its default parameters) or a ``Game``; the bot plays the network
    shipped for exactly those parameters (``ValueError`` naming the parameter when there is
    none, with the parameter sets that have one). ``weights`` loads another file instead, whose
    parameters a ``Game`` must match and a game id takes.
    ``iterations``, ``time_limit``, ``threads``, ``seed``, ``batch_size`` and ``c_puct`` are
    those of ``PUCT``, except that ``iterations`` defaults to 200 without a time limit (with
    one, to as many as it allows). ``native=False`` evaluates each batch of leaves with numpy
    under the GIL (``network.evaluate``, several times slower per iteration) instead of in C++.
    ``rollout_mix`` defaults to the mix stored with the weights (chosen by measurement,
    docs/strength.md); in the name it shows as ``baseline:BUDGET~MIX`` where it differs.
    ``playout_visits`` likewise defaults to the value stored with the weights (``PUCT``'s; 0 in
    the files that store none) and shows as ``+PLAYOUT_VISITS`` where it differs, and
    ``predict`` (``ISMCTS``'s; 0 in the files that store none) as ``^PREDICT``. With
    ``weights`` the name starts with the file's path instead (``runs/gf/good_fortune.npz:20ms``,
    the bot spec that plays it).

    The network knows only the rules it was trained on: ``act``, ``tb.play``, ``tb.arena``,
    ``tb.search`` and ``State.bot_action`` refuse (``ValueError``) a game with other
    parameters. A Baseline pickles and copies as its arguments, with a trained file's
    network (so the copy needs no file) or the shipped network's name (the copy loads it
    again).

    >>> import tablebits as tb
    >>> state = tb.make("good_fortune").new_initial_state(seed=3)
    >>> Baseline("good_fortune", iterations=50).act(state, 0) in state.legal_actions()
    True
    """

    portable = True

    def __init__(
        self,
        game: str | Game,
        iterations: int | None = None,
        time_limit: float | None = None,
        threads: int = 1,
        seed: int | None = 0,
        batch_size: int = 8,
        c_puct: float = DEFAULT_C_PUCT,
        weights: str | os.PathLike[str] | None = None,
        native: bool = True,
        rollout_mix: float | None = None,
        playout_visits: int | None = None,
        predict: float | None = None,
    ) -> None:
        if not isinstance(native, bool):
            raise TypeError(f"native must be a bool, got {native!r}")
        if weights is None:
            game = game if isinstance(game, Game) else make(game)
            path = shipped_path(game.id, game.params)
        else:
            path = Path(weights)
            if not isinstance(game, Game):
                game = make(game, **trained_for(path)[1])
        self._build(load_weights(path, game), game, iterations, time_limit, threads, seed,
                    batch_size, c_puct, weights, native, rollout_mix, playout_visits, predict)

    def _build(self, network: Network, game: Game, iterations: int | None, time_limit: float | None,
               threads: int, seed: int | None, batch_size: int, c_puct: float,
               weights: str | os.PathLike[str] | None, native: bool, rollout_mix: float | None,
               playout_visits: int | None, predict: float | None) -> None:
        """``__init__`` once ``network`` is loaded, its other arguments in the same order."""
        iterations = resolve_budget(iterations, time_limit, 200)
        self.network: Network = network
        self.game = game
        self.weights = None if weights is None else Path(weights)  #: None: the shipped file
        default_mix = self.network.rollout_mix
        mix = default_mix if rollout_mix is None else rollout_mix
        default_visits = self.network.playout_visits
        visits = default_visits if playout_visits is None else playout_visits
        default_predict = self.network.predict
        share = default_predict if predict is None else predict
        super().__init__(
            self.network.native() if native else Evaluator(self.network.evaluate, game=game),
            iterations=iterations, seed=seed, time_limit=time_limit, threads=threads,
            batch_size=batch_size, c_puct=c_puct, rollout_mix=mix, playout_visits=visits,
            predict=share,
            relative_values=True,  # the network's values are by seat from the observer
        )
        # A trained file's bot is named by its path, as ``spec.parse`` reads it back.
        self.name = search_name("baseline" if weights is None else str(weights), iterations,
                                time_limit, threads, c_puct, mix, default_mix,
                                playout_visits=visits, default_visits=default_visits,
                                predict=self.predict, default_predict=default_predict)

    def check_game(self, game: Game) -> None:
        """``ValueError`` unless ``game`` is the game (parameters included) of the weights; the
        message names the parameters that differ."""
        check_network_game(self.name, self.game, game)
        super().check_game(game)

    def act(self, state: State, player: int) -> int:
        """As ``PUCT.act``, for a state of the weights' game only (``ValueError`` otherwise)."""
        self.check_game(state.game)
        return super().act(state, player)

    def __reduce__(self) -> tuple[Any, ...]:
        # By its arguments: the evaluator it holds is registered with the engine and cannot be
        # copied; the copy registers its own. A trained file's network travels with the copy
        # (a Ray worker on another machine has no such file); the shipped one is loaded again.
        native = not isinstance(self._evaluator, Evaluator)
        args = (self.game, self.iterations, self.time_limit, self.threads, self.seed,
                self.batch_size, self.c_puct, self.weights, native, self.rollout_mix,
                self.playout_visits, self.predict)
        if self.weights is None:
            return (Baseline, args)
        return (_restore, (self.network, *args))


def _restore(network: Network, *args: Any) -> Baseline:
    """A copy of a ``Baseline`` that plays a trained file's ``network`` (``__init__``'s
    arguments after it), without the file."""
    bot = Baseline.__new__(Baseline)
    bot._build(network, *args)
    return bot
