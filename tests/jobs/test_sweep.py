"""tb.sweep and tablebits sweep: cells equal separate tb.simulate calls, significance on data
with a known difference and with none, bad input refused before anything runs, and Ctrl-C
keeping every finished cell in the CSV."""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import tablebits as tb
from tablebits.cli.main import main
from tablebits.sweep import significance
from tests.support.helpers import run_cli_with_file_size_limit


def test_sweep_equals_separate_simulate_calls() -> None:
    grid = {"players": [3, 4], "chips_per_color": [2, 10]}
    table = tb.sweep("color_mafia", grid, 400, seed=3, threads=2)
    assert len(table) == 3 * 2 + 4 * 2  # one row per cell and position
    cell = 0
    for players in grid["players"]:
        for chips in grid["chips_per_color"]:
            alone = tb.simulate("color_mafia", 400, seed=3, threads=2, players=players,
                                chips_per_color=chips)
            rows = table[table["cell"] == cell].sort_values("position")
            cell += 1
            assert rows["players"].tolist() == [players] * players
            summary = alone.summarize()
            assert rows["win_share"].tolist() == [w.mean for w in summary.positions.win_shares()]
            assert rows["ci_low"].tolist() == [w.low for w in summary.positions.win_shares()]
            assert rows["mean_score"].tolist() == [
                s.mean for s in summary.positions.mean_scores()
            ]
            assert rows["mean_length"].iloc[0] == pytest.approx(alone.lengths.mean())
            assert rows["length_q50"].iloc[0] == np.quantile(
                alone.lengths, 0.5, method="inverted_cdf"
            )
            assert rows["truncated_share"].iloc[0] == alone.truncated.mean()
            assert rows["draw_or_shared_rate"].iloc[0] == (alone.winners == -1).mean()
            assert rows["fair_share"].iloc[0] == 1 / players


def test_sweep_keep_games_and_arena_cells() -> None:
    # a Game gives the parameters the grid leaves out: Side A's board for level 3 too
    table = tb.sweep(tb.make("fox_duet"), {"level": [1, 3]}, 40, bots=["random"], seed=2,
                     threads=2, keep_games=True)
    results = table.attrs["results"]
    assert [r.params["level"] for r in results] == [1, 3]
    first = table[table["cell"] == 0].sort_values("position")
    assert first["win_share"].tolist() == [
        w.mean for w in results[0].summarize().positions.win_shares()
    ]


def synthetic(shares_by_value: dict[int, list[float]], games: int = 10_000) -> pd.DataFrame:
    rows = []
    for cell, (value, shares) in enumerate(shares_by_value.items()):
        for k, share in enumerate(shares):
            rows.append({"cell": cell, "a": value, "players_in_game": len(shares),
                         "games": games, "position": k, "win_share": share})
    return pd.DataFrame(rows)


def test_significance_finds_a_known_difference() -> None:
    tests = significance(synthetic({1: [0.6, 0.4], 2: [0.4, 0.6]}))
    assert tests["parameter"].tolist() == ["a", "(fair turn order)", "(fair turn order)"]
    # each cell alone: [6000, 4000] against [5000, 5000]: chi2 = 2 * 1000^2 / 5000 = 400
    assert tests["statistic"].iloc[1:].tolist() == pytest.approx([400.0, 400.0])
    # 2x2 table [[6000, 4000], [4000, 6000]]: chi2 = 20000 * (6000^2 - 4000^2)^2 / 10000^4 = 800
    assert tests["statistic"].iloc[0] == pytest.approx(800.0)
    assert tests["p_value"].iloc[0] < 1e-100
    assert (tests["p_bh"] >= tests["p_value"]).all()


def test_significance_finds_no_difference_where_there_is_none() -> None:
    tests = significance(synthetic({1: [0.5, 0.5], 2: [0.5, 0.5], 3: [0.5, 0.5]}))
    assert tests["statistic"].iloc[0] == pytest.approx(0.0)
    assert tests["p_value"].iloc[0] == pytest.approx(1.0)
    assert tests["dof"].iloc[0] == 2
    assert tests["p_bh"].tolist() == pytest.approx([1.0] * 4)  # the test and 3 fair cells


