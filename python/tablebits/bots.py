"""Bots: agents that choose an action for one player, at sequential and simultaneous nodes.

>>> import tablebits as tb
>>> state = tb.make("good_fortune").new_initial_state(seed=3)
>>> bot = tb.bots.ISMCTS(iterations=200, seed=1)
>>> bot.act(state, state.current_player()) in state.legal_actions()
True

Every bot has ``act(state, player) -> int``, which returns a legal action of ``player`` (who
must be acting: the player to move, or one of the acting players at a simultaneous node). The
built-in bots are data: each holds a ``BotConfig`` (its C++ config type, csrc/tablebits/core/
bots.hpp, which checks the fields and decides), so they run the same way from ``act`` and
entirely in C++ inside ``tb.arena``. Adding a built-in bot means a config type there and a class
here. Any object with a matching ``act`` method can play in ``tb.play``.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar, runtime_checkable

import numpy as np

from ._checks import check_optional_seed, check_positive_int
from ._core import BotConfig, Evaluator, Game, NetworkEvaluator, State
from ._registry import make
from .weights import Network, load_weights, shipped_path, trained_for

__all__ = ["ISMCTS", "PIMC", "Baseline", "Bot", "BuiltinBot", "Random", "fill_seats", "parse"]

_T = TypeVar("_T")


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a legal action for ``player`` in ``state``."""

    def act(self, state: State, player: int) -> int: ...


class BuiltinBot:
    """Base of the bots that run in C++: ``config`` (a ``BotConfig``) is the bot as data, which
    ``act`` and ``tb.arena`` hand to the engine. Its fields are checked there, once."""

    config: BotConfig
    name: str

    def act(self, state: State, player: int) -> int:
        """A legal action of ``player``, who must be acting (else ``ValueError``)."""
        return state.bot_action(self.config, player, seed=self._decision_seed())

    def _decision_seed(self) -> int | None:
        """The seed of the next decision (``None``: drawn from the operating system)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return self.name


class Random(BuiltinBot):
    """Uniformly random legal actions.

    ``seed=None`` seeds from the operating system; an int makes the sequence of choices
    reproducible. In ``tb.arena`` the arena's seed drives the choices instead.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = check_optional_seed(seed)
        self._rng = random.Random(seed)
        self.config = BotConfig("random")
        self.name = "random"

    def _decision_seed(self) -> int:
        return self._rng.getrandbits(64)


