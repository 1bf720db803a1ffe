"""The settings connect() gives a client (no server needed: pools connect lazily), and the
direct path the store sends its hot commands on (these need the test Redis)."""

from __future__ import annotations

import gc
import threading
import uuid
import weakref

import pytest
import redis

from events.direct_path import (
    FALL_BACK,
    MAX_IDLE_DIRECT,
    _connection,
    direct,
    direct_all,
    direct_connections,
)
from events.redis_client import HIREDIS_AVAILABLE, MAX_BLOCK_MS, connect
from foxden.bootstrap import redis_client
from foxden.settings import Settings
from tests.threads import run_threads

# About one server: its databases, its pools, its connections.
pytestmark = pytest.mark.single_redis


def settings(client) -> dict:
    pool = client.connection_pool
    return {**pool.connection_kwargs, "max_connections": pool.max_connections}


def test_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.delenv("FOXDEN_REDIS_MAX_CONNECTIONS", raising=False)
    found = settings(connect())
    assert (found["host"], found["port"], found["db"]) == ("127.0.0.1", 6379, 0)
    assert found["socket_connect_timeout"] == 2
    assert found["socket_timeout"] == 5
    assert found["health_check_interval"] > 0
    assert found["max_connections"] == 1000
    assert found["retry"].get_retries() == 3  # not redis-py 8's ten


def test_url_and_pool_size_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REDIS_URL", "redis://example.invalid:6390/3")
    monkeypatch.setenv("FOXDEN_REDIS_MAX_CONNECTIONS", "42")
    found = settings(redis_client(Settings.from_env()))
    assert (found["host"], found["port"], found["db"]) == ("example.invalid", 6390, 3)
    assert found["max_connections"] == 42
    monkeypatch.setenv("FOXDEN_REDIS_MAX_CONNECTIONS", "lots")
    with pytest.raises(ValueError, match="FOXDEN_REDIS_MAX_CONNECTIONS"):
        redis_client(Settings.from_env())


def test_unix_socket_urls() -> None:
    client = connect("unix:///var/run/redis/redis.sock?db=2")
    found = settings(client)
    assert (found["path"], found["db"]) == ("/var/run/redis/redis.sock", 2)
    client.connection_pool.make_connection()  # the options suit a Unix socket connection


def test_tcp_connections_are_built_with_keepalive() -> None:
    client = connect("redis://127.0.0.1:6379/0")
    assert client.connection_pool.make_connection().socket_keepalive


def test_blocking_clients_outwait_the_longest_block() -> None:
    assert settings(connect(blocking=True))["socket_timeout"] > MAX_BLOCK_MS / 1000


def test_hiredis_is_installed_and_so_used() -> None:
    # redis-py chooses its hiredis parser by itself when the package imports.
    assert HIREDIS_AVAILABLE


# --- the direct path ------------------------------------------------------------------------


def test_the_direct_path_reuses_idle_connections(redis_url: str) -> None:
    client = connect(redis_url)
    pool = client.connection_pool
    assert direct(pool, "PING") in (b"PONG", "PONG")
    first = _connection(pool)
    assert direct(pool, "ECHO", "x") == b"x"
    assert _connection(pool) is first  # one after another: one connection
    assert direct_connections(pool) == 1
    assert _connection(connect(redis_url).connection_pool) is not first  # one set per pool
    client.close()


def test_threads_at_once_hold_one_connection_each_and_leave_few_idle(redis_url: str) -> None:
    # Not one per thread for ever: under gevent a thread-local is per greenlet, and a thousand
    # streams would keep a thousand connections. The direct path keeps the idle ones on a stack.
    client = connect(redis_url)
    pool = client.connection_pool
    started = threading.Barrier(MAX_IDLE_DIRECT + 8)
    replies: list[object] = []

    def blocked_command(_: int) -> None:
        started.wait()
        replies.append(direct(pool, "BLPOP", f"nothing:{uuid.uuid4().hex}", "0.3"))

    run_threads(MAX_IDLE_DIRECT + 8, blocked_command)
    assert replies == [None] * (MAX_IDLE_DIRECT + 8)  # each ran on a connection of its own
    assert direct_connections(pool) == MAX_IDLE_DIRECT  # the other 8 were closed
    client.close()


def test_a_threads_connections_go_with_their_pool(redis_url: str) -> None:
    made = []
    for _ in range(3):
        client = connect(redis_url)
        direct(client.connection_pool, "PING")
        made.append(weakref.ref(_connection(client.connection_pool)))
        client.close()
        del client
    gc.collect()
    assert [ref() for ref in made] == [None, None, None]


