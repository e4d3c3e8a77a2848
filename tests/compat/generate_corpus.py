"""Writes the frozen compatibility corpus: tests/compat/<game>-v<state version>.json.gz.

    python tests/compat/generate_corpus.py          # after a deliberate format change only

For every game, at least 50 varied states (every parameter set the generic tests use, depths
from the first node to the end, every node kind), each with its bytes, dict and pickle as this
version writes them, the legal actions of every player there, and a fixed action script
(random legal play to the end, seeded) with the final returns, scores and bytes.
tests/games/test_compat_corpus.py checks today's engine against these files, so a change that breaks
reading old states, or changes what a state means, fails the tests. Do not regenerate a file
to make that test pass: bump the game's kStateVersion instead (old bytes are then rejected
with a message naming both versions) and write the new version's file beside the old one.
"""

from __future__ import annotations

import base64
import gzip
import json
import pickle
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT.parents[1]))

import tablebits as tb  # noqa: E402
from tests.support.game_params import PARAM_SETS  # noqa: E402
from tests.support.helpers import random_step  # noqa: E402

STATES_PER_GAME = 60


def corpus_path(game_id: str, version: int) -> Path:
    return ROOT / f"{game_id}-v{version}.json.gz"


def state_version(state: tb.State) -> int:
    return state.to_bytes()[4]  # header: "TB", format version, game tag, state version


def legal_by_player(state: tb.State) -> list[list[int]]:
    return [state.legal_actions(p) for p in range(state.game.num_players)]


def play_script(state: tb.State, rng: random.Random) -> list[Any]:
    """Random legal play to the end: an int per sequential step, a list per joint step."""
    script: list[Any] = []
    while not state.is_terminal():
        script.append(random_step(state, state.game.num_players, rng))
    return script


def entry(params: dict[str, Any], state: tb.State, rng: random.Random) -> dict[str, Any]:
    record = {
        "params": params,
        "bytes": state.to_bytes().hex(),
        "dict": state.to_dict(),
        "pickle": base64.b64encode(pickle.dumps(state, protocol=4)).decode(),
        "current_player": state.current_player(),
        "legal": legal_by_player(state),
    }
    end = state.clone()
    record["script"] = play_script(end, rng)
    record["final"] = {
        "bytes": end.to_bytes().hex(), "returns": end.returns(), "scores": end.scores()
    }
    return record


def states_for(game_id: str) -> list[dict[str, Any]]:
    param_sets = PARAM_SETS[game_id]
    rng = random.Random(f"compat-{game_id}")
    out = []
    for i in range(STATES_PER_GAME):
        params = param_sets[i % len(param_sets)]
        game = tb.make(game_id, **params)
        state = game.new_initial_state(seed=rng.getrandbits(64))
        # Depths spread over the whole game: a full random game, then a point along it.
        length = len(play_script(state.clone(), random.Random(i)))
        depth = 0 if i % 10 == 0 else length if i % 10 == 9 else rng.randrange(length + 1)
        walk = random.Random(i)
        for _ in range(depth):
            random_step(state, game.num_players, walk)
        out.append(entry(params, state, rng))
    return out


def main() -> None:
    for game_id in tb.games():
        states = states_for(game_id)
        version = state_version(tb.make(game_id).new_initial_state(seed=0))
        path = corpus_path(game_id, version)
        text = json.dumps({"game": game_id, "state_version": version, "states": states},
                          separators=(",", ":"), sort_keys=True)
        path.write_bytes(gzip.compress(text.encode(), mtime=0))
        print(f"{path.name}: {len(states)} states, {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
