"""Every text of a picture lies inside the picture and clear of every other text.

Text widths depend on the font, so they are measured where a font is drawn: Chromium loads
each SVG and reports every ``<text>``'s box (``getBBox``, in the picture's units). The
positions are the worst a game reaches: the longest table, every card of a round played, every
end of a game, the longest lists of facts; built from state dicts or by playing to them.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import tablebits as tb
from tests.support.game_params import game_cases
from tests.support.helpers import random_step

#: Boxes may touch: a line's box is its font's full height, so neighbouring lines meet.
SLACK = 0.5

MEASURE = """
document.body.innerHTML = arguments[0];
const svg = document.querySelector('svg');
return [svg.width.baseVal.value, svg.height.baseVal.value,
        [...svg.querySelectorAll('text')].map(t => {
          const b = t.getBBox();
          return [t.textContent, b.x, b.y, b.width, b.height];
        })];
"""


def layout_problems(browser: Any, svg: str) -> list[str]:
    """Each text outside the picture and each pair of texts that overlap, in words."""
    browser.get("about:blank")
    width, height, boxes = browser.execute_script(MEASURE, svg)
    assert boxes, "no text measured"
    out = []
    for text, x, y, w, h in boxes:
        assert w > 0 and h > 0, f"{text!r} was not laid out"
        if x < -SLACK or y < -SLACK or x + w > width + SLACK or y + h > height + SLACK:
            out.append(f"outside the {width:g}x{height:g} picture: {text!r} at "
                       f"{x:.0f},{y:.0f} size {w:.0f}x{h:.0f}")
    for i, (text, x, y, w, h) in enumerate(boxes):
        for other, x2, y2, w2, h2 in boxes[i + 1:]:
            across = min(x + w, x2 + w2) - max(x, x2)
            down = min(y + h, y2 + h2) - max(y, y2)
            if across > SLACK and down > SLACK:
                out.append(f"{text!r} overlaps {other!r} by {across:.0f}x{down:.0f}")
    return out


def play_to_end(game: tb.Game, seed: int) -> tb.State:
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    while not state.is_terminal():
        random_step(state, game.num_players, rng)
    return state


# -- Hội Phố ----------------------------------------------------------------------------------

#: 5 players, turn 2: player 0's Naga played the Goat, which copied the Naga and played the
#: Cat (docs/games/hoi_pho.md, the skill stack's example): 7 cards on the table, the most a
#: turn holds (one Naga and one Goat in the game).
HOI_CHAIN = {
    "game": "hoi_pho", "players": 5, "round": 6, "turn": 2, "phase": "name",
    "coins": [23, 17, 0, 105, 9], "coins_turn_start": [23, 17, 0, 105, 9],
    "contracts": [[5, 7], [9, 11], [13], [], []], "deck": [15, 17],
    "hands": [[], [0, 9], [0, 12], [0, 14], [0, 15]], "removed": [], "discards": [],
    "table": [{"card": card, "owner": owner} for card, owner in
              [(5, 0), (6, 0), (7, 4), (8, 1), (10, 2), (11, 0), (13, 3)]],
    "previous": [1, 2, 3, 4], "forced": None, "known": [[], [9], [], [14], []],
    "outcome": None, "rng": 1, "stack": [6, 6, 5], "skill_player": 0, "target": None,
    "rps_draws": 0, "ships_played": [1, 0, 0, 0, 0],
}

#: 4 players, the last turn: eight merchants played in turns 1 and 2, three last turn, a Naga
#: resolving; the longest list of facts.
HOI_LATE = {
    "game": "hoi_pho", "players": 4, "round": 3, "turn": 4, "phase": "target",
    "coins": [14, 15, 12, 15], "coins_turn_start": [14, 14, 11, 15],
    "contracts": [[5], [], [7], []], "deck": [9, 11, 13, 15, 17],
    "hands": [[], [13], [0], [0]], "removed": [], "discards": [],
    "table": [{"card": card, "owner": owner} for card, owner in
              [(0, 1), (0, 2), (6, 0), (8, 0), (15, 3)]],
    "previous": [11, 12, 14], "forced": None, "known": [[], [], [], []],
    "outcome": None, "rng": 2, "stack": [6, 8], "skill_player": 0, "target": None,
    "rps_draws": 0, "ships_played": [1, 1, 1, 0],
}

#: 3 players, turn 3: two merchants removed at the deal, three discards, a Rabbit order.
HOI_THREE = {
    "game": "hoi_pho", "players": 3, "round": 2, "turn": 3, "phase": "play",
    "coins": [9, 11, 6], "coins_turn_start": [9, 11, 6],
    "contracts": [[5], [], []], "deck": [7, 9, 11, 13, 15, 17],
    "hands": [[0, 6, 12], [0, 9, 14], [0, 11, 15]], "removed": [7, 13], "discards": [0, 2, 0],
    "table": [], "previous": [4, 8, 10], "forced": 12, "known": [[], [], []],
    "outcome": None, "rng": 3, "stack": [], "skill_player": None, "target": None,
    "rps_draws": 0, "ships_played": [1, 0, 1],
}


def hoi_pho_positions() -> list[tuple[str, tb.State]]:
    out = [("7 cards on the table", tb.make("hoi_pho", players=5).state_from_dict(HOI_CHAIN)),
           ("8 merchants played earlier", tb.make("hoi_pho").state_from_dict(HOI_LATE)),
           ("removed, discarded, Rabbit order",
            tb.make("hoi_pho", players=3).state_from_dict(HOI_THREE)),
           ("6 cards in each hand", tb.make("hoi_pho", players=3).new_initial_state(seed=4))]
    for players in (3, 4, 5):
        end = play_to_end(tb.make("hoi_pho", players=players), seed=players)
        assert end.to_dict()["outcome"] == "ended"
        out.append((f"the end with {players} players", end))
    capped = play_to_end(tb.make("hoi_pho", players=5, max_rounds=1), seed=1)
    assert capped.to_dict()["outcome"] == "truncated"
    out.append(("stopped by the safety cap", capped))
    return out


# -- Fox Duet -------------------------------------------------------------------------------

#: Round 3 over: all 22 cards of the round played, voids known on both sides.
FOX_END = {
    "game": "fox_duet", "level": 1, "round": 3, "trick": 11, "dealer": 0, "leader": 1,
    "phase": "over", "hands": [[], []], "decree": "R6",
    "deck": ["R1", "R2", "R7", "S1", "D2", "D9", "D10"],
    "trick_cards": {"lead": None, "follow": None}, "tracker": 1,
    "gems": [0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0],
    "plus": [False, True, False, True, True, False, True, False, True, False, False],
    "covered": [2, 1], "forest_supply": 1, "gem_supply": 0, "outcome": "lost_time",
    "rng": 5,
    "played": ["R3", "R4", "R5", "R8", "R9", "R10", "S2", "S3", "S4", "S5", "S6", "S7", "S8",
               "S9", "S10", "D1", "D3", "D4", "D5", "D6", "D7", "D8"],
    "known": [[], []], "voids": [["R", "S"], ["S", "D"]], "fox_target": None, "ignore": None,
}

#: Trick 1 of a round: eleven cards in each hand, some known to both.
FOX_DEAL = {
    **FOX_END, "round": 2, "trick": 1, "phase": "lead", "outcome": None, "played": [],
    "gem_supply": 5,
    "hands": [["R3", "R4", "R5", "R8", "R9", "R10", "S2", "S3", "S4", "S5", "S6"],
              ["S7", "S8", "S9", "S10", "D1", "D3", "D4", "D5", "D6", "D7", "D8"]],
    "known": [["R10"], ["D1", "S7"]], "voids": [[], []],
}


def fox_positions() -> list[tuple[str, tb.State]]:
    game = tb.make("fox_duet")
    won = {**FOX_END, "outcome": "won", "gems": [0] * 11}  # every gem collected
    out = [("22 played, won", game.state_from_dict(won))]
    out += [(f"22 played, {outcome}", game.state_from_dict({**FOX_END, "outcome": outcome}))
            for outcome in ("lost_time", "lost_forest")]
    out.append(("11 cards in each hand", game.state_from_dict(FOX_DEAL)))
    out.append(("lost in the forest by play", play_to_end(game, seed=0)))
    return out


# -- Good Fortune and Color Mafia -----------------------------------------------------------

def collecting_game(game: tb.Game, seed: int) -> tb.State:
    """A Good Fortune game whose players place to collect whenever a placement connects."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    while not state.is_terminal():
        p = state.current_player()
        def collected(action: int, p: int = p) -> int:
            after = state.clone()
            after.apply_action(action)
            return len(after.to_dict()["collections"][p])
        actions = state.legal_actions()
        state.apply_action(max(rng.sample(actions, len(actions)), key=collected))
    return state


