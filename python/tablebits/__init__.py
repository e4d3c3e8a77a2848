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

from . import _build_info, _cpu

# Before anything imports the extensions: the engine build this CPU runs (an ImportError, not
# SIGILL, when it runs none).
_cpu.load(_build_info.ARCH, _build_info.BUILDS)

from . import bots  # noqa: E402
from ._core import SIMULTANEOUS, TERMINAL, Game, GameInfo, State  # noqa: E402
from ._registry import games, make  # noqa: E402
from .arena import ArenaResult, arena, play  # noqa: E402
from .bots.search import SearchResult, search  # noqa: E402
from .bots.solve import Solution, solve  # noqa: E402
from .errors import IllegalActionError, InvalidStateError  # noqa: E402
from .jobs.summary import ArenaSummary, SimulationSummary  # noqa: E402
from .pictures import attach as _attach_pictures  # noqa: E402
from .records import GameRecord, RecordError, load_records, replay, save_records  # noqa: E402
from .simulate import SimulationResult, simulate  # noqa: E402
from .strength.exploitability import ExploitabilityResult, exploitability  # noqa: E402
from .strength.ladder import LadderResult, ladder  # noqa: E402
from .sweep import sweep  # noqa: E402
from .vector import VectorEnv  # noqa: E402

_attach_pictures()  # State.to_svg and State._repr_svg_, for every game's State

__all__ = [
    "SIMULTANEOUS",
    "TERMINAL",
    "ArenaResult",
    "ArenaSummary",
    "ExploitabilityResult",
    "Game",
    "GameInfo",
    "GameRecord",
    "IllegalActionError",
    "InvalidStateError",
    "LadderResult",
    "RecordError",
    "SearchResult",
    "SimulationResult",
    "SimulationSummary",
    "Solution",
    "State",
    "VectorEnv",
    "__version__",
    "arena",
    "bots",
    "exploitability",
    "games",
    "ladder",
    "load_records",
    "make",
    "play",
    "replay",
    "save_records",
    "search",
    "simulate",
    "solve",
    "sweep",
]

from ._version import __version__  # noqa: E402
