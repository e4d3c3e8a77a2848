"""Hội Phố determinisation: `resample(p, seed)` keeps what p knows and draws the rest from the deal.

The statistical tests compare the engine's resampled hands with an independent sampler that
knows nothing of the engine's posterior formula: it re-runs the deal procedure of the note
(spare ships + merchants shuffled, 2 removed face up with 3 players, slices of k cards plus the
own ship) with fresh randomness and keeps the deals consistent with everything p has seen in the
game so far — p's own dealt cards, the removed cards, and for every opponent the cards it took
out of its hand this round (plays, discards, Naga plays; with their owners, as p saw them), the
cards it took with Naga and the cards a Cat showed in its hand — then derives each opponent's
current hand as dealt − removed + taken. Deals in which an opponent would have removed a ship it
was never dealt are rejected (that is the ship condition; the sampler never looks at
`ships_played`, it checks that the field agrees with the history instead). Cards whose dealt
seat p knows (its own, the face-up removed ones, every merchant an opponent removed or was shown
to hold) are placed in their slices before the shuffle: rejecting every deal that puts them
elsewhere gives exactly that by exchangeability, at a practicable acceptance rate.

Positions come from random games at every turn of a round, for 3, 4 and 5 players. Two kinds of
knowledge are not representable in the state (docs/games/hoi_pho.md, "Resample"), so rounds
where they arose are skipped: a Cat naming a card its own player holds (nobody pays, which tells
the others that the Cat's player holds it) and a Naga resolving while its player holds no
merchant (which tells that the rest of that hand is ships).

The comparison is a two-sample z-test per (opponent, card) presence and per (opponent, number
of ships) with fixed seeds, and it can fail: `test_the_test_has_power` shows that the naive
"uniform from the hidden cards" draws are rejected.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

import tablebits as tb
from tests.support.helpers import max_z, random_joint

DEALT = {3: 5, 4: 4, 5: 3}
TURNS = {3: 4, 4: 4, 5: 3}
SAMPLES = 2000
Z_LIMIT = 5.0


# ----------------------------------------------------------------------------- positions
def play_positions(n, seed, games, rps="play"):
    """Random games with the history of the round as a player at the table remembers it.

    Yields (state, info) at every node; info["removed_by"][q] is the multiset of cards q took out
    of its hand this round (discard, plays, Naga plays), info["taken_by"][q] the cards q took
    with Naga, info["blind"] whether a Cat or a Naga this round gave knowledge that the state
    cannot hold (see the module docstring; such positions are skipped by the exact tests).
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
                        "blind": False}
                last_round = d["round"]
            yield s.clone(), info_copy(info)
            if s.is_simultaneous_node():
                joint = random_joint(s, n, rng)
                if d["phase"] in ("discard", "play"):
                    for q, a in enumerate(joint):
                        if a >= 0:
                            info["removed_by"][q].append(a)
                            rest = list(d["hands"][q])
                            rest.remove(a)
                            if a == 6 and not any(rest):
                                info["blind"] = True        # a Naga without a merchant
                s.apply_actions(joint)
            else:
                a = rng.choice(s.legal_actions())
                sp = d["skill_player"]
                if d["phase"] == "naga_play":
                    info["removed_by"][sp].append(a)
                elif d["phase"] == "naga_take":
                    info["taken_by"][sp].append(a)
                elif d["phase"] == "name" and d["stack"][-1] == 5 and a in d["hands"][sp]:
                    info["blind"] = True                    # a Cat naming its own card
                elif d["phase"] == "copy" and a in (5, 6):
                    info["blind"] = True                    # copied Cat or Naga: be safe
                s.apply_action(a)


def info_copy(info):
    return {"removed_by": [list(x) for x in info["removed_by"]],
            "taken_by": [list(x) for x in info["taken_by"]], "blind": info["blind"]}


def unknown_cards(d, q):
    """q's hand minus the cards publicly known to be there (a multiset, ships as 0)."""
    rest = Counter(d["hands"][q])
    rest.subtract(d["known"][q])
    return +rest


def hidden_pool(d, p):
    """Cards not in p's hand and in no public field (ships as 0), including those played in
    earlier turns of the round, which no field lists."""
    n = d["players"]
    pool = Counter({0: 5, **{c: 1 for c in range(1, 16)}})
    seen = list(d["hands"][p]) + [e["card"] for e in d["table"]] + d["previous"] + d["removed"]
    seen += d["discards"]
    for q in range(n):
        if q != p:
            seen += d["known"][q]
    pool.subtract(seen)
    return +pool


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


