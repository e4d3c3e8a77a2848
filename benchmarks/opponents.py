"""Opponents inside the batched env: `python -m benchmarks.opponents [--quick] [--random-only]`.

Prints two tables:

1. Random opponents: learner env-steps/s of ``VectorGameEnv`` (4,096 envs, 2 threads,
   random learner moves drawn before the timer) for every game, next to raw ``VectorEnv.step``
   measured in turn with it (so a load change on the machine hits both alike). ``--random-only``
   prints only this table and runs with any tablebits build, so the same command measures the
   env before and after a change.
2. ``ismcts:50`` opponents, 64 envs: learner steps/s of ``VectorGameEnv(opponents="ismcts:50")``
   on 1 and 2 threads against one Python thread stepping 64 object-API states and calling
   ``ISMCTS(50).act`` for every opponent move (the loop a user writes without the option).
   Both play the same kind of games: random learner moves, the bot everywhere else.

``--instructions`` counts, instead of the first table's timings, the instructions (callgrind,
as ``benchmarks.gate`` does) per learner env-step of ``VectorGameEnv`` with random opponents
(1,024 envs, 1 thread, the Python around the C++ included): a measure a loaded machine does not
disturb, to compare builds with. ``--cpu-time`` measures the same loop's CPU time per learner
env-step instead (the median of 5 runs, each net of a run without steps), which a loaded
machine disturbs less than wall time on 2 threads.

``--quick`` shortens every measurement (a smoke test, not a measurement).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time

import numpy as np

import tablebits as tb
from tablebits.gymnasium import VectorGameEnv

from .gate import callgrind

SEARCH_GAMES: list[tuple[str, dict]] = [("good_fortune", {}), ("hoi_pho", {"players": 3})]


def random_table(seconds: float, num_envs: int = 4096, threads: int = 2) -> None:
    print(f"Random opponents: learner env-steps/s, {num_envs} envs, {threads} threads")
    print(f"{'game':<14}{'VectorGameEnv':>16}{'raw VectorEnv.step':>20}{'ratio':>8}")
    rng = np.random.default_rng(0)
    for game_id in tb.games():
        raw = tb.VectorEnv(game_id, num_envs, seed=1, threads=threads, observations=True)
        vec = VectorGameEnv(game_id, num_envs, seed=1, threads=threads)
        mask = vec.reset()[1]["action_mask"]
        times, steps = [0.0, 0.0], 0
        while min(times) < seconds:
            actions = raw.sample_actions()
            start = time.perf_counter()
            raw.step(actions)
            times[0] += time.perf_counter() - start
            chosen = (rng.random(mask.shape) * mask).argmax(axis=1)
            start = time.perf_counter()
            mask = vec.step(chosen)[4]["action_mask"]
            times[1] += time.perf_counter() - start
            steps += 1
        raw_rate, vec_rate = (steps * num_envs / t for t in times)
        print(f"{game_id:<14}{vec_rate:>16,.0f}{raw_rate:>20,.0f}{vec_rate / raw_rate:>8.3f}")


STEP_LOOP = """
import sys, numpy as np
from tablebits.gymnasium import VectorGameEnv
env = VectorGameEnv(sys.argv[1], 1024, seed=1, threads=1)
mask = env.reset()[1]["action_mask"]
rng = np.random.default_rng(0)
for _ in range(int(sys.argv[2])):
    mask = env.step((rng.random(mask.shape) * mask).argmax(axis=1))[4]["action_mask"]
