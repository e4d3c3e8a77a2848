"""Good Fortune as a picture: the line of three tiles, both racks, selections, collections.

Every tile shows its number, its two charms (by colour and name) and its die as pips. The
line's tiles are drawn left charm | right charm as they lie, with the exposed charm at each end
named, so which placements connect can be read off the picture. Everything in Good Fortune is
public (docs/games/good_fortune.md, Information), so every seat sees the same picture.
"""

from __future__ import annotations

from typing import Any

from .._core import State
from ._step import Step, Told
from ._svg import HIGHLIGHT, INK, MUTED, Canvas
from ._svg import banner as svg_banner
from ._svg import caption as svg_caption
from ._svg import fit as svg_fit
from ._svg import header as svg_header
from ._svg import label_row as svg_label_row
from ._svg import moved as svg_moved
from ._svg import panel as svg_panel
from ._svg import text_color as svg_text_color

NAME = "Good Fortune"  #: the game's name, as its rules page titles it
CHARM_COLORS = {
    "cat": "#f4a259",
    "clover": "#6a994e",
    "ganesha": "#e56b6f",
    "mati": "#3d7dca",
    "hamsa": "#b983c9",
    "horseshoe": "#8d6e63",
    "scarab": "#2a9d8f",
}

PIPS = {  # pip centres on a unit die face
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.2), (0.75, 0.2), (0.25, 0.5), (0.75, 0.5), (0.25, 0.8), (0.75, 0.8)],
}

WIDTH = 860


