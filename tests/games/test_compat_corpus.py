"""The frozen compatibility corpus (tests/compat/, written by tests/compat/generate_corpus.py).

States written by earlier builds must still read back, from bytes, dicts and pickles, to the
same position: same legal actions, and the same final result under the same action script.
A state version change rejects old bytes with a message naming both versions (no migration).
"""

from __future__ import annotations

import base64
import gzip
import json
import pickle
from pathlib import Path
from typing import Any

import pytest

import tablebits as tb

CORPUS = Path(__file__).parents[1] / "compat"
FILES = sorted(CORPUS.glob("*.json.gz"))


def load(path: Path) -> dict[str, Any]:
    return json.loads(gzip.decompress(path.read_bytes()))


def test_every_game_and_current_version_has_a_corpus() -> None:
    have = {(c["game"], c["state_version"]) for c in map(load, FILES)}
    for game_id in tb.games():
        version = tb.make(game_id).new_initial_state(seed=0).to_bytes()[4]
        assert (game_id, version) in have, f"no frozen corpus for {game_id} state version {version}"


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_corpus_is_varied(path: Path) -> None:
    states = load(path)["states"]
    assert len(states) >= 50
    kinds = {s["current_player"] for s in states}
    assert tb.TERMINAL in kinds and kinds - {tb.TERMINAL}  # finished and live positions
    assert len({json.dumps(s["params"], sort_keys=True) for s in states}) >= 2
    assert any(s["script"] for s in states) and any(not s["script"] for s in states)
    assert len({s["bytes"] for s in states}) == len(states)


def replay(state: tb.State, script: list[Any]) -> tb.State:
    for step in script:
        if isinstance(step, list):
            state.apply_actions(step)
        else:
            state.apply_action(step)
    return state


def same_state(current: bytes, frozen_hex: str) -> bool:
    """Whether ``current`` (today's byte format) holds the state of ``frozen_hex``. The corpus
    holds byte-format 1 (a 5-byte header); format 2 writes the same magic, game tag, state
    version and state bytes, with an 8-byte parameter digest after the header's fifth byte."""
    frozen = bytes.fromhex(frozen_hex)
    if frozen[2] != 1:
        return current == frozen
    return (current[:5] == frozen[:2] + b"\x02" + frozen[3:5] and len(current) == len(frozen) + 8
            and current[13:] == frozen[5:])


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_frozen_states_read_back_and_play_the_same(path: Path) -> None:
    corpus = load(path)
    game_id = corpus["game"]
    for i, record in enumerate(corpus["states"]):
        game = tb.make(game_id, **record["params"])
        from_bytes = game.state_from_bytes(bytes.fromhex(record["bytes"]))
        from_dict = game.state_from_dict(record["dict"])
        from_pickle = pickle.loads(base64.b64decode(record["pickle"]))
        where = f"{path.name} state {i}"
        assert from_dict == from_bytes and from_pickle == from_bytes, where
        assert same_state(from_bytes.to_bytes(), record["bytes"]), where
        assert from_bytes.to_dict() == record["dict"], where
        assert from_bytes.current_player() == record["current_player"], where
        legal = [from_bytes.legal_actions(p) for p in range(game.num_players)]
        assert legal == record["legal"], where
        for start in (from_bytes, from_dict, from_pickle):
            end = replay(start, record["script"])
            assert end.is_terminal(), where
            assert same_state(end.to_bytes(), record["final"]["bytes"]), where
            assert end.returns() == record["final"]["returns"], where
            assert end.scores() == record["final"]["scores"], where


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_other_state_versions_are_rejected_naming_the_version(path: Path) -> None:
    corpus = load(path)
    record = corpus["states"][0]
    game = tb.make(corpus["game"], **record["params"])
    raw = bytearray.fromhex(record["bytes"])
    version = corpus["state_version"]
    for other in (version - 1, version + 1):
        raw[4] = other % 256
        with pytest.raises(ValueError, match=f"state version {other % 256} is not supported.*"
                                             f"reads state version {version} only"):
            game.state_from_bytes(bytes(raw))
