"""docs/games/good_fortune.md against the engine beyond its checked blocks: the printed default
tile table against the `tiles` parameter."""

from __future__ import annotations

import tablebits as tb
from tests.docs.blocks import GAME_DOCS, parse_table


def test_printed_tile_table_is_the_default_tiles_parameter():
    lines = (GAME_DOCS / "good_fortune.md").read_text(encoding="utf-8").splitlines()
    start = lines.index("| no. | charm_a | charm_b | die |")
    table = parse_table(lines, start)
    printed = [[r["charm_a"], r["charm_b"], int(r["die"])] for r in table.rows]
    assert [int(r["no."]) for r in table.rows] == list(range(1, 22))
    assert printed == tb.make("good_fortune").params["tiles"]
