"""tb.solve: exact game-theoretic values for games that admit them (Good Fortune, standard), and
the perfect-information team search of cooperative games (Fox Duet)."""

from __future__ import annotations

import time
from dataclasses import dataclass

from .. import _core


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


@dataclass(frozen=True)
class TeamSolution:
    """The team's best play of a cooperative game's position, seeing every card."""

    value: int  #: the team's value at the horizon (the game's team evaluation; higher is better)
    joint_action: list[int]  #: the best action of each acting player (-1 for the others)
    nodes: int  #: positions searched
    seconds: float


def team_solve(state: _core.State, *, depth: int = 0, table_bits: int = 20) -> TeamSolution:
    """The best play of the whole team at ``state`` with every card visible (a bound, not a bot:
    it reads the partner's hand and the deck, and the state's generator fixes future deals).

    Both players maximise one value, so this is a memoised single-agent search; a simultaneous
    node is one joint choice. It searches ``depth`` tricks ahead (``0``: to the end of the round)
    and values the position reached with the game's team evaluation (Fox Duet: a win above all,
    then gems left, spare forest tokens, the tracker's distance to the nearest gem). Applies to
    games with a team solver hook (Fox Duet); others raise ``ValueError``, as does a terminal
    state. ``table_bits`` (10..28) sizes the memo (2**table_bits entries of ~84 bytes).
    """
    start = time.perf_counter()
    value, joint, nodes = _core.team_solve_state(state, depth, table_bits)
    return TeamSolution(value, list(joint), nodes, time.perf_counter() - start)
