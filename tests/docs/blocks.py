"""The machine-checked blocks of docs/**/*.md and README.md.

A checked block is an HTML comment ``<!-- check: KIND key=value ... -->`` on the line right
before a Markdown table or a fenced code block. ``params=k=v;k=v`` carries game parameters
(values are Python literals, or bare strings: ``variant=guess``). A ``dict`` block may carry a
``name=N``, unique in its file; an ``observed`` block (``dict=N observer=P``) is a
``| slice | nonzero slots |`` table of what player P observes in the dict block N of the same
file and game (cells as `nonzero_slots` reads them).
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
GAME_DOCS = ROOT / "docs" / "games"
KINDS = ("params", "actions", "dict", "observation", "observed")
OBSERVED_HEADER = ["slice", "nonzero slots"]

_CHECK = re.compile(r"^\s*<!--\s*check:\s*(\w+)(.*?)-->\s*$")
_FENCE = re.compile(r"^(```+|~~~+)\s*([\w+-]*)")


@dataclass(frozen=True)
class Table:
    header: list[str]
    rows: list[dict[str, str]]  # cell text by header name, backticks kept


@dataclass(frozen=True)
class CheckedBlock:
    kind: str
    path: Path
    line: int  # 1-based line of the check comment
    attrs: dict[str, str]
    params: dict[str, Any] = field(default_factory=dict)
    table: Table | None = None
    code: str | None = None  # the fenced block's body
    language: str | None = None

    @property
    def game(self) -> str:
        return self.attrs.get("game", "")

    @property
    def where(self) -> str:
        return where(self.path, self.line)


def where(path: Path, line: int) -> str:
    """``path:line``, the path relative to the repository when it is inside it."""
    return f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}:{line}"


@dataclass(frozen=True)
class CodeBlock:
    path: Path
    line: int  # 1-based line of the opening fence
    language: str
    code: str


def doc_files() -> list[Path]:
    """README.md and every Markdown file under docs/, sorted."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def literal(text: str) -> Any:
    """A Python literal, or the text itself when it is not one (``guess`` -> ``"guess"``)."""
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


def parse_params(text: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in text.split(";"))):
        name, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"params entry {item!r} is not k=v")
        out[name.strip()] = literal(value.strip())
    return out


def parse_attrs(text: str) -> dict[str, str]:
    """``game=x phase=y params=a=1;b=c`` -> {"game": "x", "phase": "y", "params": "a=1;b=c"}."""
    attrs: dict[str, str] = {}
    for token in text.split():
        key, sep, value = token.partition("=")
        if not sep:
            raise ValueError(f"check attribute {token!r} is not key=value")
        attrs[key] = value
    return attrs


def split_row(line: str) -> list[str]:
    """The cells of a Markdown table row; a ``|`` inside backticks or escaped is not a border."""
    cells, cell, in_code = [], [], False
    text = line.strip()
    text = text[1:] if text.startswith("|") else text
    text = text[:-1] if text.endswith("|") and not text.endswith("\\|") else text
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text) and text[i + 1] == "|":
            cell.append("|")
            i += 2
            continue
        if ch == "`":
            in_code = not in_code
        if ch == "|" and not in_code:
            cells.append("".join(cell).strip())
            cell = []
        else:
            cell.append(ch)
        i += 1
    cells.append("".join(cell).strip())
    return cells


def parse_table(lines: list[str], start: int) -> Table:
    """The Markdown table whose header is ``lines[start]``."""
    rows = []
    end = start
    while end < len(lines) and lines[end].lstrip().startswith("|"):
        end += 1
    if end - start < 2:
        raise ValueError("expected a Markdown table (header and separator rows)")
    header = [h.strip("` ").lower() for h in split_row(lines[start])]
    for line in lines[start + 2 : end]:
        cells = split_row(line)
        if len(cells) != len(header):
            raise ValueError(f"table row has {len(cells)} cells, header {len(header)}: {line!r}")
        rows.append(dict(zip(header, cells, strict=True)))
    return Table(header, rows)


def parse_fence(lines: list[str], start: int) -> tuple[str, str, int]:
    """(language, body, index after the closing fence) of the fence opening at ``start``."""
    m = _FENCE.match(lines[start].strip())
    if not m:
        raise ValueError("expected a fenced code block")
    fence, language = m.group(1), m.group(2)
    for end in range(start + 1, len(lines)):
        if lines[end].strip().startswith(fence[0] * len(fence)):
            return language, "\n".join(lines[start + 1 : end]) + "\n", end + 1
    raise ValueError("unclosed code fence")


@cache
def checked_blocks(path: Path) -> tuple[CheckedBlock, ...]:
    """Every checked block of one file; a malformed one raises ValueError naming its line."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out: list[CheckedBlock] = []
    for i, line in enumerate(lines):
        m = _CHECK.match(line)
        if not m:
            continue
        kind = m.group(1)
        try:
            if kind not in KINDS:
                raise ValueError(f"unknown check kind {kind!r}")
            attrs = parse_attrs(m.group(2))
            params = parse_params(attrs.get("params", ""))
            if i + 1 >= len(lines):
                raise ValueError("nothing follows the check comment")
            if kind == "dict":
                language, code, _ = parse_fence(lines, i + 1)
                block = CheckedBlock(kind, path, i + 1, attrs, params, code=code,
                                     language=language)
            else:
                table = parse_table(lines, i + 1)
                block = CheckedBlock(kind, path, i + 1, attrs, params, table=table)
            if kind == "observed":
                check_observed(block)
            if "name" in attrs and kind != "dict":
                raise ValueError("only a dict block takes a name")
            if "name" in attrs and any(b.attrs.get("name") == attrs["name"] for b in out):
                raise ValueError(f"a dict block named {attrs['name']!r} comes earlier")
            out.append(block)
        except ValueError as err:
            raise ValueError(f"{where(path, i + 1)}: {err}") from None
    for block in out:
        if block.kind == "observed" and named_dict(out, block.game, block.attrs["dict"]) is None:
            raise ValueError(f"{block.where}: no {block.game} dict block named "
                             f"{block.attrs['dict']!r} in this file")
    return tuple(out)


def named_dict(blocks: Sequence[CheckedBlock], game: str, name: str) -> CheckedBlock | None:
    """The dict block of ``game`` named ``name`` among ``blocks``, if any."""
    return next((b for b in blocks if b.kind == "dict" and b.game == game
                 and b.attrs.get("name") == name), None)


def page_position(game: str, name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the position, its game parameters) of the dict block ``name`` on ``game``'s page."""
    block = named_dict(checked_blocks(GAME_DOCS / f"{game}.md"), game, name)
    if block is None or block.code is None:
        raise LookupError(f"no dict block named {name!r} on the {game} page")
    return json.loads(block.code), block.params


