"""tablebits serve through Starlette's TestClient: the app, its tables, a seat's socket."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from starlette.testclient import TestClient

from tablebits.serve.app import create_app
from tablebits.serve.bots import BotRunner


@pytest.fixture
def client() -> Iterator[TestClient]:
    """The app on one event loop (entered: the bots' tasks outlive a request)."""
    with TestClient(create_app(BotRunner(workers=2, limit=20.0))) as c:
        yield c


def open_table(client: TestClient, game: str, seats: list[str], seed: int = 1,
               **params: Any) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"game": game, "params": params, "seats": seats,
                                              "seed": seed})
    assert answer.status_code == 201, answer.text
    return answer.json()


def token_of(link: str) -> str:
    return link.split("#token=")[1]


class Seat:
    """One table page: its socket and every message the server sent it."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.received: list[dict[str, Any]] = []

    def receive(self) -> dict[str, Any]:
        message = self.ws.receive_json()
        self.received.append(message)
        return message

    def until(self, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """Messages until one that ``done`` accepts (an error message fails the test)."""
        while True:
            message = self.receive()
            assert message["type"] != "error", message
            if done(message):
                return message

    def send(self, **message: Any) -> None:
        self.ws.send_json(message)

    def move(self, view: dict[str, Any], action: int) -> None:
        self.send(type="move", step=view["step"], action=action)


def my_turn_or_over(message: dict[str, Any]) -> bool:
    return message["type"] == "table" and (bool(message["moves"]) or message["over"])


@contextmanager
def seat(client: TestClient, table: str, token: str, at: int | None = None) -> Iterator[Seat]:
    """A page of ``table`` opened with ``token`` (at seat ``at``; None: the token's first),
    past the server's welcome."""
    with client.websocket_connect(f"/ws/{table}") as ws:
        page = Seat(ws)
        page.send(type="hello", token=token, seat=at)
        welcome = page.receive()
        assert welcome["type"] == "welcome", welcome
        yield page


def play_out(page: Seat, choose: Callable[[dict[str, Any]], int] = lambda v: v["moves"][0][
        "action"]) -> dict[str, Any]:
    """Plays the page's seat to the end of the game; the last view. A view sent before the
    table took the last move (the same version) is passed over."""
    acted = None

    def fresh(message: dict[str, Any]) -> bool:
        return my_turn_or_over(message) and message["version"] != acted

    while True:
        view = page.until(fresh)
        if view["over"]:
            return view
        page.move(view, choose(view))
        acted = view["version"]
