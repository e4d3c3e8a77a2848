"""Game records: the JSON Lines format, replay with its checks, arena records, and the committed
record files that every later version must replay identically."""

from __future__ import annotations

import dataclasses
import errno
import json
import os
import re
from pathlib import Path

import pytest

import tablebits as tb
from tablebits.__main__ import main
from tablebits.cli.board import board_text
from tests.support.game_params import game_cases
from tests.support.helpers import run_cli_with_file_size_limit

RECORDS = Path(__file__).parents[1] / "data" / "records"


def _bots(game, seed):
    return [tb.bots.ISMCTS(20, seed=seed) if p == 0 else tb.bots.Random(seed + p)
            for p in range(game.num_players)]


@pytest.mark.parametrize(("game_id", "params"), game_cases())
def test_records_round_trip_and_replay(tmp_path, game_id, params):
    game = tb.make(game_id, **params)
    records = [tb.play(game, _bots(game, seed), seed=seed) for seed in (3, 4)]
    path = tb.save_records(records, tmp_path / "games.jsonl")
    assert len(path.read_text().splitlines()) == 2
    loaded = tb.load_records(path)
    assert loaded == records
    for record in loaded:
        assert record.bots == ["ismcts:20"] + ["random"] * (game.num_players - 1)
        states = list(tb.replay(record))
        assert len(states) == len(record.actions) + 1
        assert states[0] == game.new_initial_state(record.seed)
        assert states[-1].is_terminal() and not states[-2].is_terminal()
        assert states[-1].returns() == record.returns


def _one_record(tmp_path):
    game = tb.make("color_mafia", players=3)
    record = tb.play(game, _bots(game, 1), seed=11)
    path = tb.save_records([record], tmp_path / "one.jsonl")
    return json.loads(path.read_text()), path


def _replay_error(d):
    with pytest.raises(tb.RecordError) as err:
        list(tb.replay(tb.GameRecord.from_dict(d)))
    return str(err.value)


def test_replay_names_the_game_and_step_of_a_mismatch(tmp_path):
    d, _ = _one_record(tmp_path)
    steps = d["steps"]
    k = next(i for i, s in enumerate(steps) if "player" in s)  # a sequential step
    tampered = json.loads(json.dumps(d))
    tampered["steps"][k]["string"] = "nonsense"
    assert f"color_mafia game (seed 11), step {k}: the action" in _replay_error(tampered)

    j = next(i for i, s in enumerate(steps) if "joint" in s)  # a simultaneous step
    illegal = json.loads(json.dumps(d))
    illegal["steps"][j]["joint"] = [40, 40, 40]
    illegal["steps"][j]["strings"] = ["x", "x", "x"]
    assert f"step {j}:" in _replay_error(illegal)

    wrong_turn = json.loads(json.dumps(d))
    wrong_turn["steps"][k]["player"] = (steps[k]["player"] + 1) % 3
    assert f"step {k}: the record has player" in _replay_error(wrong_turn)

    short = dict(d, steps=steps[:-1])
    assert "the game is not over" in _replay_error(short)
    longer = dict(d, steps=steps + [steps[-1]])
    assert f"step {len(steps)}: " in _replay_error(longer)
    assert "the end of the game" in _replay_error(longer)

    returns = dict(d, returns=[1.0, 0.0, 0.0] if d["returns"] != [1.0, 0.0, 0.0] else [0, 1, 0])
    assert "the record says" in _replay_error(returns)


def _write_lines(path, lines):
    path.write_text("".join(line + "\n" for line in lines))


