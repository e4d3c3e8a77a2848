"""A table page's WebSocket: whole games against bots, bad requests refused with nothing
changed, simultaneous choices, undo by agreement, bots that fail or overrun."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import tablebits as tb
from tablebits.serve.app import create_app
from tablebits.serve.bots import BotRunner
from tablebits.serve.setup import TableSetup
from tests.serve.conftest import Seat, my_turn_or_over, open_table, play_out, seat, token_of


def _human_first(game_id: str, seed: int, bot: str = "random", **params) -> list[str]:
    """Seats with a person at the seat that moves first (or seat 0 at a simultaneous start)."""
    state = tb.make(game_id, **params).new_initial_state(seed=seed)
    first = state.acting_players()[0]
    return ["human" if p == first else bot for p in range(state.game.num_players)]


@pytest.mark.parametrize(("game_id", "params"), [
    ("good_fortune", {}), ("color_mafia", {"players": 3}), ("fox_duet", {}),
    ("hoi_pho", {"players": 3})])
def test_a_whole_game_against_bots_gives_a_record_with_the_moves_made(client, game_id, params):
    seats = _human_first(game_id, 3, **params)
    me = seats.index("human")
    made = open_table(client, game_id, seats, seed=3, **params)
    token = token_of(made["seats"][me]["link"])
    mine = []

    def last_move(view):
        mine.append(view["moves"][-1]["text"])
        return view["moves"][-1]["action"]

    with seat(client, made["table"], token) as page:
        end = play_out(page, last_move)
    assert end["failure"] is None and end["result"] and end["turn"] == "game over"
    answer = client.get(f"/api/tables/{made['table']}/record",
                        headers={"authorization": f"Bearer {token}"})
    record = tb.GameRecord.from_dict(json.loads(answer.text))
    assert record.final_state().is_terminal()
    assert record.bots[me] == "human"
    played = [s if p == me else s[me] for p, s in zip(record.players, record.strings, strict=True)
              if p == me or (p == tb.SIMULTANEOUS and s[me] is not None)]
    assert played == mine


@contextmanager
def _first_to_move(client, game_id: str, seed: int) -> Iterator[tuple[Seat, dict, int]]:
    """A page of a person who has the first move against random bots: the page, its first
    view with moves, and the person's seat."""
    seats = _human_first(game_id, seed)
    me = seats.index("human")
    made = open_table(client, game_id, seats, seed=seed)
    with seat(client, made["table"], token_of(made["seats"][me]["link"])) as page:
        yield page, page.until(my_turn_or_over), me


def test_bad_requests_get_an_error_and_change_nothing(client):
    with _first_to_move(client, "good_fortune", 5) as (page, view, me):
        legal = {m["action"] for m in view["moves"]}
        illegal = next(a for a in range(25) if a not in legal)
        bad = [
            ("not json at all", "not JSON"),
            (json.dumps([1, 2]), "JSON object with a type"),
            (json.dumps({"type": "dance"}), "unknown message type 'dance'"),
            (json.dumps({"type": "move", "step": view["step"], "action": illegal}),
             f"action {illegal} is not a legal move for player {me}"),
            (json.dumps({"type": "move", "step": view["step"], "action": str(min(legal))}),
             "by their numbers"),
            (json.dumps({"type": "move", "step": view["step"], "action": True}),
             "by their numbers"),
            (json.dumps({"type": "move", "step": view["step"] - 1, "action": min(legal)}),
             f"made for step {view['step'] - 1}, but the game is at step {view['step']}"),
            (json.dumps({"type": "move", "step": view["step"], "action": min(legal),
                         "seat": 1 - me}), f"this page plays seat {me}, not {1 - me}"),
            (json.dumps({"type": "view", "seat": 1 - me}), f"does not open seat {1 - me}"),
            (json.dumps({"type": "undo"}), "nothing to undo"),
            (json.dumps({"type": "refuse_undo"}), "nobody has asked to undo"),
            ("x" * 70_000, "at most 65536 characters"),
        ]
        for text, words in bad:
            page.ws.send_text(text)
            answer = page.receive()
            assert answer["type"] == "error" and words in answer["message"], (text[:40], answer)
        page.send(type="view", seat=me)  # the same seat again: just the view
        again = page.receive()
        assert {k: v for k, v in again.items() if k != "svg"} == \
            {k: v for k, v in view.items() if k != "svg"}
        assert again["svg"] == view["svg"]


def test_a_page_must_say_who_it_is_first(client):
    made = open_table(client, "fox_duet", ["human", "random"])
    with client.websocket_connect(f"/ws/{made['table']}") as ws:
        ws.send_json({"type": "move", "step": 0, "action": 0})
        assert "hello" in ws.receive_json()["message"]
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    with client.websocket_connect(f"/ws/{made['table']}") as ws:
        ws.send_json({"type": "hello", "token": "guess"})
        assert "opens no seat" in ws.receive_json()["message"]
    with client.websocket_connect("/ws/nosuchtable") as ws:
        assert "no table 'nosuchtable'" in ws.receive_json()["message"]


