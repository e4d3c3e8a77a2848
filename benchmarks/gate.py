"""Instruction-count regression gate: `python -m benchmarks.gate [--update]`.

Runs fixed single-thread workloads under `valgrind --tool=callgrind` and compares the
instructions per unit of work with `benchmarks/baseline.json`. Instruction counts are the same
however loaded the machine is, so the gate cannot flake on a noisy shared runner, yet a real
slowdown (more work per game or per step) fails it. The workloads:

- `rollouts`: random full games in C++ (`csrc/tests/bench.cpp`), per game;
- `batch`: BatchEnv steps with sampled actions in C++, per env-step;
- `ismcts`: ISMCTS iterations in C++ (searches of 5,000 iterations), per iteration;
- `network`: forward passes of a network of the shipped networks' shape (hashed weights) through
  the C++ evaluator (`core/mlp.hpp`), in batches of 8 rows, per row
  (`csrc/tests/bench_network.cpp`);
- `baseline`: PUCT iterations with that network, as Baseline searches (searches of 1,000
  iterations, no playouts), per iteration;
- `python`: Python-driven stepping (`legal_actions` + `apply_action`) through the bindings,
  per step, with a fixed PYTHONHASHSEED and one BLAS thread.

Counts depend on the compiler and Python build, so the baseline belongs to the project's
machine kind. To refresh it after an intended change (or a toolchain change), run
`python -m benchmarks.gate --update` and commit benchmarks/baseline.json with a note saying why.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import tablebits as tb
from tablebits import _build_info as build_info

ROOT = Path(__file__).resolve().parents[1]
BASELINE = ROOT / "benchmarks" / "baseline.json"
BENCH_BINARY = ROOT / "build" / "tools" / "bench"
NETWORK_BINARY = ROOT / "build" / "tools" / "bench_network"
TOLERANCE = 0.05  # fail when a workload needs more than 5% more instructions

WORKLOADS = {  # name -> units of work
    "rollouts": 2_000,
    "batch": 200_000,
    "ismcts": 20_000,  # iterations, in searches of 5,000
    "network": 20_000,  # rows, in batches of 8
    "baseline": 10_000,  # iterations, in searches of 1,000
    "python": 1_000,  # games; unit: steps printed (start-up is subtracted, see measure)
}

PYTHON_LOOP = """
import random, sys, tablebits as tb
game = tb.make(sys.argv[1])
rng = random.Random(0)
steps = 0
for seed in range(int(sys.argv[2])):
    s = game.new_initial_state(seed)
    while not s.is_terminal():
        if s.is_simultaneous_node():
            s.apply_actions([rng.choice(a) if (a := s.legal_actions(p)) else -1
                             for p in range(game.num_players)])
        else:
            a = s.legal_actions()
            s.apply_action(a[rng.randrange(len(a))])
        steps += 1
print(steps)
"""


def instruction_set() -> str:
    """The installed engine's -march, marked when it avoids a slow PDEP (core/bits.hpp)."""
    return build_info.ARCH + (" slow-pdep" if build_info.SLOW_PDEP else "")


def build_bench(binaries: tuple[Path, ...] = (BENCH_BINARY, NETWORK_BINARY)) -> None:
    """Builds the C++ workload drivers ``binaries`` for the instruction set of the installed
    engine."""
    BENCH_BINARY.parent.mkdir(parents=True, exist_ok=True)
    flags = [] if build_info.ARCH == "none" else [f"-march={build_info.ARCH}"]
    if build_info.SLOW_PDEP:
        flags.append("-DTABLEBITS_SLOW_PDEP")
    for binary in binaries:
        subprocess.run(
            ["g++", "-std=c++20", "-O3", "-DNDEBUG", *flags, "-Wall", "-Wextra", "-Werror",
             f"-I{ROOT / 'csrc'}", str(ROOT / "csrc" / "tests" / f"{binary.name}.cpp"), "-o",
             str(binary), "-pthread"],
            check=True,
        )


def callgrind(command: list[str]) -> tuple[int, str]:
    """Instructions executed by `command` (and its stdout)."""
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run(
            # setarch -R: no address randomisation, which would otherwise move hash-table
            # collisions (and so instruction counts) from run to run.
            ["setarch", os.uname().machine, "-R", "valgrind", "--tool=callgrind",
             f"--callgrind-out-file={tmp}/out", *command],
            capture_output=True, text=True, check=True,
            # One BLAS thread: numpy's OpenBLAS otherwise starts worker threads that spin for
            # a scheduler-dependent time, which moved the Python workload's count by 14%.
            env={**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1",
                 "OMP_NUM_THREADS": "1"},
        )
    match = re.search(r"Collected : (\d+)", proc.stderr)
    if not match:
        raise RuntimeError(f"no instruction count in callgrind output:\n{proc.stderr[-2000:]}")
    return int(match.group(1)), proc.stdout


def measure(game_id: str, workload: str) -> float:
    """Instructions per unit of work, net of start-up (measured with a zero-work run)."""
    n = WORKLOADS[workload]
    if workload == "python":
        cmd = [sys.executable, "-c", PYTHON_LOOP, game_id]
        base, _ = callgrind([*cmd, "0"])
        total, out = callgrind([*cmd, str(n)])
        units = int(out.strip())
    else:
        binary = NETWORK_BINARY if workload in ("network", "baseline") else BENCH_BINARY
        cmd = [str(binary), workload, game_id]
        base, _ = callgrind([*cmd, "0"])
        total, _ = callgrind([*cmd, str(n)])
        units = n
    return (total - base) / units


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true", help="rewrite the baseline")
    args = parser.parse_args()
    build_bench()
    baseline = json.loads(BASELINE.read_text()) if BASELINE.exists() else {}
    # Counts differ between instruction sets: compare only like with like.
    baseline_arch = baseline.pop("arch", None)
    if baseline_arch != instruction_set() and not args.update:
        print(f"the baseline was recorded for {baseline_arch}, but the installed engine is built "
              f"for {instruction_set()}: counts are not comparable. Rebuild with "
              f"-C cmake.define.TABLEBITS_ARCH=... to match, or re-record with --update")
        return 1
    current: dict[str, float] = {}
    failed = []
    print(f"{'workload':<28}{'instr/unit':>14}{'baseline':>14}{'change':>9}")
    for game_id in tb.games():
        for workload in WORKLOADS:
            key = f"{workload}:{game_id}"
            value = current[key] = round(measure(game_id, workload), 1)
            old = baseline.get(key)
            change = f"{(value / old - 1) * 100:+.1f}%" if old else "new"
            print(f"{key:<28}{value:>14,.1f}{old or 0:>14,.1f}{change:>9}")
            if old and value > old * (1 + TOLERANCE) and not args.update:
                failed.append(key)
    if args.update:
        record: dict[str, object] = {"arch": instruction_set(), **current}
        BASELINE.write_text(json.dumps(record, indent=2, sort_keys=True) + "\n")
        print(f"wrote {BASELINE}")
        return 0
    missing = sorted(set(current) - set(baseline))
    if missing:
        print(f"no baseline for {', '.join(missing)}: run with --update and commit it")
    if failed:
        print(f"REGRESSION (> {TOLERANCE:.0%} more instructions): {', '.join(failed)}")
        return 1
    print("instruction-count gate: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
