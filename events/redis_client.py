"""Redis clients with settings that suit the event store (redis-py 8's defaults do not).

redis-py 8 retries a failed command 10 times with backoff, times a read out after 5 s and
caps a pool at 100 connections. For Foxden that means: a dead Redis stalls a request for
about a minute instead of failing fast; an ``XREAD BLOCK`` longer than the socket timeout
fails with TimeoutError (after all the retries); and the 101st open event stream of a process
gets ``MaxConnectionsError``. :func:`connect` sets each of these on purpose.

Redis Cluster: a ``redis+cluster://HOST:PORT`` URL (any node; its peers are discovered) gives a
``RedisCluster`` with the same settings per node. Every command of one game stays within the
game's slot (its keys share a hash tag), so nothing here needs a cross-slot command; the direct
path below sends each command to the connection of the node that owns its key
(:func:`pool_for`). :data:`TRANSIENT` names the errors a failover raises for a few seconds.

hiredis: redis-py picks its C reply parser by itself whenever the ``hiredis`` package is
importable (it is a dependency, ``redis[hiredis]``); :data:`HIREDIS_AVAILABLE` says whether it
did. It parses replies several times faster than the pure-Python parser, which matters for
reading streams.
"""

from __future__ import annotations

import collections
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit, urlunsplit

import redis
from redis.backoff import ExponentialWithJitterBackoff
from redis.cluster import RedisCluster
from redis.retry import Retry
from redis.utils import HIREDIS_AVAILABLE

if HIREDIS_AVAILABLE:
    import hiredis

if TYPE_CHECKING:
    from typing_extensions import TypeIs

Client = redis.Redis | RedisCluster

__all__ = [
    "CLUSTER_SCHEMES",
    "CONNECT_TIMEOUT_S",
    "DEFAULT_MAX_CONNECTIONS",
    "DEFAULT_URL",
    "FALL_BACK",
    "HIREDIS_AVAILABLE",
    "MAX_BLOCK_MS",
    "SOCKET_TIMEOUT_S",
    "TRANSIENT",
    "Client",
    "blocking_socket_timeout",
    "connect",
    "connect_server",
    "direct",
    "direct_all",
    "direct_connections",
    "direct_pipeline",
    "is_cluster",
    "is_cluster_url",
    "pool_for",
    "retry_policy",
]

DEFAULT_URL = "redis://127.0.0.1:6379/0"
# Each open event stream (SSE) holds a connection during its XREAD BLOCK, so a pool must be
# larger than the number of streams a process may serve (FOXDEN_REDIS_MAX_CONNECTIONS).
DEFAULT_MAX_CONNECTIONS = 1000
CONNECT_TIMEOUT_S = 2.0
SOCKET_TIMEOUT_S = 5.0
# The longest XREAD BLOCK any caller may ask for. Blocking clients wait a little longer than
# this on the socket, so a BLOCK always ends on the server's side (an empty reply) rather than
# with a socket timeout, and a silently dead server is still noticed eventually.
MAX_BLOCK_MS = 60_000
HEALTH_CHECK_INTERVAL_S = 30
RETRIES = 3
# ``redis+cluster://`` → the scheme redis-py knows for the node it starts from.
CLUSTER_SCHEMES = {"redis+cluster": "redis", "rediss+cluster": "rediss"}
# What a Redis (or a cluster's slot) that is down, restarting or failing over raises: worth
# retrying, never the client's fault. A Redis Cluster failover raised only ConnectionError for
# its 3.7 s (stack notes 2, section 3); the rest are what a slot in motion may answer.
TRANSIENT: tuple[type[Exception], ...] = (
    redis.ConnectionError,
    redis.TimeoutError,
    redis.exceptions.ReadOnlyError,  # a replica, during a failover
    redis.exceptions.ClusterDownError,  # CLUSTERDOWN, MASTERDOWN
    redis.exceptions.TryAgainError,  # a slot being moved
    redis.exceptions.SlotNotCoveredError,  # no node serves the slot yet
)
# Answers that mean "ask another node": the cluster client follows them (and learns the new
# slot table), so the direct path hands such a command to it.
_REDIRECTS = (
    redis.exceptions.AskError,
    redis.exceptions.TryAgainError,
    redis.exceptions.ClusterError,
)


