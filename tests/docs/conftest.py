"""The docs tests need the engine; without a build they are skipped, not failed."""

import pytest

pytest.importorskip("tablebits")
