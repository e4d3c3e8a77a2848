"""Bad input from Python never crashes and never corrupts: property-based tests (hypothesis).

Every entry point that takes outside data, the private array module's included, is fed random
and mutated input; the only allowed failures are ValueError and TypeError, a failed call leaves
the state unchanged, and anything accepted is a playable state.
"""

from __future__ import annotations

import contextlib
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tablebits as tb
from tablebits import _batch
from tests.support.game_params import game_cases
from tests.support.halves import two_halves
from tests.support.helpers import random_step

FUZZ = settings(max_examples=75, deadline=None, suppress_health_check=list(HealthCheck))


@pytest.fixture(autouse=True, params=two_halves(range(2), id="examples"))
def _twice(request: pytest.FixtureRequest) -> None:
    """Every test here runs twice, each time drawing its own FUZZ examples: once by default,
    once more under ``-m heavy``."""

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=6)
    ),
    max_leaves=20,
)
anything = json_values | st.binary(max_size=40) | st.tuples(st.integers(), st.text())


def play_out(game, state, seed=0):
    """A state that was accepted must play to the end under random moves, and every state it
    reaches must be accepted too (an accepted dict must not lead to a state its bytes cannot
    say)."""
    rng = random.Random(seed)
    for _ in range(5000):
        if state.is_terminal():
            state.returns()
            return
        random_step(state, game.num_players, rng)
        assert game.state_from_bytes(state.to_bytes()) == state
    raise AssertionError("game did not end")


def sample_states(game, count=6, seed=0):
    """States from random playouts, at random depths."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        s = game.new_initial_state(rng.getrandbits(64))
        for _ in range(rng.randrange(60)):
            if s.is_terminal():
                break
            random_step(s, game.num_players, rng)
        out.append(s)
    return out


def mutate(value, rng: random.Random, replacement):
    """`value` (a JSON-like tree) with one random node replaced by `replacement`."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(list(value))
        return {**value, key: mutate(value[key], rng, replacement)}
    if isinstance(value, list) and value and rng.random() < 0.8:
        i = rng.randrange(len(value))
        return [*value[:i], mutate(value[i], rng, replacement), *value[i + 1 :]]
    return replacement


@pytest.mark.parametrize(("game_id", "params"), game_cases())
@FUZZ
@given(data=st.binary(max_size=200))
def test_random_bytes(game_id, params, data):
    game = tb.make(game_id, **params)
    try:
        state = game.state_from_bytes(data)
    except ValueError:
        return
    play_out(game, state)


@pytest.mark.parametrize(("game_id", "params"), game_cases())
@FUZZ
@given(
    seed=st.integers(0, 2**32),
    flips=st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), min_size=1, max_size=6),
)
def test_corrupted_bytes(game_id, params, seed, flips):
    game = tb.make(game_id, **params)
    raw = bytearray(sample_states(game, 1, seed)[0].to_bytes())
    for where, value in flips:
        raw[where % len(raw)] = value
    try:
        state = game.state_from_bytes(bytes(raw))
    except ValueError:
        return
    play_out(game, state, seed)


@pytest.mark.parametrize(("game_id", "params"), game_cases())
@FUZZ
@given(seed=st.integers(0, 2**32), replacement=anything)
def test_corrupted_dicts(game_id, params, seed, replacement):
    game = tb.make(game_id, **params)
    d = sample_states(game, 1, seed)[0].to_dict()
    bad = mutate(d, random.Random(seed), replacement)
    try:
        state = game.state_from_dict(bad)
    except (ValueError, TypeError):
        return
    play_out(game, state, seed)


@pytest.mark.parametrize(("game_id", "params"), game_cases())
@FUZZ
@given(value=anything)
def test_random_dicts_and_bytes_objects(game_id, params, value):
    game = tb.make(game_id, **params)
    for call in (game.state_from_dict, game.state_from_bytes):
        try:
            state = call(value)
        except (ValueError, TypeError):
            continue
        play_out(game, state)  # an accepted state must play to the end


@pytest.mark.parametrize("game_id", tb.games())
@FUZZ
@given(params=st.dictionaries(st.text(max_size=12), anything, max_size=3), known=anything)
def test_random_parameters(game_id, params, known):
    names = list(tb.make(game_id).params)
    for kwargs in (params, {names[hash(str(known)) % len(names)]: known}):
        try:
            game = tb.make(game_id, **kwargs)
        except ValueError:
            continue
        play_out(game, game.new_initial_state(1))


