"""The RQ side of the application service's ``Scheduler`` port (RQ is imported only in workers/).

Jobs are enqueued by import path with JSON arguments (never pickle) under a deterministic id
per (kind, game, seat, since). Enqueueing an id again replaces the job, which is harmless:
correctness rests on the expected version and the ``since`` check in ``GameService.play_for``,
never on RQ's uniqueness (``unique=True`` would also refuse an id whose finished record is
still kept).

Timers (turn timeouts, table expiries) have a queue of their own, which every worker takes first
and a timer worker (``foxden worker --timers``) takes alone, so that no timer waits behind a bot's
search. A timer waits in RQ's scheduled registry under its exact due time (RQ's own scores are
whole seconds) until a worker's timer mover (``workers.runner.TimerMover``) queues it.

The names of what the workers of one deployment share (queues, the scheduler and timer leases,
the sweep token, worker liveness keys) start with a prefix (``FOXDEN_QUEUE_PREFIX``, default
``foxden``), so that test runs on one Redis database need not share workers. Job ids do not: a
game belongs to the database, and a sweeper that finds one of its jobs missing from its own
queues adopts it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import cast

import redis
from rq import Queue
from rq.job import Job, JobStatus
from rq.serializers import JSONSerializer

from events.redis_client import Client
from service.policies import ARCHIVE, BOT, EXPIRY, IDLE, PAIR, RATE, TIMEOUT, FollowUp
from service.ports import SchedulingFailed

JOB_FUNCTIONS = {
    BOT: "workers.jobs.bot_turn",
    TIMEOUT: "workers.jobs.turn_timeout",
    EXPIRY: "workers.jobs.expire_table",
    IDLE: "workers.jobs.idle_seat",
    ARCHIVE: "workers.jobs.archive_game",
    RATE: "workers.jobs.rate_game",
    PAIR: "workers.jobs.pair_seeks",
}
# The jobs of the timer queue: each is due at a time a player was told (a turn's deadline, a
# seat's idle limit, a table's expiry) and takes milliseconds. Pairing seeks too: somebody waits
# for the table, and a seek's wait for people ends at a time it named (its bots_after_s).
TIMERS = frozenset({TIMEOUT, EXPIRY, IDLE, PAIR})
# A finished job counts as missing anyway (see ``missing``); its record is kept only to look at.
RESULT_TTL_S = 60
FAILURE_TTL_S = 3600
# RQ kills a job that runs longer (then the sweeper retries it): a bot move takes
# milliseconds, a search bot's up to seconds.
DEFAULT_JOB_TIMEOUT_S = 30
# How long a worker's liveness key outlives its last beat: a job STARTED by a worker whose
# key is gone was abandoned (the worker was killed), and the sweeper schedules it again.
ALIVE_TTL_MS = 3000
# A scheduled bot job is moved to its queue on a whole second (stack notes 3.1), by a housekeeper
# that looks twice a second: delays shorter than this are waited out by the job instead.
SCHEDULER_TICK_S = 1.0
# The most timers one move of the timer mover queues (the rest wait for its next look, at once).
TIMER_BATCH = 1000
DEFAULT_PREFIX = "foxden"  # of every name below (FOXDEN_QUEUE_PREFIX)


@dataclass(frozen=True)
class Names:
    """The Redis names one deployment (one prefix) uses."""

    prefix: str

    @property
    def maintenance(self) -> str:
        return f"{self.prefix}-maintenance"

    @property
    def bots(self) -> str:
        return f"{self.prefix}-bots"

    @property
    def archive(self) -> str:
        return f"{self.prefix}-archive"

    @property
    def ratings(self) -> str:
        return f"{self.prefix}-ratings"

    @property
    def timeouts(self) -> str:
        return f"{self.prefix}-timeouts"

    @property
    def webhooks(self) -> str:
        return f"{self.prefix}-webhooks"

    @property
    def scheduler_lease(self) -> str:
        return f"{self.prefix}:scheduler-lease"

    @property
    def timer_lease(self) -> str:
        return f"{self.prefix}:timer-lease"

    @property
    def sweep_token(self) -> str:
        return f"{self.prefix}:sweep-token"

    def alive(self, worker_name: str) -> str:
        return f"{self.prefix}:alive:{worker_name}"


def live_workers(connection: Client, prefix: str = DEFAULT_PREFIX) -> int:
    """How many workers of the deployment ``prefix`` beat on ``connection`` now (each keeps
    its liveness key fresh while it runs)."""
    pattern = Names(prefix).alive("*")
    return sum(1 for _ in connection.scan_iter(match=pattern, count=500))


def queues(connection: redis.Redis, names: Names) -> list[Queue]:
    """Every queue, in the order a worker takes jobs from them.

    Timers come first: each was promised for a time, takes milliseconds, and there are at most
    a few per game, so they cannot starve the rest. Maintenance (the sweeper, at most one job per
    period) comes before the bots so that a backlog of moves cannot starve it. The archive
    comes last: it is never urgent, and a backlog of ended games must not delay a move. The
    ratings (one job per finished game between accounts, milliseconds each) come just before
    it: a rating may wait a moment, a move should not. The webhooks' tries come last of all:
    one may wait for a slow receiver up to its timeout (workers/webhook_queue.py).
    """
    order = (names.timeouts, names.maintenance, names.bots, names.ratings, names.archive)
    return [named_queue(connection, name) for name in (*order, names.webhooks)]


def timer_queue(connection: redis.Redis, names: Names) -> Queue:
    """The queue of turn timeouts and table expiries (all that a timer worker takes)."""
    return named_queue(connection, names.timeouts)


def bot_queue(connection: redis.Redis, names: Names) -> Queue:
    return named_queue(connection, names.bots)


def named_queue(connection: redis.Redis, name: str) -> Queue:
    return Queue(name, connection=connection, serializer=JSONSerializer)


def due_at(delay_s: float, now: float | None = None) -> datetime:
    """When a delayed bot job may run: never early, so rounded up to the scheduler's second.

    RQ truncates a scheduled time to the second (stack notes 3.1); left alone, a 1 s delay
    could end almost at once. Rounded up, it ends between ``delay_s`` and about ``delay_s`` +
    1.5 s (the housekeeper looks twice a second). Timers do not go this way: see
    ``move_due_timers``.
    """
    return datetime.fromtimestamp(math.ceil((time.time() if now is None else now) + delay_s), UTC)


def move_due_timers(connection: redis.Redis, names: Names, now: float) -> float | None:
    """Queue every timer due at ``now`` (a Unix time); the due time of the next one to wait,
    or None when none waits.

    What RQ's scheduler does for a queue, but at each timer's own time instead of on whole
    seconds. Two movers at once (while the timer lease changes hands) may both queue a timer:
    it then runs twice, which a timer job allows.
    """
    queue = timer_queue(connection, names)
    registry = queue.scheduled_job_registry
    # Members alone (no scores), as bytes: RQ's connection does not decode responses.
    found = connection.zrangebyscore(registry.key, 0, now, start=0, num=TIMER_BATCH)
    due = [job_id.decode() for job_id in cast("list[bytes]", found)]
    if due:
        jobs = Job.fetch_many(due, connection=connection, serializer=JSONSerializer)
        with connection.pipeline() as pipe:
            for job_id, job in zip(due, jobs, strict=True):
                if job is not None:  # its record expired: nothing left to run
                    queue.enqueue_job(job, pipeline=pipe)
                registry.remove(job_id, pipeline=pipe)
            pipe.execute()
    following = connection.zrange(registry.key, 0, 0, withscores=True)
    return float(following[0][1]) if following else None


class RQScheduler:
    """``service.ports.Scheduler`` on RQ: bot turns and turn timeouts as RQ jobs."""

    def __init__(
        self,
        connection: redis.Redis,
        *,
        prefix: str = DEFAULT_PREFIX,
        job_timeout: int = DEFAULT_JOB_TIMEOUT_S,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.connection = connection
        self.names = Names(prefix)
        self.job_timeout = job_timeout
        self.clock = clock
        timers = timer_queue(connection, self.names)
        self._queue = {
            BOT: bot_queue(connection, self.names),
            TIMEOUT: timers,
            EXPIRY: timers,
            IDLE: timers,
            ARCHIVE: named_queue(connection, self.names.archive),
            RATE: named_queue(connection, self.names.ratings),
            PAIR: timers,
        }

    def schedule(self, jobs: Sequence[FollowUp]) -> None:
        """Enqueue (or, with a delay, schedule) every job, each in a transaction of its own.

        One pipeline for several jobs cannot work in RQ: ``enqueue_at`` adds its commands
        before MULTI and ``enqueue`` then asks for MULTI ("Commands without an initial WATCH
        have already been issued"). One transaction per job also means that a job that cannot
        be queued does not keep the others from their queue; the failures are raised together
        afterwards (``SchedulingFailed``), for the caller to log and the sweeper to repair.
        Once the connection has failed (after its retries) the remaining jobs are not tried:
        a request should not wait for an absent Redis once per job.
        """
        failed: list[tuple[FollowUp, Exception]] = []
        unreachable: redis.ConnectionError | redis.TimeoutError | None = None
        for job in jobs:
            if unreachable:  # the queue's Redis is away: do not wait for it once per job
                failed.append((job, unreachable))
                continue
            try:
                self._enqueue(job)
            except (redis.ConnectionError, redis.TimeoutError) as error:
                unreachable = error
                failed.append((job, error))
            except Exception as error:  # reported below, job by job
                failed.append((job, error))
        if failed:
            raise SchedulingFailed(failed)

    def _enqueue(self, job: FollowUp) -> None:
        queue = self._queue[job.kind]
        if job.kind == PAIR and job.due_at is None and self._waits(queue, job.job_id):
            # Queued and not started: that pass will see the seek that asks for it, so a burst
            # of seeks makes one pass. A pass that runs already is queued again (it may have
            # read the pool before the new seek came).
            return
        args = job.args
        options = {
            "job_id": job.job_id,
            "job_timeout": self.job_timeout,
            "result_ttl": RESULT_TTL_S,
            "failure_ttl": FAILURE_TTL_S,
        }
        function = JOB_FUNCTIONS[job.kind]
        if job.kind in TIMERS and (due := self._timer_due(job)) > self.clock():
            # RQ's ``enqueue_at`` records the job but scores it in whole seconds (truncated:
            # early); the score is set to the exact time in the same transaction.
            with self.connection.pipeline() as pipe:
                at = datetime.fromtimestamp(due, UTC)
                queue.enqueue_at(at, function, *args, pipeline=pipe, **options)
                pipe.zadd(queue.scheduled_job_registry.key, {job.job_id: due})
                pipe.execute()
        elif job.kind in TIMERS:  # due already (a sweep adopting a late expiry)
            queue.enqueue(function, *args, **options)
        elif job.delay_s >= SCHEDULER_TICK_S:
            queue.enqueue_at(due_at(job.delay_s, self.clock()), function, *args, **options)
        elif job.delay_s > 0:
            # Below the scheduler's tick a delay would last a whole tick: the job is queued
            # now and waits out the rest of its delay itself (see ``workers.jobs``).
            not_before_ms = math.ceil((self.clock() + job.delay_s) * 1000)
            queue.enqueue(function, *args, not_before_ms, **options)
        else:
            queue.enqueue(function, *args, **options)

    def _waits(self, queue: Queue, job_id: str) -> bool:
        """Whether ``job_id`` waits in ``queue`` (queued, not yet taken by a worker)."""
        return self.connection.lpos(queue.key, job_id) is not None

    def _timer_due(self, job: FollowUp) -> float:
        """A timer's due time (Unix time): its absolute time (a table's expiry), or its delay
        from now (a turn)."""
        if job.due_at is not None:
            return datetime.fromisoformat(job.due_at).timestamp()
        return self.clock() + job.delay_s

    def missing(self, jobs: Sequence[FollowUp]) -> list[FollowUp]:
        """The jobs that nothing will run: never enqueued, lost, failed, finished, abandoned.

        A job still needed after it finished did not move (it lost every race with other
        seats), so it is missing too. A QUEUED job is live only while its id is in its queue
        (a worker killed between popping and starting it leaves the status behind), and a
        STARTED job only while its worker is alive.
        """
        if not jobs:
            return []
        found = Job.fetch_many(
            [job.job_id for job in jobs], connection=self.connection, serializer=JSONSerializer
        )
        # Per job: its answer now, or how to read the pipeline's answer.
        verdicts: list[bool | Callable[[object], bool]] = []
        with self.connection.pipeline(transaction=False) as pipe:
            for job, rq_job in zip(jobs, found, strict=True):
                status = rq_job.get_status(refresh=False) if rq_job else None
                if status == JobStatus.QUEUED:
                    pipe.lpos(self._queue[job.kind].key, job.job_id)
                    verdicts.append(lambda index: index is not None)  # 0 is the head
                elif status == JobStatus.STARTED and rq_job and rq_job.worker_name:
                    pipe.exists(self.names.alive(rq_job.worker_name))
                    verdicts.append(bool)
                else:
                    verdicts.append(status in (JobStatus.SCHEDULED, JobStatus.DEFERRED))
            answers = iter(pipe.execute())
        alive = [v if isinstance(v, bool) else v(next(answers)) for v in verdicts]
        return [job for job, ok in zip(jobs, alive, strict=True) if not ok]
