"""A table asked for by the setup page: a game, its parameters and who sits at each seat.

The request is JSON, ``{"game": "hoi_pho", "params": {"players": 4}, "seats": ["human",
"ismcts:20ms", "baseline", "random"], "seed": 7}`` (``seed`` optional), and everything in it is
checked here with the engine's own checks, so the page shows the engine's errors in words:
an unknown game or parameter, a value the rules refuse, a bot spec that does not parse, a seat
count that does not fit.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from .._checks import check_seed
from .._core import Game
from .._registry import games, make
from ..bots.builtin import Bot
from ..bots.spec import parse
from ..pictures import display_name
from .table import HUMAN

_KEYS = {"game", "params", "seats", "seed"}


@dataclass
class TableSetup:
    """A checked request: the game, its seed, and one bot per seat (``None``: a person)."""

    game: Game
    seed: int
    players: list[Bot | None]


def game_of(request: Any) -> Game:
    """The game of a request's ``game`` and ``params``; ``ValueError`` saying what is wrong."""
    if not isinstance(request, dict):
        raise ValueError("a table is asked for with a JSON object: game, params, seats, seed")
    unknown = sorted(set(request) - _KEYS)
    if unknown:
        raise ValueError(f"unknown fields {unknown}; a table takes {sorted(_KEYS)}")
    game_id, params = request.get("game"), request.get("params", {})
    if game_id not in games():
        raise ValueError(f"unknown game {game_id!r}; the games are {', '.join(games())}")
    if not isinstance(params, dict):
        raise ValueError("params must be an object of parameter names and values")
    try:
        return make(game_id, **params)
    except (ValueError, TypeError) as err:
        raise ValueError(str(err)) from None


def table_setup(request: Any) -> TableSetup:
    """The checked setup of a request; ``ValueError`` naming the first thing wrong."""
    game = game_of(request)
    seats = request.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise ValueError("seats must be a list with one entry per seat: human or a bot spec")
    if len(seats) != game.num_players:
        raise ValueError(f"this {game.id} game has {game.num_players} seats; got {len(seats)}")
    players: list[Bot | None] = []
    for p, spec in enumerate(seats):
        if spec.strip().lower() == HUMAN:
            players.append(None)
            continue
        try:
            bot = parse(spec, game)
            bot.check_game(game)
            players.append(bot)
        except (ValueError, TypeError) as err:
            raise ValueError(f"seat {p}: {err}") from None
    seed = request.get("seed")
    seed = secrets.randbits(32) if seed is None else check_seed(seed)
    return TableSetup(game, seed, players)


def game_choices() -> list[dict[str, Any]]:
    """What the setup page offers: each game's id, name, default parameters and seats."""
    out = []
    for game_id in games():
        game = make(game_id)
        out.append({"id": game_id, "name": display_name(game_id), "params": game.params,
                    "players": game.num_players})
    return out
