"""Every `observed` block in docs/ against the engine: what `observer` sees in the position of
the named dict block is, slice by slice of `game.observation_layout`, exactly the table's
non-zero slots (and 0 in every other slot). The tables are worked out by hand from the position
and the page's observation table; this is where they meet the engine."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import tablebits as tb
from tests.docs.blocks import (
    CheckedBlock,
    all_checked_blocks,
    checked_blocks,
    named_dict,
    nonzero_slots,
    unquote,
    where,
)

TOLERANCE = 1e-6  # float32 holds 7/10 or 1/3 to about 1e-8


def position(block: CheckedBlock) -> Any:
    """The state of the dict block an observed block names, under that block's parameters."""
    source = named_dict(checked_blocks(block.path), block.game, block.attrs["dict"])
    assert source is not None and source.code is not None  # checked_blocks checked the name
    return tb.make(block.game, **source.params).state_from_dict(json.loads(source.code))


def as_cell(values: np.ndarray) -> str:
    """Observed values in the tables' notation, for failure messages."""
    entries = [str(i) if v == 1 else f"{i}: {v:g}" for i, v in enumerate(values) if v != 0]
    return ", ".join(entries) or "—"


def mismatches(block: CheckedBlock) -> list[str]:
    """Where the table and the engine disagree, each with its page line (empty: they agree)."""
    assert block.table is not None
    state = position(block)
    layout = state.game.observation_layout
    names = [unquote(row["slice"]) for row in block.table.rows]
    if names != [s["name"] for s in layout]:
        return [
            f"{block.where}: the rows must be the layout's slices in order: "
            f"{[s['name'] for s in layout]}"
        ]
    obs = state.observation_tensor(int(block.attrs["observer"]))
    errors = []
    for i, (row, s) in enumerate(zip(block.table.rows, layout, strict=True)):
        line = where(block.path, block.line + 3 + i)  # comment, header and separator come first
        got = obs[s["offset"] : s["offset"] + s["length"]]
        want = np.zeros(s["length"])
        for slot, value in nonzero_slots(row["nonzero slots"]).items():
            if slot >= s["length"]:
                errors.append(f"{line}: {s['name']} has {s['length']} slots, no slot {slot}")
                break
            want[slot] = float(value)
        else:
            if not np.allclose(got, want, rtol=0, atol=TOLERANCE):
                errors.append(
                    f"{line}: {s['name']}: the table says {row['nonzero slots']}, "
                    f"the engine observes {as_cell(got)}"
                )
    return errors


@pytest.mark.parametrize("block", all_checked_blocks("observed"), ids=lambda b: b.where)
def test_the_table_is_what_the_observer_sees(block: CheckedBlock) -> None:
    errors = mismatches(block)
    assert not errors, "\n".join(errors)


def test_a_changed_value_is_reported_at_its_line(tmp_path: Path) -> None:
    page = next(b for b in all_checked_blocks("observed") if b.game == "good_fortune").path
    text = page.read_text(encoding="utf-8")
    assert text.count("| `round` | 3 |") >= 1  # round 4 of the page's example is slot 3
    changed = tmp_path / "page.md"
    changed.write_text(text.replace("| `round` | 3 |", "| `round` | 2 |", 1), encoding="utf-8")
    block = next(b for b in checked_blocks(changed) if b.kind == "observed")
    line = changed.read_text(encoding="utf-8").splitlines().index("| `round` | 2 |") + 1
    assert mismatches(block) == [
        f"{changed}:{line}: round: the table says 2, the engine observes 3"
    ]


MALFORMED = {
    "no observer": ("<!-- check: observed game=good_fortune dict=p -->", "observer=P"),
    "params": (
        "<!-- check: observed game=good_fortune dict=p observer=0 params=a=1 -->",
        "from its dict block",
    ),
    "unknown dict": (
        "<!-- check: observed game=good_fortune dict=q observer=0 -->",
        "no good_fortune dict block named 'q'",
    ),
    "bad cell": (
        "<!-- check: observed game=good_fortune dict=p observer=0 -->\n"
        "| slice | nonzero slots |\n|---|---|\n| `round` | 3: 1 |",
        "written bare",
    ),
    "unordered": (
        "<!-- check: observed game=good_fortune dict=p observer=0 -->\n"
        "| slice | nonzero slots |\n|---|---|\n| `round` | 3, 1 |",
        "ascending",
    ),
    "header": (
        "<!-- check: observed game=good_fortune dict=p observer=0 -->\n"
        "| slice | slots |\n|---|---|\n| `round` | 3 |",
        "header",
    ),
    "name twice": ("<!-- check: dict game=good_fortune name=p -->\n```json\n{}\n```", "earlier"),
}


@pytest.mark.parametrize(("block", "message"), MALFORMED.values(), ids=MALFORMED.keys())
def test_a_malformed_block_raises_naming_its_line(tmp_path: Path, block: str, message: str):
    page = tmp_path / "page.md"
    table = "\n| slice | nonzero slots |\n|---|---|\n| `round` | 3 |"
    head = "<!-- check: dict game=good_fortune name=p -->\n```json\n{}\n```\n\n"
    page.write_text(
        head + block + ("" if "|" in block or "```" in block else table) + "\n", encoding="utf-8"
    )
    with pytest.raises(ValueError, match=f"^{re.escape(str(page))}:6: .*{message}"):
        checked_blocks(page)


@pytest.mark.parametrize(
    ("cell", "slots"),
    [
        ("—", {}),
        ("3", {3: 1}),
        ("0, 2: 7/10, 5: 0.25, 9: 11", {0: 1, 2: Fraction(7, 10), 5: Fraction(1, 4), 9: 11}),
    ],
)
def test_a_cell_lists_the_nonzero_slots(cell: str, slots: dict[int, Fraction]) -> None:
    assert nonzero_slots(cell) == slots
