"""tablebits bots as OpenSpiel ``Bot`` objects in ``evaluate_bots``: OpenSpiel's C++ bots crash on
Python games, these run tablebits' own C++ ISMCTS."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import evaluate_bots  # noqa: E402

from tablebits.openspiel import TablebitsBot, ismcts_bot, load_game  # noqa: E402


@pytest.mark.parametrize(("game_id", "params"), [
    ("good_fortune", {}),
    ("hoi_pho", {"players": 3}),               # native: simultaneous nodes
    ("fox_duet", {"turn_based": True}),
])
def test_ismcts_bots_play_whole_games(game_id, params):
    game = load_game(game_id, rng_seed=5, **params)
    players = game.num_players()
    bots = [ismcts_bot(game, p, iterations=30, seed=p) for p in range(players)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(0))
    assert len(returns) == players and min(returns) >= 0.0 and max(returns) <= 1.0


def test_ismcts_bot_beats_random_on_good_fortune():
    """200 iterations of ISMCTS against uniform random: well above the 0.5 of a random seat."""
    game = load_game("good_fortune", rng_seed=6)
    total = 0.0
    for i in range(20):
        bots = [ismcts_bot(game, 0, iterations=200, seed=i), pyspiel.make_uniform_random_bot(1, i)]
        total += evaluate_bots.evaluate_bots(game.new_initial_state(), bots,
                                             np.random.RandomState(i))[0]
    assert total / 20 > 0.6


def test_bad_arguments():
    game = load_game("good_fortune")
    with pytest.raises(ValueError, match="player"):
        ismcts_bot(game, 2)
    with pytest.raises(TypeError, match="act"):
        TablebitsBot(game, 0, object())
