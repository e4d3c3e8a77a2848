"""The Fox in the Forest Duet as a picture: the path, the decree, the trick, both hands.

The path shows every space with its gems, its ``+`` mark, the forest tokens and the tracker;
every card shows its rank, suit, footprints and ability, so the table reads without the rules
page. Seen from a seat, the partner's dealt cards and the undealt deck are face down; the cards
known to both (docs/games/fox_duet.md, Information) stay face up.
"""

from __future__ import annotations

from typing import Any

from .._core import State
from ._step import Step, Told
from ._svg import HIGHLIGHT, MUTED, Canvas
from ._svg import banner as svg_banner
from ._svg import caption as svg_caption
from ._svg import card as svg_card
from ._svg import face_down as svg_face_down
from ._svg import fit as svg_fit
from ._svg import header as svg_header
from ._svg import label_row as svg_label_row
from ._svg import moved as svg_moved
from ._svg import panel as svg_panel

NAME = "The Fox in the Forest Duet"  #: the game's name, as its rules page titles it
SUITS = {"R": ("Rose", "#c9184a"), "S": ("Star", "#d08c00"), "D": ("Dove", "#3a6ea5")}
FOOTPRINTS = {1: 0, 2: 3, 3: 2, 4: 1, 5: 1, 6: 2, 7: 0, 8: 2, 9: 0, 10: 3}
ABILITIES = {1: "Musician", 3: "Fox", 5: "Gazelle", 7: "Gift", 9: "Heir"}
CARD_W, CARD_H = 64, 100
WIDTH = 860


