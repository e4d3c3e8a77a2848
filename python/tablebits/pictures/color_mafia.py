"""Color Mafia as a picture: the box, every player's chips and coins by colour, the parent.

Chips are drawn as round pieces and coins as hexagons, each in its colour with the count
written on it, so holdings read without a legend. During ``resolve`` each player's revealed
coin is shown large. At the end the unfashionable colours (the chips left in the box) and the
eliminated players are named. Everything is public (docs/games/color_mafia.md, Information).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from .._core import State
from ._step import Step, Told
from ._svg import HIGHLIGHT, INK, MUTED, Canvas
from ._svg import banner as svg_banner
from ._svg import caption as svg_caption
from ._svg import header as svg_header
from ._svg import label_row as svg_label_row
from ._svg import moved as svg_moved
from ._svg import panel as svg_panel
from ._svg import text_color as svg_text_color
from ._svg import token as svg_token

NAME = "Color Mafia"  #: the game's name, as its rules page titles it
COLORS = {"R": "#d62828", "B": "#1d4e89", "Y": "#f2c14e", "G": "#2a9d3f", "W": "#ffffff"}
NAMES = {"R": "red", "B": "blue", "Y": "yellow", "G": "green", "W": "white"}
CHIPS = "RBYG"
COINS = "RBYGW"
WIDTH = 860
#: Where the players' panels start: the band above holds the box and, beside it, the last step
#: or at the end the banner, which tells the last step as well as the result.
PANELS_TOP = 240


def view(d: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """What ``seat`` sees: everything (only the coin being chosen is secret, never stored)."""
    return d


def hexagon(c: Canvas, cx: float, cy: float, r: float, fill: str, label: str) -> None:
    """A coin: a hexagon in its colour with ``label`` on it."""
    points = [(cx + r * math.cos(math.pi / 3 * k + math.pi / 6),
               cy + r * math.sin(math.pi / 3 * k + math.pi / 6)) for k in range(6)]
    c.polygon(points, fill=fill)
    c.text(cx, cy + r * 0.36, label, size=r, fill=svg_text_color(fill), anchor="middle",
           weight="bold")


def coin_action(color: str) -> int:
    """The id of ``coin <color>`` (docs/games/color_mafia.md, Actions)."""
    return COINS.index(color)


def unfashionable(d: dict[str, Any]) -> list[str]:
    """The colours left in the box once the game has ended by the rules (else none)."""
    if d["outcome"] != "ended":
        return []
    return [color for color in CHIPS if d["box"][color] > 0]


def eliminated(d: dict[str, Any]) -> tuple[list[int], set[int]]:
    """Each player's chips of the unfashionable colours, and the players those eliminate: the
    ones holding the most of them, if anyone holds any."""
    out = unfashionable(d)
    counts = [sum(chips[color] for color in out) for chips in d["chips"]]
    worst = max(counts)
    return counts, {p for p, k in enumerate(counts) if worst > 0 and k == worst}


def collisions(revealed: Sequence[str | None]) -> set[int]:
    """The players whose coin another player also showed (docs/games/color_mafia.md, Reveal)."""
    return {p for p, coin in enumerate(revealed)
            if coin is not None and revealed.count(coin) > 1}


def _fate(d: dict[str, Any], p: int) -> str:
    """What player ``p``'s revealed coin makes them do this round, in the rules' words."""
    if p not in collisions(d["revealed"]):
        return "takes chips"
    return "parent: spared" if d["parent"] == p else "must return"


def shown_in(b: dict[str, Any], a: dict[str, Any], step: Step) -> list[str] | None:
    """The coins shown in the round the step from ``b`` to ``a`` belongs to, or None when
    nobody can tell: during ``resolve`` the dict holds them, but a reveal that ends the game or
    the round at once (every resolution skipped) clears them, and only the move tells them."""
    if b["phase"] == "resolve":
        return list(b["revealed"])
    if b["phase"] != "choose":
        return None
    if a["revealed"][0] is not None:
        return list(a["revealed"])
    moves = [step.played(p) for p in range(b["players"])]
    return None if None in moves else [str(m).split()[-1] for m in moves]


def end_check(b: dict[str, Any], a: dict[str, Any], step: Step) -> tuple[int, str] | None:
    """The taker whose end check ended the game in this step, and their coin: the first player
    left to resolve, in order from the parent, who did not collide (a player who did and holds
    chips would have had to return them first); None when the coins shown are not known."""
    shown = shown_in(b, a, step)
    if shown is None:
        return None
    n, parent = b["players"], b["parent"]
    order = [(parent + i) % n for i in range(n)]
    if b["phase"] == "resolve":  # those up to the one who just resolved are done
        order = order[order.index(b["acting"]) + 1:]
    taker = next((p for p in order if p not in collisions(shown)), None)
    return None if taker is None else (taker, shown[taker])


def why_ended(d: dict[str, Any], check: tuple[int, str] | None) -> str:
    """Why the game ended (docs/games/color_mafia.md, End and scoring): a taker's end check
    found the box too low (1 chip or fewer, 2 or fewer for a white coin)."""
    total = sum(d["box"].values())
    chips = f"{total} chip" + ("" if total == 1 else "s")
    if check is None:
        return f"the box holds {chips}, too few for the next taker: the game ends"
    taker, coin = check
    return f"player {taker} is to take ({NAMES[coin]}) but the box holds {chips}: the game ends"


def doing(state: State, d: dict[str, Any]) -> str:
    """Who is doing what now, in the rules' words (the header's last part), for the position
    ``state`` as seen in ``d``."""
    return {"choose": "everyone chooses a coin",
            "resolve": f"player {d['acting']} takes or returns chips",
            "over": "game over"}[d["phase"]]


def draw(state: State, d: dict[str, Any], seat: int | None, told: Told | None = None
         ) -> Canvas:
    """The whole table of a Color Mafia position; with ``told`` the chips that moved are
    outlined and the step is captioned; collisions and who must return chips are marked under
    the revealed coins. At the end a banner says why the game ended, tells the last step and
    gives the winners and every score, and the coins of the last reveal stay in view, the one
    whose end check ended the game marked."""
    n = d["players"]
    rows = (n + 1) // 2
    ph = 150
    height = PANELS_TOP + rows * (ph + 12) + 8
    c = Canvas(WIDTH, height, NAME)
    svg_header(c, NAME, f"round {d['round']} · parent: player {d['parent']} · "
               + doing(state, d))
    b = told.before if told is not None else None

    # The box: one column of chips per colour.
    svg_label_row(c, 16, 80, "the box")
    for i, color in enumerate(CHIPS):
        cx = 40 + i * 64
        svg_token(c, cx, 112, 22, COLORS[color], str(d["box"][color]), size=16)
        c.text(cx, 150, NAMES[color], size=11, fill=MUTED, anchor="middle")
        if b is not None and b["box"][color] != d["box"][color]:
            svg_moved(c, cx - 22, 90, 44, 44, "chips in or out of the box")
    right = 320
    revealed, check = d["revealed"], None
    if d["outcome"] is not None:
        last: list[str] = []
        if told is not None:
            last = _step_lines(told.before, d, told.step)
            revealed = shown_in(told.before, d, told.step) or revealed
            check = end_check(told.before, d, told.step)
        headline, lines = _verdict(d, state, check, last)
        svg_banner(c, right - 8, 56, WIDTH - right, PANELS_TOP - 64, headline, lines, size=11)
    else:
        c.text(right, PANELS_TOP - 12, "● chips (round) and ⬢ coins (hexagon) show how many "
               "are held", size=11, fill=MUTED)
        if told is not None:
            svg_caption(c, right, 76, WIDTH - 16 - right, told.lines,
                        rows=(PANELS_TOP - 100) // 14)
    acting = set(state.acting_players()) if not state.is_terminal() else set()
    scores = state.scores()
    _, gone = eliminated(d)
    pw = (WIDTH - 36) / 2
    for p in range(n):
        x0 = 12 + (p % 2) * (pw + 12)
        y0 = PANELS_TOP + (p // 2) * (ph + 12)
        title = f"player {p}" + (" (you)" if seat == p else "")
        if d["parent"] == p:
            title += " · parent"
        svg_panel(c, x0, y0, pw, ph, title, active=p in acting or d["acting"] == p)
        if state.is_terminal():
            c.text(x0 + pw - 10, y0 + 20, "eliminated" if p in gone else
                   f"score {scores[p]:g}", size=14, anchor="end", weight="bold",
                   fill=HIGHLIGHT if p in gone else INK)
        svg_label_row(c, x0 + 12, y0 + 44, "chips", size=12)
        for i, color in enumerate(CHIPS):
            svg_token(c, x0 + 32 + i * 46, y0 + 70, 17, COLORS[color],
                      str(d["chips"][p][color]), size=14)
            if b is not None and b["chips"][p][color] != d["chips"][p][color]:
                svg_moved(c, x0 + 15 + i * 46, y0 + 53, 34, 34, "chips taken or returned")
        svg_label_row(c, x0 + 12, y0 + 104, "coins", size=12)
        for i, color in enumerate(COINS):
            held = d["coins"][p][color]
            # Only the seat's own coins stand for its coin actions: every player holds each.
            with c.group(f"player {p}'s {NAMES[color]} coins: {held}", "coin",
                         coin_action(color) if p == seat else None):
                hexagon(c, x0 + 32 + i * 40, y0 + 128, 16, COLORS[color], str(held))
        shown = revealed[p]
        if shown is not None:
            svg_label_row(c, x0 + pw - 90, y0 + 48, "revealed", size=12)
            hexagon(c, x0 + pw - 60, y0 + 88, 30, COLORS[shown], shown)
            if b is not None and b["phase"] == "choose":
                svg_moved(c, x0 + pw - 90, y0 + 58, 60, 60, "revealed in the last step")
            # At the end only the taker who ended it acted on their coin; in play, each fate.
            fate = ("ends the game" if check is not None and check[0] == p else "") \
                if d["outcome"] is not None else _fate(d, p)
            if fate:
                c.text(x0 + pw - 60, y0 + 138, fate, size=11, anchor="middle", weight="bold",
                       fill=HIGHLIGHT if fate in ("must return", "ends the game") else MUTED)
    return c


def changes(b: dict[str, Any], a: dict[str, Any], step: Step) -> list[str]:
    """Color Mafia step by step: coins shown, collisions and who must return chips, chips
    taken and returned and why, the coins passed, the end and why."""
    out = _step_lines(b, a, step)
    if a["phase"] == "over" and b["phase"] != "over":
        out.extend(_end(b, a, step))
    return out


def _step_lines(b: dict[str, Any], a: dict[str, Any], step: Step) -> list[str]:
    """What the step did before any end: coins shown and collisions, chips taken and
    returned, the coins passed."""
    out = []
    shown = shown_in(b, a, step) if b["phase"] == "choose" else None
    if shown is not None:
        out.append("coins shown: " + ", ".join(f"player {p} {NAMES[c]}"
                                               for p, c in enumerate(shown)))
        for color in COINS:
            who = [p for p, c in enumerate(shown) if c == color]
            if len(who) > 1:
                line = (f"collision on {NAMES[color]}: players "
                        + " and ".join(map(str, who)))
                returning = [p for p in who if p != b["parent"]]
                line += (" must return chips" if len(returning) == len(who) else
                         f"; player {b['parent']} is the parent, spared; "
                         + ("player " + " and ".join(map(str, returning)) + " must return chips"
                            if returning else "nobody returns"))
                out.append(line)
    for p, (was, now) in enumerate(zip(b["chips"], a["chips"], strict=True)):
        gained = "".join(color * (now[color] - was[color]) for color in CHIPS
                         if now[color] > was[color])
        lost = "".join(color * (was[color] - now[color]) for color in CHIPS
                       if was[color] > now[color])
        coin = NAMES.get(b["revealed"][p] or "", "")
        if gained:
            out.append(f"player {p} takes {gained} from the box"
                       + (f" (the only {coin} shown)" if coin else ""))
        if lost:
            out.append(f"player {p} returns {lost} to the box"
                       + (f" (collided on {coin})" if coin else ""))
    if a["parent"] != b["parent"]:
        out.append(f"coins pass to the left; round {a['round']}, player {a['parent']} is parent")
    return out


def _end(b: dict[str, Any], d: dict[str, Any], step: Step) -> list[str]:
    """The end told: why the game ended, the unfashionable colours, who is eliminated, the
    scores and the result, as the banner's headline says it."""
    state = step.after
    out = unfashionable(d)
    lines = []
    if out:
        lines.append(why_ended(d, end_check(b, d, step)))
        lines.append("unfashionable: " + " and ".join(NAMES[color] for color in out))
    _, gone = eliminated(d)
    if gone:
        lines.append("eliminated (most unfashionable chips): player "
                     + ", ".join(map(str, sorted(gone))))
    lines.append("scores: " + ", ".join(f"player {p} {s:g}"
                                        for p, s in enumerate(state.scores())))
    return [*lines, _verdict(d, state)[0]]


