"""Pure-Python reference for Good Fortune (rules: docs/games/good_fortune.md).

Slow and plain on purpose. Project decisions (setup draws, dict details, validation) are in
docs/games/good_fortune.md.
"""

from __future__ import annotations

import copy
import itertools

from tests.games.reference.rng import Rng

CHARMS = ["cat", "clover", "ganesha", "mati", "hamsa", "horseshoe", "scarab"]
NUM_TILES = 21
NUM_ROUNDS = 9
NUM_ACTIONS = 25
PLACE_BASE = 21
SIMULTANEOUS = -2
TERMINAL = -4
ENDS = ["L", "R"]

# Spec, "Components": tile i+1 = DEFAULT_TILES[i] (a placeholder table).
DEFAULT_TILES = [
    ["horseshoe", "scarab", 2], ["clover", "ganesha", 2], ["scarab", "cat", 4],
    ["clover", "mati", 3], ["hamsa", "mati", 3], ["ganesha", "horseshoe", 4],
    ["cat", "ganesha", 2], ["hamsa", "clover", 4], ["hamsa", "scarab", 3],
    ["cat", "horseshoe", 2], ["mati", "scarab", 2], ["cat", "mati", 1],
    ["ganesha", "hamsa", 1], ["horseshoe", "hamsa", 1], ["mati", "horseshoe", 4],
    ["cat", "clover", 3], ["horseshoe", "clover", 3], ["hamsa", "cat", 4],
    ["mati", "ganesha", 3], ["clover", "scarab", 1], ["scarab", "ganesha", 4],
]


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _charm_name(c, what: str) -> str:
    if isinstance(c, str) and c in CHARMS:
        return c
    if _is_int(c) and 0 <= c < len(CHARMS):
        return CHARMS[c]
    raise ValueError(f"{what}: bad charm {c!r}")


def _normalise_tiles(tiles) -> list:
    if not isinstance(tiles, (list, tuple)) or len(tiles) != NUM_TILES:
        raise ValueError("tiles: must be a list of 21 [charm_a, charm_b, die] entries")
    out = []
    for i, entry in enumerate(tiles):
        what = f"tiles[{i}]"
        if not isinstance(entry, (list, tuple)) or len(entry) != 3:
            raise ValueError(f"{what}: must be [charm_a, charm_b, die]")
        a, b = _charm_name(entry[0], what), _charm_name(entry[1], what)
        if a == b:
            raise ValueError(f"{what}: the two charms must differ")
        die = entry[2]
        if not _is_int(die) or not 1 <= die <= 6:
            raise ValueError(f"{what}: die must be an int 1-6, got {die!r}")
        out.append([a, b, die])
    return out


def best_score(tiles: list, collection: list) -> int:
    """Spec "End and scoring": max over charm assignments of sum(dice) * count per group.

    Plain brute force over the 2**k assignments (k <= 9: a player collects at most one tile per
    placement).
    """
    best = 0
    for choice in itertools.product((0, 1), repeat=len(collection)):
        groups: dict[str, list[int]] = {}
        for t, k in zip(collection, choice, strict=True):
            charm_a, charm_b, die = tiles[t - 1]
            groups.setdefault(charm_b if k else charm_a, []).append(die)
        best = max(best, sum(sum(dice) * len(dice) for dice in groups.values()))
    return best


def make(**params) -> Game:
    return Game(**params)


