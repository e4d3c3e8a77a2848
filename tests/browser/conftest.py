"""A headless Chromium driven by Selenium, for the tests that need a real browser.

These tests are not part of the default ``python -m pytest`` run (pyproject's
``norecursedirs`` leaves this folder out), because they need a system browser: run them with
``.ci/browser``, which installs Debian's ``chromium`` and ``chromium-driver``, or with
``python -m pytest tests/browser`` where both are on PATH.
"""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator

import pytest
from selenium import webdriver  # pip install 'tablebits[browser]'


@contextlib.contextmanager
def chromium() -> Iterator[webdriver.Chrome]:
    """A headless Chromium with its own session, quit on leaving."""
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if binary is None or driver_path is None:
        pytest.fail("tests/browser needs chromium and chromedriver on PATH (see .ci/browser)")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1400,1000", "--force-device-scale-factor=1"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options,
                              service=webdriver.ChromeService(executable_path=driver_path))
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    with chromium() as driver:
        yield driver


@pytest.fixture
def second_browser() -> Iterator[webdriver.Chrome]:
    """Another browser, with its own session: a second person."""
    with chromium() as driver:
        yield driver
