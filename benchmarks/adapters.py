"""Throughput through the ecosystem adapters, in one run: `python -m benchmarks.adapters`.

Prints two tables:

1. Decisions per second of one Python loop playing random legal moves (chosen the same way
   everywhere: uniformly among the legal ids) through the object API, the PettingZoo AEC and
   Parallel envs, the Gymnasium single-seat env (counting the learner's steps; the bots' moves
   happen inside them) and the OpenSpiel state, for every game.
2. The Gymnasium vector env against raw ``VectorEnv.step`` at 4,096 envs (observations on,
   2 threads): env-steps/s of each, timing the step calls only (actions are drawn before the
   timer: ``sample_actions`` for the raw env, a masked argmax for the vector env), with the
   vector env returning copies (the default) and its buffers (``copy=False``). One vector env
   step is one learner decision: the learner's move plus the other seats' moves until it must
   act again, so the table also gives a random game's length and the learner's share of it.

``--quick`` shortens every measurement (a smoke test, not a measurement).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

import tablebits as tb

# Every game at its defaults (the first of its example parameter sets, kExampleParams).
GAMES: list[tuple[str, dict]] = [(game_id, {}) for game_id in tb.games()]


def rate(step: Callable[[], int], seconds: float) -> float:
    """Calls ``step`` (returning the decisions it made) for about ``seconds``: decisions/s."""
    done, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        done += step()
    return done / elapsed


def object_api(game_id: str, params: dict, rng: random.Random) -> Callable[[], int]:
    game = tb.make(game_id, **params)

    def one_game() -> int:
        state, n = game.new_initial_state(rng.randrange(2**32)), 0
        while not state.is_terminal():
            if state.is_simultaneous_node():
                state.apply_actions([rng.choice(state.legal_actions(p)) if state.legal_actions(p)
                                     else -1 for p in range(game.num_players)])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            n += 1
        return n

    return one_game


def pettingzoo_aec(game_id: str, params: dict, rng: random.Random) -> Callable[[], int]:
    from tablebits.pettingzoo import env

    e = env(game_id, **params)

    def one_game() -> int:
        e.reset(seed=rng.randrange(2**32))
        n = 0
        for _ in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            e.step(None if term or trunc else rng.choice(np.flatnonzero(obs["action_mask"])))
            n += 1
        return n

    return one_game


def pettingzoo_parallel(game_id: str, params: dict, rng: random.Random) -> Callable[[], int]:
    from tablebits.pettingzoo import parallel_env

    e = parallel_env(game_id, **params)

    def one_game() -> int:
        obs, _ = e.reset(seed=rng.randrange(2**32))
        n = 0
        while e.agents:
            acts = {a: rng.choice(np.flatnonzero(o["action_mask"]))
                    for a, o in obs.items() if o["action_mask"].any()}
            obs, *_ = e.step(acts)
            n += 1
        return n

    return one_game


def gymnasium_env(game_id: str, params: dict, rng: random.Random) -> Callable[[], int]:
    from tablebits.gymnasium import GameEnv

    e = GameEnv(game_id, **params)

    def one_game() -> int:
        _, info = e.reset(seed=rng.randrange(2**32))
        n, over = 0, False
        while not over:
            _, _, term, trunc, info = e.step(rng.choice(np.flatnonzero(info["action_mask"])))
            over, n = term or trunc, n + 1
        return n

    return one_game


def openspiel_state(game_id: str, params: dict, rng: random.Random) -> Callable[[], int]:
    from tablebits.openspiel import load_game

    game = load_game(game_id, rng_seed=rng.randrange(2**31), **params)

    def one_game() -> int:
        state, n = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_simultaneous_node():
                state.apply_actions([rng.choice(state.legal_actions(p)) if state.legal_actions(p)
                                     else 0 for p in range(game.num_players())])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            n += 1
        return n

    return one_game


LOOPS = [
    ("object API", object_api),
    ("PZ AEC", pettingzoo_aec),
    ("PZ Parallel", pettingzoo_parallel),
    ("Gym (learner)", gymnasium_env),
    ("OpenSpiel", openspiel_state),
]


def adapter_table(seconds: float) -> None:
    print("Decisions/s of a Python random-play loop (1 thread); ratio to the object API")
    print(f"{'game':<14}" + "".join(f"{name:>20}" for name, _ in LOOPS))
    for game_id, params in GAMES:
        rates = [rate(make(game_id, params, random.Random(0)), seconds) for _, make in LOOPS]
        cells = [f"{rates[0]:>20,.0f}"] + [
            f"{r:>11,.0f} ({r / rates[0]:.2f}x)" for r in rates[1:]
        ]
        print(f"{game_id:<14}" + "".join(cells))


def vector_table(seconds: float, num_envs: int = 4096, threads: int = 2) -> None:
    from tablebits.gymnasium import VectorGameEnv

    print(f"\nVector env vs raw VectorEnv.step, {num_envs} envs, {threads} threads, "
          "observations on")
    print(f"{'':<14}{'':>14}{'vector env steps/s (ratio to raw)':>38}")
    print(f"{'game':<14}{'raw steps/s':>14}{'copy=True':>19}{'copy=False':>19}"
          f"{'game steps/game':>17}{'learner steps/game':>20}")
    rng = np.random.default_rng(0)
    for game_id, params in GAMES:
        # The three envs step in turn, so a load change on the machine hits them alike.
        raw = tb.VectorEnv(game_id, num_envs, seed=1, threads=threads, observations=True,
                           **params)
        vecs = [VectorGameEnv(game_id, num_envs, seat=0, seed=1, threads=threads, copy=copy,
                              **params) for copy in (True, False)]
        masks = [vec.reset()[1]["action_mask"] for vec in vecs]
        times, steps, games = [0.0, 0.0, 0.0], 0, 0
        while min(times) < seconds:
            actions = raw.sample_actions()
            start = time.perf_counter()
            raw.step(actions)
            times[0] += time.perf_counter() - start
            for k, vec in enumerate(vecs):
                chosen = (rng.random(masks[k].shape) * masks[k]).argmax(axis=1)
                start = time.perf_counter()
                _, _, term, trunc, info = vec.step(chosen)
                times[k + 1] += time.perf_counter() - start
                masks[k] = info["action_mask"]
            games += int((term | trunc).sum())
            steps += 1
        raw_rate, *rates = (steps * num_envs / t for t in times)
        # What one vector step stands for: a random game's length in game steps (each
        # apply/apply_actions) against the learner's decisions in a game.
        length = tb.simulate(game_id, 2000, seed=3, threads=threads, **params).lengths.mean()
        print(f"{game_id:<14}{raw_rate:>14,.0f}{rates[0]:>12,.0f}{rates[0] / raw_rate:>7.2f}"
              f"{rates[1]:>12,.0f}{rates[1] / raw_rate:>7.2f}"
              f"{length:>17.1f}{steps * num_envs / max(games, 1):>20.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke test, not a measurement")
    args = parser.parse_args()
    seconds = 0.2 if args.quick else 2.0
    adapter_table(seconds)
    vector_table(seconds)


if __name__ == "__main__":
    main()
