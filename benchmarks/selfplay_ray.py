"""Self-play of ``tablebits train --backend ray`` against the workers it has: one round's games
(PUCT with the shipped network as the teacher), and one gate (the shipped network, from a file,
against itself), as Ray tasks on a local Ray instance of 1, 2, ... CPUs, and on one local
thread for comparison.

    python -m benchmarks.selfplay_ray --game good_fortune --games 24 --iterations 400 --cpus 1 2

Prints games/s per configuration and the speed-up over one CPU; the data and the gate's share
of every configuration are the same (checked).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import tablebits as tb
from tablebits.bots.weights import shipped_path
from tablebits.train.gate import gate_share
from tablebits.train.selfplay import Teacher, play_games, play_games_on_ray


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="good_fortune")
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--iterations", type=int, default=400)
    parser.add_argument("--gate-games", type=int, default=40)
    parser.add_argument("--cpus", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    import ray

    game = tb.make(args.game)
    teacher = Teacher("puct", args.iterations, tb.bots.Baseline(game).network, 0.5)
    network = shipped_path(game.id, game.params)

    def gate(backend: str) -> tuple[float, float]:
        """The gate's share and games/s."""
        start = time.perf_counter()
        share = gate_share(game, network, network, args.gate_games, args.iterations, seed=0,
                           round_index=0, threads=1, needed=0.55, backend=backend).share
        return share, args.gate_games / (time.perf_counter() - start)

    start = time.perf_counter()
    reference = play_games(game, args.games, teacher, 8, seed=0, round_index=0, threads=1)
    base = args.games / (time.perf_counter() - start)
    share, gate_base = gate("local")
    print(f"{args.game}, {args.games} self-play and {args.gate_games} gate games, "
          f"PUCT {args.iterations} iterations per decision")
    print(f"{'':<22}{'self-play':>16}{'gate':>22}")
    print(f"{'local, 1 thread':<22}{base:>10.2f} games/s{gate_base:>14.2f} games/s")
    first = gate_first = None
    for cpus in args.cpus:
        ray.init(num_cpus=cpus, include_dashboard=False)
        try:
            play_games_on_ray(game, 2, teacher, 8, seed=1, round_index=0, address=None)  # warm-up
            start = time.perf_counter()
            data = play_games_on_ray(game, args.games, teacher, 8, seed=0, round_index=0,
                                     address=None)
            rate = args.games / (time.perf_counter() - start)
            gate_share_ray, gate_rate = gate("ray")
        finally:
            ray.shutdown()
        assert np.array_equal(data.policy, reference.policy), "Ray played other games"
        assert gate_share_ray == share, "Ray's gate played other games"
        first = first or rate
        gate_first = gate_first or gate_rate
        print(f"{f'ray, {cpus} CPU(s)':<22}{rate:>10.2f} games/s  x{rate / first:.2f}"
              f"{gate_rate:>8.2f} games/s  x{gate_rate / gate_first:.2f}")


if __name__ == "__main__":
    main()
