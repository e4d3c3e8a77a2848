"""The curve of a self-play run (``examples/clients/sb3_self_play.py GENERATIONS STEPS FOLDER``):
``tb.ladder`` rates every snapshot ``FOLDER/gen<k>.npz`` and random play against each other,
and the ratings by training steps become a picture, JSON and a Markdown table
(docs/adapters/trainers.md, benchmarks/results/self_play.md).

    python tools/self_play_curve.py FOLDER --games 200 --out docs/img/self_play_curve.png

Needs matplotlib. The JSON goes beside the picture (same name, ``.json``).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import tablebits as tb
from tablebits.bots.weights import trained_for


def measure(folder: Path, games: int, threads: int) -> dict:
    snapshots = sorted(folder.glob("gen*.npz"))
    if not snapshots:
        raise SystemExit(f"no gen*.npz in {folder}")
    game_id, params = trained_for(snapshots[0])
    game = tb.make(game_id, **params)
    policies = [tb.bots.Policy(game, p) for p in snapshots]
    ladder = tb.ladder(game, ["random", *policies], games=games, seed=1, threads=threads)
    points = []
    for path, policy, rating in zip(snapshots, policies, ladder.ratings[1:], strict=True):
        training = policy.network.training
        points.append({"snapshot": path.name, "generation": training.get("generation"),
                       "steps": training.get("steps"), "elo": rating.mean,
                       "low": rating.low, "high": rating.high})
    return {"game": game_id, "params": params, "games_per_pair": games, "points": points,
            "seconds": ladder.seconds}


def table(data: dict) -> str:
    rows = ["| snapshot | training steps | Elo (random 0) | 95% interval |", "|---|---|---|---|"]
    rows += [f"| {p['snapshot']} | {p['steps']:,} | {p['elo']:+.0f} | "
             f"[{p['low']:+.0f}, {p['high']:+.0f}] |" for p in data["points"]]
    return "\n".join(rows)


def plot(data: dict, out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    points = data["points"]
    steps = [p["steps"] for p in points]
    elo = [p["elo"] for p in points]
    errors = [[p["elo"] - p["low"] for p in points], [p["high"] - p["elo"] for p in points]]
    fig, ax = plt.subplots(figsize=(6.4, 3.6), dpi=100)
    ax.errorbar(steps, elo, yerr=errors, marker="o", capsize=3)
    ax.axhline(0, color="grey", lw=0.8, ls="--", label="random play")
    ax.set_xlabel("MaskablePPO training steps")
    ax.set_ylabel("Elo (ladder of all snapshots)")
    ax.set_title(f"{data['game']}: self-play against past policies")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(out)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--games", type=int, default=200, help="games per pair of bots")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--out", type=Path, required=True, help="the picture (.png)")
    args = parser.parse_args()
    data = measure(args.folder, args.games, args.threads)
    args.out.with_suffix(".json").write_text(json.dumps(data, indent=2) + "\n")
    plot(data, args.out)
    print(table(data))


if __name__ == "__main__":
    main()
