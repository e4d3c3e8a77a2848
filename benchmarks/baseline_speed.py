"""Baseline search speed: `python -m benchmarks.baseline_speed [--seconds S] [--states N]`.

Iterations per second of ``tb.bots.Baseline`` (PUCT with the shipped network) per game, with the
network evaluated in C++ beside the search (``native``, the default) and through numpy under the
GIL (``native=False``, one Python call per batch of 8 leaves), the native one with a playout
mixed into every leaf's value (``mix 0.5``: ``rollout_mix=0.5``, Baseline's default in the
competitive games; ``+1 visit``: the same with ``playout_visits=1``, a new node valued by its
playout alone until its second visit), next to plain ISMCTS, all on one thread and the native
evaluator also on two (root-parallel trees, which the numpy evaluator would serialise on the
GIL). Every search is time-limited to ``--seconds`` and run from the same states spread along
random games; the configurations take turns state by state, so the machine's load hits them
alike. Prints the mean iterations/s, the native/numpy ratio and ``baseline/ismcts``: per state,
the iterations of Baseline as it plays by default (``mix 0.5`` in the competitive games,
``native`` in Fox Duet) against ISMCTS's, the median over the states. The mean rates weigh the
late states most, where both searches run fastest and Baseline keeps up best; the median says
what a decision gets. ``+1/ismcts`` is the same median for ``+1 visit``.

Then the network's forward pass alone, per game: the leaves Baseline's searches from those
states send to the evaluator, recorded, then evaluated in their order 256 rows per call (so the
C++ kernel groups them four by four much as the search's batches of 8 do), each call the best
of ``--repeats``, with its rows in the cache as a search's batch is. Columns:

- ``MACs/leaf``: the dense multiply-adds of one leaf, the sum of in x out over the layers, both
  heads included;
- ``nonzero``: the share of them the kernel performs, those whose input is non-zero in some row
  of its group of four (it skips the others; computed here with numpy on the same leaves);
- ``GFLOP/s``: the performed multiply-adds x 2 per second;
- ``of peak``: that against the core's FMA peak, clock x 2 FMA units x 8 float lanes (256-bit
  AVX2) x 2 flops (a multiply-add counts two), which assumes a core that issues two 256-bit FMAs
  per cycle, as the big cores of Intel since Haswell and of AMD since Zen 2 do. The x86-64-v2
  build has no FMA and 128-bit vectors: two 4-lane multiplies and two adds per cycle at best,
  half that peak;
- ``dense/peak``: the dense multiply-adds x 2 per second against the peak, which is what a
  kernel that multiplies every zero would have to reach to match; above 1 when zeros are skipped.

The clock is measured (``bench_network clock`` from csrc/tests/bench_network.cpp, built as the
gate builds it: a chain of dependent additions runs one per cycle, the best of 300 short runs),
turbo included, or given with ``--ghz``. The build measured is the one the engine loads
(``tablebits._build_info.ARCH``; ``TABLEBITS_ENGINE=x86-64-v2`` picks the v2 build of a portable
install).
"""

from __future__ import annotations

import argparse
import random
import subprocess
import time

import numpy as np

import tablebits as tb
from benchmarks import gate
from tablebits import _build_info
from tablebits._core import NetworkEvaluator
from tablebits.bots import Baseline, weights
from tablebits.bots.names import UNTIL_TIME_LIMIT

GROUP = 4  # rows the C++ kernel evaluates together (core/mlp.hpp kGroup)
CHUNK = 64 * GROUP  # rows per timed evaluation


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


