"""Fox Duet is cooperative: its summaries report team wins and losses, not "draws / shared
wins", in the text table, the JSON and the plot."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest

import tablebits as tb
from tablebits.cli.main import main
from tablebits.simulate import SimulationResult

# 10 games with the team's result set by hand: 3 won (both seats 1.0), 7 lost (both 0.0).
WON = np.array([1, 0, 0, 1, 0, 0, 0, 1, 0, 0], dtype=bool)


def _fox_duet_result() -> SimulationResult:
    played = tb.simulate("fox_duet", 10, seed=3)
    assert isinstance(played, SimulationResult)
    returns = np.repeat(WON[:, None].astype(np.float32), 2, axis=1)
    return dataclasses.replace(played, returns=returns)


def test_table_reports_team_wins_and_losses():
    text = _fox_duet_result().summary()
    assert "team wins: 0.3000, team losses: 0.7000" in text
    assert "draws" not in text and "shared" not in text


def test_json_reports_team_wins_and_losses():
    d = json.loads(json.dumps(_fox_duet_result().to_dict(), allow_nan=False))
    assert d["team_wins"] == pytest.approx(0.3) and d["team_losses"] == pytest.approx(0.7)
    assert "draws_or_shared_wins" not in d


def test_competitive_games_keep_draws_or_shared_wins():
    result = tb.simulate("good_fortune", 500, seed=1)
    assert "draws_or_shared_wins" in result.to_dict() and "team_wins" not in result.to_dict()
    assert "draws / shared wins:" in result.summary() and "team" not in result.summary()


def test_cli_fox_duet_says_team(capsys):
    assert main(["simulate", "fox_duet", "--games", "300", "--no-progress"]) == 0
    text = capsys.readouterr().out
    # Random play never wins Fox Duet (README): every game is a team loss.
    assert "team wins: 0.0000, team losses: 1.0000" in text
    assert main(["simulate", "fox_duet", "--games", "300", "--no-progress", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert (d["team_wins"], d["team_losses"]) == (0.0, 1.0)


def test_plot_shows_the_team_result():
    pytest.importorskip("matplotlib")
    shares_ax = _fox_duet_result().plot().axes[0]
    assert shares_ax.get_title() == "Team win rate"
    assert [t.get_text() for t in shares_ax.get_xticklabels()] == ["team"]
    assert [p.get_height() for p in shares_ax.patches] == pytest.approx([0.3])
