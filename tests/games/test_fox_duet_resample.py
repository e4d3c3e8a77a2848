"""fox_duet resample: keeps the observer's view, respects the knowledge facts, and draws the
partner's unknown cards uniformly among the consistent assignments.

The distribution check compares, card by card, how often each hidden card lands in the
partner's hand under the engine's resample with an independent rejection sampler (a uniformly
random permutation of the unseen cards, accepted when the partner's slice avoids the partner's
void suits). Seeds are fixed, so the test is deterministic, but a biased sampler fails it (see
`test_check_detects_a_biased_sampler`).
"""

from __future__ import annotations

import math
import random
from itertools import islice

import numpy as np
import pytest

import tablebits as tb
from tests.support.game_params import FOX_SMALL_BOARD
from tests.support.helpers import max_z, random_step

ALL_CARDS = [f"{s}{r}" for s in "RSD" for r in range(1, 11)]
CID = {c: i for i, c in enumerate(ALL_CARDS)}


def positions(game, seed: int):
    """Every non-terminal state of an endless stream of random games."""
    rng = random.Random(seed)
    while True:
        state = game.new_initial_state(rng.getrandbits(64))
        while not state.is_terminal():
            yield state.clone()
            random_step(state, 2, rng)


def hidden_facts(d: dict, p: int):
    """From p's point of view: the unseen cards, the partner's known cards, void suits and
    number of unknown slots."""
    q = 1 - p
    seen = set(d["hands"][p]) | set(d["known"][q]) | set(d["played"]) | {d["decree"]}
    seen |= {c for c in d["trick_cards"].values() if c is not None}
    unseen = [c for c in ALL_CARDS if c not in seen]
    k = len(d["hands"][q]) - len(d["known"][q])
    return unseen, set(d["known"][q]), set(d["voids"][q]), k


# --------------------------------------------------------------------------------------------
# Consistency over many random positions


@pytest.mark.parametrize(
    "params",
    [
        {},
        {
            "level": 2,
            "board": FOX_SMALL_BOARD,
        },
    ],
)
def test_resample_consistency(params):
    game = tb.make("fox_duet", **params)
    rng = random.Random(11)
    checked = with_voids = with_known = 0
    for state in islice(positions(game, 12), 4000):
        d = state.to_dict()
        for p in (0, 1):
            q = 1 - p
            r = state.resample(p, rng.getrandbits(64))
            rd = r.to_dict()
            assert game.state_from_dict(rd).to_dict() == rd  # a valid state
            assert np.array_equal(r.observation_tensor(p), state.observation_tensor(p))
            assert r.observation_string(p) == state.observation_string(p)
            assert rd["hands"][p] == d["hands"][p]
            assert len(rd["hands"][q]) == len(d["hands"][q]) and len(rd["deck"]) == 7
            assert rd["known"] == d["known"] and set(d["known"][q]) <= set(rd["hands"][q])
            unseen, known, voids, _ = hidden_facts(d, p)
            assert set(rd["hands"][q]) - known <= set(unseen)
            assert set(rd["deck"]) <= set(unseen)
            assert all(c[0] not in voids for c in set(rd["hands"][q]) - known)
            # nothing but the hidden cards and the generator changed
            for key in d:
                if key not in ("hands", "deck", "rng"):
                    assert rd[key] == d[key], key
            assert rd["rng"] != d["rng"]
            checked += 1
            with_voids += bool(voids)
            with_known += bool(known)
    assert checked == 8000 and with_voids > 500 and with_known > 500


def test_resample_is_deterministic_and_redraws_future():
    game = tb.make("fox_duet")
    s = game.new_initial_state(3)
    a, b, c = s.resample(0, 5), s.resample(0, 5), s.resample(0, 6)
    assert a.to_dict() == b.to_dict() and a.to_dict() != c.to_dict()


# --------------------------------------------------------------------------------------------
# Distribution: engine vs an independent rejection sampler


def acceptance(unseen, voids, k) -> float:
    eligible = sum(c[0] not in voids for c in unseen)
    return math.comb(eligible, k) / math.comb(len(unseen), k)


