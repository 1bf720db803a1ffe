"""The direct path: one Redis command or a few, sent on a connection of its own, skipping
redis-py's command wrapper.

A fork: it uses redis-py's connections and packer but not its ``execute_command``, and must be
checked again at every redis-py upgrade (tests/events/test_redis_client.py holds it to
redis-py's behaviour). It buys 19.2 % of a move's instructions, used by the event store alone
(bench/api_cost.py; docs/performance.md, "What each fork buys"). Nothing else may use it: the
index and the rate limit once did, for 2.5 % and 1.8 %, and went back to redis-py's public API.
"""

from __future__ import annotations

import collections
import os
from collections.abc import Sequence
from typing import Any

import redis
from redis.cluster import RedisCluster
from redis.utils import HIREDIS_AVAILABLE

from events.redis_client import Client

if HIREDIS_AVAILABLE:
    import hiredis

__all__ = [
    "FALL_BACK",
    "MAX_IDLE_DIRECT",
    "direct",
    "direct_all",
    "direct_connections",
    "direct_pipeline",
    "pool_for",
]

# Answers that mean "ask another node": the cluster client follows them (and learns the new
# slot table), so the direct path hands such a command to it.
_REDIRECTS = (
    redis.exceptions.AskError,
    redis.exceptions.TryAgainError,
    redis.exceptions.ClusterError,
)


def pool_for(client: Client, key: str) -> redis.ConnectionPool:
    """The pool of the server that holds ``key``: the client's own, or its node's on a cluster."""
    if isinstance(client, RedisCluster):
        # A cluster node's attributes are not annotated in redis-py.
        pool: redis.ConnectionPool = client.get_node_from_key(key).redis_connection.connection_pool
        return pool
    return client.connection_pool


_pack = getattr(hiredis, "pack_command", None) if HIREDIS_AVAILABLE else None

FALL_BACK = object()
# The pool attribute that holds the idle connections of the direct path.
_ATTRIBUTE = "_foxden_direct_connections"
# Idle direct connections kept per pool; more are closed when handed back. Under threads a
# process never has more in use than it has threads; under gevent (stack notes 2 §2) only the
# greenlets that are in the middle of a command hold one, so this many cover the usual load and
# a burst (a thousand streams opening at once) cannot leave a thousand idle connections behind.
MAX_IDLE_DIRECT = 32


def direct(pool: redis.ConnectionPool, *command: Any) -> Any:
    """Run one command on a connection of the direct path, skipping redis-py's wrapper.

    redis-py 8 wraps every command in observability hooks, argument checks and a retry loop
    (about 20 µs of CPU a call here, more than the append script costs the server), and
    checking a connection out of its pool and back in cost another 6 % of a move's
    instructions in the API (bench/api_cost.py). The hot paths
    (append, read, head) send their command here instead and get the
    reply as Redis sent it. On a connection problem, a NOSCRIPT or a cluster's redirection
    (MOVED, ASK, TRYAGAIN, CLUSTERDOWN) this returns :data:`FALL_BACK`, and the caller repeats
    the command through the client, with its retry policy (safe for the append: see
    :func:`retry_policy`); a cluster client follows the redirection and learns the new slots.
    """
    connection = _take(pool)
    try:
        # hiredis packs the command itself; redis-py's packer would first copy every argument.
        _send(connection, _pack(command) if _pack else b"".join(connection.pack_command(*command)))
        return connection.read_response()
    except (redis.exceptions.NoScriptError, *_REDIRECTS):
        return FALL_BACK
    except (redis.ConnectionError, redis.TimeoutError, OSError):
        connection.disconnect()
        return FALL_BACK
    except redis.ResponseError:
        raise  # the whole reply was read: the connection is fine
    except BaseException:
        # Interrupted between sending and reading (a signal, a timeout of the caller's): the
        # reply may still come, and must never be read as the answer to the next command.
        connection.disconnect()
        raise
    finally:
        _give_back(pool, connection)


def _take(pool: redis.ConnectionPool) -> redis.Connection:
    """An idle connection of the direct path to ``pool``'s server, else a new one.

    Not one per thread: under gevent a thread-local is a greenlet-local, and one connection per
    greenlet would be one per open stream. A shared stack of idle connections is the same
    number as before under threads (at most one in use per thread) and a handful under gevent.
    Kept outside the pool's count and its checkout (whose cost is what this path saves); they
    hang on the pool itself, not in a table keyed by pool: a connection refers back to its pool
    (redis-py 8's maintenance handler), so such a table would keep every pool alive. A
    connection reconnects by itself after an error and PINGs after ``health_check_interval``
    idle. ``deque.pop`` and ``append`` are atomic, so no lock is needed under either model.
    """
    idle: collections.deque[redis.Connection] | None = pool.__dict__.get(_ATTRIBUTE)
    if idle is None:
        idle = pool.__dict__.setdefault(_ATTRIBUTE, collections.deque())
    while True:
        try:
            connection = idle.pop()
        except IndexError:
            new: redis.Connection = pool.connection_class(**pool.connection_kwargs)
            return new
        if connection.pid == os.getpid():
            return connection
        # Made before a fork: the parent's socket, never to be shared; drop it.


