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
    ``table_bits`` sizes the transposition table (2**table_bits entries of ~32 bytes).
    """
    solver = getattr(state, "_solve", None)
    if solver is None:
        raise ValueError(f"the exact solver does not apply to {state.game.id}")
    if max_nodes is not None and (not isinstance(max_nodes, int) or max_nodes < 1):
        raise ValueError(f"max_nodes must be a positive int, got {max_nodes!r}")
    if time_limit is not None and not time_limit > 0:
        raise ValueError(f"time_limit must be positive, got {time_limit!r}")
    start = time.perf_counter()
    value, best, nodes = solver(
        max_nodes if max_nodes is not None else 2**64 - 1,
        float(time_limit) if time_limit is not None else 1e300,
        table_bits,
    )
    return Solution(value, list(best), nodes, time.perf_counter() - start)
