"""Pure-Python reference for Hội Phố (`hoi_pho`).

Rules, implementation choices, the chance procedure and the extra dict fields:
``docs/games/hoi_pho.md``. Slow and plain on purpose.
"""

from __future__ import annotations

import copy

from tests.games.reference.rng import Rng

SIMULTANEOUS = -2
TERMINAL = -4
NUM_ACTIONS = 24
SHIP = 0
TARGET0 = 16  # 16..20 = seat 0..4
ROCK, PAPER, SCISSORS = 21, 22, 23
RPS_NAMES = {ROCK: "rock", PAPER: "paper", SCISSORS: "scissors"}
BEATS = {PAPER: ROCK, ROCK: SCISSORS, SCISSORS: PAPER}  # key beats value

# spec, Components: merchant -> (1st reward, 2nd reward)
REWARDS = {
    1: (2, 1), 2: (2, 1), 3: (2, 1), 4: (2, 1), 5: (2, 2), 6: (2, 2), 7: (2, 2), 8: (3, 1),
    9: (3, 1), 10: (3, 1), 11: (3, 2), 12: (3, 2), 13: (4, 2), 14: (4, 2), 15: (5, 2),
}
# spec, Rivalries "1->15, 2->12, 5->14, 14->13, 15->13": victim -> the cards that zero it
RIVALS = {15: (1,), 12: (2,), 14: (5,), 13: (14, 15)}

DEFAULTS = {
    "players": 4, "contracts": [5, 7, 9, 11, 13, 15, 17], "sheep_tie": True, "rps": "play",
    "max_rounds": 100,
}
PHASES = ("discard", "play", "target", "name", "naga_play", "naga_take", "copy", "rps", "over")
SKILL_PHASES = ("target", "name", "naga_play", "naga_take", "copy", "rps")
CARD_VERBS = {
    "play": "play", "discard": "discard", "name": "name", "naga_play": "naga-play",
    "naga_take": "naga-take", "copy": "copy",
}
TOP_SKILLS = {"target": (1, 8, 9), "rps": (1,), "name": (4, 5), "naga_play": (6,),
              "naga_take": (6,), "copy": (11,)}
KEYS = ("game", "players", "round", "turn", "phase", "coins", "coins_turn_start", "contracts",
        "deck", "hands", "removed", "discards", "table", "previous", "forced", "known",
        "outcome", "stack", "skill_player", "target", "rps_draws")


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def make(**params) -> Game:
    unknown = sorted(set(params) - set(DEFAULTS))
    if unknown:
        raise ValueError(f"hoi_pho: unknown parameter(s) {unknown}")
    p = {**DEFAULTS, **params}
    if not _is_int(p["players"]) or p["players"] not in (3, 4, 5):
        raise ValueError(f"hoi_pho: players must be 3, 4 or 5, got {p['players']!r}")
    c = p["contracts"]
    if (not isinstance(c, (list, tuple)) or len(c) != 7 or not all(_is_int(x) for x in c)
            or any(x < 0 for x in c) or any(c[i] >= c[i + 1] for i in range(6))):
        raise ValueError(f"hoi_pho: contracts must be 7 increasing non-negative ints, got {c!r}")
    p["contracts"] = list(c)
    if not isinstance(p["sheep_tie"], bool):
        raise ValueError(f"hoi_pho: sheep_tie must be a bool, got {p['sheep_tie']!r}")
    if p["rps"] not in ("play", "chance") or not isinstance(p["rps"], str):
        raise ValueError(f"hoi_pho: rps must be 'play' or 'chance', got {p['rps']!r}")
    if not _is_int(p["max_rounds"]) or not 1 <= p["max_rounds"] <= 1000:
        raise ValueError(f"hoi_pho: max_rounds must be an int in 1..1000, got {p['max_rounds']!r}")
    return Game(p)


