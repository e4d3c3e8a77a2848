"""Bots from their short names, as the command line and ``tb.ladder`` take them."""

from __future__ import annotations

from .._core import Game
from .._registry import short_repr
from .baseline import Baseline
from .builtin import ISMCTS, PIMC, BuiltinBot, Random
from .names import DEFAULT_C_PUCT, parse_budget
from .policy import Policy

__all__ = ["parse"]


def parse(spec: str, game: Game | None = None) -> BuiltinBot:
    """A bot from its short name: ``random``, ``ismcts``,
    ``ismcts:BUDGET[@EXPLORATION][^PREDICT]``, ``pimc``, ``pimc:SAMPLES[@DEPTH]`` (SAMPLES: a
    count, a time or both, as BUDGET), ``baseline`` or
    ``baseline:BUDGET[@C_PUCT][~MIX][+PLAYOUT_VISITS][^PREDICT]`` (``Baseline``: it needs
    ``game``, the game it plays; C_PUCT is its ``c_puct``, MIX its ``rollout_mix``,
    PLAYOUT_VISITS its ``playout_visits``, PREDICT its ``predict``), a weights file
    ``PATH.npz`` or ``PATH.npz@greedy`` (``Policy``, the network's policy without search; it
    needs ``game`` too), or ``PATH.npz:BUDGET[@C_PUCT][~MIX][+PLAYOUT_VISITS][^PREDICT]``
    (``Baseline`` playing that weights file, a network ``tablebits train`` wrote, instead of
    the shipped one). BUDGET is ITERATIONS, a time per decision (``20ms``, ``0.5s``:
    iterations until the time is spent) or both (``1000/20ms``: whichever comes first).
    PREDICT is the budget's share for predicting the others at simultaneous nodes
    (``ISMCTS``'s ``predict``). Time-limited bots depend on the machine's speed (``tb.arena``
    takes them only with ``reproducible=False``).

    >>> parse("ismcts:500@1.0").iterations
    500
    >>> parse("ismcts:20ms").time_limit
    0.02
    >>> parse("pimc:30@3").depth
    3
    """
    if not isinstance(spec, str):
        raise TypeError(f"bot spec must be a str, not {type(spec).__name__}")
    shown = short_repr(spec)  # a megabyte of spec is not echoed back
    text = spec.strip()
    searched = _searched_weights(text)
    if searched is not None:
        return _baseline(game, searched[1], shown, weights=searched[0])
    weights = _weights_file(text)
    if weights is not None:
        if game is None:
            raise ValueError(f"bot {shown} plays one game's network: pass the game to parse")
        return Policy(game, *weights)
    name, _, rest = text.lower().partition(":")
    if "~" in rest and name != "baseline":
        raise ValueError(f"bad bot spec {shown}: ~MIX (the weight of playouts in a leaf's value) "
                         "is for baseline and puct bots")
    if "^" in rest and name not in ("ismcts", "baseline"):
        raise ValueError(f"bad bot spec {shown}: ^PREDICT (the budget's share for predictions) "
                         "is for ismcts and baseline bots")
    if name == "random" and not rest:
        return Random()
    if name == "ismcts":
        if not rest:
            return ISMCTS()
        head, caret, predict = rest.partition("^")
        budget, _, expl = head.partition("@")
        try:
            iterations, time_limit = parse_budget(budget)
            return ISMCTS(iterations, _number(expl, "EXPLORATION") if expl else 0.7,
                          time_limit=time_limit,
                          predict=_number(predict, "PREDICT") if caret else 0.0)
        except ValueError as err:
            raise ValueError(f"bad bot spec {shown}: {err}") from None
    if name == "baseline":
        return _baseline(game, rest, shown)
    if name == "pimc":
        if not rest:
            return PIMC()
        samples, _, depth = rest.partition("@")
        try:
            count, time_limit = parse_budget(samples, "SAMPLES")
            return PIMC(count, _whole(depth, "DEPTH") if depth else 1, time_limit=time_limit)
        except ValueError as err:
            raise ValueError(f"bad bot spec {shown}: {err}") from None
    raise ValueError(
        f"unknown bot {shown}; expected random, ismcts, ismcts:BUDGET[@EXPLORATION][^PREDICT] "
        "(BUDGET: ITERATIONS, a time such as 20ms, or ITERATIONS/TIME), pimc, "
        "pimc:SAMPLES[@DEPTH], baseline, "
        "baseline:BUDGET[@C_PUCT][~MIX][+PLAYOUT_VISITS][^PREDICT], "
        "a weights file PATH.npz or PATH.npz:BUDGET[@C_PUCT][~MIX][+PLAYOUT_VISITS][^PREDICT]"
    )


def _baseline(game: Game | None, rest: str, shown: str, weights: str | None = None) -> Baseline:
    """``Baseline`` from the ``BUDGET[@C_PUCT][~MIX][+PLAYOUT_VISITS][^PREDICT]`` after a
    ``baseline:`` or ``PATH.npz:``."""
    if game is None:
        raise ValueError(f"bot {shown} plays one game's network: pass the game to parse")
    rest, caret, predict = rest.partition("^")
    head, plus, playouts = rest.rpartition("+")
    if not plus or head.lower().endswith("e"):  # no +PLAYOUT_VISITS, or an exponent's sign
        head, plus = rest, ""
    budget, tilde, mix = head.partition("~")
    budget, at, c_puct = budget.partition("@")
    try:
        iterations, time_limit = parse_budget(budget) if budget else (None, None)
        return Baseline(game, iterations, time_limit=time_limit, weights=weights,
                        c_puct=_number(c_puct, "C_PUCT") if at else DEFAULT_C_PUCT,
                        rollout_mix=_number(mix, "MIX") if tilde else None,
                        playout_visits=_whole(playouts, "PLAYOUT_VISITS") if plus else None,
                        predict=_number(predict, "PREDICT") if caret else None)
    except ValueError as err:
        raise ValueError(f"bad bot spec {shown}: {err}") from None


def _searched_weights(spec: str) -> tuple[str, str] | None:
    """(path, ``BUDGET[@C_PUCT][~MIX][+PLAYOUT_VISITS][^PREDICT]``) of a
    ``PATH.npz:BUDGET[@C_PUCT][~MIX][+PLAYOUT_VISITS][^PREDICT]`` spec, else None."""
    cut = spec.lower().rfind(".npz:")
    if cut < 0:
        return None
    return spec[: cut + len(".npz")], spec[cut + len(".npz:"):]


def _weights_file(spec: str) -> tuple[str, bool] | None:
    """(path, greedy) of a ``PATH.npz`` or ``PATH.npz@greedy`` spec, else None."""
    path, greedy = (spec[: -len("@greedy")], True) if spec.endswith("@greedy") else (spec, False)
    return (path, greedy) if path.lower().endswith(".npz") else None


def _number(text: str, what: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"{what} must be a number, got {short_repr(text)}") from None


def _whole(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{what} must be a whole number, got {short_repr(text)}") from None
