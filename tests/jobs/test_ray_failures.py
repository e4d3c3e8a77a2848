"""An address where something other than Ray listens fails within the documented CONNECT_TIMEOUT,
and task_seconds=inf is refused before Ray is involved."""

from __future__ import annotations

import http.server
import math
import threading
import time

import pytest

import tablebits as tb
from tablebits.jobs import ray as distributed

#: Every test here starts Ray with the machine's CPUs: one worker runs them in turn.
pytestmark = pytest.mark.xdist_group("ray")

ray = pytest.importorskip("ray")


@pytest.fixture(autouse=True)
def no_ray_connection():
    if ray.is_initialized():  # an earlier module's instance: these tests need none
        ray.shutdown()
    yield
    ray.shutdown()


@pytest.fixture
def http_server():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("scheme", ["", "ray://"])
def test_an_http_server_is_not_a_ray_cluster(http_server, scheme):
    # Before: still running after 590 s (Ray retried the "GCS" forever).
    start = time.monotonic()
    with pytest.raises(ConnectionError, match="not a Ray cluster"):
        tb.simulate("good_fortune", 100, backend="ray", address=f"{scheme}127.0.0.1:{http_server}")
    assert time.monotonic() - start < distributed.CONNECT_TIMEOUT + 1
    assert not ray.is_initialized()


def test_a_silent_listener_gives_up_after_the_timeout(monkeypatch):
    monkeypatch.setattr(distributed, "CONNECT_TIMEOUT", 1.0)
    import socket

    with socket.socket() as listener:  # accepts connections (the kernel does) but never answers
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        start = time.monotonic()
        with pytest.raises(ConnectionError, match=f"127.0.0.1:{port}"):
            tb.simulate("good_fortune", 10, backend="ray", address=f"127.0.0.1:{port}")
        assert time.monotonic() - start < 3.0


@pytest.mark.parametrize("bad", [math.inf, math.nan, -1.0, 0])
def test_task_seconds_must_be_finite_and_positive(bad):
    with pytest.raises(ValueError, match="task_seconds must be a finite number > 0"):
        tb.simulate("good_fortune", 10, backend="ray", task_seconds=bad)
    assert not ray.is_initialized()
