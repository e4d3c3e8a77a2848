"""Figures of simulation, arena and ladder results with matplotlib
(``pip install tablebits[plot]``).

The figures are built with ``matplotlib.figure.Figure`` directly, not pyplot, so drawing one
never opens a window nor touches matplotlib's global state.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from .._paths import check_writable, write_atomically
from .._registry import make
from ..pictures import display_name
from ..stats import Interval, share_interval

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure


__all__ = ["arena_figure", "check_plot_path", "ladder_figure", "simulation_figure"]


class _Run(Protocol):
    """What every figure reads of a result (structural types: the figures sit below simulate,
    arena and ladder, which import them)."""

    @property
    def game_id(self) -> str: ...

    @property
    def params(self) -> dict[str, Any]: ...

    @property
    def seed(self) -> int: ...

    @property
    def games(self) -> int: ...


class SimulationData(_Run, Protocol):
    """What ``simulation_figure`` reads of a ``tablebits.simulate.SimulationResult``."""

    @property
    def returns(self) -> np.ndarray: ...

    @property
    def scores(self) -> np.ndarray: ...

    @property
    def lengths(self) -> np.ndarray: ...

    @property
    def positions(self) -> np.ndarray: ...

    def win_rates(self) -> list[Interval]: ...


class ArenaData(_Run, Protocol):
    """What ``arena_figure`` reads of a ``tablebits.arena.ArenaResult``."""

    @property
    def bots(self) -> list[str]: ...

    @property
    def seats(self) -> np.ndarray: ...

    def win_shares(self) -> list[Interval]: ...

    def seat_win_shares(self) -> list[list[Interval]]: ...


class LadderData(_Run, Protocol):
    """What ``ladder_figure`` reads of a ``tablebits.ladder.LadderResult``."""

    @property
    def bots(self) -> list[str]: ...

    @property
    def cooperative(self) -> bool: ...

    @property
    def ratings(self) -> list[Interval]: ...

    @property
    def order(self) -> list[int]: ...


_BINS = 30  # game-length histogram bins (fewer when there are fewer distinct lengths)
#: How every figure names a game's length: decision nodes, a simultaneous step counting once.
LENGTH_LABEL = "game length (moves)"
#: What a game's score counts, where "score" says too little.
_SCORE_NAMES = {"hoi_pho": "contracts owned"}


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


#: Seats are told apart by hatching and line style as well as colour (grey print, colour
#: blindness): seat k uses entry k mod len.
HATCHES = ["", "//", "..", "xx", "\\\\"]
LINESTYLES = ["-", "--", ":", "-."]
MARKERS = ["o", "s", "^", "D", "v", "P", "X"]  #: with LINESTYLES: 28 distinct pairs
_MAX_SCORE_BARS = 12  # more distinct scores than this are drawn as step histograms


def _share_bars(ax: Axes, x: np.ndarray, shares: list[Interval], width: float,
                label: str | None = None, hatch: str = "") -> None:
    """Bars of mean shares with their 95% intervals as error bars."""
    means = np.array([s.mean for s in shares])
    below = means - np.array([s.low for s in shares])
    above = np.array([s.high for s in shares]) - means
    ax.bar(x, means, width, yerr=np.vstack([below, above]), capsize=3, label=label,
           hatch=hatch, edgecolor="white" if hatch else None)


def _legend_below(ax: Axes, columns: int = 1) -> None:
    """The legend under the panel, where it cannot cover the data."""
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.17), frameon=False, ncol=columns)


def _score_name(game_id: str, cooperative: bool) -> str:
    """The score's axis label: what it counts (Hội Phố: contracts owned), the team's for a
    cooperative game."""
    return _SCORE_NAMES.get(game_id, "team score" if cooperative else "score")


def _fair_share(ax: Axes, players: int) -> None:
    """The share every seat would have if the game were fair, as a dashed line."""
    ax.axhline(1 / players, color="black", linestyle="--", linewidth=1,
               label=f"fair share 1/{players}")


def _save(fig: Figure, path: str | os.PathLike[str] | None) -> Figure:
    if path is not None:
        save_figure(fig, check_plot_path(path))
    return fig


def save_figure(fig: Figure, target: Path) -> None:
    """Saves ``fig`` to ``target`` (a checked plot path) whole or not at all: through the
    atomic writer, in the format its suffix names."""
    kind = target.suffix.lstrip(".").lower()
    write_atomically(target, lambda f: fig.savefig(f, format=kind, dpi=100))


def simulation_figure(
    result: SimulationData, path: str | os.PathLike[str] | None = None
) -> Figure:
    """Win share per seat and, where the first player varies, per position in the turn order
    (95% intervals, the fair share dashed); the score distribution of each seat, named by what
    it counts; and game lengths. Saved to ``path`` when given.

    A cooperative game (Fox Duet) shows the team's win rate with its interval, the team's
    scores, and how far the team got. When every game has the same length there is no length
    panel: the title says "every game lasts N moves".
    """
    game = make(result.game_id, **result.params)
    cooperative = game.info.cooperative
    lengths = result.lengths.astype(np.int64)
    scores = result.scores[:, :1] if cooperative else result.scores
    draw: list[Callable[[Axes], None]] = [
        (lambda ax: _team_panel(ax, result)) if cooperative
        else (lambda ax: _seat_share_panel(ax, result))]
    notes = []
    # A quantity that never varies gets a sentence in the title, not a panel of one bar.
    if scores.size and float(scores.min()) == float(scores.max()):
        who = "the team scores" if cooperative else "every seat scores"
        notes.append(f"{who} {float(scores.flat[0]):g} in every game")
    else:
        draw.append(lambda ax: _scores_panel(ax, result, cooperative))
    if lengths.size and int(lengths.min()) == int(lengths.max()):
        notes.append(f"every game lasts {int(lengths[0])} moves")
    else:
        draw.append(lambda ax: _lengths_panel(ax, lengths, cooperative))
    fig = _new_figure(4.4 * len(draw), 4.6)
    axes = fig.subplots(1, len(draw), squeeze=False)[0]
    fig.suptitle("; ".join([f"{display_name(result.game_id)}: {result.games:,} random games "
                            f"(seed {result.seed})", *notes]))
    for panel, ax in zip(draw, axes, strict=True):
        panel(ax)
    return _save(fig, path)


def _seat_share_panel(ax: Axes, result: SimulationData) -> None:
    """Win share by seat and, where the first player varies, by position in the turn order
    (which is what a designer asks: is it good to start?)."""
    players = result.returns.shape[1]
    seats = np.arange(players)
    rates = result.win_rates()
    positions = result.positions
    if np.array_equal(positions, np.broadcast_to(seats, positions.shape)):
        # Every game started by seat 0 (Hội Phố has no turn order): positions are the seats.
        _share_bars(ax, seats, rates, 0.6)
        ax.set_xticks(seats, [f"seat {s}" for s in seats])
        ax.set_title("Win share by seat")
        highs = [r.high for r in rates]
    else:
        # Each game has one seat at position k: its return is position k's share there.
        by_position = [share_interval(result.returns[positions == k]) for k in seats]
        _share_bars(ax, seats - 0.2, rates, 0.4, label="by seat")
        _share_bars(ax, seats + 0.2, by_position, 0.4, label="by position (0 starts)",
                    hatch="//")
        ax.set_xticks(seats, [str(s) for s in seats])
        ax.set_xlabel("seat, or position in the turn order")
        ax.set_title("Win share by seat and by turn order")
        highs = [r.high for r in [*rates, *by_position]]
    _fair_share(ax, players)
    ax.set_ylabel("win share (95% interval)")
    ax.set_ylim(0, max(*highs, 1 / players) * 1.25)
    _legend_below(ax, 2)


def _team_panel(ax: Axes, result: SimulationData) -> None:
    """A cooperative game: one win rate, the team's, with its interval written out."""
    from matplotlib.ticker import PercentFormatter

    rate = result.win_rates()[0]  # every seat has the team's result
    wins = int(round(float(result.returns[:, 0].sum(dtype=np.float64))))
    _share_bars(ax, np.array([0]), [rate], 0.5)
    ax.set_xticks([0], ["team"])
    ax.set_xlim(-1, 1)
    ax.set_ylim(0, max(rate.high * 1.6, 0.001))
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_ylabel("team win rate (95% interval)")
    ax.set_title("Team win rate")
    ax.text(0.5, 0.9, f"{wins:,} wins in {result.games:,} games\n"
            f"95% interval {100 * rate.low:.3g}% to {100 * rate.high:.3g}%",
            transform=ax.transAxes, ha="center", va="top")


