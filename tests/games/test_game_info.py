"""Game metadata (game.info) and truncation (state.is_truncated), checked against the rules."""

from __future__ import annotations

import random

import pytest

import tablebits as tb
from tests.support.game_params import game_cases
from tests.support.helpers import random_step

# Turns per round and the 3-player discard node of Hội Phố (rules: "Game and rounds").
HOI_PHO_TURNS = {3: 4, 4: 4, 5: 3}
# Decision nodes of one Hội Phố turn, at most: play, 2 Goat copies, 3 Naga plays and takes,
# one leaf choice, and up to 10 rock-paper-scissors nodes when rps is "play".
HOI_PHO_TURN_STEPS = {"play": 1 + 2 + 6 + 1 + 10, "chance": 1 + 2 + 6 + 1}


def expected_info(game_id: str, params: dict) -> dict:
    """Hand-written from the rules of each game."""
    win_shares = {"utility": "constant_sum", "utility_sum": 1.0}
    if game_id == "good_fortune":
        guess = params.get("variant") == "guess"
        return {
            "dynamics": "mixed" if guess else "sequential",
            "chance": "deterministic",  # the deal happens at setup
            "information": "imperfect" if guess else "perfect",
            **win_shares,
            "max_game_length": 9 * (3 if guess else 4),  # 9 rounds: 2 selections + 2 placements
            "can_truncate": False,
        }
    if game_id == "fox_duet":
        return {
            "dynamics": "mixed",  # the Gift's swap is simultaneous
            "chance": "sampled",  # every round is dealt anew
            "information": "imperfect",
            "utility": "identical",
            "utility_sum": None,
            # 3 rounds of 11 tricks, each card with at most 2 follow-up decisions (Fox target and
            # swap), and the forest-token choice between rounds.
            "max_game_length": 3 * 11 * 2 * 3 + 2,
            "can_truncate": False,
        }
    if game_id == "color_mafia":
        players = params.get("players", 4)
        rounds = params.get("max_rounds", 100)
        return {
            "dynamics": "mixed",
            "chance": "deterministic",  # the first parent is drawn at setup
            "information": "imperfect",  # the simultaneous coin choice
            **win_shares,
            "max_game_length": rounds * (1 + players),  # a coin choice, one chip move each
            "can_truncate": True,
        }
    assert game_id == "hoi_pho"
    players = params.get("players", 4)
    rounds = params.get("max_rounds", 100)
    per_round = (players == 3) + HOI_PHO_TURNS[players] * HOI_PHO_TURN_STEPS[
        params.get("rps", "play")
    ]
    return {
        "dynamics": "mixed",
        "chance": "sampled",
        "information": "imperfect",
        **win_shares,
        "max_game_length": rounds * per_round,
        "can_truncate": True,
    }


@pytest.mark.parametrize(("game_id", "params"), game_cases())
def test_info_matches_the_rules(game_id, params):
    info = tb.make(game_id, **params).info
    assert isinstance(info, tb.GameInfo)
    for name, value in expected_info(game_id, params).items():
        assert getattr(info, name) == value, name
    assert (info.min_utility, info.max_utility) == (0.0, 1.0)
    assert info.cooperative == (info.utility == "identical")
    with pytest.raises(AttributeError):
        info.dynamics = "sequential"  # type: ignore[misc]
    assert info == tb.make(game_id, **params).info
    assert hash(info) == hash(tb.make(game_id, **params).info)


def test_info_follows_the_cap_parameters():
    assert tb.make("color_mafia", players=3, max_rounds=7).info.max_game_length == 7 * 4
    assert tb.make("hoi_pho", players=5, max_rounds=2).info.max_game_length == 2 * 3 * 20
    chance = tb.make("hoi_pho", players=3, max_rounds=1, rps="chance")
    assert chance.info.max_game_length == 1 + 4 * 10


# Small caps make the bound reachable by random play; the defaults check it on long games.
LENGTH_CASES = [
    *game_cases(),
    pytest.param("color_mafia", {"max_rounds": 1}, id="color_mafia-cap1"),
    pytest.param("color_mafia", {"players": 3, "max_rounds": 2}, id="color_mafia-cap2"),
    pytest.param("hoi_pho", {"max_rounds": 1}, id="hoi_pho-cap1"),
    pytest.param("hoi_pho", {"players": 5, "max_rounds": 1, "rps": "chance"}, id="hoi_pho-cap1c"),
]

