"""State bytes carry a digest of the game's parameters (byte format 2), old format-1 bytes still
read; and every state reached by legal moves from an accepted dict or byte string is itself accepted
(the Hội Phố Rabbit order)."""

from __future__ import annotations

import base64
import gzip
import json
import pickle
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tablebits as tb
from tests.support.game_params import game_cases
from tests.support.helpers import random_step

COMPAT = Path(__file__).parents[1] / "compat"


def played(game, seed: int, steps: int):
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        random_step(state, game.num_players, rng)
    return state


def other_tiles(game) -> list:
    tiles = [dict(t) if isinstance(t, dict) else list(t) for t in game.params["tiles"]]
    tiles[0], tiles[1] = tiles[1], tiles[0]
    return tiles


# Parameter changes under which the same State bytes validate but mean another game.
SIDE_A = tb.make("fox_duet").params["board"]
OTHER_PARAMS = [
    ("fox_duet", {}, {"level": 2, "board": SIDE_A}),
    ("hoi_pho", {}, {"contracts": [5, 7, 9, 11, 13, 15, 19]}),
    ("hoi_pho", {"players": 3}, {"players": 3, "max_rounds": 99}),
    ("color_mafia", {}, {"max_rounds": 99}),
]


@pytest.mark.parametrize(("game_id", "source", "target"), OTHER_PARAMS)
def test_bytes_of_other_parameters_are_refused(game_id, source, target):
    writer, reader = tb.make(game_id, **source), tb.make(game_id, **target)
    for seed in range(10):
        data = played(writer, seed, seed * 3).to_bytes()
        with pytest.raises(tb.InvalidStateError, match="other parameters"):
            reader.state_from_bytes(data)
        assert writer.state_from_bytes(data).to_bytes() == data
        state = writer.state_from_bytes(data)
        assert pickle.loads(pickle.dumps(state)) == state


def test_good_fortune_bytes_of_other_tiles_are_refused():
    # Why the digest matters: all 20 terminal states score differently under the other tiles.
    writer = tb.make("good_fortune")
    reader = tb.make("good_fortune", tiles=other_tiles(writer))
    for seed in range(20):
        end = played(writer, seed, 10_000)
        with pytest.raises(tb.InvalidStateError, match="other parameters"):
            reader.state_from_bytes(end.to_bytes())


def test_byte_format_2_layout():
    game = tb.make("fox_duet")
    data = game.new_initial_state(seed=1).to_bytes()
    assert data[:3] == b"TB\x02"
    other = tb.make("fox_duet", level=3, board=SIDE_A).new_initial_state(seed=1).to_bytes()
    assert data[5:13] != other[5:13]  # the digest differs
    assert data[:5] == other[:5] and data[13:] == other[13:]  # nothing else does
    assert game.new_initial_state(seed=2).to_bytes()[5:13] == data[5:13]


@pytest.mark.parametrize("path", sorted(COMPAT.glob("*.json.gz")), ids=lambda p: p.name)
def test_format_1_bytes_and_pickles_still_read(path):
    corpus = json.loads(gzip.decompress(path.read_bytes()))
    for record in corpus["states"][:20]:
        old = bytes.fromhex(record["bytes"])
        assert old[2] == 1
        game = tb.make(corpus["game"], **record["params"])
        state = game.state_from_bytes(old)
        assert state.to_dict() == record["dict"]
        assert pickle.loads(base64.b64decode(record["pickle"])) == state
        # Format 1 carries no digest: it is checked only by the reading game's validation.
        assert game.state_from_bytes(state.to_bytes()) == state


def test_vector_env_states_carry_the_digest():
    env = tb.VectorEnv("fox_duet", 3, threads=1, level=3, board=SIDE_A)
    data = env.state(1).to_bytes()
    with pytest.raises(tb.InvalidStateError, match="other parameters"):
        tb.make("fox_duet").state_from_bytes(data)


