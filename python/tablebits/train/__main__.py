"""``python -m tablebits.train GAME``: train a Baseline network (``tablebits.train.command``)."""

from __future__ import annotations

import sys

from .command import main

if __name__ == "__main__":
    sys.exit(main())
