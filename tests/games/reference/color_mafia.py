"""Pure-Python reference for Color Mafia (``color_mafia``).

Rules and project decisions: ``docs/games/color_mafia.md``.
Slow and plain on purpose: the C++ engine is diffed against this file dict for dict.
"""

from __future__ import annotations

import copy
import itertools

from tests.games.reference.rng import Rng

GAME_ID = "color_mafia"
CHIP_COLORS = "RBYG"  # fashion chip colours, in the spec's order R < B < Y < G
COIN_COLORS = "RBYGW"  # coin colours; ids 0-4
SIMULTANEOUS = -2
TERMINAL = -4

# Ids 5-38: multisets of 1-3 chips, by size then lexicographically (spec "Actions").
MULTISETS = [
    "".join(m)
    for size in (1, 2, 3)
    for m in itertools.combinations_with_replacement(CHIP_COLORS, size)
]
assert len(MULTISETS) == 34
CHIP_BASE = 5
NUM_ACTIONS = CHIP_BASE + len(MULTISETS)  # 39

PARAM_RANGES = {"players": (3, 4), "chips_per_color": (2, 30), "max_rounds": (1, 10000)}
PARAM_DEFAULTS = {"players": 4, "chips_per_color": 10, "max_rounds": 100}
DICT_KEYS = ["game", "players", "round", "parent", "phase", "box", "chips", "coins",
             "revealed", "acting", "outcome", "rng"]


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _counts(ms: str) -> dict:
    return {c: ms.count(c) for c in CHIP_COLORS}


def _contained(ms: str, pool: dict) -> bool:
    return all(ms.count(c) <= pool[c] for c in CHIP_COLORS)


def make(**params) -> Game:
    unknown = sorted(set(params) - set(PARAM_DEFAULTS))
    if unknown:
        raise ValueError(f"color_mafia: unknown parameter(s) {unknown}")
    resolved = dict(PARAM_DEFAULTS)
    for name, value in params.items():
        lo, hi = PARAM_RANGES[name]
        if not _is_int(value):
            raise ValueError(f"color_mafia: parameter {name} must be an int, got {value!r}")
        if not lo <= value <= hi:
            raise ValueError(f"color_mafia: parameter {name}={value} out of range {lo}..{hi}")
        resolved[name] = value
    return Game(resolved)


