"""The registered games: ``games()``, ``make(game_id, **params)`` and ``resolve_game``, the one
way every entry point (VectorEnv, simulate, arena, play) turns its ``game`` argument into a Game."""

from __future__ import annotations

from typing import Any

from . import _core
from ._core import Game


def games() -> list[str]:
    """The ids of every registered game, sorted."""
    return sorted(_core._factories)


def make(game_id: str, /, **params: Any) -> Game:
    """The game ``game_id`` with the given parameters (defaults for the rest).

    Unknown games, unknown parameter names and invalid values raise ``ValueError`` (or
    ``TypeError`` for a value of the wrong type) naming what is wrong. Parameters and their
    meaning are listed in each game's rules spec. ``game_id`` is positional-only, so a
    parameter of that name is unknown like any other (not Python's "multiple values" error).
    """
    if not isinstance(game_id, str):
        raise TypeError(f"game id must be a str, not {type(game_id).__name__}")
    try:
        factory = _core._factories[game_id]
    except KeyError:
        raise ValueError(
            f"unknown game {short_repr(game_id)}; available: {', '.join(games())}"
        ) from None
    game: Game = factory(**params)
    return game


def short_repr(text: str, limit: int = 40) -> str:
    """``repr(text)``, cut after ``limit`` characters: an error message echoes what was typed,
    not a megabyte of it."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text):,} characters)"


def resolve_game(game_or_id: Game | str, /, **params: Any) -> Game:
    """``game_or_id`` as a Game: a game id is made with ``params``; a Game is returned as it is.

    Parameters belong to the Game already, so passing any with a Game raises ``ValueError``;
    anything but a Game or a str raises ``TypeError``.
    """
    if isinstance(game_or_id, str):
        return make(game_or_id, **params)
    if not isinstance(game_or_id, Game):
        raise TypeError(f"game must be a Game or a game id, not {type(game_or_id).__name__}")
    if params:
        names = ", ".join(sorted(params))
        raise ValueError(
            f"parameters ({names}) go with a game id; this {game_or_id.id} Game already has "
            f"its parameters"
        )
    return game_or_id
