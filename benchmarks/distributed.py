"""Ray backend vs local threads, and summary-mode memory: `python -m benchmarks.distributed`.

Measured in one run, on this machine (a local Ray instance with one CPU per core):

1. Throughput: games/s of ``tb.simulate(..., keep_games=False)`` on every core, with local
   threads and with Ray tasks of one thread each (default chunking: about 1 s per task), for
   the same job of ``--seconds`` of games or more; and, for reference, local threads keeping
   every row (one C++ call, no chunks). Each runs twice, alternated, and the faster run of
   each counts (the machine is shared; the slower run shows the noise).
2. Per-task overhead: many Ray tasks of one game each; wall-clock time per task and slot.
3. Memory: peak RSS of summary-mode runs of 10x more games each, each in a fresh process; flat
   in the number of games, so a 10^9-game run needs the same memory as these.

The machine's load average is printed before and after: the numbers only mean something on a
quiet machine.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time

import tablebits as tb
from tablebits.jobs import ray as distributed
from tablebits.jobs.job import SimulateJob

GAME = "good_fortune"

# Peak RSS from /proc's VmHWM: getrusage's ru_maxrss of a child starts at its parent's peak.
RSS_JOB = """
import sys
import tablebits as tb
summary = tb.simulate({game!r}, int(sys.argv[1]), threads=2, keep_games=False)
assert summary.games == int(sys.argv[1])
with open("/proc/self/status") as status:
    print(next(line.split()[1] for line in status if line.startswith("VmHWM:")))
"""


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def games_for(seconds: float, threads: int) -> int:
    """Games that local threads play in about ``seconds`` (from a short calibration run)."""
    probe = tb.simulate(GAME, 200_000, threads=threads, keep_games=False)
    return int(probe.games_per_second * seconds)


def throughput(games: int, cores: int) -> None:
    print(f"\n1. Throughput: {games:,} {GAME} games, summary mode, {cores} cores")
    local, kept, ray = [], [], []
    for _ in range(2):
        local.append(tb.simulate(GAME, games, threads=cores, keep_games=False))
        kept.append(tb.simulate(GAME, games, threads=cores))
        ray.append(tb.simulate(GAME, games, backend="ray", keep_games=False))
    for name, runs in (("local threads", local), ("ray tasks", ray),
                       ("local, all rows", kept)):
        rates = sorted(r.games_per_second for r in runs)
        seconds = min(r.seconds for r in runs)
        print(f"   {name:<16} {rates[-1]:>12,.0f} games/s  ({seconds:.1f} s; other run "
              f"{rates[0]:,.0f})")
    best_local = max(r.games_per_second for r in local)
    best_ray = max(r.games_per_second for r in ray)
    print(f"   ray / local threads (both summary mode): {best_ray / best_local:.1%} "
          "(target >= 80%)")
    assert local[0].win_rates() == ray[0].win_rates()  # same games, whichever backend


def task_overhead(tasks: int, cores: int) -> None:
    game = tb.make(GAME)
    job = SimulateJob(game_id=GAME, params=game.params, blob=game._params_blob(), seed=0,
                      players=game.num_players)
    ray = distributed.connect(None)
    task = ray.remote(distributed._play_chunk).options(num_cpus=1)
    ray.get([task.remote(job, i, i + 1, 1, False, None) for i in range(cores * 4)])  # warm up
    start = time.perf_counter()
    done = ray.get([task.remote(job, i, i + 1, 1, False, None) for i in range(tasks)])
    wall = time.perf_counter() - start
    inside = sum(d.seconds for d in done)
    per_task = (wall * cores - inside) / tasks
    print(f"\n2. Per-task overhead: {tasks} tasks of one game on {cores} slots in {wall:.2f} s")
    print(f"   {per_task * 1e3:.2f} ms per task (slot time not spent playing); a 1 s task "
          f"loses {per_task:.2%} to it")


def memory(sizes: list[int]) -> None:
    print("\n3. Peak RSS of summary-mode runs (local, 2 threads), each in a fresh process")
    code = RSS_JOB.format(game=GAME)
    for games in sizes:
        start = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", code, str(games)], check=True,
                             capture_output=True, text=True).stdout
        kib = int(out.split()[-1])
        seconds = time.perf_counter() - start
        print(f"   {games:>13,} games: {kib / 1024:7.1f} MiB  ({seconds:.1f} s)")
    print("   A 10^9-game run holds the same chunk buffers and histograms: the same memory.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=12.0, help="length of the job")
    parser.add_argument("--tasks", type=int, default=400)
    parser.add_argument("--max-games", type=int, default=10**7, help="largest memory run")
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    print(f"before: {load()}; driver RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss} KiB")
    distributed.connect(None)
    throughput(games_for(args.seconds, cores), cores)
    task_overhead(args.tasks, cores)
    sizes = [10**k for k in range(5, 20) if 10**k <= args.max_games]
    memory(sizes)
    print(f"\nafter: {load()}")


if __name__ == "__main__":
    main()
