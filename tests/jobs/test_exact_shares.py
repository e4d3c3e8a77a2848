"""The object API's returns() are exact Python floats; the batch arrays stay float32."""

from __future__ import annotations

import numpy as np

import tablebits as tb


def three_way_truncated_tie() -> tb.State:
    """Color Mafia, 3 players, cut off at the round cap: by the rules everybody shares the win."""
    game = tb.make("color_mafia", players=3, max_rounds=5)
    chips = [{"R": 3, "B": 3, "Y": 3, "G": 3}, {"R": 3, "B": 3, "Y": 3, "G": 3},
             {"R": 3, "B": 3, "Y": 3, "G": 3}]
    coins = [{"R": 1, "B": 1, "Y": 1, "G": 1, "W": 1}] * 3
    return game.state_from_dict({
        "game": "color_mafia", "players": 3, "round": 5, "parent": 0, "phase": "over",
        "box": {"R": 1, "B": 1, "Y": 1, "G": 1}, "chips": chips, "coins": coins,
        "revealed": [None, None, None], "acting": None, "outcome": "truncated",
    })


def test_three_way_tie_returns_exact_thirds() -> None:
    state = three_way_truncated_tie()
    returns = state.returns()
    assert returns == [1 / 3, 1 / 3, 1 / 3]
    assert all(type(r) is float for r in returns)
    assert sum(returns) == 1.0


def test_exact_shares_survive_bytes_and_pickle() -> None:
    import pickle

    state = three_way_truncated_tie()
    for copy in (state.game.state_from_bytes(state.to_bytes()), pickle.loads(pickle.dumps(state))):
        assert copy.returns() == [1 / 3, 1 / 3, 1 / 3]


def test_two_way_and_sole_wins_unchanged() -> None:
    state = tb.make("good_fortune").new_initial_state(seed=3)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.returns() in ([1.0, 0.0], [0.0, 1.0], [0.5, 0.5])
    assert sum(state.returns()) == 1.0


def test_batch_arrays_stay_float32() -> None:
    result = tb.simulate("color_mafia", 2000, seed=0, players=3)
    assert result.returns.dtype == np.float32
    shared = result.returns[(result.returns > 0).sum(axis=1) == 3]
    assert shared.size > 0  # 112 three-way shares among these 2000 games
    # float32 cannot hold 1/3: the arrays carry the nearest float32, as documented.
    assert np.all(shared == np.float32(1 / 3))