class Game:
    num_players = 2
    num_actions = NUM_ACTIONS

    def __init__(self, **params) -> None:
        known = {"variant", "connection", "must_connect", "tiles"}
        unknown = sorted(set(params) - known)
        if unknown:
            raise ValueError(f"unknown parameter(s): {', '.join(unknown)}")
        self.variant = params.get("variant", "standard")
        if self.variant not in ("standard", "guess"):
            raise ValueError(f"variant: must be 'standard' or 'guess', got {self.variant!r}")
        self.connection = params.get("connection", "domino")
        if self.connection not in ("domino", "shared"):
            raise ValueError(f"connection: must be 'domino' or 'shared', got {self.connection!r}")
        self.must_connect = params.get("must_connect", False)
        if not isinstance(self.must_connect, bool):
            # The API contract wants ValueError for every invalid parameter value.
            raise ValueError(  # noqa: TRY004
                f"must_connect: must be a bool, got {self.must_connect!r}")
        self.tiles = _normalise_tiles(params.get("tiles", DEFAULT_TILES))
        self.params = {"variant": self.variant, "connection": self.connection,
                       "must_connect": self.must_connect,
                       "tiles": [list(t) for t in self.tiles]}
        self._score_cache: dict[tuple, int] = {}

    def score(self, collection: list) -> int:
        """best_score, memoised per collection (playouts ask for the same ones repeatedly)."""
        key = tuple(collection)
        if key not in self._score_cache:
            self._score_cache[key] = best_score(self.tiles, collection)
        return self._score_cache[key]

    def new_initial_state(self, seed: int) -> State:
        rng = Rng(seed)
        first = rng.uniform(2)                       # setup 1 and 4: tile 1 + token
        tiles = list(range(2, 21))
        rng.shuffle(tiles)                           # setup 2
        racks = [[], []]
        racks[first] = sorted(tiles[0:8] + [1])
        racks[1 - first] = sorted(tiles[8:16] + [21])
        line = []
        for t in tiles[16:19]:                       # setup 3, left to right
            a, b, _ = self.tiles[t - 1]
            if self.connection == "domino" and rng.uniform(2) == 1:
                a, b = b, a
            line.append([t, a, b])
        return State(self, {
            "game": "good_fortune", "round": 1, "phase": "select",
            "token": {"holder": first, "face": "small"},
            "racks": racks, "selected": [None, None], "line": line,
            "collections": [[], []], "discarded": []})

    def state_from_dict(self, d) -> State:
        return State(self, _validate(self, d))


def _tile_list(x, what: str) -> list:
    if not isinstance(x, list):
        raise TypeError(f"{what}: must be a list")
    for t in x:
        if not _is_int(t):
            raise TypeError(f"{what}: tile numbers must be ints, got {t!r}")
        if not 1 <= t <= NUM_TILES:
            raise ValueError(f"{what}: no tile {t}")
    if any(x[i] >= x[i + 1] for i in range(len(x) - 1)):
        raise ValueError(f"{what}: must be strictly ascending")
    return list(x)


def _pair(x, what: str) -> list:
    if not isinstance(x, list) or len(x) != 2:
        raise ValueError(f"{what}: must be a list of 2")
    return x


