"""The RQ adapter on a real Redis, without workers: what it enqueues and what it calls missing."""

from __future__ import annotations

import time
import uuid

from rq.job import Job, JobStatus
from rq.serializers import JSONSerializer

from service.policies import BOT, TIMEOUT, FollowUp
from workers.scheduler import RQScheduler, due_at


def follow_up(kind: str = BOT, delay_s: float = 0) -> FollowUp:
    return FollowUp(kind, uuid.uuid4().hex, 1, 7, delay_s)


def rq_job(scheduler: RQScheduler, job: FollowUp) -> Job:
    return Job.fetch(job.job_id, connection=scheduler.connection, serializer=JSONSerializer)


def test_jobs_are_json_calls_by_import_path(scheduler: RQScheduler) -> None:
    bot, timeout = follow_up(BOT), follow_up(TIMEOUT, delay_s=30)
    scheduler.schedule([bot, timeout])
    queued, scheduled = rq_job(scheduler, bot), rq_job(scheduler, timeout)
    assert (queued.func_name, queued.args) == ("workers.jobs.bot_turn", [bot.game_id, 1, 7])
    assert queued.origin == scheduler.names.bots and queued.get_status() == JobStatus.QUEUED
    assert scheduled.func_name == "workers.jobs.turn_timeout"
    assert scheduled.origin == scheduler.names.timeouts
    assert scheduled.get_status() == JobStatus.SCHEDULED
    assert scheduler.missing([bot, timeout]) == []


def test_missing_means_nothing_will_run_it(scheduler: RQScheduler) -> None:
    never, popped, finished, running, abandoned = (follow_up() for _ in range(5))
    scheduler.schedule([popped, finished, running, abandoned])
    # A worker popped this one and died before starting it: the status says QUEUED.
    scheduler.connection.lrem(f"rq:queue:{scheduler.names.bots}", 0, popped.job_id)
    rq_job(scheduler, finished).set_status(JobStatus.FINISHED)
    for job, worker in ((running, "alive-worker"), (abandoned, "killed-worker")):
        started = rq_job(scheduler, job)
        started.worker_name = worker
        started.save()
        started.set_status(JobStatus.STARTED)
    scheduler.connection.set(scheduler.names.alive("alive-worker"), 1, px=5000)

    jobs = [never, popped, finished, running, abandoned]
    assert scheduler.missing(jobs) == [never, popped, finished, abandoned]


def test_a_delayed_job_is_due_on_a_whole_second_never_early() -> None:
    before = time.time()
    due = due_at(1.0).timestamp()
    assert due == int(due)
    assert before + 1.0 <= due < time.time() + 2.0
