"""The built-in bots: random play and the searches, each run in C++.

Every bot has ``act(state, player) -> int``, which returns a legal action of ``player`` (who
must be acting: the player to move, or one of the acting players at a simultaneous node). The
built-in bots are data: each holds a ``BotConfig`` (its C++ config type, csrc/tablebits/core/
bots.hpp, which checks the fields and decides), so they run the same way from ``act`` and
entirely in C++ inside ``tb.arena``. Adding a built-in bot means a config type there and a class
here. Any object with a matching ``act`` method can play in ``tb.play``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, Protocol, TypeVar, runtime_checkable

import numpy as np

from .._checks import check_optional_seed, check_positive_int
from .._core import BotConfig, Evaluator, Game, NetworkEvaluator, State
from .names import DEFAULT_C_PUCT, budget_name, resolve_budget, search_name

__all__ = ["ISMCTS", "PIMC", "PUCT", "Bot", "BuiltinBot", "Random", "fill_seats", "step_decider"]

_T = TypeVar("_T")

#: The iterations of ISMCTS and PUCT when neither a count nor a time limit is given.
DEFAULT_ITERATIONS = 1000


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a legal action for ``player`` in ``state``."""

    def act(self, state: State, player: int) -> int: ...


class BuiltinBot:
    """Base of the bots that run in C++: ``config`` (a ``BotConfig``) is the bot as data, which
    ``act`` and ``tb.arena`` hand to the engine. Its fields are checked there, once."""

    config: BotConfig
    name: str
    #: whether it holds a learned evaluator, which lives in this process (local runs only,
    #: unless ``portable``)
    learned: bool = False
    #: whether a copy (a pickle) registers its learned evaluator again by itself, so the bot
    #: can play in another process, such as a Ray worker (``Baseline``)
    portable: bool = False

    def act(self, state: State, player: int) -> int:
        """A legal action of ``player``, who must be acting (else ``ValueError``)."""
        return state.bot_action(self.config, player, seed=self._decision_seed())

    def check_game(self, game: Game) -> None:
        """``ValueError`` saying why, if this bot cannot play ``game`` (PIMC where the game has
        no team solver, a network trained for another game or parameter set); nothing is
        searched, so a table or a job can refuse the bot before its first move."""
        game._check_bot(self.config)

    def _decision_seed(self) -> int | None:
        """The seed of the next decision (``None``: drawn from the operating system)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return self.name


def registered(
    evaluator: Callable[[np.ndarray, np.ndarray], tuple[Any, Any]] | NetworkEvaluator | Evaluator,
) -> Evaluator | NetworkEvaluator:
    """``evaluator`` registered with the engine (a function is wrapped in an ``Evaluator``)."""
    if isinstance(evaluator, (NetworkEvaluator, Evaluator)):
        return evaluator
    return Evaluator(evaluator)


def unpicklable(bot: BuiltinBot) -> NoReturn:
    """Raises ``TypeError``: the config of ``bot`` names its evaluator by its id in this
    process's engine, so a default pickle or copy would name another evaluator, or none, once
    loaded."""
    raise TypeError(
        f"a {type(bot).__name__} bot with a learned evaluator cannot be pickled or copied: its "
        "evaluator is registered with the engine by id; make a new bot from the evaluator "
        "(tb.bots.Baseline pickles and copies, by its arguments)"
    )


class Random(BuiltinBot):
    """Uniformly random legal actions.

    ``seed=None`` seeds from the operating system; an int makes the sequence of choices
    reproducible. In ``tb.arena`` the arena's seed drives the choices instead.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = check_optional_seed(seed)
        self._rng = random.Random(self.seed)
        self.config = BotConfig("random")
        self.name = "random"

    def _decision_seed(self) -> int:
        return self._rng.getrandbits(64)


