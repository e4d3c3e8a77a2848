"""Bots deciding for the tables of ``tablebits serve`` without blocking anyone.

Each decision runs in a thread pool shared by every table (the built-in bots search in C++
with the GIL released, so several decide at once), on a copy of the position, and must come
within ``limit`` seconds. A bot that raises, returns an illegal move or overruns its limit
raises ``BotFailure`` with the reason in words; the table then ends with it. A search cannot be
stopped from outside: an overrunning one finishes in its thread and its answer is dropped.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from .._core import State
from ..bots.builtin import Bot, BuiltinBot, step_decider
from ..records import bot_name


class BotFailure(RuntimeError):
    """A bot did not give a legal move in time; the message says which bot and why."""


class BotRunner:
    """A pool of ``workers`` threads where bots decide, each within ``limit`` seconds."""

    def __init__(self, workers: int = 4, limit: float = 30.0) -> None:
        if workers < 1:
            raise ValueError(f"the bots need at least one thread, got {workers}")
        if not limit > 0:
            raise ValueError(f"a bot's time limit must be positive, got {limit}")
        self.limit = float(limit)
        self._pool = ThreadPoolExecutor(workers, thread_name_prefix="tablebits-bot")

    async def decide(self, bot: Bot, state: State, seat: int, seed: int, step: int) -> int:
        """``bot``'s legal move for ``seat`` at ``state`` (a copy is handed over), decided
        in the pool; a built-in bot is seeded from ``(seed, seat, step)``, so the same moves
        after an undo bring the same answers."""
        if isinstance(bot, BuiltinBot):
            bot = step_decider(bot, seed, seat, step)
        who = f"player {seat}'s bot ({bot_name(bot)})"
        copy = state.clone()
        loop = asyncio.get_running_loop()
        try:
            action = await asyncio.wait_for(
                loop.run_in_executor(self._pool, _act, bot, copy, seat), self.limit)
        except asyncio.TimeoutError:
            raise BotFailure(f"{who} did not decide within {self.limit:g} s") from None
        except Exception as err:  # any failure of a bot ends its table, not the server
            raise BotFailure(f"{who} failed: {err}") from None
        if action not in state.legal_actions(seat):
            raise BotFailure(f"{who} chose {action!r}, not a legal move")
        return int(action)

    def close(self) -> None:
        """Stops taking decisions; those under way finish in their threads."""
        self._pool.shutdown(wait=False, cancel_futures=True)


def _act(bot: Bot, state: State, seat: int) -> int:
    """``bot.act``, where Ctrl-C's early stop of a search (the engine raises KeyboardInterrupt in
    the searching thread) becomes an ordinary failure: the server is stopping, and a
    KeyboardInterrupt carried into the event loop would end it with a traceback instead."""
    try:
        return bot.act(state, seat)
    except KeyboardInterrupt:
        raise RuntimeError("its search was interrupted (the server is stopping)") from None
