"""benchmarks/teacher_agreement.py: a network's agreement with a teacher."""

from __future__ import annotations

import pytest

import tablebits as tb
from benchmarks.teacher_agreement import agreement
from tablebits.bots.weights import shipped_path


@pytest.mark.parametrize("game_id", ["color_mafia", "fox_duet"])
def test_a_network_taught_by_its_own_greedy_policy_agrees_always(game_id):
    # The teacher is the network itself, played greedily: it agrees with itself at every
    # decision, and so does the teacher asked again (a greedy policy ignores the seed).
    game = tb.make(game_id)
    path = shipped_path(game_id, game.params)
    result = agreement(game, path, f"{path}@greedy", deals=2)
    assert result.decisions > 10
    assert (result.network, result.teacher_self) == (1.0, 1.0)


def test_a_network_disagrees_with_random_play_and_random_play_with_itself():
    # A uniformly random teacher at a decision with k choices repeats itself with probability
    # 1/k, and the network picks its move with the same chance: both well below certainty.
    game = tb.make("good_fortune")
    result = agreement(game, shipped_path("good_fortune", game.params), "random", deals=3)
    assert result.decisions > 60
    assert result.network < 0.6 and result.teacher_self < 0.6