class ISMCTS(BuiltinBot):
    """Information-set Monte Carlo tree search (single observer), run in C++.

    Each of ``iterations`` iterations redraws what ``player`` cannot know
    (``state.resample``), walks one shared tree by UCB1 (``exploration`` is its constant;
    decoupled at simultaneous nodes), expands a node and values it by the game's playout; the
    decision is the most-visited action. It depends only on what ``player`` knows and on
    ``seed``, unless ``time_limit`` (seconds) stops the search early, which ties it to the
    machine's speed (``tb.arena`` then needs ``reproducible=False``). ``threads`` > 1 searches
    that many trees at once and sums their root visits (root-parallel). docs/search.md has the
    details. ``iterations`` defaults to 1000 without a time limit; with one, to as many as the
    time allows (give both to stop at whichever comes first).

    ``predict`` in [0, 1) (default 0: off): at a simultaneous node, first predict each other
    acting player's choice with the same search from that player's seat, spending that share
    of the budget, then search the reply with those choices taken as known and play it
    (docs/search.md, "Prediction at simultaneous nodes"). It wins where the others are
    searches much like this one, and may make the bot easier to exploit by one that knows it.
    """

    def __init__(
        self,
        iterations: int | None = None,
        exploration: float = 0.7,
        seed: int | None = 0,
        time_limit: float | None = None,
        threads: int = 1,
        predict: float = 0.0,
    ) -> None:
        threads = check_positive_int(threads, "threads")
        iterations = resolve_budget(iterations, time_limit, DEFAULT_ITERATIONS)
        self.config = BotConfig(
            "ismcts", iterations=iterations, exploration=exploration, time_limit=time_limit,
            threads=threads, predict=predict,
        )
        self.seed = check_optional_seed(seed)
        self.iterations = int(iterations)  # checked by the config: an int, numpy's too
        self.exploration = float(exploration)
        self.time_limit = time_limit
        self.threads = threads
        self.predict = float(predict)  # checked by the config
        tuning = f"@{exploration:g}" if exploration != 0.7 else ""
        self.name = search_name("ismcts", iterations, time_limit, threads, tuning=tuning,
                                predict=self.predict)

    def _decision_seed(self) -> int | None:
        return self.seed


class PUCT(BuiltinBot):
    """PUCT over the information-set tree of ``ISMCTS``, guided by a learned ``evaluator``.

    ``evaluator`` is a function ``(observations, masks) -> (priors, values)`` called on
    batches of ``batch_size`` leaves (see ``tb.search``), or a
    ``tablebits._core.NetworkEvaluator``, a network run in C++ that never takes the GIL (as
    ``Baseline`` plays), or a ``tablebits._core.Evaluator`` (a function already registered;
    ``Evaluator(fn, game=g)`` serves only the game ``g``). ``c_puct`` weighs the priors.
    ``relative_values=True`` reads each row's values by seat from the row's player, as the
    observations are written.
    ``rollout_mix`` in [0, 1] also plays each new leaf out and values it ``(1 - rollout_mix)
    * evaluator + rollout_mix * playout``. ``playout_visits`` > 0 values a new node's first
    ``playout_visits`` visits by a playout alone and evaluates it only from the next visit on
    (the root at once): fewer evaluator rows per iteration, so more iterations in a time
    limit, at the cost of the evaluator's value at the newest nodes. ``iterations``, ``seed``,
    ``time_limit``, ``threads`` and ``predict`` are those of ``ISMCTS`` (1000 iterations
    without a time limit, as many as it allows with one; the predictions are PUCT searches with
    the same evaluator). An error raised by the evaluator
    ends the search (or the arena) with that error. A PUCT bot does not pickle or copy
    (``TypeError``): its evaluator lives in the engine; ``Baseline`` does.
    """

    learned = True

    def __init__(
        self,
        evaluator: Callable[[np.ndarray, np.ndarray], tuple[Any, Any]] | NetworkEvaluator
        | Evaluator,
        iterations: int | None = None,
        seed: int | None = 0,
        time_limit: float | None = None,
        threads: int = 1,
        batch_size: int = 8,
        c_puct: float = DEFAULT_C_PUCT,
        relative_values: bool = False,
        rollout_mix: float = 0.0,
        playout_visits: int = 0,
        predict: float = 0.0,
    ) -> None:
        threads = check_positive_int(threads, "threads")
        if evaluator is None:
            raise TypeError("PUCT needs an evaluator; ISMCTS searches without one")
        if not isinstance(relative_values, bool):
            raise TypeError(f"relative_values must be a bool, got {relative_values!r}")
        batch_size = check_positive_int(batch_size, "batch_size")
        iterations = resolve_budget(iterations, time_limit, DEFAULT_ITERATIONS)
        # The registered evaluator; holding it keeps its id valid while the bot lives.
        self._evaluator = registered(evaluator)
        self.config = BotConfig(
            "puct", iterations=iterations, c_puct=c_puct, batch_size=batch_size,
            threads=threads, time_limit=time_limit, evaluator=self._evaluator.id,
            relative_values=int(relative_values), rollout_mix=rollout_mix,
            playout_visits=playout_visits, predict=predict,
        )
        self.seed = check_optional_seed(seed)
        self.iterations = int(iterations)  # checked by the config: an int, numpy's too
        self.time_limit = time_limit
        self.threads = threads
        self.evaluator = evaluator
        self.batch_size = batch_size
        self.c_puct = float(c_puct)
        self.rollout_mix = float(rollout_mix)
        self.playout_visits = int(playout_visits)  # checked by the config
        self.predict = float(predict)  # checked by the config
        self.name = search_name("puct", iterations, time_limit, threads, c_puct, rollout_mix,
                                playout_visits=playout_visits, predict=self.predict)

    def _decision_seed(self) -> int | None:
        return self.seed

    def __reduce__(self) -> tuple[Any, ...]:
        unpicklable(self)


