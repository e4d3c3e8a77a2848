"""PIMC whose depth-limited leaves are valued by a learned evaluator (``PIMC(evaluator=...)``).

The scenario tests use evaluators written here whose values are known functions of the
observation, so the decision they must lead to is computed independently of the engine.
"""

from __future__ import annotations

import math
import pickle

import numpy as np
import pytest

import tablebits as tb
from tablebits.bots.weights import load_weights, shipped_path
from tests.bots.test_pimc import ENDGAMES

GAME = tb.make("fox_duet")
LAYOUT = {s["name"]: s for s in GAME.observation_layout}
OWN_HAND = LAYOUT["own_hand"]["offset"]
SEAT = LAYOUT["seat"]["offset"]


def keeps_card(card: int, rows_seen: list[np.ndarray] | None = None):  # noqa: ANN201
    """An evaluator valuing a position 1 for a row whose observer holds ``card``, else 0."""

    def evaluate(obs: np.ndarray, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        if rows_seen is not None:
            rows_seen.append(obs.copy())
        held = obs[:, OWN_HAND + card].astype(np.float32)
        return masks.astype(np.float32), np.repeat(held[:, None], 2, axis=1)

    return evaluate


def endgame_state() -> tb.State:
    # Three tricks left, no win possible: every leaf one trick ahead is unfinished.
    return GAME.state_from_dict(ENDGAMES[1])


def test_leaf_values_decide() -> None:
    state = endgame_state()
    player = state.current_player()
    hand_choice = tb.bots.PIMC(samples=4).act(state, player)
    # Valued by "the team still holds the card the hand evaluation would lead", every other
    # lead keeps it (no card effect forces it away) and so is worth more: PIMC must switch.
    rows: list[np.ndarray] = []
    bot = tb.bots.PIMC(samples=4, evaluator=keeps_card(hand_choice, rows))
    choice = bot.act(state, player)
    assert choice != hand_choice and choice in state.legal_actions()
    # Each leaf is observed from both seats, in seat order.
    assert rows and all(r.shape[0] == 2 for r in rows)
    assert all(r[0, SEAT] == 1 and r[1, SEAT + 1] == 1 for r in rows)


def test_leaf_mix_zero_never_evaluates() -> None:
    state = endgame_state()
    player = state.current_player()
    rows: list[np.ndarray] = []
    hand_choice = tb.bots.PIMC(samples=4).act(state, player)
    bot = tb.bots.PIMC(samples=4, evaluator=keeps_card(hand_choice, rows), leaf_mix=0.0)
    assert bot.act(state, player) == hand_choice
    assert rows == []


def test_small_mix_keeps_the_hand_evaluation_order() -> None:
    # A mix of 1e-6 moves a leaf by at most 4 (kTeamNetworkScale = 2^22), below the team
    # evaluation's smallest step (60 per space of the tracker): the decision is the hand one.
    state = endgame_state()
    player = state.current_player()
    hand_choice = tb.bots.PIMC(samples=4).act(state, player)
    bot = tb.bots.PIMC(samples=4, evaluator=keeps_card(hand_choice), leaf_mix=1e-6)
    assert bot.act(state, player) == hand_choice


def shipped_network() -> tb.bots.weights.Network:
    return load_weights(shipped_path(GAME.id, GAME.params), GAME)


def test_reproducible_across_threads() -> None:
    net = shipped_network().native()
    states = [GAME.new_initial_state(seed) for seed in range(4)] + [endgame_state()]
    for seed, state in enumerate(states):
        cur = state.current_player()
        one = tb.bots.PIMC(samples=6, seed=seed, evaluator=net, leaf_mix=0.5).act(state, cur)
        again = tb.bots.PIMC(samples=6, seed=seed, evaluator=net, leaf_mix=0.5)
        two = tb.bots.PIMC(samples=6, seed=seed, evaluator=net, leaf_mix=0.5, threads=2)
        assert again.act(state, cur) == one == two.act(state, cur)


def test_arena_reproducible_with_an_evaluator() -> None:
    net = shipped_network().native()
    bot = tb.bots.PIMC(samples=3, evaluator=net, leaf_mix=0.01)
    a = tb.arena(GAME, [bot, bot], games=4, seed=5, threads=1)
    b = tb.arena(GAME, [bot, bot], games=4, seed=5, threads=2)
    assert np.array_equal(a.returns, b.returns) and np.array_equal(a.lengths, b.lengths)


@pytest.mark.parametrize("mix", [-0.1, 1.5, math.nan, math.inf])
def test_bad_leaf_mix(mix: float) -> None:
    with pytest.raises(ValueError, match="leaf_mix"):
        tb.bots.PIMC(evaluator=keeps_card(0), leaf_mix=mix)


def test_evaluator_of_another_game_refused() -> None:
    gf = tb.make("good_fortune")
    other = load_weights(shipped_path(gf.id, gf.params), gf).native()
    state = endgame_state()
    bot = tb.bots.PIMC(samples=2, evaluator=other)
    with pytest.raises(ValueError, match="serves good_fortune"):
        bot.act(state, state.current_player())
    with pytest.raises(ValueError, match="serves good_fortune"):
        tb.arena(GAME, [bot, bot], games=1)


def test_evaluator_error_raised() -> None:
    def broken(obs: np.ndarray, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        raise ArithmeticError("leaf evaluation broke")

    state = endgame_state()
    bot = tb.bots.PIMC(samples=2, evaluator=broken)
    with pytest.raises(ArithmeticError, match="leaf evaluation broke"):
        bot.act(state, state.current_player())
    # The evaluator recovers after the error was raised, and the state is untouched.
    assert state.to_dict() == endgame_state().to_dict()


def test_learned_pimc_stays_local() -> None:
    bot = tb.bots.PIMC(samples=2, evaluator=keeps_card(0))
    assert bot.learned and not tb.bots.PIMC().learned
    with pytest.raises(TypeError, match="cannot be pickled"):
        pickle.dumps(bot)
    plain = pickle.loads(pickle.dumps(tb.bots.PIMC(samples=3, depth=2)))
    assert (plain.samples, plain.depth, plain.config) == (3, 2, tb.bots.PIMC(3, 2).config)
    mixed = pickle.loads(pickle.dumps(tb.bots.PIMC(leaf_mix=0.5)))
    assert mixed.config == tb.bots.PIMC(leaf_mix=0.5).config
