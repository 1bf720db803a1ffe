"""Timers first: a turn's timeout runs when it is due, however busy the bots are.

The worker processes are the set ``foxden up`` starts (``foxden.supervisor.worker_args``),
under ``tests.workers.slow_worker`` so that a bot's search can hold its worker for as long as a
test needs (the ``held`` strategy waits for the test's gate). The unit tests at the end drive
the timer mover with a clock of their own.
"""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from rq.job import Job, JobStatus
from rq.registry import StartedJobRegistry
from rq.serializers import JSONSerializer

from domain.errors import RuleError
from events.envelope import Envelope
from service.games import GameService
from service.policies import BOT, TIMEOUT, FollowUp
from tests.workers.conftest import Workers, ended, envelopes, wait_until
from tests.workers.slow_worker import HELD, HOLD_MAX_S, SLOW, open_gate
from workers.runner import TIMER_LOOK_S, TimerMover
from workers.scheduler import Names, RQScheduler, move_due_timers, timer_queue

MODULE = "tests.workers.slow_worker"
HUMAN = {"kind": "human"}
HELD_BOT = {"kind": "bot", "strategy": "held"}
RANDOM = {"kind": "bot", "strategy": "random"}


@pytest.fixture
def gate(scheduler: RQScheduler, prefix: str) -> Iterator[None]:
    """Whatever a test asserts, its held jobs are let go, so that its workers can stop."""
    yield
    open_gate(scheduler.connection, prefix)


def at(envelope: Envelope) -> float:
    return datetime.fromisoformat(envelope.at).timestamp()


def first_move(games: GameService, game_id: str, seat: int) -> Envelope | None:
    """The first event of the seat's first move (joins and leaves are not moves)."""
    for envelope in envelopes(games, game_id):
        if envelope.by.get("seat") == seat and envelope.type not in ("PlayerJoined", "SeatLeft"):
            return envelope
    return None


def started_job(
    scheduler: RQScheduler, queue: str, game_id: str, seat: int | None = None
) -> Job | None:
    """The game's job (for ``seat``, when given) that a worker has started on ``queue`` (with
    that worker's name)."""
    registry = StartedJobRegistry(queue, connection=scheduler.connection)
    for job_id in registry.get_job_ids():
        job = Job.fetch(job_id, connection=scheduler.connection, serializer=JSONSerializer)
        if job.args[0] == game_id and job.worker_name and seat in (None, job.args[1]):
            return job
    return None


def running(names: list[str], scheduler: RQScheduler) -> list[str]:
    """``names``, once every one of those workers beats (starting takes seconds when loaded)."""
    alive = [scheduler.names.alive(name) for name in names]
    wait_until(lambda: scheduler.connection.exists(*alive) == len(alive), 60, "the workers")
    return names


def clocked_table(games: GameService, game: str) -> tuple[str, int]:
    """A started table of two idle humans with a 1 s turn limit; the seat to act first."""
    game_id = games.create(game, [HUMAN, HUMAN], {"turn_timeout_s": 1}).game_id
    games.join(game_id, "ada")
    games.join(game_id, "bob")
    (seat,) = games.load(game_id).state.to_act()
    return game_id, seat


def end(games: GameService, *game_ids: str) -> None:
    """Hand every human seat to a bot and wait for the games to end (no later test adopts
    them)."""
    for game_id in game_ids:
        state = games.load(game_id).state
        for seat, info in enumerate(state.seats):
            if info.kind == "human" and not info.left:
                with contextlib.suppress(RuleError):  # the timeouts may just have ended it
                    games.handle(game_id, seat, {"type": "leave"})
    wait_until(lambda: all(ended(games, g) for g in game_ids), 60, "the games to end")


def test_a_due_timeout_is_played_while_a_search_holds_the_bot_worker(
    games: GameService, scheduler: RQScheduler, workers: Workers, prefix: str, gate: None
) -> None:
    general, timers = running(workers.start_as_up(1, module=MODULE), scheduler)
    scheduler.job_timeout = HOLD_MAX_S + 30  # RQ must not kill the held search first
    searching = games.create(SLOW.id, [HELD_BOT, RANDOM], {}).game_id
    search = wait_until(
        # The held seat's job: the other seat's (random) may start first, and ends at once.
        lambda: started_job(scheduler, scheduler.names.bots, searching, seat=0),
        30,
        "the held search to start",
    )
    assert search.worker_name == general

    clocked, seat = clocked_table(games, SLOW.id)
    timeout = wait_until(
        lambda: first_move(games, clocked, seat),
        HOLD_MAX_S - 10,
        "the timeout while the search holds on",
    )

    assert timeout.by == {"seat": seat, "kind": "timeout"}
    # Played while the search still held the worker: before the bot's job ended (it holds
    # until the gate opens, HOLD_MAX_S at most, which a loaded machine may reach) and before
    # its move.
    search.refresh()
    ended = search.ended_at
    assert search.get_status() == JobStatus.STARTED or (
        ended is not None and at(timeout) < (ended.replace(tzinfo=ended.tzinfo or UTC)).timestamp()
    )
    bot_move = first_move(games, searching, 0)
    assert bot_move is None or at(timeout) < at(bot_move)
    ran = f"Job OK (fd-timeout-{clocked}-{seat}-"
    wait_until(lambda: ran in workers.log(timers), 10, "the timer worker's log of the job")

    open_gate(scheduler.connection, prefix)
    searched = wait_until(lambda: first_move(games, searching, 0), 30, "the search's move")
    assert searched.by == {"seat": 0, "kind": "bot"}
    assert at(timeout) <= at(searched)  # recorded in that order, on the service's clock
    end(games, searching, clocked)