@pytest.mark.parametrize(("game_id", "params"), game_cases())
@FUZZ
@given(
    seed=st.integers(0, 2**32),
    action=anything | st.integers(-(2**70), 2**70),
    player=anything | st.integers(-10, 10),
)
def test_random_actions_and_players(game_id, params, seed, action, player):
    game = tb.make(game_id, **params)
    for state in sample_states(game, 2, seed):
        before = state.to_bytes()
        calls = [
            lambda s=state: s.apply_action(action),
            lambda s=state: s.apply_actions(action),
            lambda s=state: s.apply_actions([action] * game.num_players),
            lambda s=state: s.legal_actions(player),
            lambda s=state: s.observation_tensor(player),
            lambda s=state: s.resample(player, 0),
            lambda s=state: s.action_to_string(action, player),
            lambda s=state: s.string_to_action(action, player),
        ]
        for call in calls:
            snapshot = state.to_bytes()
            try:
                call()
            except (ValueError, TypeError):
                assert state.to_bytes() == snapshot, "a rejected call changed the state"
        if state.to_bytes() != before:
            play_out(game, state, seed)


# The private array module (tablebits._batch) gets raw parameter bytes and caller-made buffers;
# corrupted bytes and buffers of any shape, dtype or layout must raise, never crash.
DTYPES = [np.float32, np.float64, np.int32, np.uint32, np.int64, np.uint8]


def corrupt(blob: bytes, flips) -> bytes:
    raw = bytearray(blob)
    for where, value in flips:
        raw[where % len(raw)] = value
    return bytes(raw)


def buffer(rows: int, cols: int | None, dtype, contiguous: bool) -> np.ndarray:
    shape = (rows,) if cols is None else (rows, cols)
    if contiguous:
        return np.zeros(shape, dtype)
    wide = np.zeros((rows, 2 * (cols or 1)), dtype)
    return wide[:, ::2] if cols is not None else wide[:, 0]


byte_flips = st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), max_size=3)
shapes = st.tuples(st.integers(0, 5), st.integers(0, 6), st.sampled_from(DTYPES), st.booleans())


@pytest.mark.parametrize(("game_id", "params"), game_cases())
@FUZZ
@given(flips=byte_flips, out=shapes, lengths_dtype=st.sampled_from(DTYPES),
       threads=st.integers(-3, 10**6))
def test_private_simulate_chunk(game_id, params, flips, out, lengths_dtype, threads):
    game = tb.make(game_id, **params)
    rows, cols, dtype, contiguous = out
    returns = buffer(rows, cols, dtype, contiguous)
    scores = buffer(rows, cols, np.float32, True)
    lengths = np.zeros(rows, lengths_dtype)
    truncated = np.zeros(rows, np.uint8)
    try:
        _batch.simulate_chunk(game_id, corrupt(game._params_blob(), flips), 7, 0, returns, scores,
                              lengths, truncated, threads)
    except (ValueError, TypeError):
        return
    assert returns.shape == (rows, game.num_players) and returns.dtype == np.float32
    assert lengths.dtype == np.uint32 and (lengths > 0).all()  # every game played to the end


@pytest.mark.parametrize(("game_id", "params"), game_cases())
@FUZZ
@given(flips=byte_flips, players=st.integers(-1, 6), extra_obs=st.sampled_from([0, 0, -1, 1]),
       num_envs=st.integers(0, 4), actions=shapes, masks=shapes, index=st.integers(0, 6),
       seed=st.integers(0, 2**32))
def test_private_batch_core(game_id, params, flips, players, extra_obs, num_envs, actions,
                            masks, index, seed):
    game = tb.make(game_id, **params)
    n, obs = game.num_players, game.observation_shape[0]
    players = n if players < 0 else players
    try:
        core = _batch.BatchCore(game_id, corrupt(game._params_blob(), flips), num_envs, players,
                                obs + extra_obs, True)
    except (ValueError, TypeError):
        return
    core.reset(seed, 2)
    rows, cols, dtype, contiguous = actions
    calls = [
        lambda: core.step(buffer(rows, cols, dtype, contiguous), 2),
        lambda: core.sample_actions(buffer(rows, cols, dtype, contiguous), 2),
        lambda: core.expand_masks(np.zeros((masks[0], masks[1], 3 * masks[1]), masks[2])),
        lambda: core.state_bytes(index),
    ]
    for call in calls:
        with contextlib.suppress(ValueError, TypeError):
            call()
    proposal = np.zeros((num_envs, players), np.int32)  # an accepted core has the game's shape
    core.sample_actions(proposal, 2)
    assert core.step(proposal, 2) == -1
    proposal[:] = rows * 7 + cols  # arbitrary ids: rejected or legal, never applied blindly
    core.step(proposal, 1)
