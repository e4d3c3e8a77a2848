"""tb.solve: exact game-theoretic values for games that admit them (Good Fortune, standard)."""

from __future__ import annotations

import time
from dataclasses import dataclass

from . import _core


@dataclass(frozen=True)
class Solution:
    """The outcome of a position under optimal play by both players."""

    value: int  #: final score margin, player 0's points minus player 1's
    best_actions: list[int]  #: every optimal action of the player to move (empty if terminal)
    nodes: int  #: positions searched
    seconds: float


def solve(
    state: _core.State,
    *,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    table_bits: int = 20,
) -> Solution:
    """Solves ``state`` exactly: alpha-beta with a transposition table over the packed state.

    Applies to two-player sequential games of perfect information without chance (Good Fortune's
    standard variant); anything else raises ``ValueError``. Player 0 maximises the final score
    margin and player 1 minimises it. Positions with up to 4 rounds left solve in well under a
    second. ``max_nodes`` / ``time_limit`` bound the search (``TimeoutError`` when hit);
    ``table_bits`` (10..28) sizes the transposition table (2**table_bits entries of ~32 bytes).
    """
    start = time.perf_counter()
    value, best, nodes = _core.solve_state(state, max_nodes, time_limit, table_bits)
    return Solution(value, list(best), nodes, time.perf_counter() - start)
