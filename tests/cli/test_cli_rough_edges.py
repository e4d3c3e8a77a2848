"""The command line as a new user meets it: closed pipes, errors in flag words, help text, an empty
job."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tablebits.cli.errors import flag_words
from tablebits.cli.main import main
from tests.support.helpers import run_cli_with_file_size_limit

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


# -- outputs: refused before the work, or reported after the results ---------------------------

def _unwritable_folder(tmp_path: Path) -> Path:
    """A folder no file can be created in, for any user: read-only for a normal user; root
    ignores permissions, so for root a folder of sysfs, which refuses new files to everyone."""
    if os.geteuid() == 0:
        return Path("/sys/kernel")
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o500)
    return folder


def _device(tmp_path: Path) -> Path:
    """A path that leads to /dev/full (a device: every write fails, for root too). A link,
    never /dev/full itself: an atomic writer that renamed over it (the bug these tests
    catch) replaces the link, not the machine's device."""
    link = tmp_path / "full"
    link.symlink_to("/dev/full")
    return link


@pytest.mark.parametrize("where", ["device", "unwritable_folder"])
@pytest.mark.parametrize("argv, flag, name", [
    (["simulate", "good_fortune", "--games", "10"], "--plot", "out.png"),
    (["arena", "good_fortune", "--bots", "random", "--games", "10"], "--records", "out.jsonl"),
    (["ladder", "good_fortune", "--bots", "random", "ismcts:5", "--games", "4"], "--plot",
     "out.png"),
    (["sweep", "good_fortune", "--param", "variant=standard,guess", "--games", "10"], "--csv",
     "out.csv"),
    (["sweep", "good_fortune", "--param", "variant=standard,guess", "--games", "10"],
     "--parquet", "out.parquet"),
], ids=["simulate-plot", "arena-records", "ladder-plot", "sweep-csv", "sweep-parquet"])
def test_an_output_that_cannot_be_written_is_refused_before_any_work(
    capsys, tmp_path, where, argv, flag, name
):
    # A device is no regular file (a rename over it would replace it, a write fails only
    # after the work); the folder check creates a file, which os.access cannot stand in for:
    # as root it says any folder is writable, sysfs included.
    target = _device(tmp_path) if where == "device" else _unwritable_folder(tmp_path) / name
    code = main([*argv, flag, str(target), "--no-progress"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.startswith(f"error: cannot write {target}: ")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert Path("/dev/full").is_char_device()


def test_the_atomic_writer_never_replaces_what_is_not_a_regular_file(tmp_path):
    from tablebits._paths import write_atomically

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for target in (_device(tmp_path), fifo):
        with pytest.raises(ValueError, match=f"cannot write {target}: it exists and is not a "
                                             "regular file"):
            write_atomically(target, lambda f: f.write(b"x"))
    assert not (tmp_path / "full").resolve().is_file()  # the link still leads to the device
    assert sorted(p.name for p in tmp_path.iterdir()) == ["full", "pipe"]  # no temporary left


@pytest.mark.parametrize("argv", [
    ["simulate", "good_fortune", "--games", "200"],
    ["ladder", "good_fortune", "--bots", "random", "ismcts:5", "--games", "6"],
], ids=["simulate", "ladder"])
def test_a_plot_that_fails_after_the_work_comes_after_the_results(tmp_path, argv):
    # No file may grow past 2,000 bytes: the folder check passes, the PNG fails once drawn.
    done = run_cli_with_file_size_limit([*argv, "--plot", "out.png", "--no-progress"], 2000,
                                        tmp_path)
    assert done.returncode == 2, done.stderr
    assert "win share" in done.stdout or "Elo" in done.stdout  # the results, printed first
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("error: cannot write --plot out.png: File too large; the same "
                           "command with another --plot path")
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "out.png").exists()  # no torn picture left


def test_an_error_without_a_message_still_says_what_it_is(capsys, monkeypatch):
    # An allocation that fails raises MemoryError() with no message: "error: " alone said
    # nothing.
    from tablebits.cli import main as cli_main
    from tablebits.cli.errors import error_line

    assert error_line(MemoryError()) == "error: out of memory"
    assert error_line(ValueError("")) == "error: ValueError"

    def exhausted(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(cli_main, "simulate", exhausted)
    assert main(["simulate", "good_fortune", "--games", "5", "--no-progress"]) == 2
    assert capsys.readouterr().err == "error: out of memory\n"


# -- wording -----------------------------------------------------------------------------------

@pytest.mark.parametrize("spec, message", [
    ("ismcts:10~2", "bad bot spec 'ismcts:10~2': ~MIX (the weight of playouts in a leaf's value) "
                    "is for baseline and puct bots"),
    ("ismcts:-1", "bad bot spec 'ismcts:-1': ismcts bot's iterations must be in "
                  "1..4294967295, got -1"),
    ("ismcts:0", "bad bot spec 'ismcts:0': ismcts bot's iterations must be in 1..4294967295, "
                 "got 0"),
    ("ismcts:abc", "bad bot spec 'ismcts:abc': the budget is ITERATIONS, a time (20ms) or "
                   "ITERATIONS/TIME; got 'abc'"),
    ("pimc:x", "bad bot spec 'pimc:x': the budget is SAMPLES, a time (20ms) or SAMPLES/TIME; "
               "got 'x'"),
])
def test_a_bad_bot_spec_says_what_is_wrong_in_the_specs_words(capsys, spec, message):
    assert main(["arena", "good_fortune", "--bots", spec, "--games", "2", "--no-progress"]) == 2
    assert capsys.readouterr().err == f"error: {message}\n"


def test_a_huge_bot_spec_is_not_echoed_in_full(capsys):
    for spec in ["ismcts:" + "9" * 100_000 + "x", "z" * 100_000]:
        assert main(["arena", "good_fortune", "--bots", spec, "--games", "2",
                     "--no-progress"]) == 2
        err = capsys.readouterr().err
        assert len(err) < 600 and "characters)" in err


def test_replay_html_refuses_the_options_it_has_no_use_for(capsys, tmp_path):
    out = tmp_path / "page.html"
    for extra in (["--game", "5"], ["--seat", "9"]):
        code = main(["replay", str(RECORDS / "good_fortune.jsonl"), "--html", str(out), *extra])
        assert code == 2
        assert capsys.readouterr().err.startswith("error: --game and --seat choose what replay "
                                                  "prints")
        assert not out.exists()
    assert main(["replay", str(RECORDS / "good_fortune.jsonl"), "--html", str(out)]) == 0


@pytest.mark.parametrize("option, message", [
    (["--rounds", "-1"], "rounds must be a positive int, got -1"),
    (["--value-mix", "5"], "value_mix must be in [0, 1], got 5.0"),
    (["--threads", "0"], "threads must be a positive int, got 0"),
    (["--rollout-mix", "-1"], "rollout_mix must be in [0, 1], got -1.0"),
    (["--playout-visits", "-1"], "playout_visits must be a non-negative int, got -1"),
    (["--predict", "1"], "predict must be in [0, 1), got 1.0"),
])
def test_train_checks_its_options_before_it_needs_torch(capsys, tmp_path, option, message):
    code = main(["train", "good_fortune", "--out", str(tmp_path / "run"), *option])
    assert code == 2
    assert capsys.readouterr().err == f"error: {message}\n"
    assert not (tmp_path / "run").exists()


def test_train_help_shows_the_defaults(capsys):
    with pytest.raises(SystemExit):
        main(["train", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for shown in ("(default: 20)", "(default: 50)", "(default: 2000)", "(default: 0.0)",
                  "(default: the shipped network's with --warm-start, the --start-from file's "
                  "with it, else 128 128)"):
        assert shown in text, shown


@pytest.mark.parametrize("argv", [
    ["simulate", "good_fortune"], ["arena", "good_fortune", "--bots", "random"],
    ["ladder", "good_fortune", "--bots", "random", "ismcts:5"],
    ["sweep", "good_fortune", "--param", "variant=standard"],
])
def test_every_job_command_reads_games_in_scientific_notation(capsys, argv):
    # One parser for every command: 2e1 is 20 games everywhere.
    assert main([*argv, "--games", "2e1", "--json", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert '"games": 20' in out
