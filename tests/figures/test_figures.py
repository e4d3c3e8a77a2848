"""SimulationResult.plot, ArenaResult.plot, sweep_figure and --plot: what each figure holds."""

from __future__ import annotations

import struct
import sys
from itertools import combinations
from types import SimpleNamespace

import numpy as np
import pytest
from matplotlib.container import BarContainer

import tablebits as tb
from tablebits.__main__ import main
from tablebits.cli import main as cli_main
from tablebits.figures.results import ladder_figure
from tablebits.figures.sweep import cell_labels, sweep_figure
from tablebits.stats import Interval

PNG = b"\x89PNG\r\n\x1a\n"
LENGTH = "game length (moves)"  # every figure's words for a game's length


def _bar_heights(ax):
    return [p.get_height() for p in ax.patches]


def _legend_is_below(fig, ax):
    """The legend lies wholly under the panel's data area (it covers no bar)."""
    fig.canvas.draw()
    legend = ax.get_legend().get_window_extent()
    return legend.y1 <= ax.get_window_extent().y0


def _fair_share_levels(ax):
    return [line.get_ydata()[0] for line in ax.lines if line.get_linestyle() == "--"]


def test_simulation_figure(tmp_path):
    result = tb.simulate("color_mafia", 3000, seed=2, players=3)
    path = tmp_path / "sim.png"
    fig = result.plot(path)
    assert path.read_bytes().startswith(PNG)
    assert fig.get_suptitle().startswith("Color Mafia: 3,000 random games")
    shares_ax, scores_ax, lengths_ax = fig.axes

    # Win shares: per seat and per position in the turn order (the first parent varies), each
    # at the mean return with a 95% interval around it, the fair share 1/3 dashed, the y-axis
    # from 0, the legend under the panel.
    assert [t.get_text() for t in shares_ax.get_xticklabels()] == ["0", "1", "2"]
    assert "win share" in shares_ax.get_ylabel() and shares_ax.get_ylim()[0] == 0
    by_seat, by_position = [c for c in shares_ax.containers if isinstance(c, BarContainer)]
    # Position k in game i is the seat (start + k) mod 3 (position 0 starts).
    games = np.arange(3000)
    starts = result.starts.astype(int)
    expected = {
        "by seat": result.returns.mean(axis=0),
        "by position": [result.returns[games, (starts + k) % 3].mean() for k in range(3)],
    }
    assert len(set(starts.tolist())) == 3  # every seat starts some games
    for bars, means in zip((by_seat, by_position), expected.values(), strict=True):
        assert [p.get_height() for p in bars.patches] == pytest.approx(means, abs=1e-6)
        [errors] = bars.errorbar.lines[2]
        for (low, high), mean in zip((seg[:, 1] for seg in errors.get_segments()), means,
                                     strict=True):
            assert low < mean < high and high - low < 0.05  # 3000 games: a few points wide
    assert by_position.patches[0].get_hatch() != by_seat.patches[0].get_hatch()
    legend = [t.get_text() for t in shares_ax.get_legend().get_texts()]
    assert legend == ["fair share 1/3", "by seat", "by position (0 starts)"]
    assert _fair_share_levels(shares_ax) == pytest.approx([1 / 3])
    assert _legend_is_below(fig, shares_ax)

    # Scores: many distinct values, so a step histogram per seat, each a distribution, the
    # seats told apart by line style as well as colour.
    assert scores_ax.get_xlabel() == "score" and scores_ax.get_ylabel() == "fraction of games"
    steps = scores_ax.patches
    assert len(steps) == 3 and len({p.get_linestyle() for p in steps}) == 3
    for seat, step in enumerate(steps):
        values, edges, _ = step.get_data()  # StairData(values, edges, baseline)
        assert float(np.sum(values)) == pytest.approx(1.0)
        inside = (result.scores[:, seat] >= edges[0]) & (result.scores[:, seat] < edges[1])
        assert values[0] == pytest.approx(inside.mean())
    assert scores_ax.get_ylim()[0] == 0 and _legend_is_below(fig, scores_ax)

    # Lengths: a histogram counting every game.
    assert lengths_ax.get_xlabel() == LENGTH and lengths_ax.get_ylabel() == "games"
    distinct = len(set(result.lengths.tolist()))
    assert len(lengths_ax.patches) == min(30, distinct)
    assert sum(_bar_heights(lengths_ax)) == 3000


