"""OpenSpiel games of every tablebits game (the public path; the code is in
``tablebits.adapters.openspiel``). Importing either registers ``tablebits_<game_id>`` with
``pyspiel``.

>>> from tablebits.openspiel import load_game
"""

from __future__ import annotations

from .adapters.openspiel import (
    SEED_OUTCOMES,
    TablebitsGame,
    TablebitsState,
    _unpickle_state,  # noqa: F401  (pickles made before the move name it here)
    load_game,
    register_all,
    short_name,
)
from .adapters.openspiel_bots import TablebitsBot, ismcts_bot

__all__ = [
    "SEED_OUTCOMES", "TablebitsBot", "TablebitsGame", "TablebitsState", "ismcts_bot", "load_game",
    "register_all", "short_name",
]
