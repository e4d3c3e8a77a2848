"""The command line as a new user meets it: closed pipes, errors in flag words, help text, an empty
job."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tablebits.cli.errors import flag_words
from tablebits.cli.main import main

RECORDS = Path(__file__).resolve().parents[1] / "data" / "records"


def _closed_pipe_run(argv):
    """Runs the CLI with stdout a pipe whose reading end is already closed (``| head`` that
    has exited): every write fails with EPIPE."""
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "tablebits", *argv], stdout=write, stderr=subprocess.PIPE,
            text=True, timeout=120,
        )
    finally:
        os.close(write)
    return done


@pytest.mark.parametrize(
    "argv",
    [
        ["replay", str(RECORDS / "color_mafia.jsonl")],  # more than the stdout buffer
        ["replay", str(RECORDS / "good_fortune.jsonl"), "--seat", "0"],
        ["simulate", "good_fortune", "--games", "10", "--no-progress"],  # a few lines
    ],
    ids=["replay", "replay-seat", "simulate"],
)
def test_a_closed_pipe_exits_quietly(argv):
    done = _closed_pipe_run(argv)
    assert done.stderr == ""
    assert done.returncode == 141  # 128 + SIGPIPE, as a tool killed by SIGPIPE


def test_records_with_ray_names_flags(capsys, tmp_path):
    code = main(["arena", "good_fortune", "--bots", "random", "--games", "2", "--no-progress",
                 "--records", str(tmp_path / "games.jsonl"), "--backend", "ray"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("error: --records needs --backend local")
    assert "records=" not in err and "backend='local'" not in err


def test_address_without_ray_names_flags(capsys):
    code = main(["simulate", "good_fortune", "--games", "2", "--no-progress",
                 "--address", "auto"])
    assert code == 2
    assert capsys.readouterr().err == "error: --address is for --backend ray\n"


def test_an_unreachable_cluster_says_leave_out_address():
    message = (
        "cannot reach a Ray cluster at '127.0.0.1:9' (refused); start one with `ray start "
        "--head`, or pass address=None for a Ray instance on this machine"
    )
    assert flag_words(message).endswith("or leave out --address for a Ray instance on this machine")


def test_library_names_that_are_not_options_stay():
    assert flag_words("players must be 3 or 4, got 5") == "players must be 3 or 4, got 5"
    assert flag_words("the seeds are fine") == "the seeds are fine"


@pytest.mark.parametrize("games", ["0", "-1"])
def test_simulate_no_games_is_an_error(capsys, games):
    assert main(["simulate", "good_fortune", "--games", games, "--no-progress"]) == 2
    assert capsys.readouterr().err == f"error: --games must be a positive int, got {games}\n"


def test_tb_simulate_no_games_is_an_error():
    import tablebits as tb

    with pytest.raises(ValueError, match="games must be a positive int, got 0"):
        tb.simulate("good_fortune", 0)
    with pytest.raises(ValueError, match="games must be a positive int, got 0"):
        tb.simulate("good_fortune", 0, keep_games=False)


@pytest.mark.parametrize("command, default", [("simulate", "100000"), ("arena", "1000")])
def test_games_and_seed_have_help_and_defaults(capsys, command, default):
    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert f"how many games to play (default: {default})" in text
    assert "--seed SEED game i is determined by (seed, i) alone" in text
    assert "same seed, same games (default: 0)" in text