class Game:
    def __init__(self, params: dict) -> None:
        self.params = dict(params)
        self.num_players = params["players"]
        self.num_actions = NUM_ACTIONS
        self.id = GAME_ID

    def new_initial_state(self, seed: int) -> State:
        if not _is_int(seed):
            raise TypeError("seed must be an int")
        n = self.num_players
        rng = Rng(seed)
        s = State(self)
        s.parent = rng.uniform(n)  # the only chance event of the game
        s.rng = rng.state
        s.box = {c: self.params["chips_per_color"] for c in CHIP_COLORS}
        s.chips = [{c: 0 for c in CHIP_COLORS} for _ in range(n)]
        s.coins = [{c: 1 for c in COIN_COLORS} for _ in range(n)]
        return s

    # ----------------------------------------------------------------- dict loading
    def state_from_dict(self, d) -> State:
        if not isinstance(d, dict):
            raise TypeError("state dict must be a dict")
        missing = [k for k in DICT_KEYS if k not in d and k != "rng"]
        extra = [k for k in d if k not in DICT_KEYS]
        if missing or extra:
            raise ValueError(f"bad keys: missing {missing}, unknown {extra}")
        n, p = self.num_players, self.params
        if d["game"] != GAME_ID:
            raise ValueError(f"game must be {GAME_ID!r}")
        if not _is_int(d["players"]) or d["players"] != n:
            raise ValueError(f"players must be {n}")
        for key, lo, hi in (("round", 1, p["max_rounds"]), ("parent", 0, n - 1)):
            if not _is_int(d[key]) or not lo <= d[key] <= hi:
                raise ValueError(f"{key} must be an int in {lo}..{hi}")
        rng = d.get("rng", 0)
        if not _is_int(rng) or not 0 <= rng < 2**64:
            raise ValueError("rng must be an int in [0, 2**64)")

        def counts(obj, keys, what):
            if not isinstance(obj, dict) or set(obj) != set(keys):
                raise ValueError(f"{what} must be a dict with keys {list(keys)}")
            for k in keys:
                if not _is_int(obj[k]) or obj[k] < 0:
                    raise ValueError(f"{what}[{k!r}] must be an int >= 0")
            return {k: obj[k] for k in keys}

        def per_player(obj, what):
            if not isinstance(obj, list) or len(obj) != n:
                raise ValueError(f"{what} must be a list of {n} entries")
            return obj

        box = counts(d["box"], CHIP_COLORS, "box")
        chips = [counts(x, CHIP_COLORS, f"chips[{i}]")
                 for i, x in enumerate(per_player(d["chips"], "chips"))]
        coins = [counts(x, COIN_COLORS, f"coins[{i}]")
                 for i, x in enumerate(per_player(d["coins"], "coins"))]
        for c in CHIP_COLORS:  # chip conservation per colour
            if box[c] + sum(h[c] for h in chips) != p["chips_per_color"]:
                raise ValueError(f"chip conservation broken for colour {c}")
        if sum(box.values()) < 1:
            raise ValueError("the box is never emptied")
        for i, h in enumerate(coins):  # coin conservation
            if sum(h.values()) != 5:
                raise ValueError(f"player {i} must hold exactly 5 coins")
        for c in COIN_COLORS:
            if sum(h[c] for h in coins) != n:
                raise ValueError(f"the table must hold exactly {n} coins of colour {c}")

        phase, revealed = d["phase"], per_player(d["revealed"], "revealed")
        acting, outcome = d["acting"], d["outcome"]
        if phase not in ("choose", "resolve", "over"):
            raise ValueError(f"bad phase {phase!r}")
        if phase == "resolve":
            for i, r in enumerate(revealed):
                if not isinstance(r, str) or r not in COIN_COLORS or len(r) != 1:
                    raise ValueError(f"revealed[{i}] must be a colour letter in resolve")
                if coins[i][r] < 1:
                    raise ValueError(f"player {i} revealed {r} but holds no such coin")
            if not _is_int(acting) or not 0 <= acting < n:
                raise ValueError("acting must be a player in resolve")
            if outcome is not None:
                raise ValueError("outcome must be null before the end")
        else:
            if any(r is not None for r in revealed) or acting is not None:
                raise ValueError("revealed and acting must be null outside resolve")
            if phase == "choose" and outcome is not None:
                raise ValueError("outcome must be null before the end")
            if phase == "over":
                if outcome == "ended":
                    if sum(box.values()) > 2:
                        raise ValueError("an ended game leaves 1 or 2 chips in the box")
                elif outcome == "truncated":
                    if d["round"] != p["max_rounds"]:
                        raise ValueError("a truncated game has round == max_rounds")
                else:
                    raise ValueError("outcome must be 'ended' or 'truncated' when over")

        # Coins start one of each colour; each pass (a completed round) moves one coin per player.
        passes = d["round"] if outcome == "truncated" else d["round"] - 1
        for i, h in enumerate(coins):
            if sum(max(k - 1, 0) for k in h.values()) > passes:
                raise ValueError(f"player {i}'s coins are too far from the start for {passes} "
                                 "passes")
        # Chips are only gained by taking, at most 3 per turn, one turn per round.
        for i, h in enumerate(chips):
            turns = d["round"] - 1
            if phase == "over":
                turns = d["round"]
            elif phase == "resolve":
                turns += (i - d["parent"]) % n < (acting - d["parent"]) % n
            if sum(h.values()) > 3 * turns:
                raise ValueError(f"player {i} holds more chips than {turns} turns can take")

        s = State(self)
        s.round, s.parent, s.phase, s.rng = d["round"], d["parent"], phase, rng
        s.box, s.chips, s.coins = box, chips, coins
        s.revealed = list(revealed)
        s.acting, s.outcome = acting, outcome
        if phase == "resolve" and s._resolution(acting) != "act":
            raise ValueError(f"player {acting} has no decision to make now")
        return s


