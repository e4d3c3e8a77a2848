"""No seat learns what it cannot see: everything the server sends a seat over a whole game is
checked against the engine's idea of what that seat knows.

``state.resample(seat, seed)`` redraws exactly what the seat cannot see. For every message the
seat was sent, the same step replayed from resampled positions that the seat cannot tell
apart from the real ones must give the same picture and the same narration; every card of
another hand that the seat does not know is drawn face down, and none (nor any card of the
deck) stands behind a clickable piece.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest

import tablebits as tb
from tablebits import pictures
from tablebits.pictures.narrate import narrate
from tests.serve.conftest import open_table, play_out, seat, token_of

SUITS = "RSD"
SVG = "{http://www.w3.org/2000/svg}"


def _face_down(state: tb.State, me: int) -> int:
    """How many cards of the other hands ``me`` does not know (docs/games/<game>.md,
    Information: the cards not publicly known to be there)."""
    d = state.to_dict()
    return sum(len(hand) - len(d["known"][p]) for p, hand in enumerate(d["hands"]) if p != me)


def _face_down_in(svg: str) -> int:
    """How many pieces a picture shows face down."""
    return sum(g.get("class") == "tb-hidden" for g in ET.fromstring(svg).iter(f"{SVG}g"))


def _hidden_actions(state: tb.State, me: int) -> set[int]:
    """The ids of the actions that would name a card hidden from ``me``."""
    d = state.to_dict()
    if state.game.id == "fox_duet":
        partner = 1 - me
        hidden = [c for c in d["hands"][partner] if c not in d["known"][partner]] + d["deck"]
        return {SUITS.index(c[0]) * 10 + int(c[1:]) - 1 for c in hidden}
    return {c for p, hand in enumerate(d["hands"]) if p != me  # a ship (0) names no card
            for c in hand if c not in d["known"][p] and c != 0}


def _replayed(state: tb.State, action):
    try:
        if isinstance(action, list):
            state.apply_actions(action)
        else:
            state.apply_action(action)
    except ValueError:
        return None
    return state


@pytest.mark.parametrize(("game_id", "params", "me"), [
    ("fox_duet", {}, 0), ("fox_duet", {}, 1), ("hoi_pho", {"players": 4}, 2)])
def test_everything_a_seat_is_sent_is_what_it_may_know(client, game_id, params, me):
    game = tb.make(game_id, **params)
    seats = ["human" if p == me else "random" for p in range(game.num_players)]
    made = open_table(client, game_id, seats, seed=11, **params)
    token = token_of(made["seats"][me]["link"])
    with seat(client, made["table"], token) as page:
        play_out(page, lambda v: v["moves"][len(v["moves"]) // 2]["action"])
        sent = [m for m in page.received if m["type"] == "table"]
    answer = client.get(f"/api/tables/{made['table']}/record",
                        headers={"authorization": f"Bearer {token}"})
    record = tb.GameRecord.from_dict(json.loads(answer.text))
    states = list(tb.replay(record))
    compared = 0
    for i, message in enumerate(sent):
        k = message["step"]
        assert _face_down_in(message["svg"]) == _face_down(states[k], me), k
        regions = {int(a) for a in re.findall(r'data-action="(\d+)"', message["svg"])}
        assert not regions & _hidden_actions(states[k], me), k
        if k == 0:
            other = states[0].resample(me, seed=i + 1)
            assert other.to_svg(me) == message["svg"]
            continue
        joint = record.actions[k - 1]
        for s in range(3):
            other = states[k - 1].resample(me, seed=1000 * i + s)
            moved = _replayed(other.clone(), joint)
            if moved is None or pictures.view(moved, me) != pictures.view(states[k], me):
                continue
            assert pictures.to_svg(moved, me, before=other, actions=joint) == message["svg"]
            assert narrate(other, moved, me, actions=joint) == message["log"][-1]["told"]
            compared += 1
    assert compared > len(sent) // 3  # enough of the steps had other worlds to compare with