def test_significance_corrects_for_several_tests() -> None:
    rows = []
    for cell, (a, b, shares) in enumerate([(1, 1, [0.5, 0.5]), (2, 1, [0.52, 0.48]),
                                           (1, 2, [0.5, 0.5]), (2, 2, [0.5, 0.5])]):
        for k, share in enumerate(shares):
            rows.append({"cell": cell, "a": a, "b": b, "players_in_game": 2, "games": 10_000,
                         "position": k, "win_share": share})
    tests = significance(pd.DataFrame(rows))
    assert len(tests) == 4 + 4  # a at b=1, a at b=2, b at a=1, b at a=2; each cell's fairness
    p = tests["p_value"].to_numpy()
    order = np.argsort(p)
    m = len(p)
    expected = np.minimum.accumulate((p[order] * m / np.arange(1, m + 1))[::-1])[::-1]
    assert tests["p_bh"].to_numpy()[order] == pytest.approx(np.minimum(expected, 1.0))
    assert (tests["p_bh"] >= tests["p_value"]).all()


@pytest.mark.parametrize(
    ("grid", "message"),
    [
        ({"colour": [1, 2]}, "colour"),
        ({"chips_per_color": [10, 31]}, "chips_per_color"),
        ({}, "grid is empty"),
        ({"chips_per_color": []}, "no values"),
        ({"chips_per_color": list(range(2, 31)) * 400}, "at most 10,000"),
    ],
)
def test_bad_grid_is_refused_before_anything_runs(grid: dict, message: str) -> None:
    called = []
    with pytest.raises(ValueError, match=message):
        tb.sweep("color_mafia", grid, 10, on_cell=called.append)
    assert called == []


