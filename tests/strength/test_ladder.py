"""tb.ladder and `tablebits ladder`: pairs played through the arena job layer with the seats
split and rotating, ratings anchored at random, reproducible, the same in summary mode; the
cooperative ladder; time-limited bots only on request; clear errors on bad input."""

from __future__ import annotations

import json

import numpy as np
import pytest

import tablebits as tb
from tablebits import _batch
from tablebits.__main__ import main
from tablebits.bots.names import UNTIL_TIME_LIMIT

pytest.importorskip("choix")

BOTS = ["random", "ismcts:10", "ismcts:60"]


def without_time(d: dict) -> dict:
    return {k: v for k, v in d.items() if k != "seconds"}


def test_a_two_player_ladder_plays_every_pair_as_an_arena():
    result = tb.ladder("good_fortune", BOTS, games=12, seed=4, threads=2)
    assert result.bots == BOTS and not result.cooperative
    assert [(p.a, p.b) for p in result.pairs] == [(0, 1), (0, 2), (1, 2)]
    assert result.ratings[0] == (0.0, 0.0, 0.0)  # random is the anchor
    for pair, arena in zip(result.pairs, result.arenas, strict=True):
        # the pair's games are the arena's: one seat each, rotating, win shares as counted
        expected = tb.arena("good_fortune", [BOTS[pair.a], BOTS[pair.b]], games=12, seed=4)
        assert np.array_equal(arena.seats, expected.seats)
        assert np.array_equal(arena.returns, expected.returns)
        wins = [float(expected.returns[expected.seats == b].sum()) for b in (0, 1)]
        assert pair.wins() == pytest.approx(wins) and pair.games == 12
    # ISMCTS wins nearly every Good Fortune game against random (docs/strength.md)
    assert result.ratings[1].mean > 0 and result.ratings[2].mean > 0


def test_the_same_seed_gives_the_same_ladder_in_both_modes_and_any_threads():
    kept = tb.ladder("good_fortune", BOTS, games=8, seed=9, threads=1)
    summary = tb.ladder("good_fortune", BOTS, games=8, seed=9, threads=2, keep_games=False)
    assert without_time(kept.to_dict()) == without_time(summary.to_dict())
    assert kept.summary().splitlines()[1:] == summary.summary().splitlines()[1:]
    assert all(isinstance(a, tb.ArenaSummary) for a in summary.arenas)
    assert all(isinstance(a, tb.ArenaResult) for a in kept.arenas)
    other = tb.ladder("good_fortune", BOTS, games=8, seed=10, threads=2, keep_games=False)
    assert without_time(other.to_dict()) != without_time(summary.to_dict())


def test_four_seats_alternate_between_the_pair_and_rotate():
    result = tb.ladder("color_mafia", ["random", "ismcts:5"], games=8, seed=2, players=4)
    (arena,) = result.arenas
    assert arena.seats.tolist() == [[0, 1, 0, 1], [1, 0, 1, 0]] * 4
    (pair,) = result.pairs
    # each bot's per-seat win share: its seats' shares over its two seats
    a = arena.returns[arena.seats == 0].sum() / 2
    b = arena.returns[arena.seats == 1].sum() / 2
    assert pair.wins() == pytest.approx((a, b), abs=1e-6)


def test_an_odd_seat_count_gives_each_bot_the_extra_seat_in_half_the_games():
    result = tb.ladder("hoi_pho", ["random", "ismcts:5"], games=7, seed=3, players=3)
    first, second = result.arenas
    assert (first.games, second.games) == (4, 3)
    assert first.bots == ["random", "ismcts:5"] and second.bots == ["ismcts:5", "random"]
    for arena in (first, second):  # bot 0 of each arena holds two of the three seats
        assert ((arena.seats == 0).sum(axis=1) == 2).all()
        assert sorted(arena.seats[:3, 0].tolist()) == [0, 0, 1]  # seats rotate
    (pair,) = result.pairs
    random_wins = (first.returns[first.seats == 0].sum() / 2
                   + second.returns[second.seats == 1].sum())
    ismcts_wins = (first.returns[first.seats == 1].sum()
                   + second.returns[second.seats == 0].sum() / 2)
    assert pair.wins() == pytest.approx((random_wins, ismcts_wins), abs=1e-6)
    assert pair.games == 7


def test_the_cooperative_ladder_is_the_team_win_rate():
    result = tb.ladder("fox_duet", ["random", "ismcts:20"], games=10, seed=1)
    assert result.cooperative and result.pairs == []
    for bot, rating in zip(result.bots, result.ratings, strict=True):
        team = tb.arena("fox_duet", [bot], games=10, seed=1)
        assert rating == team.win_shares()[0]
    assert "team win rate" in result.summary()
    assert result.to_dict()["rating"] == "team_win_rate"


