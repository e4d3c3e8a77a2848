"""Lone surrogates, Unicode digits at the prompt, hostile record files, record files replaced
silently, and command-line tracebacks where `error:` and exit 2 are due."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import tablebits as tb
from tablebits.__main__ import main
from tablebits.bots import Random
from tablebits.records import VERSION, RecordError, load_records, save_records

LONE = "\udcff"  # what surrogateescape makes of the byte 0xff


def test_lone_surrogates_are_value_errors():
    game = tb.make("hoi_pho")
    state = game.new_initial_state(seed=1)
    with pytest.raises(ValueError, match="valid Unicode"):
        state.string_to_action(LONE)
    with pytest.raises(ValueError, match="valid Unicode"):
        tb.make("good_fortune", variant=LONE)
    with pytest.raises(ValueError, match="unknown parameter"):
        tb.make("good_fortune", **{LONE: 1})
    with pytest.raises(ValueError, match="unknown game"):
        tb.make(LONE)
    d = state.to_dict()
    d["phase"] = LONE
    with pytest.raises(tb.InvalidStateError, match="valid Unicode"):
        game.state_from_dict(d)
    with pytest.raises(ValueError, match="valid Unicode"):
        tb.simulate("good_fortune", 10, variant=LONE)
    with pytest.raises(ValueError, match="valid Unicode"):
        tb.arena("good_fortune", [Random(1)], 2, connection=LONE)


def a_record(tmp_path: Path) -> dict:
    record = tb.play("good_fortune", [Random(1), Random(2)], seed=3)
    return record.to_dict()


def write_lines(path: Path, *lines: str) -> Path:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8",
                    errors="surrogatepass")
    return path


def test_hostile_record_lines_are_record_errors_naming_the_line(tmp_path):
    good = json.dumps(a_record(tmp_path))
    cases = {
        "deep": "[" * 200_000 + "]" * 200_000,  # deeper than the recursion limit
        "seed": good.replace('"seed":3', '"seed":' + "9" * 5000).replace('"seed": 3',
                                                                       '"seed": ' + "9" * 5000),
        # true and 1.0 equal 1 (and 2.0 equals 2), but are not versions
        "true": good.replace(f'"version": {VERSION}', '"version": true'),
        "float": good.replace(f'"version": {VERSION}', f'"version": {VERSION}.0'),
        "surrogate": good.replace('"game": "good_fortune"', '"game": "good_fortune\\udcff"'),
        "param": good.replace('"variant": "standard"', '"variant": "\\udcff"'),
    }
    for name, line in cases.items():
        assert line != good, name
        path = write_lines(tmp_path / f"{name}.jsonl", good, line)
        with pytest.raises(RecordError, match=f"{name}.jsonl, line 2: "):
            load_records(path)


def test_replay_of_a_record_with_a_lone_surrogate_exits_2(tmp_path, capsys):
    good = json.dumps(a_record(tmp_path))
    path = write_lines(tmp_path / "bad.jsonl",
                       good.replace('"variant": "standard"', '"variant": "\\udcff"'))
    assert main(["replay", str(path)]) == 2
    assert capsys.readouterr().err.startswith("error: ")


def run_cli(args: list[str], stdin: bytes, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tablebits", *args], input=stdin,
                          capture_output=True, cwd=cwd, timeout=120,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8"})


@pytest.mark.parametrize("typed", ["²", "①", "٣", "\udcff"])
def test_play_survives_odd_text_at_the_prompt(tmp_path, typed):
    data = typed.encode("utf-8", "surrogateescape") + b"\n"
    done = run_cli(["play", "good_fortune", "--seed", "1", "--bots", "random"], data, tmp_path)
    assert done.returncode == 0, done.stderr.decode()  # a move the prompt rejects, not a crash
    assert b"Unknown move" in done.stdout or b"There is no move" in done.stdout
    assert b"Traceback" not in done.stderr


def test_records_file_is_not_replaced_without_force(tmp_path, capsys):
    path = tmp_path / "games.jsonl"
    assert main(["arena", "good_fortune", "--bots", "random", "--games", "8", "--seed", "1",
                 "--no-progress", "--records", str(path)]) == 0
    assert len(load_records(path)) == 8
    capsys.readouterr()
    assert main(["arena", "good_fortune", "--bots", "random", "--games", "1",
                 "--no-progress", "--records", str(path)]) == 2
    assert "exists; pass --force" in capsys.readouterr().err
    assert len(load_records(path)) == 8  # 8 records became 1 before
    done = run_cli(["play", "good_fortune", "--seed", "1", "--bots", "random",
                    "--records", str(path)], b"", tmp_path)
    assert done.returncode == 2 and b"exists; pass --force" in done.stderr
    assert main(["arena", "good_fortune", "--bots", "random", "--games", "1", "--force",
                 "--no-progress", "--records", str(path)]) == 0
    assert len(load_records(path)) == 1


def test_killed_save_leaves_no_temporary_file(tmp_path):
    # Before: 5 of 10 SIGKILLs left a .tmp file next to the target.
    target = tmp_path / "records.jsonl"
    code = textwrap.dedent(f"""
        import sys, tablebits as tb
        from tablebits.bots import Random
        records = [tb.play("good_fortune", [Random(1), Random(2)], seed=s) for s in range(40)]
        records = records * 50
        tb.save_records(records[:1], {str(target)!r})
        print("ready", flush=True)
        while True:
            tb.save_records(records, {str(target)!r})
    """)
    for k in range(6):
        child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE)
        assert child.stdout is not None
        assert child.stdout.readline() == b"ready\n"
        time.sleep(0.05 + 0.07 * k)
        child.send_signal(signal.SIGKILL)
        child.wait()
        assert sorted(p.name for p in tmp_path.iterdir()) == ["records.jsonl"], k
        assert load_records(target, check=False)  # whole, never half written


def test_save_records_still_replaces_atomically(tmp_path):
    path = tmp_path / "r.jsonl"
    record = tb.play("good_fortune", [Random(1), Random(2)], seed=1)
    save_records([record] * 3, path)
    save_records([record], path)
    assert load_records(path) == [record]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.jsonl"]
    assert oct(path.stat().st_mode & 0o777) == oct(0o666 & ~current_umask())


def current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@pytest.mark.parametrize("param", ["games=5", "seed=1", "keep_games=false", "threads=2"])
def test_cli_job_options_passed_as_params_are_errors(param, capsys):
    assert main(["simulate", "good_fortune", "--games", "10", "--param", param]) == 2
    assert "is not a game parameter" in capsys.readouterr().err


def test_cli_huge_thread_count_is_an_error(capsys):
    assert main(["simulate", "good_fortune", "--games", "10", "--threads", "3000000000"]) == 2
    assert "threads must be an int in 1..1024" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["simulate", "arena", "play"])
def test_cli_unknown_game_error_is_short(command, capsys):
    with pytest.raises(SystemExit) as exit_:
        main([command, "x" * 10**6])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "unknown game 'xxxx" in err and "1,000,000 characters" in err and len(err) < 2000


def test_unknown_game_error_is_short():
    with pytest.raises(ValueError) as err:
        tb.make("y" * 10**6)
    assert len(str(err.value)) < 300
