"""Bots: agents that choose an action for one player, at sequential and simultaneous nodes.

>>> import tablebits as tb
>>> state = tb.make("good_fortune").new_initial_state(seed=3)
>>> bot = tb.bots.ISMCTS(iterations=200, seed=1)
>>> bot.act(state, state.current_player()) in state.legal_actions()
True

Every bot has ``act(state, player) -> int``, which returns a legal action of ``player`` (who
must be acting: the player to move, or one of the acting players at a simultaneous node). The
built-in bots also run entirely in C++ inside ``tb.arena``. Any object with a matching ``act``
method can play in ``tb.play``.
"""

from __future__ import annotations

import math
import random
from typing import Protocol, runtime_checkable

from ._core import State

__all__ = ["ISMCTS", "Bot", "BuiltinBot", "Random", "parse"]

# Bot kinds understood by the C++ arena (csrc/tablebits/core/arena.hpp).
_KIND_RANDOM = 0
_KIND_ISMCTS = 1


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a legal action for ``player`` in ``state``."""

    def act(self, state: State, player: int) -> int: ...


class BuiltinBot:
    """Base of the bots that ``tb.arena`` can run in C++."""

    name: str

    def act(self, state: State, player: int) -> int:  # pragma: no cover - overridden
        raise NotImplementedError

    def _arena_spec(self) -> tuple[int, int, float]:
        """(kind, iterations, exploration) for the C++ arena."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return self.name


def _acting(state: State, player: int) -> list[int]:
    legal = state.legal_actions(player)
    if not legal:
        raise ValueError(f"player {player} is not acting here")
    return legal


class Random(BuiltinBot):
    """Uniformly random legal actions.

    ``seed=None`` seeds from the operating system; an int makes the sequence of choices
    reproducible. In ``tb.arena`` the arena's seed drives the choices instead.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self.name = "random"

    def act(self, state: State, player: int) -> int:
        return self._rng.choice(_acting(state, player))

    def _arena_spec(self) -> tuple[int, int, float]:
        return (_KIND_RANDOM, 0, 0.0)


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
    on the machine's speed.

    ``exploration`` is the UCB1 constant (returns are win shares in [0, 1]).
    """

    def __init__(
        self,
        iterations: int = 1000,
        exploration: float = 0.7,
        seed: int | None = 0,
        time_limit: float | None = None,
    ) -> None:
        if not isinstance(iterations, int) or isinstance(iterations, bool) or not (
            1 <= iterations < 2**32
        ):
            raise ValueError(f"iterations must be an int in [1, 2**32), got {iterations!r}")
        if (
            isinstance(exploration, bool)
            or not isinstance(exploration, (int, float))
            or not math.isfinite(exploration)
            or exploration < 0
        ):
            raise ValueError(f"exploration must be a finite number >= 0, got {exploration!r}")
        if time_limit is not None and (
            isinstance(time_limit, bool)
            or not isinstance(time_limit, (int, float))
            or not time_limit > 0
        ):
            raise ValueError(f"time_limit must be a number > 0 or None, got {time_limit!r}")
        if seed is not None and (
            not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64
        ):
            raise ValueError(f"seed must be an int in [0, 2**64) or None, got {seed!r}")
        self.iterations = iterations
        self.exploration = float(exploration)
        self.seed = seed
        self.time_limit = time_limit
        self.name = f"ismcts:{iterations}" + (
            f"@{exploration:g}" if exploration != 0.7 else ""
        )

    def act(self, state: State, player: int) -> int:
        _acting(state, player)
        return state.ismcts_action(
            player,
            iterations=self.iterations,
            exploration=self.exploration,
            seed=self.seed,
            time_limit=self.time_limit,
        )

    def _arena_spec(self) -> tuple[int, int, float]:
        if self.time_limit is not None:
            raise ValueError("tb.arena needs reproducible bots: use ISMCTS without time_limit")
        return (_KIND_ISMCTS, self.iterations, self.exploration)


def parse(spec: str) -> BuiltinBot:
    """A bot from its short name: ``random``, ``ismcts`` or ``ismcts:ITERATIONS[@EXPLORATION]``.

    >>> parse("ismcts:500@1.0").iterations
    500
    """
    if not isinstance(spec, str):
        raise TypeError(f"bot spec must be a str, not {type(spec).__name__}")
    name, _, rest = spec.strip().lower().partition(":")
    if name == "random" and not rest:
        return Random()
    if name == "ismcts":
        if not rest:
            return ISMCTS()
        iters, _, expl = rest.partition("@")
        try:
            return ISMCTS(int(iters), float(expl) if expl else 0.7)
        except ValueError as err:
            raise ValueError(f"bad bot spec {spec!r}: {err}") from None
    raise ValueError(
        f"unknown bot {spec!r}; expected random, ismcts or ismcts:ITERATIONS[@EXPLORATION]"
    )
