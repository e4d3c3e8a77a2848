"""Fingerprints of the games this engine build plays, to compare builds and machines.

Each fingerprint is a SHA-256 over everything a seed decides in one area: the frozen
compatibility corpus replayed (tests/compat/), random games (``tb.simulate``), arenas with
ISMCTS, ISMCTS searches' root statistics (visits and the floating-point values), batch stepping
with its observations, and Baseline's searches with the shipped networks. Two builds with the
same fingerprints play the same games from the same seeds, down to the last bit of a search's
values. tests/data/same_games.json holds them as an x86-64 build computed them; the test in
tests/package/test_same_games.py compares every build with that record, and .ci/arm64 runs it
on x86-64-v2, x86-64-v3 and aarch64 (emulated).

    python -m tests.support.same_games            # prints this build's fingerprints (JSON)
    python -m tests.support.same_games --write    # records them in tests/data/same_games.json
"""

from __future__ import annotations

import gzip
import hashlib
import json
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import numpy as np

import tablebits as tb

RECORD = Path(__file__).parents[1] / "data" / "same_games.json"
CORPUS = Path(__file__).parents[1] / "compat"


def _digest(parts: Iterable[Any]) -> str:
    sha = hashlib.sha256()
    for part in parts:
        sha.update(part if isinstance(part, bytes) else repr(part).encode())
    return sha.hexdigest()


def _corpus(path: Path) -> Iterable[Any]:
    corpus = json.loads(gzip.decompress(path.read_bytes()))
    for record in corpus["states"]:
        game = tb.make(corpus["game"], **record["params"])
        state = game.state_from_bytes(bytes.fromhex(record["bytes"]))
        yield [state.legal_actions(p) for p in range(game.num_players)]
        for step in record["script"]:
            if isinstance(step, list):
                state.apply_actions(step)
            else:
                state.apply_action(step)
        yield state.to_bytes(), state.returns(), state.scores()


def _simulate(game_id: str) -> Iterable[Any]:
    r = tb.simulate(game_id, 300, seed=4, threads=1, progress=False)
    yield r.returns.tobytes(), r.scores.tobytes(), r.lengths.tobytes()


def _arena(game_id: str) -> Iterable[Any]:
    bots = [tb.bots.ISMCTS(30, exploration=0.9), tb.bots.Random()]
    r = tb.arena(game_id, bots, games=6, seed=21, threads=1)
    yield r.seats, r.returns, r.scores, r.lengths


def _acting_player(state: tb.State) -> int:
    player = state.current_player()
    return player if player >= 0 else state.acting_players()[0]


def _states(game_id: str, count: int) -> Iterable[tb.State]:
    """States along one seeded random game (a new game where it ends)."""
    game = tb.make(game_id)
    state = game.new_initial_state(seed=5)
    rng = np.random.default_rng(6)
    for i in range(count):
        while state.is_terminal():
            state = game.new_initial_state(seed=7 + i)
        yield state.clone()
        for _ in range(3):
            if state.is_terminal():
                break
            if state.is_simultaneous_node():
                state.apply_actions([int(rng.choice(a)) if (a := state.legal_actions(p)) else -1
                                     for p in range(game.num_players)])
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))


def _search(game_id: str) -> Iterable[Any]:
    for state in _states(game_id, 4):
        r = tb.search(state, _acting_player(state), iterations=300, seed=9)
        yield r.best_action, r.visits, r.values, r.principal_variation


def _baseline(game_id: str) -> Iterable[Any]:
    bot = tb.bots.Baseline(game_id, iterations=100, seed=3)
    for state in _states(game_id, 2):
        yield bot.act(state, _acting_player(state))


def _vector(game_id: str) -> Iterable[Any]:
    env = tb.VectorEnv(game_id, 16, seed=2, threads=1, observations=True)
    for _ in range(40):
        env.step(env.sample_actions())
        yield from (a.tobytes() for a in (env.current_player, env.legal, env.rewards,
                                          env.terminated, env.observations))


AREAS: dict[str, Callable[[str], Iterable[Any]]] = {
    "simulate": _simulate, "arena": _arena, "search": _search, "vector": _vector,
    "baseline": _baseline,
}


def fingerprints() -> dict[str, str]:
    """This build's fingerprints: ``corpus:<file>`` and ``<area>:<game>``."""
    out = {f"corpus:{path.name}": _digest(_corpus(path))
           for path in sorted(CORPUS.glob("*.json.gz"))}
    for game_id in tb.games():
        for area, parts in AREAS.items():
            out[f"{area}:{game_id}"] = _digest(parts(game_id))
    return out


def main(argv: list[str]) -> int:
    values = fingerprints()
    if argv == ["--write"]:
        RECORD.write_text(json.dumps(values, indent=2, sort_keys=True) + "\n")
        print(f"wrote {RECORD}")
    else:
        print(json.dumps(values, indent=2, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
