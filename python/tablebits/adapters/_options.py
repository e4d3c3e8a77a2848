"""The options the PettingZoo and Gymnasium envs share: render modes and what an illegal action
does, each checked and carried out in one place."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium

RENDER_MODES = ["ansi", "human"]
ILLEGAL_MODES = ("raise", "terminate")


def check_render_mode(render_mode: Any) -> str | None:
    """``render_mode`` if it is None, ``"ansi"`` or ``"human"``; else ValueError."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None, 'ansi' or 'human', got {render_mode!r}")
    return render_mode  # type: ignore[no-any-return]


def check_illegal_action(illegal_action: Any) -> str:
    """``illegal_action`` if it is ``"raise"`` or ``"terminate"``; else ValueError."""
    if illegal_action not in ILLEGAL_MODES:
        raise ValueError(
            f"illegal_action must be 'raise' or 'terminate', got {illegal_action!r}"
        )
    return illegal_action  # type: ignore[no-any-return]


def render(render_mode: str | None, text: Callable[[], str]) -> str | None:
    """``render()``: the state's ``text()`` for ``"ansi"``, printed for ``"human"``; without a
    render mode a warning (Gymnasium's convention) and None."""
    if render_mode is None:
        gymnasium.logger.warn("render() called without a render_mode; pass 'ansi' or 'human'")
        return None
    shown = text()
    if render_mode == "human":
        print(shown)
        return None
    return shown
