"""Suite-wide pytest configuration."""

pytest_plugins = ["tests.missing_packages", "pytester"]
