"""Rule scenarios for Good Fortune (rules:
docs/games/good_fortune.md). Every expected value below was worked out by hand from the rules."""

from __future__ import annotations

import copy
import random

import pytest

from tests.games.reference import good_fortune as reference
from tests.games.reference.rng import Rng
from tests.support.helpers import SIMULTANEOUS, TERMINAL, checked_random_playout, implementations


@pytest.fixture(params=implementations("good_fortune", reference))
def make(request):
    return request.param


# Spec table restated (tile i+1 = TABLE[i]) so the tests do not read the implementation's copy.
TABLE = [
    ("horseshoe", "scarab", 2), ("clover", "ganesha", 2), ("scarab", "cat", 4),
    ("clover", "mati", 3), ("hamsa", "mati", 3), ("ganesha", "horseshoe", 4),
    ("cat", "ganesha", 2), ("hamsa", "clover", 4), ("hamsa", "scarab", 3),
    ("cat", "horseshoe", 2), ("mati", "scarab", 2), ("cat", "mati", 1),
    ("ganesha", "hamsa", 1), ("horseshoe", "hamsa", 1), ("mati", "horseshoe", 4),
    ("cat", "clover", 3), ("horseshoe", "clover", 3), ("hamsa", "cat", 4),
    ("mati", "ganesha", 3), ("clover", "scarab", 1), ("scarab", "ganesha", 4),
]
CHARMS = ["cat", "clover", "ganesha", "mati", "hamsa", "horseshoe", "scarab"]
SPEC_LINE = [[7, "cat", "ganesha"], [12, "mati", "cat"], [19, "ganesha", "mati"]]
SHARED_LINE = [[7, "cat", "ganesha"], [12, "cat", "mati"], [19, "mati", "ganesha"]]
BAD = (ValueError, TypeError)


def spec_dict() -> dict:
    """The spec's example dict: round 1, holder 0 about to select."""
    return {"game": "good_fortune", "round": 1, "phase": "select",
            "token": {"holder": 0, "face": "small"},
            "racks": [[1, 4, 8, 9, 11, 13, 15, 18, 20], [2, 3, 5, 6, 10, 14, 16, 17, 21]],
            "selected": [None, None], "line": copy.deepcopy(SPEC_LINE),
            "collections": [[], []], "discarded": []}


def p1_places(tile: int, line=SPEC_LINE) -> dict:
    """Round 2 (big face: the higher tile places first), player 1 to place `tile` (below 19).

    Round 1 placed two tiles (3 and 20 are gone); this round player 0 placed 19 at R, which
    pushed tile 1 off the L end: discarded with the domino line (19's facing ganesha meets
    12's cat), collected with the shared one (19 shares mati with 12). Player 0 got tile 1
    (tile 21 is still in player 1's rack), so player 1 holds the token in round 2.
    """
    rack1 = [t for t in [2, 5, 6, 10, 14, 16, 17, 21] if t != tile]
    collected = line == SHARED_LINE
    return {"game": "good_fortune", "round": 2, "phase": "place",
            "token": {"holder": 1, "face": "big"},
            "racks": [[4, 8, 9, 11, 13, 15, 18], rack1],
            "selected": [None, tile], "line": copy.deepcopy(line),
            "collections": [[1] if collected else [], []],
            "discarded": [3, 20] if collected else [1, 3, 20]}


def order_dict(round_: int, face: str, holder: int) -> dict:
    """Place phase with player 0 holding 14 and player 1 holding 9 selected."""
    d = {"game": "good_fortune", "round": round_, "phase": "place",
         "token": {"holder": holder, "face": face},
         "racks": [[1, 3, 4, 8, 11, 13, 15, 18], [2, 5, 6, 10, 16, 17, 20, 21]],
         "selected": [14, 9], "line": copy.deepcopy(SPEC_LINE),
         "collections": [[], []], "discarded": []}
    if round_ == 2:   # two tiles have left the racks for the discard
        d["racks"] = [[1, 3, 4, 8, 11, 13, 15], [2, 6, 10, 16, 17, 18, 21]]
        d["discarded"] = [5, 20]
    return d


