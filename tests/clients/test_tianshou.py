"""Tianshou DQN as one seat over Tianshou's PettingZooEnv: its replay buffer stores the AEC env's
infos, which must have a fixed shape."""

from __future__ import annotations

import tianshou_dqn as example


def test_dqn_trains_one_seat():
    result, final = example.train(epochs=1, steps_per_epoch=200)
    assert result.train_step >= 200 and result.update_step > 0
    returns = final.returns
    assert returns.shape == (20, 2)
    # Win shares: each game's two returns sum to 1.
    assert ((returns >= 0) & (returns <= 1)).all() and (abs(returns.sum(axis=1) - 1) < 1e-6).all()
