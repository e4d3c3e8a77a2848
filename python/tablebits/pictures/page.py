"""The replay page: one self-contained HTML file that steps through recorded games.

Every position of every game is drawn here (``to_svg``, once per view: everything, then each
seat, captioned with the step that led to it), and every step told (``narrate``, once per view,
so a seat's view never tells what that seat cannot see), so the page needs no Python and no
network: inline SVG, CSS and JS only. The pictures and the story of a game are stored as
gzip-compressed JSON lists that the browser unpacks (``DecompressionStream``), which keeps a
file of many games small.
"""

from __future__ import annotations

import base64
import gzip
import html
import itertools
import json
import os
import re
from collections.abc import Iterable, Iterator, Sized
from importlib import resources
from pathlib import Path
from typing import Any

from .._core import SIMULTANEOUS
from .._paths import check_writable, write_atomically
from ..records import GameRecord, RecordError, load_records, replay
from . import draw, tell


def replay_page(records: Iterable[GameRecord], title: str = "tablebits replay",
                progress: bool = False) -> str:
    """The HTML text of a replay page for ``records`` (a game picker when there are several).

    Every record is replayed and checked first; one that does not replay raises
    ``RecordError`` naming its index in ``records`` (``game 3: ...``). ``progress=True`` shows
    a tqdm bar of the games drawn (on stderr): 40 Hội Phố games take several seconds.
    """
    games = []
    for index, record in enumerate(_counted(records, progress)):
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


def _counted(records: Iterable[GameRecord], progress: bool) -> Iterator[GameRecord]:
    """``records``, advancing a tqdm bar of games as each is taken when ``progress``."""
    if not progress:
        yield from records
        return
    from tqdm import tqdm

    total = len(records) if isinstance(records, Sized) else None
    with tqdm(total=total, unit="game", desc="drawing the replay page") as bar:
        for record in records:
            yield record
            bar.update(1)


def write_replay_page(source: str | os.PathLike[str] | Iterable[GameRecord],
                      out: str | os.PathLike[str], progress: bool = False) -> Path:
    """Writes the replay page of ``source`` (a record file, or records) to ``out``.

    Everything is checked before anything is written: a corrupt record file raises
    ``RecordError`` naming its line, a record that does not replay names its game index, and
    ``out`` is then left as it was. The file is written beside ``out`` and renamed over it.
    ``progress=True`` shows a tqdm bar of the games drawn, on stderr.
    """
    check_writable(out)  # before the work of drawing every position
    if isinstance(source, (str, os.PathLike)):
        records = load_records(source, check=False)  # a bad line is reported by its number
        title = f"{Path(source).name}: tablebits replay"
        try:
            text = replay_page(records, title, progress)
        except RecordError as err:
            raise RecordError(f"{source}, {err}") from None
    else:
        text = replay_page(source, progress=progress)
    data = text.encode("utf-8")
    return write_atomically(out, lambda f: f.write(data))


def _game_data(index: int, record: GameRecord) -> dict[str, object]:
    """What the page needs of one game: its moves, result, and every picture and step told
    in every view (packed)."""
    players = len(record.bots)
    views: list[int | None] = [None, *range(players)]
    states = list(replay(record))
    # Each step is told with the move the record holds: searched for, a move is sometimes one
    # of several that lead to the same position (a new round's deal, a Mouse duel), and the
    # reasons are lost. Each picture after the first is captioned with the step that led to it.
    steps = [[tell(before, after, seat, actions) for seat in views]
             for (before, after), actions in zip(itertools.pairwise(states), record.actions,
                                                 strict=True)]
    pictures = [[draw(states[0], seat, None) for seat in views],
                *([draw(after, seat, told) for seat, told in zip(views, step, strict=True)]
                  for after, step in zip(states[1:], steps, strict=True))]
    told = [[t.lines for t in step] for step in steps]
    who = ", ".join(f"player {p}: {name}" for p, name in enumerate(record.bots))
    return {
        "title": f"{index}: {record.game_id}, seed {record.seed}",
        "info": f"{record.game_id}, seed {record.seed}; {who}",
        "views": ["everything", *(f"player {p}'s view" for p in range(players))],
        "moves": [_move_text(player, text)
                  for player, text in zip(record.players, record.strings, strict=True)],
        "result": result_text(record),
        "pictures": _pack(pictures),
        "told": _pack(told),
    }


def _pack(value: Any) -> str:
    """``value`` as gzip-compressed JSON in base64, for the page's ``unpack``."""
    return base64.b64encode(gzip.compress(json.dumps(value).encode("utf-8"), mtime=0)).decode(
        "ascii")


def result_text(record: GameRecord) -> str:
    """Who won a recorded game, the scores and its length:
    ``Player 1 (random) wins. Scores: player 0 0, player 1 3. Game over after 34 moves.``

    The winners are the players with the highest return (``returns()`` gives the winners their
    share of 1); a cooperative game's players win or lose together.
    """
    returns, scores = record.returns, record.scores
    steps = len(record.actions)
    moves = f"{steps} move{'' if steps == 1 else 's'}"
    end = f"Cut short after {moves}." if record.truncated else f"Game over after {moves}."
    if record.game.info.utility == "identical":
        verdict = "The team wins" if returns[0] > 0 else "The team loses"
        return f"{verdict} (score {scores[0]:g}). {end}"
    best = max(returns)
    winners = [f"player {p} ({record.bots[p]})" for p, r in enumerate(returns)
               if r == best and r > 0]
    if not winners:
        verdict = "Nobody wins"
    elif len(winners) == 1:
        verdict = f"{winners[0].capitalize()} wins"
    else:
        verdict = f"{', '.join(winners[:-1]).capitalize()} and {winners[-1]} share the win"
    table = ", ".join(f"player {p} {s:g}" for p, s in enumerate(scores))
    return f"{verdict}. Scores: {table}. {end}"


def _move_text(player: int, text: object) -> str | list[tuple[int, str]]:
    """A step for the move list: ``player 1: play 15``; for a simultaneous step, the
    ``(player, move)`` of each player who chose, which the page writes on one line as
    ``at once: player 0: play 11 · player 1: play ship``."""
    if player == SIMULTANEOUS:
        assert isinstance(text, list)
        return [(p, t) for p, t in enumerate(text) if t is not None]
    return f"player {player}: {text}"