def test_a_timer_whose_timer_worker_dies_mid_job_is_played_by_another_worker(
    games: GameService, scheduler: RQScheduler, workers: Workers, prefix: str, gate: None
) -> None:
    general, timers = running(workers.start_as_up(1, module=MODULE), scheduler)
    scheduler.job_timeout = HOLD_MAX_S + 30  # RQ must not kill the held search first
    searching = games.create(SLOW.id, [HELD_BOT, RANDOM], {}).game_id
    wait_until(
        # The held seat's job: the other seat's (random) may start first, and ends at once.
        lambda: started_job(scheduler, scheduler.names.bots, searching, seat=0),
        30,
        "the held search to start",
    )
    # The general worker is held, so the timer worker takes the timeout, whose move (the
    # ``held`` strategy of HELD) holds it in turn.
    clocked, seat = clocked_table(games, HELD.id)
    job = wait_until(
        lambda: started_job(scheduler, scheduler.names.timeouts, clocked),
        60,
        "the timer worker to start the timeout",
    )
    assert job.worker_name == timers
    workers.kill(timers)

    open_gate(scheduler.connection, prefix)
    # The general worker's sweeper finds the timeout abandoned (its worker's liveness key
    # lapses) and schedules it again; the general worker runs it, timers being in its queues.
    timeout = wait_until(lambda: first_move(games, clocked, seat), 30, "the timeout")
    assert timeout.by == {"seat": seat, "kind": "timeout"}
    assert f"sweeper: scheduled {job.id}" in workers.log(general)
    end(games, searching, clocked)


# --- the timer mover, on a clock of the test's -------------------------------------------------


def timer(game_id: str, delay_s: float) -> FollowUp:
    return FollowUp(TIMEOUT, game_id, 1, 7, delay_s)


def queued(scheduler: RQScheduler) -> list[str]:
    key = timer_queue(scheduler.connection, scheduler.names).key
    return [job_id.decode() for job_id in scheduler.connection.lrange(key, 0, -1)]


def test_a_timer_is_queued_at_its_own_time_not_on_a_whole_second(
    scheduler: RQScheduler, prefix: str
) -> None:
    now = 1_000_000.25
    on_clock = RQScheduler(scheduler.connection, prefix=prefix, clock=lambda: now)
    first, second = timer(uuid.uuid4().hex, 2), timer(uuid.uuid4().hex, 2.5)
    on_clock.schedule([first, second, FollowUp(BOT, uuid.uuid4().hex, 0, 3, 2)])
    names = Names(prefix)

    assert move_due_timers(scheduler.connection, names, now + 1.999) == now + 2
    assert queued(scheduler) == []
    assert move_due_timers(scheduler.connection, names, now + 2) == now + 2.5
    assert queued(scheduler) == [first.job_id]
    assert move_due_timers(scheduler.connection, names, now + 2.5) is None
    assert queued(scheduler) == [first.job_id, second.job_id]
    assert scheduler.missing([first, second]) == []
    status = Job.fetch(first.job_id, connection=scheduler.connection, serializer=JSONSerializer)
    assert status.get_status() == JobStatus.QUEUED
    # The bot's delayed job is not a timer: its own mover (RQ's) queues it.
    assert scheduler.connection.llen(f"rq:queue:{names.bots}") == 0


def test_one_timer_mover_at_a_time_waits_until_the_next_timer(
    scheduler: RQScheduler, prefix: str
) -> None:
    now = 2_000_000.0
    on_clock = RQScheduler(scheduler.connection, prefix=prefix, clock=lambda: now)
    due = timer(uuid.uuid4().hex, 1.1)
    on_clock.schedule([due])
    names = Names(prefix)
    clock = [now + 1.0]
    holder = TimerMover(scheduler.connection, names, "holder", clock=lambda: clock[0])
    other = TimerMover(scheduler.connection, names, "other", clock=lambda: clock[0])

    assert holder.step() == pytest.approx(0.1)  # it holds the lease: wait for the timer
    assert other.step() == TIMER_LOOK_S  # the lease is taken: look again later
    clock[0] = now + 1.1
    assert other.step() == TIMER_LOOK_S and queued(scheduler) == []
    assert holder.step() == TIMER_LOOK_S
    assert queued(scheduler) == [due.job_id]
    holder.stop()  # gives up the lease
    clock[0] += 1  # ``other`` asks for the lease again
    assert other.step() == TIMER_LOOK_S
    assert scheduler.connection.get(names.timer_lease) == b"other"
