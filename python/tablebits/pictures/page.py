"""The replay page: one self-contained HTML file that steps through recorded games.

Every position of every game is drawn here (``to_svg``, once per view: everything, then each
seat), so the page needs no Python and no network: inline SVG, CSS and JS only. The pictures of
a game are stored as one gzip-compressed JSON list that the browser unpacks
(``DecompressionStream``), which keeps a file of many games small.
"""

from __future__ import annotations

import base64
import gzip
import html
import json
import os
import re
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

from .._core import SIMULTANEOUS
from .._paths import check_writable, write_atomically
from ..records import GameRecord, RecordError, load_records, replay
from . import to_svg


def replay_page(records: Iterable[GameRecord], title: str = "tablebits replay") -> str:
    """The HTML text of a replay page for ``records`` (a game picker when there are several).

    Every record is replayed and checked first; one that does not replay raises
    ``RecordError`` naming its index in ``records`` (``game 3: ...``).
    """
    games = []
    for index, record in enumerate(records):
        if not isinstance(record, GameRecord):
            raise TypeError(f"records must be GameRecords, got {type(record).__name__}")
        try:
            games.append(_game_data(index, record))
        except RecordError as err:
            raise RecordError(f"game {index}: {err}") from None
    if not games:
        raise ValueError("no game records to show")
    template = resources.files(__package__).joinpath("replay.html").read_text("utf-8")
    fill = {"__TITLE__": html.escape(title), "__DATA__": _script_json(games)}
    # One pass: a title or a bot name that reads "__DATA__" is text, not a place to fill.
    return re.sub("__TITLE__|__DATA__", lambda m: fill[m.group()], template)


#: What JSON may hold inside a string but an HTML ``<script>`` element may not: ``<`` starts
#: ``</script>`` and ``<!--`` (after which the parser looks for ``-->`` past the real end tag);
#: ``>`` and ``&`` are escaped as is customary.
_SCRIPT_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026"}


def _script_json(value: object) -> str:
    """``value`` as JSON text that can be put inside an HTML ``<script>`` element as it is.

    ``<``, ``>`` and ``&`` are written as JSON ``\\uXXXX`` escapes, which ``JSON.parse`` turns
    back into the same characters; they only occur inside JSON strings, so the JSON stays
    valid. ``json.dumps`` already escapes every non-ASCII character, U+2028 and U+2029 (line
    ends to older JavaScript parsers) included.
    """
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=True)
    return re.sub("[<>&]", lambda m: _SCRIPT_ESCAPES[m.group()], text)


def write_replay_page(source: str | os.PathLike[str] | Iterable[GameRecord],
                      out: str | os.PathLike[str]) -> Path:
    """Writes the replay page of ``source`` (a record file, or records) to ``out``.

    Everything is checked before anything is written: a corrupt record file raises
    ``RecordError`` naming its line, a record that does not replay names its game index, and
    ``out`` is then left as it was. The file is written beside ``out`` and renamed over it.
    """
    check_writable(out)  # before the work of drawing every position
    if isinstance(source, (str, os.PathLike)):
        records = load_records(source, check=False)  # a bad line is reported by its number
        title = f"{Path(source).name}: tablebits replay"
        try:
            text = replay_page(records, title)
        except RecordError as err:
            raise RecordError(f"{source}, {err}") from None
    else:
        text = replay_page(source)
    data = text.encode("utf-8")
    return write_atomically(out, lambda f: f.write(data))


def _game_data(index: int, record: GameRecord) -> dict[str, object]:
    """What the page needs of one game: its moves, result, and every picture (packed)."""
    players = len(record.bots)
    views: list[int | None] = [None, *range(players)]
    pictures = [[to_svg(state, seat) for seat in views] for state in replay(record)]
    packed = gzip.compress(json.dumps(pictures).encode("utf-8"), mtime=0)
    who = ", ".join(f"player {p}: {name}" for p, name in enumerate(record.bots))
    results = ", ".join(f"player {p} {r:g} (score {s:g})"
                        for p, (r, s) in enumerate(zip(record.returns, record.scores,
                                                       strict=True)))
    end = "stopped by the safety cap" if record.truncated else "game over"
    return {
        "title": f"{index}: {record.game_id}, seed {record.seed}",
        "info": f"{record.game_id}, seed {record.seed}; {who}",
        "views": ["everything", *(f"player {p}'s view" for p in range(players))],
        "moves": [_move_text(player, text)
                  for player, text in zip(record.players, record.strings, strict=True)],
        "result": f"{end} after {len(record.actions)} moves. Returns: {results}",
        "pictures": base64.b64encode(packed).decode("ascii"),
    }


def _move_text(player: int, text: object) -> str:
    if player == SIMULTANEOUS:
        assert isinstance(text, list)
        return "at once: " + "; ".join(f"player {p} {t}" for p, t in enumerate(text)
                                       if t is not None)
    return f"player {player}: {text}"
