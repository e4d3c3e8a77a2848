"""Bad Ray addresses fail with a clear error within a bounded time."""

from __future__ import annotations

import socket
import time

import pytest

import tablebits as tb
from tablebits.__main__ import main
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


def closed_port() -> int:
    """A local TCP port nothing listens on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("scheme", ["", "ray://"])
def test_nothing_listening_is_a_prompt_connection_error(scheme):
    start = time.monotonic()
    with pytest.raises(ConnectionError, match="cannot reach a Ray cluster"):
        tb.simulate("good_fortune", 10, backend="ray", address=f"{scheme}127.0.0.1:{closed_port()}")
    assert time.monotonic() - start < distributed.CONNECT_TIMEOUT + 1


def test_unroutable_address_gives_up_after_the_timeout(monkeypatch):
    monkeypatch.setattr(distributed, "CONNECT_TIMEOUT", 1.0)
    start = time.monotonic()
    with pytest.raises(ConnectionError, match="192.0.2.1:6379"):  # TEST-NET: never answers
        tb.arena("good_fortune", ["random"], 10, backend="ray", address="192.0.2.1:6379")
    assert time.monotonic() - start < 3.0


def test_auto_without_a_cluster_and_malformed_addresses(monkeypatch, tmp_path):
    # "auto" joins any Ray instance this machine runs, found by scanning its processes and by the
    # address file under Ray's temporary folder. Other programs on a shared machine may run one,
    # so Ray is shown a machine without: no processes found, and an empty temporary folder.
    from ray._private import services

    def no_processes() -> list[str]:
        return []

    no_processes.cache_clear = lambda: None  # as the real one's: ray.init clears it
    monkeypatch.setattr(services, "find_gcs_addresses", no_processes)
    monkeypatch.setenv("RAY_TMPDIR", str(tmp_path))
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    with pytest.raises(ConnectionError, match="ray start --head"):
        tb.simulate("good_fortune", 10, backend="ray", address="auto")
    with pytest.raises(ValueError, match="HOST:PORT"):
        tb.simulate("good_fortune", 10, backend="ray", address="localhost")
    assert not ray.is_initialized()


def test_cli_reports_an_unreachable_address(capsys):
    code = main(["simulate", "good_fortune", "--games", "10", "--backend", "ray",
                 "--address", f"127.0.0.1:{closed_port()}"])
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: cannot reach a Ray cluster") and "Traceback" not in err
