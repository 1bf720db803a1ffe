"""The sweeper: no active game can get stuck because a job was lost, no ended game stays.

A crash between an append and the enqueue, a worker killed mid-job, a job that failed: each
leaves an active game whose seat to act has no live job. The sweeper asks the same policy as
the reaction after an append (``service.policies.needed``) which jobs each active game needs,
and schedules those that the scheduler reports missing.

It also queues the archiving of the ended games whose grace period is over
(``FOXDEN_ARCHIVE_AFTER_S``), from the index's list of ended games still in Redis, which the
archiver empties: a job lost or killed half-way is queued again by the next sweep, and runs
its steps again from wherever the last one stopped (``service/archiver.py``).

And it queues again the rating of the finished games between accounts that are still unrated
``RATE_REPAIR_AFTER_S`` after they ended (a rating job lost or failed), from the index's list
of them, which the rating job empties (``service/ratings.py``); a job run twice rates once.

And it carries on the webhook tries whose outcome is overdue (``service/webhooks.py``): a try
whose job was lost is queued again, one interrupted mid-send counts as failed and the schedule
goes on.

And it queues a pairing pass for every pool of seeks that still holds seeks or a claim
(``service/seeks.py``): a pass lost with a killed worker is run again, and a seek whose wait for
people ends is paired with bots within a sweep even if its timer was lost. It expires the
challenges whose time has come and writes their frames (``service/challenges.py``).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from domain.match import ACTIVE, WAITING
from service import policies
from service.challenges import Challenges
from service.games import GameService
from service.ports import utc_after
from service.seeks import Seeks

log = logging.getLogger(__name__)
PAGE = 500
# Waiting tables whose expiry falls within this many seconds have their job checked.
EXPIRY_HORIZON_S = 120
# The most ended games one sweep queues for the archive: a backlog (a first start with an
# archive, after months without one) drains over several sweeps, each quick.
ARCHIVE_BATCH = 1000
# A finished game still unrated this long after it ended has lost its rating job (one takes
# milliseconds once a worker is free); at most RATE_BATCH of them are queued per sweep.
RATE_REPAIR_AFTER_S = 60
RATE_BATCH = 1000


def _instant(text: str) -> datetime:
    return datetime.fromisoformat(text)


def active_games(games: GameService) -> Iterator[str]:
    """Every game the index lists as active (in no particular order: none is needed)."""
    return games.index.each(ACTIVE, PAGE)


def pages(games: GameService, status: str) -> Iterator[list[dict[str, Any]]]:
    """The index's entries of every game under ``status``, a page at a time."""
    cursor = None
    while True:
        metas, cursor = games.index.page(status, None, cursor, PAGE)
        yield metas
        if cursor is None:
            return


def sweep_once(games: GameService) -> int:
    """Schedule the missing jobs of every active or waiting game; returns how many were.

    One game that cannot be loaded (say, of a game this process does not know) is logged and
    skipped, so that it cannot keep the sweeper from the others.
    """
    scheduled = 0
    for game_id in active_games(games):
        try:
            missing = games.scheduler.missing(policies.needed(game_id, games.load(game_id).state))
            if missing:
                games.scheduler.schedule(missing)
                scheduled += len(missing)
                log.info("sweeper: scheduled %s", " ".join(job.job_id for job in missing))
        except Exception as error:
            log.warning("sweeper: skipped game %s: %r", game_id, error)
    sweep_challenges(games)  # expires them itself: no job to count
    scheduled += sweep_waiting(games) + sweep_ended(games) + sweep_unrated(games)
    return scheduled + sweep_seeks(games) + sweep_webhooks(games)


def sweep_waiting(games: GameService) -> int:
    """Schedule the missing expiry jobs of waiting tables that are due within
    ``EXPIRY_HORIZON_S``: a page of tables at a time, from the times the index keeps (no table
    is loaded). A lost job of a later expiry is repaired by a later sweep, before it is due;
    so a sweep never spends itself on the many tables that wait for days."""
    scheduled = 0
    horizon = utc_after(games.clock(), EXPIRY_HORIZON_S)
    for metas in pages(games, WAITING):
        due = [
            m
            for m in metas
            if m.get("expires_at") and _instant(m["expires_at"]) <= _instant(horizon)
        ]
        jobs = [policies.expiry(m["id"], m["expires_at"]) for m in due]
        try:
            missing = games.scheduler.missing(jobs)
            if missing:
                games.scheduler.schedule(missing)
                scheduled += len(missing)
                log.info("sweeper: scheduled %d table expiries", len(missing))
        except Exception as error:  # as for one active game: the next page may still go
            log.warning("sweeper: skipped %d waiting tables: %r", len(jobs), error)
    return scheduled


def sweep_ended(games: GameService, batch: int = ARCHIVE_BATCH) -> int:
    """Queue the archiving of up to ``batch`` ended games whose grace period is over (none
    without an archive); how many were queued."""
    archiver = games.archiver
    if archiver is None:
        return 0
    ended_before = _instant(games.clock()).timestamp() - games.archive_after_s
    jobs = [policies.archive(game_id) for game_id in archiver.due(ended_before, batch)]
    return _queue(games, jobs, "the archiving of {} ended games")


def sweep_unrated(games: GameService, batch: int = RATE_BATCH) -> int:
    """Queue the rating of up to ``batch`` finished games between accounts still unrated
    ``RATE_REPAIR_AFTER_S`` after they ended; how many were queued."""
    ended_before = _instant(games.clock()).timestamp() - RATE_REPAIR_AFTER_S
    jobs = [policies.rate(game_id) for game_id in games.index.unrated(ended_before, batch)]
    return _queue(games, jobs, "the rating of {} finished games")


def sweep_webhooks(games: GameService) -> int:
    """Carry on the webhook tries whose outcome is overdue (a job lost, a worker killed
    mid-send: ``service/webhooks.py``); how many. Never raised: the next sweep asks again."""
    try:
        repaired = games.webhooks.repair()
    except Exception as error:
        log.warning("sweeper: webhook tries not repaired: %r", error)
        return 0
    if repaired:
        log.info("sweeper: carried on %d overdue webhook tries", repaired)
    return repaired


def sweep_seeks(games: GameService) -> int:
    """Queue a pairing pass for every pool of seeks with seeks waiting or a claim left
    unfinished (none is queued twice); how many were."""
    try:
        pools = Seeks(games).pools()
    except Exception as error:  # as a page of games: the other sweeps still run
        log.warning("sweeper: skipped the pools of seeks: %r", error)
        return 0
    return _queue(games, [policies.pair(pool) for pool in pools], "the pairing of {} pools")


def sweep_challenges(games: GameService) -> int:
    """Expire the open challenges whose time has come (their frames written); how many."""
    try:
        expired = Challenges(games).expire_due()
    except Exception as error:
        log.warning("sweeper: skipped the expiry of challenges: %r", error)
        return 0
    if expired:
        log.info("sweeper: expired %d challenges", expired)
    return expired


def _queue(games: GameService, jobs: list[policies.FollowUp], what: str) -> int:
    """Schedule those of ``jobs`` RQ does not hold; how many. A queue that cannot be reached is
    logged, not raised: the next sweep asks again, and the other sweeps still run."""
    if not jobs:  # the common case: no question to the queue's Redis
        return 0
    try:
        missing = games.scheduler.missing(jobs)
        if missing:
            games.scheduler.schedule(missing)
            log.info("sweeper: queued %s", what.format(len(missing)))
    except Exception as error:
        log.warning("sweeper: skipped %s: %r", what.format(len(jobs)), error)
        return 0
    return len(missing)
