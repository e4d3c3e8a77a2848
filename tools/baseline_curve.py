"""The training curve of a Baseline run: the strength of the weights after each round (a run
folder's ``rounds/round<k>.npz``, written by ``tablebits train``), or with ``--generations`` of
each accepted generation of an expert-iteration run (``generations/gen<n>.npz``), against fixed
opponents, as a picture and JSON (docs/strength.md, "Baseline").

    python tools/baseline_curve.py RUN_FOLDER --opponents random ismcts:200 --iterations 200 \\
        --games 60 --every 3 --out docs/img/baseline_curve_good_fortune.png

Every point is an arena of ``--games`` games (seats rotating, seed 0): one Baseline with
``--iterations`` PUCT iterations per decision against the opponent in the other seats; in a
cooperative game (Fox Duet) the Baseline plays every seat and the point is the team's win rate
(``--opponents`` is not used). ``--rollout-mix`` is the Baseline's (default 0: the network
alone, whose learning the curve shows). Iteration budgets, not times, so the curve does not
depend on the machine; ``--seconds S`` instead gives the Baseline S seconds per decision (equal
time with an opponent such as ``ismcts:20ms``), which does. Needs matplotlib.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import tablebits as tb
from tablebits.bots import Baseline
from tablebits.bots.names import UNTIL_TIME_LIMIT
from tablebits.bots.weights import trained_for
from tablebits.pictures import display_name


def measure(run: Path, opponents: list[str], iterations: int, games: int, every: int,
            threads: int, rollout_mix: float, generations: bool = False,
            seconds: float | None = None) -> dict:
    snapshots = sorted((run / "generations").glob("gen*.npz")) if generations else \
        sorted((run / "rounds").glob("round*.npz"))
    chosen = [p for i, p in enumerate(snapshots, 1)
              if i == 1 or i % every == 0 or i == len(snapshots)]
    points = []
    game = Baseline(trained_for(chosen[-1])[0], weights=chosen[-1]).game if chosen else None
    cooperative = bool(game and game.info.cooperative)
    if cooperative:
        opponents = ["team"]
    even = None if cooperative or game is None else 1 / game.num_players  # a bot's even share
    for path in chosen:
        bot = Baseline(trained_for(path)[0], iterations=UNTIL_TIME_LIMIT if seconds else iterations,
                       time_limit=seconds, weights=path, rollout_mix=rollout_mix)
        entry = {"snapshot": path.name, "games_trained": bot.network.training.get("games", 0),
                 "generation": bot.network.training.get("generation")}
        for name in opponents:
            seats = [bot] if cooperative else [bot, name]
            result = tb.arena(bot.game, seats, games=games, seed=0, threads=threads,
                              reproducible=seconds is None and "ms" not in name)
            # Cooperative: one team result per game (seat 0's); else the Baseline's seats.
            ci = tb.stats.share_interval(
                result.returns[:, 0] if cooperative else result.returns[result.seats == 0])
            entry[name] = [ci.mean, ci.low, ci.high]
        points.append(entry)
        print(json.dumps(entry), flush=True)
    return {"game": game.id if game else "", "players": game.num_players if game else 0,
            "iterations": iterations, "games": games,
            "rollout_mix": rollout_mix, "opponents": opponents, "even_share": even,
            "generations": generations, "seconds": seconds, "points": points}


def plot(curve: dict, out: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    fig, ax = plt.subplots(figsize=(6.4, 3.6), dpi=100)
    by_generation = curve.get("generations", False)
    x = [p["generation"] if by_generation else p["games_trained"] for p in curve["points"]]
    opponents = curve["opponents"]
    for name in opponents:
        mean = [p[name][0] for p in curve["points"]]
        low = [max(p[name][0] - p[name][1], 0.0) for p in curve["points"]]  # rounding at 1.0
        high = [max(p[name][2] - p[name][0], 0.0) for p in curve["points"]]
        label = "as the whole team" if name == "team" else f"against {name}"
        ax.errorbar(x, mean, yerr=[low, high], marker="o", capsize=3, label=label)
    if curve.get("even_share"):
        ax.axhline(curve["even_share"], color="gray", linestyle="--", linewidth=1,
                   label="even share")
    ax.set_xlabel("accepted generation" if by_generation else "teacher games trained on")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # generations and games are whole
    what = "team win rate" if opponents == ["team"] else "win share"
    budget = f"{curve['seconds'] * 1000:g}ms" if curve.get("seconds") else curve["iterations"]
    ax.set_ylabel(f"{what} of baseline:{budget}")
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
    parser.add_argument("--rollout-mix", type=float, default=0.0)
    parser.add_argument("--generations", action="store_true",
                        help="the accepted generations of an expert-iteration run")
    parser.add_argument("--seconds", type=float, default=None,
                        help="the Baseline's time per decision instead of --iterations")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--replot", action="store_true",
                        help="draw the picture from the JSON beside --out, measuring nothing")
    args = parser.parse_args()
    if args.replot:
        curve = json.loads(args.out.with_suffix(".json").read_text())
    else:
        curve = measure(args.run, args.opponents, args.iterations, args.games, args.every,
                        args.threads, args.rollout_mix, args.generations, args.seconds)
        args.out.with_suffix(".json").write_text(json.dumps(curve, indent=1))
    players = curve.get("players", 0)  # older curves did not record it
    plot(curve, args.out, f"Baseline training curve: {display_name(curve['game'])}"
         + (f" ({players} players)" if players > 2 else ""))


if __name__ == "__main__":
    main()
