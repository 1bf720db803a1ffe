"""The sweeper: no active game can get stuck because a job was lost.

A crash between an append and the enqueue, a worker killed mid-job, a job that failed: each
leaves an active game whose seat to act has no live job. The sweeper asks the same policy as
the reaction after an append (``service.policies.needed``) which jobs each active game needs,
and schedules those that the scheduler reports missing.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

from service import policies
from service.games import GameService

log = logging.getLogger(__name__)
PAGE = 500


def active_games(games: GameService) -> Iterator[str]:
    """Every game the index lists as active (in no particular order: none is needed)."""
    return games.index.each("active", PAGE)


def sweep_once(games: GameService) -> int:
    """Schedule the missing jobs of every active game; returns how many were scheduled.

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
    return scheduled
