"""Pictures of simulation and arena results with matplotlib (``pip install tablebits[plot]``).

The figures are built with ``matplotlib.figure.Figure`` directly, not pyplot, so drawing one
never opens a window nor touches matplotlib's global state.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from .records import check_writable
from .stats import Interval

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from .arena import ArenaResult
    from .ladder import LadderResult
    from .simulate import SimulationResult

__all__ = ["arena_figure", "check_plot_path", "ladder_figure", "simulation_figure"]

_BINS = 30  # game-length histogram bins (fewer when there are fewer distinct lengths)


def _matplotlib() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise ImportError(
            "plots need matplotlib: pip install 'tablebits[plot]'"
        ) from None
    return matplotlib


def check_plot_path(path: str | os.PathLike[str]) -> Path:
    """``path`` if a figure can be saved there (known image type, writable folder)."""
    target = check_writable(path)
    kinds = _new_figure(1, 1).canvas.get_supported_filetypes()
    kind = target.suffix.lstrip(".").lower()
    if kind not in kinds:
        raise ValueError(
            f"cannot save a plot as {target}: the name must end in one of "
            f"{', '.join('.' + k for k in sorted(kinds))}"
        )
    return target


def _new_figure(width: float, height: float) -> Figure:
    _matplotlib()
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def _share_bars(ax: Axes, x: np.ndarray, shares: list[Interval], width: float,
                label: str | None = None) -> None:
    """Bars of mean shares with their 95% intervals as error bars."""
    means = np.array([s.mean for s in shares])
    below = means - np.array([s.low for s in shares])
    above = np.array([s.high for s in shares]) - means
    ax.bar(x, means, width, yerr=np.vstack([below, above]), capsize=3, label=label)


def _save(fig: Figure, path: str | os.PathLike[str] | None) -> Figure:
    if path is not None:
        fig.savefig(check_plot_path(path), dpi=100)
    return fig


def simulation_figure(
    result: SimulationResult, path: str | os.PathLike[str] | None = None
) -> Figure:
    """Three panels: win share per seat (95% intervals), the score distribution of each seat,
    and a histogram of game lengths. Saved to ``path`` when given."""
    fig = _new_figure(13, 4)
    shares_ax, scores_ax, lengths_ax = fig.subplots(1, 3)
    players = result.returns.shape[1]
    seats = np.arange(players)
    fig.suptitle(f"{result.game_id}: {result.games:,} random games (seed {result.seed})")

    _share_bars(shares_ax, seats, result.win_rates(), 0.6)
    shares_ax.set_xticks(seats)
    shares_ax.set_xlabel("seat")
    shares_ax.set_ylabel("win share (95% interval)")
    shares_ax.set_title("Win share by seat")

    for seat in seats:
        values, counts = np.unique(result.scores[:, seat], return_counts=True)
        scores_ax.plot(values, counts / max(result.games, 1), marker=".", label=f"seat {seat}")
    scores_ax.set_xlabel("score")
    scores_ax.set_ylabel("fraction of games")
    scores_ax.set_title("Score distribution by seat")
    scores_ax.legend()

    lengths = result.lengths.astype(np.int64)
    distinct = len(np.unique(lengths)) if lengths.size else 1
    lengths_ax.hist(lengths, bins=min(_BINS, distinct))
    lengths_ax.set_xlabel("game length (steps)")
    lengths_ax.set_ylabel("games")
    lengths_ax.set_title("Game length")
    return _save(fig, path)


def arena_figure(result: ArenaResult, path: str | os.PathLike[str] | None = None) -> Figure:
    """One panel: each bot's win share with its 95% interval, in each seat and overall.
    Saved to ``path`` when given."""
    fig = _new_figure(max(6.0, 1.6 * (result.seats.shape[1] + 1) + 2), 4)
    ax = fig.subplots()
    players = result.seats.shape[1]
    groups = np.arange(players + 1)
    width = 0.8 / len(result.bots)
    per_seat = result.seat_win_shares()
    overall = result.win_shares()
    for b, name in enumerate(result.bots):
        x = groups - 0.4 + width * (b + 0.5)
        _share_bars(ax, x, [*per_seat[b], overall[b]], width, label=f"{b}: {name}")
    ax.set_xticks(groups, [f"seat {s}" for s in range(players)] + ["overall"])
    ax.set_xlabel("seat played")
    ax.set_ylabel("win share (95% interval)")
    ax.set_title(f"{result.game_id}: {result.games:,} arena games (seed {result.seed})")
    ax.legend(title="bot")
    return _save(fig, path)


def ladder_figure(result: LadderResult, path: str | os.PathLike[str] | None = None) -> Figure:
    """One panel: each bot's rating (Elo, or team win rate in a cooperative game) with its 95%
    interval, strongest on top. Saved to ``path`` when given."""
    order = result.order[::-1]  # barh draws from the bottom up
    fig = _new_figure(7, 1.2 + 0.5 * len(order))
    ax = fig.subplots()
    means = np.array([result.ratings[b].mean for b in order])
    lows = np.array([result.ratings[b].low for b in order])
    highs = np.array([result.ratings[b].high for b in order])
    y = np.arange(len(order))
    ax.errorbar(means, y, xerr=np.vstack([means - lows, highs - means]), fmt="o", capsize=4)
    ax.set_yticks(y, [result.bots[b] for b in order])
    if result.cooperative:
        ax.set_xlabel("team win rate (95% interval)")
        ax.set_xlim(0, 1)
    else:
        ax.axvline(0.0, color="grey", linewidth=0.8)
        ax.set_xlabel("Elo rating, random = 0 (95% interval)")
    ax.set_title(f"{result.game_id}: ladder, {result.games:,} games "
                 f"{'per bot' if result.cooperative else 'per pair'} (seed {result.seed})")
    return _save(fig, path)
