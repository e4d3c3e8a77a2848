"""What changed, in words: the narration of the worked examples on the rules pages.

Each expected line is read off the page's own account of the example (docs/games/<game>.md).
"""

from __future__ import annotations

import re

import pytest

import tablebits as tb
from tablebits.pictures.narrate import narrate
from tests.pictures.test_pictures import CM_OVER, CM_RESOLVE, FOX_MID, GF_PLACE, NAGA


def step(state: tb.State, text: str, seat: int | None = None) -> list[str]:
    before = state.clone()
    state.apply_action(state.string_to_action(text))
    return narrate(before, state, seat)


def test_good_fortune_placements():
    state = tb.make("good_fortune").state_from_dict(GF_PLACE)
    # Tile 5 at R, mati facing the exposed mati: connects, tile 7 (the left end) collected.
    assert step(state, "place R mati") == [
        "player 1 places tile 5 at R: mati meets mati, connects and collects tile 7",
        "scores: player 0 0, player 1 2"]
    # Tile 9 at R, hamsa facing hamsa: collects tile 12; the round ends, the token shows big.
    assert step(state, "place R hamsa") == [
        "player 0 places tile 9 at R: hamsa meets hamsa, connects and collects tile 12",
        "scores: player 0 1, player 1 2",
        "round 2: the token shows big (higher number places first)"]
    assert step(state, "select 17") == ["player 1 selects tile 17 (horseshoe/clover, die 3)"]


def test_fox_duet_a_swap_that_loses_the_game():
    state = tb.make("fox_duet").state_from_dict(FOX_MID)
    # Player 1 swaps R5 for the decree D1; no Dove is trump now, D6 and D3 are both of the
    # led suit and D6 (player 1's lead) is higher; the tracker would go beyond +3 with no
    # forest token left: the game is lost.
    assert step(state, "swap R5", seat=0) == [
        "the decree is now R5: Roses are trump",
        "player 1 takes the old decree D1 into hand",
        "player 1 wins the trick: D6 is the higher of two cards of the led suit",
        "game over: the team loses, score 0"]


def test_hoi_pho_the_cat_names_a_card_and_the_naga_takes_one():
    state = tb.make("hoi_pho", players=3).state_from_dict(NAGA)
    # Naming 1 makes player 1 (who holds it) pay 3 to player 0 and shows the 1.
    assert step(state, "name 1", seat=2) == [
        "player 0's 5 Cat names 1 Mouse: player 0 +3, player 1 −3",
        "player 1 is known to hold 1 Mouse"]
    # The Naga takes the Sheep and the turn ends.
    assert step(state, "naga-take 10", seat=2) == ["player 0's 6 Naga takes 10 Sheep into hand"]


#: 4 players, the last turn of round 1: everyone holds their ship and one merchant; one spare
#: ship was played earlier (by player 0), and 1, 3 and 5 last turn.
HOI_LAST_TURN = {
    "game": "hoi_pho", "players": 4, "round": 1, "turn": 4, "phase": "play",
    "coins": [10, 4, 3, 2], "contracts": [[], [], [], []],
    "hands": [[0, 12], [0, 9], [0, 4], [0, 2]], "ships_played": [1, 0, 0, 0],
    "previous": [1, 3, 5]}


def test_hoi_pho_tells_the_rewards_and_the_coin_cap_that_make_a_net_change():
    state = tb.make("hoi_pho").state_from_dict(HOI_LAST_TURN)
    before = state.clone()
    joint = [state.string_to_action(text, p)
             for p, text in enumerate(["play ship", "play 9", "play 4", "play 2"])]
    state.apply_actions(joint)
    # The rules: a lone ship +5 (player 0: 10 -> 15); 9 is highest (+3), 4 second (+1), 2 the
    # lowest uses the Buffalo (+4). The round ends: player 0 has the most coins (15) and takes
    # the top contract 5; round 2's cap is the new top contract, 7: player 0 drops to 7.
    assert state.to_dict()["coins"] == [7, 7, 4, 6]
    assert narrate(before, state, seat=1, actions=joint) == [
        "revealed: player 0 ship, player 1 9 Horse, player 2 4 Rabbit, player 3 2 Buffalo",
        "a lone ship: player 0 +5",
        "1st: 9 Horse, player 1 +3",
        "2nd: 4 Rabbit, player 2 +1",
        "lowest: 2 Buffalo (gain 4): player 3 +4",
        "player 0 takes contract 5 (1 of 3): the most coins (15)",
        "coin cap at 7, the top contract: player 0 15 → 7",
        "round 2: new hands"]
    # Without the move, two plays lead here (player 2's ship would also have earned +1, and
    # player 0's coins are capped either way): the net changes are told, without reasons.
    assert narrate(before, state, seat=1) == [
        "coins: player 0 −3, player 1 +3, player 2 +1, player 3 +4",
        "player 0 takes contract 5 (1 of 3)",
        "coin cap: coins above 7, the top contract, drop to 7",
        "round 2: new hands"]