def test_few_distinct_scores_are_hatched_bars():
    result = tb.simulate("hoi_pho", 2000, seed=3)
    fig = result.plot()
    assert fig.get_suptitle().startswith("Hội Phố: 2,000 random games")
    # Hội Phố has no turn order (every game "starts" at seat 0): win share by seat only.
    shares_ax, scores_ax, lengths_ax = fig.axes
    assert [t.get_text() for t in shares_ax.get_xticklabels()] == [f"seat {s}" for s in range(4)]
    assert _bar_heights(shares_ax) == pytest.approx(result.returns.mean(axis=0), abs=1e-6)
    # The score of Hội Phố counts contracts, and the panel says so.
    assert scores_ax.get_xlabel() == "contracts owned"
    assert scores_ax.get_title() == "Contracts owned by seat"
    assert lengths_ax.get_xlabel() == LENGTH
    series = [c for c in scores_ax.containers if isinstance(c, BarContainer)]
    assert len(series) == 4  # one per seat
    assert len({bars.patches[0].get_hatch() for bars in series}) == 4
    values = sorted(set(result.scores.flatten().tolist()))  # contracts owned: 0..3
    assert [t.get_text() for t in scores_ax.get_xticklabels()] == [f"{v:g}" for v in values]
    for seat, bars in enumerate(series):
        expected = [(result.scores[:, seat] == v).mean() for v in values]
        assert [p.get_height() for p in bars.patches] == pytest.approx(expected)


def test_a_constant_length_is_a_sentence_not_a_panel():
    # Good Fortune: 9 rounds of 4 decisions, 36 moves in every game (docs/games).
    fig = tb.simulate("good_fortune", 500, seed=1).plot()
    assert len(fig.axes) == 2
    assert "every game lasts 36 moves" in fig.get_suptitle()


def test_fox_duet_is_plotted_as_a_team():
    result = tb.simulate("fox_duet", 2000, seed=1)
    fig = result.plot()
    team_ax = fig.axes[0]
    assert [t.get_text() for t in team_ax.get_xticklabels()] == ["team"]
    wins = int(result.returns[:, 0].sum())
    assert _bar_heights(team_ax) == pytest.approx([wins / 2000])
    assert f"{wins:,} wins in 2,000 games" in "\n".join(t.get_text() for t in team_ax.texts)
    assert _fair_share_levels(team_ax) == []  # a cooperative game has no fair share
    far_ax = fig.axes[-1]
    assert far_ax.get_title() == "How far the team got" and far_ax.get_xlabel() == LENGTH
    assert fig.get_suptitle().startswith("The Fox in the Forest Duet: 2,000 random games")
    assert sum(_bar_heights(far_ax)) == 2000
    if wins == 0:  # random play practically never wins: the score is a sentence
        assert len(fig.axes) == 2 and "the team scores 0 in every game" in fig.get_suptitle()


def error_bar_ends(ax) -> list[tuple[float, float]]:
    """(low, high) of every error bar drawn in ``ax``."""
    return [(float(seg[0][1]), float(seg[1][1]))
            for bars in ax.containers if isinstance(bars, BarContainer) and bars.errorbar
            for seg in bars.errorbar.lines[2][0].get_segments()]


def test_fox_duet_plots_at_3000_games(tmp_path, capsys):
    # Random play wins none of these games (seed 0); the interval's low end for 0 of 3,000
    # once came out 1e-19 above 0 and the plot failed on a negative error bar.
    high = 1.96**2 / (3000 + 1.96**2)  # the Wilson interval of 0 of n: [0, z^2 / (n + z^2)]
    for command in (["simulate", "fox_duet"], ["arena", "fox_duet", "--bots", "random"]):
        path = tmp_path / f"{command[0]}.png"
        assert main([*command, "--games", "3000", "--no-progress", "--plot", str(path)]) == 0
        assert path.read_bytes().startswith(PNG)
        assert f"plot saved to {path}" in capsys.readouterr().out
    result = tb.simulate("fox_duet", 3000)
    assert result.returns.sum() == 0
    ends = error_bar_ends(result.plot().axes[0])
    assert ends == [(0.0, pytest.approx(high, rel=1e-9))]


