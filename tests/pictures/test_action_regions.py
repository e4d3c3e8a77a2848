"""The pieces a picture marks as standing for an action (``data-action``): the page of
``tablebits serve`` lets a seat click them. Each marked piece must be the piece the action
names (its string names the card, tile or coin the piece's title names), marked only in a
picture where no other piece stands for the same action, and the usual moves of every game
must have their pieces: selecting a tile, playing a card, showing a coin."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import tablebits as tb
from tests.pictures.test_pictures import SVG, random_states


def regions(svg: str) -> dict[int, list[str]]:
    """Action id -> the titles of the pieces that stand for it."""
    out: dict[int, list[str]] = {}
    for g in ET.fromstring(svg).iter(f"{SVG}g"):
        if g.get("data-action") is not None:
            out.setdefault(int(g.get("data-action")), []).append(g.find(f"{SVG}title").text)
    return out


def names_same_piece(game_id: str, text: str, title: str) -> bool:
    """Whether the action string ``text`` names the piece titled ``title``."""
    word = text.split()[-1]
    if game_id == "good_fortune":
        return title.startswith(f"tile {word}:")
    if game_id == "color_mafia":
        return title.split("'s ")[1].startswith({"R": "red", "B": "blue", "Y": "yellow",
                                                 "G": "green", "W": "white"}[word])
    if game_id == "fox_duet":
        return title.startswith(f"{word}:")
    if text.startswith("target"):
        return title == f"player {word}"
    return title == "ship" if word == "ship" else re.fullmatch(rf"{word} \w+", title) is not None


@pytest.mark.parametrize("game_id", tb.games())
def test_marked_pieces_are_the_pieces_their_actions_name(game_id):
    clickable = 0
    for state in random_states(game_id, seed=8, count=20):
        if state.is_terminal():
            continue
        for seat in range(state.game.num_players):
            marked = regions(state.to_svg(seat))
            for action, titles in marked.items():
                text = state.action_to_string(action, seat)
                assert all(names_same_piece(game_id, text, t) for t in titles), (text, titles)
                if text.split()[-1] != "ship":  # a seat's ships are several cards
                    assert len(titles) == 1, (text, titles)
            legal = state.legal_actions(seat) if seat in state.acting_players() else []
            clickable += sum(a in marked for a in legal)
    assert clickable > 20


@pytest.mark.parametrize(("game_id", "kind"), [
    ("good_fortune", "select"), ("color_mafia", "coin"), ("fox_duet", None), ("hoi_pho", "play")])
def test_the_usual_moves_have_their_pieces(game_id, kind):
    checked = 0
    for state in random_states(game_id, seed=9, count=30):
        for seat in (state.acting_players() if not state.is_terminal() else []):
            marked = regions(state.to_svg(seat))
            for action in state.legal_actions(seat):
                text = state.action_to_string(action, seat)
                usual = text.split()[0] == kind if kind else re.fullmatch(r"[RSD]\d+", text)
                if usual:
                    assert action in marked, text
                    checked += 1
    assert checked > 15
