"""Hội Phố determinisation: `resample(p, seed)` keeps what p knows and draws the rest from the deal.

The statistical tests compare the engine's resampled hands with independent samplers:

* On a round's first turn the state still shows everything every player removed from the hand
  dealt to them (discards, this turn's table, Naga moves), so the engine claims the exact
  posterior of the deal. The reference here redoes the deal procedure of the note (spare ships
  + merchants shuffled, hands of k cards plus the own ship) with fresh randomness, keeps p's own
  dealt cards and the face-up removed cards fixed (what rejecting every deal that disagrees with
  them would do), and rejects the deals that disagree with what the opponents visibly removed or
  revealed (Cat) and, in phase naga_play, with the Naga player holding a merchant.
* On later turns the state (like its dict) no longer records who played the earlier cards, so
  the engine's documented model fills the opponents' unknown slots uniformly from the hidden
  cards; an independent sampler of that model is the reference there.

The comparison is a two-sample z-test per (opponent, card) presence and per (opponent, number
of ships) with a fixed seed, and it can fail: `test_the_test_has_power` shows that the naive
"uniform from the hidden cards" draw is rejected on first-turn positions.
"""

from __future__ import annotations

import math
import random
from collections import Counter

import numpy as np
import pytest

import tablebits as tb
from tests.differential import random_joint

DEALT = {3: 5, 4: 4, 5: 3}
SAMPLES = 2000
Z_LIMIT = 5.0


# ----------------------------------------------------------------------------- positions
def play_positions(n, seed, games, rps="play"):
    """Random games with the history a player at the table would remember for turn 1.

    Yields (state, info) at every node; info["removed_by"][q] is the multiset of cards q has
    taken out of the hand dealt this round, info["taken_by"][q] the cards q took with Naga,
    info["cat_blank"] whether a Cat named a card nobody else held this round (the state cannot
    record that negative information, so such positions are skipped by the exact test).
    """
    game = tb.make("hoi_pho", players=n, rps=rps)
    rng = random.Random(seed)
    for _ in range(games):
        s = game.new_initial_state(rng.getrandbits(64))
        info = None
        last_round = None
        while not s.is_terminal():
            d = s.to_dict()
            if d["round"] != last_round:
                info = {"removed_by": [[] for _ in range(n)], "taken_by": [[] for _ in range(n)],
                        "cat_blank": False}
                last_round = d["round"]
            yield s.clone(), info_copy(info)
            if s.is_simultaneous_node():
                joint = random_joint(s, n, rng)
                if d["phase"] in ("discard", "play"):
                    for q, a in enumerate(joint):
                        if a >= 0:
                            info["removed_by"][q].append(a)
                s.apply_actions(joint)
            else:
                a = rng.choice(s.legal_actions())
                sp = d["skill_player"]
                if d["phase"] == "naga_play":
                    info["removed_by"][sp].append(a)
                elif d["phase"] == "naga_take":
                    info["taken_by"][sp].append(a)
                elif (
                    d["phase"] == "name" and d["stack"][-1] == 5
                    and not any(a in d["hands"][q] for q in range(n) if q != sp)
                ):
                    info["cat_blank"] = True
                s.apply_action(a)


def info_copy(info):
    return {"removed_by": [list(x) for x in info["removed_by"]],
            "taken_by": [list(x) for x in info["taken_by"]], "cat_blank": info["cat_blank"]}


def unknown_cards(d, q):
    """q's hand minus the cards publicly known to be there (a multiset, ships as 0)."""
    rest = Counter(d["hands"][q])
    rest.subtract(d["known"][q])
    return rest


def hidden_pool(d, p):
    """Cards p cannot place: not in p's hand and in no public field (ships as 0)."""
    n = d["players"]
    pool = Counter({0: 5, **{c: 1 for c in range(1, 16)}})
    seen = list(d["hands"][p]) + [e["card"] for e in d["table"]] + d["previous"] + d["removed"]
    seen += d["discards"]
    for q in range(n):
        if q != p:
            seen += d["known"][q]
    pool.subtract(seen)
    return pool


def statistics(samples, opponents):
    """Frequencies of (q, card present) and (q, ship count) over a list of {q: Counter}."""
    counts = Counter()
    for hands in samples:
        for q in opponents:
            h = hands[q]
            for c in range(1, 16):
                if h[c] > 0:
                    counts[(q, c)] += 1
            counts[(q, "ships", h[0])] += 1
    return {k: v / len(samples) for k, v in counts.items()}