def _give_back(pool: redis.ConnectionPool, connection: redis.Connection) -> None:
    idle = pool.__dict__[_ATTRIBUTE]
    if len(idle) < MAX_IDLE_DIRECT:
        idle.append(connection)
    else:
        connection.disconnect()


def direct_pipeline(pool: redis.ConnectionPool, commands: Sequence[tuple[Any, ...]]) -> Any:
    """:func:`direct` for several commands sent together: one round trip, the replies in
    order. Read-only commands only: on a connection problem or a cluster's redirection it
    returns :data:`FALL_BACK` and the caller sends them again one by one (through the client,
    which follows the redirection)."""
    connection = _take(pool)
    try:
        _send(connection, _packed(connection, commands))
        replies = [connection.read_response() for _ in commands]
    except (redis.ConnectionError, redis.TimeoutError, OSError, *_REDIRECTS):
        connection.disconnect()  # replies may be left unread on the socket
        return FALL_BACK
    except BaseException:
        connection.disconnect()  # replies may be left unread on the socket
        raise
    finally:
        _give_back(pool, connection)
    return replies


def _packed(connection: redis.Connection, commands: Sequence[tuple[Any, ...]]) -> bytes:
    # hiredis packs each command in C: redis-py's ``pack_commands`` copies every argument.
    if _pack:
        return b"".join([_pack(command) for command in commands])
    return b"".join(connection.pack_commands(commands))


def _send(connection: redis.Connection, packed: bytes) -> None:
    """Write ``packed`` to the connection, in one ``send`` when the socket's buffer takes it
    all, as it takes nearly every command.

    redis-py's ``send_packed_command`` writes with the socket's ``sendall``, which under gevent
    (the API's worker) is a Python loop that asks the kernel for the send buffer's size and
    reads the clock before it sends a byte: a PING's round trip cost 44.5 k instructions there,
    30 k with this (callgrind; 26 k with blocking sockets either way). The rest of what
    redis-py does before a write is kept: a connection without a socket connects, an idle one
    is health-checked, and a failed write disconnects it and raises redis-py's own errors.
    fakeredis's sockets have ``sendall`` only: redis-py's path. A write interrupted otherwise (a
    signal, a caller's timeout) is its callers' to handle: each drops the connection.
    """
    sock = connection._sock
    if sock is None or not hasattr(sock, "send"):
        connection.send_packed_command([packed])
        return
    connection.check_health()  # may reconnect: the socket is looked up again below
    sock = connection._sock
    try:
        sent = sock.send(packed)
        if sent < len(packed):
            sock.sendall(memoryview(packed)[sent:])
    except TimeoutError as error:  # socket.timeout: its OSError subclass
        connection.disconnect()
        raise redis.TimeoutError("Timeout writing to socket") from error
    except OSError as error:
        connection.disconnect()
        raise redis.ConnectionError(f"Error while writing to socket: {error}") from error


def _connection(pool: redis.ConnectionPool) -> redis.Connection:
    """The connection the next direct command from here will use (tests look at it)."""
    connection = _take(pool)
    _give_back(pool, connection)
    return connection


def direct_all(pool: redis.ConnectionPool, *commands: tuple[Any, ...]) -> list[Any]:
    """Send ``commands`` at once on one connection of the direct path and read every reply.

    One round trip, and all on one connection, which ``WAIT`` and ``WAITAOF`` need (they wait
    for the writes of their own connection). An error reply takes its command's place in the
    list as the exception; a connection problem raises, after the connection is dropped.
    """
    connection = _take(pool)
    replies: list[Any] = []
    try:
        _send(connection, _packed(connection, commands))
        for _ in commands:
            try:
                replies.append(connection.read_response())
            except redis.ResponseError as error:
                replies.append(error)
    except BaseException:
        connection.disconnect()  # a reply may still be on its way: never read it as the next
        raise
    finally:
        _give_back(pool, connection)
    return replies


def direct_connections(pool: redis.ConnectionPool) -> int:
    """How many idle connections the direct path keeps for ``pool`` (for tests and metrics)."""
    return len(pool.__dict__.get(_ATTRIBUTE, ()))
