"""The options the PettingZoo and Gymnasium envs share: render modes and what an illegal action
does, each checked and carried out in one place."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np

from .._core import State
from ..pictures.raster import rgb_array
from ._turns import LastStep

RENDER_MODES = ["ansi", "human", "rgb_array"]
ILLEGAL_MODES = ("raise", "terminate")


def check_render_mode(render_mode: Any) -> str | None:
    """``render_mode`` if it is None, ``"ansi"``, ``"human"`` or ``"rgb_array"``; else
    ValueError.

    ``"rgb_array"`` is accepted without the rasteriser installed: the first ``render()`` raises
    the ImportError naming the extra, as Gymnasium's own environments do with their drawing
    packages. Stable-Baselines3's ``make_vec_env`` asks every env for ``"rgb_array"`` whether
    or not it will ever render, so refusing it here refused SB3 without ``tablebits[render]``.
    """
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None, 'ansi', 'human' or 'rgb_array', got "
                         f"{render_mode!r}")
    return render_mode  # type: ignore[no-any-return]


def check_illegal_action(illegal_action: Any) -> str:
    """``illegal_action`` if it is ``"raise"`` or ``"terminate"``; else ValueError."""
    if illegal_action not in ILLEGAL_MODES:
        raise ValueError(
            f"illegal_action must be 'raise' or 'terminate', got {illegal_action!r}"
        )
    return illegal_action  # type: ignore[no-any-return]


def render(render_mode: str | None, state: Callable[[], State],
           last: Callable[[], LastStep | None]) -> str | np.ndarray | None:
    """``render()``: the ``state()`` as text for ``"ansi"``, printed for ``"human"``, the picture
    with every hand face up as an RGB array for ``"rgb_array"`` (ImportError naming the extra
    without the rasteriser), captioned with the last step when ``last()`` is the state before
    it and its joint action; without a render mode a warning (Gymnasium's convention) and
    None."""
    if render_mode is None:
        gymnasium.logger.warn("render() called without a render_mode; pass 'ansi', 'human' or "
                              "'rgb_array'")
        return None
    if render_mode == "rgb_array":
        step = last()
        if step is None:
            return rgb_array(state())
        before, actions = step
        return rgb_array(state(), before=before, actions=actions)
    shown = str(state())
    if render_mode == "human":
        print(shown)
        return None
    return shown
