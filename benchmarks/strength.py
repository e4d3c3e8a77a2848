"""ISMCTS strength and speed for every registered game: `python -m benchmarks.strength`.

Prints three tables:

1. Strength: ISMCTS(1000) against random opponents, win share with a 95% confidence interval
   over games (seats rotate), next to the random baseline and the target. Fox Duet is
   cooperative: two ISMCTS partners against two random partners, as win rates and their ratio.
2. ISMCTS iterations per second on one thread, from initial states and averaged over states
   spread along random games.
3. Arena throughput: games/s of ISMCTS(100) against random on 2 threads.

``--quick`` runs a tenth of the games (a smoke test, not a measurement).
"""

from __future__ import annotations

import argparse
import math
import random
import time
from typing import Any

import tablebits as tb
from tablebits.stats import wilson

# (game id, params, label, target win share of one ISMCTS(1000) seat among random players)
STRENGTH = [
    ("good_fortune", {}, "good_fortune", 0.90),
    ("color_mafia", {"players": 4}, "color_mafia 4p", 0.45),
    ("hoi_pho", {"players": 4}, "hoi_pho 4p", 0.50),
]
STRENGTH_GAMES = {"good_fortune": 1000, "color_mafia": 600, "hoi_pho": 1200}
FOX_GAMES = 600
FOX_RANDOM_GAMES = 5_000_000
FOX_TARGET_RATIO = 5.0


def strength_table(threads: int, scale: float) -> None:
    print("Strength: one ISMCTS(1000) seat against random players (seats rotate)")
    print(f"{'game':<16}{'games':>7}{'win share':>11}{'95% CI':>20}{'random':>8}{'target':>8}"
          f"{'met':>5}{'seconds':>9}")
    for game_id, params, label, target in STRENGTH:
        if game_id not in tb.games():
            print(f"{label:<16}  (not registered in this build)")
            continue
        games = max(20, int(STRENGTH_GAMES[game_id] * scale))
        result = tb.arena(game_id, [tb.bots.ISMCTS(1000), tb.bots.Random()], games=games,
                          seed=2024, threads=threads, **params)
        share, lo, hi = result.win_shares()[0]
        baseline = 1.0 / tb.make(game_id, **params).num_players
        met = "yes" if lo > target else ("no" if hi < target else "?")
        print(f"{label:<16}{games:>7}{share:>11.4f}"
              f"{f'[{lo:.4f}, {hi:.4f}]':>20}{baseline:>8.2f}{target:>8.2f}"
              f"{met:>5}{result.seconds:>9.1f}")
    if "fox_duet" in tb.games():
        games = max(20, int(FOX_GAMES * scale))
        pair = tb.arena("fox_duet", [tb.bots.ISMCTS(1000)], games=games, seed=2024,
                        threads=threads)
        wins = int(round(float(pair.returns[:, 0].sum())))
        rgames = max(100_000, int(FOX_RANDOM_GAMES * scale))
        rand = tb.simulate("fox_duet", rgames, seed=2024, threads=threads)
        rwins = int(round(float(rand.returns[:, 0].sum())))
        _, lo, hi = wilson(wins, games)
        _, rlo, rhi = wilson(rwins, rgames)
        ratio = (wins / games) / (rwins / rgames) if rwins else math.inf
        worst = lo / rhi if rhi > 0 else math.inf
        print(f"{'fox_duet':<16} two ISMCTS(1000) partners win {wins}/{games} = {wins / games:.4f} "
              f"[{lo:.4f}, {hi:.4f}] in {pair.seconds:.1f} s; two random partners win "
              f"{rwins}/{rgames:,} = {rwins / rgames:.2e} [{rlo:.2e}, {rhi:.2e}]")
        print(f"{'':<16} ratio {ratio:,.0f}x (CI lower bound {worst:,.1f}x); target "
              f">= {FOX_TARGET_RATIO:g}x: {'yes' if worst >= FOX_TARGET_RATIO else 'no'}")


def spread_states(game: Any, count: int, seed: int) -> list[Any]:
    rng = random.Random(seed)
    states: list[Any] = []
    g = 0
    while len(states) < count:
        state = game.new_initial_state(seed * 100 + g)
        g += 1
        trail = []
        while not state.is_terminal():
            if len(state.legal_actions(state.acting_players()[0])) > 1:
                trail.append(state.clone())
            if state.is_simultaneous_node():
                state.apply_actions([rng.choice(a) if (a := state.legal_actions(p)) else -1
                                     for p in range(game.num_players)])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        states += rng.sample(trail, min(len(trail), 2))
    return states[:count]


def iterations_per_second(states: list[Any], iterations: int) -> float:
    start = time.perf_counter()
    for i, state in enumerate(states):
        tb.search(state, state.acting_players()[0], iterations=iterations, seed=i)
    return len(states) * iterations / (time.perf_counter() - start)


def speed_tables(scale: float) -> None:
    print("\nISMCTS iterations/s on one thread (exploration 0.7, default rollouts)")
    print(f"{'game':<28}{'initial states':>16}{'along the game':>16}")
    cases = [("good_fortune", {}), ("good_fortune", {"variant": "guess"}),
             ("color_mafia", {"players": 4}), ("fox_duet", {}), ("hoi_pho", {"players": 4})]
    for game_id, params in cases:
        if game_id not in tb.games():
            continue
        game = tb.make(game_id, **params)
        label = game_id + "".join(f" {k}={v}" for k, v in params.items())
        iters = max(2000, int(50_000 * scale))
        initial = [game.new_initial_state(s) for s in range(8)]
        initial = [s for s in initial if len(s.legal_actions(s.acting_players()[0])) > 1]
        start_rate = iterations_per_second(initial, iters)
        along = iterations_per_second(spread_states(game, 16, seed=7), iters)
        print(f"{label:<28}{start_rate:>16,.0f}{along:>16,.0f}")

    print("\nArena throughput: ISMCTS(100) vs random, 2 threads (GIL released)")
    print(f"{'game':<20}{'games':>7}{'games/s':>10}{'ISMCTS win share':>18}")
    for game_id, params in [("good_fortune", {}), ("color_mafia", {"players": 4}),
                            ("fox_duet", {}), ("hoi_pho", {"players": 4})]:
        if game_id not in tb.games():
            continue
        games = max(50, int(2000 * scale))
        result = tb.arena(game_id, [tb.bots.ISMCTS(100), tb.bots.Random()], games=games, seed=1,
                          threads=2, **params)
        label = game_id + (f" {params['players']}p" if params else "")
        print(f"{label:<20}{games:>7}{result.games_per_second:>10,.1f}"
              f"{result.win_shares()[0][0]:>18.4f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the games")
    parser.add_argument("--threads", type=int, default=None, help="strength runs; default all")
    parser.add_argument("--skip-strength", action="store_true")
    args = parser.parse_args()
    scale = 0.1 if args.quick else 1.0
    if not args.skip_strength:
        strength_table(args.threads or 2, scale)
    speed_tables(scale)


if __name__ == "__main__":
    main()