def test_simultaneous_choices_are_collected_and_kept_from_the_others(client):
    # Color Mafia starts with everyone choosing a coin at once: two people and two bots.
    views = []
    for coin in (0, 4):  # the same table twice; player 0 chooses red, then white
        made = open_table(client, "color_mafia", ["human", "human", "random", "random"], seed=2)
        links = [token_of(made["seats"][p]["link"]) for p in (0, 1)]
        with seat(client, made["table"], links[0]) as zero, \
                seat(client, made["table"], links[1]) as one:
            first = zero.until(my_turn_or_over)
            one.until(lambda m: m["type"] == "table")
            zero.move(first, coin)
            mine = zero.until(lambda m: m["chosen"] is not None)
            assert mine["chosen"] == ("coin R" if coin == 0 else "coin W")
            assert mine["moves"] == [] and mine["step"] == 0
            seen = one.until(lambda m: m["seats"][0]["chosen"]
                             and all(s["chosen"] for s in m["seats"][2:]))
            assert seen["step"] == 0 and seen["chosen"] is None and seen["moves"]
            views.append(seen)
            # Player 1 chooses: every acting seat has, and the coins are shown at once.
            one.move(seen, 1)
            shown = one.until(lambda m: m["step"] >= 1)
            assert shown["log"][0]["move"].startswith(
                "at once: player 0: " + ("coin R" if coin == 0 else "coin W")
                + " · player 1: coin B")
    # Before player 1 chose, what it was sent did not depend on player 0's choice.
    a, b = ({k: v for k, v in view.items() if k != "table"} for view in views)
    assert a == b


def test_undo_with_one_person_goes_back_to_their_last_move(client):
    with _first_to_move(client, "fox_duet", 8) as (page, first, _):
        assert first["undo"]["can_ask"] is False
        page.move(first, first["moves"][0]["action"])
        later = page.until(lambda m: my_turn_or_over(m) and m["step"] > first["step"])
        assert later["undo"]["can_ask"]
        page.send(type="undo")
        back = page.until(lambda m: m["step"] == first["step"])
        assert back["svg"] == first["svg"] and back["moves"] == first["moves"]
        assert len(back["log"]) == first["step"]
        # The bots answer the same moves the same way (seeded by seat and step).
        page.move(back, first["moves"][0]["action"])
        again = page.until(lambda m: my_turn_or_over(m) and m["step"] > first["step"])
        assert again["svg"] == later["svg"] and again["log"] == later["log"]


def test_undo_with_two_people_needs_both(client):
    made = open_table(client, "good_fortune", ["human", "human"], seed=4)
    tokens = [token_of(made["seats"][p]["link"]) for p in (0, 1)]
    state = tb.make("good_fortune").new_initial_state(seed=4)
    first = state.current_player()
    with seat(client, made["table"], tokens[0]) as zero, \
            seat(client, made["table"], tokens[1]) as one:
        pages = [zero, one]
        view = pages[first].until(my_turn_or_over)
        pages[first].move(view, view["moves"][0]["action"])
        after = pages[first].until(lambda m: m["step"] == 1)
        pages[first].send(type="undo")
        asked = pages[1 - first].until(lambda m: m["undo"]["asked"] is not None)
        assert asked["step"] == 1 and asked["undo"]["asked"]["waiting"] == [1 - first]
        pages[1 - first].send(type="refuse_undo")
        pages[first].until(lambda m: m["undo"]["asked"] is None)
        pages[first].send(type="undo")
        pages[1 - first].until(lambda m: m["undo"]["asked"] is not None)
        pages[1 - first].send(type="undo")  # agrees
        back = pages[first].until(lambda m: m["step"] == 0)
        assert back["svg"] == view["svg"] and after["step"] == 1


class _Broken:
    name = "broken"

    def act(self, state, player):
        raise RuntimeError("out of ideas")


class _Slow:
    name = "slow"

    def act(self, state, player):
        time.sleep(1.0)
        return state.legal_actions(player)[0]


@pytest.mark.parametrize(("bot", "words"), [
    (_Broken(), "player 1's bot (broken) failed: out of ideas"),
    (_Slow(), "player 1's bot (slow) did not decide within 0.3 s")])
def test_a_bot_that_fails_or_overruns_ends_the_table_with_its_reason(bot, words):
    with TestClient(create_app(BotRunner(workers=1, limit=0.3))) as client:
        game = tb.make("good_fortune")
        tables = client.app.state.tables
        session = tables.open(TableSetup(game, 6, [None, bot]))
        token = session.seat_tokens[0]
        with seat(client, session.id, token) as page:
            view = page.until(lambda m: m["type"] == "table")
            if view["moves"]:
                page.move(view, view["moves"][0]["action"])
            else:  # the bot moves first: a change starts it
                client.portal.call(session.changed)
            ended = page.until(lambda m: m["failure"] is not None)
        assert words in ended["failure"] and ended["over"] and ended["moves"] == []
        assert ended["turn"].startswith("the table has ended")
        answer = client.get(f"/api/tables/{session.id}/record",
                            headers={"authorization": f"Bearer {token}"})
        assert answer.status_code == 409


def test_seats_of_two_people_and_a_hot_seat(client):
    made = open_table(client, "fox_duet", ["human", "human"], seed=2)
    hot = token_of(made["hot_seat"])
    with client.websocket_connect(f"/ws/{made['table']}") as ws:
        page = Seat(ws)
        page.send(type="hello", token=hot, seat=1)
        assert page.receive() == {"type": "welcome", "seat": 1, "seats": [0, 1]}
        one = page.receive()
        page.send(type="view", seat=0)
        zero = page.receive()
        assert (one["seat"], zero["seat"]) == (1, 0)
        state = tb.make("fox_duet").new_initial_state(seed=2)
        assert one["svg"] == state.to_svg(1) and zero["svg"] == state.to_svg(0)
        page.send(type="view", seat=None)  # everything is not for a table with people
        assert "does not open seat None" in page.receive()["message"]
