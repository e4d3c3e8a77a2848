"""List parameters, converted once from their declared columns (ListParam in each game's
params.hpp, bindings/list_param.hpp): what each row form reads, what it refuses, and what a
variable-length list derives from its rows."""

from __future__ import annotations

import pytest

import tablebits as tb

# A 7-space path (left to right): 3 gems, 2 `+` spaces, the empty centre.
SEVEN = [{"gems": g, "plus": p} for g, p in
         [(1, False), (0, True), (1, False), (0, False), (1, False), (0, True), (0, False)]]


def test_a_shorter_board_replaces_the_whole_default_path() -> None:
    game = tb.make("fox_duet", board=SEVEN)
    assert game.params["board"] == SEVEN
    state = game.new_initial_state(seed=3)
    d = state.to_dict()
    assert d["plus"] == [False, True, False, False, False, True, False]
    assert sum(d["gems"]) + d["gem_supply"] == 22  # every gem is on the path or in the supply
    obs = state.observation_tensor(0)
    slices = {s["name"]: s for s in game.observation_layout}
    spaces = obs[slices["spaces"]["offset"] : slices["spaces"]["offset"] + 21]
    plus = obs[slices["plus"]["offset"] : slices["plus"]["offset"] + 21]
    assert list(spaces) == [1.0] * 7 + [0.0] * 14  # Side A's 11 spaces left nothing behind
    assert list(plus) == [0, 1, 0, 0, 0, 1, 0] + [0] * 14


@pytest.mark.parametrize(("game_id", "params", "message"), [
    ("fox_duet", {"board": SEVEN * 4}, r"board' must be an odd number .* got 28 entries"),
    ("fox_duet", {"board": [{"gems": 1}] * 7}, r"board' entry 0 is missing key\(s\): plus"),
    ("fox_duet", {"board": [{"gems": 4, "plus": False}] * 7}, r"entry 0 gems must be in 0\.\.3"),
    ("good_fortune", {"tiles": [["cat", "mati", 7]] * 21}, r"entry 0 die must be in 1\.\.6"),
    ("good_fortune", {"tiles": [["cat", "dog", 1]] * 21}, r"entry 0 charm_b must be one of"),
    ("good_fortune", {"tiles": [["cat", "mati"]] * 21}, r"entry 0 must have 3 entries"),
    ("hoi_pho", {"contracts": [1, 2, 3]}, r"must have 7 entries, got 3"),
    ("hoi_pho", {"contracts": [1, 2, 3, 4, 5, 6, 10001]}, r"entry 6 must be in 0\.\.10000"),
])
def test_a_bad_row_is_refused_naming_the_entry_and_column(game_id, params, message) -> None:
    with pytest.raises(ValueError, match=message):
        tb.make(game_id, **params)


def test_a_charm_reads_by_name_or_by_id_and_writes_by_name() -> None:
    tiles = tb.make("good_fortune").params["tiles"]
    by_id = [[["cat", "clover", "ganesha", "mati", "hamsa", "horseshoe", "scarab"].index(a), b, d]
             for a, b, d in tiles]
    assert tb.make("good_fortune", tiles=by_id).params["tiles"] == tiles
    with pytest.raises(ValueError, match="charm_a"):
        tb.make("good_fortune", tiles=[[7, "mati", 1]] + tiles[1:])


def test_none_keeps_the_default_board() -> None:
    assert tb.make("fox_duet", board=None).params == tb.make("fox_duet").params