def check_observed(block: CheckedBlock) -> None:
    """Raises ValueError unless an observed block names its dict and observer, takes no params
    (its dict block's apply) and is a well-formed ``| slice | nonzero slots |`` table."""
    assert block.table is not None
    if "params" in block.attrs:
        raise ValueError("an observed block takes its parameters from its dict block")
    if not block.game or "dict" not in block.attrs or not block.attrs.get("observer", "").isdigit():
        raise ValueError("an observed block needs game=ID dict=NAME observer=P (P a player)")
    if block.table.header != OBSERVED_HEADER:
        raise ValueError(f"an observed table's header is | slice | nonzero slots |, got "
                         f"{block.table.header}")
    for row in block.table.rows:
        unquote(row["slice"])
        nonzero_slots(row["nonzero slots"])


def nonzero_slots(cell: str) -> dict[int, Fraction]:
    """The slots an observed table's cell lists, 0-based within its slice, in ascending order:
    ``—`` none; ``3`` slot 3 holds 1; ``3: 7/10`` (or ``3: 0.7``, ``3: 5``) slot 3 holds that
    value. Entries are separated by commas; every slot not listed holds 0."""
    if cell.strip() == "—":
        return {}
    out: dict[int, Fraction] = {}
    for entry in cell.split(","):
        slot, sep, value = (part.strip() for part in entry.partition(":"))
        if not (slot.isascii() and slot.isdigit()) or (sep and not value):
            raise ValueError(f"{entry.strip()!r} is not SLOT or SLOT: VALUE (in {cell!r})")
        if out and int(slot) <= max(out):
            raise ValueError(f"slots are listed in ascending order, once each: {cell!r}")
        try:
            number = Fraction(value) if sep else Fraction(1)
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"{value!r} is not a number such as 7, 0.7 or 7/10") from None
        if sep and number in (0, 1):
            raise ValueError(f"{entry.strip()!r}: a slot holding 1 is written bare, one holding "
                             f"0 not at all")
        out[int(slot)] = number
    return out


def all_checked_blocks(kind: str | None = None) -> list[CheckedBlock]:
    return [b for path in doc_files() for b in checked_blocks(path) if kind in (None, b.kind)]


def code_blocks(path: Path) -> list[CodeBlock]:
    """Every fenced code block of a Markdown file, in order."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out, i = [], 0
    while i < len(lines):
        if _FENCE.match(lines[i].strip()):
            language, code, i_next = parse_fence(lines, i)
            out.append(CodeBlock(path, i + 1, language, code))
            i = i_next
        else:
            i += 1
    return out


def unquote(cell: str) -> str:
    """The text inside a cell's backticks (the whole cell must be one code span)."""
    cell = cell.strip()
    if len(cell) < 2 or not (cell.startswith("`") and cell.endswith("`")):
        raise ValueError(f"expected a `backticked` cell, got {cell!r}")
    return cell[1:-1]


REQUIRED = object()  # state_dict_keys: the key has no default
DESCRIBED = object()  # state_dict_keys: the default is described in words (derived from the rest)


_NO = re.compile(r"no \((?:default(:?) ([^;]+?)|derived)[;)]")


def state_dict_keys(page: Path) -> dict[str, Any]:
    """The state-dict key table of a game page (its first table with ``key`` and ``required``
    columns), in order: key -> its default in a new game with default parameters, which is the
    value of ``no (default 0)``, DESCRIBED for a default in words (``no (default: the tiles in
    no other place)``, ``no (derived)``), or REQUIRED (``yes``). A cell whose answer depends on
    the position (``turn 1: no (default `[]`); ...; yes from turn 3``) is read by its first
    ``no (...)`` clause, which the pages write for a new game."""
    lines = page.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|")
                 and {"key", "required"} <= {h.strip("` ").lower() for h in split_row(line)})
    out: dict[str, Any] = {}
    for row in parse_table(lines, start).rows:
        m = _NO.search(row["required"])
        if row["required"] != "yes" and not m:
            raise ValueError(
                f"{page.name}: 'required' is 'yes' or has a 'no (default X)', "
                f"'no (default: words)' or 'no (derived)': {row}"
            )
        if not m:
            out[unquote(row["key"])] = REQUIRED
        elif m.group(1) or m.group(2) is None:
            out[unquote(row["key"])] = DESCRIBED
        else:
            out[unquote(row["key"])] = json_value(m.group(2))
    return out


def json_value(text: str) -> Any:
    """A default as the docs write it: JSON (``null``, ``[null, null]``), else a Python literal."""
    text = text.strip("`")
    try:
        return json.loads(text)
    except ValueError:
        return literal(text)
