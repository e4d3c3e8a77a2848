"""Hội Phố as a picture: merchants by name and skill, coins, contracts, the table, the pile.

Every merchant card shows its number (reputation), name, rewards for 1st and 2nd place, the
skill it uses as the lowest card, and the merchant it zeroes. Seen from a seat, the other
players' hands are face down except the cards publicly known to be there
(docs/games/hoi_pho.md, Information); hand sizes, coins and every played card stay public.
"""

from __future__ import annotations

from typing import Any

from .._core import State
from ._svg import HIGHLIGHT, MUTED, Canvas
from ._svg import card as svg_card
from ._svg import face_down as svg_face_down
from ._svg import header as svg_header
from ._svg import label_row as svg_label_row
from ._svg import panel as svg_panel
from ._svg import token as svg_token
from ._svg import wrap as svg_wrap

NAME = "Hội Phố"  #: the game's name, as its rules page titles it
#: number -> (name, 1st reward, 2nd reward, merchant it zeroes or 0, the skill in a few words)
MERCHANTS = {
    1: ("Mouse", 2, 1, 15, "RPS duel"),
    2: ("Buffalo", 2, 1, 12, "gain 4"),
    3: ("Tiger", 2, 1, 0, "tax all"),
    4: ("Rabbit", 2, 1, 0, "+1, force"),
    5: ("Cat", 2, 2, 14, "name: take 3"),
    6: ("Naga", 2, 2, 0, "play & take"),
    7: ("Dragon", 2, 2, 0, "embargo"),
    8: ("Snake", 3, 1, 0, "take half"),
    9: ("Horse", 3, 1, 0, "swap coins"),
    10: ("Sheep", 3, 1, 0, "poorest: contract"),
    11: ("Goat", 3, 2, 0, "copy a skill"),
    12: ("Monkey", 3, 2, 0, "take contract"),
    13: ("Chicken", 4, 2, 0, "no skill"),
    14: ("Dog", 4, 2, 13, "pay 3"),
    15: ("Pig", 5, 2, 13, "feed neighbours"),
}
SHIP_COLOR = "#5c7c99"
CARD_W, CARD_H = 84, 120
WIDTH = 1280
TABLE_W = 7 * (CARD_W + 8) - 8  #: room for 7 cards: 5 players, a Naga and the Goat it plays
PANELS_TOP = 228  #: where the players' panels start
PANEL_H, GAP = 156, 8  #: a panel's height and the space below it


