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
    data = json.dumps(games, separators=(",", ":")).replace("</", "<\\/")
    return template.replace("__TITLE__", html.escape(title)).replace("__DATA__", data)


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
