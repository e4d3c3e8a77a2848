"""``tablebits serve`` as a command: it listens where it says, warns about other addresses,
refuses what it cannot listen on, and Ctrl-C stops it cleanly."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

from tablebits.cli.serve import is_loopback

pytestmark = [pytest.mark.skipif(os.name != "posix", reason="sends POSIX signals"),
              pytest.mark.xdist_group("interrupts")]


def _start(*args: str) -> tuple[subprocess.Popen, str]:
    """The server on a free port; its address, read from the line it prints."""
    child = subprocess.Popen([sys.executable, "-m", "tablebits", "serve", "--port", "0", *args],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = child.stdout.readline()
    found = re.search(r"open (http://\S+/) in a browser", line)
    assert found, (line, child.stderr.read() if child.poll() is not None else "")
    return child, found.group(1)


@pytest.mark.parametrize("seats", [["human", "human"], ["ismcts:20s", "ismcts:20s"]],
                         ids=["people", "bots-searching"])
def test_ctrl_c_stops_the_server_cleanly(seats):
    child, address = _start()
    try:
        assert address.startswith("http://127.0.0.1:")
        body = json.dumps({"game": "good_fortune", "seats": seats})
        with urllib.request.urlopen(address + "api/tables", body.encode(), timeout=10) as made:
            assert made.status == 201
            view = json.load(made)
        if "ismcts:20s" in seats:  # the Ctrl-C comes while a bot searches in its thread
            token = view["hot_seat"].partition("#token=")[2]
            request = urllib.request.Request(address + f"api/tables/{view['table']}",
                                             headers={"Authorization": f"Bearer {token}"})
            with urllib.request.urlopen(request, timeout=10) as seen:
                assert any(seat["thinking"] for seat in json.load(seen)["seats"])
        with urllib.request.urlopen(address, timeout=10) as page:
            assert page.status == 200
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=20)
    finally:
        child.kill()
    assert child.returncode == 130
    assert err.strip().splitlines()[-1] == "tablebits: interrupted"
    assert "Traceback" not in err
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(address, timeout=2)


def test_another_address_is_warned_about():
    child, address = _start("--host", "0.0.0.0")
    try:
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=20)
    finally:
        child.kill()
    assert "warning: listening on 0.0.0.0, not only on this machine" in err


def test_an_address_in_use_is_refused_in_words():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "tablebits", "serve", "--port", str(port)],
                              capture_output=True, text=True, timeout=30)
    assert done.returncode == 2
    assert done.stderr.startswith(f"error: cannot listen on 127.0.0.1:{port}")


def test_loopback_addresses():
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.2")
    assert not is_loopback("example.org")