class ISMCTS(BuiltinBot):
    """Information-set Monte Carlo tree search (single observer), run in C++.

    Each of ``iterations`` iterations determinises the state with ``state.resample(player,
    ...)``, walks and extends one search tree with UCB1 (availability counts; decoupled UCB at
    simultaneous nodes), evaluates the new node with the game's playout and backs up the
    returns: random moves to the end, unless the game has its own evaluation (Hội Phố plays
    randomly to the end of the round, then scores win chances from the contracts; see
    docs/games/hoi_pho.md). The decision is the most-visited action. The search never reads
    what ``player`` cannot know, and the decision depends only on what ``player`` knows and on
    ``seed`` -- unless ``time_limit`` (seconds) stops the search early, which makes it depend
    on the machine's speed (``tb.arena`` takes such bots only with ``reproducible=False``).

    ``exploration`` is the UCB1 constant (returns are win shares in [0, 1]). ``threads`` > 1
    searches that many independent trees at once and sums their root visits (root-parallel,
    ``iterations`` shared among the trees; docs/search.md); the same ``(seed, threads)`` gives
    the same decision.

    With ``evaluator`` (see ``tb.search``) the bot runs PUCT with that learned evaluator over
    the same tree instead of rollouts: ``c_puct`` weighs the priors and ``batch_size`` rows go
    to each evaluator call. Such a bot plays in ``tb.play`` and ``tb.arena`` like any other; in
    an arena the games still run in C++ on ``threads`` threads, and each evaluator call takes
    the GIL, so the Python evaluator runs one batch at a time. An error raised by the evaluator
    ends the arena with that error. ``relative_values=True`` reads each row's values by seat
    from the row's player (entry ``k`` is player ``(p + k) % num_players``), the way the games
    write observations, so a network that sees only the observation can predict them.
    ``rollout_mix`` in [0, 1] also plays each new leaf out with the rollouts above and values it
    ``(1 - rollout_mix) * evaluator + rollout_mix * playout`` (AlphaGo's mixed evaluation: the
    playouts correct a network's biased values as visits grow; 0 plays none).
    ``evaluator`` may also be a ``tablebits._core.NetworkEvaluator`` (a network run in C++, as
    ``Baseline`` uses): then no evaluation takes the GIL, and ``threads`` trees and an arena's
    game threads evaluate at once.
    """

    def __init__(
        self,
        iterations: int = 1000,
        exploration: float = 0.7,
        seed: int | None = 0,
        time_limit: float | None = None,
        threads: int = 1,
        evaluator: Callable[[np.ndarray, np.ndarray], tuple[Any, Any]] | NetworkEvaluator
        | None = None,
        batch_size: int = 8,
        c_puct: float = 1.5,
        relative_values: bool = False,
        rollout_mix: float = 0.0,
    ) -> None:
        check_positive_int(threads, "threads")
        if evaluator is None and rollout_mix != 0.0:
            raise ValueError("rollout_mix needs an evaluator: without one every leaf is a rollout")
        if not isinstance(relative_values, bool):
            raise TypeError(f"relative_values must be a bool, got {relative_values!r}")
        check_positive_int(batch_size, "batch_size")
        # The registered evaluator; holding it keeps its id valid while the bot lives.
        self._evaluator: Evaluator | NetworkEvaluator | None = (
            evaluator if evaluator is None or isinstance(evaluator, NetworkEvaluator)
            else Evaluator(evaluator)
        )
        if self._evaluator is None:
            self.config = BotConfig(
                "ismcts", iterations=iterations, exploration=exploration, time_limit=time_limit,
                threads=threads,
            )
        else:
            self.config = BotConfig(
                "puct", iterations=iterations, c_puct=c_puct, batch_size=batch_size,
                threads=threads, time_limit=time_limit, evaluator=self._evaluator.id,
                relative_values=int(relative_values), rollout_mix=rollout_mix,
            )
        self.seed = check_optional_seed(seed)
        self.iterations = iterations
        self.exploration = float(exploration)
        self.time_limit = time_limit
        self.threads = threads
        self.evaluator = evaluator
        self.batch_size = batch_size
        self.c_puct = float(c_puct)
        self.rollout_mix = float(rollout_mix)
        if evaluator is not None:
            self.name = _search_name("puct", iterations, time_limit, threads, c_puct,
                                     rollout_mix, 0.0)
        else:
            tuning = f"@{exploration:g}" if exploration != 0.7 else ""
            self.name = _search_name("ismcts", iterations, time_limit, threads, tuning=tuning)

    def _decision_seed(self) -> int | None:
        return self.seed


class PIMC(BuiltinBot):
    """Perfect-information Monte Carlo for cooperative games (Fox Duet), run in C++.

    For each decision it draws ``samples`` determinisations of what ``player`` cannot see
    (``state.resample(player, ...)``: the partner's unknown cards, respecting the suits the
    partner showed void in, and the deck), solves each with every card visible -- the team's
    perfect-information search, a memoised single-agent maximisation, since both seats want the
    same outcome -- and plays the action with the best total over the samples. Each sample is
    searched ``depth`` tricks ahead (``0``: to the end of the round) and the position reached is
    valued by the game's team evaluation (for Fox Duet: gems left, spare forest tokens, the
    tracker's distance to the nearest gem; docs/search.md). At a simultaneous node an action's
    value in a sample is its best over the partner's choices.

    ``threads`` share the samples; the decision depends only on ``seed`` (the same for any
    ``threads``), unless ``time_limit`` (seconds) stops the sampling early, which makes it depend
    on the machine's speed (and keeps the bot out of ``tb.arena``). A game without the team
    solver hook refuses the bot with ``ValueError``.

    >>> import tablebits as tb
    >>> state = tb.make("fox_duet").new_initial_state(seed=3)
    >>> PIMC(samples=4, depth=1).act(state, state.current_player()) in state.legal_actions()
    True
    """

    def __init__(
        self,
        samples: int = 10,
        depth: int = 1,
        seed: int | None = 0,
        time_limit: float | None = None,
        threads: int = 1,
    ) -> None:
        self.config = BotConfig(
            "pimc", samples=samples, depth=depth, time_limit=time_limit, threads=threads
        )
        self.seed = check_optional_seed(seed)
        self.samples = samples
        self.depth = depth
        self.time_limit = time_limit
        self.threads = threads
        self.name = f"pimc:{samples}@{depth}"
        if threads > 1:
            self.name += f"x{threads}"

    def _decision_seed(self) -> int | None:
        return self.seed


