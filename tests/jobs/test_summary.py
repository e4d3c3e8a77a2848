"""Summary mode (keep_games=False): the statistics merged chunk by chunk equal those computed
directly from the full per-game arrays of the same job, and memory does not grow with games."""

from __future__ import annotations

import math
import tracemalloc

import numpy as np
import pytest

import tablebits as tb
from tablebits.cli import main as cli
from tablebits.jobs.summary import SimulationSummary
from tablebits.stats import wilson
from tests.support.game_params import game_cases

GAMES = 25_000  # more than one local chunk (10,000 games for 1 thread), so chunks are merged
# Caps of one round: random play often hits them, so games end truncated.
TRUNCATING_CASES = [
    pytest.param("color_mafia", {"max_rounds": 1}, id="color_mafia-cap1"),
    pytest.param("hoi_pho", {"max_rounds": 1}, id="hoi_pho-cap1"),
]


def table(summary_text: str) -> str:
    """The summary table without its first line (which holds the wall-clock time)."""
    return summary_text.split("\n", 1)[1]


def test_a_wilson_interval_holds_its_rate_at_zero_and_one():
    # Rounding once put the low end for 0 wins in 3,000 games 1e-19 above the rate of 0 (and
    # the high end for 10,000 of 10,000 below 1): an error bar of negative length.
    z2 = 1.96**2
    for n in range(1, 20_001):
        none, every = wilson(0, n), wilson(n, n)
        assert none.low == 0.0 == none.mean and every.high == 1.0 == every.mean
        # The other ends, worked out by hand: z^2 / (n + z^2) from the rate they do not reach.
        assert none.high == pytest.approx(z2 / (n + z2), rel=1e-12)
        assert every.low == pytest.approx(1 - z2 / (n + z2), rel=1e-12)
    for n in (7, 100, 3000):
        for k in range(n + 1):
            interval = wilson(k, n)
            assert 0.0 <= interval.low <= k / n <= interval.high <= 1.0


@pytest.mark.parametrize(("game_id", "params"), [*game_cases(), *TRUNCATING_CASES])
def test_simulate_summary_equals_full_arrays(game_id, params):
    full = tb.simulate(game_id, GAMES, seed=21, threads=1, **params)
    summary = tb.simulate(game_id, GAMES, seed=21, threads=1, keep_games=False, **params)
    assert isinstance(summary, tb.SimulationSummary) and summary.games == GAMES
    assert table(summary.summary()) == table(full.summary())
    assert summary.win_rates() == full.win_rates()
    players = full.returns.shape[1]
    # Each statistic again, computed here straight from the arrays.
    for seat in range(players):
        shares = full.returns[:, seat].astype(np.float64)
        assert summary.win_rates()[seat] == pytest.approx(wilson(math.fsum(shares), GAMES))
        points = full.scores[:, seat].astype(np.float64)
        assert summary.scores[seat].value_sum == pytest.approx(math.fsum(points), rel=1e-12)
        assert summary.scores[seat].square_sum == pytest.approx(math.fsum(points**2), rel=1e-12)
        values, counts = np.unique(full.scores[:, seat], return_counts=True)
        expected = dict(zip(values.tolist(), counts.tolist(), strict=True))
        assert dict(summary.scores[seat]) == expected
    # A sole win: one seat's share is 1 and every other seat's is 0.
    alone = (full.returns == 1.0) & ((full.returns == 0.0).sum(axis=1) == players - 1)[:, None]
    assert summary.sole_wins.tolist() == alone.sum(axis=0).tolist()
    assert summary.shared == GAMES - int(alone.sum())
    assert summary.lengths.tolist() == np.bincount(full.lengths).tolist()
    assert summary.mean_length() == pytest.approx(full.lengths.astype(np.float64).mean())
    truncated = int(np.count_nonzero(full.truncated))
    assert summary.truncated == truncated and (truncated > 0) == ("max_rounds" in params)
    line = f"truncated by the safety cap: {truncated:,} games"
    assert (line in summary.summary()) == (truncated > 0)