def over_dict(c0, c1, line=None, table=TABLE) -> dict:
    line = line or [[t, table[t - 1][0], table[t - 1][1]] for t in (7, 12, 19)]
    used = set(c0) | set(c1) | {e[0] for e in line}
    return {"game": "good_fortune", "round": 9, "phase": "over",
            "token": {"holder": 1, "face": "big"}, "racks": [[], []],
            "selected": [None, None], "line": line,
            "collections": [sorted(c0), sorted(c1)],
            "discarded": [t for t in range(1, 22) if t not in used]}


def play(state, *strings):
    for s in strings:
        state.apply_action(state.string_to_action(s))


def round_trip(game, state):
    d = state.to_dict()
    assert game.state_from_dict(d).to_dict() == d


# ----- setup ------------------------------------------------------------------------------------

@pytest.mark.parametrize("connection", ["domino", "shared"])
@pytest.mark.parametrize("seed", [0, 1, 7, 2**64 - 1])
def test_setup_draws(make, connection, seed):
    rng = Rng(seed)
    first = rng.uniform(2)
    tiles = list(range(2, 21))
    rng.shuffle(tiles)
    racks = [None, None]
    racks[first] = sorted(tiles[0:8] + [1])
    racks[1 - first] = sorted(tiles[8:16] + [21])
    line = []
    for t in tiles[16:19]:
        a, b, _ = TABLE[t - 1]
        if connection == "domino" and rng.uniform(2) == 1:
            a, b = b, a
        line.append([t, a, b])
    expected = {"game": "good_fortune", "round": 1, "phase": "select",
                "token": {"holder": first, "face": "small"}, "racks": racks,
                "selected": [None, None], "line": line,
                "collections": [[], []], "discarded": []}
    game = make(connection=connection)
    state = game.new_initial_state(seed)
    assert state.to_dict() == expected          # no "rng" field: no chance after setup
    assert state.current_player() == first
    assert state.returns() == [0.0, 0.0] and state.scores() == [0.0, 0.0]


def test_game_attributes(make):
    game = make()
    assert game.num_players == 2 and game.num_actions == 25
    assert game.params["variant"] == "standard" and game.params["connection"] == "domino"
    assert game.params["must_connect"] is False
    assert game.params["tiles"] == [list(t) for t in TABLE]


# ----- parameters -------------------------------------------------------------------------------

def test_tiles_param_normalised(make):
    tiles = [(CHARMS.index(a), b, die) for a, b, die in TABLE]
    assert make(tiles=tiles).params["tiles"] == [list(t) for t in TABLE]


@pytest.mark.parametrize("params", [
    {"players": 2}, {"variant": "fast"}, {"connection": "loose"}, {"must_connect": 1},
    {"must_connect": "yes"}, {"tiles": TABLE[:20]}, {"tiles": TABLE + [TABLE[0]]},
    {"tiles": [("cat", "cat", 2)] + TABLE[1:]}, {"tiles": [(0, 0, 2)] + TABLE[1:]},
    {"tiles": [("cat", "dog", 2)] + TABLE[1:]}, {"tiles": [(0, 7, 2)] + TABLE[1:]},
    {"tiles": [("cat", "mati", 0)] + TABLE[1:]}, {"tiles": [("cat", "mati", 7)] + TABLE[1:]},
    {"tiles": [("cat", "mati", True)] + TABLE[1:]}, {"tiles": [("cat", "mati")] + TABLE[1:]},
    {"tiles": "default"},
])
def test_bad_params(make, params):
    with pytest.raises(ValueError):
        make(**params)


# ----- worked examples --------------------------------------------------------------------------

