"""OpenSpiel's ``rl_environment`` on the native (simultaneous-dynamics) games.

``rl_environment`` calls ``apply_actions`` at every node of a simultaneous game, also where one
player acts; OpenSpiel's own simultaneous games take that joint action and apply the mover's
entry. The adapter follows that convention: each step below is checked against the object API
applying the mover's action (or the joint action) to a copy of the state.
"""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import rl_environment  # noqa: E402

from tablebits.openspiel import load_game  # noqa: E402


@pytest.mark.parametrize(("game_id", "params"), [
    ("fox_duet", {}),                # failed at its first step before
    ("hoi_pho", {"players": 5}),     # mixed: simultaneous and sequential nodes
    ("color_mafia", {"players": 4}),
])
def test_rl_environment_plays_native_games(game_id, params):
    game = load_game(game_id, rng_seed=3, **params)
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    env = rl_environment.Environment(game)
    rng = np.random.default_rng(0)
    sequential_steps = 0
    for _ in range(2):
        step = env.reset()
        while not step.last():
            legal = step.observations["legal_actions"]
            joint = [int(rng.choice(moves)) if moves else 0 for moves in legal]
            expected = env.get_state.tb_state.clone()
            if expected.is_simultaneous_node():
                expected.apply_actions([a if legal[p] else -1 for p, a in enumerate(joint)])
            else:
                sequential_steps += 1
                expected.apply_action(joint[expected.current_player()])
            step = env.step(joint)
            assert env.get_state.tb_state == expected
        assert sum(step.rewards) == pytest.approx(game.utility_sum() if game_id != "fox_duet"
                                                  else 2 * step.rewards[0])
    if game_id == "hoi_pho":
        assert sequential_steps > 0


def test_joint_action_at_a_sequential_node_is_checked():
    """A bad entry for the mover raises and changes nothing; a short joint action is refused."""
    state = load_game("hoi_pho", rng_seed=4, players=5).new_initial_state()
    rng = np.random.default_rng(1)
    while state.is_simultaneous_node():
        state.apply_actions([int(rng.choice(state.legal_actions(p))) if state.legal_actions(p)
                             else 0 for p in range(5)])
    assert not state.is_terminal()
    mover = state.current_player()
    before = state.tb_state.clone()
    illegal = next(a for a in range(state.num_distinct_actions())
                   if a not in state.legal_actions(mover))
    joint = [0] * 5
    joint[mover] = illegal
    with pytest.raises(ValueError, match="illegal"):
        state.apply_actions(joint)
    with pytest.raises(ValueError, match="5 entries"):
        state.apply_actions([state.legal_actions(mover)[0]] * 4)
    assert state.tb_state == before