def test_a_cooperative_arena_has_no_fair_share():
    result = tb.arena("fox_duet", ["random"], games=3000)
    [ax] = result.plot().axes
    assert _fair_share_levels(ax) == [] and ax.get_legend_handles_labels()[1] == ["0: random"]
    assert ax.get_ylabel() == "team win rate (95% interval)"
    assert ax.get_ylim()[1] < 0.01  # scaled to the team's rate, not to a share of 1/2
    # The one bot sits in both seats of all 3,000 games and wins none: [0, z^2 / (n + z^2)].
    high = 1.96**2 / (3000 + 1.96**2)
    assert error_bar_ends(ax) == [(0.0, pytest.approx(high, rel=1e-9))] * 3


def test_arena_figure(tmp_path):
    result = tb.arena("hoi_pho", ["ismcts:20", "random"], games=24, seed=1, threads=2,
                      players=3)
    path = tmp_path / "arena.png"
    fig = result.plot(path)
    assert path.read_bytes().startswith(PNG)
    [ax] = fig.axes
    assert ax.get_title().startswith("Hội Phố: 24 arena games")
    assert ax.get_xlabel() == "seat played" and "win share" in ax.get_ylabel()
    assert [t.get_text() for t in ax.get_xticklabels()] == [
        "seat 0", "seat 1", "seat 2", "overall"]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [
        "fair share 1/3", "0: ismcts:20", "1: random"]
    assert _fair_share_levels(ax) == pytest.approx([1 / 3]) and _legend_is_below(fig, ax)
    assert ax.get_ylim()[0] == 0
    series = [c for c in ax.containers if isinstance(c, BarContainer)]
    assert len(series) == 2 and len(ax.patches) == 8  # one series of 4 bars per bot
    # Each bar, worked out game by game from who sat where.
    for b, bars in enumerate(series):
        heights = [p.get_height() for p in bars.patches]
        assert len(heights) == 4
        for seat in range(3):
            won = [result.returns[i, seat] for i in range(24) if result.seats[i, seat] == b]
            assert heights[seat] == pytest.approx(np.mean(won), abs=1e-6)
        per_game = []
        for i in range(24):
            mine = [result.returns[i, s] for s in range(3) if result.seats[i, s] == b]
            per_game.append(np.mean(mine))
        assert heights[3] == pytest.approx(np.mean(per_game), abs=1e-6)


def test_plot_from_the_command_line(tmp_path, capsys):
    path = tmp_path / "fox.png"
    assert main(["simulate", "fox_duet", "--games", "500", "--no-progress", "--plot",
                 str(path)]) == 0
    assert path.read_bytes().startswith(PNG)
    assert f"plot saved to {path}" in capsys.readouterr().out
    path = tmp_path / "arena.svg"
    assert main(["arena", "good_fortune", "--bots", "random", "--games", "20", "--no-progress",
                 "--plot", str(path)]) == 0
    assert path.read_text().lstrip().startswith("<?xml")


@pytest.mark.parametrize(("name", "message"), [
    ("missing/out.png", "does not exist"),
    ("out.nope", "the name must end in one of"),
    (".", "it is a folder"),
])
def test_a_bad_plot_path_fails_before_the_job(tmp_path, monkeypatch, capsys, name, message):
    def must_not_run(*args, **kwargs):
        raise AssertionError("the job started")

    monkeypatch.setattr(cli_main, "simulate", must_not_run)  # the names the command line calls
    monkeypatch.setattr(cli_main, "arena", must_not_run)
    target = str(tmp_path / name)
    assert main(["simulate", "good_fortune", "--plot", target]) == 2
    assert message in capsys.readouterr().err
    assert main(["arena", "good_fortune", "--bots", "random", "--plot", target]) == 2
    assert message in capsys.readouterr().err


