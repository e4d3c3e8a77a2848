"""The open tables of ``tablebits serve``: who may see which seat, who is watching, and the
bots' turns.

Each table gets a random id, and each human seat a link with its own unguessable token (128
random bits); one more token opens every human seat of the table in one browser ("hot seat"),
or, at a table of bots only, the whole table. A token opens only its seats: asking for another
seat's view, or moving for another seat, raises ``AccessError``.

A ``Session`` sends every watcher its own seat's view after each change and starts the bots'
decisions when the table waits for them. It lives on the app's event loop: the table is only
changed there.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from .bots import BotFailure, BotRunner
from .setup import TableSetup
from .table import MoveError, Table
from .views import ToldSteps, seat_view

Send = Callable[[dict[str, Any]], Awaitable[None]]


class AccessError(PermissionError):
    """A token that opens no seat of the table, or not the seat asked for."""


class ServerFull(RuntimeError):
    """The server keeps as many tables as it may."""


@dataclass(eq=False)
class Watcher:
    """One open page: how to send it a message, the seats its token opens, the seat shown."""

    send: Send
    seats: frozenset[int | None]
    seat: int | None


class Session:
    """One table with its tokens and watchers; ``runner`` decides for its bots."""

    def __init__(self, table_id: str, table: Table, runner: BotRunner) -> None:
        self.id = table_id
        self.table = table
        self.runner = runner
        self.told = ToldSteps()
        self.watchers: list[Watcher] = []
        self._bots: asyncio.Task[None] | None = None
        self.seat_tokens = {p: secrets.token_urlsafe(16) for p in table.humans}
        everything = set(table.humans) if table.humans else {None}
        self.hot_seat_token = secrets.token_urlsafe(16)
        self._tokens: dict[str, frozenset[int | None]] = {
            token: frozenset({p}) for p, token in self.seat_tokens.items()}
        self._tokens[self.hot_seat_token] = frozenset(everything)

    def seats_of(self, token: object) -> frozenset[int | None]:
        """The seats ``token`` opens; ``AccessError`` for a token of no seat here."""
        seats = self._tokens.get(token) if isinstance(token, str) else None
        if seats is None:
            raise AccessError(f"this link opens no seat at table {self.id}")
        return seats

    def check_seat(self, token: object, seat: object) -> int | None:
        """``seat`` if ``token`` opens it (``seat=None`` asks for the token's first seat)."""
        seats = self.seats_of(token)
        if seat is None and None not in seats:
            return min(p for p in seats if p is not None)
        if seat not in seats:
            raise AccessError(f"this link does not open seat {seat!r} at table {self.id}")
        assert seat is None or isinstance(seat, int)
        return seat

    def view(self, seat: int | None) -> dict[str, Any]:
        """The message that shows the table to ``seat``."""
        message = seat_view(self.table, seat, self.told)
        message["table"] = self.id
        return message

    def join(self, send: Send, seats: frozenset[int | None], seat: int | None) -> Watcher:
        watcher = Watcher(send, seats, seat)
        self.watchers.append(watcher)
        return watcher

    def leave(self, watcher: Watcher) -> None:
        if watcher in self.watchers:
            self.watchers.remove(watcher)

    async def publish(self) -> None:
        """Sends each watcher its seat's view; a page that cannot take it is dropped."""
        for watcher in list(self.watchers):
            try:
                await watcher.send(self.view(watcher.seat))
            except Exception:  # a closed socket: the page is gone, the table goes on
                self.leave(watcher)

    async def changed(self) -> None:
        """After a change: everyone sees it, and the bots start if the table waits for them."""
        await self.publish()
        if self.table.bots_to_act() and (self._bots is None or self._bots.done()):
            self._bots = asyncio.create_task(self._run_bots())

    async def _run_bots(self) -> None:
        """The bots' decisions, until the table waits for a person or the game ends."""
        table = self.table
        while seats := table.bots_to_act():
            version, step, state = table.version, table.step, table.state
            table.thinking = set(seats)
            await self.publish()
            try:
                actions = await asyncio.gather(*(
                    self.runner.decide(table.bot(p), state, p, table.seed, step)
                    for p in seats))
            except BotFailure as err:
                if table.version == version:
                    table.fail(str(err))
                    await self.publish()
                    return
                continue  # an undo made the decision moot: decide again
            finally:
                table.thinking = set()
            if table.version != version:
                continue
            for p, action in zip(seats, actions, strict=True):
                try:
                    table.move(p, step, action)
                except MoveError as err:  # a person's move ended the game meanwhile
                    table.fail(f"player {p}'s move came too late: {err}")
            await self.publish()

    async def close(self) -> None:
        """Stops waiting for the bots (at shutdown)."""
        if self._bots is not None:
            self._bots.cancel()


class Tables:
    """Every open table; at most ``limit`` at once (each holds its positions in memory)."""

    def __init__(self, runner: BotRunner, limit: int = 100) -> None:
        self.runner = runner
        self.limit = limit
        self.sessions: dict[str, Session] = {}

    def open(self, setup: TableSetup) -> Session:
        if len(self.sessions) >= self.limit:
            raise ServerFull(f"this server has {self.limit} tables open, the most it keeps")
        table_id = secrets.token_urlsafe(6)
        while table_id in self.sessions:
            table_id = secrets.token_urlsafe(6)
        session = Session(table_id, Table(setup.game, setup.seed, setup.players), self.runner)
        self.sessions[table_id] = session
        return session

    def get(self, table_id: str) -> Session:
        """The table ``table_id``; ``LookupError`` when there is none."""
        session = self.sessions.get(table_id)
        if session is None:
            raise LookupError(f"there is no table {table_id!r} on this server")
        return session

    async def close(self) -> None:
        for session in self.sessions.values():
            await session.close()
        self.runner.close()
