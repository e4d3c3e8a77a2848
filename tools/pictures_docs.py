"""Writes the pictures of docs/pictures.md and the README: one position per game as SVG.

    python tools/pictures_docs.py

Each picture is a position from a committed record (tests/data/records), chosen by its
step, and drawn with ``State.to_svg``; the replay page's screenshot comes from the browser
test (``TABLEBITS_SCREENSHOTS=docs/img .ci/browser``).
"""

from __future__ import annotations

from pathlib import Path

import tablebits as tb

ROOT = Path(__file__).resolve().parents[1]

#: game -> (record index in its file, step, seat or None for everything)
POSITIONS = {
    "good_fortune": (0, 14, None),
    "color_mafia": (0, 41, None),
    "fox_duet": (0, 19, 0),
    "hoi_pho": (0, 21, None),
}


def main() -> None:
    for game_id, (index, step, seat) in POSITIONS.items():
        record = tb.load_records(ROOT / "tests" / "data" / "records" / f"{game_id}.jsonl")[index]
        state = list(tb.replay(record))[step]
        out = ROOT / "docs" / "img" / f"position_{game_id}.svg"
        out.write_text(state.to_svg(seat) + "\n", encoding="utf-8")
        print(f"{out.relative_to(ROOT)}: step {step}, {state.to_dict()['phase']}")


if __name__ == "__main__":
    main()