#: Baseline's default ``rollout_mix`` per game, chosen by measurement (docs/strength.md): the
#: playouts correct the shipped networks' values in the competitive games; in Fox Duet random
#: playouts almost never win, so they would only pull every value towards a loss.
BASELINE_ROLLOUT_MIX = {"good_fortune": 0.5, "color_mafia": 0.5, "hoi_pho": 0.5, "fox_duet": 0.0}


class Baseline(ISMCTS):
    """PUCT with the network the package ships for a game (``tablebits.weights``; trained by
    ``tablebits train``), run on numpy alone.

    ``game`` is a game id (the shipped weights' parameter set, e.g. ``color_mafia`` with 4
    players) or a ``Game``, whose parameters must be those the weights were trained on
    (``ValueError`` otherwise). ``weights`` loads another file instead of the shipped one.
    ``iterations``, ``time_limit``, ``threads``, ``seed``, ``batch_size`` and ``c_puct`` are
    those of ``ISMCTS(evaluator=...)``: like any learned bot it plays in ``tb.play``,
    ``tb.arena`` and ``tb.ladder`` (local backend). The network runs in C++ beside the search
    (``tablebits._core.NetworkEvaluator``, the same numbers as ``network.evaluate`` up to float
    rounding), so no evaluation takes the GIL and ``threads`` and an arena's game threads search
    at once; ``native=False`` evaluates each batch of leaves with numpy under the GIL instead
    (``network.evaluate``, several times slower per iteration). ``rollout_mix`` (default: the
    game's entry in ``BASELINE_ROLLOUT_MIX``) also values each leaf by a playout, as in
    ``ISMCTS``; in the name it shows as ``baseline:BUDGET~MIX`` where it differs from the default.

    >>> import tablebits as tb
    >>> state = tb.make("good_fortune").new_initial_state(seed=3)
    >>> Baseline("good_fortune", iterations=50).act(state, 0) in state.legal_actions()
    True
    """

    def __init__(
        self,
        game: str | Game,
        iterations: int = 200,
        time_limit: float | None = None,
        threads: int = 1,
        seed: int | None = 0,
        batch_size: int = 8,
        c_puct: float = 1.5,
        weights: str | os.PathLike[str] | None = None,
        native: bool = True,
        rollout_mix: float | None = None,
    ) -> None:
        if not isinstance(native, bool):
            raise TypeError(f"native must be a bool, got {native!r}")
        game_id = game.id if isinstance(game, Game) else game
        path = shipped_path(game_id) if weights is None else Path(weights)
        if not isinstance(game, Game):
            game = make(game_id, **trained_for(path)[1])
        default_mix = BASELINE_ROLLOUT_MIX.get(game.id, 0.0)
        mix = default_mix if rollout_mix is None else rollout_mix
        self.network: Network = load_weights(path, game)
        self.game = game
        super().__init__(
            iterations=iterations, seed=seed, time_limit=time_limit, threads=threads,
            evaluator=self.network.native() if native else self.network.evaluate,
            batch_size=batch_size, c_puct=c_puct, rollout_mix=mix,
            relative_values=True,  # the network's values are by seat from the observer
        )
        self.name = _search_name("baseline", iterations, time_limit, threads, c_puct, mix,
                                 default_mix)

    def check_game(self, game: Game) -> None:
        """``ValueError`` unless ``game`` is the game (parameters included) of the weights."""
        if game != self.game:
            raise ValueError(
                f"bot {self.name} plays {self.game.id} with {self.game.params} (its weights' "
                f"game), not {game.id} with {game.params}"
            )


#: The iteration budget of a bot that only its time limit stops (``ismcts:20ms``).
UNTIL_TIME_LIMIT = 2**32 - 1


def _time_name(seconds: float) -> str:
    return f"{seconds * 1000:g}ms" if seconds < 1 else f"{seconds:g}s"


def _budget_name(iterations: int, time_limit: float | None) -> str:
    """``1000``, ``20ms`` (stopped by time only) or ``1000/20ms`` (whichever comes first)."""
    if time_limit is None:
        return str(iterations)
    if iterations == UNTIL_TIME_LIMIT:
        return _time_name(time_limit)
    return f"{iterations}/{_time_name(time_limit)}"