class Game:
    def __init__(self, params: dict) -> None:
        self.params = params
        self.num_players = params["players"]
        self.num_actions = NUM_ACTIONS
        n = self.num_players
        self.turns = 3 if n == 5 else 4           # spec, round step 4
        self.dealt = {3: 5, 4: 4, 5: 3}[n]        # cards dealt besides the own ship
        self.base = 4 if n == 5 else 5            # hand size when turn 1 starts

    def new_initial_state(self, seed: int) -> State:
        s = State(self)
        n = self.num_players
        s.rng = Rng(seed)
        s.coins = [5] * n
        s.contracts = [[] for _ in range(n)]
        s.deck = list(self.params["contracts"])
        s.round = 1
        s._start_round()
        return s

    def state_from_dict(self, d) -> State:
        return _from_dict(self, d)


class State:
    def __init__(self, game: Game) -> None:
        self.game = game
        n = game.num_players
        self.rng = Rng(0)
        self.round = 1
        self.turn = 1
        self.phase = "play"
        self.coins = [0] * n
        self.coins_turn_start = [0] * n
        self.contracts = [[] for _ in range(n)]
        self.deck = []
        self.hands = [[] for _ in range(n)]
        self.removed = []
        self.discards = []
        self.table = []            # list of (card, owner), kept sorted
        self.previous = []
        self.forced = None
        self.known = [[] for _ in range(n)]
        self.outcome = None
        self.stack = []            # skill numbers, bottom first (note: extra fields)
        self.skill_player = None
        self.target = None
        self.rps_draws = 0
        self.ships_played = [0] * n  # ships each seat played or discarded this round (note)

    # ----------------------------------------------------------------- queries
    @property
    def n(self) -> int:
        return self.game.num_players

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def is_simultaneous_node(self) -> bool:
        return self.phase in ("discard", "play", "rps")

    def current_player(self) -> int:
        if self.is_terminal():
            return TERMINAL
        if self.is_simultaneous_node():
            return SIMULTANEOUS
        return self.skill_player

    def acting_players(self) -> list[int]:
        if self.phase in ("discard", "play"):
            return [p for p in range(self.n) if self.hands[p]]
        if self.phase == "rps":
            return sorted([self.skill_player, self.target])
        if self.is_terminal():
            return []
        return [self.skill_player]

    def _check_player(self, player) -> None:
        if not _is_int(player) or not 0 <= player < self.n:
            raise ValueError(f"hoi_pho: bad player {player!r}")

    def legal_actions(self, player=None) -> list[int]:
        if player is None:
            if self.is_terminal():
                return []
            if self.is_simultaneous_node():
                raise ValueError("hoi_pho: legal_actions needs a player at a simultaneous node")
            player = self.skill_player
        self._check_player(player)
        if player not in self.acting_players():
            return []
        hand = self.hands[player]
        if self.phase == "discard":
            return sorted(set(hand))
        if self.phase == "play":
            if self.forced is not None and self.forced in hand:  # spec, turn step 1
                return [self.forced]
            return sorted(set(hand))
        if self.phase == "rps":
            return [ROCK, PAPER, SCISSORS]
        top = self.stack[-1]
        if self.phase == "target":
            return [TARGET0 + q for q in range(self.n) if q != player]
        if self.phase == "name":
            return [c for c in range(1, 16) if c != top]
        if self.phase == "naga_play":
            return sorted(c for c in hand if c != SHIP)
        if self.phase == "naga_take":
            return self._takeable(player)
        if self.phase == "copy":
            return self._goat_pool()
        raise AssertionError(self.phase)

    def _takeable(self, p: int) -> list[int]:
        """Merchants an opponent of p played this turn, still on the table (spec, Naga)."""
        return sorted(c for c, o in self.table if o != p and c != SHIP)

    def _goat_pool(self) -> list[int]:
        """spec, Goat: this turn's table merchants + the previous turn's, minus 11 and 13."""
        pool = {c for c, _ in self.table if c != SHIP} | set(self.previous)
        return sorted(pool - {11, 13})

    # ----------------------------------------------------------------- strings
    def action_to_string(self, a, player=None) -> str:
        if player is not None:
            self._check_player(player)
        if not _is_int(a) or not 0 <= a < NUM_ACTIONS:
            raise ValueError(f"hoi_pho: bad action {a!r}")
        if a >= ROCK:
            return RPS_NAMES[a]
        if a >= TARGET0:
            if a - TARGET0 >= self.n:
                raise ValueError(f"hoi_pho: no seat {a - TARGET0} with {self.n} players")
            return f"target {a - TARGET0}"
        verb = CARD_VERBS.get(self.phase, "play")
        return f"{verb} {'ship' if a == SHIP else a}"

    def string_to_action(self, s, player=None) -> int:
        for a in range(NUM_ACTIONS):
            if TARGET0 + self.n <= a < ROCK:
                continue
            if self.action_to_string(a, player) == s:
                return a
        raise ValueError(f"hoi_pho: unknown action string {s!r} in phase {self.phase}")

    # ----------------------------------------------------------------- results
    def scores(self) -> list[float]:
        return [float(len(c)) for c in self.contracts]

    def returns(self) -> list[float]:
        if self.outcome is None:
            return [0.0] * self.n
        if self.outcome == "truncated":
            return [1.0 / self.n] * self.n
        # spec, End: most contracts; sum of contract numbers; highest card in hand
        keys = [(len(self.contracts[p]), sum(self.contracts[p]), max(self.hands[p], default=0))
                for p in range(self.n)]
        best = max(keys)
        winners = [p for p in range(self.n) if keys[p] == best]
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(self.n)]

    # ----------------------------------------------------------------- applying
    def apply_action(self, a) -> None:
        if self.is_terminal() or self.is_simultaneous_node():
            raise ValueError(f"hoi_pho: apply_action is not allowed in phase {self.phase}")
        if not _is_int(a) or a not in self.legal_actions():
            raise ValueError(f"hoi_pho: illegal action {a!r} in phase {self.phase}")
        p = self.skill_player
        top = self.stack[-1]
        if self.phase == "target":
            self._on_target(p, top, a - TARGET0)
        elif self.phase == "name":
            self.stack.pop()
            if top == 4:   # Rabbit: the +1 was paid on entry; no order on the last turn
                if self.turn < self.game.turns:
                    self.forced = a
            else:          # Cat
                self._cat(p, a)
            self._continue()
        elif self.phase == "naga_play":
            self.hands[p].remove(a)
            self._forget(p, a)
            self.table = sorted(self.table + [(a, p)])
            # the Naga entry stays on the stack and waits to take
            if not self._resolve(a, p):
                self._continue()
        elif self.phase == "naga_take":
            self.stack.pop()
            self.table.remove((a, self._owner(a)))
            self.hands[p] = sorted(self.hands[p] + [a])
            self.known[p] = sorted(self.known[p] + [a])
            self._continue()
        elif self.phase == "copy":
            self.stack.pop()   # Goat is replaced by the copied skill, resolved as p's
            if not self._resolve(a, p):
                self._continue()

    def apply_actions(self, joint) -> None:
        if not self.is_simultaneous_node():
            raise ValueError(f"hoi_pho: apply_actions is not allowed in phase {self.phase}")
        if not isinstance(joint, (list, tuple)) or len(joint) != self.n:
            raise ValueError(f"hoi_pho: joint action must have {self.n} entries")
        acting = self.acting_players()
        for p in range(self.n):
            a = joint[p]
            if p in acting:
                if not _is_int(a) or a not in self.legal_actions(p):
                    raise ValueError(f"hoi_pho: illegal action {a!r} for player {p}")
            elif a != -1:
                raise ValueError(f"hoi_pho: player {p} is not acting; use -1")
        if self.phase == "discard":
            self.discards = list(joint)
            for p in range(self.n):
                self.hands[p].remove(joint[p])
                if joint[p] == SHIP:
                    self.ships_played[p] += 1
            self._open_play()
        elif self.phase == "play":
            self._play(joint, acting)
        else:
            self._rps(joint[self.skill_player], joint[self.target])

    # ----------------------------------------------------------------- round flow
    def _start_round(self) -> None:
        n = self.n
        top = self.deck[0]
        self.coins = [min(c, top) for c in self.coins]            # spec, round step 1
        self.turn = 1
        cards = [SHIP] * (5 - n) + list(range(1, 16))              # note, Deal
        self.rng.shuffle(cards)
        offset = 0
        self.removed = []
        if n == 3:
            self.removed = sorted(cards[0:2])
            offset = 2
        k = self.game.dealt
        self.hands = [sorted(cards[offset + p * k: offset + (p + 1) * k] + [SHIP])
                      for p in range(n)]
        self.known = [[] for _ in range(n)]
        self.ships_played = [0] * n
        self.table = []
        self.previous = []
        self.discards = []
        self.forced = None
        self.coins_turn_start = list(self.coins)
        if n == 3:
            self.phase = "discard"
        else:
            self._open_play()

    def _open_play(self) -> None:
        self.coins_turn_start = list(self.coins)
        self.phase = "play"
        if not self.acting_players():   # only after freak Naga chains
            self._end_turn()

    def _play(self, joint, acting) -> None:
        for p in acting:
            self.hands[p].remove(joint[p])
            self._forget(p, joint[p])
            if joint[p] == SHIP:
                self.ships_played[p] += 1
        self.table = sorted((joint[p], p) for p in acting)
        self.forced = None                                          # the order lapses
        ships = [o for c, o in self.table if c == SHIP]             # spec, turn step 2
        if len(ships) == 1:
            self.coins[ships[0]] += 5
        elif len(ships) == 2:
            for o in ships:
                self.coins[o] += 1
        merchants = [(c, o) for c, o in self.table if c != SHIP]
        if not merchants:
            self._end_turn()
            return
        played = {c for c, _ in merchants}
        eff = {c: (0 if any(r in played for r in RIVALS.get(c, ())) else c) for c in played}
        owner = {c: o for c, o in merchants}
        high = max(played, key=lambda c: eff[c])
        low_value = min(eff.values())
        low = sorted(c for c in played if eff[c] == low_value)
        if len(played) == 1:
            low = [high]
        self.coins[owner[high]] += REWARDS[high][0]                 # spec, turn step 6
        rest = [c for c in played if c != high and c not in low]
        if rest:
            second = max(rest, key=lambda c: eff[c])
            self.coins[owner[second]] += REWARDS[second][1]
        self.phase = "resolving"
        # Only a one-card L can ask for a decision (note): the remaining cards of a bigger L
        # (zeroed 12..15) resolve without pausing, so a plain loop is enough.
        for c in low:
            if self._resolve(c, owner[c]):
                return          # a decision is open; L was a single card
            if self.phase == "over":
                return
        self._end_turn()

    def _end_turn(self) -> None:
        self.previous = sorted(c for c, _ in self.table if c != SHIP)
        self.table = []
        if self.turn < self.game.turns:
            self.turn += 1
            self._open_play()
            return
        # spec, round step 5: the award
        most = max(self.coins)
        rich = [p for p in range(self.n) if self.coins[p] == most]
        winner = None
        if len(rich) == 1:
            winner = rich[0]
        else:
            best = max(max(self.hands[p], default=0) for p in rich)
            if best > 0:
                winner = next(p for p in rich if max(self.hands[p], default=0) == best)
        if winner is not None:
            self.contracts[winner].append(self.deck.pop(0))
        if self._end_check():
            return
        if self.round >= self.game.params["max_rounds"]:
            self.phase = "over"
            self.outcome = "truncated"
            return
        self.round += 1
        self._start_round()

    def _end_check(self) -> bool:
        if self.deck and all(len(c) < 3 for c in self.contracts):
            return False
        self.phase = "over"
        self.outcome = "ended"
        self.stack = []
        self.skill_player = None
        self.target = None
        self.rps_draws = 0
        return True

    # ----------------------------------------------------------------- skills
    def _push(self, skill: int, p: int, phase: str) -> bool:
        self.stack.append(skill)
        self.skill_player = p
        self.phase = phase
        return True

    def _resolve(self, s: int, p: int) -> bool:
        """Start skill s for player p; True if a decision node is now open."""
        coins = self.coins
        opponents = [q for q in range(self.n) if q != p]
        if s == 1:
            return self._push(1, p, "target")
        if s == 2:
            coins[p] += 4
        elif s == 3:
            for q in opponents:
                pay = min(coins[q], 2 if self.contracts[q] else 1)
                coins[q] -= pay
                coins[p] += pay
        elif s == 4:
            coins[p] += 1
            return self._push(4, p, "name")
        elif s == 5:
            return self._push(5, p, "name")
        elif s == 6:
            if any(c != SHIP for c in self.hands[p]) and self._takeable(p):
                return self._push(6, p, "naga_play")
        elif s == 7:
            self.coins = [min(c, t) for c, t in zip(coins, self.coins_turn_start, strict=True)]
        elif s in (8, 9):
            return self._push(s, p, "target")
        elif s == 10:
            tie = self.game.params["sheep_tie"]
            poorest = all(coins[p] < coins[q] or (tie and coins[p] == coins[q])
                          for q in opponents)
            if poorest and self.deck:
                self.contracts[p].append(self.deck.pop(0))
            self._end_check()
        elif s == 11:
            if self._goat_pool():
                return self._push(11, p, "copy")
        elif s == 12:
            if self.deck:
                self.contracts[p].append(self.deck.pop(0))
            for q in opponents:
                coins[q] += 1
            self._end_check()
        elif s == 14:
            coins[p] -= min(3, coins[p])
        elif s == 15:
            coins[(p - 1) % self.n] += 2
            coins[(p + 1) % self.n] += 2
            coins[p] = max(0, coins[p] - 4)
        return False

    def _continue(self) -> None:
        """After a decision finished: pending Naga takes, then the end of the turn."""
        if self.phase == "over":
            return
        while self.stack:
            p = self.skill_player
            if self._takeable(p):   # the top is always a Naga waiting to take
                self.phase = "naga_take"
                return
            self.stack.pop()
        self.skill_player = None
        self.phase = "resolving"
        self._end_turn()

    def _on_target(self, p: int, skill: int, t: int) -> None:
        coins = self.coins
        if skill == 8:
            take = coins[t] // 2
            coins[t] -= take
            coins[p] += take
        elif skill == 9:
            coins[p], coins[t] = coins[t], coins[p]
        elif self.game.params["rps"] == "chance":
            w = self.rng.uniform(2)
            self._mouse_settle(p, t, p if w == 0 else t)
            return
        else:
            self.target = t
            self.rps_draws = 0
            self.phase = "rps"
            return
        self.stack.pop()
        self._continue()

    def _rps(self, mine: int, theirs: int) -> None:
        p, t = self.skill_player, self.target
        if mine == theirs:
            self.rps_draws += 1
            if self.rps_draws < 10:
                return
            w = self.rng.uniform(2)
            winner = p if w == 0 else t
        else:
            winner = p if BEATS[mine] == theirs else t
        self._mouse_settle(p, t, winner)

    def _mouse_settle(self, p: int, t: int, winner: int) -> None:
        loser = t if winner == p else p
        take = self.coins[loser] // 2
        self.coins[loser] -= take
        self.coins[winner] += take
        self.target = None
        self.rps_draws = 0
        self.stack.pop()
        self._continue()

    def _cat(self, p: int, c: int) -> None:
        for q in range(self.n):
            if q != p and c in self.hands[q]:
                pay = min(3, self.coins[q])
                self.coins[q] -= pay
                self.coins[p] += pay
                if c not in self.known[q]:
                    self.known[q] = sorted(self.known[q] + [c])

    def _forget(self, p: int, c: int) -> None:
        if c in self.known[p]:
            self.known[p].remove(c)

    def _owner(self, c: int) -> int:
        return next(o for card, o in self.table if card == c)

    # ----------------------------------------------------------------- dicts
    def to_dict(self) -> dict:
        return {
            "game": "hoi_pho", "players": self.n, "round": self.round, "turn": self.turn,
            "phase": self.phase, "coins": list(self.coins),
            "coins_turn_start": list(self.coins_turn_start),
            "contracts": [list(c) for c in self.contracts], "deck": list(self.deck),
            "hands": [list(h) for h in self.hands], "removed": list(self.removed),
            "discards": list(self.discards),
            "table": [{"card": c, "owner": o} for c, o in self.table],
            "previous": list(self.previous), "forced": self.forced,
            "known": [list(k) for k in self.known], "outcome": self.outcome,
            "rng": self.rng.state, "stack": list(self.stack), "skill_player": self.skill_player,
            "target": self.target, "rps_draws": self.rps_draws,
            "ships_played": list(self.ships_played),
        }

    def clone(self) -> State:
        return copy.deepcopy(self)

    def __str__(self) -> str:
        return str(self.to_dict())


