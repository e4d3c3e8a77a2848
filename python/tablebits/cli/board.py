"""The terminal's board and move list, with what the engine's text leaves as bare numbers.

``observation_string`` names a Good Fortune tile by its number, a Fox Duet card by its suit
and rank and a Hội Phố merchant by its number, and the phase by its id (``phase naga_take``);
a person would have to look each one up. Here each tile shows its charms and die, each Fox card
its footprints, each merchant its name, the phase is said as the picture's header says it, and
moves can be typed with a merchant's name (``play pig``).
"""

from __future__ import annotations

import re
import textwrap

from .._core import State
from ..pictures import doing
from ..pictures.fox_duet import FOOTPRINTS
from ..pictures.hoi_pho import MERCHANTS

__all__ = ["board_text", "intro", "move_note", "named", "unname"]

#: wider lines are wrapped (a Good Fortune rack with charms runs to 200 characters)
WIDTH = 100

_FOX_CARD = re.compile(r"\b([RSD])(10|[1-9])\b")
_NUMBERS = re.compile(r"\d+")
#: the Hội Phố lists that hold merchants (the deck and the contracts hold contract values)
_MERCHANT_LISTS = re.compile(r"\b(hand|table|previous|played earlier|stack) \[([^\]]*)\]")
#: the Good Fortune lists and fields that hold tile numbers
_TILE_LISTS = re.compile(r"\b(rack|collection|discarded) \[([^\]]*)\]")
_SELECTED = re.compile(r"\bselected (\d+)\b")
_LINE_TILE = re.compile(r"\[(\d+) (\w+)\|(\w+)\]")


def board_text(state: State, seat: int | None) -> str:
    """``state.observation_string(seat)`` (everything, ``str(state)``, for ``seat=None``) with
    tiles, cards and merchants spelled out and the phase in the rules' words."""
    text = str(state) if seat is None else state.observation_string(seat)
    lines = _in_words(state, seat, text.splitlines())
    spell = {"good_fortune": _good_fortune, "fox_duet": _fox_duet, "hoi_pho": _hoi_pho}
    rewrite = spell.get(state.game.id)
    if rewrite is not None:
        lines = [rewrite(state, line) for line in lines]
    return "\n".join(_wrap(line) for line in lines)


def _in_words(state: State, seat: int | None, lines: list[str]) -> list[str]:
    """``lines`` with the phase id in the header (its first line after ``you are player N``:
    ``round 1, turn 1/4, phase play``, ``..., over (lost_forest), ...``) replaced by what the
    picture's header says (``everyone chooses a card to play``)."""
    phase = re.escape(state.to_dict()["phase"])
    at = 1 if lines and lines[0].startswith("you are") else 0
    if at >= len(lines):
        return lines
    fields = [doing(state, seat) if re.fullmatch(rf"(phase )?{phase}( \(\w+\))?", field)
              else field for field in lines[at].split(", ")]
    return [*lines[:at], ", ".join(fields), *lines[at + 1:]]


def _wrap(line: str) -> str:
    """A long line wrapped between bracketed items, never inside one (``[17 horseshoe|...]``)."""
    if len(line) <= WIDTH:
        return line
    glued = re.sub(r"\[[^\]]*\]", lambda m: m.group().replace(" ", "\0"), line)
    return textwrap.fill(glued, WIDTH, subsequent_indent="    ",
                         break_on_hyphens=False).replace("\0", " ")


def intro(state: State) -> list[str]:
    """How to read what ``board_text`` adds, said once when the game starts."""
    return {
        "good_fortune": ["tiles are shown as [number charm|charm dDIE]: [9 hamsa|scarab d3] is "
                         "tile 9, a hamsa and a scarab, die 3"],
        "fox_duet": ["cards are shown with their footprints: R2(3) is the Rose 2, which has 3 "
                     "footprints"],
        "hoi_pho": ["merchants are shown by number and name; a move can name its merchant: "
                    "'play pig' is 'play 15'"],
    }.get(state.game.id, [])


def move_note(state: State, text: str) -> str:
    """What an action string leaves out (a tile's charms, a card's footprints, a merchant's
    name), or ``""``."""
    game = state.game.id
    if game == "good_fortune" and (m := re.fullmatch(r"select (\d+)", text)):
        charm_a, charm_b, die = state.game.params["tiles"][int(m.group(1)) - 1]
        return f"{charm_a}|{charm_b}, die {die}"
    if game == "fox_duet" and (m := re.search(r"\b[RSD](10|[1-9])$", text)):
        steps = FOOTPRINTS[int(m.group(1))]
        return f"{steps} footprint{'' if steps == 1 else 's'}"
    if game == "hoi_pho" and (m := re.fullmatch(r"(play|discard|name|copy|naga-\w+) (\d+)",
                                                text)):
        return MERCHANTS[int(m.group(2))][0]
    return ""


def unname(state: State, line: str) -> str:
    """``line`` with a Hội Phố merchant's name (any case) at its end replaced by its number, so
    ``play pig`` reads as ``play 15`` and ``pig`` as ``15``; other games' lines as they are."""
    if state.game.id != "hoi_pho":
        return line
    numbers = {name.lower(): str(n) for n, (name, *_) in MERCHANTS.items()}
    # only the last word: "naga-play pig" names the Pig, not the Naga of the verb
    head, _, last = line.rpartition(" ")
    number = numbers.get(last.lower())
    return line if number is None else f"{head} {number}".lstrip()


def named(state: State, text: str) -> str:
    """An action string as it can also be typed with its merchant's name (``play pig`` for
    ``play 15``), or ``""`` where there is none."""
    name = move_note(state, text) if state.game.id == "hoi_pho" else ""
    return f"{text.rsplit(' ', 1)[0]} {name.lower()}" if name else ""


def _good_fortune(state: State, line: str) -> str:
    tiles = state.game.params["tiles"]

    def tile(number: int) -> str:
        charm_a, charm_b, die = tiles[number - 1]
        return f"[{number} {charm_a}|{charm_b} d{die}]"

    def spell_list(m: re.Match[str]) -> str:
        numbers = [int(n) for n in _NUMBERS.findall(m.group(2))]
        return f"{m.group(1)} {' '.join(tile(n) for n in numbers) or '[]'}"

    line = _LINE_TILE.sub(lambda m: tile(int(m.group(1))), line)
    line = _SELECTED.sub(lambda m: f"selected {tile(int(m.group(1)))}", line)
    return _TILE_LISTS.sub(spell_list, line)


def _fox_duet(state: State, line: str) -> str:
    if line.startswith("played "):  # cards out of play: their footprints no longer matter
        return line
    return _FOX_CARD.sub(lambda m: f"{m.group()}({FOOTPRINTS[int(m.group(2))]})", line)


def _hoi_pho(state: State, line: str) -> str:
    def spell(m: re.Match[str]) -> str:
        cards = [c if not c.isdigit() else f"{c} {MERCHANTS[int(c)][0]}"
                 for c in m.group(2).split()]
        return f"{m.group(1)} [{', '.join(cards)}]"

    return _MERCHANT_LISTS.sub(spell, line)
