"""Mutated-pickle fuzzing: pickles of real games and states, corrupted, must load cleanly or fail.

    python csrc/fuzz/fuzz_pickles.py                 # 10^5 inputs per game (5-8 CPU-min each)
    python csrc/fuzz/fuzz_pickles.py --game hoi_pho  # one game (run several at once)
    python csrc/fuzz/fuzz_pickles.py --inputs 1500   # tests/api/test_pickle.py's smoke

Each game runs in its own child process, so a crash (a segfault, say, from an object that
never got its state from __setstate__) shows as the child's death by a signal, with the input
that killed it saved next to the report. An input passes when ``pickle.loads`` raises an
``Exception`` or returns objects whose every method answers or raises ValueError/TypeError; a
State it returns must play to the end. Mutations: 1-4 bytes overwritten, a byte inserted or
deleted, the pickle cut short; over every protocol (0-5).
"""

from __future__ import annotations

import argparse
import contextlib
import pickle
import random
import resource
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

#: The child's address-space cap (bytes): far above what loading a real pickle needs.
MEMORY_CAP = 4 << 30


def samples(game_id: str, rng: random.Random) -> list[bytes]:
    """Pickles of the game and of states at random depths, in every protocol."""
    import tablebits as tb

    game = tb.make(game_id)
    out = []
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        out.append(pickle.dumps(game, protocol))
        state = game.new_initial_state(seed=rng.getrandbits(32))
        for _ in range(rng.randrange(40)):
            if state.is_terminal():
                break
            step(state, rng)
        out.append(pickle.dumps(state, protocol))
        out.append(pickle.dumps([state, game], protocol))
    return out


def step(state: Any, rng: random.Random) -> None:
    """One uniformly random legal move (a joint one at a simultaneous node)."""
    if state.is_simultaneous_node():
        acting = state.acting_players()
        n = state.game.num_players
        state.apply_actions(
            [rng.choice(state.legal_actions(p)) if p in acting else -1 for p in range(n)]
        )
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def mutate(data: bytes, rng: random.Random) -> bytes:
    raw = bytearray(data)
    kind = rng.randrange(4)
    if kind == 0:
        for _ in range(rng.randint(1, 4)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
    elif kind == 1:
        raw.insert(rng.randrange(len(raw) + 1), rng.randrange(256))
    elif kind == 2:
        del raw[rng.randrange(len(raw))]
    else:
        del raw[rng.randrange(len(raw)) :]
    return bytes(raw)


def exercise(obj: Any, rng: random.Random) -> None:
    """Calls what a user would call on whatever loads; only ValueError/TypeError may come out."""
    import tablebits as tb

    objects = obj if isinstance(obj, list) else [obj]
    for item in objects:
        if isinstance(item, tb.Game):
            calls = [lambda g=item: g.new_initial_state(seed=1), lambda g=item: g.params,
                     lambda g=item: pickle.dumps(g, 0)]
        elif isinstance(item, tb.State):
            calls = [lambda s=item: s.observation_string(0), lambda s=item: s.to_bytes(),
                     lambda s=item: s.legal_actions(0), lambda s=item: s.to_dict(),
                     lambda s=item: pickle.dumps(s, 1)]
        else:
            continue
        for call in calls:
            with contextlib.suppress(ValueError, TypeError):
                call()
        if isinstance(item, tb.State):
            try:
                item.current_player()
            except TypeError:
                continue  # an object never set up refuses every call
            for _ in range(5000):
                if item.is_terminal():
                    break
                step(item, rng)


def fuzz(game_id: str, inputs: int, seed: int, crash_file: Path) -> int:
    """Runs ``inputs`` mutated pickles of ``game_id``; returns how many loaded."""
    rng = random.Random(seed)
    pool = samples(game_id, rng)
    loaded = 0
    for _ in range(inputs):
        data = mutate(rng.choice(pool), rng)
        crash_file.write_bytes(data)  # left behind only if this input kills the process
        try:
            obj = pickle.loads(data)
        except Exception:  # noqa: BLE001 - any Python error is a clean refusal
            continue
        loaded += 1
        exercise(obj, rng)
    crash_file.unlink()
    return loaded


def run_all(inputs: int, seed: int, games: list[str]) -> list[str]:
    """Fuzzes each game in a child process; the failures (crashes, bad errors) as text."""
    failures = []
    for game_id in games:
        with tempfile.TemporaryDirectory() as tmp:
            crash = Path(tmp) / "input.pickle"
            child = subprocess.run(
                [sys.executable, __file__, "--child", game_id, "--inputs", str(inputs),
                 "--seed", str(seed), "--crash-file", str(crash)],
                capture_output=True, text=True,
            )
            if child.returncode != 0:
                kept = Path(f"pickle-crash-{game_id}.bin")
                if crash.exists():
                    kept.write_bytes(crash.read_bytes())
                failures.append(f"{game_id}: exit {child.returncode}, input saved to {kept}\n"
                                f"{child.stderr[-2000:]}")
            else:
                print(child.stdout.strip())
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=100_000, help="mutated pickles per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", default=None, help="default: every game")
    parser.add_argument("--child", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--crash-file", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        # A mutated LONG_BINPUT can ask CPython's unpickler for a memo of ~10^9 entries before
        # any tablebits code runs; with the address space capped that is a MemoryError (a clean
        # failure) instead of the kernel's OOM kill, which would pass for a crash.
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))
        loaded = fuzz(args.child, args.inputs, args.seed, Path(args.crash_file))
        print(f"{args.child}: {args.inputs} mutated pickles, {loaded} loaded, 0 crashes")
        return 0
    import tablebits as tb

    failures = run_all(args.inputs, args.seed, args.game or tb.games())
    for failure in failures:
        print(failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
