"""The replay page file: what it holds, and that bad input writes nothing.

The page in a real browser (keys, slider, pickers) is tested in tests/browser.
"""

from __future__ import annotations

import base64
import gzip
import json
import re
from pathlib import Path

import pytest

import tablebits as tb
from tablebits.__main__ import main
from tablebits.pictures.page import replay_page, write_replay_page

RECORDS = Path(__file__).parents[1] / "data" / "records"


def page_games(html: str) -> list[dict]:
    data = re.search(r'<script id="games-data" type="application/json">(.*?)</script>', html,
                     re.S).group(1)
    return json.loads(data)


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
        for k in (0, len(states) // 2, len(states) - 1):
            assert pictures[k] == [states[k].to_svg(s) for s in [None, *range(players)]]
        first = record.strings[0]
        assert game["moves"][0].startswith("at once: ") and all(
            f"player {p} {t}" in game["moves"][0] for p, t in enumerate(first) if t)
        assert f"after {len(record.actions)} moves" in game["result"]


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