@pytest.mark.parametrize(
    ("bad_line", "message"),
    [
        ("{not json", "not JSON"),
        ('{"hello": "world"}', "not a tablebits game record"),
        ('[1, 2, 3]', "not a tablebits game record"),
        ("VERSION", "record version 99; this tablebits reads versions 1, 2"),
        ("NOSTEPS", "missing fields ['steps']"),
        ("BADSTEP", "steps[0] must be"),
        ("BADGAME", "unknown game 'chess'"),
        ("TAMPERED", "step 0: the action"),
        ("BINARY", "not UTF-8 text"),
    ],
)
def test_corrupted_or_foreign_files_name_the_line(tmp_path, capsys, bad_line, message):
    d, path = _one_record(tmp_path)
    good = path.read_text().strip()
    variants = {
        "VERSION": dict(d, version=99),
        "NOSTEPS": {k: v for k, v in d.items() if k != "steps"},
        "BADSTEP": dict(d, steps=[{"player": 0}]),
        "BADGAME": dict(d, game="chess"),
        "TAMPERED": dict(d, steps=[dict(d["steps"][0], **(
            {"string": "nonsense"} if "string" in d["steps"][0]
            else {"strings": ["nonsense" if t else t for t in d["steps"][0]["strings"]]}))]
            + d["steps"][1:]),
    }
    line = json.dumps(variants[bad_line]) if bad_line in variants else bad_line
    bad = tmp_path / "bad.jsonl"
    _write_lines(bad, [good, "", line, good])
    if bad_line == "BINARY":
        bad.write_bytes(f"{good}\n\n".encode() + b"\xff\xfe\x00garbage\n")
    with pytest.raises(tb.RecordError, match=f"bad.jsonl, line 3: .*{re.escape(message)}"):
        tb.load_records(bad)
    # The command line prints nothing but the error, and writes nothing.
    before = sorted(tmp_path.iterdir())
    assert main(["replay", str(bad)]) == 2
    out = capsys.readouterr()
    assert out.out == "" and "line 3" in out.err and "Traceback" not in out.err
    assert sorted(tmp_path.iterdir()) == before


def test_save_records_writes_all_or_nothing(tmp_path):
    record = tb.play("good_fortune", [tb.bots.Random(1), tb.bots.Random(2)], seed=1)
    target = tmp_path / "out.jsonl"
    target.write_text("old\n")
    with pytest.raises(TypeError, match="record 1 is a str"):
        tb.save_records([record, "not a record"], target)
    assert target.read_text() == "old\n"
    with pytest.raises(ValueError, match="does not exist"):
        tb.save_records([record], tmp_path / "missing" / "out.jsonl")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.jsonl"]  # no temporary left


@pytest.mark.parametrize(("game_id", "params"), [
    ("good_fortune", {"variant": "guess"}), ("color_mafia", {"players": 4}),
    ("hoi_pho", {"players": 3}), ("fox_duet", {}),
])
def test_arena_records_every_game(tmp_path, game_id, params):
    bots = [tb.bots.ISMCTS(15), tb.bots.Random()]
    path = tmp_path / "arena.jsonl"
    result = tb.arena(game_id, bots, games=7, seed=5, threads=2, records=path, **params)
    records = tb.load_records(path)  # replays every game, checking strings and results
    assert len(records) == 7
    for i, record in enumerate(records):
        assert record.arena == {"seed": 5, "game": i}
        assert record.params == result.params
        # The C++ arena's own arrays, computed without any Python replay, agree with the
        # record: seats in rotation, game length, returns and scores.
        assert record.bots == [result.bots[b] for b in result.seats[i]]
        assert len(record.actions) == result.lengths[i]
        assert record.returns == pytest.approx(result.returns[i].tolist())
        assert record.scores == pytest.approx(result.scores[i].tolist())
    # Recording changes nothing, and game i is the same for any thread count.
    plain = tb.arena(game_id, bots, games=7, seed=5, threads=1, **params)
    assert (plain.returns == result.returns).all() and (plain.lengths == result.lengths).all()
    again = tmp_path / "again.jsonl"
    tb.arena(game_id, bots, games=7, seed=5, threads=1, records=again, **params)
    assert again.read_text() == path.read_text()


def test_arena_rejects_an_unwritable_records_path_before_playing(tmp_path):
    with pytest.raises(ValueError, match="does not exist"):
        tb.arena("good_fortune", ["random"], games=10**9, records=tmp_path / "no" / "x.jsonl")


def test_arena_records_from_the_command_line(tmp_path, capsys):
    path = tmp_path / "a.jsonl"
    code = main(["arena", "hoi_pho", "--bots", "random", "--games", "5", "--threads", "1",
                 "--records", str(path), "--no-progress"])
    assert code == 0
    assert len(tb.load_records(path)) == 5


