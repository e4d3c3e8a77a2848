"""Pictures of positions: what each game's SVG shows, and what a seat's picture hides.

Expected contents are read from the rules pages (docs/games/<game>.md): the tile table, the
merchants, the worked dicts. Hiding is checked against the engine's own notion of what a seat
knows: ``state.resample(k, seed)`` redraws exactly what seat k cannot see, so seat k's picture
must not change under it, while the all-seeing picture does.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import tablebits as tb
from tablebits import pictures
from tablebits.pictures.narrate import narrate
from tests.support.halves import two_halves
from tests.support.helpers import random_step

SVG = "{http://www.w3.org/2000/svg}"


def titles(svg: str, kind: str) -> list[str]:
    """The titles of the pieces of one class ("tb-tile", "tb-card", "tb-hidden"), in order."""
    root = ET.fromstring(svg)
    return [g.find(f"{SVG}title").text or "" for g in root.iter(f"{SVG}g")
            if g.get("class") == kind]


def words(svg: str) -> str:
    """Every text written in the picture, joined by newlines."""
    return "\n".join(t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text"))


def random_states(game_id: str, seed: int, count: int, **params):
    """States along random games (every 3rd step), for resample checks."""
    rng = random.Random(seed)
    game = tb.make(game_id, **params)
    out = []
    g = 0
    while len(out) < count:
        state = game.new_initial_state(seed=seed * 1000 + g)
        g += 1
        step = 0
        while not state.is_terminal() and len(out) < count:
            if state.is_simultaneous_node():
                state.apply_actions([rng.choice(state.legal_actions(p))
                                     if state.legal_actions(p) else -1
                                     for p in range(game.num_players)])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            step += 1
            if step % 3 == 0:
                out.append(state.clone())
    return out


# -- Good Fortune: the place-phase position of docs/games/good_fortune.md -----------------

GF_PLACE = {
    "game": "good_fortune", "round": 1, "phase": "place",
    "token": {"holder": 0, "face": "small"},
    "racks": [[1, 4, 8, 11, 13, 15, 18, 20], [2, 3, 6, 10, 14, 16, 17, 21]],
    "selected": [9, 5],
    "line": [[7, "cat", "ganesha"], [12, "mati", "cat"], [19, "ganesha", "mati"]],
    "collections": [[], []], "discarded": [],
}


def test_good_fortune_tiles_show_charms_and_dice_from_the_tile_table():
    svg = tb.make("good_fortune").state_from_dict(GF_PLACE).to_svg()
    tiles = titles(svg, "tb-tile")
    # The line as it lies, left charm first (the page's table: 7 cat/ganesha die 2, 12
    # cat/mati die 1, 19 mati/ganesha die 3; the dict gives the orientation).
    assert tiles[:3] == ["tile 7: cat, ganesha, die 2", "tile 12: mati, cat, die 1",
                         "tile 19: ganesha, mati, die 3"]
    # Racks and selections in the table's charm_a, charm_b order.
    assert "tile 1: horseshoe, scarab, die 2" in tiles
    assert "tile 21: scarab, ganesha, die 4" in tiles
    assert "tile 9: hamsa, scarab, die 3" in tiles and "tile 5: hamsa, mati, die 3" in tiles
    assert len(tiles) == 3 + 8 + 8 + 2
    # A die is drawn with as many pips as its value: tile 19's die shows 3.
    root = ET.fromstring(svg)
    tile19 = next(g for g in root.iter(f"{SVG}g")
                  if (g.find(f"{SVG}title").text or "").startswith("tile 19:"))
    assert len(tile19.findall(f"{SVG}circle")) == 3
    text = words(svg)
    assert "small" in text and "token: player 0" in text and "lower number places first" in text
    # The ends the line exposes: cat on the left (tile 7), mati on the right (tile 19).
    assert re.search(r"L end\ncat\nR end\nmati", text)


def test_good_fortune_has_nothing_to_hide():
    state = tb.make("good_fortune").state_from_dict(GF_PLACE)
    assert titles(state.to_svg(0), "tb-tile") == titles(state.to_svg(None), "tb-tile")
    assert titles(state.to_svg(1), "tb-hidden") == []


# -- Color Mafia -----------------------------------------------------------------------------

CM_OVER = {
    "game": "color_mafia", "players": 3, "round": 9, "parent": 2, "phase": "over",
    "box": {"R": 0, "B": 0, "Y": 0, "G": 1},
    "chips": [{"R": 1, "B": 1, "Y": 1, "G": 1}, {"R": 2, "B": 0, "Y": 1, "G": 0},
              {"R": 0, "B": 2, "Y": 1, "G": 1}],
    "coins": [{"R": 0, "B": 2, "Y": 1, "G": 1, "W": 1}, {"R": 2, "B": 1, "Y": 1, "G": 0, "W": 1},
              {"R": 1, "B": 0, "Y": 1, "G": 2, "W": 1}],
    "revealed": [None, None, None], "acting": None, "outcome": "ended", "rng": 0,
}


def test_color_mafia_end_names_the_unfashionable_colour_and_the_eliminated():
    game = tb.make("color_mafia", players=3, chips_per_color=3)
    text = words(game.state_from_dict(CM_OVER).to_svg())
    # Green is left in the box; players 0 and 2 hold one green each (the most): eliminated.
    # Player 1 holds R2 Y1, no green: 3 chips x 2 points, no full set = 6.
    assert "unfashionable: green, left in the box" in text
    # Each named in its panel and in the banner.
    assert text.count("eliminated") == 4 and "score 6" in text
    assert "round 9 · parent: player 2 · game over" in text and "safety cap" not in text
    assert "player 2 · parent" in text
    # The banner: player 1 alone survives; its score as the rules add it up.
    assert "game over: player 1 wins" in text
    assert "player 0: eliminated, the most green chips (1)" in text
    assert "player 1: 0 × 1 + 3 × 2 + 0 sets × 5 = 6" in text


def test_color_mafia_end_shows_the_last_reveal_and_why_the_game_ended():
    """The committed record's last step: every coin shown at once, and the first taker in
    order from the parent finds too few chips in the box (docs/games/color_mafia.md: 1 chip or
    fewer ends it, 2 or fewer for white). The revealed coins are cleared from the state at the
    end; only the move played tells them."""
    from pathlib import Path

    record = tb.load_records(Path(__file__).parents[1] / "data" / "records"
                             / "color_mafia.jsonl")[0]
    states = list(tb.replay(record))
    before, end = states[-2], states[-1]
    d = before.to_dict()
    assert d["phase"] == "choose" and end.to_dict()["revealed"] == [None] * 4
    coins = [text.split()[-1] for text in record.strings[-1]]
    n, parent = 4, d["parent"]
    collided = {p for p, c in enumerate(coins) if coins.count(c) > 1}
    taker = next(q for q in ((parent + i) % n for i in range(n)) if q not in collided)
    box = sum(end.to_dict()["box"].values())
    assert box <= (2 if coins[taker] == "W" else 1)  # the end check fires
    colour = {"R": "red", "B": "blue", "Y": "yellow", "G": "green", "W": "white"}[coins[taker]]
    why = f"player {taker} is to take ({colour}) but the box holds {box} chips: the game ends"
    svg = end.to_svg(before=before, actions=record.actions[-1])
    [banner] = titles(svg, "tb-banner")
    assert banner.startswith("game over: player 3 wins: " + why + "; last step: coins shown: "
                             + ", ".join(f"player {p} {colour_of}" for p, colour_of in
                                         enumerate(["green", "red", "green", "white"])))
    assert why in narrate(before, end, actions=record.actions[-1])
    text = words(svg)
    assert re.findall(r"revealed\n(\w)", text) == coins
    assert len(titles(svg, "tb-moved")) == 4 and text.count("ends the game") == 1
    assert titles(svg, "tb-caption") == []  # the banner tells the step
    # Without the move (a picture drawn from two states) the coins cannot be told apart.
    alone = words(end.to_svg(before=before))
    assert f"the box holds {box} chips, too few for the next taker: the game ends" in alone


#: Round 5 revealed: players 0 (the parent) and 1 collided on red; player 1 returns next.
CM_RESOLVE = {
    "game": "color_mafia", "players": 4, "round": 5, "parent": 0, "phase": "resolve",
    "box": {"R": 7, "B": 8, "Y": 9, "G": 9},
    "chips": [{"R": 1, "B": 0, "Y": 0, "G": 0}, {"R": 2, "B": 1, "Y": 0, "G": 0},
              {"R": 0, "B": 1, "Y": 1, "G": 0}, {"R": 0, "B": 0, "Y": 0, "G": 1}],
    "coins": [{"R": 1, "B": 1, "Y": 1, "G": 1, "W": 1}] * 4,
    "revealed": ["R", "R", "B", "W"], "acting": 1, "outcome": None,
}


def test_color_mafia_shows_revealed_coins_and_holdings():
    text = words(tb.make("color_mafia").state_from_dict(CM_RESOLVE).to_svg(2))
    # Box R7 B8 Y9 G9, then per player chips R B Y G and coins R B Y G W, then the revealed.
    assert text.split("\n")[3:11] == ["7", "red", "8", "blue", "9", "yellow", "9", "green"]
    assert re.findall(r"revealed\n(\w)", text) == ["R", "R", "B", "W"]
    assert "player 2 (you)" in text and "to act" in text
    # Who collided: the parent is spared, player 1 must return; the others take.
    assert re.findall(r"(takes chips|must return|parent: spared)", text) == [
        "parent: spared", "must return", "takes chips", "takes chips"]


# -- Fox Duet: the mid-game position of docs/games/fox_duet.md --------------------------------

FOX_MID = {
    "game": "fox_duet", "level": 1, "round": 2, "trick": 7, "dealer": 0, "leader": 1,
    "phase": "fox_swap",
    "hands": [["S4", "S6", "S9", "D2"], ["R5", "R6", "R8", "D4"]],
    "decree": "D1", "deck": ["R1", "R4", "S1", "S5", "D7", "D8", "D10"],
    "trick_cards": {"lead": "D6", "follow": "D3"}, "tracker": 3,
    "gems": [0, 0, 1, 0, 2, 0, 0, 1, 3, 0, 0],
    "plus": [False, True, False, True, True, False, True, False, True, False, False],
    "covered": [2, 2], "forest_supply": 0, "gem_supply": 5, "outcome": None,
    "rng": 8559387686524852447,
    "played": ["R2", "R3", "R7", "R9", "R10", "S2", "S3", "S7", "S8", "S10", "D5", "D9"],
    "known": [["S6", "D2"], ["D4"]], "voids": [[], ["S"]], "fox_target": 1, "ignore": None,
}


def card_names(svg: str) -> list[str]:
    return [t.split(":")[0] for t in titles(svg, "tb-card")]


def test_fox_duet_cards_show_footprints_and_abilities():
    svg = tb.make("fox_duet").state_from_dict(FOX_MID).to_svg()
    cards = titles(svg, "tb-card")
    # The page's footprint table: 1 -> 0 (Musician), 3 -> 2 (Fox), 6 -> 2, 9 -> 0 (Heir).
    assert cards[:3] == ["D1: Dove, 0 steps, Musician", "D6: Dove, 2 steps",
                         "D3: Dove, 2 steps, Fox"]
    assert "S9: Star, 0 steps, Heir" in cards and "R5: Rose, 1 step, Gazelle" in cards
    text = words(svg)
    assert "forest tokens left: 0 of 4" in text
    # 22 gems: 5 in the supply, 7 on the path, so 10 collected.
    assert "gems collected: 10 · on the path: 7 · in the supply: 5" in text
    assert "known void in Stars" in text
    assert "undealt (seen by nobody): R1 R4 S1 S5 D7 D8 D10" in text
    # Two forest tokens at each end, the tracker on +3.
    assert text.count("forest") >= 4 and text.count("T") >= 1


def test_fox_duet_seat_hides_the_partners_dealt_cards_and_the_deck():
    state = tb.make("fox_duet").state_from_dict(FOX_MID)
    svg = state.to_svg(0)
    shown = card_names(svg)
    # Player 0 sees its hand, the decree, the trick and player 1's known D4, nothing else.
    assert sorted(shown) == sorted(["D1", "D6", "D3", "S4", "S6", "S9", "D2", "D4"])
    assert len(titles(svg, "tb-hidden")) == 3  # R5, R6, R8 face down
    for hidden in ("R5", "R6", "R8", "R1", "R4", "S1", "S5", "D7", "D8", "D10"):
        assert not re.search(rf"\b{hidden}\b", svg), hidden
    assert "7 undealt cards, face down" in words(svg)
    other = card_names(state.to_svg(1))
    assert {"R5", "R6", "R8", "D4", "S6", "D2"} <= set(other) and "S4" not in other


# -- Hội Phố: the Naga position of docs/games/hoi_pho.md -------------------------------------

NAGA = {
    "game": "hoi_pho", "players": 3, "round": 2, "turn": 3, "phase": "name",
    "coins": [14, 18, 16], "coins_turn_start": [14, 15, 11],
    "contracts": [[], [], [5]], "deck": [7, 9, 11, 13, 15, 17],
    "hands": [[8], [0, 1], [11, 12]], "removed": [7, 13], "discards": [0, 4, 0],
    "table": [{"card": 0, "owner": 2}, {"card": 5, "owner": 0},
              {"card": 6, "owner": 0}, {"card": 10, "owner": 1}],
    "previous": [3, 9, 14], "forced": None, "known": [[], [], []], "outcome": None,
    "rng": 14334736817860870817, "stack": [6, 5], "skill_player": 0, "target": None,
    "rps_draws": 0, "ships_played": [1, 1, 2],
}


def test_hoi_pho_merchants_by_name_and_skill_and_the_contract_pile():
    svg = tb.make("hoi_pho", players=3).state_from_dict(NAGA).to_svg()
    cards = titles(svg, "tb-card")
    assert cards[:4] == ["ship", "5 Cat", "6 Naga", "10 Sheep"]  # the table
    assert cards[4:] == ["8 Snake", "ship", "1 Mouse", "11 Goat", "12 Monkey"]  # the hands
    text = words(svg)
    assert "Snake\n1st +3 2nd +1\ntake half" in text  # the merchant table's row 8
    assert "Mouse\n1st +2 2nd +1\nRPS duel\nzeroes 15" in text
    assert "contract pile (top first)\n7\n9\n11\n13\n15\n17" in text
    assert "player 0 resolving: 6 Naga > 5 Cat" in text
    assert "removed at the deal: 7 Dragon, 13 Chicken" in text
    # Played in turns 1 and 2 and gone: 15 merchants minus hands, table, previous, removed
    # and discards = 2 and 15.
    assert "played earlier this round: 2 Buffalo, 15 Pig" in text
    assert "\n14\n" in text and "\n18\n" in text and "\n16\n" in text  # coins


def test_hoi_pho_seat_sees_only_its_hand_and_known_cards():
    game = tb.make("hoi_pho", players=3)
    svg = game.state_from_dict(NAGA).to_svg(0)
    assert titles(svg, "tb-card")[4:] == ["8 Snake"]
    assert len(titles(svg, "tb-hidden")) == 4  # 0 1 | 11 12
    for gone in ("1 Mouse", "11 Goat", "12 Monkey"):
        assert gone not in words(svg)
    known = dict(NAGA, known=[[], [1], []])
    shown = titles(game.state_from_dict(known).to_svg(0), "tb-card")
    assert shown[4:] == ["8 Snake", "1 Mouse"]


#: The pile ran out: players 0, 1 and 2 own two contracts each, summing to 22, and hold
#: only ships, so the rules' tie-breaks leave them tied (docs/games/hoi_pho.md, End).
HOI_TIED = {
    "game": "hoi_pho", "players": 4, "round": 7, "turn": 4, "phase": "over",
    "coins": [3, 8, 8, 2], "coins_turn_start": [3, 8, 8, 2],
    "contracts": [[5, 17], [7, 15], [9, 13], [11]], "deck": [],
    "hands": [[0], [0], [0], [0]], "removed": [], "discards": [], "table": [],
    "previous": [1, 2, 3], "forced": None, "known": [[], [], [], []], "outcome": "ended",
    "rng": 4, "stack": [], "skill_player": None, "target": None, "rps_draws": 0,
    "ships_played": [1, 0, 0, 0],
}


def test_hoi_pho_names_a_shared_win_and_no_winner_when_stopped():
    text = words(tb.make("hoi_pho").state_from_dict(HOI_TIED).to_svg())
    assert text.count("shares the win") == 3 and "\nwins" not in text
    assert "player 0 · 2 contracts" in text and "player 3 · 1 contract\n" in text
    capped = tb.make("hoi_pho", max_rounds=1).new_initial_state(seed=1)
    rng = random.Random(1)
    while not capped.is_terminal():
        random_step(capped, 4, rng)
    assert capped.to_dict()["outcome"] == "truncated"
    text = words(capped.to_svg())
    assert "game stopped after round 1: no winner" in text
    assert "wins" not in text and "shares the win" not in text


def test_hoi_pho_end_banner_breaks_the_tie_as_the_rules_do():
    text = words(tb.make("hoi_pho").state_from_dict(HOI_TIED).to_svg())
    # Three players with two contracts, each pair summing to 22, and only ships in hand.
    assert "game over: players 0 and 1 and 2 share the win" in text
    assert ("the contract pile ran out; the most contracts (2), then the highest contract sum "
            "(player 0 22, player 1 22, player 2 22), then the highest merchant in hand") \
        in " ".join(text.split("\n"))
    assert "player 3: 1 contract 11" in text
    assert "phase" not in text and "safety cap" not in text
    # The colour key: five bands of reputation and the ship.
    assert "colour by reputation:\n1–3\n4–6\n7–9\n10–12\n13–15\nship" in text


def test_good_fortune_end_banner_shows_how_each_collection_groups():
    # The finished game of docs/games/good_fortune.md, scored there by hand: player 0's six
    # cat tiles, 16 pips x 6 = 96; player 1's five horseshoe tiles 14 x 5 = 70 and tile 2
    # alone (clover, 2 pips) = 72.
    over = {"game": "good_fortune", "round": 9, "phase": "over",
            "token": {"holder": 1, "face": "big"}, "racks": [[], []], "selected": [None, None],
            "line": [[19, "ganesha", "mati"], [5, "mati", "hamsa"], [9, "hamsa", "scarab"]],
            "collections": [[3, 7, 10, 12, 16, 18], [1, 2, 6, 14, 15, 17]],
            "discarded": [4, 8, 11, 13, 20, 21]}
    text = words(tb.make("good_fortune").state_from_dict(over).to_svg())
    assert "score 96 = cat 4+2+2+1+3+4 = 16 × 6 = 96" in text
    assert "score 72 = horseshoe 2+4+1+4+3 = 14 × 5 = 70 · clover 2 × 1 = 2" in text
    assert "game over: player 0 wins\nthe higher score: 96 to 72" in text


def test_fox_duet_end_banner_adds_up_the_score():
    # Won in round 2 at level 1 with one forest token left and no card in hand:
    # 10 x 1 + 10 (rounds 1 and 2) + 3 x 1 + 0 = 23.
    won = {**FOX_MID, "phase": "over", "outcome": "won", "trick": 11, "gems": [0] * 11,
           "forest_supply": 1, "covered": [2, 1], "gem_supply": 0, "hands": [[], []],
           "known": [[], []],
           "trick_cards": {"lead": None, "follow": None}, "fox_target": None,
           "played": [*FOX_MID["played"], "S4", "S6", "S9", "D2", "R5", "R6", "R8", "D4",
                      "D6", "D3"]}
    state = tb.make("fox_duet").state_from_dict(won)
    assert state.scores() == [23.0, 23.0]
    text = words(state.to_svg())
    assert "the team wins: every gem collected, score 23" in text
    assert ("10 × level 1 + 10 for winning in round 2 + 3 × 1 forest tokens left + "
            "0 cards in hand = 23") in " ".join(text.split("\n"))


def test_the_last_step_is_outlined_and_captioned():
    state = tb.make("fox_duet").state_from_dict(FOX_MID)
    before = state.clone()
    state.apply_action(state.string_to_action("swap R5"))
    svg = state.to_svg(0, before=before)
    # The swap made R5 the decree and ended the trick: D6 (lead) beat D3.
    assert "the new decree" in titles(svg, "tb-moved")
    text = words(svg)
    assert "last trick" in text and "lead · wins" in text
    assert "last step" not in words(before.to_svg(0))
    gf = tb.make("good_fortune").state_from_dict(GF_PLACE)
    before = gf.clone()
    gf.apply_action(gf.string_to_action("place R mati"))
    svg = gf.to_svg(before=before)
    assert titles(svg, "tb-moved") == ["placed in the last step", "collected in the last step"]
    assert "last step\nplayer 1 places tile 5 at R: mati meets mati, connects and collects " \
        "tile 7" in words(svg)


def _random_steps(game_id: str, seed: int, count: int):
    """(before, joint action, after) along random games."""
    rng = random.Random(seed)
    game = tb.make(game_id)
    out = []
    g = 0
    while len(out) < count:
        state = game.new_initial_state(seed=seed * 1000 + g)
        g += 1
        while not state.is_terminal() and len(out) < count:
            before = state.clone()
            if state.is_simultaneous_node():
                joint = [rng.choice(state.legal_actions(p)) if p in state.acting_players()
                         else -1 for p in range(game.num_players)]
                state.apply_actions(joint)
            else:
                joint = [-1] * game.num_players
                joint[state.current_player()] = rng.choice(state.legal_actions())
                state.apply_action(max(joint))
            out.append((before, joint, state.clone()))
    return out


def _replayed(state: tb.State, joint: list[int]) -> tb.State | None:
    """``state`` after ``joint``, or None where the move is not legal there."""
    after = state.clone()
    try:
        if after.is_simultaneous_node():
            after.apply_actions(joint)
        else:
            after.apply_action(max(joint))
    except ValueError:
        return None
    return after


@pytest.mark.parametrize("steps", two_halves(range(150), id="steps"))
@pytest.mark.parametrize("game_id", ["fox_duet", "hoi_pho"])
def test_a_seats_caption_is_the_same_for_every_hidden_state_it_cannot_tell_apart(game_id, steps):
    """The same move from a resampled position (what seat k cannot see redrawn) that ends
    where k sees the same thing: k's narration and captioned picture must not change."""
    compared = 0
    every = _random_steps(game_id, seed=7, count=150)
    for i, (before, joint, after) in zip(steps, (every[i] for i in steps), strict=True):
        for seat in range(before.game.num_players):
            other = before.resample(seat, seed=i + 1)
            moved = _replayed(other, joint)
            if moved is None or pictures.view(moved, seat) != pictures.view(after, seat):
                continue
            told = narrate(before, after, seat, actions=joint)
            assert narrate(other, moved, seat, actions=joint) == told, (seat, told)
            assert narrate(other, moved, seat) == narrate(before, after, seat)
            assert moved.to_svg(seat, before=other) == after.to_svg(seat, before=before)
            compared += 1
    assert compared > len(steps)


