"""tablebits bots as OpenSpiel ``Bot`` objects (``pyspiel.Bot``), usable in ``evaluate_bots``.

OpenSpiel's C++ bots (``pyspiel.MCTSBot``, ``pyspiel.ISMCTSBot``) crash on any game written in
Python, OpenSpiel's own ``python_kuhn_poker`` included, so they cannot play the tablebits
games. ``TablebitsBot`` runs a tablebits bot instead, in C++ on the tablebits state:
``ismcts_bot(game, player)`` is tablebits' ISMCTS, which searches only what ``player`` knows.
"""

from __future__ import annotations

from typing import Any

import pyspiel

from ..bots.builtin import ISMCTS
from .openspiel import TablebitsGame, TablebitsState

__all__ = ["TablebitsBot", "ismcts_bot"]


class TablebitsBot(pyspiel.Bot):  # type: ignore[misc]
    """``bot`` (anything with ``act(state, player)``) playing ``player`` as an OpenSpiel bot.

    At a simultaneous node where ``player`` is not acting it returns 0, an entry the adapter
    ignores. In turn-based mode the bot sees the state without the pending choices of the
    players before it, which is what ``player`` knows.
    """

    def __init__(self, game: TablebitsGame, player: int, bot: Any) -> None:
        super().__init__()
        if not isinstance(game, TablebitsGame):
            raise TypeError(f"game must be a tablebits OpenSpiel game, not {type(game).__name__}")
        if not isinstance(player, int) or not 0 <= player < game.num_players():
            raise ValueError(f"player must be in [0, {game.num_players()}), got {player!r}")
        if not callable(getattr(bot, "act", None)):
            raise TypeError(f"bot needs an act(state, player) method, got {bot!r}")
        self._player = player
        self._bot = bot

    def step(self, state: TablebitsState) -> int:
        """The bot's action for ``player`` in ``state``."""
        if not state.legal_actions(self._player):
            return 0
        return int(self._bot.act(state.tb_state, self._player))

    def restart_at(self, state: TablebitsState) -> None:
        pass

    def inform_action(self, state: TablebitsState, player_id: int, action: int) -> None:
        pass


def ismcts_bot(game: TablebitsGame, player: int, iterations: int = 1000, seed: int | None = 0,
               **options: Any) -> TablebitsBot:
    """tablebits' C++ ISMCTS (``tb.bots.ISMCTS(iterations, seed=seed, **options)``) for
    ``player`` as an OpenSpiel bot."""
    return TablebitsBot(game, player, ISMCTS(iterations, seed=seed, **options))