def max_z(a, b, n_a, n_b):
    worst = 0.0
    for key in set(a) | set(b):
        fa, fb = a.get(key, 0.0), b.get(key, 0.0)
        pooled = (fa * n_a + fb * n_b) / (n_a + n_b)
        var = pooled * (1 - pooled) * (1 / n_a + 1 / n_b)
        if var == 0:
            if fa != fb:
                return math.inf
            continue
        worst = max(worst, abs(fa - fb) / math.sqrt(var))
    return worst


# ----------------------------------------------------------------------------- samplers
def engine_samples(s, p, count, seed):
    d0 = s.to_dict()
    n = d0["players"]
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        d = s.resample(p, rng.getrandbits(64)).to_dict()
        out.append({q: unknown_cards(d, q) for q in range(n) if q != p})
    return out


def deal_rejection_samples(d, info, p, count, seed):
    """Turn 1: the deal procedure with fresh randomness, kept when consistent with what p saw."""
    n = d["players"]
    k = DEALT[n]
    rng = random.Random(seed)
    removed_by, taken_by = info["removed_by"], info["taken_by"]
    # p's own dealt hand and the face-up removed cards are known to p: fix them.
    dealt_p = Counter(d["hands"][p])
    dealt_p.subtract(taken_by[p])
    dealt_p.update(removed_by[p])
    assert sum(dealt_p.values()) == k + 1 and dealt_p[0] >= 1
    pile = Counter({0: 5 - n, **{c: 1 for c in range(1, 16)}})
    pile_p = Counter(dealt_p)
    pile_p[0] -= 1                                   # p's own ship is not from the pile
    pile.subtract(pile_p)
    pile.subtract(d["removed"])
    assert all(v >= 0 for v in pile.values())
    rest = list(pile.elements())
    opponents = [q for q in range(n) if q != p]
    assert len(rest) == k * len(opponents)
    shown = {}
    for q in opponents:
        m = Counter(removed_by[q])
        m.update(c for c in d["known"][q] if c not in taken_by[q])      # Cat reveals
        shown[q] = m
    out = []
    tries = 0
    while len(out) < count:
        tries += 1
        assert tries < 400 * count, "reference sampler stuck"
        rng.shuffle(rest)
        hands = {}
        ok = True
        for i, q in enumerate(opponents):
            dealt = Counter(rest[i * k:(i + 1) * k])
            dealt[0] += 1                                            # the own ship
            left = dealt - shown[q]
            if sum(left.values()) != sum(dealt.values()) - sum(shown[q].values()):
                ok = False                                           # a shown card not dealt
                break
            # cards this seat played that another took with Naga left the seat too
            hands[q] = left
        if not ok:
            continue
        sp = d["skill_player"]
        if (
            d["phase"] == "naga_play" and sp != p
            and not any(c > 0 for c in hands[sp].elements()) and not d["known"][sp]
        ):
            continue
        out.append(hands)
    return out


def uniform_samples(d, p, count, seed, naga_rule=True):
    """Later turns (the documented model): unknown slots filled uniformly from the hidden cards."""
    n = d["players"]
    rng = random.Random(seed)
    pool = list(hidden_pool(d, p).elements())
    opponents = [q for q in range(n) if q != p]
    slots = {q: sum(unknown_cards(d, q).values()) for q in opponents}
    out = []
    while len(out) < count:
        rng.shuffle(pool)
        hands, i = {}, 0
        for q in opponents:
            hands[q] = Counter(pool[i:i + slots[q]])
            i += slots[q]
        sp = d["skill_player"]
        if (
            naga_rule and d["phase"] == "naga_play" and sp != p
            and not any(c > 0 for c in hands[sp].elements()) and not d["known"][sp]
        ):
            continue
        out.append(hands)
    return out


# ----------------------------------------------------------------------------- tests
@pytest.mark.parametrize("n,rps", [(3, "play"), (4, "play"), (5, "chance"), (4, "chance")])
def test_resample_keeps_what_the_player_knows(n, rps):
    game = tb.make("hoi_pho", players=n, rps=rps)
    rng = random.Random(n * 7 + len(rps))
    checked = changed = 0
    for i, (s, _) in enumerate(play_positions(n, seed=n, games=40, rps=rps)):
        if i % 3:
            continue
        d = s.to_dict()
        for p in range(n):
            seed = rng.getrandbits(64)
            r = s.resample(p, seed)
            rd = r.to_dict()
            assert np.array_equal(r.observation_tensor(p), s.observation_tensor(p))
            assert r.observation_string(p) == s.observation_string(p)
            assert r.legal_actions(p) == s.legal_actions(p)
            assert game.state_from_dict(rd) == r                 # a valid, reachable-shaped state
            assert r == s.resample(p, seed)
            for key in d:
                if key not in ("hands", "rng"):
                    assert rd[key] == d[key], key
            assert rd["hands"][p] == d["hands"][p]
            for q in range(n):
                assert len(rd["hands"][q]) == len(d["hands"][q])
                assert set(d["known"][q]) <= set(rd["hands"][q])  # known cards stay put
            # the opponents' unknown cards come from the cards p cannot place
            drawn = Counter()
            for q in range(n):
                if q != p:
                    drawn.update(unknown_cards(rd, q))
            assert not drawn - hidden_pool(d, p)
            changed += rd["hands"] != d["hands"]
            checked += 1
    assert checked > 100 and changed > checked // 4