def test_example_1_domino_connects(make):
    game = make()
    state = game.state_from_dict(p1_places(5))
    assert state.current_player() == 1
    play(state, "place R mati")
    d = state.to_dict()
    assert d["line"] == [[12, "mati", "cat"], [19, "ganesha", "mati"], [5, "mati", "hamsa"]]
    assert d["collections"] == [[], [7]] and d["discarded"] == [1, 3, 20]
    # Round over: standard token passes and flips.
    assert d["round"] == 3 and d["phase"] == "select" and d["selected"] == [None, None]
    assert d["token"] == {"holder": 0, "face": "small"}
    assert state.scores() == [0.0, 2.0]


def test_example_2_domino_no_connection(make):
    game = make()
    state = game.state_from_dict(p1_places(5))
    play(state, "place L hamsa")
    d = state.to_dict()
    assert d["line"] == [[5, "mati", "hamsa"], [7, "cat", "ganesha"], [12, "mati", "cat"]]
    assert d["collections"] == [[], []] and d["discarded"] == [1, 3, 19, 20]


def test_example_3_big_face_higher_places_first(make):
    game = make()
    state = game.state_from_dict(order_dict(2, "big", 1))
    assert state.current_player() == 0
    assert state.acting_players() == [0]
    assert state.legal_actions(1) == []
    play(state, "place L horseshoe")      # tile 14 (horseshoe, hamsa): L exposes cat, no connect
    d = state.to_dict()
    assert d["selected"] == [None, 9] and d["discarded"] == [5, 19, 20]
    assert d["line"] == [[14, "hamsa", "horseshoe"], [7, "cat", "ganesha"], [12, "mati", "cat"]]
    assert state.current_player() == 1
    play(state, "place R scarab")         # tile 9 (hamsa, scarab): R exposes cat, no connect
    d = state.to_dict()
    assert d["discarded"] == [5, 14, 19, 20]
    assert d["round"] == 3 and d["token"] == {"holder": 0, "face": "small"}
    assert state.current_player() == 0


def test_small_face_lower_places_first(make):
    state = make().state_from_dict(order_dict(1, "small", 0))
    assert state.current_player() == 1


# ----- placement: domino ------------------------------------------------------------------------

def test_domino_place_actions_and_strings(make):
    state = make().state_from_dict(p1_places(5))
    assert state.legal_actions() == [21, 22, 23, 24]
    strings = ["place L hamsa", "place L mati", "place R hamsa", "place R mati"]
    assert [state.action_to_string(a) for a in (21, 22, 23, 24)] == strings
    assert [state.string_to_action(s) for s in strings] == [21, 22, 23, 24]
    assert state.action_to_string(4) == "select 5"
    for bad in ["place L", "place L cat", "place X mati", "place l mati", "place  L mati",
                "select 0", "select 22", "select 07", "Select 7", "select 7 ", ""]:
        with pytest.raises(ValueError):
            state.string_to_action(bad)


def test_domino_connect_on_left(make):
    state = make().state_from_dict(p1_places(16))    # tile 16 (cat, clover)
    play(state, "place L cat")
    d = state.to_dict()
    assert d["line"] == [[16, "clover", "cat"], [7, "cat", "ganesha"], [12, "mati", "cat"]]
    assert d["collections"] == [[], [19]] and d["discarded"] == [1, 3, 20]


@pytest.mark.parametrize("tile,expected", [(5, [24]), (16, [21]), (2, [21, 22, 23, 24])])
def test_domino_must_connect(make, tile, expected):
    # 5 connects only R with mati facing, 16 only L with cat; 2 (clover, ganesha) never: all legal.
    assert make(must_connect=True).state_from_dict(p1_places(tile)).legal_actions() == expected
    assert make().state_from_dict(p1_places(tile)).legal_actions() == [21, 22, 23, 24]


def test_must_connect_rejects_non_connecting(make):
    state = make(must_connect=True).state_from_dict(p1_places(5))
    before = state.to_dict()
    with pytest.raises(ValueError):
        state.apply_action(state.string_to_action("place L hamsa"))
    assert state.to_dict() == before


