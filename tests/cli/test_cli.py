"""The command line: `tablebits simulate` (the README's main job)."""

from tablebits.__main__ import main


def test_simulate_prints_a_summary(capsys):
    code = main(["simulate", "color_mafia", "--games", "500", "--seed", "3", "--threads", "2",
                 "--param", "players=3", "--no-progress"])
    out = capsys.readouterr().out
    assert code == 0
    assert "500 random games" in out and "win share" in out and "95% CI" in out
    assert len([line for line in out.splitlines() if line.strip()[:1].isdigit()]) == 3  # seats


def test_simulate_rejects_bad_parameters(capsys):
    assert main(["simulate", "good_fortune", "--param", "variant=nope", "--games", "5"]) == 2
    assert "variant" in capsys.readouterr().err


def test_progress_bar_on_long_runs(capsys):
    code = main(["simulate", "good_fortune", "--games", "30000", "--threads", "1"])
    captured = capsys.readouterr()
    assert code == 0 and "30,000 random games" in captured.out
    assert "30.0k/30.0k" in captured.err  # tqdm's final count, chunk by chunk
