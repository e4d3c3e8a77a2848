"""The exact Good Fortune solver against an independent exhaustive minimax (pure Python)."""

from __future__ import annotations

import random

import pytest

import tablebits as tb
from tests.games.reference import good_fortune as reference


def child_values(state) -> dict[int, int]:
    """Each legal action's minimax value."""
    values = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        values[action] = minimax(child)
    return values


def minimax(state) -> int:
    """Final score margin (player 0 minus player 1) under optimal play, by brute force."""
    if state.is_terminal():
        s0, s1 = state.scores()
        return int(s0 - s1)
    values = child_values(state).values()
    return max(values) if state.current_player() == 0 else min(values)


def positions(params, rounds_left, count, seed):
    """Random positions from random play with at most `rounds_left` rounds to go."""
    game = tb.make("good_fortune", **params)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.new_initial_state(rng.getrandbits(64))
        target_round = 10 - rounds_left
        while state.to_dict()["round"] < target_round:
            state.apply_action(rng.choice(state.legal_actions()))
        for _ in range(rng.randrange(4)):  # also mid-round positions
            state.apply_action(rng.choice(state.legal_actions()))
        out.append(state)
    return out


@pytest.mark.parametrize(
    "params",
    [{}, {"connection": "shared"}, {"must_connect": True}],
    ids=["domino", "shared", "must_connect"],
)
def test_solver_agrees_with_exhaustive_minimax(params):
    ref_game = reference.make(**params)
    for state in positions(params, rounds_left=2, count=25, seed=len(params)):
        ref_state = ref_game.state_from_dict(state.to_dict())
        values = child_values(ref_state)
        pick = max if ref_state.current_player() == 0 else min
        expected = pick(values.values())
        solution = tb.solve(state)
        assert solution.value == expected, state.to_dict()
        assert solution.best_actions == [a for a, v in values.items() if v == expected]


def test_solver_values_a_finished_game_by_its_scores():
    state = positions({}, 1, 1, seed=3)[0]
    rng = random.Random(0)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    s0, s1 = state.scores()
    assert tb.solve(state).value == s0 - s1 and tb.solve(state).best_actions == []


def test_four_rounds_left_solve_quickly():
    for state in positions({}, 4, 2, seed=9):
        solution = tb.solve(state, time_limit=10.0)  # the target is < 1 s; 10 s is CI headroom
        assert solution.best_actions and set(solution.best_actions) <= set(state.legal_actions())


def test_limits_and_inapplicable_games():
    state = tb.make("good_fortune").new_initial_state(1)
    with pytest.raises(TimeoutError):
        tb.solve(state, max_nodes=1000)
    with pytest.raises(ValueError):
        tb.solve(tb.make("good_fortune", variant="guess").new_initial_state(1))
    for game_id in tb.games():
        if game_id != "good_fortune":
            with pytest.raises(ValueError):
                tb.solve(tb.make(game_id).new_initial_state(1))