def _validate(game: Game, d) -> dict:
    """Check everything docs/games/good_fortune.md lists; return a fresh copy."""
    if not isinstance(d, dict):
        raise TypeError("state dict must be a dict")
    keys = {"game", "round", "phase", "token", "racks", "selected", "line",
            "collections", "discarded"}
    if set(d) != keys:
        raise ValueError(f"state dict keys: missing {sorted(keys - set(d))}, "
                         f"unknown {sorted(set(d) - keys)}")
    if d["game"] != "good_fortune":
        raise ValueError(f"game: expected 'good_fortune', got {d['game']!r}")
    rnd, phase = d["round"], d["phase"]
    if not _is_int(rnd):
        raise TypeError("round: must be an int")
    if not 1 <= rnd <= NUM_ROUNDS:
        raise ValueError(f"round: must be 1-9, got {rnd}")
    if phase not in ("select", "place", "over"):
        raise ValueError(f"phase: bad value {phase!r}")
    token = d["token"]
    if not isinstance(token, dict) or set(token) != {"holder", "face"}:
        raise ValueError("token: must be {'holder': 0|1, 'face': 'small'|'big'}")
    holder, face = token["holder"], token["face"]
    if not _is_int(holder) or holder not in (0, 1):
        raise ValueError(f"token.holder: must be 0 or 1, got {holder!r}")
    want_face = "big" if phase == "over" or rnd % 2 == 0 else "small"
    if face != want_face:
        raise ValueError(f"token.face: must be {want_face!r} in round {rnd} ({phase})")
    racks = [_tile_list(r, f"racks[{p}]") for p, r in enumerate(_pair(d["racks"], "racks"))]
    colls = [_tile_list(c, f"collections[{p}]")
             for p, c in enumerate(_pair(d["collections"], "collections"))]
    discarded = _tile_list(d["discarded"], "discarded")
    selected = list(_pair(d["selected"], "selected"))
    for s in selected:
        if s is not None and not _is_int(s):
            raise TypeError(f"selected: entries must be ints or null, got {s!r}")
        if s is not None and not 1 <= s <= NUM_TILES:
            raise ValueError(f"selected: no tile {s}")
    line = d["line"]
    if not isinstance(line, list) or len(line) != 3:
        raise ValueError("line: must hold exactly 3 tiles")
    new_line = []
    for i, entry in enumerate(line):
        if not isinstance(entry, list) or len(entry) != 3:
            raise ValueError(f"line[{i}]: must be [tile, left_charm, right_charm]")
        t, left, right = entry
        if not _is_int(t) or not 1 <= t <= NUM_TILES:
            raise ValueError(f"line[{i}]: bad tile {t!r}")
        if left not in CHARMS or right not in CHARMS:
            raise ValueError(f"line[{i}]: bad charm name")
        a, b, _ = game.tiles[t - 1]
        ok = [left, right] == [a, b] or (game.connection == "domino" and [left, right] == [b, a])
        if not ok:
            raise ValueError(f"line[{i}]: charms {left}/{right} do not match tile {t}")
        new_line.append([t, left, right])
    # Every tile in exactly one place.
    places = racks[0] + racks[1] + [s for s in selected if s is not None]
    places += [e[0] for e in new_line] + colls[0] + colls[1] + discarded
    if sorted(places) != list(range(1, NUM_TILES + 1)):
        raise ValueError("tiles 1-21 must each be in exactly one place")
    # Rack sizes and selections agree with round and phase.
    n = 10 - rnd
    sizes = [len(racks[0]), len(racks[1])]
    if phase == "select":
        if selected == [None, None]:
            want = [n, n]
        elif game.variant == "standard" and selected[holder] is not None \
                and selected[1 - holder] is None:
            want = [n, n]
            want[holder] = n - 1
        else:
            raise ValueError("selected: inconsistent with the select phase")
    elif phase == "place":
        if selected == [None, None]:
            raise ValueError("selected: a place phase needs a selected tile")
        want = [n - 1, n - 1]
    else:
        if rnd != NUM_ROUNDS or selected != [None, None]:
            raise ValueError("over: round must be 9 and nothing selected")
        want = [0, 0]
    if sizes != want:
        raise ValueError(f"racks: sizes {sizes} disagree with round {rnd} ({phase}), want {want}")
    for p in (0, 1):
        placed = NUM_ROUNDS if phase == "over" else \
            rnd - 1 + (phase == "place" and selected[p] is None)
        if len(colls[p]) > placed:
            raise ValueError(f"collections[{p}]: more tiles than placements made")
    # Tile 1 and the token start with the same player; the standard game hands the token over
    # after every round, the guess variant never. Racks only lose tiles.
    handovers = 0 if game.variant == "guess" else (NUM_ROUNDS if phase == "over" else rnd - 1)
    first = holder if handovers % 2 == 0 else 1 - holder
    for p in (0, 1):
        own = racks[p] + ([selected[p]] if selected[p] is not None else [])
        if (1 in own and p != first) or (NUM_TILES in own and p == first):
            raise ValueError("token: the holder disagrees with who got tile 1")
    # One tile left to place: the first placer's tile sits at an end of the line, and the face
    # chose it (small: the lower tile first).
    if phase == "place" and None in selected:
        left = selected[0] if selected[0] is not None else selected[1]
        if not any((end[0] < left) == (face == "small") for end in (new_line[0], new_line[2])):
            raise ValueError("line: the tile placed first this round is at neither end")
    return {"game": "good_fortune", "round": rnd, "phase": phase,
            "token": {"holder": holder, "face": face}, "racks": racks,
            "selected": selected, "line": new_line, "collections": colls,
            "discarded": discarded}


