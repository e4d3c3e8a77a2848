"""The machine-checked blocks of docs/**/*.md and README.md (issue #11's format).

A checked block is an HTML comment ``<!-- check: KIND key=value ... -->`` on the line right
before a Markdown table or a fenced code block. ``params=k=v;k=v`` carries game parameters
(values are Python literals, or bare strings: ``variant=guess``).
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
GAME_DOCS = ROOT / "docs" / "games"
KINDS = ("params", "actions", "dict", "observation")

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
        return f"{self.path.relative_to(ROOT)}:{self.line}"


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
    out = []
    for i, line in enumerate(lines):
        m = _CHECK.match(line)
        if not m:
            continue
        where = f"{path.relative_to(ROOT)}:{i + 1}"
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
                out.append(CheckedBlock(kind, path, i + 1, attrs, params, code=code,
                                        language=language))
            else:
                table = parse_table(lines, i + 1)
                out.append(CheckedBlock(kind, path, i + 1, attrs, params, table=table))
        except ValueError as err:
            raise ValueError(f"{where}: {err}") from None
    return tuple(out)


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


def state_dict_keys(page: Path) -> dict[str, Any]:
    """The state-dict key table of a game page (``| key | required | value |``): key -> its
    default (``no (default 0)``), DESCRIBED (``no (default: the tiles in no other place)``) or
    REQUIRED (``yes``)."""
    lines = page.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| key | required |"))
    out: dict[str, Any] = {}
    for row in parse_table(lines, start).rows:
        m = re.fullmatch(r"no \(default(:?) (.+)\)", row["required"])
        if row["required"] != "yes" and not m:
            raise ValueError(
                f"{page.name}: 'required' is 'yes', 'no (default X)' or "
                f"'no (default: words)': {row}"
            )
        if not m:
            out[unquote(row["key"])] = REQUIRED
        else:
            out[unquote(row["key"])] = DESCRIBED if m.group(1) else json_value(m.group(2))
    return out


def json_value(text: str) -> Any:
    """A default as the docs write it: JSON (``null``, ``[null, null]``), else a Python literal."""
    text = text.strip("`")
    try:
        return json.loads(text)
    except ValueError:
        return literal(text)
