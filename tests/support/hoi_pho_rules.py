"""Hội Phố's facts as its rules page states them (docs/games/hoi_pho.md), for tests that check
what the narration says against the rules rather than against the narration itself."""

from __future__ import annotations

import functools
import re
from pathlib import Path

RULES = Path(__file__).parents[2] / "docs" / "games" / "hoi_pho.md"
#: Paper beats rock, rock beats scissors, scissors beat paper (A turn, 1 Mouse).
BEATS = {"paper": "rock", "rock": "scissors", "scissors": "paper"}


@functools.cache
def merchants() -> dict[int, tuple[str, int, int]]:
    """number -> (name, 1st reward, 2nd reward): the Components table of the rules page."""
    rows = re.findall(r"^\s*\| (\d+) \| (\w+) \| (\d+) \| (\d+) \|", RULES.read_text("utf-8"),
                      re.M)
    table = {int(n): (name, int(first), int(second)) for n, name, first, second in rows}
    assert sorted(table) == list(range(1, 16)), "the merchants' table was not found"
    return table


def name(card: int) -> str:
    """A merchant as the narration names it: ``13 Chicken``; ``ship`` for 0."""
    return "ship" if card == 0 else f"{card} {merchants()[card][0]}"


def duel_line(coins: list[int], throws: dict[int, str]) -> str:
    """The Mouse's duel told by the rules: ``throws`` is each duellist's throw, ``coins`` the
    coins before it; the winner takes half the loser's coins, rounded down."""
    (a, x), (b, y) = sorted(throws.items())
    shown = f"the Mouse's duel: player {a} {x}, player {b} {y}"
    if x == y:
        return shown + ": a draw"
    winner, loser = (a, b) if BEATS[x] == y else (b, a)
    stake = coins[loser] // 2
    assert stake > 0, "choose a duel in which coins change hands"
    change = {winner: f"+{stake}", loser: f"\u2212{stake}"}
    return shown + ": " + ", ".join(f"player {p} {change[p]}" for p in sorted(change))
