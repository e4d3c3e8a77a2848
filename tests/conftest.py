"""Suite-wide pytest configuration."""

import signal

import pytest

pytest_plugins = ["tests.support.missing_packages", "pytester"]

# A shell starts a background job (`cmd &`, nohup) with SIGINT ignored, and a child process
# inherits that: the Ctrl-C tests' children would then never see their SIGINT and hang. A
# handler (unlike "ignored") is reset to the default in a child, so the children take SIGINT
# as Python's KeyboardInterrupt, as under a terminal.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Stops an xdist worker whose `xdist_group` marks did not reach the scheduler.

    `--dist loadgroup` keeps each group (the Ray tests, the Ctrl-C tests) on one worker by
    appending `@group` to the node ids, after which this hook runs. Where a pytest release
    breaks that, the groups would silently run side by side: several Ray instances at once and
    Ctrl-C timings under load.
    """
    if not config.getoption("loadgroup", False):  # True on the workers of a loadgroup run
        return
    lost = [item.nodeid for item in items
            if item.get_closest_marker("xdist_group") and "@" not in item.nodeid.rpartition("]")[2]]
    if lost:
        raise pytest.UsageError(
            f"--dist loadgroup lost the xdist_group of {len(lost)} tests (first: {lost[0]}); "
            "this pytest and pytest-xdist do not group tests: install the versions that "
            "requirements-test.txt names")