def test_without_matplotlib_the_error_says_what_to_install(monkeypatch):
    result = tb.simulate("good_fortune", 10)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ImportError
    with pytest.raises(ImportError, match=r"pip install 'tablebits\[plot\]'"):
        result.plot()


def test_a_ladder_names_its_game():
    ladder = SimpleNamespace(
        game_id="hoi_pho", params={}, seed=3, games=40, bots=["random", "ismcts:100"],
        cooperative=False, order=[1, 0],
        ratings=[Interval(0.0, -50.0, 50.0), Interval(120.0, 60.0, 180.0)])
    [ax] = ladder_figure(ladder).axes
    assert ax.get_title() == "Hội Phố: ladder, 40 games per pair (seed 3)"


def png_size(path) -> tuple[int, int]:
    """(width, height) from a PNG file's IHDR chunk."""
    return struct.unpack(">II", path.read_bytes()[16:24])


def test_a_sweeps_length_lines_differ_in_style_and_marker():
    table = tb.sweep("hoi_pho", {"players": [3, 4, 5], "sheep_tie": [True, False]}, 30)
    fig = sweep_figure(table, ["players", "sheep_tie"])
    assert fig.get_suptitle() == "Hội Phố: 30 games per cell"
    lengths = fig.axes[1]
    assert lengths.get_xlabel() == LENGTH
    lines = lengths.get_lines()
    assert [line.get_label() for line in lines] == cell_labels(table, ["players", "sheep_tie"])
    assert len({(line.get_linestyle(), line.get_marker()) for line in lines}) == 6
    bars = [c for c in fig.axes[0].containers if isinstance(c, BarContainer)]
    assert len({b.patches[0].get_hatch() for b in bars}) == len(bars) == 5  # positions 0-4


def test_a_cooperative_sweep_shows_the_team_without_a_fair_share():
    table = tb.sweep("fox_duet", {"level": [1]}, 200)
    shares = sweep_figure(table, ["level"]).axes[0]
    assert shares.get_ylabel() == "team win rate (95% interval)"
    segments = [seg for c in shares.collections for seg in c.get_segments()]
    assert not [seg for seg in segments if seg[0][1] == seg[1][1]]  # no horizontal line
    wins = table[table["position"] == 0]["win_share"].tolist()
    assert _bar_heights(shares) == pytest.approx(wins)  # one bar per cell: the team's


@pytest.mark.parametrize("rounds", [29, pytest.param(290, marks=pytest.mark.heavy)])
def test_a_sweep_of_many_cells_stays_readable_and_at_most_2000_px_wide(tmp_path, rounds):
    grid = {"players": [3, 4], "max_rounds": list(range(1, rounds + 1))}
    table = tb.sweep("color_mafia", grid, 5)
    path = tmp_path / "sweep.png"
    fig = sweep_figure(table, list(grid), path)
    width, height = png_size(path)
    assert width <= 2000 and height <= 1000  # 58 cells were 7,160 px wide, 580 were 69,800
    fig.canvas.draw()
    shares, lengths = fig.axes
    labels = [t for t in lengths.get_xticklabels() if t.get_text()]
    assert labels and not [t for t in shares.get_xticklabels() if t.get_visible() and t.get_text()]
    boxes = [t.get_window_extent() for t in labels]
    for a, b in combinations(boxes, 2):
        assert not a.overlaps(b)
    for box in boxes:
        assert box.x0 >= 0 and box.x1 <= width and box.y0 >= 0
    # The labels shown are cells' labels, in cell order, evenly spaced.
    names = cell_labels(table, list(grid))
    shown = [t.get_text() for t in labels]
    ticks = [int(x) for x in lengths.get_xticks()]
    assert shown == [names[i] for i in ticks] and len(set(np.diff(ticks))) <= 1
    # Win shares are points on a line per position, told apart by style and marker.
    lines = [line for line in shares.get_lines() if line.get_label().startswith("position")]
    assert len({(line.get_linestyle(), line.get_marker()) for line in lines}) == len(lines) == 4
