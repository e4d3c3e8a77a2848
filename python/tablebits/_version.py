"""The version of tablebits: the one place it is written.

pyproject.toml reads it from here (scikit-build-core's regex metadata provider), so the wheel's
metadata, ``tablebits.__version__``, ``tablebits --version`` and the ``tablebits`` field of game
records all say the same. Released changes are listed in CHANGELOG.md.
"""

__version__ = "0.1.0"
