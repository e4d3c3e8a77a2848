"""Color Mafia as a picture: the box, every player's chips and coins by colour, the parent.

Chips are drawn as round pieces and coins as hexagons, each in its colour with the count
written on it, so holdings read without a legend. During ``resolve`` each player's revealed
coin is shown large. At the end the unfashionable colours (the chips left in the box) and the
eliminated players are named. Everything is public (docs/games/color_mafia.md, Information).
"""

from __future__ import annotations

import math
from typing import Any

from .._core import State
from ._svg import HIGHLIGHT, INK, MUTED, Canvas
from ._svg import header as svg_header
from ._svg import label_row as svg_label_row
from ._svg import panel as svg_panel
from ._svg import text_color as svg_text_color
from ._svg import token as svg_token

NAME = "Color Mafia"  #: the game's name, as its rules page titles it
COLORS = {"R": "#d62828", "B": "#1d4e89", "Y": "#f2c14e", "G": "#2a9d3f", "W": "#ffffff"}
NAMES = {"R": "red", "B": "blue", "Y": "yellow", "G": "green", "W": "white"}
CHIPS = "RBYG"
COINS = "RBYGW"
WIDTH = 860


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


def unfashionable(d: dict[str, Any]) -> list[str]:
    """The colours left in the box once the game has ended by the rules (else none)."""
    if d["outcome"] != "ended":
        return []
    return [color for color in CHIPS if d["box"][color] > 0]


def draw(state: State, d: dict[str, Any], seat: int | None) -> Canvas:
    """The whole table of a Color Mafia position."""
    n = d["players"]
    cap = state.game.params["max_rounds"]
    rows = (n + 1) // 2
    ph = 150
    height = 172 + rows * (ph + 12) + 8
    c = Canvas(WIDTH, height, f"Color Mafia, round {d['round']}, {d['phase']}")
    phase = {"choose": "players choose coins", "resolve": "coins revealed, resolving",
             "over": "game over"}[d["phase"]]
    svg_header(c, "Color Mafia",
                f"round {d['round']} (safety cap {cap}, not the game's length) · {phase}")

    # The box: one column of chips per colour.
    svg_label_row(c, 16, 80, "the box")
    for i, color in enumerate(CHIPS):
        cx = 40 + i * 64
        svg_token(c, cx, 112, 22, COLORS[color], str(d["box"][color]), size=16)
        c.text(cx, 150, NAMES[color], size=11, fill=MUTED, anchor="middle")
    out = unfashionable(d)
    legend_x = 320
    c.text(legend_x, 96, "● chips (round) and ⬢ coins (hexagon) show how many are held",
           size=12, fill=MUTED)
    if out:
        names = " and ".join(NAMES[color] for color in out)
        c.text(legend_x, 122, f"unfashionable: {names} (left in the box)", size=14,
               weight="bold", fill=HIGHLIGHT)
    elif d["outcome"] == "truncated":
        c.text(legend_x, 122, f"stopped by the safety cap after {d['round']} rounds",
               size=14, weight="bold", fill=HIGHLIGHT)
    acting = set(state.acting_players()) if not state.is_terminal() else set()
    scores = state.scores()
    counts = [sum(chips[color] for color in out) for chips in d["chips"]]
    worst = max(counts)
    pw = (WIDTH - 36) / 2
    for p in range(n):
        x0 = 12 + (p % 2) * (pw + 12)
        y0 = 172 + (p // 2) * (ph + 12)
        title = f"player {p}" + (" (you)" if seat == p else "")
        if d["parent"] == p:
            title += " · parent"
        svg_panel(c, x0, y0, pw, ph, title, active=p in acting or d["acting"] == p)
        if state.is_terminal():
            eliminated = worst > 0 and counts[p] == worst
            c.text(x0 + pw - 10, y0 + 20, "eliminated" if eliminated else
                   f"score {scores[p]:g}", size=14, anchor="end", weight="bold",
                   fill=HIGHLIGHT if eliminated else INK)
        svg_label_row(c, x0 + 12, y0 + 44, "chips", size=12)
        for i, color in enumerate(CHIPS):
            svg_token(c, x0 + 32 + i * 46, y0 + 70, 17, COLORS[color],
                       str(d["chips"][p][color]), size=14)
        svg_label_row(c, x0 + 12, y0 + 104, "coins", size=12)
        for i, color in enumerate(COINS):
            hexagon(c, x0 + 32 + i * 40, y0 + 128, 16, COLORS[color],
                    str(d["coins"][p][color]))
        shown = d["revealed"][p]
        if shown is not None:
            svg_label_row(c, x0 + pw - 90, y0 + 52, "revealed", size=12)
            hexagon(c, x0 + pw - 60, y0 + 96, 30, COLORS[shown], shown)
    return c


def changes(b: dict[str, Any], a: dict[str, Any], state: State) -> list[str]:
    """Color Mafia step by step: coins shown, collisions, chips taken and returned, the end."""
    out = []
    if a["revealed"] != b["revealed"] and a["revealed"][0] is not None:
        shown = a["revealed"]
        out.append("coins shown: " + ", ".join(f"player {p} {c}" for p, c in enumerate(shown)))
        for color in COINS:
            who = [p for p, c in enumerate(shown) if c == color]
            if len(who) > 1:
                out.append(f"collision on {NAMES[color]}: players "
                           + ", ".join(map(str, who)))
    for p, (was, now) in enumerate(zip(b["chips"], a["chips"], strict=True)):
        gained = "".join(color * (now[color] - was[color]) for color in CHIPS
                         if now[color] > was[color])
        lost = "".join(color * (was[color] - now[color]) for color in CHIPS
                       if was[color] > now[color])
        if gained:
            out.append(f"player {p} takes {gained} from the box")
        if lost:
            out.append(f"player {p} returns {lost} to the box")
    if a["parent"] != b["parent"]:
        out.append(f"coins pass to the left; round {a['round']}, player {a['parent']} is parent")
    if a["phase"] == "over" and b["phase"] != "over":
        out.extend(_end(a, state))
    return out


def _end(d: dict[str, Any], state: State) -> list[str]:
    out = unfashionable(d)
    if not out:
        return [f"the game stops at the safety cap after {d['round']} rounds"]
    lines = ["unfashionable: " + " and ".join(NAMES[color] for color in out)]
    counts = [sum(chips[color] for color in out) for chips in d["chips"]]
    if max(counts) > 0:
        gone = [p for p, n in enumerate(counts) if n == max(counts)]
        lines.append("eliminated (most unfashionable chips): player "
                     + ", ".join(map(str, gone)))
    lines.append("scores: " + ", ".join(f"player {p} {s:g}"
                                        for p, s in enumerate(state.scores())))
    return lines


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
