"""The composition root: the one place that wires Redis, the store, the index, a scheduler,
the API's settings and a worker, from one :class:`~foxden.settings.Settings`.

Called once at API or worker start, never at import. The layers below take what they need as
plain parameters; this module is the only one that knows every adapter it wires (the RQ
scheduler of ``workers/`` included), which is why it sits above them all.

Two Redis URLs: ``REDIS_URL``, the event store (one server, or ``redis+cluster://`` for a Redis
Cluster), and ``FOXDEN_QUEUE_URL``, the jobs. RQ is not cluster-safe (its worker cannot run on a
cluster client at all, stack notes 2, section 3), so with a cluster store the jobs need a plain
Redis of their own, and starting without one is an error; with one store server they default
to it.

Each function takes the settings, or reads the environment's when given none (a test, a
benchmark, ``gunicorn 'foxden.server:wsgi_app()'``).
"""

from __future__ import annotations

import os
from typing import Any

from events import transparency
from events.archive import ArchivedGames
from events.archive_storage import ArchiveStorage, open_archive
from events.durability import Durability, parse
from events.durability import check as check_durability
from events.redis_client import Client, connect, connect_server, is_cluster_url
from events.store import RedisEventStore
from foxden.settings import Settings
from service.games import GameService
from service.index import GameIndex
from service.ports import Scheduler
from service.strategies import install_plugins, set_move_budget_ms
from service.webhooks import DeliveryQueue, Policy, RecordingDeliveryQueue, Webhooks
from workers.runner import run_worker
from workers.scheduler import RQScheduler
from workers.webhook_queue import RQDeliveryQueue


class ConfigurationError(RuntimeError):
    """A setting the service cannot start with; the message says what to change."""


def queue_url(redis_url: str | None = None, settings: Settings | None = None) -> str:
    """Where the jobs live: ``FOXDEN_QUEUE_URL``, else the store's Redis (``redis_url``, else
    ``REDIS_URL``) when it is one server.

    Raises ConfigurationError when the store is a cluster and no queue Redis is given, or when
    the queue URL itself names a cluster.
    """
    settings = settings or Settings.from_env()
    store = redis_url or settings.store_url
    url = settings.queue_url
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


def redis_client(settings: Settings, url: str | None = None, *, blocking: bool = False) -> Client:
    """A client for ``url`` (else the store's Redis) with the settings' pool size."""
    return connect(
        url or settings.store_url,
        blocking=blocking,
        max_connections=settings.redis_max_connections,
    )


def durability(settings: Settings) -> Durability:
    """When an append counts as stored (``FOXDEN_DURABILITY``, ``FOXDEN_DURABILITY_WAIT_MS``)."""
    return parse(settings.durability, settings.durability_wait_ms)


# Where ended games go when FOXDEN_ARCHIVE_URL is unset: a directory beside the embedded Redis
# of ``make run`` (``foxden up`` points its children at its own data directory's).
DEFAULT_ARCHIVE = "var/archive"


def archive_storage(settings: Settings, data_dir: str | None = None) -> ArchiveStorage:
    """The archive (``FOXDEN_ARCHIVE_URL``; unset, the archive directory of the ``foxden up``
    in ``data_dir`` when it runs on its embedded Redis, else ``var/archive``). Nothing is
    opened until a game is archived or read from it (obstore must do no I/O before a fork)."""
    url = settings.archive_url or DEFAULT_ARCHIVE
    if not settings.archive_url and data_dir and not settings.redis_url:
        url = f"{data_dir}/archive"
    try:
        return open_archive(url, environ=os.environ)
    except ValueError as error:
        raise ConfigurationError(str(error)) from None


