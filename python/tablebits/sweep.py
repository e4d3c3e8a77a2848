"""tb.sweep: one simulate (or arena) job per cell of a parameter grid, as a tidy table.

Each cell is exactly ``tb.simulate(game, games, seed=seed, keep_games=False, **cell)`` (or
``tb.arena`` with ``bots``), so it runs as fast as one simulate call, in the same bounded
memory, and gives the same numbers on either backend. The table (a pandas DataFrame, extra
``tablebits[sweep]``) has one row per cell and position in the turn order
(jobs/positions.py); ``significance`` tests, per parameter, whether its values change the
outcome.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ._core import Game
from ._registry import resolve_game
from .arena import arena, arena_job
from .jobs.local import Progress
from .jobs.runner import RunOptions
from .jobs.summary import ArenaSummary, SimulationSummary
from .simulate import simulate

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["MAX_CELLS", "SweepInterrupted", "cell_rows", "grid_cells", "significance", "sweep"]

MAX_CELLS = 10_000
QUANTILES = (0.1, 0.5, 0.9)  #: game-length quantiles in every row

Summary = SimulationSummary | ArenaSummary


class SweepInterrupted(KeyboardInterrupt):
    """Ctrl-C during a sweep: ``table`` holds the rows of the cells that finished."""

    def __init__(self, table: pd.DataFrame, finished: int, cells: int) -> None:
        super().__init__(f"sweep interrupted after {finished} of {cells} cells")
        self.table = table
        self.finished = finished


def _pandas() -> Any:
    try:
        import pandas
    except ImportError as err:
        raise ImportError(
            "tb.sweep returns a pandas DataFrame: pip install 'tablebits[sweep]'"
        ) from err
    return pandas


def grid_cells(
    game: str | Game, grid: Mapping[str, Sequence[Any]]
) -> list[tuple[dict[str, Any], Game]]:
    """Every combination of the grid's values with its game (a Game ``game``'s parameters, the
    cell's values over them), each built before anything runs: ValueError for an unknown
    parameter or a value out of range."""
    if not isinstance(grid, Mapping):
        raise TypeError(f"grid must be a dict of parameter -> list of values, got {grid!r}")
    if not grid:
        raise ValueError("grid is empty: give at least one parameter with its values")
    values: list[list[Any]] = []
    for name, options in grid.items():
        if not isinstance(name, str):
            raise TypeError(f"grid keys must be parameter names (str), got {name!r}")
        if isinstance(options, (str, bytes)) or not isinstance(options, Sequence):
            raise TypeError(f"grid[{name!r}] must be a list of values, got {options!r}")
        if not options:
            raise ValueError(f"grid[{name!r}] has no values")
        values.append(list(options))
    count = math.prod(len(v) for v in values)
    if count > MAX_CELLS:
        raise ValueError(f"the grid has {count:,} cells; at most {MAX_CELLS:,} are allowed")
    cells = [dict(zip(grid, combo, strict=True)) for combo in itertools.product(*values)]
    base = game.params if isinstance(game, Game) else {}
    game_id = game.id if isinstance(game, Game) else game
    return [(cell, resolve_game(game_id, **{**base, **cell})) for cell in cells]


def _length_quantiles(histogram: np.ndarray, games: int) -> list[float]:
    if not games:
        return [math.nan] * len(QUANTILES)
    cumulative = np.cumsum(histogram)
    return [float(np.searchsorted(cumulative, q * games)) for q in QUANTILES]


def cell_rows(
    cell_index: int, cell: dict[str, Any], summary: Summary, cooperative: bool = False
) -> list[dict[str, Any]]:
    """The table rows of one finished cell: one per position in the turn order.
    ``cooperative``: the players win or lose together (GameInfo.utility "identical")."""
    games = summary.games
    players = summary.positions.players
    # a list or dict value (Fox Duet's board) as its JSON text: hashable, one CSV field
    shown = {k: json.dumps(v) if isinstance(v, (list, dict)) else v for k, v in cell.items()}
    common = {
        "cell": cell_index, **shown, "players_in_game": players, "cooperative": cooperative,
        "games": games,
        "draw_or_shared_rate": summary.positions.shared / games if games else math.nan,
        "mean_length": summary.mean_length() if games else math.nan,
        **{f"length_q{int(q * 100)}": v
           for q, v in zip(QUANTILES, _length_quantiles(summary.lengths, games), strict=True)},
        "truncated_share": summary.truncated / games if games else math.nan,
    }
    rows = []
    for k, (share, score) in enumerate(
        zip(summary.positions.win_shares(), summary.positions.mean_scores(), strict=True)
    ):
        rows.append({
            **common, "position": k, "win_share": share.mean, "ci_low": share.low,
            "ci_high": share.high, "fair_share": 1.0 / players, "mean_score": score.mean,
        })
    return rows


def sweep(
    game: Game | str,
    grid: Mapping[str, Sequence[Any]],
    games: int = 100_000,
    *,
    bots: Sequence[Any] | None = None,
    seed: int = 0,
    threads: int | None = None,
    backend: str = "local",
    address: str | None = None,
    keep_games: bool = False,
    progress: bool = False,
    task_seconds: float = 1.0,
    reproducible: bool = True,
    on_cell: Callable[[list[dict[str, Any]]], None] | None = None,
) -> pd.DataFrame:
    """Runs ``games`` games for every cell of ``grid`` (parameter name -> list of values; the
    cells are every combination) and returns a pandas DataFrame with one row per cell and
    position in the turn order (position 0 starts; see docs/balance.md for each game).

    Columns: ``cell``, the grid's parameters, ``players_in_game``, ``cooperative``, ``games``,
    ``position``, ``win_share`` with its 95% interval ``ci_low``/``ci_high``, ``fair_share``,
    ``mean_score``, ``draw_or_shared_rate``, ``mean_length``, ``length_q10/q50/q90``,
    ``truncated_share``. Cell ``c`` is ``tb.simulate(game, games, seed=seed, **cell)`` (with
    ``bots``: ``tb.arena(game, bots, ...)``) in summary mode; a Game ``game`` gives the
    parameters the grid does not set; with ``keep_games=True`` every
    cell's per-game result is kept too, in ``table.attrs["results"]`` (one per cell).
    ``table.attrs`` also holds ``game`` (the game's id), ``parameters`` (the grid's names) and
    ``length_histograms`` (per cell, the number of games of each length), which
    ``tablebits.figures.sweep.sweep_figure`` draws.

    ``threads``, ``progress``, ``backend``, ``address`` and ``task_seconds`` work as in
    ``tb.simulate``, ``reproducible`` as in ``tb.arena``. Every cell is checked before anything
    runs (unknown parameter, value out of range, empty grid, more than 10,000 cells, a bot that
    cannot play a cell: ValueError). ``on_cell(rows)`` is called as each cell
    finishes. Ctrl-C raises ``SweepInterrupted`` (a KeyboardInterrupt) whose ``table`` holds
    the finished cells. Needs ``pip install 'tablebits[sweep]'``.
    """
    pandas = _pandas()
    cells = grid_cells(game, grid)
    rows: list[dict[str, Any]] = []
    results: list[Any] = []
    histograms: list[list[int]] = []
    options = RunOptions(threads, progress, keep_games, backend, address, task_seconds)
    if bots is not None:
        if not isinstance(reproducible, bool):
            raise TypeError(f"reproducible must be a bool, got {reproducible!r}")
        for _, cell_game in cells:  # every cell's bots, before any cell runs
            arena_job(cell_game, list(bots), seed, reproducible=reproducible)
    game_id = cells[0][1].id
    try:
        # One bar over every cell's games, labelled with the cell it is at.
        with Progress.overall(games * len(cells), f"{game_id} sweep", progress) as bar:
            for index, (cell, cell_game) in enumerate(cells):
                bar.stage(f"{game_id} cell {index + 1} of {len(cells)}")
                if bots is None:
                    result: Any = simulate(cell_game, games, seed=seed, **options.keywords())
                else:
                    result = arena(cell_game, list(bots), games, seed=seed,
                                   reproducible=reproducible, **options.keywords())
                summary = result.summarize() if keep_games else result
                new = cell_rows(index, cell, summary, cell_game.info.utility == "identical")
                if on_cell is not None:
                    on_cell(new)
                rows.extend(new)
                histograms.append(summary.lengths.tolist())
                if keep_games:
                    results.append(result)
    except KeyboardInterrupt:
        raise SweepInterrupted(pandas.DataFrame(rows), len(histograms), len(cells)) from None
    table = pandas.DataFrame(rows)
    table.attrs["game"] = game_id
    table.attrs["parameters"] = Shared(grid)
    table.attrs["length_histograms"] = Shared(tuple(h) for h in histograms)
    if keep_games:
        table.attrs["results"] = Shared(results)
    return table


class Shared(tuple):  # type: ignore[type-arg]
    """A tuple that a deep copy shares instead of copying. pandas deep-copies a frame's
    ``attrs`` in every operation that returns a new frame (``__finalize__``): with a sweep's
    histograms and results there that made each one cost as much as the whole table, and a
    ``significance`` of N cells cost N^2. What ``tb.sweep`` puts there is read, never changed.
    """

    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> Shared:
        return self


#: Columns of tb.sweep's table that are not parameters of the grid.
RESULT_COLUMNS = frozenset({
    "cell", "players_in_game", "cooperative", "games", "position", "win_share", "ci_low",
    "ci_high", "fair_share", "mean_score", "draw_or_shared_rate", "mean_length",
    "truncated_share",
})


def _chi2(observed: np.ndarray) -> tuple[float, int, float]:
    """(statistic, dof, p) of ``scipy.stats.chi2_contingency`` without continuity correction,
    after dropping empty rows and columns; (0, 0, 1) when fewer than two of either remain."""
    from scipy import stats

    observed = observed[:, observed.sum(axis=0) > 0]
    observed = observed[observed.sum(axis=1) > 0]
    if observed.shape[0] < 2 or observed.shape[1] < 2:
        return 0.0, 0, 1.0
    res = stats.chi2_contingency(observed, correction=False)
    return float(res.statistic), int(res.dof), float(res.pvalue)


def _fairness(table: pd.DataFrame, names: list[str]) -> list[dict[str, Any]]:
    """Per competitive cell: are the wins spread evenly over the positions? A chi-square
    goodness-of-fit test (``scipy.stats.chisquare``) of wins by position against equal
    shares (wins as win shares times games)."""
    from scipy import stats

    tests = []
    for _, rows in table.groupby("cell", sort=True):
        rows = rows.sort_values("position")
        wins = (rows["win_share"] * rows["games"]).to_numpy(dtype=float)
        if _cooperative(rows) or wins.sum() <= 0:
            continue
        res = stats.chisquare(wins)
        tests.append({
            "parameter": "(fair turn order)",
            "fixed": ", ".join(f"{n}={rows[n].iloc[0]}" for n in names),
            "test": "chi2 goodness of fit of wins by position to equal shares",
            "statistic": float(res.statistic), "dof": len(wins) - 1,
            "p_value": float(res.pvalue),
        })
    return tests


def _cooperative(rows: pd.DataFrame) -> bool:
    return "cooperative" in rows and bool(rows["cooperative"].any())


def significance(table: pd.DataFrame, parameters: Sequence[str] | None = None) -> pd.DataFrame:
    """Whether the differences in a sweep's table are real, with scipy.stats:

    - per parameter, for each combination of the other parameters, a chi-square test of
      homogeneity (``scipy.stats.chi2_contingency``) across the parameter's values of the wins
      by position (win shares times games; shared wins split); a cooperative game (column
      ``cooperative``) is tested on its win rate (wins against losses) instead. Values that
      change the number of players are not compared (their fair shares differ);
    - per competitive cell, ``(fair turn order)``: a chi-square goodness-of-fit test of the
      wins by position against equal shares (``scipy.stats.chisquare``).

    All p-values are corrected together for the number of tests with the Benjamini-Hochberg
    false-discovery-rate procedure (``scipy.stats.false_discovery_control``). Returns one row
    per test: parameter, the fixed values of the others, test, statistic, dof, p_value, p_bh.
    """
    pandas = _pandas()
    from scipy import stats

    # The same columns without attrs (a new frame over the same data, copying nothing), so the
    # many small frames below copy no attrs either.
    table = pandas.DataFrame(table, copy=False)
    table.attrs = {}
    names = [c for c in table.columns
             if c not in RESULT_COLUMNS and not str(c).startswith("length_q")]
    tests = []
    for name in parameters if parameters is not None else names:
        others = [n for n in names if n != name]
        groups = table.groupby(others, sort=False) if others else [((), table)]
        for key, part in groups:
            values = list(dict.fromkeys(part[name].tolist()))
            if len(values) < 2 or part.groupby(name)["players_in_game"].first().nunique() > 1:
                continue
            team = _cooperative(part)
            matrix = []
            for value in values:
                rows = part[part[name] == value].sort_values("position")
                wins = (rows["win_share"] * rows["games"]).to_numpy(dtype=float)
                matrix.append([wins[0], rows["games"].iloc[0] - wins[0]] if team else wins)
            statistic, dof, p = _chi2(np.array(matrix))
            key_tuple = key if isinstance(key, tuple) else (key,)
            tests.append({
                "parameter": name,
                "fixed": ", ".join(f"{o}={v}" for o, v in zip(others, key_tuple, strict=True)),
                "test": "chi2 homogeneity of team wins" if team
                else "chi2 homogeneity of wins by position",
                "statistic": statistic, "dof": dof, "p_value": p,
            })
    tests += _fairness(table, names)
    out = pandas.DataFrame(tests, columns=["parameter", "fixed", "test", "statistic", "dof",
                                           "p_value"])
    p_values = out["p_value"].to_numpy(dtype=float)
    out["p_bh"] = stats.false_discovery_control(p_values) if p_values.size else p_values
    return out
