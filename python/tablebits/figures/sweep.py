"""Figures of a sweep (tb.sweep's table) with matplotlib (``pip install tablebits[plot]``):
win share by position per cell, and game-length distributions per cell."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import numpy as np

from .results import check_plot_path, save_figure

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

__all__ = ["cell_labels", "sweep_figure"]


def cell_labels(table: pd.DataFrame, parameters: list[str]) -> list[str]:
    """One label per cell, in cell order: its parameter values, e.g. ``players=3 rps=choice``."""
    first = table.drop_duplicates("cell").sort_values("cell")
    columns = {p: first[p].tolist() for p in parameters}  # per column: ints stay ints
    return [" ".join(f"{p}={columns[p][i]}" for p in parameters) for i in range(len(first))]


def sweep_figure(
    table: pd.DataFrame, parameters: list[str], path: str | os.PathLike[str] | None = None
) -> Figure:
    """Two panels: grouped bars of win share by position for every cell, with 95% intervals
    and each cell's fair share (1/players) as a dashed line; and every cell's game-length
    distribution (``table.attrs["length_histograms"]``, which tb.sweep fills). Saved to
    ``path`` when given."""
    target = check_plot_path(path) if path is not None else None
    from matplotlib.figure import Figure

    labels = cell_labels(table, parameters)
    cells = len(labels)
    fig = Figure(figsize=(max(6.0, 1.2 * cells + 2), 8), layout="constrained")
    bars, lengths = fig.subplots(2, 1)
    positions = int(table["position"].max()) + 1
    width = 0.8 / positions
    for k in range(positions):
        rows = table[table["position"] == k].sort_values("cell")
        x = rows["cell"].to_numpy() + (k - (positions - 1) / 2) * width
        mean = rows["win_share"].to_numpy()
        err = np.vstack([mean - rows["ci_low"].to_numpy(), rows["ci_high"].to_numpy() - mean])
        bars.bar(x, mean, width, yerr=err, capsize=2, label=f"position {k}")
    fair = table.drop_duplicates("cell").sort_values("cell")
    for c, share in zip(fair["cell"], fair["fair_share"], strict=True):
        bars.hlines(share, c - 0.45, c + 0.45, colors="black", linestyles="dashed",
                    label="fair share" if c == fair["cell"].iloc[0] else None)
    bars.set_xticks(range(cells), labels, rotation=30, ha="right")
    bars.set_ylabel("win share (95% CI)")
    bars.set_title(f"win share by position in the turn order ({table['games'].iloc[0]:,} games "
                   "per cell)")
    bars.legend(fontsize="small")
    histograms: list[Any] = table.attrs.get("length_histograms", [])
    for label, histogram in zip(labels, histograms, strict=False):
        counts = np.asarray(histogram, dtype=float)
        if counts.sum():
            lengths.step(np.arange(counts.size), counts / counts.sum(), where="mid", label=label)
    lengths.set_xlabel("game length (decisions)")
    lengths.set_ylabel("share of games")
    lengths.set_title("game-length distribution per cell")
    if histograms:
        lengths.legend(fontsize="small")
    if target is not None:
        save_figure(fig, target)
    return fig
