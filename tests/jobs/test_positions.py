"""Turn order in every result: each game's starting seat, written by the C++ drivers, against
the rules read in Python from each game's initial state (docs/games/<game>.md), and the
statistics by position against a count in Python over the kept games."""

from __future__ import annotations

import numpy as np
import pytest

import tablebits as tb
from tablebits import _batch


def rules_start(game: tb.Game, state_seed: int) -> int:
    """The seat at position 0, from the rules page of each game and the state dict alone."""
    d = game.new_initial_state(seed=state_seed).to_dict()
    if game.id == "color_mafia":
        return int(d["parent"])  # the first parent resolves first, then clockwise
    if game.id == "good_fortune":
        return int(d["token"]["holder"])  # got tile 1 and the token: selects first
    if game.id == "fox_duet":
        return 1 - int(d["dealer"])  # the non-dealer leads the first trick
    assert game.id == "hoi_pho"  # simultaneous turns: no turn order, position = seat
    return 0


CASES = [
    ("color_mafia", {"players": 4}),
    ("color_mafia", {"players": 3}),
    ("good_fortune", {}),
    ("good_fortune", {"variant": "guess"}),
    ("fox_duet", {}),
    ("hoi_pho", {"players": 5}),
]


def python_position_stats(returns: np.ndarray, scores: np.ndarray, starts: list[int]):
    players = returns.shape[1]
    shares = np.zeros(players)
    points = np.zeros(players)
    for i, start in enumerate(starts):
        for k in range(players):
            seat = (start + k) % players
            shares[k] += float(returns[i, seat])
            points[k] += float(scores[i, seat])
    return shares / len(starts), points / len(starts)


@pytest.mark.parametrize(("game_id", "params"), CASES)
def test_simulate_starts_and_position_stats_match_python(game_id: str, params: dict) -> None:
    game = tb.make(game_id, **params)
    result = tb.simulate(game, 300, seed=11, threads=2)
    # simulate's game i starts from the same initial-state seed as arena's game i
    starts = [rules_start(game, _batch.arena_game_seed(11, i)) for i in range(result.games)]
    assert result.starts.tolist() == starts
    if game_id != "hoi_pho":
        assert len(set(starts)) > 1  # the test sees more than one starting seat
    shares, points = python_position_stats(result.returns, result.scores, starts)
    summary = result.summarize()
    assert [w.mean for w in summary.positions.win_shares()] == pytest.approx(shares, abs=1e-6)
    assert [s.mean for s in summary.positions.mean_scores()] == pytest.approx(points, abs=1e-5)
    lengths = result.lengths.astype(float)
    for seat, interval in enumerate(summary.positions.mean_lengths()):
        mine = [i for i, s in enumerate(starts) if s == seat]
        assert summary.positions.started[seat] == len(mine)
        if mine:
            assert interval.mean == pytest.approx(lengths[mine].mean())
    # positions per game: seat s has position (s - start) mod N
    n = result.returns.shape[1]
    assert result.positions[0].tolist() == [(s - starts[0]) % n for s in range(n)]
    # summary mode, chunked, gives the same numbers
    merged = tb.simulate(game, 300, seed=11, threads=2, keep_games=False)
    assert merged.positions.to_list() == summary.positions.to_list()
    assert result.to_dict()["positions"] == summary.positions.to_list()
    assert "by position in the turn order" in merged.summary()


@pytest.mark.parametrize(("game_id", "params"), [CASES[0], CASES[2], CASES[4]])
def test_arena_starts_match_python(game_id: str, params: dict) -> None:
    game = tb.make(game_id, **params)
    result = tb.arena(game, ["random"], 60, seed=5, threads=2)
    starts = [rules_start(game, _batch.arena_game_seed(5, i)) for i in range(result.games)]
    assert result.starts.tolist() == starts
    shares, _ = python_position_stats(result.returns, result.scores, starts)
    summary = tb.arena(game, ["random"], 60, seed=5, threads=2, keep_games=False)
    assert [w.mean for w in summary.positions.win_shares()] == pytest.approx(shares, abs=1e-6)
    assert result.to_dict()["positions"] == summary.positions.to_list()