def _scores_panel(ax: Axes, result: SimulationData, cooperative: bool) -> None:
    """Each seat's score distribution: grouped hatched bars for few distinct scores, step
    histograms with one line style per seat for many. The axis says what the score counts."""
    games = max(result.games, 1)
    columns = [0] if cooperative else list(range(result.scores.shape[1]))
    names = ["team"] if cooperative else [f"seat {s}" for s in columns]
    values = np.unique(result.scores[:, columns])
    if len(values) <= _MAX_SCORE_BARS:
        width = 0.8 / len(columns)
        x = np.arange(len(values))
        for i, seat in enumerate(columns):
            counts = np.array([(result.scores[:, seat] == v).sum() for v in values])
            ax.bar(x - 0.4 + width * (i + 0.5), counts / games, width, label=names[i],
                   hatch=HATCHES[i % len(HATCHES)], edgecolor="white")
        ax.set_xticks(x, [f"{v:g}" for v in values])
    else:
        edges = np.histogram_bin_edges(result.scores[:, columns], bins=_BINS)
        for i, seat in enumerate(columns):
            counts, _ = np.histogram(result.scores[:, seat], bins=edges)
            ax.stairs(counts / games, edges, label=names[i], linewidth=1.8,
                      linestyle=LINESTYLES[i % len(LINESTYLES)])
    ax.set_ylim(bottom=0)
    name = _score_name(result.game_id, cooperative)
    ax.set_xlabel(name)
    ax.set_ylabel("fraction of games")
    ax.set_title(name.capitalize() + ("" if cooperative else " by seat"))
    if not cooperative:
        _legend_below(ax, min(4, len(columns)))


