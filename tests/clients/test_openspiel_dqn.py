"""OpenSpiel's rl_environment with its PyTorch DQN on a native game with simultaneous and
sequential nodes, and on a turn-based one."""

from __future__ import annotations

import openspiel_dqn as example
import pytest


@pytest.mark.parametrize(("game_id", "params"), [
    ("fox_duet", {}),
    ("hoi_pho", {"players": 5}),
    ("good_fortune", {"turn_based": True}),
])
def test_dqn_self_play(game_id, params):
    returns = example.train(game_id, 12, **params)
    assert len(returns) == 12
    for r in returns:
        assert all(0.0 <= x <= 1.0 for x in r)
        if game_id == "fox_duet":
            assert r[0] == r[1]  # one team result
        else:
            assert sum(r) == pytest.approx(1.0)
