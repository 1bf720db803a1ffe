"""A webhook receiver for tests: a threaded HTTP server on loopback that records every request
(headers and raw body) and answers what the test says (a status, a body, headers, a delay)."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Reply:
    status: int = 204
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0


class Receiver:
    """Records requests; ``reply`` (a function of the request's number, from 0) answers."""

    def __init__(self, reply: Callable[[int], Reply] | None = None) -> None:
        self.reply = reply or (lambda n: Reply())
        self.received: list[Received] = []
        self.lock = threading.Lock()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length", 0)))
                with owner.lock:
                    number = len(owner.received)
                    owner.received.append(
                        Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                    )
                answer = owner.reply(number)
                if answer.delay_s:
                    time.sleep(answer.delay_s)
                self.send_response(answer.status)
                for name, value in answer.headers.items():
                    self.send_header(name, value)
                self.send_header("content-length", str(len(answer.body)))
                self.end_headers()
                # The sender may read what it wants of the body and go.
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                    self.wfile.write(answer.body)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/hooks"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@contextmanager
def receiver(reply: Callable[[int], Reply] | None = None) -> Iterator[Receiver]:
    found = Receiver(reply)
    found.thread.start()
    try:
        yield found
    finally:
        found.close()


def closed_port() -> int:
    """A loopback port nothing listens on (a connection there is refused)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