# ----- placement: shared ------------------------------------------------------------------------

def test_shared_actions_and_connect(make):
    game = make(connection="shared")
    state = game.state_from_dict(p1_places(5, SHARED_LINE))
    assert state.legal_actions() == [21, 23]
    assert [state.action_to_string(a) for a in (21, 23)] == ["place L", "place R"]
    for bad in ["place L mati", "place R hamsa"]:
        with pytest.raises(ValueError):
            state.string_to_action(bad)
    play(state, "place R")                # 5 (hamsa, mati) shares mati with 19: connects
    d = state.to_dict()
    assert d["line"] == [[12, "cat", "mati"], [19, "mati", "ganesha"], [5, "hamsa", "mati"]]
    assert d["collections"] == [[1], [7]]


def test_shared_no_connection(make):
    state = make(connection="shared").state_from_dict(p1_places(5, SHARED_LINE))
    play(state, "place L")                # 5 shares nothing with 7 (cat, ganesha)
    d = state.to_dict()
    assert d["line"] == [[5, "hamsa", "mati"], [7, "cat", "ganesha"], [12, "cat", "mati"]]
    assert d["collections"] == [[1], []] and d["discarded"] == [3, 19, 20]


@pytest.mark.parametrize("tile,expected", [(5, [23]), (2, [21, 23]), (14, [21, 23])])
def test_shared_must_connect(make, tile, expected):
    # 5 connects only at R; 2 (clover, ganesha) at both ends; 14 (horseshoe, hamsa) nowhere.
    game = make(connection="shared", must_connect=True)
    assert game.state_from_dict(p1_places(tile, SHARED_LINE)).legal_actions() == expected


def test_shared_rejects_oriented_line(make):
    with pytest.raises(BAD):
        make(connection="shared").state_from_dict(p1_places(5, SPEC_LINE))


# ----- selection, token ---------------------------------------------------------------------------

def test_standard_selection_order_and_token_passing(make):
    game = make()
    state = game.state_from_dict(spec_dict())
    assert state.current_player() == 0 and not state.is_simultaneous_node()
    assert state.legal_actions() == [0, 3, 7, 8, 10, 12, 14, 17, 19]
    assert state.legal_actions(1) == []
    play(state, "select 4")
    d = state.to_dict()
    assert d["phase"] == "select" and d["selected"] == [4, None]
    assert d["racks"][0] == [1, 8, 9, 11, 13, 15, 18, 20]
    assert state.current_player() == 1
    round_trip(game, state)
    play(state, "select 2")
    assert state.to_dict()["phase"] == "place"
    assert state.current_player() == 1    # small: 2 < 4
    play(state, "place L clover")         # 2 (clover, ganesha) vs exposed cat: discard 19
    assert state.current_player() == 0
    play(state, "place R clover")         # 4 (clover, mati) vs exposed cat: discard 2
    d = state.to_dict()
    assert d == {"game": "good_fortune", "round": 2, "phase": "select",
                 "token": {"holder": 1, "face": "big"},
                 "racks": [[1, 8, 9, 11, 13, 15, 18, 20], [3, 5, 6, 10, 14, 16, 17, 21]],
                 "selected": [None, None],
                 "line": [[7, "cat", "ganesha"], [12, "mati", "cat"], [4, "clover", "mati"]],
                 "collections": [[], []], "discarded": [2, 19]}
    assert state.current_player() == 1    # the new holder selects first