class PIMC(BuiltinBot):
    """Perfect-information Monte Carlo for cooperative games (Fox Duet), run in C++.

    For each decision it draws ``samples`` determinisations of what ``player`` cannot see
    (``state.resample``), solves each with every card visible and ``depth`` tricks ahead
    (``0``: to the end of the round) by the team's perfect-information search, and plays the
    action with the best total. ``threads`` share the samples; the decision depends only on
    ``seed``, unless ``time_limit`` (seconds) stops the sampling early (``samples`` defaults to
    10 without a time limit, to as many as it allows with one). A game without the team
    solver hook refuses the bot with ``ValueError``. docs/search.md has the details.

    ``evaluator`` (as ``PUCT`` takes one; ``None``: the game's hand-written team evaluation)
    values the positions where a search stops at its depth, short of the game's end, by the
    mean of the network's values over every player's observation; ``leaf_mix`` in [0, 1] is
    the network's weight against the team evaluation (``Baseline`` plays Fox Duet this way).

    >>> import tablebits as tb
    >>> state = tb.make("fox_duet").new_initial_state(seed=3)
    >>> PIMC(samples=4, depth=1).act(state, state.current_player()) in state.legal_actions()
    True
    """

    def __init__(
        self,
        samples: int | None = None,
        depth: int = 1,
        seed: int | None = 0,
        time_limit: float | None = None,
        threads: int = 1,
        evaluator: Callable[[np.ndarray, np.ndarray], tuple[Any, Any]] | NetworkEvaluator
        | Evaluator | None = None,
        leaf_mix: float = 1.0,
    ) -> None:
        samples = resolve_budget(samples, time_limit, 10)
        #: The registered evaluator, or None; holding it keeps its id valid while the bot lives.
        self._evaluator = None if evaluator is None else registered(evaluator)
        self.config = BotConfig(
            "pimc", samples=samples, depth=depth, time_limit=time_limit, threads=threads,
            evaluator=0 if self._evaluator is None else self._evaluator.id, leaf_mix=leaf_mix,
        )
        self.seed = check_optional_seed(seed)
        self.samples = int(samples)  # checked by the config: ints, numpy's too
        self.depth = int(depth)
        self.time_limit = time_limit
        self.threads = threads
        self.evaluator = evaluator
        self.leaf_mix = float(leaf_mix)
        self.learned = self._evaluator is not None
        self.name = f"pimc:{budget_name(samples, time_limit)}@{depth}"
        if threads > 1:
            self.name += f"x{threads}"

    def _decision_seed(self) -> int | None:
        return self.seed

    def __reduce__(self) -> tuple[Any, ...]:
        if self.learned:
            unpicklable(self)
        return (PIMC, (self.samples, self.depth, self.seed, self.time_limit, self.threads, None,
                       self.leaf_mix))


def fill_seats(bots: Sequence[_T], seats: int) -> list[_T]:
    """``bots`` in seat order, the last one filling the seats left over (``tb.arena`` and
    ``tablebits play``): ``fill_seats([a, b], 4) == [a, b, b, b]``."""
    if not bots:
        raise ValueError("pass at least one bot")
    return [bots[min(i, len(bots) - 1)] for i in range(seats)]


def step_decider(bot: BuiltinBot, seed: int, player: int, step: int) -> BuiltinBot:
    """The bot that decides step ``step`` for ``player`` in the game of seed ``seed``: the
    same bot, its own seed replaced by one drawn from ``(seed, player, step)`` (Random and
    ISMCTS; the others keep theirs), so that going back and making the same moves again
    brings back the same game (``tablebits play`` and ``tablebits serve``'s undo)."""
    drawn = int(np.random.SeedSequence([seed, player, step]).generate_state(1, np.uint64)[0])
    if isinstance(bot, ISMCTS):
        return ISMCTS(bot.iterations, bot.exploration, seed=drawn, time_limit=bot.time_limit,
                      threads=bot.threads, predict=bot.predict)
    if isinstance(bot, Random):
        return Random(drawn)
    return bot
