"""Load on ``tablebits serve`` over loopback: many tables of bots at once, then many concurrent
view requests; tables finished per second, requests per second, the server's memory, and that
nothing was lost (every finished table's record complete: it replays to the end and has every
step the table showed).

    python -m benchmarks.serve --tables 200 --clients 16 --requests 4000

The server is the real command (``tablebits serve --port 0``) in its own process; the clients
are threads here. Every loop is bounded in count and in time (``--seconds``).
"""

from __future__ import annotations

import argparse
import json
import re
import signal
import subprocess
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import tablebits as tb

GAMES = [("good_fortune", {}, ["random", "random"]),
         ("color_mafia", {"players": 4}, ["random"] * 4),
         ("fox_duet", {}, ["random", "random"]),
         ("hoi_pho", {"players": 4}, ["random"] * 4)]


def _call(url: str, body: dict | None = None, token: str | None = None) -> tuple[int, bytes]:
    request = urllib.request.Request(url, None if body is None else json.dumps(body).encode())
    if token:
        request.add_header("authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=30) as answer:
        return answer.status, answer.read()


def _rss_kib(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+)", status).group(1))


def play_table(base: str, i: int, deadline: float) -> tuple[bool, int]:
    """Opens table ``i`` (bots only), waits for its end, fetches and checks its record:
    (complete, steps)."""
    game, params, seats = GAMES[i % len(GAMES)]
    _, raw = _call(base + "api/tables", {"game": game, "params": params, "seats": seats,
                                        "seed": i})
    made = json.loads(raw)
    token = made["hot_seat"].split("#token=")[1]
    while time.monotonic() < deadline:
        view = json.loads(_call(base + f"api/tables/{made['table']}", token=token)[1])
        if view["over"]:
            break
        time.sleep(0.02)
    else:
        return False, 0
    status, line = _call(base + f"api/tables/{made['table']}/record", token=token)
    record = tb.GameRecord.from_dict(json.loads(line))
    complete = (status == 200 and record.final_state().is_terminal()
                and len(record.actions) == view["step"] == len(view["log"]))
    return complete, len(record.actions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--clients", type=int, default=16, help="client threads")
    parser.add_argument("--requests", type=int, default=4000, help="view requests")
    parser.add_argument("--seconds", type=float, default=120.0, help="a bound on each part")
    args = parser.parse_args()
    child = subprocess.Popen([sys.executable, "-m", "tablebits", "serve", "--port", "0",
                              "--max-tables", str(args.tables + 1)],
                             stdout=subprocess.PIPE, text=True)
    base = re.search(r"open (http://\S+/)", child.stdout.readline()).group(1)
    try:
        idle = _rss_kib(child.pid)
        start = time.perf_counter()
        deadline = time.monotonic() + args.seconds
        with ThreadPoolExecutor(args.clients) as pool:
            results = list(pool.map(lambda i: play_table(base, i, deadline), range(args.tables)))
        seconds = time.perf_counter() - start
        complete = sum(ok for ok, _ in results)
        steps = sum(n for _, n in results)
        loaded = _rss_kib(child.pid)
        print(f"{args.tables} tables of bots, {args.clients} clients: {complete} complete "
              f"records ({steps} steps) in {seconds:.2f} s = {complete / seconds:.1f} tables/s")
        print(f"server memory: {idle / 1024:.0f} MiB idle, {loaded / 1024:.0f} MiB with "
              f"{args.tables} finished tables ({(loaded - idle) / args.tables:.0f} KiB a table)")
        made = json.loads(_call(base + "api/tables", {"game": "hoi_pho", "seats": ["human"] +
                                                      ["random"] * 3, "seed": 1})[1])
        token = made["seats"][0]["link"].split("#token=")[1]
        url = base + f"api/tables/{made['table']}"
        stop = time.monotonic() + args.seconds
        start = time.perf_counter()

        def view(_: int) -> int:
            return _call(url, token=token)[0] if time.monotonic() < stop else 0

        with ThreadPoolExecutor(args.clients) as pool:
            answered = sum(status == 200 for status in pool.map(view, range(args.requests)))
        seconds = time.perf_counter() - start
        print(f"{answered} of {args.requests} concurrent view requests answered in "
              f"{seconds:.2f} s = {answered / seconds:.0f} requests/s (Hội Phố, 4 players)")
        if complete != args.tables or answered != args.requests:
            sys.exit("lost: not every table finished with a complete record in time")
    finally:
        child.send_signal(signal.SIGINT)
        child.wait(timeout=30)


if __name__ == "__main__":
    main()
