"""Pure-Python reference for The Fox in the Forest Duet (`fox_duet`).

Rules, project decisions and the dict schema: ``docs/games/fox_duet.md``. Slow and plain on purpose.
"""

from __future__ import annotations

import copy

from tests.games.reference.rng import MASK64, Rng

NUM_ACTIONS = 41
SIMULTANEOUS = -2
TERMINAL = -4

SUITS = "RSD"
# Footprints by rank (spec "Components").
FOOTPRINTS = {1: 0, 2: 3, 3: 2, 4: 1, 5: 1, 6: 2, 7: 0, 8: 2, 9: 0, 10: 3}
MUSICIAN, FOX, GAZELLE, GIFT, HEIR = 1, 3, 5, 7, 9

KEEP = 30
TARGET0 = 31
IGNORE_NONE, IGNORE_LEAD, IGNORE_FOLLOW, IGNORE_BOTH = 33, 34, 35, 36
FORWARD, REVERSE = 37, 38
FOREST_MINUS, FOREST_PLUS = 39, 40
IGNORE_NAMES = ["none", "lead", "follow", "both"]
OTHER_STRINGS = {
    KEEP: "keep", 31: "target 0", 32: "target 1",
    33: "ignore none", 34: "ignore lead", 35: "ignore follow", 36: "ignore both",
    FORWARD: "forward", REVERSE: "reverse",
    FOREST_MINUS: "forest minus", FOREST_PLUS: "forest plus",
}

SIDE_A_GEMS = [1, 1, 2, 1, 1, 0, 1, 1, 2, 1, 1]
SIDE_A_PLUS = [False, True, False, True, True, False, True, False, True, False, False]
SIDE_A = [{"gems": g, "plus": p} for g, p in zip(SIDE_A_GEMS, SIDE_A_PLUS, strict=True)]
TOTAL_GEMS = 22
TOTAL_FOREST = 4
PHASES = ("lead", "fox_target", "fox_swap", "gift", "follow", "gazelle", "musician",
          "forest_end", "over")
OUTCOMES = ("won", "lost_time", "lost_forest")


def suit(card: int) -> int:
    return card // 10


def rank(card: int) -> int:
    return card % 10 + 1


def card_str(card: int) -> str:
    return f"{SUITS[suit(card)]}{rank(card)}"


def parse_card(s) -> int:
    if not isinstance(s, str) or len(s) < 2 or s[0] not in SUITS or not s[1:].isdigit():
        raise ValueError(f"bad card string {s!r}")
    r = int(s[1:])
    if not 1 <= r <= 10 or s[1:] != str(r):
        raise ValueError(f"bad card string {s!r}")
    return SUITS.index(s[0]) * 10 + r - 1


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


# ---------------------------------------------------------------------------------------------
# Game


def make(**params) -> FoxDuetGame:
    unknown = sorted(set(params) - {"level", "board"})
    if unknown:
        raise ValueError(f"unknown parameter(s) for fox_duet: {', '.join(unknown)}")
    level = params.get("level", 1)
    if not _is_int(level) or level not in (1, 2, 3):
        raise ValueError(f"level must be 1, 2 or 3, got {level!r}")
    board = params.get("board")
    if board is None:
        if level != 1:
            raise ValueError(
                f"level {level} is played on Side B, whose layout is not published/available; "
                'pass a layout with board=[{"gems": .., "plus": ..}, ...]')
        board = SIDE_A
    _validate_board(board)
    return FoxDuetGame(level, [{"gems": b["gems"], "plus": b["plus"]} for b in board])


