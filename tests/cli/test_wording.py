"""Wording a new user reads: plurals ("1 card", "1 game") and the arena table's name column."""

from __future__ import annotations

import random
import re

import pytest

import tablebits as tb
from tablebits.cli.main import main
from tablebits.jobs.summary import ArenaSummary, count
from tests.support.helpers import random_step


def test_count():
    assert [count(n, "game") for n in (0, 1, 2, 1000)] == ["0 games", "1 game", "2 games",
                                                            "1,000 games"]


@pytest.mark.parametrize(
    "game_id, pattern",
    [("fox_duet", r"partner: (\d+) (cards?)\b"), ("hoi_pho", r"\b(\d+) (cards?)\b")],
)
def test_observations_say_one_card(game_id, pattern):
    game, rng = tb.make(game_id), random.Random(1)
    seen = set()
    for seed in range(6):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            for p in range(game.num_players):
                for n, word in re.findall(pattern, state.observation_string(p)):
                    assert word == ("card" if n == "1" else "cards"), (n, word)
                    seen.add(word)
            random_step(state, game.num_players, rng)
    assert seen == {"card", "cards"}  # both forms met (hands run down to one card)


@pytest.mark.parametrize("game_id, players", [("color_mafia", 4), ("hoi_pho", 3)])
def test_board_says_the_round_without_the_safety_cap(game_id, players):
    """A game starts in round 1 (rules); max_rounds only stops endless play, so the board must
    not print it as the game's length (`round 1/50` read as "one of fifty rounds")."""
    state = tb.make(game_id, players=players, max_rounds=50).new_initial_state(seed=1)
    for text in (str(state), state.observation_string(0)):
        assert re.search(r"\bround 1,", text), text
        assert "/50" not in text, text


def test_replay_of_a_one_game_file_says_one_game(tmp_path, capsys):
    record = tb.play("good_fortune", [tb.bots.Random(seed=1)] * 2, seed=2)
    path = tmp_path / "one.jsonl"
    tb.save_records([record], path)
    assert main(["replay", str(path), "--game", "3"]) == 2
    assert f"{path} holds 1 game; --game must be in 0..0" in capsys.readouterr().err


def test_one_truncated_game_and_one_game_in_the_tables():
    summary = ArenaSummary(game_id="good_fortune", params={}, seed=0, bots=["random"],
                           seat_counts=[2], players=2, games=1, truncated=1, seconds=1.0)
    text = summary.summary()
    assert "good_fortune: 1 game (2 seats" in text
    assert text.endswith("truncated by the safety cap: 1 game")


def test_arena_name_column_fits_the_longest_name():
    bots = ["ismcts:100@1.4", "ismcts:1000@1.4"]
    result = tb.arena("good_fortune", [tb.bots.parse(b) for b in bots], games=2, seed=1)
    # the title, the header, one row per bot (the turn-order block follows)
    header, *rows = result.summary().splitlines()[1:2 + len(bots)]
    column = header.index("bot") + len("bot")  # names are right-aligned under "bot"
    for row, name in zip(rows, ["0:ismcts:100@1.4", "1:ismcts:1000@1.4"], strict=True):
        assert row[:column].strip() == name
        assert row[column] == " "


#: The engine's phase ids and outcomes a person must never read (the rules say these in words).
_ID = re.compile(r"\b(phase \w+|\w+_\w+)\b")


@pytest.mark.parametrize("game_id", tb.games())
def test_the_picture_title_and_the_board_say_the_phase_in_the_rules_words(game_id):
    """The picture's root ``<title>`` (what a screen reader says of it) is its visible header,
    and the terminal's and ``replay --text``'s board header says the phase as that header does:
    ``round 1, turn 1/4, everyone chooses a card to play``, not ``phase play``."""
    import xml.etree.ElementTree as ET

    from tablebits.cli.board import board_text
    from tablebits.pictures import doing

    svg_ns = "{http://www.w3.org/2000/svg}"
    game, rng = tb.make(game_id), random.Random(2)
    phases = set()
    for seed in range(4):
        state = game.new_initial_state(seed)
        while True:
            phases.add(state.to_dict()["phase"])
            for seat in (None, *range(game.num_players)):
                root = ET.fromstring(state.to_svg(seat))
                name, detail = (t.text for t in list(root.iter(f"{svg_ns}text"))[:2])
                title = root.find(f"{svg_ns}title").text
                assert title == f"{name}: {detail}" and title.endswith(doing(state, seat))
                board = board_text(state, seat).splitlines()
                header = board[1 if seat is not None else 0]
                assert header.endswith(doing(state, seat)) or f", {doing(state, seat)}, " in header
                for text in (title, *board):
                    assert not _ID.search(text), text
            if state.is_terminal():
                break
            random_step(state, game.num_players, rng)
    assert "over" in phases and len(phases) >= 3


def test_a_game_stopped_by_the_round_cap_is_told_without_engine_words():
    from tablebits.pictures.narrate import narrate

    game, rng = tb.make("color_mafia", max_rounds=1), random.Random(2)
    state = game.new_initial_state(seed=2)
    while not state.is_terminal():
        before = state.clone()
        random_step(state, game.num_players, rng)
    assert state.to_dict()["outcome"] == "truncated"
    told = narrate(before, state)
    assert told[-1] == "game stopped after round 1: no winner"
    assert not [line for line in told if "safety cap" in line]
