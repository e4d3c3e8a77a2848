"""What a sweep costs beyond its games: ``tb.sweep`` over a 6-cell grid against ``tb.simulate``
of the same games, one call per cell, measured in the same process and interleaved round by
round, so the machine's load falls on both alike.

    python -m benchmarks.sweep_overhead --games 1000000 --rounds 3

prints each round's wall times and the median ratio sweep / simulate (1.00: a sweep costs only
its games). Both run in summary mode, with the default threads.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time

import tablebits as tb
from tablebits.sweep import sweep

GRID = {"players": [3, 4, 5], "rps": ["play", "chance"]}
GAME = "hoi_pho"


def simulate_cells(games: int) -> None:
    names = list(GRID)
    for values in itertools.product(*GRID.values()):
        cell = dict(zip(names, values, strict=True))
        tb.simulate(GAME, games=games, seed=0, progress=False, **cell)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000_000, help="games per cell")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    cells = len(list(itertools.product(*GRID.values())))
    print(f"{GAME}, grid {GRID}: {cells} cells x {args.games:,} games")
    sweep(GAME, GRID, games=100, seed=0)  # imports (pandas, scipy) and warm-up, not measured
    ratios = []
    for round_ in range(args.rounds):
        start = time.perf_counter()
        sweep(GAME, GRID, games=args.games, seed=0)
        swept = time.perf_counter() - start
        start = time.perf_counter()
        simulate_cells(args.games)
        simulated = time.perf_counter() - start
        ratios.append(swept / simulated)
        print(f"round {round_ + 1}: sweep {swept:.2f} s, simulate per cell {simulated:.2f} s, "
              f"ratio {ratios[-1]:.3f}")
    print(f"median ratio sweep / simulate: {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
