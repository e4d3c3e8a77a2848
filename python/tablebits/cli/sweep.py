"""``tablebits sweep GAME --param players=3,4,5 --param rps=chance,choice --games 1e6``: one
simulate (or arena) job per cell of the grid, as a table (CSV, Parquet, JSON) with significance
tests and a picture."""

from __future__ import annotations

import argparse
import contextlib
import csv
import json
import sys
from contextlib import ExitStack
from typing import IO, Any

from .._paths import check_writable, write_atomically
from .._registry import short_repr
from ..sweep import SweepInterrupted, grid_cells, significance, sweep
from .errors import error_line, output_error_line
from .options import AGAIN, BOTS_HELP, add_job_options, add_time_limit_option, write_output

#: The columns of the printed table (the CSV, Parquet and JSON hold every column).
SHOWN = ["position", "win_share", "ci_low", "ci_high", "mean_score", "draw_or_shared_rate",
         "mean_length", "length_q50", "truncated_share"]


def parse_values(text: str) -> tuple[str, list[Any]]:
    """``name=v1,v2,...``; commas inside brackets do not split, each value is read as JSON when
    it parses (numbers, bools, lists), else kept as text."""
    name, sep, rest = text.partition("=")
    if not sep or not name or not rest:
        raise argparse.ArgumentTypeError(f"expected name=value1,value2,..., got {short_repr(text)}")
    values, depth, start = [], 0, 0
    for i, ch in enumerate(rest + ","):
        depth += ch in "[{"
        depth -= ch in "]}"
        if depth < 0:
            break
        if ch == "," and depth == 0:
            values.append(rest[start:i])
            start = i + 1
    if depth != 0:
        raise argparse.ArgumentTypeError(
            f"unbalanced brackets in {short_repr(text)}: a list value is [a, b] (quote the "
            "whole option in the shell)"
        )
    parsed: list[Any] = []
    for value in values:
        try:
            parsed.append(json.loads(value))
        except json.JSONDecodeError:
            parsed.append(value)
    return name, parsed


def add_sweep_parser(sub: Any, games: list[str]) -> None:
    cmd = sub.add_parser("sweep", help="run a grid of parameter settings; a table per cell "
                         "and position in the turn order, with significance tests")
    add_job_options(cmd, games, 100_000, params=False)
    cmd.add_argument("--param", type=parse_values, action="append", default=[],
                     metavar="NAME=V1,V2", help="a parameter and its values (repeatable)")
    cmd.add_argument("--bots", nargs="+", default=None, metavar="BOT",
                     help=f"play these bots (as in tablebits arena) instead of random moves: "
                          f"{BOTS_HELP}")
    add_time_limit_option(cmd)
    cmd.add_argument("--csv", metavar="CSV", default=None,
                     help="write the rows here, each cell as it finishes")
    cmd.add_argument("--parquet", metavar="PARQUET", default=None,
                     help="write the table as Parquet (needs pyarrow: tablebits[parquet])")
    cmd.add_argument("--json", action="store_true", help="print the table as JSON")
    cmd.add_argument("--plot", metavar="PNG", default=None,
                     help="draw win share by position and game lengths per cell")


def _check_outputs(args: argparse.Namespace) -> None:
    if args.csv is not None:
        check_writable(args.csv)
    if args.parquet is not None:
        check_writable(args.parquet)
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise ImportError("--parquet needs pyarrow: pip install 'tablebits[parquet]'") from None
    if args.plot is not None:
        from ..figures.results import check_plot_path

        check_plot_path(args.plot)


class RowWriter:
    """Appends each finished cell's rows to the CSV at ``path`` and flushes, so an interrupted
    sweep keeps every cell that finished. The file is opened with the first finished cell: a
    sweep refused before any cell runs leaves an existing file as it was. A write that fails
    (a full disk) is kept in ``failure`` and ends the writing, not the sweep: the table is
    printed all the same."""

    def __init__(self, path: str, files: ExitStack) -> None:
        self.path = path
        self.files = files
        self.writer: csv.DictWriter[str] | None = None
        self.stream: IO[str] | None = None
        self.failure: OSError | None = None

    def __call__(self, rows: list[dict[str, Any]]) -> None:
        if self.failure is not None:
            return
        try:
            if self.stream is None:
                self.stream = self.files.enter_context(
                    open(self.path, "w", newline="", encoding="utf-8")  # noqa: SIM115 (ExitStack)
                )
            if self.writer is None:
                self.writer = csv.DictWriter(self.stream, fieldnames=list(rows[0]))
                self.writer.writeheader()
            self.writer.writerows(rows)
            self.stream.flush()
        except OSError as err:
            self.failure = err
            if self.stream is not None:  # closed now (a failed close still closes the file),
                with contextlib.suppress(OSError):  # so the ExitStack's close cannot fail again
                    self.stream.close()


def _print_table(table: Any, parameters: list[str]) -> None:
    print(table[["cell", *parameters, *SHOWN]].to_string(index=False, float_format="%.4f"))


def run_sweep(args: argparse.Namespace) -> int:
    grid = dict(args.param)
    try:
        if not args.param:
            raise ValueError("give at least one --param NAME=V1,V2,...")
        if len(grid) != len(args.param):
            raise ValueError("each parameter may be given once (list its values with commas)")
        grid_cells(args.game, grid)
        _check_outputs(args)
    except (ValueError, TypeError, ImportError) as err:
        print(error_line(err), file=sys.stderr)
        return 2
    rows: RowWriter | None = None
    try:
        with ExitStack() as files:
            rows = RowWriter(args.csv, files) if args.csv else None
            table = sweep(
                args.game, grid, args.games, bots=args.bots, seed=args.seed, threads=args.threads,
                backend=args.backend, address=args.address, progress=not args.no_progress,
                reproducible=not args.allow_time_limits, on_cell=rows,
            )
    except SweepInterrupted as stop:
        finished = stop.table
        if len(finished):
            _print_table(finished, list(grid))
        saved = f"; their rows are in {args.csv}" if rows and not rows.failure else ""
        print(f"tablebits: {stop}{saved}", file=sys.stderr)
        return 130
    except (ValueError, TypeError, MemoryError, ConnectionError, ImportError) as err:
        print(error_line(err), file=sys.stderr)
        return 2
    tests = significance(table)
    if args.json:
        print(json.dumps({
            "rows": json.loads(table.to_json(orient="records")),
            "significance": json.loads(tests.to_json(orient="records")),
        }, indent=2))
    else:
        _print_table(table, list(grid))
        print("\nsignificance per parameter (p_bh: Benjamini-Hochberg corrected):")
        print(tests.to_string(index=False) if len(tests) else "(no parameter with 2+ values)")
    sys.stdout.flush()  # the results come before any error line
    # The outputs written after the table: each that fails is one line on stderr, and exit 2.
    ok = True
    every_row = "the table above has every row (--json prints every column)"
    if rows is not None and rows.failure is not None:
        print(output_error_line("--csv", args.csv, rows.failure, every_row), file=sys.stderr)
        ok = False
    if args.parquet is not None:
        ok &= write_output("--parquet", args.parquet, lambda: write_atomically(
            args.parquet, lambda f: table.to_parquet(f, index=False)), every_row)
    if args.plot is not None:
        from ..figures.sweep import sweep_figure

        if write_output("--plot", args.plot, lambda: sweep_figure(table, list(grid), args.plot),
                        AGAIN.format(flag="--plot")):
            if not args.json:
                print(f"plot saved to {args.plot}")
        else:
            ok = False
    return 0 if ok else 2
