"""Bad input from Python never crashes and never corrupts: property-based tests (hypothesis).

Every entry point that takes outside data is fed random and mutated input; the only allowed
failures are ValueError and TypeError, a failed call leaves the state unchanged, and anything
accepted is a playable state.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tablebits as tb

from .game_params import game_cases
from .helpers import random_step

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=6)
    ),
    max_leaves=20,
)
anything = json_values | st.binary(max_size=40) | st.tuples(st.integers(), st.text())


def play_out(game, state, seed=0):
    """A state that was accepted must play to the end under random moves."""
    rng = random.Random(seed)
    for _ in range(5000):
        if state.is_terminal():
            state.returns()
            return
        random_step(state, game.num_players, rng)
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