def first_turn_positions(n, want, seed):
    """Distinct first-turn positions, favouring skill phases (ships and cards on the table)."""
    found, skill = [], 0
    for s, info in play_positions(n, seed=seed, games=400):
        d = s.to_dict()
        if d["turn"] != 1 or d["phase"] == "over" or info["cat_blank"]:
            continue
        is_skill = d["phase"] not in ("discard", "play")
        if not is_skill and len(found) - skill >= want // 3:
            continue
        found.append((s, info))
        skill += is_skill
        if len(found) >= want:
            break
    return found


@pytest.mark.parametrize("n", [3, 4, 5])
def test_first_turn_matches_the_deal(n):
    positions = first_turn_positions(n, want=6, seed=100 + n)
    assert len(positions) == 6
    for idx, (s, info) in enumerate(positions):
        d = s.to_dict()
        p = idx % n
        opponents = [q for q in range(n) if q != p]
        eng = statistics(engine_samples(s, p, SAMPLES, seed=idx), opponents)
        ref = statistics(deal_rejection_samples(d, info, p, SAMPLES, seed=1000 + idx), opponents)
        z = max_z(eng, ref, SAMPLES, SAMPLES)
        assert z < Z_LIMIT, (d, p, z)


def test_three_player_double_ship_removal_matches_the_deal():
    """3 players: a seat that discarded a ship and played one (weight 1/(m+1) in the engine)."""
    cases = []
    for s, info in play_positions(3, seed=5, games=20000):
        d = s.to_dict()
        if d["turn"] != 1 or d["phase"] in ("discard", "play", "over") or info["cat_blank"]:
            continue
        owners = [e["owner"] for e in d["table"] if e["card"] == 0]
        double = [q for q in owners if d["discards"][q] == 0]
        if double:
            q = double[0]
            p = (q + 1) % 3
            other = 3 - p - q
            keeper = other not in owners and d["discards"][other] != 0
            if hidden_pool(d, p)[0] > keeper:   # a spare ship q may or may not hold
                cases.append((s, info, q))
        if len(cases) >= 2:
            break
    assert cases
    for idx, (s, info, q) in enumerate(cases):
        d = s.to_dict()
        p = (q + 1) % 3
        opponents = [x for x in range(3) if x != p]
        eng = statistics(engine_samples(s, p, 3 * SAMPLES, seed=50 + idx), opponents)
        ref = statistics(deal_rejection_samples(d, info, p, 3 * SAMPLES, seed=60 + idx), opponents)
        assert max_z(eng, ref, 3 * SAMPLES, 3 * SAMPLES) < Z_LIMIT


@pytest.mark.parametrize("n", [3, 4, 5])
def test_later_turns_match_the_documented_model(n):
    count = 0
    for i, (s, _) in enumerate(play_positions(n, seed=200 + n, games=60)):
        d = s.to_dict()
        if d["turn"] == 1 or d["phase"] == "over" or i % 7:
            continue
        p = i % n
        opponents = [q for q in range(n) if q != p]
        eng = statistics(engine_samples(s, p, 1000, seed=i), opponents)
        ref = statistics(uniform_samples(d, p, 1000, seed=i + 1), opponents)
        assert max_z(eng, ref, 1000, 1000) < Z_LIMIT, (d, p)
        count += 1
        if count >= 5:
            break
    assert count == 5


def test_the_test_has_power():
    """The naive draw (ignoring that each seat was dealt its own ship) fails the first-turn test."""
    worst = 0.0
    for n in (3, 4):
        for idx, (s, info) in enumerate(first_turn_positions(n, want=3, seed=300 + n)):
            d = s.to_dict()
            p = idx % n
            opponents = [q for q in range(n) if q != p]
            naive = statistics(uniform_samples(d, p, SAMPLES, seed=idx), opponents)
            ref = statistics(deal_rejection_samples(d, info, p, SAMPLES, seed=7 + idx), opponents)
            worst = max(worst, max_z(naive, ref, SAMPLES, SAMPLES))
    assert worst > 3 * Z_LIMIT