def test_summary_does_not_depend_on_chunking():
    full = tb.simulate("hoi_pho", 3000, seed=4, threads=1, players=5)
    whole = full.summarize()
    cuts = [0, 1, 700, 701, 2222, 3000]
    parts = []
    for first, end in zip(cuts, cuts[1:], strict=False):
        part = SimulationSummary(game_id="hoi_pho", params=full.params, seed=4, players=5)
        part.add(full.returns[first:end], full.scores[first:end], full.lengths[first:end],
                 full.truncated[first:end], full.starts[first:end])
        parts.append(part)
    merged = parts[-1]
    for part in reversed(parts[:-1]):  # merged in another order than played
        merged.merge(part)
    assert merged.games == 3000
    assert merged.win_rates() == whole.win_rates()
    assert merged.mean_scores() == whole.mean_scores()
    assert merged.returns == whole.returns and merged.scores == whole.scores
    assert merged.lengths.tolist() == whole.lengths.tolist()
    assert (merged.sole_wins == whole.sole_wins).all() and merged.shared == whole.shared
    assert merged.truncated == whole.truncated == int(full.truncated.sum())
    assert merged.positions.to_list() == whole.positions.to_list()


@pytest.mark.parametrize(("game_id", "params"), [*game_cases(), *TRUNCATING_CASES])
def test_arena_summary_equals_full_arrays(game_id, params):
    bots = [tb.bots.ISMCTS(10), tb.bots.Random()]
    full = tb.arena(game_id, bots, games=70, seed=8, threads=1, **params)
    summary = tb.arena(game_id, bots, games=70, seed=8, threads=1, keep_games=False, **params)
    assert isinstance(summary, tb.ArenaSummary)
    assert table(summary.summary()) == table(full.summary())
    assert summary.win_shares() == full.win_shares()
    for bot in range(2):
        mine = full.seats == bot
        per_game = (np.where(mine, full.returns, 0).sum(axis=1, dtype=np.float64)
                    / mine.sum(axis=1))
        assert summary.win_shares()[bot] == pytest.approx(wilson(math.fsum(per_game), 70))
        points = (np.where(mine, full.scores, 0).sum(axis=1, dtype=np.float64)
                  / mine.sum(axis=1))
        assert summary.mean_scores()[bot] == pytest.approx(points.mean(), rel=1e-12)
        assert summary.seat_counts[bot] == int(mine[0].sum())
    assert summary.truncated == int(np.count_nonzero(full.truncated))


def peak_bytes(**kwargs) -> int:
    tracemalloc.start()
    try:
        tb.simulate("good_fortune", seed=1, threads=1, **kwargs)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_summary_memory_does_not_grow_with_games():
    """numpy reports its buffers to tracemalloc: summary mode peaks at the same size for 10x
    the games, while keeping the games grows with them (the check can tell the two apart)."""
    small = peak_bytes(games=120_000, keep_games=False)  # past one chunk's buffers
    large = peak_bytes(games=600_000, keep_games=False)
    assert large < 1.2 * small + 64_000, (small, large)
    kept = peak_bytes(games=600_000)
    assert kept > 2.5 * large, (kept, large)


def test_keep_games_too_large_raises_before_allocating():
    with pytest.raises(MemoryError, match="keep_games=False"):
        tb.simulate("good_fortune", 10**11)
    with pytest.raises(MemoryError, match="keep_games=False"):
        tb.arena("color_mafia", ["random"], 10**11, players=4)
    summary = tb.simulate("good_fortune", 10, keep_games=False)
    assert summary.games == 10


def test_bad_backend_and_options():
    with pytest.raises(ValueError, match="local, ray"):
        tb.simulate("good_fortune", 10, backend="spark")
    with pytest.raises(ValueError, match="local, ray"):
        tb.arena("good_fortune", ["random"], 10, backend="dask")
    with pytest.raises(ValueError, match="backend='ray'"):
        tb.simulate("good_fortune", 10, address="auto")
    with pytest.raises(ValueError, match="task_seconds"):
        tb.simulate("good_fortune", 10, task_seconds=0)
    with pytest.raises(TypeError, match="keep_games"):
        tb.simulate("good_fortune", 10, keep_games="no")


def test_cli_keeps_only_the_summary_above_its_limit(monkeypatch, capsys):
    seen = []
    real = tb.simulate

    def spy(*args, **kwargs):
        seen.append(kwargs["keep_games"])
        return real(*args, **kwargs)

    monkeypatch.setattr(cli, "simulate", spy)
    monkeypatch.setattr(cli, "KEEP_GAMES_LIMIT", 1000)
    for games in ("1000", "1001"):
        assert cli.main(["simulate", "good_fortune", "--games", games, "--no-progress"]) == 0
    assert seen == [True, False]
    out = capsys.readouterr().out
    assert out.count("good_fortune: 1,00") == 2 and out.count("draws / shared wins") == 2
