"""Starting Ray from the CLI: no token-authentication notice, and the summary gives Ray's start time
apart from the run's time."""

from __future__ import annotations

import json
import logging
import re
import subprocess
import sys
import time

import pytest

pytest.importorskip("ray")

from tablebits.jobs import ray as distributed  # noqa: E402

#: Every test here starts Ray with the machine's CPUs: one worker runs them in turn.
pytestmark = pytest.mark.xdist_group("ray")


def test_cli_ray_run_reports_start_and_run_times_without_the_token_notice():
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "tablebits", "simulate", "good_fortune", "--games", "3000",
         "--backend", "ray", "--no-progress", "--json"],
        capture_output=True, text=True, timeout=300,
    )
    wall = time.perf_counter() - started
    assert done.returncode == 0, done.stderr
    assert "Token authentication" not in done.stderr
    d = json.loads(done.stdout)
    # Starting a local Ray instance takes seconds, so the summary reports it apart from the run,
    # which then starts the workers and plays. Both fit in the process's wall-clock time.
    assert d["startup_seconds"] > 0.5 and d["seconds"] > 0
    assert d["startup_seconds"] + d["seconds"] < wall


def test_the_summary_line_shows_both_times():
    import tablebits as tb

    result = tb.simulate("good_fortune", 100, seed=1)
    assert result.startup_seconds == 0.0 and "starting Ray" not in result.summary()
    on_ray = type(result)(**{**result.__dict__, "seconds": 0.25, "startup_seconds": 9.5})
    first = on_ray.summary().splitlines()[0]
    assert re.search(r"100 random games in 0\.25 s \(\+ 9\.50 s starting Ray\)", first), first


def test_only_the_token_notice_is_dropped():
    def record(message):
        return logging.LogRecord(distributed._TOKEN_LOGGER, logging.WARNING, "", 0, message,
                                 None, None)

    assert not distributed._token_notice(record(
        "Token authentication is enabled for this Ray cluster. Set RAY_AUTH_MODE=disabled"))
    assert distributed._token_notice(record("Some other warning"))