def pick_positions(count: int):
    """Positions (one per random game) where the partner has a void suit with unseen cards of
    it, so the constraint bites, several unknown cards, and rejection sampling is practical."""
    game = tb.make("fox_duet")
    rng = random.Random(2024)
    out = []
    while len(out) < count:
        state = game.new_initial_state(rng.getrandbits(64))
        while not state.is_terminal():
            d = state.to_dict()
            p = rng.randrange(2)
            unseen, _, voids, k = hidden_facts(d, p)
            blocked = [c for c in unseen if c[0] in voids]
            if k >= 4 and blocked and 0.01 <= acceptance(unseen, voids, k) <= 0.5:
                out.append((state.clone(), p))
                break
            random_step(state, 2, rng)
    return out


def engine_counts(state, p: int, n: int, seed: int) -> tuple[dict, int]:
    """How often each card is among the partner's cards over n resamples."""
    q = 1 - p
    rng = random.Random(seed)
    total = np.zeros(30)
    for _ in range(n):
        r = state.resample(p, rng.getrandbits(64))
        total += r.observation_tensor(q)[:30]  # plane 0: q's own hand
    return {c: int(total[i]) for i, c in enumerate(ALL_CARDS)}, n


def rejection_counts(
    unseen, voids, k: int, n: int, seed: int, respect_voids: bool = True
) -> tuple[dict, int]:
    """Independent sampler: shuffle the unseen cards, the partner's unknown slots are the first
    k; accept when they avoid the partner's void suits."""
    rng = random.Random(seed)
    counts = dict.fromkeys(ALL_CARDS, 0)
    cards = list(unseen)
    accepted = 0
    while accepted < n:
        rng.shuffle(cards)
        part = cards[:k]
        if respect_voids and any(c[0] in voids for c in part):
            continue
        accepted += 1
        for c in part:
            counts[c] += 1
    return counts, n


def card_z(a: tuple[dict, int], b: tuple[dict, int], cards) -> float:
    """Largest per-card two-proportion z statistic between two (counts, draws) samples."""
    (ca, na), (cb, nb) = a, b
    return max_z({c: ca[c] / na for c in cards}, na, {c: cb[c] / nb for c in cards}, nb)


# About 20 unseen cards per position: per-card |z| > 4.5 has probability ~7e-6, so a correct
# sampler fails this with probability well below 1e-3 (and the seeds are fixed).
Z_LIMIT = 4.5
N = 20000


@pytest.mark.parametrize("index", range(3))
def test_partner_cards_match_rejection_sampler(index):
    state, p = pick_positions(3)[index]
    d = state.to_dict()
    unseen, known, voids, k = hidden_facts(d, p)
    engine = engine_counts(state, p, N, seed=100 + index)
    reference = rejection_counts(unseen, voids, k, N, seed=200 + index)
    # the partner's known cards are always there, the seen ones never
    for c in ALL_CARDS:
        if c in known:
            assert engine[0][c] == N
        elif c not in unseen:
            assert engine[0][c] == 0
    # void-suit cards never go to the partner
    assert all(engine[0][c] == 0 for c in unseen if c[0] in voids)
    # each hidden card: engine frequency vs rejection-sampler frequency
    assert card_z(engine, reference, unseen) < Z_LIMIT
    # and both agree with the exact marginal k / |eligible|
    eligible = [c for c in unseen if c[0] not in voids]
    for c in eligible:
        expected = k / len(eligible)
        sd = math.sqrt(expected * (1 - expected) / N)
        assert abs(engine[0][c] / N - expected) < Z_LIMIT * sd


def test_check_detects_a_biased_sampler():
    """The comparison has power: a sampler that ignores the voids is rejected."""
    state, p = pick_positions(3)[0]
    unseen, _, voids, k = hidden_facts(state.to_dict(), p)
    engine = engine_counts(state, p, N, seed=100)
    biased = rejection_counts(unseen, voids, k, N, seed=300, respect_voids=False)
    assert card_z(engine, biased, unseen) > Z_LIMIT
