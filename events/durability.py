"""When an append counts as done (``FOXDEN_DURABILITY``), checked against the servers at start.

* ``none`` (the default): once the primary has applied it, in memory. What survives a crash is
  whatever the server's own persistence keeps (with ``appendfsync everysec``, up to a second of
  moves; without AOF, everything since the last snapshot).
* ``fsync``: once the primary has it on disk. Either the server writes every command to its
  AOF before answering (``appendonly yes`` and ``appendfsync always``, read with CONFIG GET
  at start), or, on Redis 7.2 and later with AOF on, each append is followed on the same
  connection by ``WAITAOF 1 0 <timeout>``.
* ``replica``: once at least one replica has it too (``WAIT 1 <timeout>`` on the append's own
  connection), so that a failover that promotes that replica keeps the move. Redis replicates
  asynchronously: without it, a move acknowledged just before its primary died can be missing
  on the promoted replica. ``fsync,replica`` asks for both.

A setting that the servers cannot honour fails at start-up with :class:`DurabilityUnavailable`,
naming the server and what to change; it is never silently weakened. A wait that times out
raises :class:`NotDurable` (the move is appended but was not confirmed; the API answers 503).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import redis

from events.redis_client import Client, is_cluster

__all__ = [
    "DEFAULT_WAIT_MS",
    "Durability",
    "DurabilityUnavailable",
    "NotDurable",
    "check",
    "parse",
]

DEFAULT_WAIT_MS = 1000
WORDS = ("fsync", "replica")
WAITAOF_SINCE = (7, 2)


class DurabilityUnavailable(RuntimeError):
    """The servers cannot give what ``FOXDEN_DURABILITY`` asks for."""


class NotDurable(redis.ConnectionError):
    """An append was applied but not confirmed durable within the wait: retry it.

    A ``ConnectionError`` on purpose: it is transient, the API answers it with 503 and
    Retry-After like any storage outage, and a retry with the same command id is safe.
    """


@dataclass(frozen=True)
class Durability:
    fsync: bool = False
    replica: bool = False
    wait_ms: int = DEFAULT_WAIT_MS

    def __str__(self) -> str:
        return ",".join(word for word in WORDS if getattr(self, word)) or "none"


def parse(text: str | None, wait_ms: int = DEFAULT_WAIT_MS) -> Durability:
    """``"none"`` (or empty), ``"fsync"``, ``"replica"`` or ``"fsync,replica"``; a wait for
    ``WAIT``/``WAITAOF`` of ``wait_ms`` (``FOXDEN_DURABILITY_WAIT_MS``)."""
    words = {word.strip().lower() for word in (text or "").split(",")} - {"", "none"}
    unknown = words - set(WORDS)
    if unknown:
        raise ValueError(
            f"FOXDEN_DURABILITY: unknown {', '.join(sorted(unknown))!s}; "
            "use none, fsync, replica or fsync,replica"
        )
    return Durability(fsync="fsync" in words, replica="replica" in words, wait_ms=wait_ms)


def _servers(client: Client) -> list[tuple[str, redis.Redis, bool]]:
    """``(name, client, is a primary)`` of every server the store writes to or fails over to."""
    if is_cluster(client):
        primaries = {node.name for node in client.get_primaries()}
        return [(n.name, n.redis_connection, n.name in primaries) for n in client.get_nodes()]
    kwargs = client.connection_pool.connection_kwargs
    name = kwargs.get("path") or f"{kwargs.get('host')}:{kwargs.get('port')}"
    return [(str(name), client, True)]


def _version(info: dict[str, Any]) -> tuple[int, ...]:
    return tuple(int(part) for part in str(info.get("redis_version", "0")).split(".")[:2])


def check(client: Client, durability: Durability) -> tuple[tuple[Any, ...], ...]:
    """The commands to send after each append so that it is as durable as asked.

    Raises DurabilityUnavailable when a server cannot honour ``durability``.
    """
    if not (durability.fsync or durability.replica):
        return ()
    use_waitaof = False
    for name, server, primary in _servers(client):
        info = server.info()
        if durability.replica and primary and int(info.get("connected_slaves", 0)) < 1:
            raise DurabilityUnavailable(
                f"FOXDEN_DURABILITY={durability}: the primary {name} has no connected replica"
            )
        if not durability.fsync:
            continue
        try:
            config = server.config_get("append*")
        except redis.ResponseError as error:  # CONFIG may be renamed away on managed servers
            config = {}
            reason = f"CONFIG GET is refused ({error})"
        else:
            reason = (
                f"appendonly={config.get('appendonly')} appendfsync={config.get('appendfsync')}"
            )
        if config.get("appendonly") == "yes" and config.get("appendfsync") == "always":
            continue
        if _version(info) >= WAITAOF_SINCE and info.get("aof_enabled") in (1, "1"):
            use_waitaof = True
            continue
        raise DurabilityUnavailable(
            f"FOXDEN_DURABILITY={durability}: {name} runs Redis {info.get('redis_version')} "
            f"with {reason}; set appendonly yes and appendfsync always (or use Redis 7.2 or "
            "later, whose WAITAOF confirms each append on disk)"
        )
    if use_waitaof:
        return (("WAITAOF", 1, 1 if durability.replica else 0, durability.wait_ms),)
    return (("WAIT", 1, durability.wait_ms),) if durability.replica else ()


def confirmed(waits: tuple[tuple[Any, ...], ...], replies: list[Any]) -> bool:
    """Whether the replies to ``waits`` (as :func:`check` built them) say the append is safe."""
    for wait, reply in zip(waits, replies, strict=True):
        if isinstance(reply, Exception):
            raise reply
        if wait[0] == "WAIT" and int(reply) < wait[1]:
            return False
        if wait[0] == "WAITAOF" and (int(reply[0]) < wait[1] or int(reply[1]) < wait[2]):
            return False
    return True
