"""Figures of a sweep (tb.sweep's table) with matplotlib (``pip install tablebits[plot]``):
win share by position per cell, and game lengths per cell.

The figure is at most ``MAX_WIDTH`` inches wide (2,000 pixels as saved) however many cells
there are: past a few dozen cells the bars become points on one line per position, the cells'
labels stand upright and thin out, and each cell's lengths become its median and range.
"""

from __future__ import annotations

import math
import os
from typing import TYPE_CHECKING, Any

import numpy as np

from ..pictures import display_name
from .results import HATCHES, LENGTH_LABEL, LINESTYLES, MARKERS, check_plot_path, save_figure

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["MAX_WIDTH", "cell_labels", "sweep_figure"]

MAX_WIDTH = 20.0  #: inches: 2,000 pixels at the 100 dpi figures are saved at
_CELL_WIDTH = 1.2  # inches per cell, until MAX_WIDTH
_MAX_BAR_CELLS = 24  # more cells: win shares as points on one line per position
_MAX_LENGTH_LINES = 8  # more cells: each cell's median length and 10%-90% range
_LABEL_CHARS = 40  # a cell's label on the axis is cut to this (Fox Duet's board is long)
_SLANTED_SPACING = 30.0  # points between cells that slanted labels need
_UPRIGHT_SPACING = 14.0  # points an upright label needs


def cell_labels(table: pd.DataFrame, parameters: list[str]) -> list[str]:
    """One label per cell, in cell order: its parameter values, e.g. ``players=3 rps=choice``."""
    first = table.drop_duplicates("cell").sort_values("cell")
    columns = {p: first[p].tolist() for p in parameters}  # per column: ints stay ints
    return [" ".join(f"{p}={columns[p][i]}" for p in parameters) for i in range(len(first))]


def sweep_figure(
    table: pd.DataFrame, parameters: list[str], path: str | os.PathLike[str] | None = None
) -> Figure:
    """Two panels: win share by position for every cell, with 95% intervals and each cell's
    fair share (1/players) dashed (a cooperative game: the team's win rate, no fair share);
    and every cell's game lengths: a step line per cell (``table.attrs["length_histograms"]``,
    which tb.sweep fills) for a few cells, each cell's median and 10%-90% range for more.
    Lines differ in style and marker as well as colour. Saved to ``path`` when given."""
    target = check_plot_path(path) if path is not None else None
    from matplotlib.figure import Figure

    labels = cell_labels(table, parameters)
    cells = len(labels)
    width = min(MAX_WIDTH, max(6.0, _CELL_WIDTH * cells + 2))
    few = cells <= _MAX_LENGTH_LINES
    fig = Figure(figsize=(width, 8), layout="constrained")
    # With many cells both panels are per cell, on one axis labelled once at the bottom.
    shares, lengths = fig.subplots(2, 1, sharex=not few)
    _shares_panel(shares, table, cells)
    if few:
        _cell_ticks(shares, labels, width)
        _length_lines(lengths, labels, table.attrs.get("length_histograms", []))
    else:
        _length_ranges(lengths, table)
        _cell_ticks(lengths, labels, width)
    game = table.attrs.get("game")
    games = f"{table['games'].iloc[0]:,} games per cell"
    fig.suptitle(f"{display_name(game)}: {games}" if game else games)
    if target is not None:
        save_figure(fig, target)
    return fig


def _shares_panel(ax: Axes, table: pd.DataFrame, cells: int) -> None:
    """Win share by position per cell; a cooperative game's team win rate per cell."""
    cooperative = "cooperative" in table and bool(table["cooperative"].any())
    # Every position of a cooperative game has the team's result: one series is enough.
    positions = 1 if cooperative else int(table["position"].max()) + 1
    bars = cells <= _MAX_BAR_CELLS
    width = 0.8 / positions
    for k in range(positions):
        rows = table[table["position"] == k].sort_values("cell")
        cell = rows["cell"].to_numpy()
        mean = rows["win_share"].to_numpy()
        err = np.vstack([mean - rows["ci_low"].to_numpy(), rows["ci_high"].to_numpy() - mean])
        label = "team" if cooperative else f"position {k}"
        if bars:
            ax.bar(cell + (k - (positions - 1) / 2) * width, mean, width, yerr=err, capsize=2,
                   label=label, hatch=HATCHES[k % len(HATCHES)], edgecolor="white")
        else:
            _band(ax, rows, mean, rows["ci_low"].to_numpy(), rows["ci_high"].to_numpy(),
                  label=label, style=k)
    if cooperative:
        ax.set_ylabel("team win rate (95% interval)")
        ax.set_title("Team win rate per cell")
    else:
        fair = table.drop_duplicates("cell").sort_values("cell")
        ax.hlines(fair["fair_share"], fair["cell"] - 0.45, fair["cell"] + 0.45, colors="black",
                  linestyles="dashed", label="fair share")
        ax.set_ylabel("win share (95% interval)")
        ax.set_title("Win share by position in the turn order (0 starts)")
    ax.set_ylim(bottom=0)
    ax.set_xlim(-0.6, cells - 0.4)
    ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.0, 1.0))


