"""Every place that knows the move played tells the step with it, and so with its reasons.

Several moves can lead to one position: a Mouse duel's winning throws all take the same coins,
and a round's award and coin cap can wipe out which card earned what. Searched for
(``find_actions``), such a move is not found, and the step is told by its net coin changes only
("coins: player 0 −1, player 1 −6"). The replay page, ``replay --text``, the terminal and the
adapters' frames all hold the move. The expected lines are worked out here from the rules
(docs/games/hoi_pho.md, tests/support/hoi_pho_rules.py), not read from the narration.
"""

from __future__ import annotations

import base64
import gzip
import io
import json
import re
from pathlib import Path

import pytest

import tablebits as tb
from tablebits.cli.human import HumanGame
from tablebits.cli.play import replay_text
from tablebits.pictures._step import find_actions
from tablebits.pictures.narrate import narrate
from tablebits.pictures.page import replay_page
from tests.support.hoi_pho_rules import duel_line, merchants, name

RECORDS = Path(__file__).parents[1] / "data" / "records"
#: A 3-player game (seed 101) of the committed Hội Phố records.
HOI = tb.load_records(RECORDS / "hoi_pho.jsonl")[1]
ROUND_END, DUEL = 6, 14  # its steps: a round's last turn, a Mouse duel


def round_end_lines() -> list[str]:
    """Step 6: player 0 plays 13 Chicken, players 1 and 2 their ships, in the round's last
    turn. By the rules: two ships earn 1 each; a lone merchant is both 1st (its 1st reward)
    and lowest (Chicken: no skill); the most coins take the top contract; the next round
    starts with the coin cap at the new top contract."""
    before = list(tb.replay(HOI))[ROUND_END].to_dict()
    assert HOI.strings[ROUND_END] == ["play 13", "play ship", "play ship"]
    first = merchants()[13][1]
    coins = [c + gain for c, gain in zip(before["coins"], [first, 1, 1], strict=True)]
    richest = max(range(3), key=coins.__getitem__)
    assert coins.count(coins[richest]) == 1  # no tie-break
    top, cap = before["deck"][:2]
    owned = len(before["contracts"][richest]) + 1
    return ["two ships: players 1 and 2 +1 each",
            f"1st: {name(13)}, player 0 +{first}",
            f"player {richest} takes contract {top} ({owned} of 3): the most coins "
            f"({coins[richest]})",
            f"coin cap at {cap}, the top contract: "
            + ", ".join(f"player {p} {c} → {cap}" for p, c in enumerate(coins) if c > cap)]


def duel_lines(record: tb.GameRecord, k: int) -> list[str]:
    """Step ``k``, a Mouse duel, by the rules: the throws are the record's."""
    coins = list(tb.replay(record))[k].to_dict()["coins"]
    throws = {p: text for p, text in enumerate(record.strings[k]) if text is not None}
    return [duel_line(coins, throws)]


def test_the_chosen_steps_cannot_be_told_from_the_positions_alone():
    """What the tests below rest on: searching finds no single move for these steps."""
    states = list(tb.replay(HOI))
    for k in (ROUND_END, DUEL):
        assert find_actions(states[k], states[k + 1]) is None


def told_on_the_page(record: tb.GameRecord) -> list[list[list[str]]]:
    """The page's story: for each step, the lines of each view (everything, then each seat)."""
    page = replay_page([record])
    data = re.search(r'<script id="games-data" type="application/json">(.*?)</script>', page,
                     re.S).group(1)
    return json.loads(gzip.decompress(base64.b64decode(json.loads(data)[0]["told"])))


def test_the_replay_page_tells_the_round_end_and_the_duel_with_their_reasons():
    told = told_on_the_page(HOI)
    for k, expected in ((ROUND_END, round_end_lines()), (DUEL, duel_lines(HOI, DUEL))):
        for lines in told[k]:  # every view: nothing here is hidden from anyone
            assert set(expected) <= set(lines), (k, lines)
    assert not [line for step in told for lines in step for line in lines
                if line.startswith("coins: ")]


def text_steps(text: str) -> list[list[str]]:
    """The told lines of each step of ``replay --text``."""
    return [[line[4:] for line in block.splitlines() if line.startswith("  > ")]
            for block in text.split("\n-- step ")[1:]]


