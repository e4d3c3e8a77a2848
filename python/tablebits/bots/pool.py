"""``OpponentPool``: built-in bots with sampling weights, one drawn per game (the opponents of
``tablebits.gymnasium.VectorGameEnv``, played in C++)."""

from __future__ import annotations

import math
import numbers
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .._core import Game
from .builtin import BuiltinBot, Random
from .policy import Policy
from .spec import parse

__all__ = ["OpponentPool"]


@dataclass(frozen=True)
class OpponentPool:
    """Bots that run in C++, each drawn for a game with probability ``weight / sum(weights)``.

    ``OpponentPool.of(opponents, weights, game)`` builds one from what a user passes:
    ``opponents`` is one entry or a sequence of them, an entry being a built-in bot
    (``tb.bots.ISMCTS(50)``, ``Baseline``, ``Policy``, ...), a bot spec (``"ismcts:200"``,
    ``"baseline:50"``, ``"pimc:3@1"``, see ``tablebits.bots.parse``) or a weights file (a path
    object, or a str ending in ``.npz``: its ``Policy``); ``None`` is uniform random play.
    ``weights`` (``None``: equal) has one finite number >= 0 per entry, not all 0.
    """

    bots: tuple[BuiltinBot, ...]
    weights: tuple[float, ...]

    @classmethod
    def of(cls, opponents: Any, weights: Sequence[float] | None, game: Game) -> OpponentPool:
        """The pool of ``opponents`` and ``weights`` for ``game`` (``ValueError`` for a bad
        spec, file or weight, ``TypeError`` for an entry of the wrong kind)."""
        entries = _entries(opponents)
        bots = tuple(_bot(entry, game) for entry in entries)
        return cls(bots, _weights(weights, len(bots)))

    @property
    def names(self) -> list[str]:
        """The bots' names, in pool order (the indices ``VectorGameEnv``'s info reports)."""
        return [bot.name for bot in self.bots]

    def blob(self) -> bytes:
        """The bots' byte form, as the batch module reads them."""
        return b"".join(bot.config._bytes() for bot in self.bots)

    def weight_array(self) -> np.ndarray:
        """The weights as the float64 array the batch module reads."""
        return np.array(self.weights, np.float64)


def _entries(opponents: Any) -> list[Any]:
    if opponents is None:
        return [Random()]
    if isinstance(opponents, (str, os.PathLike, BuiltinBot)):
        return [opponents]
    if not isinstance(opponents, Sequence):
        raise TypeError("opponents must be a bot, a bot spec, a weights file or a sequence of "
                        f"them, not {type(opponents).__name__}")
    if not opponents:
        raise ValueError("opponents must hold at least one bot")
    return list(opponents)


def _bot(entry: Any, game: Game) -> BuiltinBot:
    if isinstance(entry, BuiltinBot):
        return entry
    if isinstance(entry, os.PathLike):
        return Policy(game, entry)
    if isinstance(entry, str):
        return parse(entry, game)
    raise TypeError(
        f"an opponent must be a built-in bot, a bot spec or a weights file (they play in C++), "
        f"not {type(entry).__name__}"
    )


def _weights(weights: Sequence[float] | None, count: int) -> tuple[float, ...]:
    if weights is None:
        return (1.0,) * count
    if isinstance(weights, (str, bytes)) or not isinstance(weights, Sequence | np.ndarray):
        raise TypeError(f"opponent weights must be a sequence of numbers, not "
                        f"{type(weights).__name__}")
    values = list(weights)
    if len(values) != count:
        raise ValueError(f"opponent weights need one weight per opponent ({count}), got "
                         f"{len(values)}")
    for w in values:
        if isinstance(w, bool) or not isinstance(w, numbers.Real):
            raise TypeError(f"an opponent weight must be a number, got {w!r}")
        if not (math.isfinite(w) and w >= 0):
            raise ValueError(f"opponent weights must be finite and >= 0, got {w!r}")
    if not sum(values) > 0:
        raise ValueError("opponent weights must not all be 0")
    return tuple(float(w) for w in values)
