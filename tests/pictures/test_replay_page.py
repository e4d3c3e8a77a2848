"""The replay page file: what it holds, and that bad input writes nothing.

The page in a real browser (keys, slider, pickers) is tested in tests/browser.
"""

from __future__ import annotations

import base64
import dataclasses
import gzip
import html
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import tablebits as tb
from tablebits.__main__ import main
from tablebits.pictures.page import replay_page, result_text, write_replay_page

RECORDS = Path(__file__).parents[1] / "data" / "records"


def page_games(html: str) -> list[dict]:
    data = re.search(r'<script id="games-data" type="application/json">(.*?)</script>', html,
                     re.S).group(1)
    return json.loads(data)


def caption_of(svg: str) -> str | None:
    """The title of the picture's caption group, None without one."""
    group = ET.fromstring(svg).find(".//{*}g[@class='tb-caption']/{*}title")
    return None if group is None else group.text


def test_the_page_holds_every_picture_of_every_game_and_needs_no_network():
    records = tb.load_records(RECORDS / "hoi_pho.jsonl")[:2]
    html = replay_page(records)
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", html)  # nothing fetched
    games = page_games(html)
    assert len(games) == 2
    for record, game in zip(records, games, strict=True):
        players = len(record.bots)
        states = list(tb.replay(record))
        pictures = json.loads(gzip.decompress(base64.b64decode(game["pictures"])))
        assert len(pictures) == len(states) == len(game["moves"]) + 1
        assert game["views"] == ["everything"] + [f"player {p}'s view" for p in range(players)]
        told = json.loads(gzip.decompress(base64.b64decode(game["told"])))
        assert len(told) == len(game["moves"]) and all(len(t) == players + 1 for t in told)
        # Each picture after the first is captioned with the step that led to it, as seen, and
        # told with the record's move (the last one has the end banner instead).
        assert pictures[0] == [states[0].to_svg(s) for s in [None, *range(players)]]
        for k in (1, len(states) // 2, len(states) - 1):
            before, move = states[k - 1], record.actions[k - 1]
            assert pictures[k] == [states[k].to_svg(s, before, move)
                                   for s in [None, *range(players)]]
            for picture, lines in zip(pictures[k], told[k - 1], strict=True):
                shown = None if states[k].is_terminal() else "the last step: " + "; ".join(lines)
                assert caption_of(picture) == shown
        assert caption_of(pictures[0][0]) is None
        assert f"after {len(record.actions)} moves" in game["result"]
    # The first step of the first game: all four players at once (the record's strings).
    assert games[0]["moves"][0] == [[0, "play 11"], [1, "play ship"], [2, "play 14"],
                                    [3, "play 3"]]
    assert games[0]["moves"][3] == "player 1: name 1"


def test_a_corrupt_record_file_names_the_line_and_writes_nothing(tmp_path, capsys):
    good = (RECORDS / "good_fortune.jsonl").read_text().splitlines()
    source = tmp_path / "games.jsonl"
    source.write_text("\n".join([good[0], good[1][:50], good[2]]) + "\n")
    out = tmp_path / "out.html"
    out.write_text("before")
    with pytest.raises(tb.RecordError, match=r"games.jsonl, line 2: not JSON"):
        write_replay_page(source, out)
    assert main(["replay", str(source), "--html", str(out)]) == 2
    assert "line 2: not JSON" in capsys.readouterr().err
    assert out.read_text() == "before"
    assert {p.name for p in tmp_path.iterdir()} == {"games.jsonl", "out.html"}  # no temp file


def test_a_record_that_does_not_replay_names_its_game(tmp_path, capsys):
    lines = (RECORDS / "fox_duet.jsonl").read_text().splitlines()
    broken = json.loads(lines[1])
    broken["steps"][3]["string"] = "not the move"
    source = tmp_path / "games.jsonl"
    source.write_text("\n".join([lines[0], json.dumps(broken)]) + "\n")
    out = tmp_path / "out.html"
    with pytest.raises(tb.RecordError, match=r"games.jsonl, game 1: .*step 3"):
        write_replay_page(source, out)
    assert main(["replay", str(source), "--html", str(out)]) == 2
    assert "game 1:" in capsys.readouterr().err
    assert not out.exists()


def test_the_command_writes_the_page(tmp_path, capsys):
    out = tmp_path / "page.html"
    assert main(["replay", str(RECORDS / "color_mafia.jsonl"), "--html", str(out)]) == 0
    assert f"Replay page written to {out}" in capsys.readouterr().out
    assert len(page_games(out.read_text())) == len(tb.load_records(RECORDS / "color_mafia.jsonl"))


def test_bad_arguments():
    with pytest.raises(ValueError, match="no game records"):
        replay_page([])
    with pytest.raises(TypeError, match="GameRecords"):
        replay_page(["not a record"])
    with pytest.raises(ValueError, match="does not exist"):
        write_replay_page(RECORDS / "fox_duet.jsonl", "/nonexistent-folder/out.html")


#: Strings that end or hide a <script> element, or a line in older JavaScript parsers, if an
#: HTML page takes them as they are.
HOSTILE = ["<!--<script>", "</script>", "<script>alert(1)</script>", "]]>", "\u2028\u2029",
           "&amp; &lt;", "__DATA__ __TITLE__"]


@pytest.mark.parametrize("hostile", HOSTILE)
def test_hostile_text_in_a_record_stays_text(hostile):
    record = tb.load_records(RECORDS / "fox_duet.jsonl")[0]
    # The record's free-text fields: the bot names (written into the page) and the version
    # that wrote it; the page's title is free text too.
    record = dataclasses.replace(record, bots=[hostile, "b" + hostile], tablebits=hostile)
    page = replay_page([record], title=hostile)
    start = page.index('<script id="games-data" type="application/json">')
    end = page.index("</script>", start)
    data = page[page.index(">", start) + 1:end]
    assert not set(data) & {"<", ">", "&", "\u2028", "\u2029"}
    [game] = json.loads(data)
    assert game["info"].endswith(f"; player 0: {hostile}, player 1: b{hostile}")
    # Nothing but the page's own two scripts, and its title as escaped text.
    outside = page[:start] + page[end:]
    assert page.count("<script") == 2 and outside.count("</script>") == 2
    assert "<!--" not in page
    assert f"<title>{html.escape(hostile)}</title>" in page


@pytest.mark.parametrize("hostile", HOSTILE)
def test_hostile_text_in_the_checked_fields_writes_no_page(tmp_path, hostile):
    # The game, its parameters and the action strings are checked against the engine: text
    # that is not the game's own never reaches a page.
    record = tb.load_records(RECORDS / "good_fortune.jsonl")[0]
    strings = [hostile, *record.strings[1:]]
    for bad in (dataclasses.replace(record, game_id=hostile),
                dataclasses.replace(record, params={**record.params, "variant": hostile}),
                dataclasses.replace(record, strings=strings)):
        with pytest.raises(tb.RecordError):
            write_replay_page([bad], tmp_path / "out.html")
    assert list(tmp_path.iterdir()) == []


def test_result_text_names_winners_not_returns():
    record = tb.load_records(RECORDS / "hoi_pho.jsonl")[0]  # 4 players, contracts 0, 3, 2, 1
    shared = dataclasses.replace(record, returns=[0.5, 0.0, 0.5, 0.0], scores=[2, 1, 2, 0])
    assert result_text(shared) == ("Player 0 (ismcts:100) and player 2 (random) share the win. "
                                   "Scores: player 0 2, player 1 1, player 2 2, player 3 0. "
                                   "Game over after 34 moves.")
    cut = dataclasses.replace(record, returns=[0.25] * 4, truncated=True)
    assert result_text(cut).startswith("Player 0 (ismcts:100), player 1 (random), player 2 "
                                       "(random) and player 3 (random) share the win.")
    assert result_text(cut).endswith("Cut short after 34 moves.")
    nobody = dataclasses.replace(record, returns=[0.0] * 4)
    assert result_text(nobody).startswith("Nobody wins. Scores:")
    fox = tb.load_records(RECORDS / "fox_duet.jsonl")[0]  # cooperative: one verdict for both
    won = dataclasses.replace(fox, returns=[1.0, 1.0], scores=[4.0, 4.0])
    assert result_text(won) == "The team wins (score 4). Game over after 46 moves."


def test_the_command_shows_a_progress_bar_on_stderr(tmp_path):
    out = tmp_path / "page.html"
    source = RECORDS / "good_fortune.jsonl"
    games = len(tb.load_records(source))
    command = [sys.executable, "-m", "tablebits", "replay", str(source), "--html", str(out)]
    shown = subprocess.run(command, capture_output=True, text=True, check=True)
    assert f"{games}/{games}" in shown.stderr and "game" in shown.stderr
    assert f"{games}/{games}" not in shown.stdout
    quiet = subprocess.run([*command, "--no-progress"], capture_output=True, text=True,
                           check=True)
    assert quiet.stderr == "" and f"Replay page written to {out}" in quiet.stdout
