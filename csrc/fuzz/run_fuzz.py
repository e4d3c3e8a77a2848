#!/usr/bin/env python3
"""Builds the libFuzzer harness (csrc/fuzz/fuzz_games.cpp) with clang and fuzzes every game.

    python csrc/fuzz/run_fuzz.py                 # 10^6 inputs per game (a few minutes each)
    python csrc/fuzz/run_fuzz.py --runs 10000    # the CI smoke

The games are the registered ones (csrc/tablebits/games/registry.hpp), as the built harness
lists them, so a new game is fuzzed as soon as it is registered. Each game starts from a fresh
seed corpus of real states (random games of every parameter variant the harness knows, at random
depths) and runs `--runs` inputs. Prints, per game, the inputs executed, libFuzzer's coverage
(`cov`: edges, `ft`: features) and the corpus size; exits 1 if any run found a crash, leaving
the input under build/fuzz/ for replay:
`TB_FUZZ_GAME=<game> build/fuzz/fuzz_games <crash file>`.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "build" / "fuzz"
HARNESS = ROOT / "csrc" / "fuzz" / "fuzz_games.cpp"
FLAGS = [
    "-std=c++20", "-O1", "-g", "-march=native", "-fno-omit-frame-pointer",
    "-fsanitize=fuzzer,address,undefined", "-fno-sanitize-recover=all",
    "-Wall", "-Wextra", "-Werror",
]


def build(compiler: str) -> Path:
    binary = OUT / "fuzz_games"
    sources = [HARNESS, *(ROOT / "csrc" / "tablebits").rglob("*.hpp")]
    if binary.exists() and binary.stat().st_mtime > max(p.stat().st_mtime for p in sources):
        return binary
    OUT.mkdir(parents=True, exist_ok=True)
    cmd = [compiler, *FLAGS, f"-I{ROOT / 'csrc'}", str(HARNESS), "-o", str(binary)]
    print("building:", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True)
    return binary


def registered_games(binary: Path) -> list[str]:
    """The ids of the games the harness was built with (games/registry.hpp), in its order: the
    names TB_FUZZ_GAME accepts."""
    env = dict(os.environ, TB_FUZZ_LIST="1")
    out = subprocess.run([str(binary)], env=env, capture_output=True, text=True, check=True)
    games = out.stdout.split()
    if not games:
        raise SystemExit(f"{binary} lists no games (stderr: {out.stderr.strip()})")
    return games


def fuzz(binary: Path, game: str, runs: int) -> dict[str, str]:
    corpus = OUT / "corpus" / game
    shutil.rmtree(corpus, ignore_errors=True)
    corpus.mkdir(parents=True)
    env = dict(os.environ, TB_FUZZ_GAME=game, TB_FUZZ_SEEDS=str(corpus))
    cmd = [
        str(binary), str(corpus), f"-runs={runs}", "-print_final_stats=1", "-max_len=512",
        "-rss_limit_mb=4096", f"-artifact_prefix={OUT}/{game}-",
    ]
    start = time.perf_counter()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
    log = proc.stderr
    (OUT / f"{game}.log").write_text(log)
    stats = {"game": game, "seconds": f"{time.perf_counter() - start:.0f}"}
    executed = re.search(r"stat::number_of_executed_units: (\d+)", log)
    stats["inputs"] = executed.group(1) if executed else "?"
    last = re.findall(r"#\d+\s+\w+\s+cov: (\d+) ft: (\d+) corp: (\d+)", log)
    inited = re.search(r"INITED cov: (\d+)", log)
    if last:
        stats["cov"], stats["ft"], stats["corpus"] = last[-1]
    stats["seed_cov"] = inited.group(1) if inited else "?"
    found = f"FOUND (exit {proc.returncode}; see {game}.log)"
    stats["result"] = "ok" if proc.returncode == 0 else found
    return stats


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=1_000_000, help="inputs per game")
    parser.add_argument(
        "--games", nargs="+", metavar="GAME",
        help="game ids to fuzz (default: every registered game)",
    )
    parser.add_argument("--cxx", default=os.environ.get("FUZZ_CXX", "clang++"))
    args = parser.parse_args()
    binary = build(args.cxx)
    registered = registered_games(binary)
    unknown = [g for g in args.games or [] if g not in registered]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; registered: {', '.join(registered)}")
    rows = [fuzz(binary, game, args.runs) for game in args.games or registered]
    print(
        f"{'game':<13} {'inputs':>9} {'seed cov':>9} {'cov':>6} {'ft':>7} {'corpus':>7} "
        f"{'s':>5}  result"
    )
    for r in rows:
        print(
            f"{r['game']:<13} {r['inputs']:>9} {r['seed_cov']:>9} {r.get('cov', '?'):>6} "
            f"{r.get('ft', '?'):>7} {r.get('corpus', '?'):>7} {r['seconds']:>5}  {r['result']}"
        )
    return 0 if all(r["result"] == "ok" for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
