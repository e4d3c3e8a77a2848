"""The training curve of a Baseline run: the strength of the weights after each round (a run
folder's ``rounds/round<k>.npz``, written by ``tablebits train``) against fixed opponents, as a
picture and JSON (docs/strength.md, "Baseline").

    python tools/baseline_curve.py RUN_FOLDER --opponents random ismcts:200 --iterations 200 \\
        --games 60 --every 3 --out docs/img/baseline_curve_good_fortune.png

Every point is an arena of ``--games`` games (seats rotating, seed 0): one Baseline with
``--iterations`` PUCT iterations per decision against the opponent in the other seats. Iteration
budgets, not times, so the curve does not depend on the machine. Needs matplotlib.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import tablebits as tb
from tablebits.bots import Baseline
from tablebits.weights import trained_for


def measure(run: Path, opponents: list[str], iterations: int, games: int, every: int,
            threads: int) -> dict:
    snapshots = sorted((run / "rounds").glob("round*.npz"))
    chosen = [p for i, p in enumerate(snapshots, 1)
              if i == 1 or i % every == 0 or i == len(snapshots)]
    points = []
    for path in chosen:
        bot = Baseline(trained_for(path)[0], iterations=iterations,
                       weights=path)
        entry = {"snapshot": path.name, "games_trained": bot.network.training["games"]}
        for name in opponents:
            result = tb.arena(bot.game, [bot, name], games=games, seed=0, threads=threads)
            ci = tb.stats.share_interval(result.returns[result.seats == 0])
            entry[name] = [ci.mean, ci.low, ci.high]
        points.append(entry)
        print(json.dumps(entry), flush=True)
    game = trained_for(chosen[-1])[0] if chosen else ""
    return {"game": game, "iterations": iterations, "games": games, "points": points}


def plot(curve: dict, opponents: list[str], out: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 3.6), dpi=100)
    x = [p["games_trained"] for p in curve["points"]]
    for name in opponents:
        mean = [p[name][0] for p in curve["points"]]
        low = [max(p[name][0] - p[name][1], 0.0) for p in curve["points"]]  # rounding at 1.0
        high = [max(p[name][2] - p[name][0], 0.0) for p in curve["points"]]
        ax.errorbar(x, mean, yerr=[low, high], marker="o", capsize=3, label=f"against {name}")
    ax.set_xlabel("teacher games trained on")
    ax.set_ylabel(f"win share of baseline:{curve['iterations']}")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.set_title(title)
    ax.legend(loc="best")
    fig.tight_layout()
    fig.savefig(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", type=Path)
    parser.add_argument("--opponents", nargs="+", default=["random", "ismcts:200"])
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--replot", action="store_true",
                        help="draw the picture from the JSON beside --out, measuring nothing")
    args = parser.parse_args()
    if args.replot:
        curve = json.loads(args.out.with_suffix(".json").read_text())
    else:
        curve = measure(args.run, args.opponents, args.iterations, args.games, args.every,
                        args.threads)
        args.out.with_suffix(".json").write_text(json.dumps(curve, indent=1))
    plot(curve, args.opponents, args.out, f"Baseline training curve: {curve['game']}")


if __name__ == "__main__":
    main()