def _search_name(kind: str, iterations: int, time_limit: float | None, threads: int,
                 c_puct: float = 1.5, mix: float = 0.0, default_mix: float = 0.0,
                 tuning: str = "") -> str:
    """``KIND:BUDGET[@C_PUCT][~MIX][xTHREADS]``: the PUCT settings where they are not the
    defaults (``tuning`` instead for ISMCTS's exploration)."""
    if c_puct != 1.5:
        tuning += f"@{c_puct:g}"
    if mix != default_mix:
        tuning += f"~{mix:g}"
    return (f"{kind}:{_budget_name(iterations, time_limit)}{tuning}"
            + (f"x{threads}" if threads > 1 else ""))


def _parse_time(text: str) -> float:
    """Seconds from ``20ms`` or ``1.5s``."""
    for suffix, scale in (("ms", 1e-3), ("s", 1.0)):
        if text.endswith(suffix):
            return float(text[: -len(suffix)]) * scale
    raise ValueError(f"a time needs a unit, ms or s: {text!r}")


def _parse_budget(text: str) -> tuple[int, float | None]:
    """(iterations, time_limit) from ``ITERATIONS``, ``TIME`` or ``ITERATIONS/TIME``."""
    iters, slash, limit = text.partition("/")
    if slash:
        return int(iters), _parse_time(limit)
    if iters[-1:].isalpha():
        return UNTIL_TIME_LIMIT, _parse_time(iters)
    return int(iters), None


def parse(spec: str, game: Game | None = None) -> BuiltinBot:
    """A bot from its short name: ``random``, ``ismcts``, ``ismcts:BUDGET[@EXPLORATION]``,
    ``pimc``, ``pimc:SAMPLES[@DEPTH]``, ``baseline`` or ``baseline:BUDGET[~MIX]`` (``Baseline``:
    it needs ``game``, the game it plays; MIX is its ``rollout_mix``). BUDGET is ITERATIONS, a
    time per decision (``20ms``, ``0.5s``: iterations until the time is spent) or both
    (``1000/20ms``: whichever comes first). Time-limited bots depend on the machine's speed
    (``tb.arena`` takes them only with ``reproducible=False``).

    >>> parse("ismcts:500@1.0").iterations
    500
    >>> parse("ismcts:20ms").time_limit
    0.02
    >>> parse("pimc:30@3").depth
    3
    """
    if not isinstance(spec, str):
        raise TypeError(f"bot spec must be a str, not {type(spec).__name__}")
    name, _, rest = spec.strip().lower().partition(":")
    if name == "random" and not rest:
        return Random()
    if name == "ismcts":
        if not rest:
            return ISMCTS()
        budget, _, expl = rest.partition("@")
        try:
            iterations, time_limit = _parse_budget(budget)
            return ISMCTS(iterations, float(expl) if expl else 0.7, time_limit=time_limit)
        except ValueError as err:
            raise ValueError(f"bad bot spec {spec!r}: {err}") from None
    if name == "baseline":
        if game is None:
            raise ValueError(f"bot {spec!r} plays one game's network: pass the game to parse")
        budget, tilde, mix = rest.partition("~")
        try:
            iterations, time_limit = _parse_budget(budget) if budget else (200, None)
            return Baseline(game, iterations, time_limit=time_limit,
                            rollout_mix=float(mix) if tilde else None)
        except ValueError as err:
            raise ValueError(f"bad bot spec {spec!r}: {err}") from None
    if name == "pimc":
        if not rest:
            return PIMC()
        samples, _, depth = rest.partition("@")
        try:
            return PIMC(int(samples), int(depth) if depth else 1)
        except ValueError as err:
            raise ValueError(f"bad bot spec {spec!r}: {err}") from None
    raise ValueError(
        f"unknown bot {spec!r}; expected random, ismcts, ismcts:BUDGET[@EXPLORATION] "
        "(BUDGET: ITERATIONS, a time such as 20ms, or ITERATIONS/TIME), pimc, "
        "pimc:SAMPLES[@DEPTH], baseline or baseline:BUDGET[~MIX]"
    )


def fill_seats(bots: Sequence[_T], seats: int) -> list[_T]:
    """``bots`` in seat order, the last one filling the seats left over (``tb.arena`` and
    ``tablebits play``): ``fill_seats([a, b], 4) == [a, b, b, b]``."""
    if not bots:
        raise ValueError("pass at least one bot")
    return [bots[min(i, len(bots) - 1)] for i in range(seats)]
