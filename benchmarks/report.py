"""Prints the headline numbers for every game: `python -m benchmarks.report`."""

from __future__ import annotations

import os

import tablebits as tb

from . import workloads


def main() -> None:
    threads = os.cpu_count() or 1
    print(f"{'game':<14}{'C++ games/s 1T':>16}{'ref games/s':>13}{'ratio':>8}"
          f"{f'games/s {threads}T':>14}{'py steps/s':>13}{'env.step/s':>13}{'+sampling':>13}"
          f"{'clones/s':>12}")
    for game_id in tb.games():
        # Alternate engine and reference three times: the median ratio resists load changes.
        pairs = [
            (workloads.engine_games_per_second(game_id, 1),
             workloads.reference_games_per_second(game_id))
            for _ in range(3)
        ]
        one, ref = sorted(pairs, key=lambda pair: pair[0] / pair[1])[1]
        many = workloads.engine_games_per_second(game_id, threads)
        game = tb.make(game_id)
        py = workloads.rate(lambda game=game: workloads.python_steps(game, 500), 1.0)
        step, sampled = workloads.batch_steps_per_second(game_id, threads)
        clones = workloads.clones_per_second(game_id)
        print(f"{game_id:<14}{one:>16,.0f}{ref:>13,.0f}{one / ref:>8,.0f}{many:>14,.0f}"
              f"{py:>13,.0f}{step:>13,.0f}{sampled:>13,.0f}{clones:>12,.0f}")


if __name__ == "__main__":
    main()