# ----------------------------------------------------------------------------- samplers
def engine_samples(s, p, count, seed):
    n = s.to_dict()["players"]
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        d = s.resample(p, rng.getrandbits(64)).to_dict()
        out.append({q: unknown_cards(d, q) for q in range(n) if q != p})
    return out


def naga_player_without_merchant(d, p, hands):
    """In phase naga_play, an opponent's Naga needs a merchant in hand (known or drawn)."""
    sp = d["skill_player"]
    return (d["phase"] == "naga_play" and sp != p
            and not any(c > 0 for c in hands[sp].elements()) and not d["known"][sp])


def deal_rejection_samples(d, info, p, count, seed):
    """The deal procedure with fresh randomness, kept when consistent with what p saw."""
    n = d["players"]
    k = DEALT[n]
    rng = random.Random(seed)
    removed_by, taken_by = info["removed_by"], info["taken_by"]
    opponents = [q for q in range(n) if q != p]
    # the history agrees with the public ship counter (the sampler itself never uses it)
    assert [r.count(0) for r in removed_by] == d["ships_played"]
    # p's own dealt hand: what it holds, minus what it took, plus what it removed
    dealt_p = Counter(d["hands"][p])
    dealt_p.subtract(taken_by[p])
    dealt_p.update(removed_by[p])
    assert all(v >= 0 for v in dealt_p.values())
    assert sum(dealt_p.values()) == k + 1 and dealt_p[0] >= 1
    pile = Counter({0: 5 - n, **{c: 1 for c in range(1, 16)}})
    pile_p = Counter(dealt_p)
    pile_p[0] -= 1                                   # p's own ship is not from the pile
    pile.subtract(pile_p)
    pile.subtract(d["removed"])
    # merchants p knows to be in q's dealt slice: removed by q, or shown in q's hand, unless q
    # took them with Naga (then they were dealt to whoever played them)
    fixed = {}
    for q in opponents:
        f = Counter(c for c in removed_by[q] if c)
        f.update(d["known"][q])
        f.subtract(taken_by[q])
        assert all(v >= 0 for v in f.values()) and sum(f.values()) <= k
        fixed[q] = +f
        pile.subtract(fixed[q])
    assert all(v >= 0 for v in pile.values())
    rest = list(pile.elements())
    assert len(rest) == sum(k - sum(fixed[q].values()) for q in opponents)
    out = []
    tries = 0
    while len(out) < count:
        tries += 1
        assert tries < 200 * count, "reference sampler stuck"
        rng.shuffle(rest)
        hands = {}
        i = 0
        ok = True
        for q in opponents:
            free = k - sum(fixed[q].values())
            dealt = Counter(rest[i:i + free]) + fixed[q]
            i += free
            dealt[0] += 1                                             # the own ship
            hand = Counter(dealt)
            hand.subtract(removed_by[q])
            hand.update(taken_by[q])
            if any(v < 0 for v in hand.values()):
                ok = False                                            # removed an undealt ship
                break
            hand.subtract(d["known"][q])
            hands[q] = +hand
        if not ok:
            continue
        if naga_player_without_merchant(d, p, hands):
            continue
        out.append(hands)
    return out


def uniform_samples(d, p, count, seed, pool=None):
    """A naive draw: the opponents' unknown slots filled uniformly from `pool` (default: every
    card p cannot see, as the engine did on later turns before ships_played)."""
    n = d["players"]
    rng = random.Random(seed)
    pool = list((pool or hidden_pool(d, p)).elements())
    opponents = [q for q in range(n) if q != p]
    slots = {q: sum(unknown_cards(d, q).values()) for q in opponents}
    out = []
    while len(out) < count:
        rng.shuffle(pool)
        hands, i = {}, 0
        for q in opponents:
            hands[q] = Counter(pool[i:i + slots[q]])
            i += slots[q]
        if naga_player_without_merchant(d, p, hands):
            continue
        out.append(hands)
    return out


def true_pool(d, p):
    """The multiset of the opponents' unknown cards (public under perfect recall)."""
    pool = Counter()
    for q in range(d["players"]):
        if q != p:
            pool.update(unknown_cards(d, q))
    return pool


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
                # a seat that has played no ship this round still holds one
                assert rd["hands"][q].count(0) + rd["ships_played"][q] >= 1
            # the opponents' unknown cards are redistributed, never swapped for cards played
            # earlier in the round
            assert true_pool(rd, p) == true_pool(d, p)
            # the result depends on p's information only: resampling a state that p cannot
            # tell apart from s gives the same state
            other = s.resample(p, seed ^ 0x5DEECE66D)
            assert np.array_equal(other.observation_tensor(p), s.observation_tensor(p))
            assert other.resample(p, seed) == r
            changed += rd["hands"] != d["hands"]
            checked += 1
    assert checked > 100 and changed > checked // 4