class State:
    def __init__(self, game: Game) -> None:
        self.game = game
        n = game.num_players
        self.round = 1
        self.parent = 0
        self.phase = "choose"
        self.box: dict = {}
        self.chips: list = []
        self.coins: list = []
        self.revealed: list = [None] * n
        self.acting = None
        self.outcome = None
        self.rng = 0

    # ----------------------------------------------------------------- basic queries
    def clone(self) -> State:
        c = copy.copy(self)
        c.box, c.revealed = dict(self.box), list(self.revealed)
        c.chips = [dict(h) for h in self.chips]
        c.coins = [dict(h) for h in self.coins]
        return c

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def is_simultaneous_node(self) -> bool:
        return self.phase == "choose"

    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase == "choose":
            return SIMULTANEOUS
        return self.acting

    def acting_players(self) -> list:
        if self.phase == "choose":
            return list(range(self.game.num_players))
        if self.phase == "resolve":
            return [self.acting]
        return []

    def _check_player(self, player) -> None:
        if not _is_int(player) or not 0 <= player < self.game.num_players:
            raise ValueError(f"bad player {player!r}")

    # ----------------------------------------------------------------- rules helpers
    def _collided(self, p: int) -> bool:
        # Spec 3.2: collides if at least one other player chose the same colour.
        return self.revealed.count(self.revealed[p]) > 1

    def _resolution(self, p: int) -> str:
        """'skip', 'end' (a taker whose end check fires) or 'act' for player p now."""
        coin = self.revealed[p]
        if self._collided(p):
            if p == self.parent or sum(self.chips[p].values()) == 0:
                return "skip"  # parent's immunity / nothing to return
            return "act"
        limit = 2 if coin == "W" else 1  # end check first: box <= 1 (colour) or <= 2 (white)
        return "end" if sum(self.box.values()) <= limit else "act"

    def _chip_options(self, p: int) -> list:
        """Legal multisets (strings) for player p's resolution (spec 3.3)."""
        coin = self.revealed[p]
        if self._collided(p):  # return chips from p's holding
            pool, cap = self.chips[p], 3
            sizes = (2, 3) if coin == "W" else (1, 2)
            held = sum(pool.values())
            if held < sizes[0]:
                sizes = (held,)  # fewer than the minimum: return all you hold
        else:  # take from the box, never emptying it
            pool, cap = self.box, sum(self.box.values()) - 1
            sizes = (2, 3) if coin == "W" else (1, 2)
        strict = coin != "W" and pool[coin] >= 1  # colours are strict
        return [m for m in MULTISETS
                if len(m) in sizes and len(m) <= cap and _contained(m, pool)
                and (not strict or set(m) == {coin})]

    def _advance(self, start: int) -> None:
        """Walk the resolution order from position `start` (0 = parent) to the next decision."""
        n = self.game.num_players
        for pos in range(start, n):
            p = (self.parent + pos) % n
            kind = self._resolution(p)
            if kind == "end":  # the game ends now; nobody passes coins
                self.phase, self.outcome = "over", "ended"
                self.revealed, self.acting = [None] * n, None
                return
            if kind == "act":
                self.acting = p
                return
        # Round over: pass used coins left, move the parent left (spec 3.4).
        for p in range(n):
            c = self.revealed[p]
            self.coins[p][c] -= 1
            self.coins[(p + 1) % n][c] += 1
        self.parent = (self.parent + 1) % n
        self.revealed, self.acting = [None] * n, None
        if self.round == self.game.params["max_rounds"]:
            self.phase, self.outcome = "over", "truncated"
        else:
            self.round += 1
            self.phase = "choose"

    # ----------------------------------------------------------------- actions
    def legal_actions(self, player=None) -> list:
        if player is None:
            if self.phase == "choose":
                raise ValueError("simultaneous node: name a player")
            if self.phase == "over":
                return []
            player = self.acting
        self._check_player(player)
        if self.phase == "choose":
            return [i for i, c in enumerate(COIN_COLORS) if self.coins[player][c] > 0]
        if self.phase == "resolve" and player == self.acting:
            return sorted(CHIP_BASE + MULTISETS.index(m) for m in self._chip_options(player))
        return []

    def apply_action(self, action) -> None:
        if self.phase != "resolve":
            raise ValueError("apply_action needs a sequential decision node")
        if not _is_int(action) or action not in self.legal_actions():
            raise ValueError(f"illegal action {action!r}")
        p = self.acting
        moved = _counts(MULTISETS[action - CHIP_BASE])
        # A collided player returns chips to the box; a non-collided one takes from it.
        src, dst = (self.chips[p], self.box) if self._collided(p) else (self.box, self.chips[p])
        for c in CHIP_COLORS:
            src[c] -= moved[c]
            dst[c] += moved[c]
        n = self.game.num_players
        self._advance((p - self.parent) % n + 1)

    def apply_actions(self, joint) -> None:
        if self.phase != "choose":
            raise ValueError("apply_actions needs a simultaneous node")
        n = self.game.num_players
        if not isinstance(joint, (list, tuple)) or len(joint) != n:
            raise ValueError(f"joint action must have {n} entries")
        for p, a in enumerate(joint):
            if not _is_int(a) or a not in self.legal_actions(p):
                raise ValueError(f"illegal action {a!r} for player {p}")
        self.revealed = [COIN_COLORS[a] for a in joint]
        self.phase = "resolve"
        self._advance(0)

    def action_to_string(self, action, player=None) -> str:
        if not _is_int(action) or not 0 <= action < NUM_ACTIONS:
            raise ValueError(f"bad action id {action!r}")
        if action < CHIP_BASE:
            return f"coin {COIN_COLORS[action]}"
        return f"chips {MULTISETS[action - CHIP_BASE]}"

    def string_to_action(self, s, player=None) -> int:
        if isinstance(s, str):
            for a in range(NUM_ACTIONS):
                if self.action_to_string(a) == s:
                    return a
        raise ValueError(f"bad action string {s!r}")

    # ----------------------------------------------------------------- results
    def _eliminated(self) -> list:
        n = self.game.num_players
        if self.outcome != "ended":
            return [False] * n
        unfashionable = [c for c in CHIP_COLORS if self.box[c] > 0]
        counts = [sum(h[c] for c in unfashionable) for h in self.chips]
        top = max(counts)
        return [top > 0 and x == top for x in counts]

    def scores(self) -> list:
        if self.phase != "over":
            return [0.0] * self.game.num_players
        unfashionable = []  # a truncated game counts every chip at 2 points
        if self.outcome == "ended":
            unfashionable = [c for c in CHIP_COLORS if self.box[c] > 0]
        out = []
        for h, out_of_game in zip(self.chips, self._eliminated(), strict=True):
            if out_of_game:
                out.append(0.0)
                continue
            points = sum((1 if c in unfashionable else 2) * h[c] for c in CHIP_COLORS)
            points += 5 * min(h.values())  # complete R B Y G sets
            out.append(float(points))
        return out

    def returns(self) -> list:
        n = self.game.num_players
        if self.phase != "over":
            return [0.0] * n
        if self.outcome == "truncated":
            return [1.0 / n] * n
        scores, out_of_game = self.scores(), self._eliminated()
        alive = [p for p in range(n) if not out_of_game[p]]
        if not alive:  # everybody eliminated: everybody shares
            return [1.0 / n] * n
        best = max(scores[p] for p in alive)
        winners = [p for p in alive if scores[p] == best]
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]

    # ----------------------------------------------------------------- serialisation
    def to_dict(self) -> dict:
        return {
            "game": GAME_ID, "players": self.game.num_players, "round": self.round,
            "parent": self.parent, "phase": self.phase, "box": dict(self.box),
            "chips": [dict(h) for h in self.chips], "coins": [dict(h) for h in self.coins],
            "revealed": list(self.revealed), "acting": self.acting, "outcome": self.outcome,
            "rng": self.rng,
        }

    def __str__(self) -> str:
        return repr(self.to_dict())
