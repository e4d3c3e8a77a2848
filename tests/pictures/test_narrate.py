"""What changed, in words: the narration of the worked examples on the rules pages.

Each expected line is read off the page's own account of the example (docs/games/<game>.md).
"""

from __future__ import annotations

import re

import pytest

import tablebits as tb
from tablebits.pictures.narrate import narrate
from tests.pictures.test_pictures import CM_OVER, FOX_MID, GF_PLACE, NAGA


def step(state: tb.State, text: str, seat: int | None = None) -> list[str]:
    before = state.clone()
    state.apply_action(state.string_to_action(text))
    return narrate(before, state, seat)


def test_good_fortune_placements():
    state = tb.make("good_fortune").state_from_dict(GF_PLACE)
    # Tile 5 at R, mati facing the exposed mati: connects, tile 7 (the left end) collected.
    assert step(state, "place R mati") == [
        "player 1 places tile 5 at R: connects and collects tile 7",
        "scores: player 0 0, player 1 2"]
    # Tile 9 at R, hamsa facing hamsa: collects tile 12; the round ends, the token shows big.
    assert step(state, "place R hamsa") == [
        "player 0 places tile 9 at R: connects and collects tile 12",
        "scores: player 0 1, player 1 2",
        "round 2: the token shows big (higher number places first)"]
    assert step(state, "select 17") == ["player 1 selects tile 17 (horseshoe/clover, die 3)"]


def test_fox_duet_a_swap_that_loses_the_game():
    state = tb.make("fox_duet").state_from_dict(FOX_MID)
    # Player 1 swaps R5 for the decree D1; D6 beats D3, the tracker would go beyond +3 with
    # no forest token left: the game is lost.
    assert step(state, "swap R5", seat=0) == [
        "the decree is now R5: Roses are trump",
        "player 1 takes the old decree D1 into hand",
        "player 1 wins the trick",
        "game over: the team is lost in the forest, score 0"]


def test_hoi_pho_the_cat_names_a_card_and_the_naga_takes_one():
    state = tb.make("hoi_pho", players=3).state_from_dict(NAGA)
    # Naming 1 makes player 1 (who holds it) pay 3 to player 0 and shows the 1.
    assert step(state, "name 1", seat=2) == [
        "player 0 +3 coins (now 17)", "player 1 -3 coins (now 15)",
        "player 1 is known to hold 1 Mouse"]
    # The Naga takes the Sheep and the turn ends: 5 and 6 stay as the turn's merchants.
    assert step(state, "naga-take 10", seat=2) == [
        "merchants played: 5 Cat, 6 Naga", "player 0 is known to hold 10 Sheep"]


def test_color_mafia_a_return_and_the_end():
    d = {"game": "color_mafia", "players": 4, "round": 5, "parent": 0, "phase": "resolve",
         "box": {"R": 7, "B": 8, "Y": 9, "G": 9},
         "chips": [{"R": 1, "B": 0, "Y": 0, "G": 0}, {"R": 2, "B": 1, "Y": 0, "G": 0},
                   {"R": 0, "B": 1, "Y": 1, "G": 0}, {"R": 0, "B": 0, "Y": 0, "G": 1}],
         "coins": [{"R": 1, "B": 1, "Y": 1, "G": 1, "W": 1}] * 4,
         "revealed": ["R", "R", "B", "W"], "acting": 1, "outcome": None}
    state = tb.make("color_mafia").state_from_dict(d)
    assert step(state, "chips R") == ["player 1 returns R to the box"]
    over = tb.make("color_mafia", players=3, chips_per_color=3).state_from_dict(CM_OVER)
    assert narrate(over, over) == []  # nothing changed, nothing said
    from tablebits.pictures.color_mafia import _end

    assert _end(over.to_dict(), over) == [
        "unfashionable: green", "eliminated (most unfashionable chips): player 0, 2",
        "scores: player 0 0, player 1 6, player 2 0"]


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
