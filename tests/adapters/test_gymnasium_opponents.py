"""tablebits.gymnasium.make(game, seat=0, opponents=[bot]): one bot fills every other seat,
as in tb.arena."""

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from tablebits.gymnasium import make  # noqa: E402


@pytest.mark.parametrize(
    "given, filled", [(["a"], "aaa"), (["a", "b"], "abb"), (list("abc"), "abc")]
)
def test_the_last_opponent_fills_the_other_seats(given, filled):
    acted: list[tuple[str, int]] = []

    def bot(name):
        def act(state, player):
            acted.append((name, player))
            return state.legal_actions(player)[0]
        return act

    env = make("hoi_pho", seat=0, opponents=[bot(n) for n in given], players=4)
    _, info = env.reset(seed=5)
    rng = np.random.default_rng(0)
    for _ in range(60):  # enough turns for every other seat to act
        legal = np.flatnonzero(info["action_mask"])
        _, _, terminated, truncated, info = env.step(int(rng.choice(legal)))
        if terminated or truncated:
            break
    seen = {player: name for name, player in acted}
    assert seen == {1: filled[0], 2: filled[1], 3: filled[2]}
