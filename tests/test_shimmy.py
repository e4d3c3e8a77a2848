"""Shimmy's ``OpenSpielCompatibilityV0`` over the OpenSpiel adapter (issue #25, item 3).

Shimmy reloads the game by name on every ``reset`` (keeping only its ``config``) and reaches
the game's randomness only through chance nodes, which it samples with the generator that
``reset(seed=...)`` seeds. With ``chance_seed=True`` the deal is the opening chance node's
outcome, so the same seed deals the same game and different seeds different games.
"""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")
shimmy = pytest.importorskip("shimmy")

from pettingzoo.test import api_test  # noqa: E402

from tablebits.openspiel import short_name  # noqa: E402

CASES = [
    ("good_fortune", {}),
    ("fox_duet", {"turn_based": True}),
    ("fox_duet", {}),
    ("hoi_pho", {"players": 3, "turn_based": True}),
    ("color_mafia", {"players": 4, "turn_based": True}),
]


def shimmy_env(game_id, params):
    return shimmy.OpenSpielCompatibilityV0(
        game_name=short_name(game_id), config={**params, "chance_seed": True})


def deal(env, seed):
    """(the opening chance outcome, the dealt board)."""
    env.reset(seed=seed)
    return env.game_state.history()[0], str(env.game_state)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("game_id", "params"), CASES, ids=str)
def test_api_test_and_seeded_deals(game_id, params):
    env = shimmy_env(game_id, params)
    api_test(env, num_cycles=60)
    # The parameters survive every reset (Shimmy reloads the game).
    assert env._env.num_players() == params.get("players", 2)
    assert dict(env._env.get_parameters())["turn_based"] == params.get("turn_based", False)
    assert deal(env, 11) == deal(env, 11)
    # Different seeds: different deal seeds (Color Mafia's start has few distinct boards).
    assert len({deal(env, seed)[0] for seed in range(4)}) == 4
    if game_id != "color_mafia":
        assert len({deal(env, seed)[1] for seed in range(4)}) == 4


def test_chance_seed_node_is_the_deal():
    """The opening chance node's outcome s deals the object API's game of seed s."""
    import tablebits as tb
    from tablebits.openspiel import SEED_OUTCOMES, load_game

    game = load_game("hoi_pho", players=3, chance_seed=True)
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == SEED_OUTCOMES == game.max_chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_action(123)
    assert str(state) == str(tb.make("hoi_pho", players=3).new_initial_state(123))
    assert not state.is_chance_node()
    with pytest.raises(ValueError, match="chance_seed must be a bool"):
        load_game("hoi_pho", chance_seed=1)