def view(d: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """What ``seat`` sees: everything (the game has no hidden information)."""
    return d


def die(c: Canvas, x: float, y: float, size: float, value: int) -> None:
    """A die face showing ``value`` pips, plus the value as a number for the hurried reader."""
    c.rect(x, y, size, size, fill="#ffffff", stroke=INK, rx=size * 0.18)
    for px, py in PIPS[value]:
        c.circle(x + px * size, y + py * size, size * 0.09, fill=INK, stroke=None)


def tile(c: Canvas, x: float, y: float, w: float, h: float, number: int,
         charms: tuple[str, str], value: int, side_by_side: bool,
         selected: bool = False, action: int | None = None) -> None:
    """One tile: its number and die on top, its two charms below (left|right or top/bottom);
    ``action``: the id of the action the tile stands for (selecting it, from a rack)."""
    with c.group(f"tile {number}: {charms[0]}, {charms[1]}, die {value}", "tile", action):
        _tile(c, x, y, w, h, number, charms, value, side_by_side, selected)


def _tile(c: Canvas, x: float, y: float, w: float, h: float, number: int,
          charms: tuple[str, str], value: int, side_by_side: bool, selected: bool) -> None:
    c.rect(x, y, w, h, fill="#fffdf7", stroke=HIGHLIGHT if selected else INK, rx=6,
           stroke_width=3 if selected else 1.2)
    top = min(24.0, h * 0.3)
    c.text(x + 6, y + top * 0.75, str(number), size=top * 0.75, weight="bold")
    die(c, x + w - top - 3, y + 3, top - 3, value)
    size = 12 if w >= 100 else 9.5 if w >= 60 else 8.5
    if side_by_side:
        half = (w - 8) / 2
        for i, charm in enumerate(charms):
            cx = x + 4 + i * half
            c.rect(cx, y + top + 4, half - 2, h - top - 8, fill=CHARM_COLORS[charm], rx=4)
            c.text(cx + half / 2 - 1, y + top + (h - top) / 2 + 4, charm, size=size,
                   fill=svg_text_color(CHARM_COLORS[charm]), anchor="middle")
    else:
        band = (h - top - 10) / 2
        for i, charm in enumerate(charms):
            by = y + top + 3 + i * (band + 2)
            c.rect(x + 4, by, w - 8, band, fill=CHARM_COLORS[charm], rx=3)
            c.text(x + w / 2, by + band / 2 + size * 0.36, charm, size=size,
                   fill=svg_text_color(CHARM_COLORS[charm]), anchor="middle")


def draw(state: State, d: dict[str, Any], seat: int | None, told: Told | None = None
         ) -> Canvas:
    """The whole table of a Good Fortune position; with ``told`` the tiles that moved are
    outlined and the step is captioned; at the end a banner gives the result, and each panel
    how its collection groups into the score."""
    table = state.game.params["tiles"]  # [charm_a, charm_b, die] for tile 1..21
    b = told.before if told is not None else None

    def small_tile(x: float, y: float, number: int, selected: bool = False,
                   action: int | None = None) -> None:
        a, b, value = table[number - 1]
        tile(c, x, y, 62, 76, number, (a, b), value, side_by_side=False, selected=selected,
             action=action)

    height = 720
    c = Canvas(WIDTH, height, NAME)
    token = d["token"]
    order = "lower" if token["face"] == "small" else "higher"
    svg_header(c, NAME, f"round {d['round']} of 9 · " + doing(state, d))
    # The token: its face decides who places first this round.
    tx = WIDTH - 200
    c.circle(tx, 34, 22, fill="#f6d365" if token["face"] == "small" else "#e07a5f")
    c.text(tx, 39, token["face"], size=13, anchor="middle", weight="bold")
    c.text(tx + 30, 30, f"token: player {token['holder']}", size=13)
    c.text(tx + 30, 47, f"{order} number places first", size=12, fill=MUTED)

    # The line, with the charm each end exposes.
    tw, th, gap = 150, 96, 12
    lx = (WIDTH - 3 * tw - 2 * gap) / 2
    ly = 86
    svg_label_row(c, 16, ly - 8, "the line")
    before_line = {t for t, _, _ in b["line"]} if b is not None else set()
    for i, (number, left, right) in enumerate(d["line"]):
        value = table[number - 1][2]
        tile(c, lx + i * (tw + gap), ly, tw, th, number, (left, right), value, side_by_side=True)
        if b is not None and number not in before_line:
            svg_moved(c, lx + i * (tw + gap), ly, tw, th, "placed in the last step")
    left_end, right_end = d["line"][0][1], d["line"][-1][2]
    c.text(lx - 10, ly + th / 2 - 4, "L end", size=12, fill=MUTED, anchor="end")
    c.text(lx - 10, ly + th / 2 + 13, left_end, size=14, anchor="end", weight="bold",
           fill=CHARM_COLORS[left_end])
    rx = lx + 3 * tw + 2 * gap + 10
    c.text(rx, ly + th / 2 - 4, "R end", size=12, fill=MUTED)
    c.text(rx, ly + th / 2 + 13, right_end, size=14, weight="bold",
           fill=CHARM_COLORS[right_end])

    scores = state.scores()
    acting = set(state.acting_players()) if not state.is_terminal() else set()
    py = ly + th + 24
    for p in range(2):
        ph = 218
        y0 = py + p * (ph + 12)
        title = f"player {p}" + (" (you)" if seat == p else "") + f" · score {scores[p]:g}"
        svg_panel(c, 12, y0, WIDTH - 24, ph, title, active=p in acting)
        svg_label_row(c, 24, y0 + 42, "rack")
        for i, number in enumerate(d["racks"][p]):
            small_tile(24 + i * 68, y0 + 50, number, action=select_action(number))
        if d["phase"] == "over":
            for i, row in enumerate(svg_fit([_grouping(table, d["collections"][p], scores[p])],
                                            WIDTH - 140, 13, 2)):
                c.text(24, y0 + 76 + i * 18, row, size=13)
        sel = d["selected"][p]
        sx = WIDTH - 24 - 62
        svg_label_row(c, sx, y0 + 62, "selected")
        if sel is not None:
            small_tile(sx, y0 + 68, sel, selected=True)
            if b is not None and b["selected"][p] is None:
                svg_moved(c, sx, y0 + 68, 62, 76, "selected in the last step")
        else:
            c.rect(sx, y0 + 68, 62, 76, stroke="#b8ad97", rx=6, stroke_dasharray="4 3")
        collected = d["collections"][p]
        svg_label_row(c, 24, y0 + 146, f"collection: {len(collected)} "
                      + ("tile" if len(collected) == 1 else "tiles"))
        for i, number in enumerate(collected):
            a, b_, value = table[number - 1]
            tile(c, 24 + i * 62, y0 + 152, 58, 60, number, (a, b_), value, side_by_side=False)
            if b is not None and number not in b["collections"][p]:
                svg_moved(c, 24 + i * 62, y0 + 152, 58, 60, "collected in the last step")
    dy = py + 2 * 230
    discarded = "discarded: " + (", ".join(str(t) for t in d["discarded"]) or "none")
    if state.is_terminal():
        headline, why = _verdict(state.returns(), scores)
        svg_banner(c, 8, dy - 12, WIDTH - 16, 62, headline, [why, discarded])
    else:
        c.text(16, dy + 4, discarded, size=13, fill=MUTED)
        if told is not None:
            svg_caption(c, 16, dy + 20, WIDTH - 32, told.lines, rows=2)
    return c


def select_action(number: int) -> int:
    """The id of ``select <number>`` (docs/games/good_fortune.md, Actions)."""
    return number - 1


def doing(state: State, d: dict[str, Any]) -> str:
    """Who is doing what now, in the rules' words (the header's last part), for the position
    ``state`` as seen in ``d``."""
    if d["phase"] == "over":
        return "game over"
    if d["phase"] == "select":
        return "both players select a tile"
    return f"player {state.current_player()} places a tile"


def best_groups(table: list[list[Any]], tiles: list[int]) -> tuple[int, dict[str, list[int]]]:
    """The best grouping of a collection (docs/games/good_fortune.md, End and scoring): each
    tile goes to one of its two charms, each group scores (sum of its dice) x (its size), and
    the score is the best over every assignment. Returns the score and charm -> dice."""
    best: tuple[int, dict[str, list[int]]] = (0, {})
    for mask in range(1 << len(tiles)):
        groups: dict[str, list[int]] = {}
        for i, number in enumerate(tiles):
            charm_a, charm_b, value = table[number - 1]
            groups.setdefault(charm_b if mask >> i & 1 else charm_a, []).append(value)
        score = sum(sum(dice) * len(dice) for dice in groups.values())
        if score > best[0]:
            best = (score, groups)
    return best


def _grouping(table: list[list[Any]], tiles: list[int], score: float) -> str:
    """A collection's score as its groups: ``cat 4+3+2 = 9 × 3 = 27 · ...``."""
    if not tiles:
        return "score 0: no tile collected"
    total, groups = best_groups(table, tiles)
    parts = []
    for charm, dice in sorted(groups.items(), key=lambda g: -sum(g[1]) * len(g[1])):
        added = "+".join(map(str, dice)) + (f" = {sum(dice)}" if len(dice) > 1 else "")
        parts.append(f"{charm} {added} × {len(dice)} = {sum(dice) * len(dice)}")
    if total != score:  # the engine's score is the word; the grouping only explains it
        return f"score {score:g}"
    return f"score {total} = " + " · ".join(parts)


def _verdict(returns: list[float], scores: list[float]) -> tuple[str, str]:
    """The headline (who won) and why."""
    if returns[0] == returns[1]:
        return "game over: a draw", f"equal scores, {scores[0]:g} each"
    winner = 0 if returns[0] > returns[1] else 1
    return (f"game over: player {winner} wins",
            f"the higher score: {scores[winner]:g} to {scores[1 - winner]:g}")


def changes(b: dict[str, Any], a: dict[str, Any], step: Step) -> list[str]:
    """Good Fortune step by step: selections, placements (whether the charms match, and what
    they pushed out), rounds, the end."""
    table = step.after.game.params["tiles"]
    out = []
    for p in range(2):
        tile_now, tile_before = a["selected"][p], b["selected"][p]
        if tile_now is not None and tile_before is None:
            charm_a, charm_b, value = table[tile_now - 1]
            out.append(f"player {p} selects tile {tile_now} ({charm_a}/{charm_b}, die {value})")
        if tile_before is not None and tile_now is None:
            end = "L" if a["line"][0][0] == tile_before else "R"
            exposed = b["line"][0][1] if end == "L" else b["line"][-1][2]
            move = step.played(p)
            facing = move.split()[-1] if move else None
            [pushed] = [t for t, _, _ in b["line"] if t not in {t for t, _, _ in a["line"]}]
            if pushed in a["collections"][p]:
                result = (f"{facing} meets {exposed}, " if facing else "") \
                    + f"connects and collects tile {pushed}"
            else:
                result = (f"{facing} does not match {exposed}; " if facing else
                          "does not connect; ") + f"tile {pushed} is discarded"
            out.append(f"player {p} places tile {tile_before} at {end}: {result}")
    scores = step.after.scores()
    if a["collections"] != b["collections"]:
        out.append("scores: " + ", ".join(f"player {p} {s:g}" for p, s in enumerate(scores)))
    if a["round"] != b["round"]:
        token = a["token"]
        out.append(f"round {a['round']}: the token shows {token['face']} "
                   f"({'lower' if token['face'] == 'small' else 'higher'} number places first)")
    if a["phase"] == "over" and b["phase"] != "over":
        headline, why = _verdict(step.after.returns(), scores)
        out.append(f"{headline}, {why}")
    return out


#: The position docs/img/position_good_fortune.svg shows (tools/pictures_docs.py): (record index in
#: tests/data/records/good_fortune.jsonl, step, seat or None for everything).
DOCS_POSITION = (0, 14, None)

SUMMARY = """\
Good Fortune: 9 rounds. Each round both players select a tile from their rack, then place it
at the L or R end of the line of three; a placement whose facing charm matches the charm
exposed at that end connects and collects the tile at the other end (else it is discarded).
At the end, tiles are grouped by charm: a group scores (sum of its dice) x (its size)."""


def legend(d: dict[str, Any], state: State, seat: int) -> list[str]:
    """The seat's tiles with their charms and dice (the board shows numbers only)."""
    table = state.game.params["tiles"]
    tiles = ", ".join(f"{t} {table[t - 1][0]}/{table[t - 1][1]} die {table[t - 1][2]}"
                      for t in d["racks"][seat])
    return [f"your tiles (number, charms, die): {tiles}"]
