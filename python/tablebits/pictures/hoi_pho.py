"""Hội Phố as a picture: merchants by name and skill, coins, contracts, the table, the pile.

Every merchant card shows its number (reputation), name, rewards for 1st and 2nd place, the
skill it uses as the lowest card, and the merchant it zeroes. Seen from a seat, the other
players' hands are face down except the cards publicly known to be there
(docs/games/hoi_pho.md, Information); hand sizes, coins and every played card stay public.
"""

from __future__ import annotations

from typing import Any

from .._core import State
from .._registry import make
from ._step import Step, Told
from ._svg import HIGHLIGHT, MUTED, Canvas, signed
from ._svg import banner as svg_banner
from ._svg import caption as svg_caption
from ._svg import card as svg_card
from ._svg import face_down as svg_face_down
from ._svg import header as svg_header
from ._svg import label_row as svg_label_row
from ._svg import moved as svg_moved
from ._svg import panel as svg_panel
from ._svg import shrink as svg_shrink
from ._svg import text_color as svg_text_color
from ._svg import token as svg_token

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
HEIGHT = PANELS_TOP + 3 * (PANEL_H + GAP)  #: 720, for every player count
HAND_W = 104 + 5 * (CARD_W + 8) + 84 + 10 + 44  #: a panel with 6 cards (3 players) + contracts
STORY_ROWS = 10  #: the last step's rows beside the table, 14 apart below its heading
TARGET_ACTION = 16  #: the id of ``target 0``; ``target p`` is ``TARGET_ACTION + p``


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
             marked: str | None = None, action: int | None = None) -> None:
    """A merchant (number, name, rewards, skill, rival), a ship, or a face-down card;
    ``action``: the id of the action the card stands for (the card's id: playing, discarding,
    naming, taking or copying it)."""
    if card is None:
        svg_face_down(c, x, y, CARD_W, CARD_H)
        return
    with c.group(_name(card), "card", action):
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


