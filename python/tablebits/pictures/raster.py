"""Pictures as pixels: ``rgb_array(state)``, what ``render_mode="rgb_array"`` in the adapters
returns (``tablebits.adapters._options``).

The SVG of ``to_svg`` is rasterised by resvg (the ``resvg-py`` wheel: no system libraries)
and decoded by Pillow; both come with ``pip install 'tablebits[render]'``.
"""

from __future__ import annotations

import io

import numpy as np

from .._core import State
from . import to_svg

INSTALL = "render_mode='rgb_array' needs resvg-py and Pillow: pip install 'tablebits[render]'"


def rgb_array(state: State, seat: int | None = None, before: State | None = None,
              actions: int | list[int] | None = None) -> np.ndarray:
    """The picture ``to_svg(state, seat, before, actions)`` as a ``(height, width, 3)`` uint8
    array (the same shape with or without ``before``'s caption); an ImportError naming the
    extra when the rasteriser is not installed."""
    try:
        import resvg_py
        from PIL import Image
    except ImportError:
        raise ImportError(INSTALL) from None

    png = bytes(resvg_py.svg_to_bytes(svg_string=to_svg(state, seat, before, actions)))
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"))

