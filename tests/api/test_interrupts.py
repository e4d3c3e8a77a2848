"""Ctrl-C: a real SIGINT sent to a subprocess busy in a long C++ call gives control back within
a second as KeyboardInterrupt; the CLI prints one line and exits 130."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

import tablebits as tb

#: Timed to the second after SIGINT: one worker runs them in turn.
pytestmark = [pytest.mark.skipif(os.name != "posix", reason="sends POSIX signals"),
              pytest.mark.xdist_group("interrupts")]

# The child prints READY just before the long call, then, once interrupted, the seconds spent
# between the call's start and the KeyboardInterrupt reaching Python.
CHILD = """
import sys, time
import tablebits as tb
{setup}
print("READY", flush=True)
start = time.perf_counter()
try:
    {call}
except KeyboardInterrupt:
    print("INTERRUPTED", flush=True)
    sys.exit(0)
print("FINISHED", flush=True)
"""

LONG_CALLS = {
    "simulate": ("", 'tb.simulate("hoi_pho", 50_000_000, threads=2)'),
    "simulate_progress": ("", 'tb.simulate("good_fortune", 10**8, threads=2, progress=True)'),
    "arena": (
        "bots = [tb.bots.ISMCTS(iterations=10**6), 'random']",
        'tb.arena("fox_duet", bots, 1000, threads=2)',
    ),
    "vector_env": (
        'env = tb.VectorEnv("color_mafia", 256, threads=2)',
        "while True: env.step(env.sample_actions())",
    ),
    "search": (
        'state = tb.make("fox_duet").new_initial_state(seed=1)',
        "tb.search(state, iterations=4 * 10**9)",
    ),
    "search_timed": (
        'state = tb.make("hoi_pho").new_initial_state(seed=1)',
        "tb.search(state, state.acting_players()[0], iterations=4 * 10**9, time_limit=3600.0)",
    ),
}


def interrupt_after(args: list[str], busy_seconds: float) -> tuple[float, subprocess.Popen, str]:
    """Starts `args`, waits for READY and `busy_seconds`, sends SIGINT; returns the seconds
    until the process's next line of output (or exit), the process and that line."""
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "READY"
    time.sleep(busy_seconds)
    assert proc.poll() is None, "the call ended before it could be interrupted"
    sent = time.perf_counter()
    proc.send_signal(signal.SIGINT)
    line = proc.stdout.readline().strip()
    latency = time.perf_counter() - sent
    return latency, proc, line


@pytest.mark.parametrize("name", sorted(LONG_CALLS))
def test_sigint_stops_long_call_within_a_second(name: str) -> None:
    setup, call = LONG_CALLS[name]
    code = CHILD.format(setup=setup, call=call)
    latency, proc, line = interrupt_after([sys.executable, "-c", code], busy_seconds=1.0)
    _, err = proc.communicate(timeout=30)
    assert line == "INTERRUPTED", err
    assert latency < 1.0, f"{name}: {latency:.3f} s from SIGINT to KeyboardInterrupt"
    assert proc.returncode == 0


def test_cli_exits_130_with_one_line() -> None:
    # The CLI prints nothing before its job starts, so READY comes from a wrapper line.
    code = (
        'print("READY", flush=True); import sys; from tablebits.__main__ import main; '
        'sys.exit(main(["simulate", "hoi_pho", "--games", "50000000", "--threads", "2", '
        '"--no-progress"]))'
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "READY"
    time.sleep(1.5)
    sent = time.perf_counter()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    latency = time.perf_counter() - sent
    assert proc.returncode == 130
    assert err.strip().splitlines() == ["tablebits: interrupted"], err
    assert "Traceback" not in err and out == ""
    assert latency < 1.5  # includes the interpreter's shutdown


@pytest.mark.parametrize("game_id", ["fox_duet", "hoi_pho", "good_fortune", "color_mafia"])
def test_ismcts_time_limit_within_ten_percent(game_id: str) -> None:
    state = tb.make(game_id).new_initial_state(seed=2)
    player = state.current_player() if state.current_player() >= 0 else state.acting_players()[0]
    limit = 0.25
    start = time.perf_counter()
    tb.search(state, player, iterations=4 * 10**9, time_limit=limit, seed=1)
    spent = time.perf_counter() - start
    assert 0.9 * limit <= spent <= 1.1 * limit, f"{game_id}: {spent:.3f} s for a {limit} s limit"
