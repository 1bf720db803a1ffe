"""The RQ adapter on a real Redis, without workers: what it enqueues and what it calls missing."""

from __future__ import annotations

import time
import uuid

import pytest
from rq.job import Job, JobStatus
from rq.serializers import JSONSerializer

from events.redis_client import connect
from foxden.bootstrap import build_service
from service import policies
from service.policies import BOT, TIMEOUT, FollowUp
from tests.workers.conftest import play_out
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
    never, popped, finished, failed, running, abandoned = (follow_up() for _ in range(6))
    scheduler.schedule([popped, finished, failed, running, abandoned])
    # A worker popped this one and died before starting it: the status says QUEUED.
    scheduler.connection.lrem(f"rq:queue:{scheduler.names.bots}", 0, popped.job_id)
    rq_job(scheduler, finished).set_status(JobStatus.FINISHED)
    rq_job(scheduler, failed).set_status(JobStatus.FAILED)
    for job, worker in ((running, "alive-worker"), (abandoned, "killed-worker")):
        started = rq_job(scheduler, job)
        started.worker_name = worker
        started.save()
        started.set_status(JobStatus.STARTED)
    scheduler.connection.set(scheduler.names.alive("alive-worker"), 1, px=5000)

    jobs = [never, popped, finished, failed, running, abandoned]
    assert scheduler.missing(jobs) == [never, popped, finished, failed, abandoned]


def test_a_delayed_job_is_due_on_a_whole_second_never_early() -> None:
    before = time.time()
    due = due_at(1.0).timestamp()
    assert due == int(due)
    assert before + 1.0 <= due < time.time() + 2.0


def test_a_delayed_job_then_an_immediate_one_are_both_queued(scheduler: RQScheduler) -> None:
    # One RQ pipeline for both failed: "Commands without an initial WATCH have already been
    # issued" (enqueue_at issues commands before enqueue asks for MULTI).
    timeout, bot = follow_up(TIMEOUT, delay_s=60), follow_up(BOT)
    scheduler.schedule([timeout, bot])
    assert rq_job(scheduler, timeout).get_status() == JobStatus.SCHEDULED
    assert rq_job(scheduler, bot).get_status() == JobStatus.QUEUED
    assert scheduler.missing([timeout, bot]) == []


def test_a_delay_under_the_tick_is_queued_now_with_the_time_it_may_run(
    scheduler: RQScheduler,
) -> None:
    short = follow_up(BOT, delay_s=0.04)
    before = time.time()
    scheduler.schedule([short])
    queued = rq_job(scheduler, short)
    assert queued.get_status() == JobStatus.QUEUED  # not left to RQ's 1 s scheduler
    game_id, seat, since, not_before_ms = queued.args
    assert (game_id, seat, since) == (short.game_id, 1, 7)
    assert before + 0.04 <= not_before_ms / 1000 < time.time() + 0.05


@pytest.mark.single_redis  # the fault proxy forwards one TCP server
def test_the_service_answers_a_move_whose_follow_ups_the_queue_refused(
    redis_url: str, queue_url: str, prefix: str
) -> None:
    """The createGame example of openapi.yaml, joined while the queue's Redis is away."""
    from tests.faults import FaultProxy

    proxy = FaultProxy(queue_url)
    client = connect(queue_url)
    games = build_service(redis_url, RQScheduler(connect(proxy.url), prefix=prefix))
    example = [
        {"kind": "human"},
        *[{"kind": "bot", "strategy": s} for s in ("greedy", "random")],
    ]
    game_id = games.create("fette-beute", example, {"turn_timeout_s": 60}).game_id
    try:
        with proxy.down():
            seat, _, outcome = games.join(game_id, "ada")  # no error: the start happened
        state = games.load(game_id).state
        assert (seat, state.status, outcome.version) == (0, "active", state.version)
        needed = policies.needed(game_id, state)
        direct = RQScheduler(client, prefix=prefix)
        assert direct.missing(needed) == needed  # left to the sweeper
        games.scheduler.schedule(needed)  # the fault is over: the same jobs go in as a mix
        assert direct.missing(needed) == []
    finally:
        play_out(games, game_id)  # no worker here; a later test's sweeper would adopt it
        proxy.close()
        client.close()