# How far the bound may sit above the longest of 20,000 random games. Good Fortune's length is
# fixed; one Color Mafia round with no collision reaches its bound. Fox's bound counts a Fox on
# every card; Hội Phố's counts 10 rock-paper-scissors draws and the longest Naga/Goat chain in
# every turn, which random play essentially never produces.
SLACK = {"good_fortune": 1.0, "color_mafia": 1.0, "fox_duet": 2.5, "hoi_pho": 6.0}


@pytest.mark.parametrize(("game_id", "params"), LENGTH_CASES)
def test_max_game_length_bounds_random_games(game_id, params):
    game = tb.make(game_id, **params)
    bound = game.info.max_game_length
    result = tb.simulate(game_id, 20_000, seed=5, **params)
    longest = int(result.lengths.max())
    assert longest <= bound
    # Tightness: not with 100 rounds (far away), nor on a small Fox board, whose random games
    # are mostly won long before the rounds run out.
    if ("max_rounds" in params or not game.info.can_truncate) and "board" not in params:
        assert bound <= SLACK[game_id] * longest, (bound, longest)
    if game_id == "good_fortune":
        assert (result.lengths == bound).all()


def test_is_truncated_on_a_capped_color_mafia_state():
    # Round 3 of 3 with a full box: one round moves at most 3 chips per player, so the box cannot
    # empty and the game must end by the cap when this round finishes.
    game = tb.make("color_mafia", players=3, max_rounds=3)
    colors = {"R": 0, "B": 0, "Y": 0, "G": 0}
    coins = {"R": 1, "B": 1, "Y": 1, "G": 1, "W": 1}
    d = {
        "game": "color_mafia", "players": 3, "round": 3, "parent": 1, "phase": "choose",
        "box": {c: 10 for c in colors}, "chips": [dict(colors) for _ in range(3)],
        "coins": [dict(coins) for _ in range(3)], "revealed": [None] * 3, "acting": None,
        "outcome": None,
    }
    state = game.state_from_dict(d)
    assert not state.is_truncated()
    state.apply_actions([0, 1, 2])  # R, B, Y: no collision, everyone takes chips in turn
    steps = 1
    while not state.is_terminal():
        assert not state.is_truncated()
        state.apply_action(state.legal_actions()[-1])
        steps += 1
    assert steps == 4
    assert state.is_truncated()
    assert state.to_dict()["outcome"] == "truncated"
    assert state.returns() == pytest.approx([1 / 3] * 3)
    # The rules' own end is not a truncation (2 chips per colour: 7 of 8 taken in two rounds).
    ended = dict(d, box={"R": 1, "B": 0, "Y": 0, "G": 0},
                 chips=[{"R": 1, "B": 2, "Y": 0, "G": 0}, {"R": 0, "B": 0, "Y": 2, "G": 0},
                        {"R": 0, "B": 0, "Y": 0, "G": 2}])
    small = tb.make("color_mafia", players=3, max_rounds=3, chips_per_color=2)
    state = small.state_from_dict(ended)
    state.apply_actions([0, 1, 2])  # the parent's end check fires: the box holds one chip
    assert state.is_terminal()
    assert state.to_dict()["outcome"] == "ended"
    assert not state.is_truncated()


@pytest.mark.parametrize(("game_id", "params"), game_cases())
def test_is_truncated_agrees_with_the_outcome(game_id, params):
    if "max_rounds" in tb.make(game_id, **params).params:
        params = dict(params, max_rounds=1)  # most games then end by the cap
    game = tb.make(game_id, **params)
    rng = random.Random(3)
    for seed in range(30):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            assert not state.is_truncated()
            random_step(state, game.num_players, rng)
        truncated = state.to_dict().get("outcome") == "truncated"
        assert state.is_truncated() == truncated
        assert truncated <= game.info.can_truncate
        if truncated:
            assert state.returns() == pytest.approx([1 / game.num_players] * game.num_players)