def draw(state: State, d: dict[str, Any], seat: int | None, told: Told | None = None
         ) -> Canvas:
    """The whole table of a Hội Phố position, 1280x720 for every player count.

    The contract pile sits in the header; the table (at most N + 2 cards: a Naga that plays the
    Goat, which copies the Naga) and the last step share the band below it; the players'
    panels and a box of the round's facts fill the rest (``_layout``). With ``told`` the cards
    just revealed are outlined and ranked (1st, 2nd, lowest), also when their turn has ended,
    and the step is captioned; at the end a banner names the winner.
    """
    n = d["players"]
    cells, pw, facts_box = _layout(n)
    c = Canvas(WIDTH, HEIGHT, NAME)
    svg_header(c, NAME, f"round {d['round']} · turn {d['turn']} of {_turns(n)} · "
               + doing(state, d))
    _key(c, 140, 14)

    # The contract pile, top first, at the header's right end.
    pile_x = WIDTH - 16 - 7 * 40 + 6
    c.text(pile_x - 10, 37, "contract pile (top first)", size=13, fill=MUTED, anchor="end",
           weight="bold")
    for i, number in enumerate(d["deck"]):
        _contract(c, pile_x + i * 40, 12, number)
    if not d["deck"]:
        c.text(pile_x, 37, "empty", size=13, fill=MUTED)

    # The table of this turn; right after a turn's last step, the cards that turn revealed.
    table = [(e["owner"], e["card"]) for e in d["table"]]
    label = "on the table this turn"
    fresh: set[tuple[int, int]] = set()
    place: dict[int, str] = {}
    if told is not None:
        played = _played(told.step, told.before)
        before = [(e["owner"], e["card"]) for e in told.before["table"]]
        if not table and (played or before):  # the turn ended in this step
            table, label = played or before, "played last turn"
        fresh = {e for e in table if e not in before}
        place = ranks(played)
        ships = [p for p, card in played if card == 0]
        if 1 <= len(ships) <= 2:
            place[0] = "alone: +5" if len(ships) == 1 else "two: +1 each"
    svg_label_row(c, 16, 76, label)
    step = min(CARD_W + 8.0, (TABLE_W + 8) / max(1, len(table)))  # never past its slots
    for i, (owner, card) in enumerate(table):
        x = 16 + i * step
        rank = place.get(card, "")
        # A merchant on the table is one card (a ship is one of several); those of a turn
        # that has ended may be in new hands, and stand for no action.
        on_table = label == "on the table this turn" and card > 0
        hoi_card(c, x, 84, card, marked=_rank_tag(card, rank) if rank else None,
                 action=card if on_table else None)
        if (owner, card) in fresh:
            svg_moved(c, x, 84, CARD_W, CARD_H, "revealed in the last step")
        c.text(x + CARD_W / 2, 84 + CARD_H + 14, f"player {owner}", size=11,
               fill=MUTED, anchor="middle")
    if not table:
        c.text(16, 110, "empty", size=13, fill=MUTED)

    # Beside the table, the whole band: the last step, or at the end the banner. A round's
    # last turn tells ten or more lines with 5 players; sharing the band, they were cut.
    story_x = 16 + TABLE_W + 24
    width = WIDTH - 16 - story_x
    if d["outcome"]:
        headline, lines = _verdict(d, state)
        svg_banner(c, story_x - 8, 60, width + 8, 160, headline, lines)
    elif told is not None:
        svg_caption(c, story_x, 76, width, told.lines, rows=STORY_ROWS)
    _facts_box(c, d, *facts_box)

    acting = set(state.acting_players()) if not state.is_terminal() else set()
    # A truncated game shares its returns without a winner: the banner says it was stopped.
    winners = ([p for p, r in enumerate(state.returns()) if r > 0]
               if d["outcome"] == "ended" else [])
    for p, (x0, y0) in enumerate(cells):
        owned = d["contracts"][p]
        title = (f"player {p}" + (" (you)" if seat == p else "")
                 + f" · {len(owned)} contract" + ("" if len(owned) == 1 else "s"))
        with c.group(f"player {p}", "seat", TARGET_ACTION + p):  # choosing them as target
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
            # Merchants are unique; only the seat's own ships stand for its ship actions.
            own = card is not None and (card > 0 or p == seat)
            hoi_card(c, x0 + 104 + i * (CARD_W + 8), y0 + 28, card, marked=marked,
                     action=card if own else None)
        for i, number in enumerate(owned):
            _contract(c, x0 + pw - 10 - 34, y0 + 32 + i * 40, number)
            if told is not None and number not in told.before["contracts"][p]:
                svg_moved(c, x0 + pw - 44, y0 + 32 + i * 40, 34, 36, "taken in the last step")
    return c