def test_replay_command_prints_each_step(tmp_path, capsys):
    game = tb.make("hoi_pho", players=3)
    records = [tb.play(game, _bots(game, s), seed=s) for s in (1, 2)]
    path = tb.save_records(records, tmp_path / "g.jsonl")
    states = list(tb.replay(records[1]))

    assert main(["replay", str(path), "--game", "1"]) == 0
    everything = capsys.readouterr().out
    assert f"{len(records[1].actions)} steps" in everything
    # each state as the terminal's board shows it: pieces spelled out, the phase in words
    _assert_in_order(everything, [board_text(s, None) for s in states])

    assert main(["replay", str(path), "--game", "1", "--seat", "2"]) == 0
    seat_view = capsys.readouterr().out
    _assert_in_order(seat_view, [board_text(s, 2) for s in states])
    # the full deal is never printed to one seat
    assert board_text(states[0], None).split("\n", 1)[1] not in seat_view

    assert main(["replay", str(path), "--game", "2"]) == 2
    assert "--game must be in 0..1" in capsys.readouterr().err
    assert main(["replay", str(path), "--seat", "3"]) == 2
    assert "--seat must be in 0..2" in capsys.readouterr().err
    (tmp_path / "empty.jsonl").write_text("\n")
    assert main(["replay", str(tmp_path / "empty.jsonl")]) == 2
    assert "holds no game records" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.jsonl")]) == 2
    assert "No such file" in capsys.readouterr().err


def _assert_in_order(text, parts):
    at = 0
    for part in parts:
        found = text.find(part, at)
        assert found >= 0, f"missing from the output: {part!r}"
        at = found + len(part)


@pytest.mark.parametrize("game_id", tb.games())
def test_committed_records_replay_identically(game_id):
    """Records written by tablebits 0.1.0 (tests/data/records/make.py): any change to the
    rules, the action ids or strings, the seeding or the format shows up here."""
    records = tb.load_records(RECORDS / f"{game_id}.jsonl")
    assert len(records) >= 3 and {r.game_id for r in records} == {game_id}
    assert any(r.arena is not None for r in records)
    assert any(tb.SIMULTANEOUS in r.players for r in records) or game_id == "good_fortune"
    for record in records:
        assert record.final_state().is_terminal()


# Color Mafia with 2 chips of a colour, capped at 3 rounds: some games end by the cap, the others
# by the rules.
CAPPED = {"players": 3, "chips_per_color": 2, "max_rounds": 3}


def test_records_say_which_games_a_safety_cap_ended(tmp_path):
    path = tmp_path / "capped.jsonl"
    result = tb.arena("color_mafia", ["random"], games=40, seed=2, threads=1, records=path,
                      **CAPPED)
    assert 0 < result.truncated.sum() < 40
    records = tb.load_records(path)  # replay checks each record's flag against its final state
    assert [r.truncated for r in records] == result.truncated.tolist()
    lines = path.read_text().splitlines()
    assert [json.loads(line).get("truncated", False) for line in lines] == [
        r.truncated for r in records
    ]
    capped = next(r for r in records if r.truncated)
    with pytest.raises(tb.RecordError, match="a safety cap ended the game"):
        list(tb.replay(dataclasses.replace(capped, truncated=False)))
    ended = next(r for r in records if not r.truncated)
    with pytest.raises(tb.RecordError, match="the rules ended the game"):
        list(tb.replay(dataclasses.replace(ended, truncated=True)))
    with pytest.raises(tb.RecordError, match="truncated must be true or false"):
        tb.GameRecord.from_dict({**capped.to_dict(), "truncated": 1})
    game = tb.make("color_mafia", **CAPPED)
    for seed in range(6):
        record = tb.play(game, [tb.bots.Random(seed + p) for p in range(3)], seed=seed)
        assert record.truncated == record.final_state().is_truncated()