def test_guess_variant_simultaneous_selection(make):
    game = make(variant="guess")
    state = game.state_from_dict(spec_dict())
    assert state.current_player() == SIMULTANEOUS and state.is_simultaneous_node()
    assert state.acting_players() == [0, 1]
    assert state.legal_actions(0) == [0, 3, 7, 8, 10, 12, 14, 17, 19]
    assert state.legal_actions(1) == [1, 2, 4, 5, 9, 13, 15, 16, 20]
    before = state.to_dict()
    for joint in ([3], [3, -1], [3, 3], [1, 1], [3, 1, 0]):
        with pytest.raises(ValueError):
            state.apply_actions(joint)
        assert state.to_dict() == before
    with pytest.raises(ValueError):
        state.apply_action(3)
    assert state.to_dict() == before
    state.apply_actions([3, 1])           # select 4 / select 2
    d = state.to_dict()
    assert d["phase"] == "place" and d["selected"] == [4, 2]
    assert state.current_player() == 1
    play(state, "place L clover", "place R clover")
    d = state.to_dict()
    assert d["round"] == 2 and d["token"] == {"holder": 0, "face": "big"}   # flipped only
    assert state.current_player() == SIMULTANEOUS


def test_guess_rejects_half_selection(make):
    d = spec_dict()
    d["selected"] = [4, None]
    d["racks"][0].remove(4)
    make().state_from_dict(d)             # fine in the standard game
    with pytest.raises(BAD):
        make(variant="guess").state_from_dict(d)


# ----- end and scoring --------------------------------------------------------------------------

def round9_dict() -> dict:
    """Round 9 (small face): player 0 placed tile 4 (lower than player 1's 5) at R, clover facing
    12's cat: no connection, so the L end (19) was discarded."""
    return {"game": "good_fortune", "round": 9, "phase": "place",
            "token": {"holder": 0, "face": "small"}, "racks": [[], []],
            "selected": [None, 5],
            "line": [[7, "cat", "ganesha"], [12, "mati", "cat"], [4, "clover", "mati"]],
            "collections": [[3, 16, 18], [10, 14]],
            "discarded": [1, 2, 6, 8, 9, 11, 13, 15, 17, 19, 20, 21]}


def test_round_9_ends_game(make):
    game = make()
    state = game.state_from_dict(round9_dict())
    assert state.returns() == [0.0, 0.0]
    assert state.scores() == [33.0, 6.0]  # cat 4+3+4 -> 33; horseshoe 2+1 -> 6
    play(state, "place R mati")           # mati meets 4's mati: collects 7 (cat, ganesha, 2)
    d = state.to_dict()
    assert d["phase"] == "over" and d["round"] == 9
    assert d["token"] == {"holder": 1, "face": "big"}
    assert d["collections"] == [[3, 16, 18], [7, 10, 14]]
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.acting_players() == [] and state.legal_actions(0) == []
    assert state.legal_actions(1) == [] and state.legal_actions() == []
    # Line tiles 12, 4, 5 score nothing; p1: cat 2+2 -> 8, plus 14 alone -> 1.
    assert state.scores() == [33.0, 9.0]
    assert state.returns() == [1.0, 0.0]
    round_trip(game, state)
    with pytest.raises(ValueError):
        state.apply_action(0)


@pytest.mark.parametrize("c0,c1,scores,returns", [
    ([3], [18], [4.0, 4.0], [0.5, 0.5]),
    ([20], [18], [1.0, 4.0], [0.0, 1.0]),
    ([], [], [0.0, 0.0], [0.5, 0.5]),
])
def test_final_returns(make, c0, c1, scores, returns):
    state = make().state_from_dict(over_dict(c0, c1))
    assert state.scores() == scores and state.returns() == returns


def test_scoring_worked_example_39(make):
    # Tiles 1-6 made into the spec's example: cat 4, 3, 2; horseshoe 2, 2; ganesha 4.
    table = [("cat", "clover", 4), ("cat", "mati", 3), ("cat", "hamsa", 2),
             ("horseshoe", "scarab", 2), ("horseshoe", "clover", 2), ("ganesha", "mati", 4)]
    table += TABLE[6:]
    state = make(tiles=table).state_from_dict(over_dict([1, 2, 3, 4, 5, 6], [], table=table))
    assert state.scores() == [39.0, 0.0]


