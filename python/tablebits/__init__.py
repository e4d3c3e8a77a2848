"""tablebits: four tabletop games at machine speed.

>>> import tablebits as tb
>>> game = tb.make("good_fortune")
>>> state = game.new_initial_state(seed=7)
>>> state.current_player() in (0, 1)
True

The object API (``make``, ``Game``, ``State``) is a pybind11 module; the array API
(``VectorEnv``, ``simulate``) is a Cython module. Both drive the same C++ engine.
"""

from __future__ import annotations

from typing import Any

from . import _build_info, _cpu

_cpu.check(_build_info.ARCH)  # before the extensions load: an ImportError instead of SIGILL

from . import _core, bots  # noqa: E402
from ._core import SIMULTANEOUS, TERMINAL, Game, State  # noqa: E402
from .arena import ArenaResult, arena, play  # noqa: E402
from .records import GameRecord, RecordError, load_records, replay, save_records  # noqa: E402
from .simulate import SimulationResult, simulate  # noqa: E402
from .solve import Solution, solve  # noqa: E402
from .vector import VectorEnv  # noqa: E402

__all__ = [
    "SIMULTANEOUS",
    "TERMINAL",
    "ArenaResult",
    "Game",
    "GameRecord",
    "RecordError",
    "SimulationResult",
    "Solution",
    "State",
    "VectorEnv",
    "arena",
    "bots",
    "games",
    "load_records",
    "make",
    "play",
    "replay",
    "save_records",
    "simulate",
    "solve",
]

__version__ = "0.1.0"


def games() -> list[str]:
    """The ids of every registered game, sorted."""
    return sorted(_core._factories)


def make(game_id: str, **params: Any) -> Game:
    """The game ``game_id`` with the given parameters (defaults for the rest).

    Unknown games, unknown parameter names and invalid values raise ``ValueError`` (or
    ``TypeError`` for a value of the wrong type) naming what is wrong. Parameters and their
    meaning are listed in each game's rules spec.
    """
    if not isinstance(game_id, str):
        raise TypeError(f"game id must be a str, not {type(game_id).__name__}")
    try:
        factory = _core._factories[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}; available: {', '.join(games())}") from None
    return factory(**params)