def _verdict(d: dict[str, Any], state: State, check: tuple[int, str] | None = None,
             last: list[str] | None = None) -> tuple[str, list[str]]:
    """The end in words: who won, why the game ended (``check``: the taker whose end check
    ended it, if known), the last step's lines (``last``) and each score broken down
    (docs/games/color_mafia.md, End and scoring)."""
    returns, scores = state.returns(), state.scores()
    winners = [p for p, r in enumerate(returns) if r == max(returns)]
    names = " and ".join(map(str, winners))
    step = ["last step: " + "; ".join(last)] if last else []
    out = unfashionable(d)
    if not out:
        return (f"game stopped after round {d['round']}: no winner",
                [*step, "every chip counts 2, every set of R B Y G 5, nobody is eliminated"]
                + [f"player {p}: {s:g}" for p, s in enumerate(scores)])
    headline = (f"game over: player {names} wins" if len(winners) == 1
                else f"game over: players {names} share the win")
    colours = " and ".join(NAMES[color] for color in out)
    counts, gone = eliminated(d)
    lines = [why_ended(d, check), *step, f"unfashionable: {colours}, left in the box"]
    for p, chips in enumerate(d["chips"]):
        if p in gone:
            lines.append(f"player {p}: eliminated, the most {colours} chips ({counts[p]})")
            continue
        other = sum(chips.values()) - counts[p]
        sets = min(chips.values())
        lines.append(f"player {p}: {counts[p]} × 1 + {other} × 2 + {sets} set"
                     + ("" if sets == 1 else "s") + f" × 5 = {scores[p]:g}")
    return headline, lines


#: The position docs/img/position_color_mafia.svg shows (tools/pictures_docs.py): (record index in
#: tests/data/records/color_mafia.jsonl, step, seat or None for everything).
DOCS_POSITION = (0, 41, None)

SUMMARY = """\
Color Mafia: every round each player shows a coin at once. An unmatched colour takes 1-2 chips
of it from the box (white: 2-3 of any), a colour shown by two or more gives 1-2 back (the
parent is spared). When the box is nearly empty the colour left in it is unfashionable: who
holds most of it is eliminated; the others score 1 per unfashionable chip, 2 per other chip,
5 per set of R B Y G."""


def legend(d: dict[str, Any], state: State, seat: int) -> list[str]:
    return ["colours: " + ", ".join(f"{c} {NAMES[c]}" for c in COINS)]