def brute_force(table, collection) -> int:
    """Independent restatement: recurse over tiles, tracking (sum, count) per charm."""
    def rec(i, groups):
        if i == len(collection):
            return sum(s * n for s, n in groups.values())
        a, b, die = table[collection[i] - 1]
        best = 0
        for charm in (a, b):
            g = dict(groups)
            s, n = g.get(charm, (0, 0))
            g[charm] = (s + die, n + 1)
            best = max(best, rec(i + 1, g))
        return best
    return rec(0, {})


def test_scoring_is_optimal(make):
    rnd = random.Random(2025)
    for trial in range(300):
        table = TABLE
        if trial % 2:
            table = [tuple(rnd.sample(CHARMS, 2)) + (rnd.randint(1, 6),) for _ in range(21)]
        tiles = list(range(1, 22))
        rnd.shuffle(tiles)
        line = [[t, table[t - 1][0], table[t - 1][1]] for t in tiles[:3]]
        n0, n1 = rnd.randint(0, 9), rnd.randint(0, 9)
        c0, c1 = tiles[3:3 + n0], tiles[3 + n0:3 + n0 + n1]
        game = make(tiles=table, connection="shared")
        state = game.state_from_dict(over_dict(c0, c1, line=line, table=table))
        expected = [brute_force(table, sorted(c0)), brute_force(table, sorted(c1))]
        assert state.scores() == [float(x) for x in expected]
        win = [0.5, 0.5] if expected[0] == expected[1] else \
            ([1.0, 0.0] if expected[0] > expected[1] else [0.0, 1.0])
        assert state.returns() == win


# ----- bad input --------------------------------------------------------------------------------

def test_illegal_actions_leave_state_unchanged(make):
    state = make().state_from_dict(spec_dict())
    before = state.to_dict()
    for a in [1, 21, 24, 25, -1, 99]:     # tile 2 is in the other rack; place at a select node
        with pytest.raises(ValueError):
            state.apply_action(a)
        assert state.to_dict() == before
    with pytest.raises(ValueError):
        state.apply_actions([0, 1])       # not a simultaneous node
    assert state.to_dict() == before
    state = make().state_from_dict(p1_places(5))
    before = state.to_dict()
    for a in [4, 25]:
        with pytest.raises(ValueError):
            state.apply_action(a)
        assert state.to_dict() == before


def test_shared_has_no_odd_place_ids(make):
    state = make(connection="shared").state_from_dict(p1_places(5, SHARED_LINE))
    for a in (22, 24):
        with pytest.raises(ValueError):
            state.apply_action(a)


