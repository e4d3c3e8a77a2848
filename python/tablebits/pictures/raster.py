"""Pictures as pixels: ``rgb_array(state)`` for ``render_mode="rgb_array"`` in the adapters.

The SVG of ``to_svg`` is rasterised by resvg (the ``resvg-py`` wheel: no system libraries)
and decoded by Pillow; both come with ``pip install 'tablebits[render]'``.
"""

from __future__ import annotations

import io

import numpy as np

from .._core import State
from . import to_svg

INSTALL = "render_mode='rgb_array' needs resvg-py and Pillow: pip install 'tablebits[render]'"


def check_available() -> None:
    """ImportError naming the extra when the rasteriser is not installed (checked up front)."""
    try:
        import PIL.Image  # noqa: F401
        import resvg_py  # noqa: F401
    except ImportError:
        raise ImportError(INSTALL) from None


def rgb_array(state: State, seat: int | None = None) -> np.ndarray:
    """The picture ``to_svg(state, seat)`` as a ``(height, width, 3)`` uint8 array."""
    check_available()
    import resvg_py
    from PIL import Image

    png = bytes(resvg_py.svg_to_bytes(svg_string=to_svg(state, seat)))
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"))


#: The render modes the Gymnasium and PettingZoo adapters take.
RENDER_MODES = ["ansi", "human", "rgb_array"]


def check_render_mode(mode: object) -> None:
    """ValueError for an unknown mode; ImportError (naming the extra) for ``rgb_array``
    without the rasteriser, so that making the env fails rather than its first render."""
    if mode is not None and mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None, 'ansi', 'human' or 'rgb_array', got "
                         f"{mode!r}")
    if mode == "rgb_array":
        check_available()


def render(state: State, mode: str) -> str | np.ndarray | None:
    """An adapter's ``render()``: the board as text (``ansi``), printed (``human``), or the
    picture with every hand face up as an RGB array (``rgb_array``)."""
    if mode == "rgb_array":
        return rgb_array(state)
    text = str(state)
    if mode == "human":
        print(text)
        return None
    return text
