"""The web app of ``tablebits serve`` (Starlette): pages, a small JSON API and one WebSocket
per open table page.

- ``GET /``: the setup page; ``GET /table/{id}``: the table page (its token travels in the
  address's ``#token=...`` part, which browsers never send to a server, and then in the
  WebSocket's first message, so it is in no request line or log).
- ``GET /api/games``: the games and their default parameters; ``POST /api/check``: a game and
  parameters checked, its seat count (the engine's error in words when they are wrong);
  ``POST /api/tables``: a new table, with a link per human seat and a hot-seat link.
- ``GET /api/tables/{id}?seat=N`` (``Authorization: Bearer TOKEN``): seat N's view;
  ``GET /api/tables/{id}/record``: the finished game's record, a JSON Lines file.
- ``WS /ws/{id}``: ``{"type": "hello", "token": T, "seat": N}`` first; then ``move`` (with
  ``step`` and ``action``), ``undo``, ``refuse_undo`` and ``view`` (another seat of the token:
  hot seat). The server answers with ``table`` messages, the seat's view after every change,
  and ``error`` messages, after which nothing has changed.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

import anyio
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..records import record_line
from .bots import BotRunner
from .sessions import AccessError, ServerFull, Session, Tables, Watcher
from .setup import game_choices, game_of, table_setup
from .table import MoveError

MAX_BODY = 64 * 1024  #: the largest request body or WebSocket message taken, in bytes
HELLO_SECONDS = 10.0  #: how long a WebSocket may stay open without saying who it is
#: The files the pages are made of, served as they are (``static/``).
STATIC = {"setup.html": "text/html", "table.html": "text/html", "table.js": "text/javascript",
          "setup.js": "text/javascript", "style.css": "text/css"}


def create_app(runner: BotRunner | None = None, max_tables: int = 100) -> Starlette:
    """The app: its tables' bots decide in ``runner`` (default: 4 threads, 30 s a move)."""
    tables = Tables(runner if runner is not None else BotRunner(), max_tables)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await tables.close()

    routes = [
        Route("/", lambda request: _static("setup.html")),
        Route("/table/{table_id}", lambda request: _static("table.html")),
        Route("/static/{name}", lambda request: _static(request.path_params["name"])),
        Route("/api/games", lambda request: JSONResponse(game_choices())),
        Route("/api/check", _check, methods=["POST"]),
        Route("/api/tables", _create, methods=["POST"]),
        Route("/api/tables/{table_id}", _view),
        Route("/api/tables/{table_id}/record", _record),
        WebSocketRoute("/ws/{table_id}", _socket),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.tables = tables
    return app


def _static(name: str) -> Response:
    if name not in STATIC:
        return _error(404, f"no page {name!r}")
    text = resources.files(__package__).joinpath("static").joinpath(name).read_text("utf-8")
    return Response(text, media_type=STATIC[name])  # text/* gets "; charset=utf-8"


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _tables(request: Request | WebSocket) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


async def _body(request: Request) -> Any:
    """The request's JSON; ``ValueError`` for a body too long or not JSON."""
    body = await request.body()
    if len(body) > MAX_BODY:
        raise ValueError(f"a request body may hold at most {MAX_BODY} bytes")
    return _json(body)


def _json(text: str | bytes) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise ValueError("the message is not JSON") from None


async def _check(request: Request) -> JSONResponse:
    """A game and its parameters: their seat count and every parameter resolved, or why not."""
    try:
        game = game_of(await _body(request))
    except ValueError as err:
        return _error(400, str(err))
    return JSONResponse({"players": game.num_players, "params": game.params})


async def _create(request: Request) -> JSONResponse:
    """A new table: its id, its seats' links and the hot-seat link."""
    try:
        setup = table_setup(await _body(request))
        session = _tables(request).open(setup)
    except ValueError as err:
        return _error(400, str(err))
    except ServerFull as err:
        return _error(503, str(err))
    await session.changed()  # the bots of the first steps start now
    base = f"/table/{session.id}#token="
    return JSONResponse({
        "table": session.id,
        "seed": session.table.seed,
        "seats": [{"seat": p, "player": name,
                   "link": base + session.seat_tokens[p] if p in session.seat_tokens else None}
                  for p, name in enumerate(session.table.names)],
        "hot_seat": base + session.hot_seat_token,
    }, status_code=201)


def _session(request: Request) -> Session:
    """The table of the request, if the bearer token opens a seat of it."""
    session = _tables(request).get(request.path_params["table_id"])
    session.seats_of(_token(request))
    return session


def _token(request: Request) -> str:
    return request.headers.get("authorization", "").removeprefix("Bearer ").strip()


async def _view(request: Request) -> JSONResponse:
    """``?seat=N``: seat N's view, if the token opens it (no seat: the token's first)."""
    try:
        session = _session(request)
        seat = request.query_params.get("seat")
        chosen = session.check_seat(_token(request), None if seat is None else _seat(seat))
    except LookupError as err:
        return _error(404, str(err))
    except AccessError as err:
        return _error(403, str(err))
    return JSONResponse(session.view(chosen))


def _seat(text: str) -> int | str:
    """A seat number from an address (anything else is kept, to be refused by name)."""
    return int(text) if text.isascii() and text.isdigit() else text


async def _record(request: Request) -> Response:
    """The finished game's record, as a file ``tablebits replay`` reads."""
    try:
        session = _session(request)
        record = session.table.record()
    except LookupError as err:
        return _error(404, str(err))
    except AccessError as err:
        return _error(403, str(err))
    except MoveError as err:
        return _error(409, str(err))
    name = f"tablebits-{record.game_id}-{session.id}.jsonl"
    return Response(record_line(record), media_type="application/jsonl",
                    headers={"content-disposition": f'attachment; filename="{name}"'})


async def _socket(ws: WebSocket) -> None:
    """One table page: who it is first, then its requests, each answered or refused."""
    await ws.accept()
    try:
        session = _tables(ws).get(ws.path_params["table_id"])
    except LookupError as err:
        await ws.send_json({"type": "error", "message": str(err)})
        await ws.close(code=4404)
        return
    watcher = None
    try:
        watcher = await _hello(ws, session)
        if watcher is None:
            return
        await ws.send_json({"type": "welcome", "seat": watcher.seat,
                            "seats": sorted(watcher.seats, key=lambda p: -1 if p is None else p)})
        await ws.send_json(session.view(watcher.seat))
        while True:
            text = await ws.receive_text()
            try:
                changed = await _handle(session, watcher, text)
            except (ValueError, AccessError) as err:  # MoveError is a ValueError
                await ws.send_json({"type": "error", "message": str(err)})
                continue
            if changed:
                await session.changed()
            else:
                await ws.send_json(session.view(watcher.seat))
    except WebSocketDisconnect:
        pass
    finally:
        if watcher is not None:
            session.leave(watcher)


async def _hello(ws: WebSocket, session: Session) -> Watcher | None:
    """The page's first message names its token and seat; None (closed) when it does not."""
    try:
        with anyio.fail_after(HELLO_SECONDS):
            text = await ws.receive_text()
        hello = _message(text)
        if hello.get("type") != "hello":
            raise ValueError("the first message is a hello with the link's token")
        seats = session.seats_of(hello.get("token"))
        seat = session.check_seat(hello.get("token"), hello.get("seat"))
    except (ValueError, AccessError, TimeoutError) as err:
        message = str(err) or f"no hello within {HELLO_SECONDS:g} s"
        await ws.send_json({"type": "error", "message": message})
        await ws.close(code=4403)
        return None
    return session.join(ws.send_json, seats, seat)


def _message(text: str) -> dict[str, Any]:
    if len(text) > MAX_BODY:
        raise ValueError(f"a message may hold at most {MAX_BODY} characters")
    message = _json(text)
    if not isinstance(message, dict):
        raise ValueError("a message is a JSON object with a type")
    return message


async def _handle(session: Session, watcher: Watcher, text: str) -> bool:
    """One request of a page; True when the table changed (everyone is sent the news)."""
    message = _message(text)
    kind = message.get("type")
    table = session.table
    seat = watcher.seat
    if kind == "view":
        wanted = message.get("seat")
        if wanted not in watcher.seats:
            raise AccessError(f"this link does not open seat {wanted!r} at table {session.id}")
        watcher.seat = wanted
        return False
    if seat is None:
        raise AccessError("watching a table of bots: there is nothing to play")
    if kind == "move":
        if "seat" in message and message["seat"] != seat:
            raise AccessError(f"this page plays seat {seat}, not {message['seat']!r}")
        table.move(seat, message.get("step"), message.get("action"))
        return True  # a choice kept for later is news too: the others see that it is made
    if kind == "undo":
        table.ask_undo(seat)
        return True
    if kind == "refuse_undo":
        table.refuse_undo(seat)
        return True
    raise ValueError(f"unknown message type {kind!r}; expected move, undo, refuse_undo or view")
