"""The jobs a worker runs. Each is a few lines calling the application service.

Every job is safe to run twice and in any order: a bot or timeout job acts only while its seat
is still to act since the version it was scheduled for, it submits with the expected version,
and its command id is derived from (kind, seat, since), so a second run appends nothing.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from service import metrics, ratings
from service.games import GameService, Outcome
from service.seeks import Seeks


@dataclass
class Context:
    """What the jobs of this process run on, given by the worker's entry point before it takes
    a job (``workers.runner.run_worker``). RQ imports a job by its path and calls it with the
    job's arguments alone, so the jobs find their service here: one for the process's life, so
    its state cache stays warm from job to job."""

    service: GameService | None = None


CONTEXT = Context()


def use_service(games: GameService) -> None:
    """Run this process's jobs on ``games``."""
    CONTEXT.service = games


def service() -> GameService:
    """The service the jobs of this process run on (``use_service``)."""
    if CONTEXT.service is None:
        raise RuntimeError("no service for the jobs: a worker gives one (workers.runner)")
    return CONTEXT.service


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


def idle_seat(game_id: str, seat: int, since: int) -> bool:
    """A person's seat handed to a bot because its holder has not acted within the table's
    idle limit since ``since`` (``SeatLeft``, reason ``idle``); stale once the holder acted, the
    seat was handed over already or the game ended."""
    return _record("idle", service().hand_over_idle(game_id, seat, since))


def expire_table(game_id: str) -> bool:
    """A waiting table's expiry (``TableExpired``); stale once it started or was cancelled."""
    return _record("expiry", service().expire(game_id))


def archive_game(game_id: str) -> bool:
    """Archive an ended game (``service/archiver.py``); True when this run moved it, False
    when an earlier run had (it finished what was left) or no archive is configured."""
    archiver = service().archiver
    if archiver is None:
        return False
    moved = archiver.archive(game_id).moved
    metrics.JOBS.labels("archive", "moved" if moved else "duplicate").inc()
    return moved


def rate_game(game_id: str) -> bool:
    """Rate a finished game between accounts (``service/ratings.py``); True when this run did,
    False when an earlier run had (a retried or doubled job writes nothing)."""
    rated = ratings.rate_game(service(), game_id)
    metrics.JOBS.labels("rate", "moved" if rated else "duplicate").inc()
    return rated


def sweep() -> int:
    """Schedule the jobs that active games need but RQ does not hold; how many were."""
    from workers.sweeper import sweep_once

    return sweep_once(service())


def pair_seeks(pool: str) -> int:
    """One pairing pass over a pool of seeks (``service/seeks.py``): finish the tables a killed
    pass claimed, then make every table the waiting seeks allow; how many tables. Run twice it
    pairs nothing twice: a seek is claimed once, and a table's creation may run again."""
    made = Seeks(service()).pair(pool)
    metrics.JOBS.labels("pair", "moved" if made else "stale").inc()
    return len(made)


def deliver_webhook(webhook: str, delivery: str, attempt: str) -> str:
    """One try of a webhook's delivery (``service/webhooks.py``): what came of it. A try run
    twice is sent once (it is claimed first); a failed one schedules the next."""
    outcome = service().webhooks.deliver(webhook, delivery, attempt)
    metrics.JOBS.labels("webhook", outcome).inc()
    return outcome
