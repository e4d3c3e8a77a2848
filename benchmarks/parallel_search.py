"""Root-parallel ISMCTS: speed-up and strength at equal wall-clock time.

``python -m benchmarks.parallel_search speed [--iterations N] [--seconds S] [--repeats R]``
    Iterations per second of one search on 1 and on 2 threads, per game, measured in the same
    run with the two thread counts interleaved (so machine load hits both alike), over states
    spread along random games; prints the median ratio. Two budgets: a fixed number of
    iterations (the trees split it evenly, so the search lasts as long as its slowest tree) and
    a fixed time (every tree searches until the deadline: the throughput a time-limited bot
    gets).

``python -m benchmarks.parallel_search strength [--game G] [--seconds S] [--games N]``
    Games (``tb.play``; Good Fortune by default) between one ISMCTS with ``threads=2`` and
    ISMCTS bots with ``threads=1``, all with the same ``time_limit`` per move, the 2-thread
    bot's seat rotating; prints its win share with its 95% interval, next to 1/players (equal
    strength). Fox Duet is cooperative, so it has no such duel. Time-limited bots depend on
    the machine's speed and load: run it on an otherwise idle machine and say how loaded it
    was.

``python -m benchmarks.parallel_search tree [--seconds S] [--games N]``
    Builds benchmarks/tree_parallel.cpp (tree-parallel ISMCTS with virtual loss, which the
    engine does not ship) and prints its iterations/s next to root-parallel's on 1 and 2
    threads, then plays Good Fortune games between the two on 2 threads each at the same time
    per move.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import time
from pathlib import Path

import numpy as np

import tablebits as tb
from tablebits.stats import share_interval


def states_along_games(game_id: str, count: int, seed: int) -> list[tb.State]:
    """`count` non-simultaneous states, a few random steps apart along random games."""
    game = tb.make(game_id)
    rng = random.Random(seed)
    out: list[tb.State] = []
    state = game.new_initial_state(seed=seed)
    while len(out) < count:
        if state.is_terminal():
            state = game.new_initial_state(seed=rng.randrange(2**32))
        elif state.is_simultaneous_node():
            state.apply_actions([
                rng.choice(a) if (a := state.legal_actions(p)) else -1
                for p in range(game.num_players)
            ])
        else:
            if len(state.legal_actions()) > 1 and rng.random() < 0.3:
                out.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return out


def speed(iterations: int, seconds: float, repeats: int) -> None:
    budgets = [
        (f"{iterations:,} iterations", {"iterations": iterations}),
        (f"{seconds:g} s", {"iterations": 2**31, "time_limit": seconds}),
    ]
    for label, budget in budgets:
        print(f"ISMCTS iterations/s, one search of {label} per state "
              f"(median over {repeats} states, threads interleaved)")
        print(f"{'game':14} {'1 thread':>12} {'2 threads':>12} {'speed-up':>9}")
        for game_id in tb.games():
            rates: dict[int, list[float]] = {1: [], 2: []}
            for state in states_along_games(game_id, repeats, seed=1):
                for threads in (1, 2):
                    r = tb.search(state, seed=3, threads=threads, **budget)
                    rates[threads].append(r.iterations / r.seconds)
            one, two = statistics.median(rates[1]), statistics.median(rates[2])
            ratios = [b / a for a, b in zip(rates[1], rates[2], strict=True)]
            print(f"{game_id:14} {one:12,.0f} {two:12,.0f} {statistics.median(ratios):8.2f}x")


def strength(game_id: str, seconds: float, games: int) -> None:
    players = tb.make(game_id).num_players
    shares = np.zeros(games)
    start = time.perf_counter()
    for i in range(games):
        two = tb.bots.ISMCTS(iterations=10**8, time_limit=seconds, threads=2, seed=i)
        ones = [tb.bots.ISMCTS(iterations=10**8, time_limit=seconds, threads=1, seed=i + p)
                for p in range(players - 1)]
        seat = i % players
        bots = [*ones[:seat], two, *ones[seat:]]
        shares[i] = tb.play(game_id, bots, seed=i).returns[seat]
    iv = share_interval(shares)
    print(f"{game_id}, {games} games, {seconds * 1000:g} ms per move: ISMCTS(threads=2) vs "
          f"{players - 1} x ISMCTS(threads=1) win share {iv.mean:.3f} [{iv.low:.3f}, "
          f"{iv.high:.3f}] (equal strength: {1 / players:.3f}; "
          f"{time.perf_counter() - start:.0f} s)")


def tree(seconds: float, games: int) -> None:
    root = Path(__file__).resolve().parents[1]
    binary = root / "build" / "tools" / "tree_parallel"
    binary.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["g++", "-std=c++20", "-O3", "-DNDEBUG", "-march=native", "-Wall", "-Wextra", "-Werror",
         f"-I{root / 'csrc'}", str(root / "benchmarks" / "tree_parallel.cpp"), "-o", str(binary),
         "-pthread"],
        check=True,
    )
    for game_id in tb.games():
        for threads in (1, 2):
            subprocess.run([str(binary), "speed", game_id, "100000", str(threads)], check=True)
    subprocess.run([str(binary), "duel", str(seconds), str(games)], check=True)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="what", required=True)
    s = sub.add_parser("speed")
    s.add_argument("--iterations", type=int, default=200_000)
    s.add_argument("--seconds", type=float, default=0.2)
    s.add_argument("--repeats", type=int, default=9)
    st = sub.add_parser("strength")
    competitive = [g for g in tb.games() if not tb.make(g).info.cooperative]
    st.add_argument("--game", default="good_fortune", choices=competitive)
    st.add_argument("--seconds", type=float, default=0.01)
    st.add_argument("--games", type=int, default=400)
    tr = sub.add_parser("tree")
    tr.add_argument("--seconds", type=float, default=0.01)
    tr.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    if args.what == "speed":
        speed(args.iterations, args.seconds, args.repeats)
    elif args.what == "strength":
        strength(args.game, args.seconds, args.games)
    else:
        tree(args.seconds, args.games)


if __name__ == "__main__":
    main()
