"""The RQ side of the application service's ``Scheduler`` port.

Jobs are enqueued by their import path with JSON arguments (never pickle), under a
deterministic job id per (kind, game, seat, since). Enqueueing the same id again replaces the
job, which is harmless: correctness rests on the expected version and the ``since`` check in
``GameService.play_for``, never on RQ's uniqueness.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from datetime import timedelta

import redis
from rq import Queue
from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus
from rq.serializers import JSONSerializer

from service.policies import BOT, TIMEOUT, FollowUp

PREFIX = os.environ.get("FOXDEN_QUEUE_PREFIX", "foxden")
BOTS, TIMEOUTS, MAINTENANCE = f"{PREFIX}-bots", f"{PREFIX}-timeouts", f"{PREFIX}-maintenance"
JOB_FUNCTIONS = {BOT: "workers.jobs.bot_turn", TIMEOUT: "workers.jobs.turn_timeout"}
LIVE = {JobStatus.QUEUED, JobStatus.SCHEDULED, JobStatus.STARTED, JobStatus.DEFERRED}
RESULT_TTL_S = 60  # a finished job's record only needs to outlive the sweeper's next look


def queues(connection: redis.Redis) -> dict[str, Queue]:
    return {
        name: Queue(name, connection=connection, serializer=JSONSerializer)
        for name in (BOTS, TIMEOUTS, MAINTENANCE)
    }


class RQScheduler:
    def __init__(self, connection: redis.Redis) -> None:
        self.connection = connection
        self.queues = queues(connection)

    def schedule(self, jobs: Sequence[FollowUp]) -> None:
        for job in jobs:
            queue = self.queues[BOTS if job.kind == BOT else TIMEOUTS]
            args = (job.game_id, job.seat, job.since)
            options = {"job_id": job.job_id, "result_ttl": RESULT_TTL_S, "failure_ttl": 3600}
            if job.delay_s > 0:
                queue.enqueue_in(
                    timedelta(seconds=job.delay_s), JOB_FUNCTIONS[job.kind], *args, **options
                )
            else:
                queue.enqueue(JOB_FUNCTIONS[job.kind], *args, **options)

    def missing(self, jobs: Sequence[FollowUp]) -> list[FollowUp]:
        """Jobs with no live RQ job: never enqueued, lost, failed, or run while still due."""
        found = []
        for job in jobs:
            try:
                status = Job.fetch(
                    job.job_id, connection=self.connection, serializer=JSONSerializer
                ).get_status()
            except NoSuchJobError:
                status = None
            if status not in LIVE:
                found.append(job)
        return found