def view(d: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """What ``seat`` sees: the partner's cards not known to both, and the deck, become None.

    The known cards come first and the hidden ones after, so the order of a hand tells nothing
    about the hidden cards.
    """
    if seat is None:
        return d
    partner = 1 - seat
    known = d["known"][partner]
    hidden = len(d["hands"][partner]) - len(known)
    hands = list(d["hands"])
    hands[partner] = list(known) + [None] * hidden
    return {**d, "hands": hands, "deck": [None] * len(d["deck"])}


def fox_card(c: Canvas, x: float, y: float, name: str | None, w: float = CARD_W,
             h: float = CARD_H, highlight: bool = False, marked: str | None = None,
             action: int | None = None) -> None:
    """A card face up (rank, suit, footprints, ability), or face down when ``name`` is None;
    ``action``: the id of the action the card stands for (playing, swapping or giving it)."""
    if name is None:
        svg_face_down(c, x, y, w, h)
        return
    suit, color = SUITS[name[0]]
    rank = int(name[1:])
    steps = FOOTPRINTS[rank]
    lines = [suit, f"{steps} step" + ("" if steps == 1 else "s")]
    if rank in ABILITIES:
        lines.append(ABILITIES[rank])
    with c.group(f"{name}: {', '.join(lines)}", "card", action):
        svg_card(c, x, y, w, h, color, str(rank), lines, highlight=highlight, marked=marked)


def card_action(name: str) -> int:
    """The id of the action that plays (swaps, gives) card ``name``: suit × 10 + rank − 1
    (docs/games/fox_duet.md, Actions)."""
    return list(SUITS).index(name[0]) * 10 + int(name[1:]) - 1


def gem(c: Canvas, cx: float, cy: float, r: float) -> None:
    c.polygon([(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)],
              fill="#2ec4b6", stroke="#106b63")


def path(c: Canvas, d: dict[str, Any], y: float) -> None:
    """The forest path, left (player 0's end) to right (player 1's end)."""
    n = len(d["gems"])
    half = n // 2
    step = min(68.0, (WIDTH - 160) / n)
    x0 = (WIDTH - step * n) / 2
    c.text(x0 - 10, y + 34, "player 0 ◀", size=12, fill=MUTED, anchor="end")
    c.text(x0 + step * n + 10, y + 34, "▶ player 1", size=12, fill=MUTED)
    left, right = d["covered"]
    for i in range(n):
        x = x0 + i * step
        covered = i < left or i >= n - right
        c.rect(x + 2, y, step - 4, 56, fill="#2d6a4f" if covered else "#e9f5db",
               stroke="#52796f", rx=5)
        c.text(x + step / 2, y + 72, f"{i - half:+d}" if i != half else "0", size=11,
               fill=MUTED, anchor="middle")
        if d["plus"][i]:
            c.text(x + 7, y + 14, "+", size=14, weight="bold",
                   fill="#ffffff" if covered else "#386641")
        if covered:
            c.text(x + step / 2, y + 34, "forest", size=10, fill="#ffffff", anchor="middle")
        gems = d["gems"][i]
        for g in range(gems):
            gem(c, x + step / 2 + (g - (gems - 1) / 2) * 13, y + 40, 7)
        if d["tracker"] == i - half:
            c.circle(x + step / 2, y + 20, 11, fill="#f77f00")
            c.text(x + step / 2, y + 24, "T", size=12, fill="#ffffff", anchor="middle",
                   weight="bold")


def draw(state: State, d: dict[str, Any], seat: int | None, told: Told | None = None
         ) -> Canvas:
    """The whole table of a Fox Duet position; with ``told`` the card that moved is outlined,
    a trick just won stays in view with its winner marked, and the step is captioned; at the
    end a banner gives the result and the score."""
    height = 630
    c = Canvas(WIDTH, height, NAME)
    svg_header(c, NAME,
               f"level {d['level']} · round {d['round']} of 3 · trick {d['trick']} of 11 · "
               + doing(state, d))
    path(c, d, 66)

    y = 164
    b = told.before if told is not None else None
    svg_label_row(c, 16, y, "decree (trump)")
    fox_card(c, 16, y + 8, d["decree"])
    if b is not None and b["decree"] != d["decree"] and b["round"] == d["round"]:
        svg_moved(c, 16, y + 8, CARD_W, CARD_H, "the new decree")
    cards = dict(d["trick_cards"])
    winner_role = None
    if told is not None and b is not None:
        last = _last_trick(b, d, told.step)
        if last is not None and cards["lead"] is None:
            cards = {"lead": last[0], "follow": last[1]}
            winner_role = "lead" if trick_winner(last[0], last[1], _judged_decree(b, d))[0] \
                else "follow"
    svg_label_row(c, 140, y, "last trick" if winner_role else "trick")
    for i, role in enumerate(("lead", "follow")):
        x = 140 + i * 76
        card = cards[role]
        if card is None:
            c.rect(x, y + 8, CARD_W, CARD_H, stroke="#b8ad97", stroke_dasharray="4 3")
        else:
            fox_card(c, x, y + 8, card, highlight=winner_role is None)
            if b is not None and card != b["trick_cards"][role]:
                svg_moved(c, x, y + 8, CARD_W, CARD_H, "played in the last step")
        wins = role == winner_role
        c.text(x + CARD_W / 2, y + CARD_H + 22, role + (" · wins" if wins else ""), size=11,
               fill=HIGHLIGHT if wins else MUTED, anchor="middle",
               weight="bold" if wins else None)
    collected = 22 - d["gem_supply"] - sum(d["gems"])
    facts = [
        f"gems collected: {collected} · on the path: {sum(d['gems'])} · "
        f"in the supply: {d['gem_supply']}",
        f"forest tokens left: {d['forest_supply']} of 4",
    ]
    # Fixed rows, so that nothing moves when the game ends: the facts, the last step (or the
    # end banner), and the cards played this round (up to 22, on two lines).
    for i, fact in enumerate(facts):
        c.text(300, y + 18 + i * 19, fact, size=14)
    if d["outcome"] is not None:
        headline, lines = _verdict(d, state)
        svg_banner(c, 292, y + 44, WIDTH - 8 - 292, 66, headline, lines)
    elif told is not None:
        svg_caption(c, 300, y + 56, WIDTH - 16 - 300, told.lines, rows=3)
    played = d["played"]
    lines = svg_fit([f"played this round ({len(played)}): " + (" ".join(played) or "none")],
                    WIDTH - 16 - 300, 12, 2)
    for i, line in enumerate(lines):
        c.text(300, y + 124 + i * 14, line, size=12, fill=MUTED)

    acting = set(state.acting_players()) if not state.is_terminal() else set()
    for p in range(2):
        y0 = 302 + p * 150
        title = f"player {p}" + (" (you)" if seat == p else "")
        if seat is not None and seat != p:
            title += " (partner)"
        voids = d["voids"][p]
        if voids:
            title += " · known void in " + ", ".join(SUITS[s][0] + "s" for s in voids)
        svg_panel(c, 12, y0, WIDTH - 24, 140, title, active=p in acting)
        for i, name in enumerate(d["hands"][p]):
            marked = "known" if name is not None and name in d["known"][p] else None
            fox_card(c, 24 + i * 70, y0 + 30, name, marked=marked,
                     action=None if name is None else card_action(name))
            if b is not None and name is not None and name in d["known"][p] \
                    and name not in b["known"][p]:
                svg_moved(c, 24 + i * 70, y0 + 30, CARD_W, CARD_H, "came into this hand")
    y = 302 + 2 * 150
    deck = d["deck"]
    if deck and deck[0] is None:
        c.text(16, y + 16, f"{len(deck)} undealt cards, face down", size=12, fill=MUTED)
    else:
        c.text(16, y + 16, "undealt (seen by nobody): " + " ".join(deck), size=12,
               fill=MUTED)
    c.text(WIDTH - 16, y + 16, "T tracker · ◆ gem · + gains a gem after rounds 1 and 2 · "
           "dark: forest token", size=12, fill=MUTED, anchor="end")
    return c


def doing(state: State, d: dict[str, Any]) -> str:
    """Who is doing what now, in the rules' words (the header's last part), for the position
    ``state`` as seen in ``d``."""
    leader, follower = d["leader"], 1 - d["leader"]
    return {
        "lead": f"player {leader} leads",
        "follow": f"player {follower} follows",
        "fox_target": "the Fox: who may swap a card with the decree?",
        "fox_swap": f"player {d['fox_target']} may swap a card with the decree",
        "gift": "the Gift: each player gives a card",
        "gazelle": "the Gazelle: the trick's winner may ignore footprints",
        "musician": "the Musician: the trick's winner picks the direction",
        "forest_end": f"player {d['dealer']} places a forest token",
        "over": "game over",
    }[d["phase"]]


def trick_winner(lead: str, follow: str, decree: str) -> tuple[bool, str]:
    """Whether the lead wins the trick, and why, by the rules (docs/games/fox_duet.md, A
    trick: one trump wins; two trumps or two cards of the led suit, the higher rank; an
    off-suit follow never wins)."""
    trump = decree[0]
    suit = SUITS[trump][0] + "s"
    if lead[0] == follow[0]:
        high = lead if int(lead[1:]) > int(follow[1:]) else follow
        kind = "trumps" if lead[0] == trump else "cards of the led suit"
        return high == lead, f"{high} is the higher of two {kind}"
    if follow[0] == trump:
        return False, f"{follow} is the only trump ({suit})"
    if lead[0] == trump:
        return True, f"{lead} is the only trump ({suit})"
    return True, f"{follow} is off suit, so the lead wins"


def _judged_decree(b: dict[str, Any], a: dict[str, Any]) -> str:
    """The decree the trick was judged by: as it is after the step (a Fox may have changed
    it), unless a new round's deal replaced it."""
    return str(a["decree"] if a["round"] == b["round"] else b["decree"])


def _last_trick(b: dict[str, Any], a: dict[str, Any], step: Step) -> tuple[str, str] | None:
    """The trick completed in the step from ``b`` to ``a`` (lead, follow), or None."""
    lead = b["trick_cards"]["lead"]
    done = a["trick_cards"]["lead"] is None or a["round"] != b["round"] or (
        a["outcome"] and not b["outcome"])
    if lead is None or not done:
        return None
    follow = b["trick_cards"]["follow"] or a["trick_cards"]["follow"]
    if follow is None and b["phase"] == "follow":
        follow = step.played(1 - b["leader"])
    return None if follow is None else (lead, follow)


def _verdict(d: dict[str, Any], state: State) -> tuple[str, list[str]]:
    """The end in words: the result, why, and the score broken down (docs/games/fox_duet.md,
    the score)."""
    score = state.scores()[0]
    if d["outcome"] == "won":
        early = 10 if d["round"] < 3 else 0
        tokens = 3 * d["forest_supply"]
        cards = sum(len(h) for h in d["hands"])
        parts = [f"10 × level {d['level']}"] + ([f"10 for winning in round {d['round']}"]
                                                 if early else [])
        parts += [f"3 × {d['forest_supply']} forest tokens left", f"{cards} cards in hand"]
        return (f"the team wins: every gem collected, score {score:g}",
                [" + ".join(parts) + f" = {10 * d['level'] + early + tokens + cards}"])
    why = {"lost_time": "round 3 ended with gems still on the path",
           "lost_forest": "the tracker walked off the path with no forest token to place"}
    return ("the team loses: score 0", [why[d["outcome"]] + f" ({sum(d['gems'])} gems left)"])


def _card(name: str) -> str:
    """A card in words: ``S3 (Fox)``."""
    rank = int(name[1:])
    return f"{name} ({ABILITIES[rank]})" if rank in ABILITIES else name


def _at(position: int) -> str:
    return f"{position:+d}" if position else "0"


def _collected(d: dict[str, Any]) -> int:
    return int(22 - d["gem_supply"] - sum(d["gems"]))


def changes(b: dict[str, Any], a: dict[str, Any], step: Step) -> list[str]:
    """Fox Duet step by step: cards played, abilities used, tricks won and why, the tracker,
    gems, forest, the end."""
    out = []
    same_round = a["round"] == b["round"]
    lead, follow = b["trick_cards"]["lead"], b["trick_cards"]["follow"]
    new_played = [c for c in a["played"] if c not in b["played"]] if same_round else []
    now_lead = a["trick_cards"]["lead"] or (lead if new_played else None)
    if now_lead and not lead:
        out.append(f"player {b['leader']} leads {_card(now_lead)}")
    now_follow = a["trick_cards"]["follow"] or next(
        (c for c in new_played if c != (now_lead or lead)), None)
    if now_follow and not follow:
        out.append(f"player {1 - b['leader']} follows with {_card(now_follow)}")
    moves = [step.played(p) for p in range(2)]
    move = next((m for m in moves if m), None)
    mover = next((p for p, m in enumerate(moves) if m), None)
    if b["phase"] == "fox_target" and move:
        out.append(f"the Fox: player {move.split()[-1]} may swap a card with the decree")
    elif b["phase"] == "fox_swap" and move == "keep":
        out.append(f"player {mover} keeps their hand")
    elif b["phase"] == "gazelle" and move:
        which = move.split()[-1]
        out.append(f"the Gazelle: player {mover} ignores "
                   + {"none": "no footprints", "lead": "the lead card's footprints",
                      "follow": "the follow card's footprints",
                      "both": "both cards' footprints"}[which])
    elif b["phase"] == "musician" and move:
        toward = "themself" if move == "forward" else "their partner"
        out.append(f"the Musician: player {mover} moves the tracker toward {toward}")
    elif b["phase"] == "forest_end" and move:
        out.append(f"player {mover} puts the forest token on the "
                   + ("−" if move.endswith("minus") else "+") + " end")
    elif b["phase"] == "gift":
        out.append("the Gift: the players exchange a card")
    if a["decree"] != b["decree"] and same_round:
        out.append(f"the decree is now {a['decree']}: {SUITS[a['decree'][0]][0]}s are trump")
    for p in range(2):
        for card in a["known"][p]:
            if card in b["known"][p]:
                continue
            where = "the old decree " if card == b["decree"] else ""
            out.append(f"player {p} takes {where}{card} into hand")
    last = _last_trick(b, a, step)
    if last is not None:
        lead_wins, why = trick_winner(*last, _judged_decree(b, a))
        winner = b["leader"] if lead_wins else 1 - b["leader"]
        out.append(f"player {winner} wins the trick: {why}")
    if a["covered"] != b["covered"]:
        end = "−" if a["covered"][0] != b["covered"][0] else "+"
        lost = b["phase"] != "forest_end" and a["tracker"] == 0 and b["tracker"] != 0
        out.append(("lost in the forest: " if lost else "")
                   + f"a forest token covers the {end} end")
    if a["tracker"] != b["tracker"]:
        out.append(f"the tracker moves from {_at(b['tracker'])} to {_at(a['tracker'])}")
    gained = _collected(a) - _collected(b)
    if gained > 0:
        out.append(f"the team collects a gem ({_collected(a)} so far, "
                   f"{sum(a['gems'])} left on the path)")
    if not same_round:
        out.append(f"round {a['round']}: new hands, the decree is {a['decree']}")
    if a["outcome"] and not b["outcome"]:
        out.append("game over: " + ", ".join(_verdict(a, step.after)[0].split(": ")))
    return out


#: The position docs/img/position_fox_duet.svg shows (tools/pictures_docs.py): (record index in
#: tests/data/records/fox_duet.jsonl, step, seat or None for everything).
DOCS_POSITION = (0, 19, 0)

SUMMARY = """\
The Fox in the Forest Duet (cooperative): play 11 tricks per round, at most 3 rounds. Each
trick moves the tracker toward its winner by the cards' footprints; the team collects one gem
where it lands, and walking off the path costs a forest token. Win together by collecting
every gem on the path. Odd ranks have abilities: 1 Musician, 3 Fox, 5 Gazelle, 7 Gift, 9 Heir."""


def legend(d: dict[str, Any], state: State, seat: int) -> list[str]:
    """How to read the board line, and what each rank does."""
    steps = ", ".join(f"{rank}:{n}" for rank, n in FOOTPRINTS.items())
    return [
        "board: position:gems on that space, + gains a gem after rounds 1 and 2, "
        "T the tracker; player 0 is the - end, player 1 the + end",
        f"footprints by rank: {steps}",
        "1 Musician: the winner may move the tracker the other way; 3 Fox: swap a card with "
        "the decree; 5 Gazelle: the winner may ignore a card's footprints; 7 Gift: both "
        "players exchange a card; 9 Heir: when led, the follower need not follow suit",
    ]