def _mutations():
    def m(f):
        d = spec_dict()
        f(d)
        return d
    yield "tile twice", m(lambda d: d["racks"][0].__setitem__(0, 2))
    yield "missing tile", m(lambda d: d["racks"][0].pop(0))
    yield "tile in line and rack", m(lambda d: d["line"].__setitem__(0, [1, "horseshoe", "scarab"]))
    yield "rack size vs round", m(lambda d: d.update(round=2, token={"holder": 0, "face": "big"}))
    yield "place phase, full racks", m(lambda d: d.update(phase="place"))
    yield "unsorted rack", m(lambda d: d["racks"].__setitem__(0, [4, 1, 8, 9, 11, 13, 15, 18, 20]))
    yield "bad charm name", m(lambda d: d["line"].__setitem__(0, [7, "dog", "ganesha"]))
    yield "charm id", m(lambda d: d["line"].__setitem__(0, [7, 0, "ganesha"]))
    yield "wrong charms", m(lambda d: d["line"].__setitem__(0, [7, "cat", "mati"]))
    yield "wrong face", m(lambda d: d["token"].update(face="big"))
    yield "bad holder", m(lambda d: d["token"].update(holder=2))
    yield "bad phase", m(lambda d: d.update(phase="draw"))
    yield "round 0", m(lambda d: d.update(round=0))
    yield "round 10", m(lambda d: d.update(round=10))
    yield "round str", m(lambda d: d.update(round="1"))
    yield "wrong game", m(lambda d: d.update(game="fox_duet"))
    yield "extra rng", m(lambda d: d.update(rng=0))
    yield "missing key", m(lambda d: d.pop("racks"))
    yield "short line", m(lambda d: d["line"].pop())
    yield "three racks", m(lambda d: d["racks"].append([]))
    yield "non-holder selected", m(lambda d: (d["racks"][1].remove(2),
                                              d["selected"].__setitem__(1, 2)))
    yield "tile 22", m(lambda d: d["discarded"].append(22))
    yield "not a dict", [1, 2]

    def over_full(d):
        d.update(phase="over", round=9, token={"holder": 0, "face": "big"})
    yield "over with racks", m(over_full)
    yield "over wrong face", over_dict([3], [18]) | {"token": {"holder": 1, "face": "small"}}
    d = over_dict([], [])
    d["collections"] = [d["discarded"][:10], []]
    d["discarded"] = d["discarded"][10:]
    yield "collection larger than placements", d
    d = p1_places(5)
    d["collections"] = [[], [1, 3]]
    d["discarded"] = [20]
    yield "collection larger than own placements", d
    d = p1_places(5)
    d["selected"] = [None, None]
    d["discarded"] = [1, 3, 5, 20]
    yield "place with nothing selected", d
    yield "tile 1 with the non-holder", m(lambda d: d["token"].update(holder=1))
    d = order_dict(2, "big", 1)
    d["token"]["holder"] = 0
    yield "token not handed over after round 1", d
    yield "second placer not sent second by the face", p1_places(21)
    d = round9_dict()
    d["line"] = copy.deepcopy(SPEC_LINE)  # 7 and 19 at the ends, neither lower than 5
    d["discarded"] = [1, 2, 4, 6, 8, 9, 11, 13, 15, 17, 20, 21]
    yield "round 9: the first placer's tile at neither end", d
    d = order_dict(1, "small", 0)
    d["racks"] = [[1, 3, 4, 11, 13, 15, 18], [2, 5, 6, 8, 10, 16, 17, 20, 21]]
    yield "rack sizes [7, 9] in place", d
    d = order_dict(1, "small", 0)
    d.update(round=3)
    yield "rack sizes vs round in place", d
    d = spec_dict()
    d["selected"] = [4, None]
    d["racks"] = [[1, 3, 8, 9, 11, 13, 15, 18, 20], [2, 5, 6, 10, 14, 16, 17, 21]]
    yield "rack sizes after holder selected", d


@pytest.mark.parametrize("name,d", list(_mutations()), ids=[n for n, _ in _mutations()])
def test_state_from_dict_rejects(make, name, d):
    with pytest.raises(BAD):
        make().state_from_dict(d)


@pytest.mark.parametrize("d", [spec_dict(), p1_places(5), order_dict(2, "big", 1),
                               round9_dict(), over_dict([3, 16], [18])])
def test_dict_round_trip(make, d):
    game = make()
    state = game.state_from_dict(copy.deepcopy(d))
    assert state.to_dict() == d
    round_trip(game, state)
    clone = state.clone()
    assert clone.to_dict() == d


# ----- random playouts (reference only) ---------------------------------------------------------

def test_random_playouts_reference():
    rnd = random.Random(7)
    configs = [{}, {"variant": "guess"}, {"connection": "shared"},
               {"must_connect": True}, {"variant": "guess", "connection": "shared",
                                        "must_connect": True}]
    for i in range(200):
        game = reference.make(**configs[i % len(configs)])
        state, steps = checked_random_playout(game, i, rnd)
        assert steps == (27 if game.params["variant"] == "guess" else 36)
        d = state.to_dict()
        assert d["round"] == 9 and d["racks"] == [[], []]
        assert len(d["collections"][0]) + len(d["collections"][1]) + len(d["discarded"]) == 18
        assert sum(state.returns()) == 1.0
