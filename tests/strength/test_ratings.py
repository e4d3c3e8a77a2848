"""Ratings on synthetic leagues with known strengths, independent of the engine: games drawn
with numpy from a Luce model of the winning seat, then fitted. The fit must recover the order,
put the anchor at 0, hold the true ratings in its intervals and equal the Bradley–Terry maximum
likelihood computed here with scipy."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from scipy.optimize import minimize

pytest.importorskip("choix")

from tablebits.strength.ratings import ELO, PRIOR_WINS, PairGames, fit_ratings, win_matrix  # noqa: E402

#: True Elo ratings of a synthetic league; bot 0 is the anchor ("random").
TRUE_ELO = np.array([0.0, 150.0, 400.0, 520.0, 800.0])


def league(seats: tuple[int, int], games: int, seed: int) -> list[PairGames]:
    """Every pair plays ``games`` games; the first bot holds ``seats[0]`` seats, the second
    ``seats[1]``; a seat of bot i wins with probability proportional to 10**(elo_i / 400)."""
    rng = np.random.default_rng(seed)
    strength = 10 ** (TRUE_ELO / 400)
    pairs = []
    for a, b in itertools.combinations(range(len(TRUE_ELO)), 2):
        p_a = seats[0] * strength[a] / (seats[0] * strength[a] + seats[1] * strength[b])
        a_won = int(rng.binomial(games, p_a))
        # per-seat win shares: the winning bot's share 1 spread over the seats it held
        outcomes = np.array([[1 / seats[0], 0.0], [0.0, 1 / seats[1]]])
        pairs.append(PairGames(a, b, outcomes, np.array([a_won, games - a_won])))
    return pairs


def scipy_elo(bots: int, wins: np.ndarray) -> np.ndarray:
    """The Bradley–Terry maximum-likelihood ratings of ``wins``, bot 0 at 0, by direct
    minimisation of the negative log-likelihood."""

    def nll(free: np.ndarray) -> float:
        theta = np.concatenate([[0.0], free])
        diff = theta[:, None] - theta[None, :]
        return float(np.sum(wins * np.logaddexp(0.0, -diff)))

    free = minimize(nll, np.zeros(bots - 1), method="BFGS", options={"gtol": 1e-10}).x
    return ELO * np.concatenate([[0.0], free])


@pytest.mark.parametrize("seats", [(1, 1), (2, 2), (2, 1)])
def test_the_fit_recovers_a_known_league(seats):
    pairs = league(seats, games=400, seed=11)
    ratings = fit_ratings(len(TRUE_ELO), pairs, anchor=0, seed=3, resamples=100)
    means = np.array([r.mean for r in ratings])
    assert ratings[0] == (0.0, 0.0, 0.0)  # the anchor
    assert list(np.argsort(means)) == list(range(len(TRUE_ELO)))  # the true order
    for rating, truth in zip(ratings[1:], TRUE_ELO[1:], strict=True):
        assert rating.low < rating.mean < rating.high
        # A 95% interval misses its truth one time in 20 (the coverage test below), but not
        # by more than half its width (about 4 standard errors out).
        half = (rating.high - rating.low) / 2
        assert rating.low - half <= truth <= rating.high + half
    assert np.allclose(means, scipy_elo(len(TRUE_ELO), win_matrix(len(TRUE_ELO), pairs)),
                       atol=0.5)


def test_win_matrix_adds_per_seat_shares_and_the_prior():
    # a held 2 seats, b 1: a won 3 games (1/2 a seat), b won 2 (a whole seat), one split 3 ways
    pair = PairGames(0, 1, np.array([[0.5, 0.0], [0.0, 1.0], [1 / 3, 1 / 3]]),
                     np.array([3, 2, 1]))
    wins = win_matrix(2, [pair])
    assert wins[0, 1] == pytest.approx(1.5 + 1 / 3 + PRIOR_WINS)
    assert wins[1, 0] == pytest.approx(2 + 1 / 3 + PRIOR_WINS)


def test_a_sweep_gets_a_finite_gap_from_the_prior():
    pair = PairGames(0, 1, np.array([[0.0, 1.0]]), np.array([50]))  # bot 1 won every game
    low_bot, high_bot = fit_ratings(2, [pair], anchor=0, resamples=20)
    assert high_bot.mean == pytest.approx(ELO * math.log((50 + PRIOR_WINS) / PRIOR_WINS))
    assert low_bot == (0.0, 0.0, 0.0)


def test_the_same_seed_gives_the_same_intervals():
    pairs = league((1, 1), games=100, seed=5)
    assert fit_ratings(5, pairs, 0, seed=9, resamples=50) == fit_ratings(
        5, pairs, 0, seed=9, resamples=50)
    assert fit_ratings(5, pairs, 0, seed=9, resamples=50) != fit_ratings(
        5, pairs, 0, seed=10, resamples=50)


def test_the_intervals_cover_the_truth_about_95_percent_of_the_time():
    strength = 10 ** (np.array([0.0, 200.0]) / 400)
    p_win = strength[1] / strength.sum()
    rng = np.random.default_rng(21)
    leagues = 40
    covered = 0
    for k in range(leagues):
        won = int(rng.binomial(300, p_win))
        pair = PairGames(0, 1, np.array([[1.0, 0.0], [0.0, 1.0]]), np.array([300 - won, won]))
        rating = fit_ratings(2, [pair], anchor=0, seed=k, resamples=100)[1]
        covered += rating.low <= 200.0 <= rating.high
    # 95% of 40 is 38; a binomial(40, 0.95) count is below 34 less than 0.5% of the time
    assert covered >= 34