def test_hoi_pho_zeroed_merchants_are_the_lowest():
    # The rules' first worked example: 1, 15, 13 and a ship. The ship earns 5; the Mouse
    # zeroes the Pig and the Pig the Chicken; the Mouse is highest (+2), no 2nd; the zeroed
    # 13 and 15 use their skills: nothing, then the Pig: neighbours +2 each, its player -4.
    d = {"game": "hoi_pho", "round": 1, "turn": 1, "phase": "play", "coins": [3, 5, 7, 9],
         "contracts": [[], [], [], []],
         "hands": [[0, 1, 5, 9, 10], [0, 2, 6, 13, 14], [0, 3, 7, 11, 15], [0, 0, 4, 8, 12]]}
    state = tb.make("hoi_pho").state_from_dict(d)
    before = state.clone()
    state.apply_actions([1, 13, 15, 0])
    assert narrate(before, state) == [
        "revealed: player 0 1 Mouse, player 1 13 Chicken, player 2 15 Pig, player 3 ship",
        "a lone ship: player 3 +5",
        "1 Mouse zeroes 15 Pig",
        "15 Pig zeroes 13 Chicken",
        "1st: 1 Mouse, player 0 +2",
        "lowest: 13 Chicken (no skill), 15 Pig (feed neighbours): "
        "player 1 +2, player 2 −4, player 3 +2"]
    assert state.to_dict()["coins"] == [5, 7, 3, 16]


def test_color_mafia_names_who_collided_and_who_must_return():
    d = {**CM_RESOLVE, "phase": "choose", "revealed": [None] * 4, "acting": None}
    state = tb.make("color_mafia").state_from_dict(d)
    before = state.clone()
    state.apply_actions([state.string_to_action(f"coin {c}", p)
                         for p, c in enumerate("RRBW")])
    # Players 0 and 1 both show red; player 0 is the parent, so only player 1 returns.
    assert narrate(before, state) == [
        "coins shown: player 0 red, player 1 red, player 2 blue, player 3 white",
        "collision on red: players 0 and 1; player 0 is the parent, spared; "
        "player 1 must return chips"]


def test_color_mafia_a_return_and_the_end():
    state = tb.make("color_mafia").state_from_dict(CM_RESOLVE)
    assert step(state, "chips R") == ["player 1 returns R to the box (collided on red)"]
    over = tb.make("color_mafia", players=3, chips_per_color=3).state_from_dict(CM_OVER)
    assert narrate(over, over) == []  # nothing changed, nothing said
    from tablebits.pictures._step import Step
    from tablebits.pictures.color_mafia import _end

    # A reveal that ended the game, the coins shown not known: one chip left in the box.
    d = over.to_dict()
    assert _end({**d, "phase": "choose", "outcome": None}, d, Step(over, over)) == [
        "the box holds 1 chip, too few for the next taker: the game ends",
        "unfashionable: green", "eliminated (most unfashionable chips): player 0, 2",
        "scores: player 0 0, player 1 6, player 2 0", "game over: player 1 wins"]


def _hidden_from(state: tb.State, seat: int) -> set[tuple[str, str]]:
    """(player, card) for every card in another hand that ``seat`` cannot see."""
    d = state.to_dict()
    if "known" not in d:
        return set()  # Good Fortune and Color Mafia hide nothing
    if d["game"] == "hoi_pho":
        from tablebits.pictures.hoi_pho import _name
    else:
        _name = str
    return {(f"player {p}", _name(c)) for p, hand in enumerate(d["hands"]) if p != seat
            for c in hand if c not in d["known"][p] and c != 0}


@pytest.mark.parametrize("game_id", tb.games())
def test_a_seats_story_never_tells_where_a_hidden_card_is(game_id):
    record = tb.load_records(f"tests/data/records/{game_id}.jsonl")[0]
    states = list(tb.replay(record))
    told = 0
    for before, after in zip(states, states[1:], strict=False):
        for seat in range(len(record.bots)):
            lines = narrate(before, after, seat)
            told += len(lines)
            secret = _hidden_from(before, seat) & _hidden_from(after, seat)
            for line in lines:
                named = [(p, c) for p, c in secret
                         if p in line and re.search(rf"\b{re.escape(c)}\b", line)]
                assert not named, (seat, line)
    assert told > len(states)
    assert narrate(states[-2], states[-1])[-1].startswith(("game over", "scores"))


def test_legends_name_what_the_board_shows_as_numbers():
    from tablebits.pictures.narrate import legend

    gf = tb.make("good_fortune").state_from_dict(GF_PLACE)
    # The page's tile table: 1 horseshoe/scarab 2, 4 clover/mati 3, 8 hamsa/clover 4.
    assert legend(gf, 0)[0].startswith(
        "your tiles (number, charms, die): 1 horseshoe/scarab die 2, 4 clover/mati die 3, "
        "8 hamsa/clover die 4")
    hoi = tb.make("hoi_pho", players=3).state_from_dict(NAGA)
    assert legend(hoi, 0)[:2] == ["your cards:", "  8 Snake: 1st +3, 2nd +1, lowest: take half"]
    assert "  1 Mouse: 1st +2, 2nd +1, lowest: RPS duel, zeroes 15" in legend(hoi, 1)
    fox = tb.make("fox_duet").state_from_dict(FOX_MID)
    assert "footprints by rank: 1:0, 2:3, 3:2, 4:1, 5:1, 6:2, 7:0, 8:2, 9:0, 10:3" in legend(fox, 0)


@pytest.mark.parametrize("game_id", tb.games())
def test_play_shows_the_legend_help_and_what_happened(game_id):
    import io
    from pathlib import Path

    from tablebits.cli.human import HumanGame
    from tablebits.pictures.narrate import legend

    game = tb.make(game_id)
    answers = iter(["?", "#1", "#1", "#1", "quit"])  # #1: the first move in every game
    out = io.StringIO()
    bots = [None] + [tb.bots.Random(seed=p) for p in range(1, game.num_players)]
    HumanGame(game, 0, bots, seed=4, read=lambda prompt: next(answers), out=out).run()
    text = out.getvalue()
    assert legend(game.new_initial_state(4), 0)[0] in text
    assert f"The whole rules: docs/games/{game_id}.md" in text
    assert (Path(__file__).parents[2] / "docs" / "games" / f"{game_id}.md").exists()
    assert "\n  > " in text  # a step was told