class State:
    def __init__(self, game: Game, d: dict) -> None:
        self.game = game
        self.d = d

    # ----- whose turn -----------------------------------------------------------------------
    def _placer(self) -> int:
        sel = self.d["selected"]
        if sel[0] is None or sel[1] is None:
            return 0 if sel[0] is not None else 1
        # Spec "A round" 2: small -> lower number places first, big -> higher.
        low = 0 if sel[0] < sel[1] else 1
        return low if self.d["token"]["face"] == "small" else 1 - low

    def current_player(self) -> int:
        d = self.d
        if d["phase"] == "over":
            return TERMINAL
        if d["phase"] == "place":
            return self._placer()
        if self.game.variant == "guess":
            return SIMULTANEOUS
        holder = d["token"]["holder"]
        return holder if d["selected"][holder] is None else 1 - holder

    def is_terminal(self) -> bool:
        return self.d["phase"] == "over"

    def is_simultaneous_node(self) -> bool:
        return self.current_player() == SIMULTANEOUS

    def acting_players(self) -> list:
        cur = self.current_player()
        if cur == TERMINAL:
            return []
        return [0, 1] if cur == SIMULTANEOUS else [cur]

    # ----- actions --------------------------------------------------------------------------
    def _connects(self, tile: int, end: int, k: int) -> bool:
        a, b, _ = self.game.tiles[tile - 1]
        line = self.d["line"]
        if self.game.connection == "shared":
            other = line[0] if end == 0 else line[2]
            return bool({a, b} & {other[1], other[2]})
        facing = b if k else a
        exposed = line[0][1] if end == 0 else line[2][2]
        return facing == exposed

    def _place_actions(self, tile: int) -> list:
        ks = (0, 1) if self.game.connection == "domino" else (0,)
        acts = [(end, k) for end in (0, 1) for k in ks]
        if self.game.must_connect:
            conn = [(e, k) for e, k in acts if self._connects(tile, e, k)]
            acts = conn or acts
        return sorted(PLACE_BASE + 2 * e + k for e, k in acts)

    def legal_actions(self, player=None) -> list:
        if player is None:
            cur = self.current_player()
            if cur == SIMULTANEOUS:
                raise ValueError("legal_actions: a player is required at a simultaneous node")
            if cur == TERMINAL:
                return []
            player = cur
        self._check_player(player)
        if player not in self.acting_players():
            return []
        if self.d["phase"] == "select":
            return [t - 1 for t in self.d["racks"][player]]
        return self._place_actions(self.d["selected"][player])

    def _check_player(self, player) -> None:
        if not _is_int(player) or player not in (0, 1):
            raise ValueError(f"bad player {player!r}")

    def apply_action(self, a) -> None:
        cur = self.current_player()
        if cur < 0:
            raise ValueError("apply_action: not a sequential decision node")
        if not _is_int(a) or a not in self.legal_actions(cur):
            raise ValueError(f"illegal action {a!r}")
        self._do(cur, a)

    def apply_actions(self, joint) -> None:
        if not self.is_simultaneous_node():
            raise ValueError("apply_actions: not a simultaneous node")
        if not isinstance(joint, (list, tuple)) or len(joint) != 2:
            raise ValueError("apply_actions: need one action per player")
        for p, a in enumerate(joint):
            if not _is_int(a) or a not in self.legal_actions(p):
                raise ValueError(f"illegal action {a!r} for player {p}")
        for p, a in enumerate(joint):
            self._do(p, a)

    def _do(self, p: int, a: int) -> None:
        d = self.d
        if a < PLACE_BASE:                           # select tile a+1
            d["racks"][p].remove(a + 1)
            d["selected"][p] = a + 1
            if None not in d["selected"]:
                d["phase"] = "place"
            return
        end, k = divmod(a - PLACE_BASE, 2)
        tile = d["selected"][p]
        connected = self._connects(tile, end, k)
        ta, tb, _ = self.game.tiles[tile - 1]
        facing, other = (tb, ta) if k else (ta, tb)
        line = d["line"]
        if end == 0:                                 # L: new tile faces right; remove right end
            entry = [tile, other, facing] if self.game.connection == "domino" else [tile, ta, tb]
            removed = line[2][0]
            d["line"] = [entry] + line[:2]
        else:                                        # R: new tile faces left; remove left end
            entry = [tile, facing, other] if self.game.connection == "domino" else [tile, ta, tb]
            removed = line[0][0]
            d["line"] = line[1:] + [entry]
        dest = d["collections"][p] if connected else d["discarded"]
        dest.append(removed)
        dest.sort()
        d["selected"][p] = None
        if d["selected"] == [None, None]:            # both placed: token step
            d["token"]["face"] = "big" if d["token"]["face"] == "small" else "small"
            if self.game.variant == "standard":
                d["token"]["holder"] = 1 - d["token"]["holder"]
            if d["round"] == NUM_ROUNDS:
                d["phase"] = "over"
            else:
                d["round"] += 1
                d["phase"] = "select"

    # ----- strings --------------------------------------------------------------------------
    def _place_tile(self) -> int:
        if self.d["phase"] != "place":
            raise ValueError("place actions only have a string at a place node")
        return self.d["selected"][self._placer()]

    def action_to_string(self, a, player=None) -> str:
        if player is not None:
            self._check_player(player)
        if not _is_int(a) or not 0 <= a < NUM_ACTIONS:
            raise ValueError(f"no action {a!r}")
        if a < PLACE_BASE:
            return f"select {a + 1}"
        end, k = divmod(a - PLACE_BASE, 2)
        if self.game.connection == "shared":
            if k:
                raise ValueError(f"no action {a} with connection='shared'")
            return f"place {ENDS[end]}"
        ta, tb, _ = self.game.tiles[self._place_tile() - 1]
        return f"place {ENDS[end]} {tb if k else ta}"

    def string_to_action(self, s, player=None) -> int:
        if player is not None:
            self._check_player(player)
        if not isinstance(s, str):
            raise TypeError(f"action string must be a str, got {s!r}")
        parts = s.split(" ")
        if len(parts) == 2 and parts[0] == "select" and parts[1].isdigit() \
                and str(int(parts[1])) == parts[1] and 1 <= int(parts[1]) <= NUM_TILES:
            return int(parts[1]) - 1
        if len(parts) >= 2 and parts[0] == "place" and parts[1] in ENDS:
            end = ENDS.index(parts[1])
            if self.game.connection == "shared" and len(parts) == 2:
                return PLACE_BASE + 2 * end
            if self.game.connection == "domino" and len(parts) == 3:
                ta, tb, _ = self.game.tiles[self._place_tile() - 1]
                if parts[2] in (ta, tb):
                    return PLACE_BASE + 2 * end + (parts[2] == tb)
        raise ValueError(f"bad action string {s!r}")

    # ----- results --------------------------------------------------------------------------
    def scores(self) -> list:
        return [float(self.game.score(c)) for c in self.d["collections"]]

    def returns(self) -> list:
        if not self.is_terminal():
            return [0.0, 0.0]
        s0, s1 = self.scores()
        if s0 == s1:
            return [0.5, 0.5]
        return [1.0, 0.0] if s0 > s1 else [0.0, 1.0]

    def to_dict(self) -> dict:
        return copy.deepcopy(self.d)

    def clone(self) -> State:
        return State(self.game, copy.deepcopy(self.d))

    def __str__(self) -> str:
        return str(self.d)
