"""Writes the committed record files (one per game) that tests/api/test_records.py replays.

Run only when the format or the rules change on purpose (and say so in the commit):
``python tests/data/records/make.py``. Each file holds games from ``tb.play`` (ISMCTS against
random bots) and from ``tb.arena`` (recorded in C++), over the game's parameter sets: those
below, or the defaults for a game not named here.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import tablebits as tb

#: Parameter sets beyond the defaults whose records the tests replay.
PARAMS = {
    "good_fortune": [{}, {"variant": "guess"}],
    "color_mafia": [{}, {"players": 3}],
    "hoi_pho": [{}, {"players": 3}, {"players": 5, "rps": "chance"}],
    "fox_duet": [{}],
}


def records_of(game_id: str) -> list[tb.GameRecord]:
    records = []
    param_sets = PARAMS.get(game_id, [{}])
    for k, params in enumerate(param_sets):
        game = tb.make(game_id, **params)
        bots = [tb.bots.ISMCTS(100, seed=k)] + [
            tb.bots.Random(seed=10 * k + p) for p in range(1, game.num_players)
        ]
        records.append(tb.play(game, bots, seed=100 + k))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "arena.jsonl"
        tb.arena(game_id, [tb.bots.ISMCTS(50), tb.bots.Random()], games=2, seed=7,
                 threads=1, records=path, **param_sets[-1])
        records += tb.load_records(path)
    return records


if __name__ == "__main__":
    here = Path(__file__).parent
    for game_id in tb.games():
        tb.save_records(records_of(game_id), here / f"{game_id}.jsonl")
        print(f"wrote {here / game_id}.jsonl")
