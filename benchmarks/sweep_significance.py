"""``tablebits.sweep.significance`` on a large sweep: its time against the number of cells.

    python -m benchmarks.sweep_significance --cells 100 1000 10000

Each size is a real ``tb.sweep`` of Color Mafia over ``max_rounds`` x ``players`` (10,000 cells is
the documented limit of a sweep) with a few games per cell; the tests of a cell take the same
work whatever its games, so only the count of cells matters. Prints the sweep's and the
tests' wall times and the tests' time per cell, which stays flat when the tests are linear in
the cells.
"""

from __future__ import annotations

import argparse
import time

import scipy.stats  # noqa: F401  (imported before timing: the first import takes seconds)

from tablebits.sweep import significance, sweep


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cells", type=int, nargs="+", default=[100, 1000, 10_000])
    parser.add_argument("--games", type=int, default=5, help="games per cell")
    args = parser.parse_args()
    print(f"{'cells':>7} {'sweep s':>9} {'tests s':>9} {'tests ms/cell':>14}")
    for cells in args.cells:
        grid = {"max_rounds": list(range(1, cells // 2 + 1)), "players": [3, 4]}
        start = time.perf_counter()
        table = sweep("color_mafia", grid, games=args.games, seed=0)
        swept = time.perf_counter() - start
        start = time.perf_counter()
        significance(table)
        tested = time.perf_counter() - start
        count = len(grid["max_rounds"]) * 2
        print(f"{count:>7,} {swept:>9.2f} {tested:>9.2f} {tested / count * 1000:>14.3f}")


if __name__ == "__main__":
    main()