# -- Every game --------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", ["fox_duet", "hoi_pho"])
def test_a_seats_picture_is_the_same_for_every_state_it_cannot_tell_apart(game_id):
    """resample(k) redraws what k cannot see: k's picture stays, the full one changes."""
    states = random_states(game_id, seed=5, count=40)
    changed = 0
    for i, state in enumerate(states):
        for seat in range(state.game.num_players):
            other = state.resample(seat, seed=i + 1)
            assert other.to_svg(seat) == state.to_svg(seat)
            changed += other.to_svg() != state.to_svg()
    assert changed > len(states)  # the hidden facts were really there, and really redrawn


@pytest.mark.parametrize("game_id", tb.games())
def test_every_game_draws_every_seat_and_rejects_a_bad_seat(game_id):
    for state in random_states(game_id, seed=2, count=6):
        assert state._repr_svg_() == state.to_svg() == pictures.to_svg(state)
        for seat in range(state.game.num_players):
            ET.fromstring(state.to_svg(seat))
        before = state.to_dict()
        for bad in (99, -1, state.game.num_players):
            with pytest.raises(ValueError, match="seat must be in"):
                state.to_svg(bad)
        for bad in (True, "0", 1.0):
            with pytest.raises(TypeError, match="seat must be an int or None"):
                state.to_svg(bad)
        assert state.to_dict() == before


def test_every_class_a_picture_writes_is_prefixed():
    # A page's CSS styles an inline SVG too: the replay page hides `.hidden`, so a picture
    # class named like a page's would vanish there.
    classes = set()
    for game_id in tb.games():
        for state in random_states(game_id, seed=4, count=6):
            for seat in [None, *range(state.game.num_players)]:
                root = ET.fromstring(state.to_svg(seat))
                for element in root.iter():
                    classes.update((element.get("class") or "").split())
    assert {"tb-tile", "tb-card", "tb-hidden"} <= classes
    assert all(name.startswith("tb-") for name in classes), classes


def test_to_svg_rejects_what_is_not_a_state():
    with pytest.raises(TypeError, match="tablebits State"):
        pictures.to_svg("not a state")


def test_a_numpy_seat_draws_and_a_bool_does_not() -> None:
    state = tb.make("hoi_pho").new_initial_state(3)
    assert state.to_svg(np.int64(1)) == state.to_svg(1)
    assert pictures.view(state, np.int32(2)) == pictures.view(state, 2)
    for flag in (True, np.True_):
        with pytest.raises(TypeError, match="seat must be an int or None, not bool"):
            state.to_svg(flag)
