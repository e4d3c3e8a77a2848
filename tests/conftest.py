"""Suite-wide pytest configuration."""

pytest_plugins = ["tests.support.missing_packages", "pytester"]
