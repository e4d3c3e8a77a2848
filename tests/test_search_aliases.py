"""The bindings' old ISMCTS methods are aliases of the two real entries (issue 22): the decision
of ``State.ismcts_action`` is ``State.bot_action`` with the same ISMCTS bot, and the visits of
``State.ismcts_visits`` are those of ``tb.search``."""

from __future__ import annotations

import numpy as np
import pytest

import tablebits as tb
from tablebits.bots import ISMCTS


@pytest.mark.parametrize("game_id", tb.games())
def test_ismcts_action_is_bot_action(game_id: str) -> None:
    state = tb.make(game_id).new_initial_state(seed=5)
    player = state.acting_players()[0]  # who decides, also at a simultaneous node
    bot = ISMCTS(iterations=200, exploration=0.9)
    for seed in (0, 1, 2):
        expected = state.bot_action(bot.config, player, seed)
        assert state.ismcts_action(player, iterations=200, exploration=0.9, seed=seed) == expected


@pytest.mark.parametrize("game_id", tb.games())
def test_ismcts_visits_are_the_search_visits(game_id: str) -> None:
    state = tb.make(game_id).new_initial_state(seed=6)
    player = state.acting_players()[0]
    visits = state.ismcts_visits(player, iterations=300, seed=3)
    result = tb.search(state, player, iterations=300, seed=3)
    assert visits.dtype == np.uint32 and visits.sum() > 0
    np.testing.assert_array_equal(visits, result.visits)
    assert state.ismcts_action(player, iterations=300, seed=3) == result.best_action
