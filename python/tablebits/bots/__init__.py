"""Choosing moves: the bots, one search decision with its statistics (``tb.search``), exact
solutions (``tb.solve``) and the networks the learned bot plays with (``weights``).

>>> import tablebits as tb
>>> state = tb.make("good_fortune").new_initial_state(seed=3)
>>> bot = tb.bots.ISMCTS(iterations=200, seed=1)
>>> bot.act(state, state.current_player()) in state.legal_actions()
True

- ``builtin``: ``Random``, ``ISMCTS``, ``PUCT`` (with a learned evaluator), ``PIMC``;
- ``baseline``: ``Baseline``, PUCT with the network shipped for a game;
- ``policy``: ``Policy``, a network's policy played without search (an RL agent's snapshot);
- ``pool``: ``OpponentPool``, bots with sampling weights (``VectorGameEnv``'s opponents);
- ``spec`` and ``names``: bots from their short names (``ismcts:20ms``) and back;
- ``search``, ``solve``: ``tb.search`` and ``tb.solve``;
- ``weights``: the networks' file format and numpy inference.
"""

from __future__ import annotations

from .baseline import Baseline
from .builtin import ISMCTS, PIMC, PUCT, Bot, BuiltinBot, Random, fill_seats
from .policy import Policy
from .pool import OpponentPool
from .spec import parse

__all__ = ["ISMCTS", "PIMC", "PUCT", "Baseline", "Bot", "BuiltinBot", "OpponentPool", "Policy",
           "Random", "fill_seats", "parse"]
