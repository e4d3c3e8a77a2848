"""Every build plays the same games: this build's fingerprints (tests/support/same_games.py:
the compatibility corpus replayed, random games, arenas, searches' statistics, batch stepping,
Baseline's searches) against those recorded in tests/data/same_games.json.

test_build.py runs this on each x86-64 build the CPU runs, and .ci/arm64 on aarch64 (emulated).
"""

from __future__ import annotations

import json

from tablebits import _build_info
from tests.support.same_games import RECORD, fingerprints


def test_this_build_plays_the_same_games_as_recorded():
    recorded = json.loads(RECORD.read_text())
    current = fingerprints()
    assert set(current) == set(recorded), "new games or areas: record them with --write"
    differ = sorted(key for key in recorded if current[key] != recorded[key])
    assert not differ, (f"the {_build_info.ARCH} build for {_build_info.TARGET} plays other "
                        f"games than recorded in: {', '.join(differ)}")