def _lengths_panel(ax: Axes, lengths: np.ndarray, cooperative: bool) -> None:
    distinct = len(np.unique(lengths)) if lengths.size else 1
    ax.hist(lengths, bins=min(_BINS, distinct))
    ax.set_ylim(bottom=0)
    ax.set_ylabel("games")
    ax.set_xlabel(LENGTH_LABEL)
    # A cooperative game that ends early was lost early: its length is how far the team got.
    ax.set_title("How far the team got" if cooperative else "Game length")


def arena_figure(result: ArenaData, path: str | os.PathLike[str] | None = None) -> Figure:
    """One panel: each bot's win share with its 95% interval, in each seat and overall, the
    fair share dashed (not for a cooperative game, where the share is the team's win rate),
    the legend below the bars. Saved to ``path`` when given."""
    cooperative = make(result.game_id, **result.params).info.cooperative
    fig = _new_figure(max(6.0, 1.6 * (result.seats.shape[1] + 1) + 2), 4.6)
    ax = fig.subplots()
    players = result.seats.shape[1]
    groups = np.arange(players + 1)
    width = 0.8 / len(result.bots)
    per_seat = result.seat_win_shares()
    overall = result.win_shares()
    for b, name in enumerate(result.bots):
        x = groups - 0.4 + width * (b + 0.5)
        _share_bars(ax, x, [*per_seat[b], overall[b]], width, label=f"{b}: {name}",
                    hatch=HATCHES[b % len(HATCHES)])
    if not cooperative:
        _fair_share(ax, players)
    ax.set_xticks(groups, [f"seat {s}" for s in range(players)] + ["overall"])
    ax.set_xlabel("seat played")
    ax.set_ylabel(f"{'team win rate' if cooperative else 'win share'} (95% interval)")
    highs = [i.high for shares in per_seat for i in shares if not np.isnan(i.high)]
    fair = [] if cooperative else [1 / players]
    ax.set_ylim(0, max([*highs, *fair, 0.001]) * 1.2)
    if cooperative:
        from matplotlib.ticker import PercentFormatter

        ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_title(f"{display_name(result.game_id)}: {result.games:,} arena games "
                 f"(seed {result.seed})")
    _legend_below(ax, min(4, len(result.bots) + 1))
    return _save(fig, path)


def ladder_figure(result: LadderData, path: str | os.PathLike[str] | None = None) -> Figure:
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
    ax.set_title(f"{display_name(result.game_id)}: ladder, {result.games:,} games "
                 f"{'per bot' if result.cooperative else 'per pair'} (seed {result.seed})")
    return _save(fig, path)
