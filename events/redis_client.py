"""Redis clients with settings that suit the event store (redis-py 8's defaults do not).

redis-py 8 retries a failed command 10 times with backoff, times a read out after 5 s and
caps a pool at 100 connections. For Foxden that means: a dead Redis stalls a request for
about a minute instead of failing fast; an ``XREAD BLOCK`` longer than the socket timeout
fails with TimeoutError (after all the retries); and the 101st open event stream of a process
gets ``MaxConnectionsError``. :func:`connect` sets each of these on purpose.

Redis Cluster: a ``redis+cluster://HOST:PORT`` URL (any node; its peers are discovered) gives a
``RedisCluster`` with the same settings per node. Every command of one game stays within the
game's slot (its keys share a hash tag), so nothing here needs a cross-slot command.
:data:`TRANSIENT` names the errors a failover raises for a few seconds. The event store's hot
path skips redis-py's command wrapper (``events.direct_path``).

hiredis: redis-py picks its C reply parser by itself whenever the ``hiredis`` package is
importable (it is a dependency, ``redis[hiredis]``); :data:`HIREDIS_AVAILABLE` says whether it
did. It parses replies several times faster than the pure-Python parser, which matters for
reading streams.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit, urlunsplit

import redis
from redis.backoff import ExponentialWithJitterBackoff
from redis.cluster import RedisCluster
from redis.retry import Retry
from redis.utils import HIREDIS_AVAILABLE

if TYPE_CHECKING:
    from typing_extensions import TypeIs

Client = redis.Redis | RedisCluster

__all__ = [
    "CLUSTER_SCHEMES",
    "CONNECT_TIMEOUT_S",
    "DEFAULT_MAX_CONNECTIONS",
    "DEFAULT_URL",
    "HIREDIS_AVAILABLE",
    "MAX_BLOCK_MS",
    "SOCKET_TIMEOUT_S",
    "TRANSIENT",
    "Client",
    "blocking_socket_timeout",
    "connect",
    "connect_server",
    "is_cluster",
    "is_cluster_url",
    "reply_text",
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


def reply_text(value: Any) -> str:
    """A reply's bytes (or a value already decoded) as text: a client without
    ``decode_responses``, as ours are, answers bytes, and a test's fakeredis may not."""
    return value.decode() if isinstance(value, bytes) else str(value)
