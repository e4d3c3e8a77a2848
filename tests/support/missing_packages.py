"""A pytest plugin (loaded by tests/conftest.py): a test skipped because a package is missing
fails instead.

The README's one test command installs everything the suite needs (the ``test`` extra, written
out as requirements-test.txt), so a
``pytest.importorskip`` that skips means the install is incomplete; a green run with skipped
adapter, Ray or plot tests would hide that. Skips for other reasons (not a POSIX system, not a git
checkout) stay skips.
"""

from __future__ import annotations

import pytest

#: How ``pytest.importorskip`` words its skip (every pytest version since 3).
MISSING = "could not import"


def _fail_if_missing_package(report: pytest.CollectReport | pytest.TestReport) -> None:
    if not report.skipped or not isinstance(report.longrepr, tuple):
        return
    reason = str(report.longrepr[2])
    if MISSING not in reason:
        return
    report.outcome = "failed"
    report.longrepr = (
        f"{reason.removeprefix('Skipped: ')}\n"
        "a test skipped for a missing package fails: install what the suite needs with "
        "pip install -r requirements-test.txt"
    )


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    _fail_if_missing_package(outcome.get_result())


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    outcome = yield
    _fail_if_missing_package(outcome.get_result())