def test_a_connection_made_before_a_fork_is_not_used_after_it(redis_url: str) -> None:
    pool = connect(redis_url).connection_pool
    inherited = _connection(pool)
    inherited.pid = -1  # as if made by the parent process
    assert direct(pool, "ECHO", "mine") == b"mine"
    assert _connection(pool) is not inherited


def test_an_interrupted_reply_is_never_read_as_the_next_one(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    pool = connect(redis_url).connection_pool
    direct(pool, "PING")  # connected: the handshake's own replies are read
    connection = _connection(pool)

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(connection, "read_response", interrupted)
    with pytest.raises(KeyboardInterrupt):
        direct(pool, "ECHO", "first")  # sent; its reply is left unread
    monkeypatch.undo()
    assert direct(pool, "ECHO", "second") == b"second"


def test_connection_trouble_falls_back_to_the_client(redis_url: str) -> None:
    pool = connect("redis://127.0.0.1:1/0").connection_pool  # nothing listens on port 1
    assert direct(pool, "PING") is FALL_BACK
    assert direct(pool, "PING") is FALL_BACK  # and again, after the disconnect


class ShortWrites:
    """A connection's socket that takes at most ``chunk`` bytes a ``send``, as a full send
    buffer does, or fails every write with ``error``."""

    def __init__(self, sock, chunk: int = 0, error: BaseException | None = None) -> None:
        self._sock, self.chunk, self.error, self.sends = sock, chunk, error, 0

    def send(self, data, *flags):
        self.sends += 1
        if self.error is not None:
            raise self.error
        return self._sock.send(bytes(data)[: self.chunk], *flags)

    def sendall(self, data, *flags):
        if self.error is not None:
            raise self.error
        while data:  # through send, short writes and all
            data = memoryview(data)[self.send(data, *flags) :]

    def __getattr__(self, name):
        return getattr(self._sock, name)


def test_a_command_the_socket_takes_in_parts_is_sent_whole(redis_url: str) -> None:
    pool = connect(redis_url).connection_pool
    direct(pool, "PING")
    connection = _connection(pool)
    connection._sock = short = ShortWrites(connection._sock, chunk=5)
    value = "x" * 100
    assert direct(pool, "ECHO", value) == value.encode()
    assert short.sends > 20  # 5 bytes at a time: the rest followed the first send
    assert direct(pool, "ECHO", "next") == b"next"  # and nothing was left half-written


@pytest.mark.parametrize("error", [BrokenPipeError(32, "Broken pipe"), TimeoutError("timed out")])
def test_a_failed_write_drops_the_connection_and_falls_back(redis_url: str, error: OSError) -> None:
    pool = connect(redis_url).connection_pool
    direct(pool, "PING")
    connection = _connection(pool)
    connection._sock = ShortWrites(connection._sock, error=error)
    assert direct(pool, "ECHO", "lost") is FALL_BACK
    assert connection._sock is None  # disconnected: its next command connects afresh
    assert direct(pool, "ECHO", "again") == b"again"


def test_a_failed_write_of_several_commands_raises_redis_py_errors(redis_url: str) -> None:
    # direct_all's callers (the durable append, the index) catch redis-py's errors.
    pool = connect(redis_url).connection_pool
    direct(pool, "PING")
    connection = _connection(pool)
    connection._sock = ShortWrites(connection._sock, error=ConnectionResetError(104, "reset"))
    with pytest.raises(redis.ConnectionError):
        direct_all(pool, ("ECHO", "a"), ("ECHO", "b"))
    connection._sock = None
    connection.connect()
    connection._sock = ShortWrites(connection._sock, error=TimeoutError("timed out"))
    with pytest.raises(redis.TimeoutError):
        direct_all(pool, ("ECHO", "a"))
    assert direct_all(pool, ("ECHO", "a"), ("ECHO", "b")) == [b"a", b"b"]


def test_an_idle_connection_is_health_checked_before_a_write(redis_url: str) -> None:
    pool = connect(redis_url).connection_pool
    direct(pool, "PING")
    connection = _connection(pool)
    connection.next_health_check = 0  # idle for longer than the interval
    connection._sock = counted = ShortWrites(connection._sock, chunk=1 << 16)
    assert direct(pool, "ECHO", "checked") == b"checked"
    assert counted.sends == 2  # the health check's PING, then the command
    assert connection.next_health_check > 0
