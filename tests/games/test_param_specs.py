"""Parameter specs (`game.param_specs`): one declaration per game drives parsing, `game.params`
and the docs tables, so the three must agree."""

from __future__ import annotations

import re

import pytest

import tablebits as tb

PYTHON_TYPES = {"int": int, "bool": bool, "str": str, "list": list}


@pytest.mark.parametrize("game_id", tb.games())
def test_specs_name_exactly_the_parameters_in_order(game_id):
    game = tb.make(game_id)
    assert [spec["name"] for spec in game.param_specs] == list(game.params)
    for spec in game.param_specs:
        assert set(spec) == {"name", "type", "range", "meaning"}
        assert spec["meaning"] and spec["range"]


@pytest.mark.parametrize("game_id", tb.games())
def test_defaults_have_the_declared_type_and_lie_in_the_declared_range(game_id):
    game = tb.make(game_id)
    for spec in game.param_specs:
        default = game.params[spec["name"]]
        assert type(default) is PYTHON_TYPES[spec["type"]], spec
        if spec["type"] == "int":
            lo, hi = map(int, re.fullmatch(r"(\d+)–(\d+)", spec["range"]).groups())
            assert lo <= default <= hi
            for bad in (lo - 1, hi + 1):  # the range is what parsing enforces
                with pytest.raises(ValueError, match=spec["name"]):
                    tb.make(game_id, **{spec["name"]: bad})
            tb.make(game_id, **{spec["name"]: lo})
        elif spec["type"] == "str":
            choices = re.findall(r'"([^"]+)"', spec["range"])
            assert default in choices
            for choice in choices:
                assert tb.make(game_id, **{spec["name"]: choice}).params[spec["name"]] == choice


@pytest.mark.parametrize("game_id", tb.games())
def test_passing_every_default_back_gives_the_same_game(game_id):
    game = tb.make(game_id)
    assert tb.make(game_id, **game.params) == game


def test_players_ranges_match_the_rules():
    """Hand-checked against the rules: Hội Phố seats 3-5, Color Mafia 3-4."""
    ranges = {
        game_id: spec["range"]
        for game_id in ("hoi_pho", "color_mafia")
        for spec in tb.make(game_id).param_specs
        if spec["name"] == "players"
    }
    assert ranges == {"hoi_pho": "3–5", "color_mafia": "3–4"}
