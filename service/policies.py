"""What must happen after an append: the follow-up jobs a match state asks for.

Pure functions of match states, shared by the reaction after each append and by the sweeper,
so the two can never disagree about which jobs a game needs.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from domain.match import FINISHED, WAITING, MatchState

BOT, TIMEOUT, EXPIRY, IDLE, ARCHIVE = "bot", "timeout", "expiry", "idle", "archive"
RATE = "rate"
# The pairing of a pool of seeks (service/seeks.py): ``game_id`` names the pool, not a game.
PAIR = "pair"
# The jobs that concern a whole game, not a seat's turn: one id per game.
PER_GAME = frozenset({EXPIRY, ARCHIVE, RATE})
# A game is rated when at least this many of its seats are held by accounts.
RATED_ACCOUNTS = 2


@dataclass(frozen=True)
class FollowUp:
    """A job to run later: a bot's turn, the turn timeout of a human seat, the idle limit of a
    person's seat (handed to a bot if its holder has not acted by then), the expiry of a
    table that waits for players (at ``due_at``, for it is fixed when the table is made), or
    the archiving of an ended game (queued by the sweeper once its grace period is over), or
    the rating of a finished game between accounts (``service/ratings.py``), or the pairing
    of a pool of seeks (``service/seeks.py``; ``game_id`` is the pool's id)."""

    kind: str  # BOT, TIMEOUT, IDLE, EXPIRY, ARCHIVE, RATE or PAIR
    game_id: str
    seat: int
    since: int  # the version at which the seat became one to act; the job is stale otherwise
    delay_s: float
    due_at: str | None = None  # an absolute time (ISO 8601, UTC) instead of ``delay_s``

    @property
    def job_id(self) -> str:
        if self.kind == PAIR:  # one pass per pool now, and one per bot-fill time
            due = "".join(ch for ch in self.due_at or "" if ch.isdigit())
            return f"fd-pair-{self.game_id}" + (f"-{due}" if due else "")
        if self.kind in PER_GAME:
            return f"fd-{self.kind}-{self.game_id}"
        return f"fd-{self.kind}-{self.game_id}-{self.seat}-{self.since}"

    @property
    def args(self) -> tuple[object, ...]:
        """The job function's arguments."""
        if self.kind in PER_GAME or self.kind == PAIR:
            return (self.game_id,)
        return (self.game_id, self.seat, self.since)


def needed(game_id: str, state: MatchState) -> list[FollowUp]:
    """Every job the game needs now: one per seat to act that a bot or a timer must move, the
    idle limit of each person's seat to act (a turn timeout does not end it: a holder who lets
    every turn time out is idle), or the expiry of a table that waits."""
    if state.status == WAITING and state.expires_at is not None:
        return [expiry(game_id, state.expires_at)]
    jobs = []
    for seat in sorted(state.to_act()):
        since = state.since[seat]
        if state.seats[seat].played_by_bot:
            jobs.append(FollowUp(BOT, game_id, seat, since, state.options["bot_delay_ms"] / 1000))
        else:
            if state.options["turn_timeout_s"]:
                timeout = state.options["turn_timeout_s"]
                jobs.append(FollowUp(TIMEOUT, game_id, seat, since, timeout))
            if state.idle_limit_s:
                jobs.append(FollowUp(IDLE, game_id, seat, since, state.idle_limit_s))
    return jobs


def expiry(game_id: str, expires_at: str) -> FollowUp:
    """The job that expires a waiting table at ``expires_at`` (the sweeper reads the time from
    the index, so that it need not load every waiting table)."""
    return FollowUp(EXPIRY, game_id, 0, 0, 0.0, expires_at)


def archive(game_id: str) -> FollowUp:
    """The job that archives an ended game (``service/archiver.py``)."""
    return FollowUp(ARCHIVE, game_id, 0, 0, 0.0)


def rate(game_id: str) -> FollowUp:
    """The job that rates a finished game between accounts (``service/ratings.py``)."""
    return FollowUp(RATE, game_id, 0, 0, 0.0)


def pair(pool: str, due_at: str | None = None) -> FollowUp:
    """The job that pairs the seeks of ``pool`` (service/seeks.py): now, or at ``due_at`` (when
    a seek's wait for people is over and bots may fill its table)."""
    return FollowUp(PAIR, pool, 0, 0, 0.0, due_at)


def rated_seats(state: MatchState) -> list[tuple[int, str]]:
    """``(seat, account)`` of every seat an account holds: the seats a rating counts (a seat
    its holder left, or handed to a bot when idle, still counts: the account is its player)."""
    return [(seat, info.account) for seat, info in enumerate(state.seats) if info.account]


def rateable(state: MatchState) -> bool:
    """Whether the game updates its accounts' ratings: it finished (not cancelled or expired)
    and at least ``RATED_ACCOUNTS`` of its seats are held by accounts."""
    return state.status == FINISHED and len(rated_seats(state)) >= RATED_ACCOUNTS


def after_append(game_id: str, before: MatchState, after: MatchState) -> list[FollowUp]:
    """The jobs that an append made necessary (those already scheduled before are left out)."""
    if before.status != FINISHED and rateable(after):  # the append that finished it
        return [rate(game_id)]
    jobs = needed(game_id, after)
    if not jobs or not before.version:  # most moves of a table of humans without a clock
        return jobs
    had = set(needed(game_id, before))
    return [job for job in jobs if job not in had]


def turn_clocks(
    state: MatchState, turns_began: Mapping[int, str], now: str
) -> list[dict[str, Any]]:
    """The deadline of each seat whose turn timeout runs (UTC ISO times, as events record
    them), and the milliseconds left until it (0 once passed; the timeout fires soon after).

    A deadline is the time of the version at which the seat became one to act, plus the
    table's ``turn_timeout_s``: the timeout job of ``needed`` was scheduled then, with that
    delay. A seat whose start time is not known (a past version) gets no clock.
    """
    clocks = []
    current = datetime.fromisoformat(now)
    for job in needed("", state):
        if job.kind != TIMEOUT or job.seat not in turns_began:
            continue
        deadline = datetime.fromisoformat(turns_began[job.seat]) + timedelta(seconds=job.delay_s)
        left = math.floor((deadline - current).total_seconds() * 1000)
        clocks.append(
            {
                "seat": job.seat,
                "deadline": deadline.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
                "ms_left": max(0, left),
            }
        )
    return clocks