def _layout(n: int) -> tuple[list[tuple[float, float]], float, tuple[float, float, float, float]]:
    """Where the panels go for ``n`` players: each panel's top-left corner, their width, and
    the box of the round's facts (x, y, width, height). 3 players (6 cards a hand) get one
    column of wide panels and the facts beside it; 4 and 5 two columns, the facts in the cell
    after the last panel (the whole last row with 4)."""
    step = PANEL_H + GAP
    if n == 3:
        return ([(12.0, float(PANELS_TOP + p * step)) for p in range(3)], HAND_W,
                (HAND_W + 24.0, float(PANELS_TOP), WIDTH - 36.0 - HAND_W, 3.0 * step - GAP))
    pw = (WIDTH - 36) / 2
    cells = [(12 + (p % 2) * (pw + 12), float(PANELS_TOP + (p // 2) * step))
             for p in range(n + 1)]
    x, y = cells.pop()
    return cells, pw, (x, y, WIDTH - 12 - x, PANEL_H)


def _facts_box(c: Canvas, d: dict[str, Any], x: float, y: float, w: float, h: float) -> None:
    """The round's public facts that are no piece on the table (``_facts``), in a box."""
    c.rect(x, y, w, h, stroke="#cfc6b3", rx=8)
    svg_label_row(c, x + 10, y + 20, "this round")
    rows, size = svg_shrink(_facts(d) or ["nothing played yet"], w - 20, h - 30, 12, 2)
    for i, line in enumerate(rows):
        c.text(x + 10, y + 24 + (i + 1) * (size + 2), line, size=size, fill=MUTED)


def _rank_tag(card: int, rank: str) -> str:
    """The tag on a card just revealed: its place in the turn and what that earned."""
    if card == 0:
        return rank
    if rank.startswith("1st"):
        return f"1st +{MERCHANTS[card][1]}" + (", skill" if "lowest" in rank else "")
    if rank == "2nd":
        return f"2nd +{MERCHANTS[card][2]}"
    return "lowest: skill" if rank == "lowest" else "zeroed: skill"


def doing(state: State, d: dict[str, Any]) -> str:
    """Who is doing what now, in the rules' words (the header's last part), for the position
    ``state`` as seen in ``d``."""
    phase = d["phase"]
    if phase == "over":
        return "game over"
    if phase in ("play", "discard"):
        return f"everyone chooses a card to {phase}"
    skill = _name(d["stack"][-1]) if d["stack"] else "a skill"
    if phase == "rps":
        return f"player {d['skill_player']}'s {skill} duels player {d['target']}"
    return f"player {d['skill_player']}'s {skill} {DECIDING[phase]}"


def _key(c: Canvas, x: float, y: float) -> None:
    """The key to the cards' colours: reputation in five bands, and the ship."""
    c.text(x, y + 13, "colour by reputation:", size=11, fill=MUTED)
    for i, (label, number) in enumerate([("1–3", 1), ("4–6", 4), ("7–9", 7), ("10–12", 10),
                                         ("13–15", 13), ("ship", 0)]):
        fill = merchant_color(number) if number else SHIP_COLOR
        bx = x + 124 + i * 46
        c.rect(bx, y, 42, 18, fill=fill, rx=3)
        c.text(bx + 21, y + 13, label, size=10, fill=svg_text_color(fill), anchor="middle",
               weight="bold")


def _contract(c: Canvas, x: float, y: float, number: int) -> None:
    """A contract card, 34 x 36, its number on it."""
    c.rect(x, y, 34, 36, fill="#fff1d6", stroke="#9c6644", rx=4)
    c.text(x + 17, y + 24, str(number), size=15, anchor="middle", weight="bold")


def _facts(d: dict[str, Any]) -> list[str]:
    """The public facts of the round that are not pieces on the table, one line each."""
    facts = []
    if d["stack"]:
        facts.append(f"player {d['skill_player']} resolving: "
                     + " > ".join(_name(m) for m in d["stack"])
                     + (f" against player {d['target']}" if d["target"] is not None else ""))
    if d["forced"] is not None:
        facts.append(f"Rabbit order: whoever holds {_name(d['forced'])} must play it")
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
    return facts


def _name(card: int) -> str:
    return "ship" if card == 0 else f"{card} {MERCHANTS[card][0]}"


def _turns(players: int) -> int:
    return 3 if players == 5 else 4


def ranks(played: list[tuple[int, int]]) -> dict[int, str]:
    """Each played merchant's place in the turn by the rules' ranking (docs/games/hoi_pho.md,
    A turn): ``"1st"``, ``"2nd"``, ``"lowest"`` (uses its skill) or ``"zeroed"`` (lowest,
    and zeroed by its rival); ``played`` is (player, card) with ships as 0."""
    merchants = [card for _, card in played if card]
    if not merchants:
        return {}
    zeroed = {m for m in merchants if any(MERCHANTS[z][3] == m for z in merchants)}
    high = max(merchants, key=lambda m: 0 if m in zeroed else m)
    lows = zeroed or {min(merchants)}
    out = {m: ("zeroed" if m in zeroed else "lowest") for m in lows}
    rest = [m for m in merchants if m != high and m not in lows]
    if rest:
        out[max(rest)] = "2nd"
    out[high] = "1st" if high not in lows else "1st, lowest"
    return out


def _played(step: Step, b: dict[str, Any]) -> list[tuple[int, int]]:
    """(player, card) revealed in a play step, in seat order; empty for any other step."""
    if b["phase"] != "play":
        return []
    out = []
    for p in range(b["players"]):
        move = step.played(p)
        if move is not None:
            word = move.split()[-1]
            out.append((p, 0 if word == "ship" else int(word)))
    return out


def _coins_before_cap(step: Step) -> list[int]:
    """The coins at the end of the step's turn, before a new round's coin cap: the same move
    replayed on a copy whose contracts are so high that no cap can bite."""
    after = step.after.to_dict()
    if step.actions is None or after["round"] == step.before.to_dict()["round"]:
        return list(after["coins"])
    params = dict(step.before.game.params)
    shift = 10000 - max(params["contracts"])
    if shift <= 0:
        return list(after["coins"])
    d = step.before.to_dict()
    d["deck"] = [c + shift for c in d["deck"]]
    d["contracts"] = [[c + shift for c in owned] for owned in d["contracts"]]
    params["contracts"] = [c + shift for c in params["contracts"]]
    trial = make("hoi_pho", **params).state_from_dict(d)
    if trial.is_simultaneous_node():
        trial.apply_actions(step.actions)
    else:
        trial.apply_action(max(step.actions))
    return list(trial.to_dict()["coins"])


def _coin_list(delta: list[int]) -> str:
    return ", ".join(f"player {p} {signed(n)}" for p, n in enumerate(delta) if n)


#: What the decision of each phase is, in the rules' words.
DECIDING = {"target": "chooses an opponent", "rps": "duels: rock, paper, scissors",
            "name": "names a merchant", "naga_play": "plays a merchant from hand",
            "naga_take": "takes a merchant from the table", "copy": "copies a skill",
            "discard": "discard a card", "play": "play a card"}


def changes(b: dict[str, Any], a: dict[str, Any], step: Step) -> list[str]:
    """Hội Phố step by step, with the rules' reasons: the cards revealed, a zeroed merchant, the
    ships' coins, 1st and 2nd rewards, the lowest card's skill, choices made, the award, the
    coin cap, contracts and the end."""
    out: list[str] = []
    n = a["players"]
    coins_end = _coins_before_cap(step)
    delta = [end - was for end, was in zip(coins_end, b["coins"], strict=True)]
    played = _played(step, b)
    explained = [0] * n
    if played:
        out.append("revealed: " + ", ".join(f"player {p} {_name(c)}" for p, c in played))
        ships = [p for p, c in played if c == 0]
        if len(ships) == 1:
            out.append(f"a lone ship: player {ships[0]} +5")
            explained[ships[0]] += 5
        elif len(ships) == 2:
            out.append(f"two ships: players {ships[0]} and {ships[1]} +1 each")
            for p in ships:
                explained[p] += 1
        owner = {c: p for p, c in played if c}
        for m in sorted(owner):
            if MERCHANTS[m][3] in owner:
                out.append(f"{_name(m)} zeroes {_name(MERCHANTS[m][3])}")
        place = ranks(played)
        for m, rank in sorted(place.items(), key=lambda item: -item[0]):
            if rank.startswith("1st") or rank == "2nd":
                reward = int(MERCHANTS[m][1 if rank.startswith("1st") else 2])
                out.append(f"{rank[:3]}: {_name(m)}, player {owner[m]} +{reward}")
                explained[owner[m]] += reward
        lows = sorted(m for m, rank in place.items() if "lowest" in rank or rank == "zeroed")
        rest = [d - e for d, e in zip(delta, explained, strict=True)]
        told = ", ".join(f"{_name(m)} ({MERCHANTS[m][4]})" for m in lows)
        if lows:
            effect = _coin_list(rest)
            deciding = DECIDING.get(a["phase"]) if a["stack"] else None
            verb = f": player {a['skill_player']} {deciding}" if deciding else ""
            out.append(f"lowest: {told}" + (f": {effect}" if effect else verb))
    elif step.actions is not None and b["phase"] in DECIDING and b["phase"] != "play":
        out.extend(_decision(b, a, step, delta))
    elif b["phase"] == "play" and a["previous"] != b["previous"] and a["previous"]:
        out.append("merchants played: " + ", ".join(_name(m) for m in a["previous"]))
    if step.actions is None and any(delta):
        out.append("coins: " + _coin_list(delta))
    for p, (was, now) in enumerate(zip(b["contracts"], a["contracts"], strict=True)):
        for number in now[len(was):]:
            out.append(f"player {p} takes contract {number} ({len(now)} of 3)"
                       + _why_contract(b, a, step, coins_end))
    for p in range(n):
        for card in a["known"][p]:
            if card not in b["known"][p] and b["phase"] != "naga_take":
                out.append(f"player {p} is known to hold {_name(card)}")
    if a["forced"] is not None and a["forced"] != b["forced"]:
        out.append(f"Rabbit order: whoever holds {_name(a['forced'])} must play it next turn")
    if a["round"] != b["round"]:
        top = a["deck"][0] if a["deck"] else None
        capped = [f"player {p} {was} → {now}" for p, (was, now)
                  in enumerate(zip(coins_end, a["coins"], strict=True)) if now < was]
        if capped:
            out.append(f"coin cap at {top}, the top contract: " + ", ".join(capped))
        elif step.actions is None and top is not None:
            out.append(f"coin cap: coins above {top}, the top contract, drop to {top}")
        out.append(f"round {a['round']}: new hands")
    if a["outcome"] and not b["outcome"]:
        out.append(_verdict(a, step.after)[0])
    return out


def _decision(b: dict[str, Any], a: dict[str, Any], step: Step, delta: list[int]) -> list[str]:
    """A choice inside a skill, told as the rules say it, with what it did to the coins."""
    who = b["skill_player"]
    moves = [step.played(p) for p in range(b["players"])]
    effect = _coin_list(delta)
    if b["phase"] == "discard":
        return ["discarded: " + ", ".join(f"player {p} {_name(m)}"
                                          for p, m in enumerate(a["discards"]))]
    if b["phase"] == "rps":
        shown = ", ".join(f"player {p} {m}" for p, m in enumerate(moves) if m)
        # Two different throws always have a winner, who may take nothing: half of 1 coin,
        # rounded down, is 0. (The tenth draw in a row is settled by chance, with coins.)
        draw = len({m for m in moves if m}) == 1
        result = effect or ("a draw" if draw else "half the loser's coins is 0")
        return [f"the Mouse's duel: {shown}: {result}"]
    skill = _name(b["stack"][-1])
    word = moves[who].split() if moves[who] else []
    if b["phase"] == "target":
        line = f"player {who}'s {skill} picks player {word[-1]}"
        if a["phase"] == "rps":
            line += ": they duel, rock, paper, scissors"
    else:
        card = _name(int(word[-1]))
        line = {"name": f"player {who}'s {skill} names {card}",
                "naga_play": f"player {who}'s 6 Naga plays {card} from hand",
                "naga_take": f"player {who}'s 6 Naga takes {card} into hand",
                "copy": f"player {who}'s 11 Goat copies {card}"}[b["phase"]]
    return [line + (f": {effect}" if effect else "")]


def _why_contract(b: dict[str, Any], a: dict[str, Any], step: Step, coins: list[int]) -> str:
    """Why a player took a contract in this step: the round's award (the most coins, ``coins``
    being the round's final ones), else "" (a Sheep's or Monkey's skill)."""
    awarded = a["round"] != b["round"] or (a["outcome"] and not a["table"])
    if not awarded or step.actions is None:  # unknown move: the coins before the cap too
        return ""
    most = max(coins)
    if coins.count(most) == 1:
        return f": the most coins ({most})"
    return f": tied on {most} coins, holds the highest merchant"


def _verdict(d: dict[str, Any], state: State) -> tuple[str, list[str]]:
    """The end in words: the headline (who won) and the score broken down, by the rules'
    order (contracts, then their sum, then the highest merchant in hand)."""
    if d["outcome"] == "truncated":
        return (f"game stopped after round {d['round']}: no winner",
                ["the game was cut short before anyone won; the players share the result"])
    winners = [p for p, r in enumerate(state.returns()) if r > 0]
    owned = d["contracts"]
    most = max(len(c) for c in owned)
    top = [p for p, c in enumerate(owned) if len(c) == most]
    why = (f"player {top[0]} owns three contracts" if most >= 3 else
           f"the contract pile ran out; the most contracts ({most})")
    if len(top) > 1:
        sums = {p: sum(owned[p]) for p in top}
        why += ", then the highest contract sum (" + ", ".join(
            f"player {p} {sums[p]}" for p in top) + ")"
        best = [p for p in top if sums[p] == max(sums.values())]
        if len(best) > 1:
            why += ", then the highest merchant in hand"
    names = " and ".join(map(str, winners))
    headline = (f"game over: player {names} wins" if len(winners) == 1
                else f"game over: players {names} share the win")
    lines = [why] + [f"player {p}: " + (f"{len(c)} contract" + ("s " if len(c) > 1 else " ")
                                         + "+".join(map(str, c))
                                         + (f" = {sum(c)}" if len(c) > 1 else "")
                                         if c else "no contract")
                     for p, c in enumerate(owned)]
    return headline, lines


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
