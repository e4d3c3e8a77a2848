"""Every position as a picture: ``to_svg(state, seat=None)`` and the State methods built on it.

``import tablebits`` attaches ``State.to_svg`` and ``State._repr_svg_`` (Jupyter shows a state
as its picture) to every game's State class through their shared base. The drawing reads the
state dict and the public API only; each game has one small module here, named by its game id,
with ``NAME`` (the game's name for people), ``view`` (what a seat sees of the dict), ``doing``
(the phase in the rules' words), ``draw``, ``changes``, ``legend`` and ``SUMMARY``: a new game's
picture is its module, found by name.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from .. import _core
from .._checks import is_int
from .._core import State
from .._registry import games
from ._step import Step, Told


def check_seat(state: State, seat: Any) -> int | None:
    """``None`` (everything, every hand face up) or a seat of this game; else an error."""
    if seat is None:
        return None
    if not isinstance(state, State):
        raise TypeError(f"expected a tablebits State, not {type(state).__name__}")
    if not is_int(seat):  # numpy's ints are ints; bools are not seats
        raise TypeError(f"seat must be an int or None, not {type(seat).__name__}")
    players = state.game.num_players
    if not 0 <= seat < players:
        raise ValueError(f"seat must be in 0..{players - 1} for this {state.game.id} game, "
                         f"got {seat}")
    return int(seat)


def view(state: State, seat: int | None = None) -> dict[str, Any]:
    """The state dict as ``seat`` sees it: hidden cards are ``None`` (``seat=None``: all)."""
    if not isinstance(state, State):
        raise TypeError(f"expected a tablebits State, not {type(state).__name__}")
    seat = check_seat(state, seat)
    d = state.to_dict()
    d.pop("rng", None)  # the generator's state is never part of what anyone sees
    result: dict[str, Any] = _module(state).view(d, seat)
    return result


def to_svg(state: State, seat: int | None = None, before: State | None = None,
           actions: int | list[int] | None = None) -> str:
    """The position as an SVG document (a str), drawn as a person at the table sees it.

    ``seat=None`` shows everything, every hand face up; ``seat=k`` shows what player ``k``
    sees: exactly the facts ``state.observation_tensor(k)`` holds, other players' hidden cards
    face down. A seat outside the game raises ``ValueError``. With ``before`` (the state one
    step earlier) the picture also shows what that step did: the pieces that moved outlined,
    and a caption that tells the step as ``seat`` saw it (``narrate.narrate``); ``actions``
    is the move played, as in ``narrate``.
    """
    told = None if before is None else tell(before, state, seat, actions)
    return draw(state, seat, told)


def draw(state: State, seat: int | None, told: Told | None) -> str:
    """``to_svg`` with the last step already told (``tell``), for a caller that also needs
    the step's lines and so tells it once."""
    seen = view(state, seat)  # checks state and seat
    return str(_module(state).draw(state, seen, seat, told).to_string())


def tell(before: State, after: State, seat: int | None = None,
         actions: int | list[int] | None = None) -> Told:
    """The step from ``before`` to ``after`` as ``seat`` saw it: what the picture's caption
    and the narration say, read from the seat's views of the two states (``actions``: the
    move played, see ``narrate``)."""
    if not isinstance(before, State):
        raise TypeError(f"expected a tablebits State, not {type(before).__name__}")
    if before.game != after.game:
        raise ValueError("before and after must be states of the same game")
    step = Step.between(before, after, actions)
    b, a = view(before, seat), view(after, seat)
    lines: list[str] = _module(after).changes(b, a, step)
    return Told(step, b, lines)


def doing(state: State, seat: int | None = None) -> str:
    """Who is doing what now, in the rules' words, as ``seat`` sees it: the end of the
    picture's header (``"player 1's 6 Naga takes a merchant from the table"``, ``"game over"``),
    for any text a person reads in place of the engine's phase id."""
    phrase: str = _module(state).doing(state, view(state, seat))
    return phrase


def display_name(game_id: str) -> str:
    """The name people know a game by (``"Hội Phố"`` for ``hoi_pho``), as its rules page
    titles it, for titles and labels; anything but a registered game's id is returned as is."""
    if game_id not in games():
        return game_id
    name: str = _game_module(game_id).NAME
    return name


def _module(state: State) -> ModuleType:
    """The drawing module of ``state``'s game: ``pictures/<game id>.py``."""
    return _game_module(state.game.id)


def _game_module(game_id: str) -> ModuleType:
    """``pictures/<game_id>.py`` for a registered game's id (a plain identifier, never a
    path)."""
    name = f"{__name__}.{game_id}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:  # the module exists but needs something missing
            raise
        raise ValueError(f"no picture for the game {game_id!r}") from None


def _state_to_svg(self: State, seat: int | None = None, before: State | None = None,
                  actions: int | list[int] | None = None) -> str:
    """The position as an SVG document: see ``tablebits.pictures.to_svg``."""
    return to_svg(self, seat, before, actions)


def _state_repr_svg(self: State) -> str:
    """Jupyter's rich display: the position with every hand face up."""
    return to_svg(self)


def attach() -> None:
    """Gives every game's State ``to_svg`` and ``_repr_svg_`` (set once, on the shared base)."""
    # setattr: the stub declares these methods, and mypy forbids assigning to a method
    setattr(_core.State, "to_svg", _state_to_svg)  # noqa: B010
    setattr(_core.State, "_repr_svg_", _state_repr_svg)  # noqa: B010
