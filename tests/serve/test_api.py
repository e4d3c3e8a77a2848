"""The JSON API: the games offered, a setup checked by the engine, seats opened only by their
tokens, a finished table's record."""

from __future__ import annotations

import json
import time

import pytest

import tablebits as tb
from tests.serve.conftest import open_table, token_of


def test_the_games_offered_are_the_engines_with_their_defaults(client):
    games = client.get("/api/games").json()
    assert [g["id"] for g in games] == tb.games()
    for g in games:
        game = tb.make(g["id"])
        assert g["params"] == game.params and g["players"] == game.num_players


def test_check_gives_the_seat_count_or_the_engines_error(client):
    answer = client.post("/api/check", json={"game": "hoi_pho", "params": {"players": 5}})
    assert answer.status_code == 200 and answer.json()["players"] == 5
    with pytest.raises(ValueError) as engine:
        tb.make("hoi_pho", players=9)
    answer = client.post("/api/check", json={"game": "hoi_pho", "params": {"players": 9}})
    assert answer.status_code == 400 and answer.json() == {"error": str(engine.value)}
    answer = client.post("/api/check", json={"game": "chess"})
    assert answer.status_code == 400 and "unknown game 'chess'" in answer.json()["error"]


@pytest.mark.parametrize(("request_body", "words"), [
    ({"game": "good_fortune", "seats": ["human"]}, "has 2 seats; got 1"),
    ({"game": "good_fortune", "seats": ["human", "ismcts:fast"]}, "seat 1: bad bot spec"),
    ({"game": "good_fortune", "seats": ["human", "wizard"]}, "seat 1: unknown bot 'wizard'"),
    ({"game": "good_fortune", "seats": "human"}, "seats must be a list"),
    ({"game": "good_fortune", "seats": ["human", "random"], "seed": -1}, "seed must be"),
    ({"game": "good_fortune", "seats": ["human", "random"], "colour": "red"}, "unknown fields"),
    ({"game": "fox_duet", "params": {"level": 99}, "seats": ["human", "random"]}, "level"),
    ({"game": "good_fortune", "seats": ["human", "pimc"]},
     "seat 1: the pimc bot needs a cooperative game"),
    ([1, 2], "JSON object"),
])
def test_a_bad_setup_is_refused_in_words_and_opens_nothing(client, request_body, words):
    answer = client.post("/api/tables", json=request_body)
    assert answer.status_code == 400 and words in answer.json()["error"]
    assert client.app.state.tables.sessions == {}


def test_a_body_that_is_not_json_is_refused(client):
    answer = client.post("/api/tables", content=b"{not json")
    assert answer.status_code == 400 and answer.json() == {"error": "the message is not JSON"}


def test_each_human_seat_gets_its_own_unguessable_link(client):
    made = open_table(client, "color_mafia", ["human", "random", "human", "random"])
    links = [s["link"] for s in made["seats"]]
    assert links[1] is None and links[3] is None  # the bots' seats open nothing
    tokens = {token_of(links[0]), token_of(links[2]), token_of(made["hot_seat"])}
    assert len(tokens) == 3 and all(len(t) >= 21 for t in tokens)  # 16 random bytes each


def test_a_token_opens_its_own_seat_only(client):
    made = open_table(client, "fox_duet", ["human", "human"])
    table = made["table"]
    mine = token_of(made["seats"][0]["link"])
    auth = {"authorization": f"Bearer {mine}"}
    view = client.get(f"/api/tables/{table}", headers=auth).json()
    assert view["seat"] == 0 and view["step"] == 0
    for asked in ("1", "x", "-1"):
        answer = client.get(f"/api/tables/{table}?seat={asked}", headers=auth)
        assert answer.status_code == 403 and "does not open seat" in answer.json()["error"]
    for bad in ({}, {"authorization": "Bearer nope"},
                {"authorization": f"Bearer {token_of(made['seats'][1]['link'])}x"}):
        answer = client.get(f"/api/tables/{table}", headers=bad)
        assert answer.status_code == 403 and "opens no seat" in answer.json()["error"]
    answer = client.get("/api/tables/nosuchtable", headers=auth)
    assert answer.status_code == 404 and "no table 'nosuchtable'" in answer.json()["error"]
    # The hot-seat link opens both human seats, one at a time.
    hot = {"authorization": f"Bearer {token_of(made['hot_seat'])}"}
    assert client.get(f"/api/tables/{table}?seat=1", headers=hot).json()["seat"] == 1


def test_a_seat_sees_its_own_moves_and_picture(client):
    state = tb.make("fox_duet").new_initial_state(seed=4)
    me = state.current_player()  # the person moves first: the bot has not moved yet
    seats = ["human" if p == me else "random" for p in range(2)]
    made = open_table(client, "fox_duet", seats, seed=4)
    auth = {"authorization": f"Bearer {token_of(made['seats'][me]['link'])}"}
    view = client.get(f"/api/tables/{made['table']}", headers=auth).json()
    assert view["svg"] == state.to_svg(me) and view["turn"] == "your move"
    assert view["moves"] == [{"action": a, "text": state.action_to_string(a, me)}
                             for a in state.legal_actions(me)]


def _wait_over(client, table, auth):
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        view = client.get(f"/api/tables/{table}", headers=auth).json()
        if view["over"]:
            return view
        time.sleep(0.05)
    raise AssertionError("the bots did not finish")


def test_a_table_of_bots_plays_to_the_end_and_gives_its_record(client):
    made = open_table(client, "hoi_pho", ["random", "ismcts:30", "random"], seed=9, players=3)
    auth = {"authorization": f"Bearer {token_of(made['hot_seat'])}"}
    table = made["table"]
    early = client.get(f"/api/tables/{table}/record", headers=auth)
    view = client.get(f"/api/tables/{table}", headers=auth).json()
    if not view["over"]:
        assert early.status_code == 409 and "not over" in early.json()["error"]
    view = _wait_over(client, table, auth)
    assert view["seat"] is None and view["failure"] is None  # bots only: everything, watched
    answer = client.get(f"/api/tables/{table}/record", headers=auth)
    assert answer.status_code == 200
    assert "attachment" in answer.headers["content-disposition"]
    record = tb.GameRecord.from_dict(json.loads(answer.text))
    final = record.final_state()  # replays, checking every step
    assert final.is_terminal() and record.bots == ["random", "ismcts:30", "random"]
    assert record.seed == 9 and len(view["log"]) == len(record.actions)
    # The banner names the winners the record's returns give.
    best = max(record.returns)
    winners = [p for p, r in enumerate(record.returns) if r == best]
    assert all(f"player {p}" in view["result"] for p in winners)
    wrong = client.get(f"/api/tables/{table}/record", headers={"authorization": "Bearer x"})
    assert wrong.status_code == 403