def good_fortune_positions() -> list[tuple[str, tb.State]]:
    game = tb.make("good_fortune")
    ends = [collecting_game(game, seed) for seed in range(20)]
    most = max(ends, key=lambda s: max(map(len, s.to_dict()["collections"])))
    discards = max((play_to_end(game, seed) for seed in range(20)),
                   key=lambda s: len(s.to_dict()["discarded"]))
    assert max(map(len, most.to_dict()["collections"])) >= 7
    assert len(discards.to_dict()["discarded"]) >= 12
    return [("the largest collection", most), ("the most discards", discards),
            ("the start", game.new_initial_state(seed=1))]


def color_mafia_positions() -> list[tuple[str, tb.State]]:
    out = []
    for players in (3, 4):
        game = tb.make("color_mafia", players=players)
        out.append((f"the end with {players} players", play_to_end(game, seed=players)))
        state = game.new_initial_state(seed=players)
        # Every player shows another colour, so that some take chips: a resolve phase.
        state.apply_actions([state.legal_actions(p)[p] for p in range(players)])
        assert state.to_dict()["phase"] == "resolve"
        out.append((f"coins revealed, {players} players", state))
    capped = play_to_end(tb.make("color_mafia", max_rounds=1), seed=2)
    assert capped.to_dict()["outcome"] == "truncated"
    out.append(("stopped by the safety cap", capped))
    return out


