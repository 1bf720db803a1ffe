"""The composition root: the one place that wires Redis, the store, the index and a scheduler.

Called once at API or worker start, never at import. The RQ scheduler lives in ``workers/``
(RQ is imported nowhere else); this module imports it lazily, as the only upward reference,
because the root has to know every adapter it wires.
"""

from __future__ import annotations

import os

from events.redis_client import connect
from events.store import RedisEventStore
from service.games import WAITING_EXPIRY_S, GameService
from service.index import GameIndex
from service.ports import Scheduler


def build_service(redis_url: str | None = None, scheduler: Scheduler | None = None) -> GameService:
    """A ``GameService`` on ``redis_url`` (else ``REDIS_URL``), scheduling through RQ."""
    client = connect(redis_url)
    if scheduler is None:
        from workers.scheduler import RQScheduler

        scheduler = RQScheduler(client)
    return GameService(
        RedisEventStore(client, blocking_client=connect(redis_url, blocking=True)),
        scheduler,
        GameIndex(client),
        waiting_expiry_s=float(os.environ.get("FOXDEN_WAITING_EXPIRY_S") or WAITING_EXPIRY_S),
    )
