"""The portable engine against a native build: random games, batch steps and ISMCTS iterations.

Each engine is a directory to put first on PYTHONPATH (a ``tablebits`` package with its built
extensions), optionally with ``@BUILD`` to force one of its builds (``TABLEBITS_ENGINE``). The
engines are measured in fresh processes, interleaved round by round, so that the machine's load
falls on all of them alike; each figure is the median over rounds of one process's CPU time
(single-threaded work, so other processes on the machine disturb it least).

    python -m benchmarks.portable native=/tmp/native portable=python v2=python@x86-64-v2

prints a table with each engine's speed relative to the first one.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

# Runs in the measured process: rates per second of CPU time for every game.
PROBE = r"""
import json, sys, time
import tablebits as tb
from tablebits import _build_info

def rate(work, count):
    start = time.process_time()
    work()
    return count / (time.process_time() - start)

out = {"arch": _build_info.ARCH}
for game_id in tb.games():
    games = int(sys.argv[1])
    out[f"random games/s {game_id}"] = rate(
        lambda: tb.simulate(game_id, games=games, seed=1, threads=1, progress=False), games)
    env = tb.VectorEnv(game_id, 256, seed=2, threads=1)
    steps = int(sys.argv[2])
    def batch():
        for _ in range(steps):
            env.step(env.sample_actions())
    out[f"batch steps/s {game_id}"] = rate(batch, steps * 256)
    iterations = int(sys.argv[3])
    state = tb.make(game_id).new_initial_state(seed=3)
    player = state.current_player()
    if player < 0:  # a simultaneous node: the first player who acts
        player = next(p for p in range(8) if state.legal_actions(p))
    bot = tb.bots.ISMCTS(iterations, seed=4)
    out[f"ISMCTS iterations/s {game_id}"] = rate(lambda: bot.act(state, player), iterations)
print(json.dumps(out))
"""


def measure(path: str, sizes: list[str]) -> dict[str, float | str]:
    directory, _, build = path.partition("@")
    env = dict(os.environ, PYTHONPATH=directory)
    env.pop("TABLEBITS_ENGINE", None)
    if build:
        env["TABLEBITS_ENGINE"] = build
    done = subprocess.run([sys.executable, "-c", PROBE, *sizes], env=env, check=True,
                          capture_output=True, text=True)
    result: dict[str, float | str] = json.loads(done.stdout)
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("engines", nargs="+", metavar="NAME=DIR[@BUILD]")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", default="200000", help="random games per measurement")
    parser.add_argument("--steps", default="10000", help="batch steps of 256 envs per measurement")
    parser.add_argument("--iterations", default="200000", help="ISMCTS iterations per measurement")
    args = parser.parse_args(argv)
    engines = dict(spec.split("=", 1) for spec in args.engines)
    rows: dict[str, dict[str, list[float]]] = {name: {} for name in engines}
    arch: dict[str, str] = {}
    for _ in range(args.rounds):
        for name, path in engines.items():  # interleaved: one process per engine per round
            result = measure(path, [args.games, args.steps, args.iterations])
            arch[name] = str(result.pop("arch"))
            for key, value in result.items():
                rows[name].setdefault(key, []).append(float(value))
    names = list(engines)
    first = names[0]
    print("| workload | " + " | ".join(f"{n} ({arch[n]})" for n in names) + " |")
    print("|---|" + "---:|" * len(names))
    for key in rows[first]:
        cells = []
        for name in names:
            median = statistics.median(rows[name][key])
            base = statistics.median(rows[first][key])
            cells.append(f"{median:,.0f}" if name == first else
                         f"{median:,.0f} ({100 * (median / base - 1):+.1f}%)")
        print(f"| {key} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
