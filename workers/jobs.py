"""The jobs a worker runs. Each is a few lines calling the application service.

Every job is safe to run twice and in any order: a bot or timeout job acts only while its seat
is still to act since the version it was scheduled for, it submits with the expected version,
and its command id is derived from (kind, seat, since), so a second run appends nothing.
"""

from __future__ import annotations

import functools
import time

from service import metrics
from service.games import GameService, Outcome


@functools.cache
def service() -> GameService:
    """The worker process's service, built on first use (its state cache stays warm)."""
    from service.bootstrap import build_service

    return build_service()


def _record(kind: str, outcome: Outcome | None) -> bool:
    moved = outcome is not None and bool(outcome.envelopes) and not outcome.replayed
    label = "moved" if moved else "duplicate" if outcome and outcome.replayed else "stale"
    metrics.JOBS.labels(kind, label).inc()
    return moved


def _wait_until(not_before_ms: int) -> None:
    """Wait out a delay shorter than the scheduler's tick (queued at once, see
    ``workers.scheduler``); a second run of the job, or one run late, does not wait."""
    remaining = not_before_ms / 1000 - time.time()
    if remaining > 0:
        time.sleep(remaining)


def bot_turn(game_id: str, seat: int, since: int, not_before_ms: int = 0) -> bool:
    """A bot seat's move; ``by.kind = "bot"``. True when it appended."""
    _wait_until(not_before_ms)
    return _record("bot", service().play_for(game_id, seat, since, "bot"))


def turn_timeout(game_id: str, seat: int, since: int, not_before_ms: int = 0) -> bool:
    """A human seat's move, made by a bot because its time ran out; ``by.kind = "timeout"``."""
    _wait_until(not_before_ms)
    return _record("timeout", service().play_for(game_id, seat, since, "timeout"))


def expire_table(game_id: str) -> bool:
    """A waiting table's expiry (``TableExpired``); stale once it started or was cancelled."""
    return _record("expiry", service().expire(game_id))


def sweep() -> int:
    """Schedule the jobs that active games need but RQ does not hold; how many were."""
    from workers.sweeper import sweep_once

    return sweep_once(service())
