"""Writes the pictures of docs/pictures.md and the README: one position per game as SVG.

    python tools/pictures_docs.py

Each picture is a position from a committed record (tests/data/records), chosen by its
step in the game's picture module (``DOCS_POSITION``), and drawn with ``State.to_svg`` with
the state before it and the record's move (searched for, a move can be one of several that
lead to the same position, and its reasons are lost), so the last step is outlined and
captioned with its reasons; a second picture per game is the record's last position, with its
end banner. The replay page's screenshot comes from the browser test
(``TABLEBITS_SCREENSHOTS=docs/img .ci/browser``).
"""

from __future__ import annotations

import importlib
from pathlib import Path

import tablebits as tb

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    for game_id in tb.games():
        picture = importlib.import_module(f"tablebits.pictures.{game_id}")
        index, step, seat = picture.DOCS_POSITION
        record = tb.load_records(ROOT / "tests" / "data" / "records" / f"{game_id}.jsonl")[index]
        states = list(tb.replay(record))
        for name, k in ((f"position_{game_id}", step), (f"end_{game_id}", len(states) - 1)):
            out = ROOT / "docs" / "img" / f"{name}.svg"
            svg = states[k].to_svg(seat, before=states[k - 1], actions=record.actions[k - 1])
            out.write_text(svg + "\n", encoding="utf-8")
            print(f"{out.relative_to(ROOT)}: step {k}, {states[k].to_dict()['phase']}")


if __name__ == "__main__":
    main()