@pytest.mark.parametrize("seat", [None, 2])
def test_replay_text_tells_the_round_end_and_the_duel_with_their_reasons(seat):
    steps = text_steps(replay_text(HOI, seat, "game 1 of 1"))
    assert len(steps) == len(HOI.actions)
    assert set(round_end_lines()) <= set(steps[ROUND_END])
    assert set(duel_lines(HOI, DUEL)) <= set(steps[DUEL])
    assert not [line for lines in steps for line in lines if line.startswith("coins: ")]


def test_the_fox_duets_gazelle_is_told_on_the_page_and_in_the_text():
    """Ignoring no footprints moves the tracker as ignoring one card with no footprints does:
    only the move played says which the Gazelle's player chose."""
    record = tb.load_records(RECORDS / "fox_duet.jsonl")[0]
    k = 20
    assert record.strings[k] == "ignore none"
    line = f"the Gazelle: player {record.players[k]} ignores no footprints"
    assert line in told_on_the_page(record)[k][0]
    assert line in text_steps(replay_text(record, None, "game 1"))[k]


def test_the_terminal_tells_a_target_a_duel_and_every_round_end_with_reasons():
    """A person at seat 0 of a 3-player game (seed 1) who always takes the first move, against
    random bots: seat 1's Mouse picks seat 0 (step 3), they duel (step 4); the second round ends
    on a Naga's take (step 16). Searched for, the duel and that round end lose their reasons."""
    game = tb.make("hoi_pho", players=3)
    out = io.StringIO()
    bots = [None, tb.bots.Random(seed=1), tb.bots.Random(seed=2)]
    record = HumanGame(game, 0, bots, seed=1, read=lambda prompt: "#1", out=out).run()
    text = out.getvalue()
    states = list(tb.replay(record))
    target = next(k for k, t in enumerate(record.strings) if isinstance(t, str)
                  and t.startswith("target "))
    mover, picked = record.players[target], int(record.strings[target].split()[1])
    mouse = states[target].to_dict()["stack"][-1]
    assert (target, mover, picked, mouse) == (3, 1, 0, 1)
    # "seat 1 plays target 0", told as the rules say it: the Mouse picks an opponent to duel.
    assert (f"seat 1 (random) plays target 0.\n  > player 1's {name(mouse)} picks player 0: "
            "they duel, rock, paper, scissors\n") in text
    assert f"  > {duel_lines(record, target + 1)[0]}\n" in text
    # Every round end says its coin cap with the contract it comes from, never net coins.
    assert text.count("  > coin cap at ") >= 2
    assert "  > coins: " not in text and "coin cap: coins above" not in text
    assert [find_actions(states[k], states[k + 1]) for k in (4, 16)] == [None, None]


def test_a_target_is_told_as_the_rules_say_it():
    """"seat 4 plays target 2" in words: the Mouse picks an opponent; with ``rps="chance"``
    the duel is settled at once, the winner taking half the loser's coins (rounded down)."""
    record = tb.load_records(RECORDS / "hoi_pho.jsonl")[2]  # 5 players, rps="chance"
    k = 16
    assert (record.players[k], record.strings[k], record.params["rps"]) == (4, "target 2",
                                                                            "chance")
    states = list(tb.replay(record))
    before, after = (states[i].to_dict()["coins"] for i in (k, k + 1))
    winner, loser = (2, 4) if after[2] > before[2] else (4, 2)
    stake = before[loser] // 2
    assert (after[winner], after[loser]) == (before[winner] + stake, before[loser] - stake)
    change = {winner: f"+{stake}", loser: f"\u2212{stake}"}
    line = (f"player 4's {name(1)} picks player 2: "
            + ", ".join(f"player {p} {change[p]}" for p in sorted(change)))
    assert line in told_on_the_page(record)[k][0]
    assert line in text_steps(replay_text(record, 3, "game 2"))[k]


def test_a_duel_won_against_one_coin_is_not_a_draw():
    """Half of 1 coin, rounded down, is 0: the throws still name a winner."""
    d = list(tb.replay(HOI))[DUEL].to_dict()
    assert HOI.strings[DUEL] == [None, "scissors", "rock"]  # player 2 wins
    d["coins"][1] = 1
    state = tb.make("hoi_pho", players=3).state_from_dict(d)
    before = state.clone()
    state.apply_actions(HOI.actions[DUEL])
    assert state.to_dict()["coins"] == d["coins"]
    assert narrate(before, state, actions=HOI.actions[DUEL])[0] == (
        "the Mouse's duel: player 1 scissors, player 2 rock: half the loser's coins is 0")
