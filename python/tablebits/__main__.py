"""``python -m tablebits``: the command line (``tablebits.cli.main``)."""

from __future__ import annotations

import sys

from .cli.main import main

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