def blocking_socket_timeout(max_block_ms: int = MAX_BLOCK_MS) -> float:
    """The socket timeout for a client whose commands block up to ``max_block_ms``."""
    return max_block_ms / 1000 + SOCKET_TIMEOUT_S


def retry_policy() -> Retry:
    """Three retries with jittered backoff (0.05 s doubling, at most 0.5 s), then fail.

    Retrying the append script is safe: with a command id the retry is answered as a
    duplicate, and without one it meets a version conflict, never a second append.
    """
    return Retry(ExponentialWithJitterBackoff(base=0.05, cap=0.5), RETRIES)


def is_cluster_url(url: str) -> bool:
    """Whether ``url`` names a Redis Cluster (``redis+cluster://`` or ``rediss+cluster://``)."""
    return urlsplit(url).scheme in CLUSTER_SCHEMES


def is_cluster(client: Client) -> TypeIs[RedisCluster]:
    return isinstance(client, RedisCluster)


def connect(
    url: str | None = None,
    *,
    blocking: bool = False,
    max_connections: int = DEFAULT_MAX_CONNECTIONS,
) -> Client:
    """A client for ``url``, else ``redis://127.0.0.1:6379/0``, whose pool holds up to
    ``max_connections`` (per node, on a cluster).

    Accepts ``redis://``, ``rediss://`` and ``unix:///path/to/socket?db=N`` URLs, and
    ``redis+cluster://HOST:PORT`` for a Redis Cluster (a ``RedisCluster`` that discovers the
    other nodes from that one; a cluster has database 0 only). Connecting
    times out after 2 s and a reply after 5 s; with ``blocking=True`` the reply timeout is
    :func:`blocking_socket_timeout` (65 s), longer than any BLOCK up to :data:`MAX_BLOCK_MS`.
    Give blocking reads their own client: they hold a connection for the whole BLOCK.
    """
    url = url or DEFAULT_URL
    parts = urlsplit(url)
    options: dict[str, Any] = {
        "socket_connect_timeout": CONNECT_TIMEOUT_S,
        "socket_timeout": blocking_socket_timeout() if blocking else SOCKET_TIMEOUT_S,
        # A pooled connection idle for this long is PINGed before use, so a connection that a
        # proxy or the server dropped is replaced instead of failing the next command.
        "health_check_interval": HEALTH_CHECK_INTERVAL_S,
        "max_connections": max_connections,
        "retry": retry_policy(),
    }
    if parts.scheme != "unix":
        # TCP keepalive lets a long BLOCK notice a peer that vanished; a Unix socket
        # connection takes no such option (and has no such problem).
        options["socket_keepalive"] = True
    if parts.scheme in CLUSTER_SCHEMES:
        if parts.path.strip("/") not in ("", "0") or "db=" in parts.query:
            raise ValueError(f"a Redis Cluster has database 0 only: {url!r}")
        node = urlunsplit(parts._replace(scheme=CLUSTER_SCHEMES[parts.scheme], path=""))
        return RedisCluster.from_url(node, **options)
    return redis.Redis.from_url(url, **options)


def connect_server(
    url: str, *, blocking: bool = False, max_connections: int = DEFAULT_MAX_CONNECTIONS
) -> redis.Redis:
    """:func:`connect` for where one Redis server is needed, never a cluster: RQ's jobs."""
    client = connect(url, blocking=blocking, max_connections=max_connections)
    if is_cluster(client):
        raise ValueError(f"one Redis server is needed here, not a Redis Cluster: {url!r}")
    return client


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
    (append, read, head, the rate limit's lease) send their command here instead and get the
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
