"""The drawing pieces every game's picture shares: a canvas, text, chips and cards.

Pictures are plain SVG written with the standard library's ElementTree, so drawing a position
needs no dependency. Coordinates are user units (pixels at zoom 1); the text is sized for a
picture about 800 units wide.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import contextmanager

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
INK = "#222222"  #: text and outlines
MUTED = "#6b6b6b"  #: secondary text
PAPER = "#fbf8f1"  #: the table
PANEL = "#efe9dc"  #: a player's area
BACK = "#51607a"  #: the back of a face-down card or tile
HIGHLIGHT = "#d9480f"  #: whoever acts now, the current trick
MOVED = "#1c7ed6"  #: the outline of what moved in the last step
BANNER = "#fff4e6"  #: the end banner's ground
CLASS_PREFIX = "tb-"  #: begins every class a picture writes (``tb-card``, ``tb-hidden``)
#: The attribute of a piece that stands for an action: the action's id, which a page that lets
#: a seat play by clicking (``tablebits serve``) makes clickable when that action is legal.
ACTION_ATTRIBUTE = "data-action"


def _num(value: float) -> str:
    """Coordinates written without a trailing ``.0`` (smaller files, stable output)."""
    return f"{value:g}" if isinstance(value, float) else str(value)


class Canvas:
    """An SVG document being drawn: shapes are appended in painting order."""

    def __init__(self, width: float, height: float, title: str) -> None:
        """``title``: the picture's name, its root ``<title>`` (``header`` adds where the game
        stands)."""
        self.width = width
        self.height = height
        self.root = ET.Element(
            "svg",
            {
                "xmlns": "http://www.w3.org/2000/svg",
                "width": _num(width),
                "height": _num(height),
                "viewBox": f"0 0 {_num(width)} {_num(height)}",
                "font-family": FONT,
            },
        )
        self.title = ET.SubElement(self.root, "title")
        self.title.text = title
        self.parent = self.root
        self.rect(0, 0, width, height, fill=PAPER, rx=0)

    @contextmanager
    def group(self, title: str, kind: str, action: int | None = None) -> Iterator[None]:
        """Shapes drawn inside go into one ``<g class="tb-kind">`` with a ``<title>``: the piece
        named in words (a tooltip in a browser, a label for a screen reader). ``action``: the
        id of the action this piece stands for (playing this card, selecting this tile), written
        as ``data-action``; a piece only carries it in a picture where no other piece stands
        for the same action.

        The prefix keeps the picture's classes apart from those of a page it is put in: an
        inline SVG is styled by the page's CSS, and a page's ``.hidden {display: none}`` would
        otherwise hide every face-down card."""
        outer = self.parent
        attrs = {"class": CLASS_PREFIX + kind}
        if action is not None:
            attrs[ACTION_ATTRIBUTE] = str(action)
        self.parent = ET.SubElement(outer, "g", attrs)
        ET.SubElement(self.parent, "title").text = title
        try:
            yield
        finally:
            self.parent = outer

    def _add(self, tag: str, attrs: dict[str, object]) -> ET.Element:
        return ET.SubElement(
            self.parent,
            tag,
            {k.replace("_", "-"): _num(v) if isinstance(v, (int, float)) else str(v)
             for k, v in attrs.items() if v is not None},
        )

    def rect(self, x: float, y: float, w: float, h: float, fill: str = "none",
             stroke: str | None = None, rx: float = 6, **extra: object) -> ET.Element:
        return self._add("rect", {"x": x, "y": y, "width": w, "height": h, "rx": rx,
                                  "fill": fill, "stroke": stroke, **extra})

    def circle(self, cx: float, cy: float, r: float, fill: str,
               stroke: str | None = INK, **extra: object) -> ET.Element:
        return self._add("circle", {"cx": cx, "cy": cy, "r": r, "fill": fill,
                                    "stroke": stroke, **extra})

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str = INK,
             **extra: object) -> ET.Element:
        return self._add("line", {"x1": x1, "y1": y1, "x2": x2, "y2": y2, "stroke": stroke,
                                  **extra})

    def polygon(self, points: list[tuple[float, float]], fill: str,
                stroke: str | None = INK, **extra: object) -> ET.Element:
        text = " ".join(f"{_num(x)},{_num(y)}" for x, y in points)
        return self._add("polygon", {"points": text, "fill": fill, "stroke": stroke, **extra})

    def text(self, x: float, y: float, content: str, size: float = 13, fill: str = INK,
             anchor: str = "start", weight: str | None = None, **extra: object) -> ET.Element:
        element = self._add("text", {"x": x, "y": y, "font-size": size, "fill": fill,
                                     "text-anchor": anchor, "font-weight": weight, **extra})
        element.text = content
        return element

    def to_string(self) -> str:
        return ET.tostring(self.root, encoding="unicode")


def text_color(fill: str) -> str:
    """Black or white, whichever reads better on ``fill`` (a ``#rrggbb`` colour)."""
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def token(c: Canvas, cx: float, cy: float, r: float, fill: str, label: str,
          size: float | None = None) -> None:
    """A round piece (chip, coin, gem count) with a label written on it."""
    c.circle(cx, cy, r, fill)
    c.text(cx, cy + (size or r) * 0.36, label, size=size or r, fill=text_color(fill),
           anchor="middle", weight="bold")


def face_down(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    """A card or tile seen from the back: only that it exists is shown."""
    with c.group("a face-down card", "hidden"):
        c.rect(x, y, w, h, fill=BACK, stroke=INK, rx=5)
        c.rect(x + 4, y + 4, w - 8, h - 8, fill="none", stroke="#8d9ab3", rx=3)
        c.text(x + w / 2, y + h / 2 + 6, "?", size=17, fill="#dfe5ef", anchor="middle",
               weight="bold")


def label_row(c: Canvas, x: float, y: float, label: str, size: float = 13) -> None:
    """A section heading inside a panel."""
    c.text(x, y, label, size=size, fill=MUTED, weight="bold")


def panel(c: Canvas, x: float, y: float, w: float, h: float, title: str,
          active: bool = False) -> None:
    """A player's area; the player to act gets a coloured frame and a marker."""
    c.rect(x, y, w, h, fill=PANEL, stroke=HIGHLIGHT if active else "#cfc6b3", rx=8,
           stroke_width=3 if active else 1)
    c.text(x + 10, y + 20, title, size=15, weight="bold")
    if active:
        c.text(x + w - 10, y + 20, "to act", size=13, fill=HIGHLIGHT, anchor="end",
               weight="bold")


def header(c: Canvas, title: str, detail: str) -> None:
    """The game's name and where the game stands, across the top; the same words name the
    picture (its root ``<title>``, what a screen reader or a tooltip says of it)."""
    c.title.text = f"{title}: {detail}"
    c.text(16, 28, title, size=20, weight="bold")
    c.text(16, 48, detail, size=13, fill=MUTED)


def card(c: Canvas, x: float, y: float, w: float, h: float, color: str, big: str,
         lines: list[str], highlight: bool = False, marked: str | None = None) -> None:
    """A face-up card: a coloured band with ``big`` (rank or number), then ``lines`` of text.

    ``marked`` puts a small tag at the bottom (e.g. "known": a card both players know about).
    """
    c.rect(x, y, w, h, fill="#ffffff", stroke=HIGHLIGHT if highlight else INK, rx=6,
           stroke_width=3 if highlight else 1.2)
    band = h * 0.36
    c.rect(x + 3, y + 3, w - 6, band, fill=color, rx=4)
    big_size = min(band * 0.72, (w - 8) / (0.7 * len(big)))  # "ship" as well as "7"
    c.text(x + w / 2, y + 3 + band * 0.75, big, size=round(big_size, 1), fill=text_color(color),
           anchor="middle", weight="bold")
    size = 10 if w < 100 else 11
    for i, line in enumerate(lines):
        fit = min(size, (w - 6) / (0.55 * len(line)))  # a long line shrinks to the card's width
        c.text(x + w / 2, y + band + 18 + i * (size + 3), line, size=round(fit, 1),
               anchor="middle")
    if marked:
        c.rect(x + 6, y + h - 17, w - 12, 13, fill="#fff3bf", stroke=None, rx=3)
        c.text(x + w / 2, y + h - 7, marked, size=9, anchor="middle", fill=INK)


_NARROW = set(" .,:;'!|()[]iIjlft1")


def text_width(content: str, size: float) -> float:
    """An estimate, on the wide side, of how long ``content`` runs at font size ``size``.

    The widths are DejaVu Sans's (the first font the pictures name; Verdana's are close): no
    font file is read, so lines are broken before drawing without any dependency. The browser
    tests measure the real boxes.
    """
    return sum(0.36 if ch in _NARROW else 0.7 if ch.isupper() or ch.isdigit() or ch in "mwMW"
               else 0.62 for ch in content) * size


def wrap(content: str, width: float, size: float) -> list[str]:
    """``content`` broken at spaces into lines that fit ``width`` (by ``text_width``)."""
    lines: list[str] = []
    for word in content.split(" "):
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def moved(c: Canvas, x: float, y: float, w: float, h: float, title: str = "moved last step"
          ) -> None:
    """An outline just outside a piece (card, tile, chip) that moved in the last step."""
    with c.group(title, "moved"):
        c.rect(x - 4, y - 4, w + 8, h + 8, stroke=MOVED, rx=9, stroke_width=3)


def fit(lines: list[str], width: float, size: float, rows: int) -> list[str]:
    """``lines`` wrapped to ``width``, each starting a row, cut to ``rows`` rows: when some
    are left out the last row ends with an ellipsis, so a long story never leaves its box."""
    out = [row for line in lines for row in wrap(line, width, size)]
    if len(out) <= rows:
        return out
    last = out[rows - 1]
    while last and text_width(last + " …", size) > width:
        last = last.rsplit(" ", 1)[0] if " " in last else last[:-1]
    return out[:rows - 1] + [last + " …"]


#: The smallest text a long story shrinks to before its last row is cut.
SMALLEST = 9


def shrink(lines: list[str], width: float, height: float, size: float, gap: float
           ) -> tuple[list[str], float]:
    """``lines`` as rows that fit a ``width`` x ``height`` box, ``size + gap`` apart, and
    their size: ``size`` if they fit, else the largest smaller size (down to ``SMALLEST``) at
    which every row fits, so that a long story is drawn whole; only at ``SMALLEST`` are rows cut
    (``fit``)."""
    for s in range(int(size), SMALLEST - 1, -1):
        rows = int(height // (s + gap))
        if sum(len(wrap(line, width, s)) for line in lines) <= rows:
            return fit(lines, width, s, rows), s
    return fit(lines, width, SMALLEST, int(height // (SMALLEST + gap))), SMALLEST


def caption(c: Canvas, x: float, y: float, width: float, lines: list[str], rows: int,
            size: float = 12) -> None:
    """What the last step did, in words, under a "last step" heading: in the room of ``rows``
    rows of ``size`` below ``y`` (the heading's baseline), drawn smaller when it needs more."""
    if not lines:
        return
    with c.group("the last step: " + "; ".join(lines), "caption"):
        c.text(x, y, "last step", size=11, fill=MOVED, weight="bold")
        shown, s = shrink(lines, width, rows * (size + 2), size, 2)
        for i, row in enumerate(shown):
            c.text(x, y + (i + 1) * (s + 2), row, size=s)


def banner(c: Canvas, x: float, y: float, width: float, height: float, headline: str,
           lines: list[str], size: float = 12) -> None:
    """The end of the game: a framed box naming the result (``headline``) and why, the
    score broken down in ``lines`` (smaller when they need more rows than ``height`` holds)."""
    with c.group(headline + ": " + "; ".join(lines), "banner"):
        c.rect(x, y, width, height, fill=BANNER, stroke=HIGHLIGHT, rx=8, stroke_width=2)
        c.text(x + 10, y + 20, headline, size=15, fill=HIGHLIGHT, weight="bold")
        # the first row's baseline is 38 down; the last row's descent needs a few units more
        shown, s = shrink(lines, width - 20, height - 28, size, 3)
        for i, row in enumerate(shown):
            c.text(x + 10, y + 38 + i * (s + 3), row, size=s)


def signed(n: float) -> str:
    """A coin or point change with its sign: ``+5``, ``−4`` (a true minus sign)."""
    return f"+{n:g}" if n > 0 else f"\u2212{-n:g}"
