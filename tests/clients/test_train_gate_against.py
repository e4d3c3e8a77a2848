"""Expert iteration gated against a fixed search bot (``--gate-against``): each network plays one
seat among copies of the bot over the same deals, and the new one needs the accepted one's part
of the wins plus ``gate_share - 0.5``."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import tablebits as tb
from tablebits.bots.weights import load_weights, save_weights, shipped_path
from tablebits.train import TrainConfig, train
from tablebits.train.gate import gate_share
from tests.clients.test_train import GAME, SMALL, expert


def blind(path: Path) -> Path:
    """A network that knows nothing: zero weights (a uniform prior, every value 0.5) and no
    playouts, so its search cannot tell one move from another."""
    shipped = load_weights(shipped_path(GAME.id), GAME).arrays()
    save_weights(path, GAME, {k: np.zeros_like(a) for k, a in shipped.items()})
    return path


def test_the_same_network_on_both_sides_is_level() -> None:
    shipped = shipped_path(GAME.id)
    gate = gate_share(GAME, shipped, shipped, 30, 30, 0, 0, 2, 0.52, "ismcts:30")
    assert gate.against is not None and gate.against[0] == gate.against[1]
    assert gate.share == 0.5 and gate.needed == 0.52


def test_the_shipped_network_beats_a_blind_one_against_the_same_bot(tmp_path: Path) -> None:
    gate = gate_share(GAME, shipped_path(GAME.id), blind(tmp_path / "blind.npz"), 60, 50, 1, 0,
                      2, 0.5, "ismcts:50")
    assert gate.against is not None
    shipped_part, blind_part = gate.against
    assert shipped_part > blind_part + 0.15
    assert gate.share == pytest.approx(0.5 + shipped_part - blind_part)


def test_a_run_records_both_parts_and_decides_by_them(tmp_path: Path) -> None:
    history = train(GAME, tmp_path, expert(3, 0.5, gate_against="ismcts:20"), progress=False)
    assert json.loads((tmp_path / "history.json").read_text()) == history
    for entry in history:
        mine, accepted = entry["gate_against"]
        assert entry["gate_share"] == pytest.approx(0.5 + mine - accepted, abs=1e-3)
        assert entry["accepted"] == (entry["gate_share"] >= 0.5)
    assert history[-1]["generation"] == sum(h["accepted"] for h in history)
    with pytest.raises(ValueError, match="gate_against"):  # the checkpoint is another run's
        train(GAME, tmp_path, expert(4, 0.5, gate_against="ismcts:30"), progress=False)


@pytest.mark.parametrize(("game", "against", "words"), [
    ("good_fortune", "ismcts:20ms", "time limit"),
    ("good_fortune", "nobody:20", "nobody"),
    ("fox_duet", "ismcts:20", "cooperative"),
])
def test_an_opponent_the_gate_cannot_use_is_refused_before_anything_runs(
        tmp_path: Path, game: str, against: str, words: str) -> None:
    g = tb.make(game)
    config = TrainConfig(game=g.id, params=g.params, teacher="puct", gate_against=against,
                         **SMALL)
    with pytest.raises(ValueError, match=words):
        train(g, tmp_path / "run", config, progress=False)
    assert not (tmp_path / "run").exists()