def _length_lines(ax: Axes, labels: list[str], histograms: Any) -> None:
    """A step line per cell: the share of its games of each length."""
    drawn = 0
    for i, (label, histogram) in enumerate(zip(labels, histograms, strict=False)):
        counts = np.asarray(histogram, dtype=float)
        if not counts.sum():
            continue
        every = max(1, counts.size // 12)  # a few markers per line, shifted from line to line
        ax.step(np.arange(counts.size), counts / counts.sum(), where="mid", label=label,
                linestyle=LINESTYLES[i % len(LINESTYLES)], marker=MARKERS[i % len(MARKERS)],
                markersize=4, markevery=(i * every // max(len(labels), 1), every))
        drawn += 1
    ax.set_xlabel(LENGTH_LABEL)
    ax.set_ylabel("fraction of games")
    ax.set_title("Game length per cell")
    if drawn:
        ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.0, 1.0))


def _band(ax: Axes, rows: pd.DataFrame, mid: np.ndarray, low: np.ndarray, high: np.ndarray,
          label: str, style: int) -> None:
    """A line with markers through ``mid`` at the cells of ``rows`` and a pale band from
    ``low`` to ``high``: error bars on hundreds of cells would hide the lines."""
    # A gap where the player count changes: the cells on either side are not one series.
    players = rows["players_in_game"].to_numpy()
    breaks = np.flatnonzero(players[1:] != players[:-1]) + 1
    cell = rows["cell"].to_numpy().astype(float)
    x = np.insert(cell, breaks, cell[breaks] - 0.5)
    mid, low, high = (np.insert(np.asarray(v, dtype=float), breaks, np.nan)
                      for v in (mid, low, high))
    [line] = ax.plot(x, mid, label=label, linewidth=1, markersize=3,
                     linestyle=LINESTYLES[style % len(LINESTYLES)],
                     marker=MARKERS[style % len(MARKERS)])
    ax.fill_between(x, low, high, color=line.get_color(), alpha=0.15, linewidth=0)


def _length_ranges(ax: Axes, table: pd.DataFrame) -> None:
    """Each cell's median game length, with the range of its middle 80% of games."""
    rows = table.drop_duplicates("cell").sort_values("cell")
    cell = rows["cell"].to_numpy()
    median, low, high = (rows[f"length_q{q}"].to_numpy(dtype=float) for q in (50, 10, 90))
    label = "median, 10% to 90% of games"
    if len(rows) <= _MAX_BAR_CELLS:
        ax.errorbar(cell, median, yerr=np.vstack([median - low, high - median]),
                    linestyle="none", marker="o", markersize=3, elinewidth=0.8, label=label)
    else:
        _band(ax, rows, median, low, high, label=label, style=0)
    ax.set_ylabel(LENGTH_LABEL)
    ax.set_ylim(bottom=0)
    ax.set_title("Game length per cell")
    ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.0, 1.0))


def _cell_ticks(ax: Axes, labels: list[str], width: float) -> None:
    """The cells' labels under ``ax``: slanted while there is room, else upright and only
    every so many cells, so that no two labels overlap."""
    cells = len(labels)
    short = [t if len(t) <= _LABEL_CHARS else t[:_LABEL_CHARS - 1] + "…" for t in labels]
    spacing = (width - 2) * 72 / max(cells, 1)  # points from cell to cell, about
    if spacing >= _SLANTED_SPACING:
        ax.set_xticks(range(cells), short, rotation=30, ha="right")
        return
    step = math.ceil(_UPRIGHT_SPACING / spacing)
    ticks = range(0, cells, step)
    ax.set_xticks(ticks, [short[i] for i in ticks], rotation=90, fontsize="small")
    ax.set_xticks(range(cells), minor=True)
    ax.set_xlabel(f"cell (every {step} labelled)" if step > 1 else "cell")