def build_service(
    redis_url: str | None = None,
    scheduler: Scheduler | None = None,
    *,
    settings: Settings | None = None,
    data_dir: str | None = None,
) -> GameService:
    """A ``GameService`` on ``redis_url`` (else ``REDIS_URL``), scheduling through RQ on
    :func:`queue_url`, appending as durably as ``FOXDEN_DURABILITY`` asks; its archive is
    the one :func:`archive_storage` picks for ``data_dir``."""
    settings = settings or Settings.from_env()
    url = redis_url or settings.store_url
    install_plugins()  # before any game is created or loaded: plugin strategies are names too
    set_move_budget_ms(settings.bot_move_ms)
    client = redis_client(settings, url)
    if scheduler is None:
        scheduler = RQScheduler(
            connect_server(
                queue_url(url, settings), max_connections=settings.redis_max_connections
            ),
            prefix=settings.queue_prefix,
            job_timeout=settings.job_timeout_s,
        )
    # The webhooks' tries go where the scheduler's jobs go (another scheduler: a test's, which
    # sends nothing, so neither do they).
    deliveries: DeliveryQueue = RecordingDeliveryQueue()
    if isinstance(scheduler, RQScheduler):
        deliveries = RQDeliveryQueue(scheduler.connection, prefix=scheduler.names.prefix)
    archive = archive_storage(settings, data_dir)
    store = RedisEventStore(
        client,
        blocking_client=redis_client(settings, url, blocking=True),
        durability=durability(settings),
        retry_s=settings.store_retry_s,
        archive=ArchivedGames(archive),
    )
    return GameService(
        store,
        scheduler,
        GameIndex(client),
        waiting_expiry_s=settings.waiting_expiry_s,
        idle_limit_s=settings.idle_limit_s,
        live_idle_limit_s=settings.live_idle_limit_s,
        archive=archive,
        archive_after_s=settings.archive_after_s,
        webhooks=Webhooks(client, deliveries, policy=webhook_policy(settings)),
    )


def webhook_policy(settings: Settings) -> Policy:
    """What the operator allows webhooks (``FOXDEN_WEBHOOKS_*``)."""
    return Policy(
        allow_http=settings.webhooks_allow_http,
        allow_private=settings.webhooks_allow_private,
        timeout_s=settings.webhooks_timeout_s,
        retention_s=settings.webhooks_retention_s,
        disable_after_s=settings.webhooks_disable_after_s,
    )


def app_config(settings: Settings) -> dict[str, Any]:
    """The API's settings (``service.api.create_app``'s config) from ``settings``."""
    return {
        "RATE_LIMIT": settings.rate_limit,
        "SSE_BLOCK_MS": settings.sse_block_ms,
        "TRUSTED_PROXIES": settings.trusted_proxies,
        "STREAMS_PER_PROCESS": settings.streams_per_process,
        "STREAMS_PER_CLIENT": settings.streams_per_client,
        "STREAM_TICKET_TTL_S": settings.stream_ticket_ttl_s,
        "MAX_CONTENT_LENGTH": settings.max_body_bytes,
        "CORS_ORIGINS": settings.cors_origins,
        "METRICS_MULTIPROC_DIR": settings.metrics_dir,
        "SIGNUP": settings.signup,
        "OPERATOR_KEY": settings.operator_key,
        "LOG_KEY": settings.log_key,
    }


def check_log_key(settings: Settings) -> None:
    """``FOXDEN_LOG_KEY``, when set, must load as a signer (its key id that of its key): the
    settings check its shape only, since they import no cryptography (foxden/settings.py)."""
    if settings.log_key:
        try:
            transparency.load_signer(settings.log_key)
        except transparency.KeyFormatError as error:  # says what, never the key itself
            raise ConfigurationError(
                f"FOXDEN_LOG_KEY is not a signer key that works ({error}); make one with"
                " `foxden log keygen`"
            ) from None


def check_settings(settings: Settings | None = None) -> None:
    """Fail fast, before anything starts, on settings that cannot work together or with the
    servers.

    Raises ConfigurationError (a missing queue Redis) or DurabilityUnavailable (the servers
    cannot honour ``FOXDEN_DURABILITY``); both say what to change.
    """
    settings = settings or Settings.from_env()
    queue_url(settings=settings)
    check_log_key(settings)
    wanted = durability(settings)
    if wanted.fsync or wanted.replica:
        client = redis_client(settings)
        try:
            check_durability(client, wanted)
        finally:
            client.close()


def worker(
    settings: Settings, *, burst: bool = False, name: str | None = None, timers: bool = False
) -> int:
    """``foxden worker``: an RQ worker whose jobs run on a service built here (now, so that a
    setting that cannot work fails before the worker starts)."""
    games = build_service(settings=settings)
    return run_worker(
        games,
        queue_url=queue_url(settings=settings),
        prefix=settings.queue_prefix,
        sweep_s=settings.sweep_s,
        log_level=settings.log_level,
        metrics_address=settings.worker_metrics,
        max_connections=settings.redis_max_connections,
        burst=burst,
        name=name,
        timers=timers,
    )
