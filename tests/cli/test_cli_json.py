"""--json on simulate and arena, and the results' to_dict: the table's numbers, unrounded."""

from __future__ import annotations

import json

import numpy as np
import pytest

import tablebits as tb
from tablebits.__main__ import main


def _run(capsys, argv):
    assert main(argv) == 0
    return capsys.readouterr().out


def _table_rows(table: str, first: str) -> list[list[str]]:
    """The rows of a summary table, split on whitespace; each starts with ``first`` chars."""
    return [line.replace("[", " ").replace("]", " ").replace(",", " ").split()
            for line in table.splitlines() if line.strip()[:1] in first]


def test_simulate_json_has_the_numbers_of_the_table(capsys):
    argv = ["simulate", "hoi_pho", "--games", "2000", "--seed", "4", "--no-progress",
            "--param", "players=3"]
    table = _run(capsys, argv)
    d = json.loads(_run(capsys, [*argv, "--json"]))
    assert d["game"] == "hoi_pho" and d["games"] == 2000 and d["seed"] == 4
    assert d["params"] == tb.make("hoi_pho", players=3).params
    rows = _table_rows(table, "0123456789")
    assert len(rows) == len(d["seats"]) == 3
    for row, seat in zip(rows, d["seats"], strict=True):
        assert int(row[0]) == seat["seat"]
        assert [float(v) for v in row[1:5]] == [
            round(seat[k], 4 if k != "mean_score" else 2)
            for k in ("win_share", "ci_low", "ci_high", "mean_score")
        ]
    assert f"mean length {d['mean_length']:.1f} moves" in table
    assert f"draws / shared wins: {d['draws_or_shared_wins']:.4f}" in table


def test_simulation_to_dict_from_the_arrays():
    result = tb.simulate("good_fortune", 3000, seed=9)
    d = result.to_dict()
    json.dumps(d, allow_nan=False)
    for seat in range(2):
        assert d["seats"][seat]["win_share"] == pytest.approx(result.returns[:, seat].mean())
        assert d["seats"][seat]["mean_score"] == pytest.approx(result.scores[:, seat].mean())
    shared = np.mean([sorted(row) != [0.0, 1.0] for row in result.returns.tolist()])
    assert d["draws_or_shared_wins"] == pytest.approx(shared)
    assert d["mean_length"] == pytest.approx(result.lengths.mean())


def test_arena_json_has_the_numbers_of_the_table(capsys):
    argv = ["arena", "color_mafia", "--bots", "ismcts:20", "random", "--games", "16",
            "--seed", "2", "--threads", "2", "--no-progress"]
    table = _run(capsys, argv)
    d = json.loads(_run(capsys, [*argv, "--json"]))
    rows = _table_rows(table, "01")
    assert [b["name"] for b in d["bots"]] == ["ismcts:20", "random"]
    for row, bot in zip(rows, d["bots"], strict=True):
        assert row[0] == f"{bot['bot']}:{bot['name']}" and int(row[1]) == bot["seats"]
        assert [float(v) for v in row[2:6]] == [
            round(bot[k], 4 if k != "mean_score" else 2)
            for k in ("win_share", "ci_low", "ci_high", "mean_score")
        ]
        assert [s["seat"] for s in bot["by_seat"]] == [0, 1, 2, 3]


def test_arena_to_dict_per_seat_from_the_arrays():
    result = tb.arena("good_fortune", ["ismcts:10", "random"], games=12, seed=3)
    d = result.to_dict()
    for b, bot in enumerate(d["bots"]):
        for seat, entry in enumerate(bot["by_seat"]):
            played = result.seats[:, seat] == b
            assert played.sum() == 6  # seats rotate: each bot plays each seat in half the games
            assert entry["win_share"] == pytest.approx(result.returns[played, seat].mean())