def leaves(bot: Baseline, positions: list[tuple[tb.State, int]],
           iterations: int) -> tuple[np.ndarray, np.ndarray]:
    """The observations and masks Baseline's searches from ``positions`` evaluate, in order."""
    obs: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    network = bot.network

    def recording(o: np.ndarray, m: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        obs.append(np.array(o, np.float32))
        masks.append(np.array(m, bool))
        return network.evaluate(o, m)

    for state, player in positions:
        tb.search(state, player, iterations=iterations, evaluator=recording,
                  relative_values=True, seed=1)
    return np.concatenate(obs), np.concatenate(masks)


def multiply_adds(network: weights.Network, obs: np.ndarray) -> tuple[int, float]:
    """The dense multiply-adds per leaf, and the share of them whose input is non-zero in some
    row of its group of GROUP (the last group may be smaller), over the rows ``obs``."""
    dense = performed = 0
    x = obs
    rows = np.bincount(np.arange(len(obs)) // GROUP)
    for w, b in [*network.hidden, (np.hstack([network.policy[0], network.value[0]]), None)]:
        dense += w.shape[0] * w.shape[1]
        padded = np.pad(x != 0, ((0, -len(x) % GROUP), (0, 0)))  # rows of zeros add no input
        nonzero = padded.reshape(len(rows), GROUP, -1).any(axis=1).sum(axis=1)
        performed += int((nonzero * rows).sum()) * w.shape[1]
        if b is not None:
            x = np.maximum(x @ w + b, 0.0)
    return dense, performed / (dense * len(obs))


def forward_seconds(native: NetworkEvaluator, obs: np.ndarray, masks: np.ndarray,
                    repeats: int) -> float:
    """The time of native evaluations of all the rows, CHUNK rows per call, each chunk's best
    of ``repeats`` (the machine's other work only ever slows a run down). A chunk stays in the
    cache from one repeat to the next, as a search's batch is in the cache when it is evaluated,
    so its observations are not read from memory."""
    total = 0.0
    for start in range(0, len(obs), CHUNK):
        o, m = obs[start:start + CHUNK], masks[start:start + CHUNK]
        best = float("inf")
        for _ in range(repeats):
            began = time.perf_counter()
            native.evaluate(o, m)
            best = min(best, time.perf_counter() - began)
        total += best
    return total


def clock_ghz() -> float:
    """The core's clock, measured by the benchmark driver (built for the installed engine)."""
    gate.build_bench((gate.NETWORK_BINARY,))
    out = subprocess.run([str(gate.NETWORK_BINARY), "clock"], capture_output=True, text=True,
                         check=True)
    return float(out.stdout)


def forward_table(positions: dict[str, list[tuple[tb.State, int]]], ghz: float,
                  repeats: int) -> None:
    peak = ghz * 2 * 8 * 2
    print(f"\nNetwork forward pass ({_build_info.ARCH} build), the leaves of 200-iteration "
          f"searches from those states, {CHUNK} per call, best of {repeats}\n"
          f"peak {peak:.0f} GFLOP/s = clock {ghz:.2f} GHz x 2 FMA units x 8 lanes x 2 flops")
    columns = ["MACs/leaf", "nonzero", "ns/leaf", "GFLOP/s", "of peak", "dense/peak"]
    print(f"{'game':<14}{'leaves':>8}" + "".join(f"{c:>12}" for c in columns))
    for game_id, states_of_game in positions.items():
        bot = Baseline(game_id)
        obs, masks = leaves(bot, states_of_game, iterations=200)
        dense, share = multiply_adds(bot.network, obs)
        seconds = forward_seconds(bot.network.native(), obs, masks, repeats) / len(obs)
        flops = 2 * dense * share / seconds / 1e9
        print(f"{game_id:<14}{len(obs):>8}{dense:>12,}{share:>12.2f}{seconds * 1e9:>12.0f}"
              f"{flops:>12.1f}{flops / peak:>12.2f}{flops / share / peak:>12.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.05, help="time per search")
    parser.add_argument("--states", type=int, default=20, help="states per game")
    parser.add_argument("--ghz", type=float, help="the core's clock (default: measured)")
    parser.add_argument("--repeats", type=int, default=50, help="timings per forward-pass call")
    args = parser.parse_args()
    ghz = args.ghz or clock_ghz()
    positions: dict[str, list[tuple[tb.State, int]]] = {}
    print(f"Baseline iterations/s, {args.seconds * 1000:g} ms per search, {args.states} states "
          "per game")
    columns = ["native", "mix 0.5", "+1 visit", "numpy", "native x2", "ismcts"]
    print(f"{'game':<14}" + "".join(f"{c:>12}" for c in columns) + f"{'native/numpy':>14}"
          + f"{'baseline/ismcts':>17}{'+1/ismcts':>11}")
    for game_id in tb.games():
        bot = Baseline(game_id)
        game, net = bot.game, bot.network
        native = net.native()
        evaluators = {"native": native, "mix 0.5": native, "+1 visit": native,
                      "numpy": net.evaluate, "native x2": native, "ismcts": None}
        totals = dict.fromkeys(columns, 0.0)
        seconds = dict.fromkeys(columns, 0.0)
        positions[game_id] = states(game, args.states, seed=1)
        played = "native" if net.rollout_mix == 0 else "mix 0.5"  # as Baseline plays the game
        # Baseline's iterations / ISMCTS's, state by state: as it plays, and with a playout visit.
        ratios: dict[str, list[float]] = {played: [], "+1 visit": []}
        for state, player in positions[game_id]:
            done = {}
            for name in columns:
                result = tb.search(
                    state, player, iterations=UNTIL_TIME_LIMIT, time_limit=args.seconds,
                    evaluator=evaluators[name], threads=2 if name == "native x2" else 1,
                    relative_values=evaluators[name] is not None,
                    rollout_mix=0.5 if name in ("mix 0.5", "+1 visit") else 0.0,
                    playout_visits=1 if name == "+1 visit" else 0,
                )
                totals[name] += result.iterations
                seconds[name] += result.seconds
                done[name] = result.iterations / result.seconds
            for name, per_state in ratios.items():
                per_state.append(done[name] / done["ismcts"])
        rate = {c: totals[c] / seconds[c] for c in columns}
        print(f"{game_id:<14}" + "".join(f"{rate[c]:>12,.0f}" for c in columns)
              + f"{rate['native'] / rate['numpy']:>14.2f}"
              + f"{np.median(ratios[played]):>17.2f}{np.median(ratios['+1 visit']):>11.2f}")
    forward_table(positions, ghz, args.repeats)


if __name__ == "__main__":
    main()
