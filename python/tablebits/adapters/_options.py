"""The options the PettingZoo and Gymnasium envs share: render modes and what an illegal action
does, each checked and carried out in one place."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np

from .._core import State
from ..pictures.raster import check_available, rgb_array

RENDER_MODES = ["ansi", "human", "rgb_array"]
ILLEGAL_MODES = ("raise", "terminate")


def check_render_mode(render_mode: Any) -> str | None:
    """``render_mode`` if it is None, ``"ansi"``, ``"human"`` or ``"rgb_array"``; else
    ValueError. ``"rgb_array"`` without the rasteriser raises ImportError naming the extra, so
    that making the env fails rather than its first render."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None, 'ansi', 'human' or 'rgb_array', got "
                         f"{render_mode!r}")
    if render_mode == "rgb_array":
        check_available()
    return render_mode  # type: ignore[no-any-return]


def check_illegal_action(illegal_action: Any) -> str:
    """``illegal_action`` if it is ``"raise"`` or ``"terminate"``; else ValueError."""
    if illegal_action not in ILLEGAL_MODES:
        raise ValueError(
            f"illegal_action must be 'raise' or 'terminate', got {illegal_action!r}"
        )
    return illegal_action  # type: ignore[no-any-return]


def render(render_mode: str | None, state: Callable[[], State]) -> str | np.ndarray | None:
    """``render()``: the ``state()`` as text for ``"ansi"``, printed for ``"human"``, the picture
    with every hand face up as an RGB array for ``"rgb_array"``; without a render mode a warning
    (Gymnasium's convention) and None."""
    if render_mode is None:
        gymnasium.logger.warn("render() called without a render_mode; pass 'ansi', 'human' or "
                              "'rgb_array'")
        return None
    if render_mode == "rgb_array":
        return rgb_array(state())
    shown = str(state())
    if render_mode == "human":
        print(shown)
        return None
    return shown