def exact_positions(n, seed, per_turn, games=400, want=None):
    """Positions from every turn of a round (skill phases favoured), none in a blind round."""
    found = {t: [] for t in range(1, TURNS[n] + 1)}
    skill = Counter()
    for s, info in play_positions(n, seed=seed, games=games):
        d = s.to_dict()
        if d["phase"] == "over" or info["blind"]:
            continue
        if want is not None and not want(d):
            continue
        t = d["turn"]
        if len(found[t]) >= per_turn:
            continue
        is_skill = d["phase"] not in ("discard", "play")
        if not is_skill and len(found[t]) - skill[t] >= (per_turn + 1) // 2:
            continue
        found[t].append((s, info))
        skill[t] += is_skill
        if all(len(v) >= per_turn for v in found.values()):
            break
    return [x for t in sorted(found) for x in found[t]]


def assert_matches_deal(s, info, p, samples, seed):
    """The engine's resample(p) and a rejection sampler of the real deal agree (two-sample z)."""
    d = s.to_dict()
    opponents = [q for q in range(d["players"]) if q != p]
    eng = statistics(engine_samples(s, p, samples, seed=seed), opponents)
    ref = statistics(deal_rejection_samples(d, info, p, samples, seed=seed + 10_000), opponents)
    z = max_z(eng, samples, ref, samples)
    assert z < Z_LIMIT, (d, p, z)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_every_turn_matches_the_deal(n):
    positions = exact_positions(n, seed=100 + n, per_turn=3)
    assert len(positions) == 3 * TURNS[n]
    for idx, (s, info) in enumerate(positions):
        assert_matches_deal(s, info, idx % n, SAMPLES, seed=idx)


def ship_heavy(d):
    """Later turns where seats differ in ships played and the hidden ships are in play."""
    return d["turn"] > 1 and len(set(d["ships_played"])) > 1 and max(d["ships_played"]) >= 1


@pytest.mark.parametrize("n", [3, 4])
def test_ship_counts_match_the_deal(n):
    """Positions where ships_played matters most: seats that played 0, 1 or 2 ships."""
    positions = exact_positions(n, seed=500 + n, per_turn=3, want=ship_heavy)
    positions = [x for x in positions if x[0].to_dict()["turn"] > 1]
    assert len(positions) >= 6
    for idx, (s, info) in enumerate(positions):
        d = s.to_dict()
        # the resampling player: one whose opponents hold hidden ships
        p = max(range(n), key=lambda x: (true_pool(d, x)[0] > 0, -d["ships_played"][x], x))
        assert_matches_deal(s, info, p, SAMPLES, seed=70 + idx)


def test_three_player_double_ship_removal_matches_the_deal():
    """3 players: a seat that played or discarded two ships (weight 1/(m+1) in the engine)."""
    cases = []
    for s, info in play_positions(3, seed=5, games=20000):
        d = s.to_dict()
        if d["phase"] == "over" or info["blind"]:
            continue
        for q in range(3):
            p = (q + 1) % 3
            if d["ships_played"][q] >= 2 and true_pool(d, p)[0] > 0:
                cases.append((s, info, q))
                break
        if len(cases) >= 3:
            break
    assert len(cases) == 3
    for idx, (s, info, q) in enumerate(cases):
        assert_matches_deal(s, info, (q + 1) % 3, 3 * SAMPLES, seed=50 + idx)


def test_the_test_has_power():
    """Naive draws fail the test: uniform from the right pool (ignoring that each seat was dealt
    its own ship and the ship counts), and uniform from every card p cannot see (the engine's old
    model after turn 1, which also hands out cards played in earlier turns)."""
    worst_first = worst_pool = worst_later = 0.0
    for n in (3, 4):
        for idx, (s, info) in enumerate(exact_positions(n, seed=300 + n, per_turn=2)):
            d = s.to_dict()
            p = idx % n
            opponents = [q for q in range(n) if q != p]
            ref = statistics(deal_rejection_samples(d, info, p, SAMPLES, seed=7 + idx), opponents)
            naive = statistics(uniform_samples(d, p, SAMPLES, seed=idx, pool=true_pool(d, p)),
                               opponents)
            z = max_z(naive, SAMPLES, ref, SAMPLES)
            if d["turn"] == 1:
                worst_first = max(worst_first, z)
            else:
                worst_pool = max(worst_pool, z)
                old = statistics(uniform_samples(d, p, SAMPLES, seed=idx), opponents)
                worst_later = max(worst_later, max_z(old, SAMPLES, ref, SAMPLES))
    assert worst_first > 3 * Z_LIMIT
    assert worst_pool > 2 * Z_LIMIT
    assert worst_later > 3 * Z_LIMIT