# --------------------------------------------------------------------- validation
def _err(msg: str) -> None:
    raise ValueError(f"hoi_pho state_from_dict: {msg}")


def _int_list(x, name: str, lo: int, hi: int) -> list[int]:
    if not isinstance(x, list):
        raise TypeError(f"hoi_pho state_from_dict: {name} must be a list")
    for v in x:
        if not _is_int(v):
            raise TypeError(f"hoi_pho state_from_dict: {name} must hold ints")
        if not lo <= v <= hi:
            _err(f"{name} value {v} out of range {lo}..{hi}")
    return list(x)


def _ascending(x: list, name: str, strict: bool = True) -> None:
    for i in range(len(x) - 1):
        a, b = x[i], x[i + 1]
        if a > b or (strict and a == b):
            _err(f"{name} must be ascending")


def _per_player(x, name: str, n: int) -> list:
    if not isinstance(x, list):
        raise TypeError(f"hoi_pho state_from_dict: {name} must be a list")
    if len(x) != n:
        _err(f"{name} must have {n} entries")
    return x


def _opt_int(x, name: str, lo: int, hi: int):
    if x is None:
        return None
    if not _is_int(x):
        raise TypeError(f"hoi_pho state_from_dict: {name} must be an int or null")
    if not lo <= x <= hi:
        _err(f"{name} {x} out of range")
    return x


