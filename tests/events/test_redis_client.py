"""The settings connect() gives a client (no server needed: pools connect lazily)."""

from __future__ import annotations

import pytest

from events.redis_client import HIREDIS_AVAILABLE, MAX_BLOCK_MS, connect


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
    found = settings(connect())
    assert (found["host"], found["port"], found["db"]) == ("example.invalid", 6390, 3)
    assert found["max_connections"] == 42
    monkeypatch.setenv("FOXDEN_REDIS_MAX_CONNECTIONS", "lots")
    with pytest.raises(ValueError, match="FOXDEN_REDIS_MAX_CONNECTIONS"):
        connect()


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
