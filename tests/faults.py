"""A TCP proxy in front of the test Redis that can refuse every connection for a while.

A real fault at the network level, as when the queue's Redis is down: while refusing, the
proxy closes every connection it carries and stops listening, so a client's next command
meets a refused connection and fails with ``ConnectionError`` after its own retries. Nothing
of ours is mocked. Only the clients pointed at ``proxy.url`` see the fault; the server and
every other client are untouched.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator
from urllib.parse import urlsplit, urlunsplit

CHUNK = 65536


class FaultProxy:
    """``url`` forwards to ``upstream_url`` (a ``redis://`` URL) until ``refuse()``."""

    def __init__(self, upstream_url: str) -> None:
        parts = urlsplit(upstream_url)
        assert parts.scheme == "redis", f"the proxy forwards TCP only, not {upstream_url}"
        self.upstream = (parts.hostname or "127.0.0.1", parts.port or 6379)
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        netloc = f"{parts.username + '@' if parts.username else ''}127.0.0.1:{self.port}"
        self.url = urlunsplit((parts.scheme, netloc, parts.path, parts.query, ""))
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        self.faults = 0  # how many times it went down
        self._serve()

    def refuse(self) -> None:
        """From now on, drop every connection carried and refuse every new one."""
        self.faults += 1
        _close(self._listener)
        with self._lock:
            for sock in list(self._open):
                _close(sock)
            self._open.clear()

    def recover(self) -> None:
        self._listener = socket.create_server(("127.0.0.1", self.port))
        self._serve()

    @contextlib.contextmanager
    def down(self) -> Iterator[None]:
        self.refuse()
        try:
            yield
        finally:
            self.recover()

    def close(self) -> None:
        self.refuse()

    def _serve(self) -> None:
        threading.Thread(
            target=self._accept, args=(self._listener,), name="fault-proxy", daemon=True
        ).start()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return  # refusing: the listener is closed
            try:
                server = socket.create_connection(self.upstream, timeout=2)
            except OSError:
                _close(client)
                continue
            server.settimeout(None)
            with self._lock:
                self._open |= {client, server}
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while chunk := source.recv(CHUNK):
                sink.sendall(chunk)
        except OSError:
            pass
        finally:
            with self._lock:
                self._open -= {source, sink}
            _close(source)
            _close(sink)


def _close(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    with contextlib.suppress(OSError):
        sock.close()
