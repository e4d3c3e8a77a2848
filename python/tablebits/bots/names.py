"""A search bot's budget in words, both ways: ``1000``, ``20ms``, ``1000/20ms``, and the
name a bot shows (``ismcts:1000@1``, ``baseline:20ms~0.25+1^0.3x2``), which ``tablebits.bots.spec``
parses back into the same bot."""

from __future__ import annotations

#: The iteration budget of a bot that only its time limit stops (``ismcts:20ms``).
UNTIL_TIME_LIMIT = 2**32 - 1


def resolve_budget(count: int | None, time_limit: float | None, default: int) -> int:
    """A search's iteration (or sample) count: ``count`` when given; else ``default``, or, with
    a ``time_limit``, as many as the time allows (``ISMCTS(time_limit=0.02)`` searches for
    20 ms, not for its default count or 20 ms, whichever comes first)."""
    if count is not None:
        return count
    return default if time_limit is None else UNTIL_TIME_LIMIT


def time_name(seconds: float) -> str:
    """``20ms`` below a second, ``1.5s`` from one on."""
    return f"{seconds * 1000:g}ms" if seconds < 1 else f"{seconds:g}s"


def budget_name(iterations: int, time_limit: float | None) -> str:
    """``1000``, ``20ms`` (stopped by time only) or ``1000/20ms`` (whichever comes first)."""
    if time_limit is None:
        return str(iterations)
    if iterations == UNTIL_TIME_LIMIT:
        return time_name(time_limit)
    return f"{iterations}/{time_name(time_limit)}"


#: PUCT's prior weight unless told otherwise (``tb.bots.PUCT``, ``Baseline``, ``tb.search``).
DEFAULT_C_PUCT = 1.5


def search_name(kind: str, iterations: int, time_limit: float | None, threads: int,
                c_puct: float = DEFAULT_C_PUCT, mix: float = 0.0, default_mix: float = 0.0,
                tuning: str = "", playout_visits: int = 0, default_visits: int = 0,
                predict: float = 0.0, default_predict: float = 0.0) -> str:
    """``KIND:BUDGET[@C_PUCT][~MIX][+PLAYOUT_VISITS][^PREDICT][xTHREADS]``: the PUCT settings
    where they are not the defaults (``tuning`` instead for ISMCTS's exploration)."""
    if c_puct != DEFAULT_C_PUCT:
        tuning += f"@{c_puct:g}"
    if mix != default_mix:
        tuning += f"~{mix:g}"
    if playout_visits != default_visits:
        tuning += f"+{playout_visits}"
    if predict != default_predict:
        tuning += f"^{predict:g}"
    return (f"{kind}:{budget_name(iterations, time_limit)}{tuning}"
            + (f"x{threads}" if threads > 1 else ""))


def parse_time(text: str) -> float:
    """Seconds from ``20ms`` or ``1.5s``."""
    for suffix, scale in (("ms", 1e-3), ("s", 1.0)):
        if text.endswith(suffix):
            try:
                return float(text[: -len(suffix)]) * scale
            except ValueError:
                break
    raise ValueError(f"a time is a number and a unit, ms or s (20ms, 1.5s); got {_cut(text)}")


def parse_budget(text: str, what: str = "ITERATIONS") -> tuple[int, float | None]:
    """(count, time_limit) from ``COUNT``, ``TIME`` or ``COUNT/TIME``, the count being a
    search's iterations or (PIMC) its samples, called ``what`` in errors."""
    head, slash, limit = text.partition("/")
    if not slash and head.endswith("s"):  # 20ms, 1.5s
        return UNTIL_TIME_LIMIT, parse_time(head)
    try:
        count = int(head)
    except ValueError:
        raise ValueError(f"the budget is {what}, a time (20ms) or {what}/TIME; got "
                         f"{_cut(text)}") from None
    return count, parse_time(limit) if slash else None


def _cut(text: str) -> str:
    """``repr(text)``, cut short when long (an error message echoes what was typed)."""
    return repr(text) if len(text) <= 40 else f"{text[:40]!r}... ({len(text):,} characters)"
