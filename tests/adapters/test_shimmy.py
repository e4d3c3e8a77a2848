"""Shimmy's ``OpenSpielCompatibilityV0`` over the OpenSpiel adapter.

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


# The form a new user tries first: a loaded game handed over as it is. Shimmy reloads it by its
# short name on every reset, so a game with non-default parameters has a short name of its own
# that loads those parameters (reloaded with the defaults, its steps would fail: "joint action
# must have 4 entries, got 3").
ENV_CASES = [*CASES, ("hoi_pho", {"players": 5}), ("color_mafia", {})]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("game_id", "params"), ENV_CASES, ids=str)
def test_loaded_game_keeps_its_parameters_and_seeds(game_id, params):
    from tablebits.openspiel import load_game

    env = shimmy.OpenSpielCompatibilityV0(env=load_game(game_id, chance_seed=True, **params))
    api_test(env, num_cycles=60)
    players = params.get("players", 2 if game_id in ("good_fortune", "fox_duet") else 4)
    assert env._env.num_players() == players == len(env.possible_agents)
    assert dict(env._env.get_parameters())["turn_based"] == params.get("turn_based", False)
    assert deal(env, 5) == deal(env, 5)
    assert len({deal(env, seed)[0] for seed in range(4)}) == 4


def test_variant_short_names_load_their_parameters():
    import pyspiel

    import tablebits as tb
    from tablebits.openspiel import load_game

    assert load_game("hoi_pho", players=4).get_type().short_name == "tablebits_hoi_pho"
    game = load_game("hoi_pho", turn_based=True, players=3)
    name = game.get_type().short_name
    assert name == "tablebits_hoi_pho[players=3,turn_based=True]"
    again = pyspiel.load_game(name)
    assert (again.num_players(), again.get_type().dynamics) == (
        3, pyspiel.GameType.Dynamics.SEQUENTIAL)
    # The game string round-trips to the same game.
    assert str(pyspiel.load_game(str(game))) == str(game)
    # A list-valued parameter (not an OpenSpiel parameter) survives a reload by name too.
    board = list(reversed(tb.make("fox_duet").params["board"]))
    fox = load_game("fox_duet", board=board)
    assert fox.get_type().short_name.startswith("tablebits_fox_duet[board=#")
    reloaded = pyspiel.load_game(fox.get_type().short_name)
    assert reloaded.tb_game.params["board"] == board != tb.make("fox_duet").params["board"]


def test_apply_actions_takes_none_for_players_who_do_not_act():
    """Shimmy passes None for a player with no legal action at a simultaneous node."""
    from tablebits.openspiel import load_game

    state = load_game("hoi_pho", players=5, rng_seed=3).new_initial_state()
    while not state.is_terminal():
        if state.is_simultaneous_node():
            legal = [state.legal_actions(p) for p in range(5)]
            if not all(legal):
                break
            state.apply_actions([moves[0] for moves in legal])
        else:
            state.apply_action(state.legal_actions()[0])
    else:
        pytest.fail("no simultaneous node with a player who does not act")
    idle = legal.index([])
    acting = next(p for p in range(5) if legal[p])
    before = str(state)
    joint = [moves[0] if moves else None for moves in legal]
    bad = list(joint)
    bad[acting] = None
    with pytest.raises(ValueError, match=f"player {acting} is acting"):
        state.apply_actions(bad)
    assert str(state) == before
    with pytest.raises(TypeError, match="list of ints"):
        state.apply_actions(None)
    state.apply_actions(joint)
    assert state.history()[-5 + idle] == -1


@pytest.mark.parametrize("make_env", [
    lambda chance_seed: shimmy.OpenSpielCompatibilityV0(
        env=__import__("tablebits.openspiel").openspiel.load_game(
            "hoi_pho", players=3, turn_based=True, chance_seed=chance_seed)),
    lambda chance_seed: shimmy.OpenSpielCompatibilityV0(
        game_name=short_name("good_fortune"), config={"chance_seed": chance_seed}),
], ids=["env", "game_name"])
def test_a_seeded_reset_of_a_game_without_chance_seed_warns(make_env):
    # Without chance_seed the deal comes from the game's own generator, which Shimmy's seed
    # never reaches: api_test failed in 6 of 10 runs, silently. A seeded reset now warns,
    # naming the fix; an unseeded one (no reproducibility asked) and chance_seed=True do not.
    import warnings

    env = make_env(False)
    with pytest.warns(UserWarning, match=r"reset\(seed=\.\.\.\) does not choose the deal .* "
                                         r"chance_seed=True") as caught:
        env.reset(seed=3)
    assert len(caught) == 1  # once per reset, though OpenSpiel makes more initial states
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env.reset()
        make_env(True).reset(seed=3)