def test_the_command_line_prints_the_table_json_and_plot(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    argv = ["ladder", "good_fortune", "--bots", "random", "ismcts:10", "--games", "6",
            "--seed", "5", "--no-progress"]
    assert main(argv) == 0
    table = capsys.readouterr().out
    assert "good_fortune ladder: 6 games per pair" in table and "random" in table
    plot = tmp_path / "ladder.png"
    assert main([*argv, "--json", "--plot", str(plot)]) == 0
    d = json.loads(capsys.readouterr().out)
    expected = tb.ladder("good_fortune", ["random", "ismcts:10"], games=6, seed=5).to_dict()
    assert without_time(d) == json.loads(json.dumps(without_time(expected)))
    assert d["bots"][0] == {"bot": 0, "name": "random", "rating": 0.0, "ci_low": 0.0,
                            "ci_high": 0.0}
    assert plot.stat().st_size > 0


@pytest.mark.parametrize(("bots", "games", "message"), [
    (["random"], 5, "at least two bots"),
    ([], 5, "at least two bots"),
    (["random", "alphazero"], 5, "unknown bot 'alphazero'"),
    (["random", "ismcts:10"], 0, "games must be a positive int"),
    (["random", "ismcts:10"], -3, "games must be a positive int"),
    (["ismcts:10", "ismcts:20"], 5, "anchored at random"),
    (["random", "ismcts:10", "ismcts:10"], 5, "must differ"),
    (["random", "ismcts:20ms"], 5, "reproducible=False"),
])
def test_bad_input_gets_a_clear_error(bots, games, message):
    with pytest.raises(ValueError, match=message):
        tb.ladder("good_fortune", bots, games=games)


def test_bad_input_on_the_command_line_exits_2(capsys):
    assert main(["ladder", "good_fortune", "--bots", "random", "--no-progress"]) == 2
    assert "at least two bots" in capsys.readouterr().err
    assert main(["ladder", "good_fortune", "--bots", "random", "minimax",
                 "--no-progress"]) == 2
    assert "unknown bot 'minimax'" in capsys.readouterr().err


def test_time_limits_are_parsed_named_and_refused_unless_allowed():
    bot = tb.bots.parse("ismcts:20ms")
    assert bot.time_limit == pytest.approx(0.02) and bot.iterations == UNTIL_TIME_LIMIT
    for spec in ("ismcts:20ms", "ismcts:1.5s", "ismcts:500/20ms", "ismcts:20ms@1.2",
                 "ismcts:300"):
        assert tb.bots.parse(spec).name == spec
    assert tb.bots.parse("ismcts:500/20ms").iterations == 500
    for spec in ("ismcts:20m", "ismcts:ms", "ismcts:0ms", "ismcts:-5ms", "ismcts:x/20ms"):
        with pytest.raises(ValueError):
            tb.bots.parse(spec)
    with pytest.raises(ValueError, match="reproducible=False"):
        tb.arena("good_fortune", ["ismcts:2ms", "random"], games=2)
    result = tb.arena("good_fortune", ["ismcts:2ms", "random"], games=2, reproducible=False)
    assert result.bots == ["ismcts:2ms", "random"] and result.games == 2
    # the engine keeps its own guard: a time-limited bot without the opt-in is refused there
    game = tb.make("good_fortune")
    blob = tb.bots.parse("ismcts:2ms").config._bytes() + tb.bots.Random().config._bytes()
    arrays = [np.zeros((1, 2), np.int32), np.zeros((1, 2), np.float32),
              np.zeros((1, 2), np.float32), np.zeros(1, np.uint32), np.zeros(1, np.uint8)]
    with pytest.raises(ValueError, match="time limits are allowed"):
        _batch.arena_chunk("good_fortune", game._params_blob(), blob, 0, 0, *arrays, 1)
    _batch.arena_chunk("good_fortune", game._params_blob(), blob, 0, 0, *arrays, 1,
                       allow_time_limits=True)
    assert arrays[3][0] > 0  # the game was played


def test_a_ladder_with_a_time_limited_bot_on_request(capsys):
    result = tb.ladder("good_fortune", ["random", "ismcts:2ms"], games=4, reproducible=False)
    assert not result.reproducible and "not reproducible" in result.summary()
    arena = ["arena", "good_fortune", "--bots", "ismcts:2ms", "random", "--games", "2",
             "--no-progress"]
    assert main(arena) == 2
    assert "--allow-time-limits" in capsys.readouterr().err
    assert main([*arena, "--allow-time-limits"]) == 0
    assert "0:ismcts:2ms" in capsys.readouterr().out
    assert main(["ladder", "good_fortune", "--bots", "random", "ismcts:2ms", "--games", "2",
                 "--allow-time-limits", "--no-progress"]) == 0
    assert "ismcts:2ms" in capsys.readouterr().out


def test_the_pair_outcomes_do_not_depend_on_the_order_chunks_were_merged():
    from tablebits.strength.ladder import _outcomes

    arena = tb.arena("hoi_pho", ["random", "ismcts:5"], games=12, seed=8, players=3)

    def merged(order):
        total = tb.ArenaSummary(game_id="hoi_pho", params=arena.params, seed=8,
                                bots=arena.bots, seat_counts=[1, 2], players=3)
        for first in order:
            part = slice(first, first + 1)
            chunk = tb.ArenaSummary(game_id="hoi_pho", params=arena.params, seed=8,
                                    bots=arena.bots, seat_counts=[1, 2], players=3)
            chunk.add(arena.seats[part], arena.returns[part], arena.scores[part],
                      arena.lengths[part], arena.truncated[part], arena.starts[part])
            total.merge(chunk)
        return _outcomes(total, (1, 2))  # random holds one seat, ISMCTS the other two

    # one game per chunk: the values reach the merged histograms in opposite orders
    (a, a_counts), (b, b_counts) = merged(range(12)), merged(reversed(range(12)))
    assert len(a) > 1
    assert np.array_equal(a, b) and np.array_equal(a_counts, b_counts)


def test_one_progress_bar_for_the_whole_ladder(capsys):
    # A bar per arena printed a line per arena; one bar counts every pair's games and says
    # which arena it is at (three pairs of three bots; three seats: each pair plays twice).
    tb.ladder("color_mafia", ["random", "ismcts:5", "ismcts:10"], games=20, players=3,
              progress=True)
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert "color_mafia arena 6 of 6: ismcts:10 vs ismcts:5" in err and "60.0/60.0" in err
