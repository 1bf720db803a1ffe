"""The sweeper: no active game can get stuck because a job was lost.

A crash between an append and the enqueue, a worker killed mid-job, a job that failed: each
leaves an active game whose seat to act has no live job. The sweeper asks the same policy as
the reaction after an append (``service.policies.needed``) which jobs each active game needs,
and schedules those that RQ does not hold.
"""

from __future__ import annotations

from service import policies
from service.errors import GameNotFound
from service.games import GameService

BATCH = 500


def active_games(games: GameService) -> list[str]:
    ids = games.index.redis.zrange("fd:games:by:status:active", 0, -1)
    return [i.decode() if isinstance(i, bytes) else i for i in ids]


def sweep_once(games: GameService) -> int:
    """Schedule the missing jobs of every active game; returns how many were scheduled."""
    scheduled = 0
    for game_id in active_games(games):
        try:
            state = games.load(game_id).state
        except GameNotFound:
            continue
        missing = games.scheduler.missing(policies.needed(game_id, state))
        if missing:
            games.scheduler.schedule(missing)
            scheduled += len(missing)
    return scheduled
