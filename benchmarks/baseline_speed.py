"""Baseline search speed: `python -m benchmarks.baseline_speed [--seconds S] [--states N]`.

Iterations per second of ``tb.bots.Baseline`` (PUCT with the shipped network) per game, with the
network evaluated in C++ beside the search (``native``, the default) and through numpy under
the GIL (``native=False``, one Python call per batch of 8 leaves), the native one with a playout
mixed into every leaf's value (``mix 0.5``: ``rollout_mix=0.5``, Baseline's default in the
competitive games), next to plain ISMCTS, all on one thread and the native evaluator also on
two (root-parallel trees, which the numpy evaluator would serialise on the GIL). Every search
is time-limited to ``--seconds`` and run from the same states spread along random games; the
configurations take turns state by state, so the machine's load hits them alike. Prints the
mean iterations/s and the native/numpy ratio.
"""

from __future__ import annotations

import argparse
import random

import tablebits as tb
from tablebits.bots import Baseline
from tablebits.bots.names import UNTIL_TIME_LIMIT


def states(game: tb.Game, count: int, seed: int) -> list[tuple[tb.State, int]]:
    """``count`` (state, acting player) pairs with a choice to make, along random games."""
    rng = random.Random(seed)
    out: list[tuple[tb.State, int]] = []
    state = game.new_initial_state(seed=seed)
    while len(out) < count:
        if state.is_terminal():
            state = game.new_initial_state(seed=rng.randrange(2**32))
            continue
        acting = state.acting_players() if state.is_simultaneous_node() else [
            state.current_player()]
        player = rng.choice(acting)
        if len(state.legal_actions(player)) > 1 and rng.random() < 0.3:
            out.append((state.clone(), player))
        if state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p)) if p in acting else -1
                                 for p in range(game.num_players)])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.05, help="time per search")
    parser.add_argument("--states", type=int, default=20, help="states per game")
    args = parser.parse_args()
    print(f"Baseline iterations/s, {args.seconds * 1000:g} ms per search, {args.states} states "
          "per game")
    columns = ["native", "mix 0.5", "numpy", "native x2", "ismcts"]
    print(f"{'game':<14}" + "".join(f"{c:>12}" for c in columns) + f"{'native/numpy':>14}")
    for game_id in tb.games():
        bot = Baseline(game_id)
        game, net = bot.game, bot.network
        native = net.native()
        evaluators = {"native": native, "mix 0.5": native, "numpy": net.evaluate,
                      "native x2": native, "ismcts": None}
        totals = dict.fromkeys(columns, 0.0)
        seconds = dict.fromkeys(columns, 0.0)
        for state, player in states(game, args.states, seed=1):
            for name in columns:
                result = tb.search(
                    state, player, iterations=UNTIL_TIME_LIMIT, time_limit=args.seconds,
                    evaluator=evaluators[name], threads=2 if name == "native x2" else 1,
                    relative_values=evaluators[name] is not None,
                    rollout_mix=0.5 if name == "mix 0.5" else 0.0,
                )
                totals[name] += result.iterations
                seconds[name] += result.seconds
        rate = {c: totals[c] / seconds[c] for c in columns}
        print(f"{game_id:<14}" + "".join(f"{rate[c]:>12,.0f}" for c in columns)
              + f"{rate['native'] / rate['numpy']:>14.2f}")


if __name__ == "__main__":
    main()