"""


def instruction_table(steps: int) -> None:
    print("Random opponents: instructions per learner env-step, 1,024 envs, 1 thread")
    for game_id in tb.games():
        cmd = [sys.executable, "-c", STEP_LOOP, game_id]
        base, _ = callgrind([*cmd, "0"])
        total, _ = callgrind([*cmd, str(steps)])
        print(f"{game_id:<14}{(total - base) / (steps * 1024):>12,.0f}")


def child_seconds(command: list[str]) -> float:
    """The CPU time ``command`` takes, run as a child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def cpu_time_table(steps: int, runs: int = 5) -> None:
    print("Random opponents: CPU ns per learner env-step, 1,024 envs, 1 thread "
          f"(median of {runs} runs)")
    for game_id in tb.games():
        cmd = [sys.executable, "-c", STEP_LOOP, game_id]
        net = [child_seconds([*cmd, str(steps)]) - child_seconds([*cmd, "0"])
               for _ in range(runs)]
        print(f"{game_id:<14}{statistics.median(net) / (steps * 1024) * 1e9:>12,.0f}")


def python_loop_rate(game_id: str, params: dict, num_envs: int, seconds: float) -> float:
    """Learner steps/s of one Python thread: ``num_envs`` states, random learner moves at seat
    0, ``ISMCTS(50).act`` for every other move."""
    game = tb.make(game_id, **params)
    bot = tb.bots.ISMCTS(50, seed=None)
    rng = np.random.default_rng(0)
    seeds = iter(range(10**9))

    def opponents(state: tb.State) -> tb.State:
        while not state.is_terminal() and not state.legal_actions(0):
            if state.is_simultaneous_node():
                state.apply_actions([bot.act(state, p) if state.legal_actions(p) else -1
                                     for p in range(game.num_players)])
            else:
                state.apply_action(bot.act(state, state.current_player()))
        if state.is_terminal():
            return opponents(game.new_initial_state(seed=next(seeds)))
        return state

    states = [opponents(game.new_initial_state(seed=next(seeds))) for _ in range(num_envs)]
    steps, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for i, state in enumerate(states):
            legal = state.legal_actions(0)
            move = legal[int(rng.integers(len(legal)))]
            if state.is_simultaneous_node():
                state.apply_actions([move if p == 0 else bot.act(state, p)
                                     if state.legal_actions(p) else -1
                                     for p in range(game.num_players)])
            else:
                state.apply_action(move)
            states[i] = opponents(state)
        steps += num_envs
    return steps / elapsed


def env_rate(game_id: str, params: dict, num_envs: int, threads: int, seconds: float) -> float:
    env = VectorGameEnv(game_id, num_envs, seed=1, threads=threads, opponents="ismcts:50",
                        **params)
    rng = np.random.default_rng(0)
    mask = env.reset()[1]["action_mask"]
    steps, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        chosen = (rng.random(mask.shape) * mask).argmax(axis=1)
        mask = env.step(chosen)[4]["action_mask"]
        steps += num_envs
    return steps / elapsed


def search_table(seconds: float, num_envs: int = 64) -> None:
    print(f"\nismcts:50 opponents: learner steps/s, {num_envs} envs")
    print(f"{'game':<14}{'Python loop, 1 thread':>23}{'env, 1 thread':>16}"
          f"{'env, 2 threads':>16}{'2 threads / loop':>18}")
    for game_id, params in SEARCH_GAMES:
        loop = python_loop_rate(game_id, params, num_envs, seconds)
        one = env_rate(game_id, params, num_envs, 1, seconds)
        two = env_rate(game_id, params, num_envs, 2, seconds)
        print(f"{game_id:<14}{loop:>23,.1f}{one:>16,.1f}{two:>16,.1f}{two / loop:>17.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke test, not a measurement")
    parser.add_argument("--random-only", action="store_true",
                        help="only the random-opponent table (runs on older builds too)")
    parser.add_argument("--instructions", action="store_true",
                        help="instruction counts instead of the random-opponent timings")
    parser.add_argument("--cpu-time", action="store_true",
                        help="CPU time on 1 thread instead of the random-opponent timings")
    args = parser.parse_args()
    seconds = 0.3 if args.quick else 5.0
    if args.instructions:
        instruction_table(5 if args.quick else 40)
    elif args.cpu_time:
        cpu_time_table(20 if args.quick else 400)
    else:
        random_table(seconds)
    if not args.random_only:
        search_table(seconds * 2)


if __name__ == "__main__":
    main()
