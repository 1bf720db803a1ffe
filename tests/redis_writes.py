"""Redis commands counted on the wire: each write a connection's socket is asked to make.

One write per round trip (a pipeline writes once), whichever path sends it: redis-py's, or the
store's direct one (``events.direct_path.direct``), which never goes through
``send_packed_command``. Used by tests/service/test_round_trips.py and bench/api_load.py.
"""

from __future__ import annotations

import socket
from collections.abc import Callable
from typing import Any

# Enough of a write for the command's name and first argument (an EVALSHA's script hash).
HEAD_BYTES = 80


def words(data: bytes) -> list[bytes] | None:
    """The first words of the command a write starts (its name first), or None for a write that
    carries the rest of a command the socket took in parts."""
    head = bytes(data[:HEAD_BYTES])
    if not head.startswith(b"*"):
        return None
    return head.split(b"\r\n")[2::2]  # each word follows its "$<length>" line


class CountingSocket:
    """A connection's socket that hands each command it writes to ``on_write``, as words."""

    def __init__(self, sock: socket.socket, on_write: Callable[[list[bytes]], None]) -> None:
        self._sock, self._on_write = sock, on_write

    def send(self, data: bytes, *flags: int) -> int:
        self._seen(data)
        return self._sock.send(data, *flags)

    def sendall(self, data: bytes, *flags: int) -> None:
        self._seen(data)
        self._sock.sendall(data, *flags)

    def _seen(self, data: bytes) -> None:
        command = words(data)
        if command:
            self._on_write(command)

    def __getattr__(self, name: str) -> Any:  # reads, timeouts, shutdown: the socket's own
        return getattr(self._sock, name)
