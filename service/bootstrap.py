"""The composition root: the one place that wires Redis, the store, the index and a scheduler.

Called once at API or worker start, never at import. The RQ scheduler lives in ``workers/``
(RQ is imported nowhere else); this module imports it lazily, as the only upward reference,
because the root has to know every adapter it wires.

Two Redis URLs: ``REDIS_URL``, the event store (one server, or ``redis+cluster://`` for a Redis
Cluster), and ``FOXDEN_QUEUE_URL``, the jobs. RQ is not cluster-safe (its worker cannot run on a
cluster client at all, stack notes 2, section 3), so with a cluster store the jobs need a plain
Redis of their own, and starting without one is an error; with one store server they default
to it.
"""

from __future__ import annotations

import os

from events.durability import check as check_durability
from events.durability import setting as durability_setting
from events.redis_client import connect, is_cluster_url, store_url
from events.store import RedisEventStore
from service.games import WAITING_EXPIRY_S, GameService
from service.index import GameIndex
from service.ports import Scheduler
from service.strategies import install_plugins


class ConfigurationError(RuntimeError):
    """A setting the service cannot start with; the message says what to change."""


def queue_url(redis_url: str | None = None) -> str:
    """Where the jobs live: ``FOXDEN_QUEUE_URL``, else the store's Redis when it is one server.

    Raises ConfigurationError when the store is a cluster and no queue Redis is given, or when
    the queue URL itself names a cluster.
    """
    store = redis_url or store_url()
    url = os.environ.get("FOXDEN_QUEUE_URL")
    if url and is_cluster_url(url):
        raise ConfigurationError(
            f"FOXDEN_QUEUE_URL={url} is a Redis Cluster; RQ needs one plain Redis server "
            "(redis://HOST:PORT/DB or unix://PATH)"
        )
    if url:
        return url
    if is_cluster_url(store):
        raise ConfigurationError(
            f"REDIS_URL={store} is a Redis Cluster, and RQ cannot queue jobs on a cluster: "
            "set FOXDEN_QUEUE_URL to a plain Redis for the jobs (redis://HOST:PORT/DB)"
        )
    return store


def build_service(redis_url: str | None = None, scheduler: Scheduler | None = None) -> GameService:
    """A ``GameService`` on ``redis_url`` (else ``REDIS_URL``), scheduling through RQ on
    :func:`queue_url`, appending as durably as ``FOXDEN_DURABILITY`` asks (checked now)."""
    install_plugins()  # before any game is created or loaded: plugin strategies are names too
    client = connect(redis_url)
    if scheduler is None:
        from workers.scheduler import RQScheduler

        scheduler = RQScheduler(connect(queue_url(redis_url)))
    store = RedisEventStore(
        client,
        blocking_client=connect(redis_url, blocking=True),
        durability=durability_setting(),
    )
    return GameService(
        store,
        scheduler,
        GameIndex(client),
        waiting_expiry_s=float(os.environ.get("FOXDEN_WAITING_EXPIRY_S") or WAITING_EXPIRY_S),
    )


def check_settings() -> None:
    """Fail fast, before anything starts, on settings that cannot work.

    Raises ConfigurationError (a missing queue Redis, an unknown durability word) or
    DurabilityUnavailable (the servers cannot honour ``FOXDEN_DURABILITY``); both say what to
    change.
    """
    queue_url()
    try:
        durability = durability_setting()
    except ValueError as error:
        raise ConfigurationError(str(error)) from None
    if durability.fsync or durability.replica:
        client = connect()
        try:
            check_durability(client, durability)
        finally:
            client.close()