def _from_dict(game: Game, d) -> State:
    if not isinstance(d, dict):
        raise TypeError("hoi_pho state_from_dict: expected a dict")
    keys = set(d) - {"rng", "ships_played"}
    if keys != set(KEYS):
        _err(f"missing keys {sorted(set(KEYS) - keys)}, unknown keys {sorted(keys - set(KEYS))}")
    if d["game"] != "hoi_pho":
        _err("game must be 'hoi_pho'")
    n = game.num_players
    if not _is_int(d["players"]) or d["players"] != n:
        _err(f"players must be {n}")
    s = State(game)
    rng = d.get("rng", 0)
    if not _is_int(rng):
        raise TypeError("hoi_pho state_from_dict: rng must be an int")
    if not 0 <= rng < 2 ** 64:
        _err("rng out of range")
    s.rng = Rng(rng)
    s.round = _opt_int(d["round"], "round", 1, game.params["max_rounds"])
    s.turn = _opt_int(d["turn"], "turn", 1, game.turns)
    if s.round is None or s.turn is None:
        raise TypeError("hoi_pho state_from_dict: round and turn must be ints")
    if d["phase"] not in PHASES:
        _err(f"unknown phase {d['phase']!r}")
    s.phase = phase = d["phase"]
    if d["outcome"] not in (None, "ended", "truncated"):
        _err(f"bad outcome {d['outcome']!r}")
    s.outcome = d["outcome"]
    if (phase == "over") != (s.outcome is not None):
        _err("phase 'over' goes with a non-null outcome")
    big = 10 ** 12
    s.coins = _int_list(_per_player(d["coins"], "coins", n), "coins", 0, big)
    s.coins_turn_start = _int_list(_per_player(d["coins_turn_start"], "coins_turn_start", n),
                                   "coins_turn_start", 0, big)
    # contracts are conserved: the deck is the suffix of the parameter after the taken ones
    all_contracts = game.params["contracts"]
    s.contracts = [_int_list(c, "contracts", 0, big)
                   for c in _per_player(d["contracts"], "contracts", n)]
    for c in s.contracts:
        _ascending(c, "contracts")
    taken = sum(len(c) for c in s.contracts)
    s.deck = _int_list(d["deck"], "deck", 0, big)
    if taken > 7 or sorted(x for c in s.contracts for x in c) != all_contracts[:taken]:
        _err("contracts owned must be the top contracts taken from the deck")
    if s.deck != all_contracts[taken:]:
        _err("deck must be the remaining contracts, in order")
    finished = not s.deck or any(len(c) >= 3 for c in s.contracts)
    if (s.outcome == "ended") != finished:
        _err("outcome 'ended' iff someone owns 3 contracts or the deck is empty")
    if s.outcome == "truncated" and s.round != game.params["max_rounds"]:
        _err("a truncated game is at round max_rounds")
    # cards
    s.hands = [_int_list(h, "hands", 0, 15) for h in _per_player(d["hands"], "hands", n)]
    for h in s.hands:
        _ascending(h, "hands", strict=False)
    s.removed = _int_list(d["removed"], "removed", 0, 15)
    _ascending(s.removed, "removed", strict=False)
    if len(s.removed) != (2 if n == 3 else 0):
        _err("removed must hold 2 cards with 3 players, none otherwise")
    s.discards = _int_list(d["discards"], "discards", 0, 15)
    want = n if n == 3 and phase != "discard" else 0
    if len(s.discards) != want:
        _err(f"discards must have {want} entries")
    if not isinstance(d["table"], list):
        raise TypeError("hoi_pho state_from_dict: table must be a list")
    table = []
    for e in d["table"]:
        if not isinstance(e, dict) or set(e) != {"card", "owner"}:
            _err("table entries are {'card': c, 'owner': p}")
        c = _opt_int(e["card"], "table card", 0, 15)
        o = _opt_int(e["owner"], "table owner", 0, n - 1)
        if c is None or o is None:
            raise TypeError("hoi_pho state_from_dict: table entries need ints")
        table.append((c, o))
    if table != sorted(table):
        _err("table must be sorted by card then owner")
    s.table = table
    s.previous = _int_list(d["previous"], "previous", 1, 15)
    _ascending(s.previous, "previous")
    every = ([c for h in s.hands for c in h] + [c for c, _ in table] + s.previous + s.removed
             + s.discards)
    merchants = [c for c in every if c != SHIP]
    if len(merchants) != len(set(merchants)):
        _err("a card is in two places")
    ships = every.count(SHIP)
    if ships > 5:
        _err("more than 5 ships")
    if s.turn == 1 and (len(merchants) != 15 or ships != 5):
        _err("on a round's first turn every card must be listed")
    if s.turn == 1 and s.previous:
        _err("previous must be empty on turn 1")
    s.known = [_int_list(k, "known", 1, 15) for k in _per_player(d["known"], "known", n)]
    for p in range(n):
        _ascending(s.known[p], "known")
        if not set(s.known[p]) <= set(s.hands[p]):
            _err("known cards must be in that hand")
    s.forced = _opt_int(d["forced"], "forced", 1, 15)
    if s.forced == 4:
        _err("forced cannot be 4")
    if s.forced is not None and (s.turn == 1 and phase in ("discard", "play")
                                 or s.turn == game.turns and phase != "play"):
        _err("no Rabbit order can be pending here")
    # hand sizes and phase
    base = game.base
    sizes = [len(h) for h in s.hands]
    if phase == "discard":
        if n != 3 or s.turn != 1 or any(z != base + 1 for z in sizes):
            _err("discard phase: 3 players, turn 1, full hands")
    elif phase == "play":
        cap = base - s.turn + 1
        if any(z > cap for z in sizes) or (s.turn == 1 and any(z != cap for z in sizes)):
            _err("hand sizes do not match the turn")
        if not any(sizes):
            _err("nobody can play")
    elif any(z > base - s.turn for z in sizes):
        _err("hand sizes do not match the turn")
    if phase in ("discard", "play") and table:
        _err("table must be empty before the play")
    _extras(game, s, d)
    _ships_played(game, s, d)
    return s