def test_cli_sweep_writes_csv_parquet_json(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    out, parquet = tmp_path / "out.csv", tmp_path / "out.parquet"
    code = main(["sweep", "hoi_pho", "--param", "players=3,4", "--param",
                 "rps=chance,play", "--games", "2e2", "--csv", str(out), "--parquet",
                 str(parquet), "--no-progress", "--threads", "2"])
    assert code == 0
    printed = capsys.readouterr().out
    assert "Benjamini-Hochberg" in printed
    with out.open() as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 2 * (3 + 4)
    assert len(pd.read_parquet(parquet)) == len(rows)
    table = tb.sweep("hoi_pho", {"players": [3, 4], "rps": ["chance", "play"]}, 200, threads=2)
    assert [float(r["win_share"]) for r in rows] == pytest.approx(table["win_share"].tolist())
    assert main(["sweep", "hoi_pho", "--param", "players=3,4", "--games", "200", "--json",
                 "--no-progress", "--threads", "2"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert [r["win_share"] for r in printed["rows"]] == pytest.approx(
        table[table["rps"] == "play"]["win_share"].tolist()
    )
    # 3 and 4 players are not compared (fair shares differ); each cell's fairness is tested
    assert [t["parameter"] for t in printed["significance"]] == ["(fair turn order)"] * 2


@pytest.mark.parametrize(
    "args",
    [
        ["--param", "nope=1,2"],
        ["--param", "chips_per_color=1,2"],
        ["--param", "chips_per_color=2", "--csv", "/no/such/folder/out.csv"],
    ],
)
def test_cli_bad_input_exits_2_before_writing(args: list[str], tmp_path: Path,
                                              capsys: pytest.CaptureFixture) -> None:
    assert main(["sweep", "color_mafia", "--games", "10", *args]) == 2
    assert "error:" in capsys.readouterr().err


def test_missing_pandas_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match=r"tablebits\[sweep\]"):
        tb.sweep("color_mafia", {"players": [3]}, 10)


@pytest.mark.skipif(os.name != "posix", reason="sends POSIX signals")
def test_sigint_keeps_finished_cells_in_csv(tmp_path: Path) -> None:
    out = tmp_path / "out.csv"
    args = [sys.executable, "-m", "tablebits", "sweep", "color_mafia", "--param",
            "chips_per_color=" + ",".join(str(c) for c in range(2, 31)), "--games", "20000",
            "--threads", "2", "--no-progress", "--csv", str(out)]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:  # wait until two cells are in the CSV
        if out.exists() and len(out.read_text().splitlines()) > 1 + 2 * 4:
            break
        time.sleep(0.05)
    assert proc.poll() is None, "the sweep ended before it could be interrupted"
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "interrupted after" in err and str(out) in err
    with out.open() as f:
        rows = list(csv.DictReader(f))
    cells = sorted({int(r["cell"]) for r in rows})
    assert cells == list(range(len(cells))) and len(cells) < 29
    assert len(rows) == 4 * len(cells)  # every finished cell whole (4 positions), no partial one
    finished = int(err.split("interrupted after ")[1].split()[0])
    assert finished == len(cells)


def test_list_values_are_json_text_and_tested() -> None:
    short = [{"gems": 1, "plus": False}, {"gems": 1, "plus": True}, {"gems": 0, "plus": False},
             {"gems": 1, "plus": True}, {"gems": 1, "plus": False}]
    side_a = tb.make("fox_duet").params["board"]
    table = tb.sweep("fox_duet", {"board": [side_a, short]}, 50, threads=2)
    assert json.loads(table["board"].iloc[-1]) == short
    assert significance(table)["parameter"].tolist() == ["board"]  # no fairness: cooperative


def test_cooperative_games_are_tested_on_their_win_rate() -> None:
    rows = []
    for cell, (value, rate) in enumerate([(1, 0.30), (2, 0.20)]):
        for k in range(2):  # both players share the result
            rows.append({"cell": cell, "a": value, "players_in_game": 2, "cooperative": True,
                         "games": 1000, "position": k, "win_share": rate})
    tests = significance(pd.DataFrame(rows))
    # [[300, 700], [200, 800]]: chi2 = 2000 * (300*800 - 700*200)^2 / (1000*1000*500*1500)
    assert tests["test"].tolist() == ["chi2 homogeneity of team wins"]
    assert tests["statistic"].iloc[0] == pytest.approx(2000 * 100_000**2 / (1000**2 * 500 * 1500))


def test_sweep_figure_draws_bars_fair_lines_and_lengths(tmp_path: Path) -> None:
    from tablebits.figures.sweep import cell_labels, sweep_figure

    table = tb.sweep("color_mafia", {"players": [3, 4], "max_rounds": [5]}, 100, threads=2)
    assert cell_labels(table, ["players", "max_rounds"]) == [
        "players=3 max_rounds=5", "players=4 max_rounds=5"
    ]
    fig = sweep_figure(table, ["players", "max_rounds"], tmp_path / "sweep.png")
    bars, lengths = fig.axes
    assert len(bars.patches) == 3 + 4  # one bar per cell and position
    segments = [seg for c in bars.collections for seg in c.get_segments()]
    fair = sorted(round(float(seg[0][1]), 6) for seg in segments  # the 0.9-wide dashed lines
                  if seg[0][1] == seg[1][1] and abs(seg[1][0] - seg[0][0] - 0.9) < 1e-9)
    assert fair == [0.25, round(1 / 3, 6)]
    assert len(lengths.lines) == 2
    assert (tmp_path / "sweep.png").stat().st_size > 0


def test_pandas_operations_share_the_sweeps_attrs_instead_of_copying() -> None:
    table = tb.sweep("good_fortune", {"variant": ["standard", "guess"]}, 20, keep_games=True)
    rows = table[table["position"] == 0]  # an operation that returns a new frame
    for key in ("parameters", "length_histograms", "results"):
        assert rows.attrs[key] is table.attrs[key], key
    assert list(table.attrs["parameters"]) == ["variant"]
    assert [sum(h) for h in table.attrs["length_histograms"]] == [20, 20]


class DeepCopyProbe:
    """Counts the deep copies made of it."""

    def __init__(self) -> None:
        self.copies = 0

    def __deepcopy__(self, memo: dict) -> DeepCopyProbe:
        self.copies += 1
        return self


def test_significance_never_deep_copies_the_tables_attrs() -> None:
    # Each deep copy of a large sweep's attrs costs as much as the table: copied once per
    # pandas operation, they made the tests of N cells cost N^2.
    table = tb.sweep("color_mafia", {"max_rounds": [1, 2, 3], "players": [3, 4]}, 10)
    probe = DeepCopyProbe()
    table.attrs["probe"] = probe
    tests = significance(table)
    assert probe.copies == 0 and len(tests) > 0


def test_cli_sweep_plays_baseline_and_time_limited_bots(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture) -> None:
    args = ["sweep", "good_fortune", "--param", "variant=standard", "--games", "2",
            "--no-progress"]
    assert main([*args, "--bots", "baseline:5", "random"]) == 0
    assert "baseline" not in capsys.readouterr().err
    assert main([*args, "--bots", "ismcts:5ms", "random"]) == 2
    assert "--allow-time-limits" in capsys.readouterr().err
    assert main([*args, "--bots", "ismcts:5ms", "random", "--allow-time-limits"]) == 0


def test_every_cells_bots_are_checked_before_the_first_cell_runs(tmp_path: Path) -> None:
    finished: list[list[dict]] = []
    # Baseline's network was trained on the default connection only: cell 1 cannot seat it.
    with pytest.raises(ValueError, match="baseline"):
        tb.sweep("good_fortune", {"connection": ["domino", "shared"]}, 2,
                 bots=["baseline:5", "random"], on_cell=finished.append)
    assert finished == []
    csv_path = tmp_path / "kept.csv"
    csv_path.write_text("earlier results\n")
    assert main(["sweep", "good_fortune", "--param", "connection=domino,shared", "--games", "2",
                 "--bots", "baseline:5", "random", "--csv", str(csv_path)]) == 2
    assert csv_path.read_text() == "earlier results\n"


def test_outputs_failing_after_the_sweep_come_after_the_table(tmp_path: Path) -> None:
    # No file may grow past 600 bytes (for root too): the CSV fails after its first cell, the
    # Parquet file and the plot once drawn. The table is printed whole all the same, then one
    # line per output, exit 2.
    done = run_cli_with_file_size_limit(
        ["sweep", "good_fortune", "--param", "variant=standard,guess", "--games", "100",
         "--csv", "t.csv", "--parquet", "t.parquet", "--plot", "t.png", "--no-progress"],
        600, tmp_path)
    assert done.returncode == 2
    assert "significance per parameter" in done.stdout and "guess" in done.stdout
    errors = [line for line in done.stderr.splitlines() if line.startswith("error: ")]
    assert errors == [
        "error: cannot write --csv t.csv: File too large; the table above has every row "
        "(--json prints every column)",
        "error: cannot write --parquet t.parquet: File too large; the table above has every "
        "row (--json prints every column)",
        "error: cannot write --plot t.png: File too large; the same command with another "
        "--plot path makes it again (the same --seed plays the same games)",
    ]
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "t.parquet").exists() and not (tmp_path / "t.png").exists()


def test_unbalanced_brackets_are_named(capsys: pytest.CaptureFixture) -> None:
    for value in ("players=[3", "players=3]", "board=[[1,2],[3"):
        with pytest.raises(SystemExit):
            main(["sweep", "color_mafia", "--param", value, "--games", "5"])
        err = capsys.readouterr().err
        assert f"unbalanced brackets in '{value}'" in err and "no values" not in err


def test_one_progress_bar_for_the_whole_sweep(capsys: pytest.CaptureFixture) -> None:
    # A bar per cell printed a line per cell (696 lines for 348 cells); one bar counts every
    # cell's games and says which cell it is at.
    tb.sweep("good_fortune", {"variant": ["standard", "guess"], "must_connect": [True, False],
                              "connection": ["domino", "shared"]}, 2000, progress=True)
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert "good_fortune cell 8 of 8" in err and "16.0k/16.0k" in err
