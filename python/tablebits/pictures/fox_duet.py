"""The Fox in the Forest Duet as a picture: the path, the decree, the trick, both hands.

The path shows every space with its gems, its ``+`` mark, the forest tokens and the tracker;
every card shows its rank, suit, footprints and ability, so the table reads without the rules
page. Seen from a seat, the partner's dealt cards and the undealt deck are face down; the cards
known to both (docs/games/fox_duet.md, Information) stay face up.
"""

from __future__ import annotations

from typing import Any

from .._core import State
from ._svg import HIGHLIGHT, INK, MUTED, Canvas
from ._svg import card as svg_card
from ._svg import face_down as svg_face_down
from ._svg import header as svg_header
from ._svg import label_row as svg_label_row
from ._svg import panel as svg_panel
from ._svg import wrap as svg_wrap

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
             h: float = CARD_H, highlight: bool = False, marked: str | None = None) -> None:
    """A card face up (rank, suit, footprints, ability), or face down when ``name`` is None."""
    if name is None:
        svg_face_down(c, x, y, w, h)
        return
    suit, color = SUITS[name[0]]
    rank = int(name[1:])
    steps = FOOTPRINTS[rank]
    lines = [suit, f"{steps} step" + ("" if steps == 1 else "s")]
    if rank in ABILITIES:
        lines.append(ABILITIES[rank])
    with c.group(f"{name}: {', '.join(lines)}", "card"):
        svg_card(c, x, y, w, h, color, str(rank), lines, highlight=highlight, marked=marked)


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


def draw(state: State, d: dict[str, Any], seat: int | None) -> Canvas:
    """The whole table of a Fox Duet position."""
    height = 630
    c = Canvas(WIDTH, height, f"Fox Duet, round {d['round']}, trick {d['trick']}, "
               f"{d['phase']}")
    phase = "game over" if d["phase"] == "over" else f"phase {d['phase'].replace('_', ' ')}"
    svg_header(c, "The Fox in the Forest Duet",
                f"level {d['level']} · round {d['round']} of 3 · trick {d['trick']} of 11 · "
                f"{phase} · dealer: player {d['dealer']} · leader: player {d['leader']}")
    path(c, d, 66)

    y = 164
    svg_label_row(c, 16, y, "decree (trump)")
    fox_card(c, 16, y + 8, d["decree"])
    svg_label_row(c, 140, y, "trick")
    for i, role in enumerate(("lead", "follow")):
        x = 140 + i * 76
        card = d["trick_cards"][role]
        if card is None:
            c.rect(x, y + 8, CARD_W, CARD_H, stroke="#b8ad97", stroke_dasharray="4 3")
        else:
            fox_card(c, x, y + 8, card, highlight=True)
        c.text(x + CARD_W / 2, y + CARD_H + 22, role, size=11, fill=MUTED, anchor="middle")
    collected = 22 - d["gem_supply"] - sum(d["gems"])
    facts = [
        f"gems collected: {collected} · on the path: {sum(d['gems'])} · "
        f"in the supply: {d['gem_supply']}",
        f"forest tokens left: {d['forest_supply']} of 4",
    ]
    if d["outcome"] is not None:
        outcome = {"won": "the team won", "lost_time": "lost: out of time after round 3",
                   "lost_forest": "lost in the forest"}[d["outcome"]]
        facts.append(f"{outcome} · team score {state.scores()[0]:g}")
    # Fixed rows, so that nothing moves when the game ends: the facts, the result, the key,
    # and the cards played this round (up to 22, on as many lines as they need).
    for i, fact in enumerate(facts):
        c.text(300, y + 20 + i * 21, fact, size=14 if i < 2 else 15,
               weight="bold" if i == 2 else None, fill=HIGHLIGHT if i == 2 else INK)
    c.text(300, y + 84, "T tracker · ◆ gem · + gains a gem after rounds 1 and 2 · "
           "dark: forest token", size=12, fill=MUTED)
    played = d["played"]
    lines = svg_wrap(f"played this round ({len(played)}): " + (" ".join(played) or "none"),
                     WIDTH - 16 - 300, 12)
    for i, line in enumerate(lines):
        c.text(300, y + 104 + i * 14, line, size=12, fill=MUTED)

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
            fox_card(c, 24 + i * 70, y0 + 30, name, marked=marked)
    y = 302 + 2 * 150
    deck = d["deck"]
    if deck and deck[0] is None:
        c.text(16, y + 16, f"{len(deck)} undealt cards, face down", size=12, fill=MUTED)
    else:
        c.text(16, y + 16, "undealt (seen by nobody): " + " ".join(deck), size=12,
               fill=MUTED)
    return c


def _card(name: str) -> str:
    """A card in words: ``S3 (Fox)``."""
    rank = int(name[1:])
    return f"{name} ({ABILITIES[rank]})" if rank in ABILITIES else name


def _at(position: int) -> str:
    return f"{position:+d}" if position else "0"


def _collected(d: dict[str, Any]) -> int:
    return int(22 - d["gem_supply"] - sum(d["gems"]))


def changes(b: dict[str, Any], a: dict[str, Any], state: State) -> list[str]:
    """Fox Duet step by step: cards played, tricks won, the tracker, gems, forest, the end."""
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
    if a["decree"] != b["decree"]:
        out.append(f"the decree is now {a['decree']}: {SUITS[a['decree'][0]][0]}s are trump")
    for p in range(2):
        for card in a["known"][p]:
            if card in b["known"][p]:
                continue
            where = "the old decree " if card == b["decree"] else ""
            out.append(f"player {p} takes {where}{card} into hand")
    if new_played or (not same_round and b["phase"] != "forest_end"):
        out.append(f"player {a['leader']} wins the trick")
    if a["covered"] != b["covered"]:
        end = "-" if a["covered"][0] != b["covered"][0] else "+"
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
        verdict = {"won": "the team wins", "lost_time": "the team is out of time",
                   "lost_forest": "the team is lost in the forest"}[a["outcome"]]
        out.append(f"game over: {verdict}, score {state.scores()[0]:g}")
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
