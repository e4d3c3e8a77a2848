"""What one seat is sent: the table as that seat sees it, and nothing more.

``seat_view(table, seat, told)`` is the whole message: the picture of the position drawn for
that seat (``to_svg(state, seat, before)``, the last step outlined and captioned), every step
told as that seat saw it (``narrate``), the seat's legal moves with their strings, whose turn it
is, the undo asked for, and the end. ``seat=None`` (everything) is only for a table without
people, where nothing is hidden from anyone watching. A seat's own choice at a simultaneous
node is shown to that seat only; the others learn that it has chosen, not what.
"""

from __future__ import annotations

from typing import Any

from .._core import SIMULTANEOUS, State
from ..pictures import display_name, to_svg
from ..pictures.narrate import narrate
from ..pictures.page import result_text
from .table import Table


class ToldSteps:
    """The narration of each step as each seat saw it, kept until an undo replaces the step
    (the narration compares whole positions: worth telling each step once)."""

    def __init__(self) -> None:
        self._lines: dict[tuple[int | None, int], tuple[State, list[str]]] = {}

    def lines(self, table: Table, seat: int | None, k: int) -> list[str]:
        """Step ``k`` of ``table`` as ``seat`` saw it."""
        after = table.states[k + 1]
        kept = self._lines.get((seat, k))
        if kept is None or kept[0] is not after:  # new, or the step was undone and replayed
            told = narrate(table.states[k], after, seat, table.writer.actions[k])
            kept = self._lines[(seat, k)] = (after, told)
        return kept[1]


def move_text(table: Table, k: int) -> str:
    """Step ``k``'s move in words: ``player 1: play 15``, or ``at once: player 0: coin B ·
    player 1: coin R`` (every choice of a step is public once the step is made)."""
    player, text = table.writer.players[k], table.writer.strings[k]
    if player == SIMULTANEOUS:
        assert isinstance(text, list)
        return "at once: " + " · ".join(f"player {p}: {t}" for p, t in enumerate(text)
                                        if t is not None)
    return f"player {player}: {text}"


def seat_view(table: Table, seat: int | None, told: ToldSteps) -> dict[str, Any]:
    """The message that shows ``table`` to ``seat`` (``None``: everything)."""
    state = table.state
    step = table.step
    before = table.states[-2] if step else None
    last = table.writer.actions[-1] if step else None
    moves = [] if seat is None else [
        {"action": a, "text": state.action_to_string(a, seat)} for a in table.legal_moves(seat)]
    return {
        "type": "table",
        "game": display_name(table.game.id),
        "seat": seat,
        "step": step,
        "version": table.version,  # a message sent before a change is known by its version
        "svg": to_svg(state, seat, before, last),
        "log": [{"move": move_text(table, k), "told": told.lines(table, seat, k)}
                for k in range(step)],
        "moves": moves,
        "chosen": _chosen(table, seat),
        "turn": turn_text(table, seat),
        "seats": [{"seat": p, "player": name, "acting": p in table.acting(),
                   "chosen": p in table.chosen, "thinking": p in table.thinking}
                  for p, name in enumerate(table.names)],
        "undo": _undo(table, seat),
        "over": table.over,
        "result": _result(table),
        "failure": table.failure,
    }


def _chosen(table: Table, seat: int | None) -> str | None:
    """The seat's own choice at this simultaneous node, in words; nobody else's."""
    if seat is None or seat not in table.chosen:
        return None
    return table.state.action_to_string(table.chosen[seat], seat)


def turn_text(table: Table, seat: int | None) -> str:
    """Whose turn it is, as ``seat`` reads it: ``your move``, ``player 2 (ismcts:20ms) is
    thinking``, ``waiting for player 1``."""
    if table.failure is not None:
        return "the table has ended: " + table.failure
    if table.state.is_terminal():
        return "game over"
    waiting = table.waiting_for()
    at_once = table.state.current_player() == SIMULTANEOUS
    if seat in waiting:
        others = [p for p in waiting if p != seat]
        return ("your choice (everyone acting chooses at once)" if at_once and others
                else "your move")
    parts = []
    for p in waiting:
        who = f"player {p} ({table.names[p]})"
        parts.append(f"{who} is thinking" if p in table.thinking else f"waiting for {who}")
    mine = _chosen(table, seat)
    return (f"you chose {mine}; " if mine else "") + ", ".join(parts)


def _undo(table: Table, seat: int | None) -> dict[str, Any]:
    """Whether ``seat`` may ask for an undo, and the undo asked for, with who has agreed."""
    request = table.undo_request
    may = (seat in table.humans and table.failure is None
           and (request is not None or table.last_decision(seat) is not None))
    out: dict[str, Any] = {"can_ask": may, "asked": None}
    if request is not None:
        out["asked"] = {"to": request.to, "by": request.asked_by,
                        "agreed": sorted(request.agreed),
                        "waiting": sorted(set(table.humans) - request.agreed)}
    return out


def _result(table: Table) -> str | None:
    """Who won and the scores, once the game is over by its rules."""
    if not table.state.is_terminal() or table.failure is not None:
        return None
    return result_text(table.record())
