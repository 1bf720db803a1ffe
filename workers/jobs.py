"""The jobs a worker runs. Each is a few lines calling the application service.

Every job is safe to run twice and in any order: a bot or timeout job acts only while its seat
is still to act since the version it was scheduled for, and its command id is derived from
that, so a second run appends nothing.
"""

from __future__ import annotations

import functools
import os
from datetime import timedelta

from service import metrics
from service.games import GameService

SWEEP_EVERY_S = int(os.environ.get("FOXDEN_SWEEP_S", "10"))
SWEEPER_JOB_ID = "fd-sweeper"


@functools.cache
def service() -> GameService:
    """The worker process's service, built on first use (its state cache stays warm)."""
    from service.bootstrap import build_service

    return build_service()


def bot_turn(game_id: str, seat: int, since: int) -> bool:
    outcome = service().play_for(game_id, seat, since, "bot")
    metrics.JOBS.labels("bot", "moved" if outcome else "stale").inc()
    return outcome is not None


def turn_timeout(game_id: str, seat: int, since: int) -> bool:
    outcome = service().play_for(game_id, seat, since, "timeout")
    metrics.JOBS.labels("timeout", "moved" if outcome else "stale").inc()
    return outcome is not None


def sweep() -> int:
    """Schedule every job an active game needs but has not got; then come back later."""
    from workers.scheduler import MAINTENANCE, queues
    from workers.sweeper import sweep_once

    games = service()
    rescheduled = sweep_once(games)
    queue = queues(games.store.redis)[MAINTENANCE]
    queue.enqueue_in(
        timedelta(seconds=SWEEP_EVERY_S),
        "workers.jobs.sweep",
        job_id=SWEEPER_JOB_ID,
        result_ttl=SWEEP_EVERY_S * 3,
    )
    return rescheduled