def test_the_issue_repro_hoi_pho_rabbit_order_after_an_early_end():
    g = tb.make("hoi_pho", players=3)
    s = g.new_initial_state(seed=1)
    r = random.Random(1)
    while (s.to_dict()["round"], s.to_dict()["turn"]) != (4, 4):
        if s.current_player() >= 0:
            s.apply_action(r.choice(s.legal_actions()))
        else:
            s.apply_actions([r.choice(s.legal_actions(p)) if p in s.acting_players() else -1
                             for p in range(3)])
    d = s.to_dict()
    d["turn"] = 2
    s = g.state_from_dict(d)  # hands of 2 on turn 2 of 4: short, as after Naga chains
    s.apply_actions([0, 0, 0])
    s.apply_actions([5, 4, 0])
    s.apply_action(1)  # a Rabbit order; the next turn finds every hand empty
    # Hand-worked: nobody can play turn 4, so the round ends at once; player 0 (25 coins, the
    # most) takes contract 13, their third, which ends the game with the order still standing.
    after = s.to_dict()
    assert (after["turn"], after["phase"], after["outcome"], after["forced"]) == (4, "over",
                                                                                  "ended", 1)
    assert after["contracts"][0] == [7, 11, 13]
    assert pickle.loads(pickle.dumps(s)) == s  # reachable, so its pickle must load
    assert g.state_from_dict(after) == s


def nudge(d: dict, rng: random.Random) -> dict:
    """``d`` with one int field (top level or in a list) moved by a small amount: the mutations
    most likely to stay accepted while contradicting the rest of the position."""
    spots = [(k, None) for k, v in d.items() if isinstance(v, int) and not isinstance(v, bool)]
    spots += [(k, i) for k, v in d.items() if isinstance(v, list)
              for i, x in enumerate(v) if isinstance(x, int) and not isinstance(x, bool)]
    if not spots:
        return d
    key, i = rng.choice(spots)
    out = json.loads(json.dumps(d))
    delta = rng.choice([-2, -1, 1, 2])
    if i is None:
        out[key] += delta
    else:
        out[key][i] += delta
    return out


@pytest.mark.parametrize(("game_id", "params"), game_cases())
@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32), depth=st.integers(0, 150), nudges=st.integers(1, 3))
def test_states_reached_from_accepted_dicts_are_accepted(game_id, params, seed, depth, nudges):
    game = tb.make(game_id, **params)
    rng = random.Random(seed)
    d = played(game, seed, depth).to_dict()
    for _ in range(nudges):
        d = nudge(d, rng)
    try:
        state = game.state_from_dict(d)
    except (ValueError, TypeError):
        return
    for _ in range(5000):
        assert game.state_from_bytes(state.to_bytes()) == state
        assert game.state_from_dict(state.to_dict()) == state
        if state.is_terminal():
            return
        random_step(state, game.num_players, rng)
    raise AssertionError("game did not end")


# Bytes of the State struct (after the 13-byte header) that no key shows: storage past a list's
# length, and reserved bytes. Offsets from the structs in csrc/tablebits/games/<g>/state.hpp.
HEADER = 13
PAST = "must be empty past its length"
SEVEN_SPACES = [{"gems": int(i != 3), "plus": False} for i in range(7)]
PAST_THE_LENGTH = [
    # (game, params, byte, stored value, message)
    # Fox Duet's gems[7] on a 7-space board
    ("fox_duet", {"board": SEVEN_SPACES}, HEADER + 28 + 7, 0, rf"gems {PAST} \(the board's length"),
    # Color Mafia's revealed[3] with 3 players (null is 0xFF)
    ("color_mafia", {"players": 3}, HEADER + 42 + 3, 0xFF, rf"revealed {PAST} \(players\)"),
    # Hội Phố's coins[4] (uint16, low byte) with 4 players
    ("hoi_pho", {"players": 4}, HEADER + 8 + 2 * 4, 0, rf"coins {PAST} \(players\)"),
    # Hội Phố's table[4] (a hook key: the game's validate checks it)
    ("hoi_pho", {"players": 4}, HEADER + 48 + 2 * 4, 0, "seats beyond the number of players"),
    # Fox Duet's reserved[0]
    ("fox_duet", {}, HEADER + 67, 0, "reserved bytes must be 0"),
]


@pytest.mark.parametrize(("game_id", "params", "byte", "stored", "message"), PAST_THE_LENGTH)
def test_bytes_no_key_shows_must_hold_their_neutral_value(game_id, params, byte, stored, message):
    game = tb.make(game_id, **params)
    data = bytearray(played(game, seed=3, steps=5).to_bytes())
    assert data[byte] == stored  # the offset still points at that storage
    game.state_from_bytes(bytes(data))
    data[byte] = 1
    with pytest.raises(tb.InvalidStateError, match=message):
        game.state_from_bytes(bytes(data))