POSITIONS = {
    "hoi_pho": hoi_pho_positions,
    "fox_duet": fox_positions,
    "good_fortune": good_fortune_positions,
    "color_mafia": color_mafia_positions,
}


def test_every_game_has_worst_cases():
    assert sorted(POSITIONS) == sorted(tb.games())


@pytest.mark.parametrize("game_id", sorted(POSITIONS))
def test_worst_case_texts_fit_and_do_not_overlap(browser, game_id):
    problems = []
    for name, state in POSITIONS[game_id]():
        for seat in (None, *range(state.game.num_players)):
            problems += [f"{name}, seat {seat}: {p}" for p in
                         layout_problems(browser, state.to_svg(seat))]
    assert problems == []


def test_the_check_finds_overflow_and_overlap(browser):
    """The measurement itself: a text past the right edge and two texts on one spot."""
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" '
           'font-family="DejaVu Sans"><text x="150" y="20" font-size="14">too long a line</text>'
           '<text x="10" y="60" font-size="14">one</text>'
           '<text x="20" y="64" font-size="14">two</text>'
           '<text x="10" y="90" font-size="14">alone</text></svg>')
    problems = layout_problems(browser, svg)
    assert len(problems) == 2
    assert problems[0].startswith("outside the 200x100 picture: 'too long a line'")
    assert problems[1].startswith("'one' overlaps 'two'")


@pytest.mark.parametrize(("game_id", "params"), game_cases())
def test_captions_and_banners_of_a_random_game_fit(browser, game_id, params):
    """Every step of a random game drawn with its caption (the last step told, its pieces
    outlined), and the end with its banner: the longest stories a game tells."""
    game = tb.make(game_id, **params)
    rng = random.Random(3)
    state = game.new_initial_state(seed=3)
    problems = []
    while not state.is_terminal():
        before = state.clone()
        random_step(state, game.num_players, rng)
        seat = rng.choice([None, *range(game.num_players)])
        problems += [f"{before.to_dict()['phase']}, seat {seat}: {p}" for p in
                     layout_problems(browser, state.to_svg(seat, before=before))]
    assert problems == []


@pytest.mark.parametrize(("game_id", "params"), game_cases())
def test_the_end_of_a_random_game_of_every_parameter_set_fits(browser, game_id, params):
    game = tb.make(game_id, **params)
    problems = []
    for seed in range(2):
        state = play_to_end(game, seed)
        for seat in (None, *range(game.num_players)):
            problems += layout_problems(browser, state.to_svg(seat))
    assert problems == []