def _validate_board(board) -> None:
    if not isinstance(board, list):
        raise TypeError("board must be a list of {'gems': int, 'plus': bool}")
    n = len(board)
    if n % 2 == 0 or not 5 <= n <= 21:
        raise ValueError(f"board must have an odd length 5-21, got {n}")
    for i, b in enumerate(board):
        if not isinstance(b, dict) or set(b) != {"gems", "plus"}:
            raise ValueError(f"board[{i}] must be a dict with keys 'gems' and 'plus'")
        if not _is_int(b["gems"]) or not 0 <= b["gems"] <= 3:
            raise ValueError(f"board[{i}]['gems'] must be an int 0-3")
        if not isinstance(b["plus"], bool):
            raise TypeError(f"board[{i}]['plus'] must be a bool")
    if board[n // 2]["gems"] != 0:
        raise ValueError("board: the centre space must hold no gems")
    need = sum(b["gems"] for b in board) + 2 * sum(b["plus"] for b in board)
    if need > TOTAL_GEMS:
        raise ValueError(f"board: starting gems + 2 x plus spaces = {need} exceeds {TOTAL_GEMS}")


class FoxDuetGame:
    num_players = 2
    num_actions = NUM_ACTIONS

    def __init__(self, level: int, board: list) -> None:
        self.level = level
        self.board = board
        self.params = {"level": level, "board": copy.deepcopy(board)}
        self.n = len(board)
        self.c = self.n // 2
        self.start_gems = sum(b["gems"] for b in board)
        self.num_plus = sum(b["plus"] for b in board)

    def new_initial_state(self, seed: int) -> FoxDuetState:
        if not _is_int(seed):
            raise TypeError("seed must be an int")
        s = FoxDuetState(self)
        rng = Rng(seed)
        s.dealer = rng.uniform(2)
        s.rng = rng.state
        s.gems = [b["gems"] for b in self.board]
        s.gem_supply = TOTAL_GEMS - self.start_gems
        s._deal()
        return s

    def state_from_dict(self, d) -> FoxDuetState:
        return _from_dict(self, d)


# ---------------------------------------------------------------------------------------------
# State


class FoxDuetState:
    def __init__(self, game: FoxDuetGame) -> None:
        self.game = game
        self.round = 1
        self.trick = 1
        self.dealer = 0
        self.leader = 1
        self.phase = "lead"
        self.hands: list[list[int]] = [[], []]
        self.decree = 0
        self.deck: list[int] = []
        self.lead: int | None = None
        self.follow: int | None = None
        self.tracker = 0
        self.gems: list[int] = []
        self.covered = [0, 0]
        self.forest_supply = TOTAL_FOREST
        self.gem_supply = 0
        self.outcome: str | None = None
        self.rng = 0
        self.played: list[int] = []
        self.known: list[list[int]] = [[], []]
        self.voids: list[list[int]] = [[], []]   # suit indices
        self.fox_target: int | None = None
        self.ignore: int | None = None           # 0..3 = none/lead/follow/both

    # --- derived facts ------------------------------------------------------------------------

    def _follower(self) -> int:
        return 1 - self.leader

    def _ability_card_player(self) -> int:
        """Player of the card behind a fox_*/gift phase: the lead until the follow is played."""
        return self.leader if self.follow is None else self._follower()

    def _winner(self) -> int:
        """Spec step 5, with the decree suit as it is now."""
        trump = suit(self.decree)
        lead, follow = self.lead, self.follow
        lt, ft = suit(lead) == trump, suit(follow) == trump
        if lt and ft or (not lt and not ft and suit(follow) == suit(lead)):
            follow_wins = rank(follow) > rank(lead)
        else:
            follow_wins = ft
        return self._follower() if follow_wins else self.leader

    def _trick_ranks(self) -> list[int]:
        return [rank(self.lead), rank(self.follow)]

    def _movement(self, ignore: int) -> int:
        lead_fp, follow_fp = FOOTPRINTS[rank(self.lead)], FOOTPRINTS[rank(self.follow)]
        if ignore in (1, 3):
            lead_fp = 0
        if ignore in (2, 3):
            follow_fp = 0
        return lead_fp + follow_fp

    def _open_range(self) -> tuple[int, int]:
        c = self.game.c
        return -c + self.covered[0], c - self.covered[1]

    # --- API ----------------------------------------------------------------------------------

    def current_player(self) -> int:
        p = self.phase
        if p == "over":
            return TERMINAL
        if p == "gift":
            return SIMULTANEOUS
        if p == "lead":
            return self.leader
        if p == "follow":
            return self._follower()
        if p == "fox_target":
            return self._ability_card_player()
        if p == "fox_swap":
            return self.fox_target
        if p in ("gazelle", "musician"):
            return self._winner()
        return self.dealer  # forest_end: the next round's leader

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def is_simultaneous_node(self) -> bool:
        return self.phase == "gift"

    def acting_players(self) -> list[int]:
        if self.phase == "over":
            return []
        if self.phase == "gift":
            return [0, 1]
        return [self.current_player()]

    def legal_actions(self, player=None) -> list[int]:
        if player is None:
            if self.phase == "gift":
                raise ValueError("simultaneous node: legal_actions needs a player")
            if self.phase == "over":
                return []
            player = self.current_player()
        if not _is_int(player) or player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, got {player!r}")
        if player not in self.acting_players():
            return []
        return self._legal(player)

    def _legal(self, player: int) -> list[int]:
        p = self.phase
        hand = self.hands[player]
        if p == "lead" or p == "gift":
            return sorted(hand)
        if p == "follow":
            led = suit(self.lead)
            same = [c for c in hand if suit(c) == led]
            if rank(self.lead) == HEIR or not same:
                return sorted(hand)
            return sorted(same)
        if p == "fox_target":
            return [TARGET0 + q for q in (0, 1) if self.hands[q]]
        if p == "fox_swap":
            return sorted(hand) + [KEEP]
        if p == "gazelle":
            return [IGNORE_NONE + i for i in self._gazelle_options()]
        if p == "musician":
            return [FORWARD, REVERSE]
        if p == "forest_end":
            return [FOREST_MINUS + e for e in self._eligible_ends()]
        return []

    def _gazelle_options(self) -> list[int]:
        ranks = self._trick_ranks()
        opts = [0]
        if FOOTPRINTS[ranks[0]] > 0:
            opts.append(1)
        if FOOTPRINTS[ranks[1]] > 0:
            opts.append(2)
        if ranks == [GAZELLE, GAZELLE]:
            opts.append(3)
        return opts

    def apply_action(self, action) -> None:
        if self.phase == "over":
            raise ValueError("the game is over")
        if self.phase == "gift":
            raise ValueError("simultaneous node: use apply_actions")
        if not _is_int(action) or action not in self._legal(self.current_player()):
            raise ValueError(f"illegal action {action!r} in phase {self.phase}")
        self._apply(action)

    def apply_actions(self, joint) -> None:
        if self.phase != "gift":
            raise ValueError("apply_actions is only for the simultaneous gift node")
        if not isinstance(joint, (list, tuple)) or len(joint) != 2:
            raise ValueError("joint action must have one entry per player")
        for p in (0, 1):
            if not _is_int(joint[p]) or joint[p] not in self._legal(p):
                raise ValueError(f"illegal gift action {joint[p]!r} for player {p}")
        a0, a1 = joint
        # Gift: the two cards are exchanged; both become known to both players.
        for giver, give, get in ((0, a0, a1), (1, a1, a0)):
            self.hands[giver].remove(give)
            self.hands[giver].append(get)
            self.hands[giver].sort()
            if give in self.known[giver]:
                self.known[giver].remove(give)
            self.known[giver].append(get)
            self.known[giver].sort()
        self._after_ability()

    # --- transitions --------------------------------------------------------------------------

    def _remove_from_hand(self, player: int, card: int) -> None:
        self.hands[player].remove(card)
        if card in self.known[player]:
            self.known[player].remove(card)

    def _apply(self, a: int) -> None:
        p = self.phase
        if p == "lead":
            self._remove_from_hand(self.leader, a)
            self.lead = a
            self._on_play(a)
        elif p == "follow":
            f = self._follower()
            led = suit(self.lead)
            if rank(self.lead) != HEIR and suit(a) != led and led not in self.voids[f]:
                self.voids[f].append(led)     # known to hold no dealt card of the led suit
                self.voids[f].sort()
            self._remove_from_hand(f, a)
            self.follow = a
            self._on_play(a)
        elif p == "fox_target":
            self.fox_target = a - TARGET0
            self.phase = "fox_swap"
        elif p == "fox_swap":
            t = self.fox_target
            if a != KEEP:
                old = self.decree
                self._remove_from_hand(t, a)
                self.decree = a                  # trump changes at once
                self.hands[t].append(old)
                self.hands[t].sort()
                self.known[t].append(old)
                self.known[t].sort()
            self.fox_target = None
            self._after_ability()
        elif p == "gazelle":
            ignore = a - IGNORE_NONE
            m = self._movement(ignore)
            if MUSICIAN in self._trick_ranks() and m > 0:
                self.ignore = ignore
                self.phase = "musician"
            else:
                self._move(m, reverse=False)
        elif p == "musician":
            m = self._movement(self.ignore or 0)
            self._move(m, reverse=(a == REVERSE))
        elif p == "forest_end":
            self._cover(a - FOREST_MINUS)
            self._next_round()

    def _on_play(self, card: int) -> None:
        """Steps 2 and 4: Fox or Gift on play; otherwise on to the follow or the resolution."""
        r = rank(card)
        if r == FOX and (self.hands[0] or self.hands[1]):
            self.phase = "fox_target"
        elif r == GIFT and self.hands[0] and self.hands[1]:
            self.phase = "gift"
        else:
            self._after_ability()

    def _after_ability(self) -> None:
        if self.follow is None:
            self.phase = "follow"
        else:
            self._resolve()

    def _resolve(self) -> None:
        """Steps 5-6: winner known; Gazelle node first, then Musician node, then move."""
        ranks = self._trick_ranks()
        if GAZELLE in ranks:
            self.phase = "gazelle"
            return
        m = self._movement(0)
        if MUSICIAN in ranks and m > 0:
            self.phase = "musician"
            return
        self._move(m, reverse=False)

    def _cover(self, end: int) -> None:
        """Cover the outermost open space of `end` (0 = -, 1 = +); its gems move inward."""
        c = self.game.c
        if end == 0:
            idx, inward = self.covered[0], self.covered[0] + 1
        else:
            idx, inward = self.game.n - 1 - self.covered[1], self.game.n - 2 - self.covered[1]
        assert idx != c, "the centre is never covered"
        self.gems[inward] += self.gems[idx]
        self.gems[idx] = 0
        self.covered[end] += 1
        self.forest_supply -= 1

    def _move(self, m: int, reverse: bool) -> None:
        """Steps 7-9."""
        winner = self._winner()
        direction = -1 if winner == 0 else 1
        if reverse:
            direction = -direction
        dest = self.tracker + direction * m
        lo, hi = self._open_range()
        if lo <= dest <= hi:
            idx = dest + self.game.c
            self.tracker = dest
            if self.gems[idx] > 0:
                self.gems[idx] -= 1          # collect exactly one
        else:
            end = 0 if direction < 0 else 1
            if self.forest_supply == 0 or self.covered[end] == self.game.c:
                self.outcome = "lost_forest"  # tracker stays (docs decision 1-2)
            else:
                self._cover(end)
                self.tracker = 0
        # the trick is over
        self.played.extend([self.lead, self.follow])
        self.played.sort()
        self.lead = self.follow = None
        self.ignore = None
        self.leader = winner
        if self.outcome is not None:
            self.phase = "over"
        elif sum(self.gems) == 0:
            self.outcome = "won"
            self.phase = "over"
        elif self.trick < 11:
            self.trick += 1
            self.phase = "lead"
        else:
            self._round_end()

    def _eligible_ends(self) -> list[int]:
        c = self.game.c
        lo, hi = self._open_range()
        ends = []
        for e, outer in ((0, lo), (1, hi)):
            if self.covered[e] < c and self.tracker != outer:
                ends.append(e)
        return ends

    def _round_end(self) -> None:
        if self.round == 3:
            self.outcome = "lost_time"
            self.phase = "over"
            return
        # 1. one gem on every + space; a covered + passes it to the outermost open space.
        n, cov = self.game.n, self.covered
        for i, b in enumerate(self.game.board):
            if b["plus"]:
                if i < cov[0]:
                    i = cov[0]
                elif i > n - 1 - cov[1]:
                    i = n - 1 - cov[1]
                self.gems[i] += 1
                self.gem_supply -= 1
        # 2. forest token.
        eligible = self._eligible_ends()
        if self.forest_supply == 0 or not eligible:
            self.outcome = "lost_forest"
            self.phase = "over"
            return
        open_spaces = [self.game.c - cov[0], self.game.c - cov[1]]
        if open_spaces[0] == open_spaces[1]:
            self.phase = "forest_end"    # the next round's leader (the dealer) chooses
            return
        longer = 0 if open_spaces[0] > open_spaces[1] else 1
        self._cover(longer if longer in eligible else 1 - longer)
        self._next_round()

    def _next_round(self) -> None:
        self.round += 1
        self.dealer = 1 - self.dealer
        self._deal()

    def _deal(self) -> None:
        rng = Rng(self.rng)
        cards = list(range(30))
        rng.shuffle(cards)
        self.rng = rng.state
        self.hands = [sorted(cards[0:11]), sorted(cards[11:22])]
        self.decree = cards[22]
        self.deck = sorted(cards[23:30])
        self.leader = 1 - self.dealer
        self.trick = 1
        self.phase = "lead"
        self.lead = self.follow = None
        self.played = []
        self.known = [[], []]
        self.voids = [[], []]
        self.fox_target = None
        self.ignore = None

    # --- results ------------------------------------------------------------------------------

    def scores(self) -> list[float]:
        if self.outcome != "won":
            return [0.0, 0.0]
        score = 10 * self.game.level
        if self.round <= 2:
            score += 10
        score += 3 * self.forest_supply + len(self.hands[0]) + len(self.hands[1])
        return [float(score), float(score)]

    def returns(self) -> list[float]:
        return [1.0, 1.0] if self.outcome == "won" else [0.0, 0.0]

    # --- strings ------------------------------------------------------------------------------

    def action_to_string(self, action, player=None) -> str:
        if not _is_int(action) or not 0 <= action < NUM_ACTIONS:
            raise ValueError(f"action out of range: {action!r}")
        if player is not None and (not _is_int(player) or player not in (0, 1)):
            raise ValueError(f"player must be 0 or 1, got {player!r}")
        if action < 30:
            prefix = {"gift": "give ", "fox_swap": "swap "}.get(self.phase, "")
            return prefix + card_str(action)
        return OTHER_STRINGS[action]

    def string_to_action(self, s, player=None) -> int:
        if player is not None and (not _is_int(player) or player not in (0, 1)):
            raise ValueError(f"player must be 0 or 1, got {player!r}")
        if not isinstance(s, str):
            raise TypeError(f"bad action string {s!r}")
        for a, text in OTHER_STRINGS.items():
            if s == text:
                return a
        prefix = {"gift": "give ", "fox_swap": "swap "}.get(self.phase, "")
        if prefix and not s.startswith(prefix):
            raise ValueError(f"bad action string {s!r} in phase {self.phase}")
        return parse_card(s[len(prefix):])

    def __str__(self) -> str:
        return str(self.to_dict())

    # --- dict ---------------------------------------------------------------------------------

    def clone(self) -> FoxDuetState:
        s = copy.copy(self)
        for name in ("hands", "deck", "gems", "covered", "played", "known", "voids"):
            setattr(s, name, copy.deepcopy(getattr(self, name)))
        return s

    def to_dict(self) -> dict:
        def cards(xs):
            return [card_str(x) for x in sorted(xs)]

        return {
            "game": "fox_duet", "level": self.game.level, "round": self.round,
            "trick": self.trick, "dealer": self.dealer, "leader": self.leader,
            "phase": self.phase, "hands": [cards(h) for h in self.hands],
            "decree": card_str(self.decree), "deck": cards(self.deck),
            "trick_cards": {
                "lead": None if self.lead is None else card_str(self.lead),
                "follow": None if self.follow is None else card_str(self.follow)},
            "tracker": self.tracker, "gems": list(self.gems),
            "plus": [b["plus"] for b in self.game.board],
            "covered": list(self.covered), "forest_supply": self.forest_supply,
            "gem_supply": self.gem_supply, "outcome": self.outcome, "rng": self.rng,
            "played": cards(self.played), "known": [cards(k) for k in self.known],
            "voids": [[SUITS[x] for x in sorted(v)] for v in self.voids],
            "fox_target": self.fox_target,
            "ignore": None if self.ignore is None else IGNORE_NAMES[self.ignore],
        }


# ---------------------------------------------------------------------------------------------
# state_from_dict


FIELDS = {"game", "level", "round", "trick", "dealer", "leader", "phase", "hands", "decree",
          "deck", "trick_cards", "tracker", "gems", "plus", "covered", "forest_supply",
          "gem_supply", "outcome", "rng", "played", "known", "voids", "fox_target", "ignore"}


def _int(d: dict, key: str, lo: int, hi: int) -> int:
    v = d[key]
    if not _is_int(v):
        raise TypeError(f"{key} must be an int")
    if not lo <= v <= hi:
        raise ValueError(f"{key} must be in {lo}..{hi}, got {v}")
    return v


def _card_list(v, what: str) -> list[int]:
    if not isinstance(v, list):
        raise TypeError(f"{what} must be a list of card strings")
    return sorted(parse_card(x) for x in v)


def _pair(v, what: str) -> list:
    if not isinstance(v, list) or len(v) != 2:
        raise TypeError(f"{what} must be a list of two entries")
    return v


def _from_dict(game: FoxDuetGame, d) -> FoxDuetState:
    if not isinstance(d, dict):
        raise TypeError("state dict must be a dict")
    d = dict(d)
    d.setdefault("rng", 0)
    missing, extra = FIELDS - set(d), set(d) - FIELDS
    if missing or extra:
        raise ValueError(f"dict fields: missing {sorted(missing)}, unknown {sorted(extra)}")
    if d["game"] != "fox_duet":
        raise ValueError("game must be 'fox_duet'")
    if d["level"] != game.level or not _is_int(d["level"]):
        raise ValueError(f"level must be {game.level} for this game")
    s = FoxDuetState(game)
    c, n = game.c, game.n
    s.round = _int(d, "round", 1, 3)
    s.trick = _int(d, "trick", 1, 11)
    s.dealer = _int(d, "dealer", 0, 1)
    s.leader = _int(d, "leader", 0, 1)
    s.rng = _int(d, "rng", 0, MASK64)
    if d["phase"] not in PHASES:
        raise ValueError(f"unknown phase {d['phase']!r}")
    s.phase = phase = d["phase"]
    if d["outcome"] is not None and d["outcome"] not in OUTCOMES:
        raise ValueError(f"unknown outcome {d['outcome']!r}")
    s.outcome = d["outcome"]
    if (s.outcome is None) != (phase != "over"):
        raise ValueError("outcome must be set exactly when phase is 'over'")

    # --- cards ---
    s.hands = [_card_list(h, "hands[p]") for h in _pair(d["hands"], "hands")]
    s.deck = _card_list(d["deck"], "deck")
    s.played = _card_list(d["played"], "played")
    s.decree = parse_card(d["decree"])
    tc = d["trick_cards"]
    if not isinstance(tc, dict) or set(tc) != {"lead", "follow"}:
        raise TypeError("trick_cards must be {'lead': card|null, 'follow': card|null}")
    s.lead = None if tc["lead"] is None else parse_card(tc["lead"])
    s.follow = None if tc["follow"] is None else parse_card(tc["follow"])
    if s.lead is None and s.follow is not None:
        raise ValueError("trick_cards: a follow card without a lead card")
    everywhere = s.hands[0] + s.hands[1] + s.deck + s.played + [s.decree]
    everywhere += [x for x in (s.lead, s.follow) if x is not None]
    if sorted(everywhere) != list(range(30)):
        raise ValueError("the 30 cards must each be in exactly one place")
    if len(s.deck) != 7:
        raise ValueError("deck must hold 7 cards")

    t = s.trick
    lead_only = ("fox_target", "fox_swap", "gift", "follow")
    if phase == "lead":
        sizes, in_trick, done = [12 - t, 12 - t], 0, t - 1
    elif phase in lead_only and s.follow is None:
        sizes, in_trick, done = [0, 0], 1, t - 1
        sizes[s.leader], sizes[1 - s.leader] = 11 - t, 12 - t
    elif phase in ("fox_target", "fox_swap", "gift", "gazelle", "musician"):
        sizes, in_trick, done = [11 - t, 11 - t], 2, t - 1
    else:  # forest_end, over (and follow with a follow card, rejected below)
        sizes, in_trick, done = [11 - t, 11 - t], 0, t
    if phase == "follow" and s.follow is not None:
        raise ValueError("phase follow with a follow card already played")
    if (s.lead is not None) + (s.follow is not None) != in_trick:
        raise ValueError(f"trick_cards do not fit phase {phase}")
    if [len(h) for h in s.hands] != sizes:
        raise ValueError(f"hand sizes {[len(h) for h in s.hands]} do not fit trick {t}/{phase}")
    if len(s.played) != 2 * done:
        raise ValueError(f"played must hold {2 * done} cards")

    # --- board ---
    plus = d["plus"]
    if not isinstance(plus, list) or not all(isinstance(x, bool) for x in plus):
        raise TypeError("plus must be a list of bools")
    if plus != [b["plus"] for b in game.board]:
        raise ValueError("plus does not match the game's board")
    gems = d["gems"]
    if not isinstance(gems, list) or len(gems) != n or not all(_is_int(g) for g in gems):
        raise TypeError(f"gems must be a list of {n} ints")
    if any(g < 0 for g in gems):
        raise ValueError("gems must be >= 0")
    s.gems = list(gems)
    cov = _pair(d["covered"], "covered")
    if not all(_is_int(x) for x in cov):
        raise TypeError("covered must hold two ints")
    if not all(0 <= x <= c for x in cov):
        raise ValueError(f"covered must be in 0..{c} (the centre is never covered)")
    s.covered = list(cov)
    s.forest_supply = _int(d, "forest_supply", 0, TOTAL_FOREST)
    if s.forest_supply + sum(cov) != TOTAL_FOREST:
        raise ValueError("forest tokens are not conserved")
    if any(s.gems[:cov[0]]) or any(s.gems[n - cov[1]:]):
        raise ValueError("a covered space holds gems")
    s.tracker = _int(d, "tracker", -c, c)
    lo, hi = s._open_range()
    if not lo <= s.tracker <= hi:
        raise ValueError("the tracker must be on an open space")
    s.gem_supply = _int(d, "gem_supply", 0, TOTAL_GEMS)
    # round-end additions made so far (docs: `over` may come before or after them)
    if phase == "forest_end":
        adds = [s.round]
    elif phase == "over" and s.round < 3:
        adds = [s.round - 1, s.round]
    else:
        adds = [s.round - 1]
    if not any(s.gem_supply == TOTAL_GEMS - game.start_gems - game.num_plus * a for a in adds):
        raise ValueError("gem_supply does not match the round-end additions made")
    if sum(s.gems) + s.gem_supply > TOTAL_GEMS:
        raise ValueError("more than 22 gems")
    if phase != "over" and sum(s.gems) == 0 and (s.round > 1 or s.played):
        raise ValueError("the board is empty but the game is not over")
    if s.outcome == "won" and sum(s.gems) != 0:
        raise ValueError("outcome won needs an empty board")
    if s.outcome == "lost_time" and (s.round != 3 or t != 11):
        raise ValueError("outcome lost_time needs round 3, trick 11")

    # --- knowledge ---
    s.known = [_card_list(k, "known[p]") for k in _pair(d["known"], "known")]
    for p in (0, 1):
        if not set(s.known[p]) <= set(s.hands[p]):
            raise ValueError(f"known[{p}] must be a subset of hands[{p}]")
    voids = _pair(d["voids"], "voids")
    for p in (0, 1):
        v = voids[p]
        if not isinstance(v, list) or any(x not in ("R", "S", "D") for x in v) \
                or len(set(v)) != len(v):
            raise ValueError(f"voids[{p}] must be distinct suit letters")
        s.voids[p] = sorted(SUITS.index(x) for x in v)
        for card in s.hands[p]:
            if suit(card) in s.voids[p] and card not in s.known[p]:
                raise ValueError(f"voids[{p}] contradicts an unknown card in hands[{p}]")

    # --- ability fields and phase-specific checks ---
    ft = d["fox_target"]
    if ft is not None and (not _is_int(ft) or ft not in (0, 1)):
        raise ValueError("fox_target must be null, 0 or 1")
    if (ft is not None) != (phase == "fox_swap"):
        raise ValueError("fox_target must be set exactly in phase fox_swap")
    s.fox_target = ft
    ig = d["ignore"]
    if ig is not None and ig not in IGNORE_NAMES:
        raise ValueError(f"bad ignore {ig!r}")
    s.ignore = None if ig is None else IGNORE_NAMES.index(ig)
    _check_phase(s)
    return s


def _check_phase(s: FoxDuetState) -> None:
    phase = s.phase
    if phase in ("fox_target", "fox_swap", "gift"):
        card = s.lead if s.follow is None else s.follow
        need = GIFT if phase == "gift" else FOX
        if rank(card) != need:
            raise ValueError(f"phase {phase} needs a {need} as the latest card")
        if phase == "fox_target" and not (s.hands[0] or s.hands[1]):
            raise ValueError("fox_target with no cards in hand")
        if phase == "fox_swap" and not s.hands[s.fox_target]:
            raise ValueError("the Fox target holds no card")
        if phase == "gift" and not (s.hands[0] and s.hands[1]):
            raise ValueError("gift needs a card in both hands")
    gazelle = phase in ("gazelle", "musician") and GAZELLE in s._trick_ranks()
    if phase == "gazelle" and not gazelle:
        raise ValueError("phase gazelle needs a 5 in the trick")
    if (s.ignore is not None) != (phase == "musician" and gazelle):
        raise ValueError("ignore must be set exactly in phase musician with a 5 in the trick")
    if phase == "musician":
        if s.ignore is not None and s.ignore not in s._gazelle_options():
            raise ValueError("ignore is not an allowed Gazelle choice")
        if MUSICIAN not in s._trick_ranks() or s._movement(s.ignore or 0) == 0:
            raise ValueError("phase musician needs a 1 in the trick and m > 0")
    if phase == "forest_end":
        if s.trick != 11 or s.round == 3 or s.forest_supply == 0:
            raise ValueError("forest_end needs trick 11 of round 1 or 2 and a forest token")
        if s.covered[0] != s.covered[1] or s.covered[0] == s.game.c:
            raise ValueError("forest_end needs equal ends with open spaces")