def view(d: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """What ``seat`` sees: other hands hold their publicly known cards, the rest None.

    Known cards come first, so a hand's order tells nothing about its hidden cards.
    """
    d = {**d, "played_earlier": played_earlier(d)}
    if seat is None:
        return d
    hands = [
        hand if p == seat else list(d["known"][p]) + [None] * (len(hand) - len(d["known"][p]))
        for p, hand in enumerate(d["hands"])
    ]
    return {**d, "hands": hands}


def played_earlier(d: dict[str, Any]) -> list[int]:
    """Merchants played in an earlier turn of this round: in no hand and no other field.

    Every player saw them played; no dict field lists them (docs/games/hoi_pho.md), so they
    are found from the whole dict, before any hand is hidden.
    """
    seen: set[int] = {card for hand in d["hands"] for card in hand}
    seen |= {entry["card"] for entry in d["table"]}
    seen |= set(d["previous"]) | set(d["removed"]) | set(d["discards"])
    return [m for m in MERCHANTS if m not in seen]


def merchant_color(number: int) -> str:
    """Low merchants (skills) warm, high ones (rewards) cool: reputation by colour too."""
    palette = ["#e76f51", "#f4a261", "#e9c46a", "#8ab17d", "#2a9d8f", "#287271"]
    return palette[min(5, (number - 1) // 3 + (1 if number > 12 else 0))]


def hoi_card(c: Canvas, x: float, y: float, card: int | None, highlight: bool = False,
             marked: str | None = None) -> None:
    """A merchant (number, name, rewards, skill, rival), a ship, or a face-down card."""
    if card is None:
        svg_face_down(c, x, y, CARD_W, CARD_H)
        return
    with c.group(_name(card), "card"):
        _hoi_card(c, x, y, card, highlight, marked)


def _hoi_card(c: Canvas, x: float, y: float, card: int, highlight: bool,
              marked: str | None) -> None:
    if card == 0:
        lines = ["no reputation", "alone: +5", "two: +1"]
        svg_card(c, x, y, CARD_W, CARD_H, SHIP_COLOR, "ship", lines, highlight=highlight,
                  marked=marked)
    else:
        name, first, second, rival, skill = MERCHANTS[card]
        lines = [name, f"1st +{first} 2nd +{second}", skill]
        if rival:
            lines.append(f"zeroes {rival}")
        svg_card(c, x, y, CARD_W, CARD_H, merchant_color(card), str(card), lines,
                  highlight=highlight, marked=marked)


def draw(state: State, d: dict[str, Any], seat: int | None) -> Canvas:
    """The whole table of a Hội Phố position, always the same size for a player count.

    1280 wide; the contract pile sits in the header, the table (at most N + 2 cards: a Naga
    that plays the Goat, which copies the Naga) and the round's facts share the band below it,
    and the players' panels fill two columns (one with 3 players, whose hands are longest), so
    that 5 players fit 1280x720.
    """
    n = d["players"]
    turns = 3 if n == 5 else 4
    cap = state.game.params["max_rounds"]
    columns = 1 if n == 3 else 2
    rows = -(-n // columns)
    c = Canvas(WIDTH, PANELS_TOP + rows * (PANEL_H + GAP),
               f"Hội Phố, round {d['round']}, turn {d['turn']}, {d['phase']}")
    phase = "game over" if d["phase"] == "over" else f"phase {d['phase'].replace('_', ' ')}"
    svg_header(c, "Hội Phố", f"round {d['round']} (safety cap {cap}, not the game's length)"
                f" · turn {d['turn']} of {turns} · {phase}")

    # The contract pile, top first, at the header's right end.
    pile_x = WIDTH - 16 - 7 * 40 + 6
    c.text(pile_x - 10, 37, "contract pile (top first)", size=13, fill=MUTED, anchor="end",
           weight="bold")
    for i, number in enumerate(d["deck"]):
        _contract(c, pile_x + i * 40, 12, number)
    if not d["deck"]:
        c.text(pile_x, 37, "empty", size=13, fill=MUTED)

    # The table of this turn, then the public facts of the round beside it.
    svg_label_row(c, 16, 76, "on the table this turn")
    table = d["table"]
    step = min(CARD_W + 8.0, (TABLE_W + 8) / max(1, len(table)))  # never past its slots
    for i, entry in enumerate(table):
        x = 16 + i * step
        hoi_card(c, x, 84, entry["card"])
        c.text(x + CARD_W / 2, 84 + CARD_H + 14, f"player {entry['owner']}", size=11,
               fill=MUTED, anchor="middle")
    if not table:
        c.text(16, 110, "empty", size=13, fill=MUTED)
    facts_x = 16 + TABLE_W + 24
    svg_label_row(c, facts_x, 76, "this round")
    lines = [(line, i > 0) for fact in _facts(d)
             for i, line in enumerate(svg_wrap(fact, WIDTH - 16 - facts_x - 12, 12))]
    for i, (line, more) in enumerate(lines):
        c.text(facts_x + (12 if more else 0), 96 + i * 15, line, size=12, fill=MUTED)

    acting = set(state.acting_players()) if not state.is_terminal() else set()
    # A truncated game shares its returns without a winner: the facts say it was stopped.
    winners = ([p for p, r in enumerate(state.returns()) if r > 0]
               if d["outcome"] == "ended" else [])
    pw = (WIDTH - 12 * (columns + 1)) / columns
    for p in range(n):
        x0 = 12 + (p % columns) * (pw + 12)
        y0 = PANELS_TOP + (p // columns) * (PANEL_H + GAP)
        owned = d["contracts"][p]
        title = (f"player {p}" + (" (you)" if seat == p else "")
                 + f" · {len(owned)} contract" + ("" if len(owned) == 1 else "s"))
        svg_panel(c, x0, y0, pw, PANEL_H, title, active=p in acting)
        if p in winners:
            c.text(x0 + pw - 10, y0 + 20, "wins" if len(winners) == 1 else "shares the win",
                   size=15, anchor="end", weight="bold", fill=HIGHLIGHT)
        svg_token(c, x0 + 52, y0 + 64, 24, "#e9c46a", str(d["coins"][p]), size=15)
        c.text(x0 + 52, y0 + 102, "coins", size=11, fill=MUTED, anchor="middle")
        ships = d["ships_played"][p]
        c.text(x0 + 52, y0 + 126, f"{ships} ship" + ("" if ships == 1 else "s") + " played",
               size=10, fill=MUTED, anchor="middle")
        c.text(x0 + 52, y0 + 139, "this round", size=10, fill=MUTED, anchor="middle")
        for i, card in enumerate(d["hands"][p]):
            marked = "known" if card is not None and card in d["known"][p] else None
            hoi_card(c, x0 + 104 + i * (CARD_W + 8), y0 + 28, card, marked=marked)
        for i, number in enumerate(owned):
            _contract(c, x0 + pw - 10 - 34, y0 + 32 + i * 40, number)
    return c


def _contract(c: Canvas, x: float, y: float, number: int) -> None:
    """A contract card, 34 x 36, its number on it."""
    c.rect(x, y, 34, 36, fill="#fff1d6", stroke="#9c6644", rx=4)
    c.text(x + 17, y + 24, str(number), size=15, anchor="middle", weight="bold")


def _facts(d: dict[str, Any]) -> list[str]:
    """The public facts of the round that are not pieces on the table, one line each."""
    facts = []
    if d["previous"]:
        facts.append("last turn: " + ", ".join(_name(m) for m in d["previous"]))
    earlier = d["played_earlier"]
    if earlier:
        facts.append("played earlier this round: " + ", ".join(_name(m) for m in earlier))
    if d["removed"]:
        facts.append("removed at the deal: " + ", ".join(_name(m) for m in d["removed"]))
    if d["discards"]:
        facts.append("discarded: " + ", ".join(
            f"player {p} {_name(m)}" for p, m in enumerate(d["discards"])))
    if d["forced"] is not None:
        facts.append(f"Rabbit order: whoever holds {_name(d['forced'])} must play it")
    if d["stack"]:
        facts.append(f"player {d['skill_player']} resolving: "
                     + " > ".join(_name(m) for m in d["stack"])
                     + (f" against player {d['target']}" if d["target"] is not None else ""))
    if d["outcome"] == "truncated":
        facts.append("stopped by the safety cap")
    return facts


def _name(card: int) -> str:
    return "ship" if card == 0 else f"{card} {MERCHANTS[card][0]}"


def changes(b: dict[str, Any], a: dict[str, Any], state: State) -> list[str]:
    """Hội Phố step by step: cards revealed, coins won and paid, contracts, the Rabbit."""
    out = []
    played = [e for e in a["table"] if e not in b["table"]]
    if played:
        out.append("on the table: " + ", ".join(f"player {e['owner']} {_name(e['card'])}"
                                                 for e in played))
    elif a["previous"] and a["previous"] != b["previous"]:  # the turn ended in this step
        out.append("merchants played: " + ", ".join(_name(m) for m in a["previous"]))
    for p, (was, now) in enumerate(zip(b["coins"], a["coins"], strict=True)):
        if now != was:
            out.append(f"player {p} {'+' if now > was else '-'}{abs(now - was)} coins "
                       f"(now {now})")
    for p, (was, now) in enumerate(zip(b["contracts"], a["contracts"], strict=True)):
        for number in now[len(was):]:
            out.append(f"player {p} takes contract {number} ({len(now)} of 3)")
    for p in range(len(a["known"])):
        for card in a["known"][p]:
            if card not in b["known"][p]:
                out.append(f"player {p} is known to hold {_name(card)}")
    if a["forced"] is not None and a["forced"] != b["forced"]:
        out.append(f"Rabbit order: whoever holds {_name(a['forced'])} must play it next turn")
    if a["round"] != b["round"]:
        top = a["deck"][0] if a["deck"] else None
        cap = f"; coins above {top} (the top contract) dropped to {top}" if top else ""
        out.append(f"round {a['round']}: new hands{cap}")
    if a["outcome"] and not b["outcome"]:
        winners = [p for p, r in enumerate(state.returns()) if r > 0]
        out.append("game over: " + ("player " if len(winners) == 1 else "players ")
                   + ", ".join(map(str, winners)) + (" wins" if len(winners) == 1 else " share"))
    return out


#: The position docs/img/position_hoi_pho.svg shows (tools/pictures_docs.py): (record index in
#: tests/data/records/hoi_pho.jsonl, step, seat or None for everything).
DOCS_POSITION = (0, 21, None)

SUMMARY = """\
Hội Phố: every turn all players reveal a card at once. The highest merchant earns its 1st
reward, the second its 2nd reward, the lowest uses its skill; a lone ship earns 5. After the
turns of a round the richest player takes the top contract; three contracts win (or the most
when the pile runs out)."""


def legend(d: dict[str, Any], state: State, seat: int) -> list[str]:
    """The seat's merchants by name, rewards and skill (the board shows numbers only)."""
    lines = ["your cards:"]
    for card in sorted(set(d["hands"][seat])):
        if card == 0:
            lines.append("  ship: no reputation; alone on the table +5, two ships +1 each")
        else:
            name, first, second, rival, skill = MERCHANTS[card]
            zeroes = f", zeroes {rival}" if rival else ""
            lines.append(f"  {card} {name}: 1st +{first}, 2nd +{second}, lowest: {skill}{zeroes}")
    return lines