def test_records_say_which_tablebits_wrote_them_and_version_1_still_loads(tmp_path):
    d, path = _one_record(tmp_path)
    assert d["version"] == 2 and d["tablebits"] == tb.__version__
    # The committed files are version 1 (tablebits 0.1.0, before the field): still read.
    old = json.loads((RECORDS / "good_fortune.jsonl").read_text().splitlines()[0])
    assert old["version"] == 1 and "tablebits" not in old
    assert tb.GameRecord.from_dict(old).tablebits is None
    with pytest.raises(tb.RecordError, match=r"unknown fields \['tablebits'\]"):
        tb.GameRecord.from_dict(dict(old, tablebits="0.1.0"))  # not a version-1 field
    with pytest.raises(tb.RecordError, match="tablebits must be a version string"):
        tb.GameRecord.from_dict(dict(d, tablebits=3))
    without = {k: v for k, v in d.items() if k != "tablebits"}  # optional in version 2
    assert tb.GameRecord.from_dict(without).tablebits is None


def test_records_that_cannot_be_written_after_the_games_keep_them(tmp_path, monkeypatch):
    # The disk fills up as the records are written: the games are not lost with them.
    from tablebits import _paths
    from tablebits.errors import OutputError

    real = _paths._write_synced

    def full_disk(f, write):
        write(f)
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(_paths, "_write_synced", full_disk)
    target = tmp_path / "a.jsonl"
    bots = ["ismcts:10", "random"]
    with pytest.raises(OutputError, match=r"cannot write records to .*a\.jsonl \(No space left "
                                          r"on device\); the work is done") as info:
        tb.arena("good_fortune", bots, games=6, seed=2, records=target)
    assert list(tmp_path.iterdir()) == []  # nothing torn, no temporary
    err = info.value
    assert isinstance(err, OSError) and err.errno == errno.ENOSPC
    played = tb.arena("good_fortune", bots, games=6, seed=2)
    assert (err.result.returns == played.returns).all()
    monkeypatch.setattr(_paths, "_write_synced", real)
    saved = err.save(tmp_path / "elsewhere.jsonl")
    assert [r.returns for r in tb.load_records(saved)] == played.returns.tolist()


def test_the_command_line_prints_the_results_before_a_records_write_error(tmp_path):
    # No file may grow past 2,000 bytes (for root too): the records fail after the games.
    done = run_cli_with_file_size_limit(
        ["arena", "color_mafia", "--bots", "random", "--games", "20", "--records", "r.jsonl",
         "--no-progress"], 2000, tmp_path)
    assert done.returncode == 2
    assert "20 games" in done.stdout and "win share" in done.stdout
    assert done.stderr == ("error: cannot write --records r.jsonl: File too large; the same "
                           "command with another --records path makes it again (the same "
                           "--seed plays the same games)\n")
    assert not (tmp_path / "r.jsonl").exists()


def test_recording_is_refused_before_playing_when_its_memory_does_not_fit(
    tmp_path, monkeypatch, capsys
):
    # 100,000 Color Mafia games: a few MB of result rows, but some 600 MB of noted decisions
    # until their records are written. With 64 MiB available (set here, not by the machine)
    # the arena refuses before playing, where it used to play and then fail with "error: ".
    from tablebits import _memory
    from tablebits.jobs import runner

    def never(*args, **kwargs):
        raise AssertionError("the games were played")

    monkeypatch.setattr(_memory, "available_bytes", lambda: 64 * 2**20)
    monkeypatch.setattr(runner, "run", never)
    with pytest.raises(MemoryError, match=r"recording 100,000 games needs \d+\.\d\d GiB"):
        tb.arena("color_mafia", ["random"], 100_000, records=tmp_path / "c.jsonl")
    code = main(["arena", "color_mafia", "--bots", "random", "--games", "100000", "--records",
                 str(tmp_path / "c.jsonl"), "--no-progress"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("error: recording 100,000 games needs ") and "record fewer" in err
    monkeypatch.setattr(_memory, "available_bytes", lambda: 2**40)
    estimate = tb.records.record_bytes(tb.make("color_mafia"), 1000)
    assert 2_000_000 < estimate < 20_000_000  # about 3 KB of decisions per game, with margin


def test_building_records_shows_its_own_progress(tmp_path, capsys):
    # Replaying every game into its record takes a while after the games' bar is full.
    tb.arena("good_fortune", ["random"], games=300, records=tmp_path / "g.jsonl", progress=True)
    err = capsys.readouterr().err
    assert "good_fortune records" in err and "300/300" in err