def _ships_played(game: Game, s: State, d) -> None:
    """The note's ships_played checks: optional only on a round's first turn (derived)."""
    n = game.num_players
    shown = [sum(1 for c, o in s.table if c == SHIP and o == q)
             + (1 if s.discards and s.discards[q] == SHIP else 0) for q in range(n)]
    if "ships_played" in d:
        s.ships_played = _int_list(_per_player(d["ships_played"], "ships_played", n),
                                   "ships_played", 0, 6 - n)
    elif s.turn == 1:
        s.ships_played = shown
    else:
        _err("ships_played is required after a round's first turn")
    earlier = s.turn if s.phase == "over" else s.turn - 1
    total = s.removed.count(SHIP)
    for q in range(n):
        played = s.ships_played[q]
        if played < shown[q]:
            _err("ships_played must count the ships on the table and discarded")
        if played - shown[q] > earlier:
            _err("ships_played too large for the turn")
        if played + s.hands[q].count(SHIP) < 1:
            _err("a seat that played no ship this round must hold one")
        total += played + s.hands[q].count(SHIP)
    if total != 5:
        _err("ships in hands, removed and ships_played must total 5")


def _extras(game: Game, s: State, d) -> None:
    n = game.num_players
    phase = s.phase
    s.stack = _int_list(d["stack"], "stack", 1, 15)
    s.skill_player = _opt_int(d["skill_player"], "skill_player", 0, n - 1)
    s.target = _opt_int(d["target"], "target", 0, n - 1)
    if not _is_int(d["rps_draws"]):
        raise TypeError("hoi_pho state_from_dict: rps_draws must be an int")
    s.rps_draws = d["rps_draws"]
    if not 0 <= s.rps_draws <= 9:
        _err("rps_draws must be in 0..9")
    if phase not in SKILL_PHASES:
        if s.stack or s.skill_player is not None or s.target is not None or s.rps_draws:
            _err(f"no skill can be resolving in phase {phase}")
        return
    if not s.stack or s.skill_player is None:
        _err(f"phase {phase} needs a stack and a skill_player")
    if s.stack[-1] not in TOP_SKILLS[phase] or any(x != 6 for x in s.stack[:-1]):
        _err("stack does not match the phase")
    p = s.skill_player
    if phase == "rps":
        if game.params["rps"] != "play":
            _err("phase rps needs rps='play'")
        if s.target is None or s.target == p:
            _err("phase rps needs a target other than the skill player")
    elif s.target is not None or s.rps_draws:
        _err("target and rps_draws are only used in phase rps")
    if not s.table:
        _err("a skill resolves only with cards on the table")
    if phase == "naga_play" and not (any(s.hands[p]) and s._takeable(p)):
        _err("Naga cannot play here")
    if phase == "naga_take" and not s._takeable(p):
        _err("Naga has nothing to take")
    if phase == "copy" and not s._goat_pool():
        _err("Goat has an empty pool")
