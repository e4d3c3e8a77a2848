"""``tablebits serve``: the web app where people play against each other and the bots."""

from __future__ import annotations

import argparse
import ipaddress
import socket
import sys
from typing import Any

LOOPBACK = "127.0.0.1"


def add_serve_parser(sub: Any) -> None:
    serve = sub.add_parser(
        "serve", help="play in a browser: a local web app with tables for people and bots "
        "(needs [serve])")
    serve.add_argument("--host", default=LOOPBACK,
                       help=f"the address to listen on (default {LOOPBACK}: this machine only; "
                       "any other is reachable from elsewhere and is warned about)")
    serve.add_argument("--port", type=int, default=8000, help="default 8000; 0: any free port")
    serve.add_argument("--bot-threads", type=int, default=4, metavar="N",
                       help="threads the bots of every table decide in (default 4)")
    serve.add_argument("--bot-seconds", type=float, default=30.0, metavar="S",
                       help="a bot that takes longer over one move ends its table (default 30)")
    serve.add_argument("--max-tables", type=int, default=100, metavar="N",
                       help="the most tables kept open at once (default 100)")


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable only from this machine."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def run_serve(args: argparse.Namespace) -> int:
    """Serves until Ctrl-C (then the interrupt reaches ``main``: one line, status 130); 2 when
    the extra is missing, an option is wrong or the address cannot be listened on."""
    try:
        import uvicorn

        from ..serve.app import create_app
        from ..serve.bots import BotRunner
    except ImportError as err:
        print(f"error: tablebits serve needs Starlette and uvicorn: pip install "
              f"'tablebits[serve]' ({err})", file=sys.stderr)
        return 2
    try:
        if args.max_tables < 1:
            raise ValueError(f"--max-tables must be at least 1, got {args.max_tables}")
        runner = BotRunner(args.bot_threads, args.bot_seconds)
        listening = _listen(args.host, args.port)
    except (ValueError, OSError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    if not is_loopback(args.host):
        print(f"warning: listening on {args.host}, not only on this machine: anyone who can "
              "reach it can open tables, and whoever has a seat's link plays that seat "
              "(plain HTTP, no password)", file=sys.stderr)
    host, port = listening.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    print(f"tablebits serve: open http://{shown}:{port}/ in a browser; Ctrl-C stops", flush=True)
    config = uvicorn.Config(create_app(runner, args.max_tables), log_level="warning")
    uvicorn.Server(config).run(sockets=[listening])
    return 0


def _listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host:port``; ``OSError`` saying why not."""
    if not 0 <= port < 65536:
        raise ValueError(f"--port must be in 0..65535, got {port}")
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
    except socket.gaierror as err:
        raise OSError(f"--host {host}: {err.strerror}") from None
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(2048)  # before the address is printed: a browser opened then connects
    except OSError as err:
        sock.close()
        raise OSError(f"cannot listen on {host}:{port}: {err.strerror}") from None
    return sock
