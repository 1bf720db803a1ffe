"""The workers, end to end: real ``foxden worker`` processes on a real Redis.

The test process only creates games, joins and leaves; every bot and timeout move is made by
the worker processes. Each test ends its games (a leave hands a seat to a bot), so that no
later test's sweeper adopts them.
"""

from __future__ import annotations

import re
import socket
import subprocess
import urllib.request
from datetime import datetime

import pytest
from prometheus_client import REGISTRY
from rq.job import Job, JobStatus
from rq.registry import StartedJobRegistry
from rq.serializers import JSONSerializer

from domain import registry
from service.games import GameService
from service.policies import BOT, TIMEOUT, FollowUp
from tests.workers.conftest import SWEEP_S, Workers, ended, envelopes, wait_until
from tests.workers.slow_worker import SLOW, SLOW_S
from workers.scheduler import RQScheduler


def seconds(at: str) -> float:
    return datetime.fromisoformat(at.replace("Z", "+00:00")).timestamp()


def moves(games: GameService, game_id: str, seat: int) -> list:
    """The envelopes of the seat's own commands (the first event of each)."""
    seen, found = set(), []
    for envelope in envelopes(games, game_id):
        if envelope.by.get("seat") == seat and envelope.command_id not in seen:
            seen.add(envelope.command_id)
            found.append(envelope)
    return [e for e in found if e.type not in ("PlayerJoined", "SeatLeft")]


def bots(n: int) -> list[dict]:
    return [{"kind": "bot", "strategy": "greedy" if k % 2 else "random"} for k in range(n)]


def test_all_bot_games_of_every_game_finish_through_the_workers(
    games: GameService, workers: Workers
) -> None:
    workers.start(2)
    catalogue = {game.id: game for game in registry.all_games()}
    assert {"fette-beute", "sly", "gloria-picktoria"} <= set(catalogue)
    created = {
        game_id: games.create(game_id, bots(catalogue[game_id].min_players), {}).game_id
        for game_id in ("fette-beute", "sly", "gloria-picktoria")
    }
    wait_until(
        lambda: all(ended(games, game_id) for game_id in created.values()), 90, "the games to end"
    )
    for game_id in created.values():
        history = envelopes(games, game_id)
        assert history[-1].type == "GameEnded"
        kinds = {e.by["kind"] for e in history if e.by.get("seat") is not None}
        assert kinds == {"bot"}


def test_a_silent_human_is_timed_out(games: GameService, workers: Workers) -> None:
    workers.start(1)
    game_id = games.create("sly", [{"kind": "human"}, *bots(1)], {"turn_timeout_s": 1}).game_id
    games.join(game_id, "ada")
    first = wait_until(lambda: moves(games, game_id, 0), 30, "a timeout move")[0]
    assert first.by == {"seat": 0, "kind": "timeout"}
    became_to_act = envelopes(games, game_id)[int(first.command_id.split(":")[2]) - 1]
    waited = seconds(first.at) - seconds(became_to_act.at)
    # Never early; typically a few milliseconds late (slack for a loaded machine).
    assert 1.0 <= waited <= 5, waited
    games.handle(game_id, 0, {"type": "leave"})  # so that the game ends here, not in later tests
    wait_until(lambda: ended(games, game_id), 60, "the game to end")


def test_a_timeout_that_fires_after_the_seat_moved_changes_nothing(
    games: GameService, scheduler: RQScheduler, workers: Workers
) -> None:
    workers.start(1)
    game_id = games.create("sly", [{"kind": "human"}] * 2, {"turn_timeout_s": 1}).game_id
    games.join(game_id, "ada")
    games.join(game_id, "bob")
    state = games.load(game_id).state
    (seat,) = state.to_act()
    since = state.since[seat]
    legal = state.definition.legal_commands(state.board, seat)
    games.handle(game_id, seat, legal[0])  # in time
    job_id = FollowUp(TIMEOUT, game_id, seat, since, 1).job_id
    job = wait_until(
        lambda: (
            (j := Job.fetch(job_id, connection=scheduler.connection, serializer=JSONSerializer))
            and j.get_status() == JobStatus.FINISHED
            and j
        ),
        20,
        "the stale timeout job to run",
    )
    assert job.return_value() is False
    assert not [e for e in envelopes(games, game_id) if e.command_id == f"timeout:{seat}:{since}"]
    for leaver in (0, 1):
        games.handle(game_id, leaver, {"type": "leave"})
    wait_until(lambda: ended(games, game_id), 60, "the game to end")


def test_the_same_bot_and_timeout_job_run_twice_append_once(
    games: GameService, scheduler: RQScheduler, workers: Workers
) -> None:
    # Simultaneous choice: at the start the bot and both humans are to act.
    seats = [*bots(1), {"kind": "human"}, {"kind": "human"}]
    game_id = games.create("fette-beute", seats, {"turn_timeout_s": 60}).game_id
    games.join(game_id, "ada")
    games.join(game_id, "bob")
    state = games.load(game_id).state
    assert state.to_act() == {0, 1, 2}
    bot = FollowUp(BOT, game_id, 0, state.since[0], 0)
    timeout = FollowUp(TIMEOUT, game_id, 1, state.since[1], 0)
    scheduler.schedule([bot, timeout, timeout])  # the bot job is queued once already
    queued = scheduler.connection.lrange(f"rq:queue:{scheduler.names.bots}", 0, -1)
    assert queued.count(bot.job_id.encode()) == 2
    queued = scheduler.connection.lrange(f"rq:queue:{scheduler.names.timeouts}", 0, -1)
    assert queued.count(timeout.job_id.encode()) == 2

    (name,) = workers.start(1, burst=True)
    try:
        # 2-3 s alone; roomy for a loaded suite (a worker that outlived its jobs by a minute
        # here was redis-py's pubsub thread: FoxdenWorker.subscribe).
        workers.procs[name].wait(60)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the burst worker was still running after 60 s; its log:\n{workers.log(name)}")

    log = workers.log(name)
    assert log.count(f"Job OK ({bot.job_id})") >= 2
    assert log.count(f"Job OK ({timeout.job_id})") >= 2
    assert [m.by["kind"] for m in moves(games, game_id, 0)] == ["bot"]
    assert [m.by["kind"] for m in moves(games, game_id, 1)] == ["timeout"]
    assert games.load(game_id).state.to_act() == {2}
    for leaver in (1, 2):
        games.handle(game_id, leaver, {"type": "leave"})
    workers.start(1)
    wait_until(lambda: ended(games, game_id), 60, "the game to end")


def test_a_worker_killed_mid_job_does_not_stop_the_game(
    games: GameService, scheduler: RQScheduler, workers: Workers
) -> None:
    workers.start(2, module="tests.workers.slow_worker")
    seats = [{"kind": "bot", "strategy": "slow"}, {"kind": "bot", "strategy": "random"}]
    game_id = games.create(SLOW.id, seats, {}).game_id
    started = StartedJobRegistry(scheduler.names.bots, connection=scheduler.connection)

    def running() -> Job | None:
        for job_id in started.get_job_ids():
            job = Job.fetch(job_id, connection=scheduler.connection, serializer=JSONSerializer)
            # The slow seat's first move; RQ records the worker just after the registry entry.
            if job.args[1] == 0 and job.worker_name:
                return job
        return None

    job = wait_until(running, 30, "the slow seat's first move to start")
    workers.kill(job.worker_name)  # mid-job: the slow seat thinks for SLOW_S
    assert not moves(games, game_id, 0)

    # Usually the survivor's sweeper finds the job STARTED by a worker whose liveness key
    # has expired, and schedules it again. (Rarely, a sweep already ran a duplicate: a job
    # popped but not yet started looks lost. Duplicates are harmless by design.)
    wait_until(lambda: ended(games, game_id), 30 + SLOW_S, "the game to end")
    assert moves(games, game_id, 0)[0].by == {"seat": 0, "kind": "bot"}


class Injected(ConnectionError):
    pass


class Failing:
    """A scheduler that fails, as if the API died between the append and the enqueue."""

    def schedule(self, jobs: list[FollowUp]) -> None:
        raise Injected("the API died between append and enqueue")

    def missing(self, jobs: list[FollowUp]) -> list[FollowUp]:
        return list(jobs)


def lost_follow_ups(what: str) -> float:
    return REGISTRY.get_sample_value("foxden_follow_up_failures_total", {"what": what}) or 0


def test_the_sweeper_recovers_a_game_whose_scheduling_failed(
    games: GameService, workers: Workers
) -> None:
    workers.start(1)
    seats = [{"kind": "human"}, *bots(2)]
    game_id = games.create("fette-beute", seats, {}).game_id
    games.join(game_id, "ada")
    state = games.load(game_id).state
    assert 0 in state.to_act()
    lost = FollowUp(BOT, game_id, 0, state.since[0], 0)
    failing = GameService(games.store, Failing(), games.index)

    before = lost_follow_ups("bot")
    # Appended, its bot job never enqueued: answered all the same, the failure counted.
    assert failing.handle(game_id, 0, {"type": "leave"}).envelopes
    assert lost_follow_ups("bot") == before + 1

    left = envelopes(games, game_id)
    assert [e.type for e in left if e.type == "SeatLeft"] == ["SeatLeft"]
    left_at = seconds(next(e for e in left if e.type == "SeatLeft").at)
    first = wait_until(lambda: moves(games, game_id, 0), SWEEP_S + 5, "the sweeper")[0]
    assert first.by == {"seat": 0, "kind": "bot"}
    assert seconds(first.at) - left_at <= SWEEP_S + 3  # the sweep period, slack for load
    assert any(f"sweeper: scheduled {lost.job_id}" in workers.log(name) for name in workers.procs)
    wait_until(lambda: ended(games, game_id), 60, "the game to end")


def test_the_sweeper_recovers_a_game_whose_start_could_not_schedule(
    games: GameService, workers: Workers
) -> None:
    workers.start(1)
    game_id = games.create("fette-beute", [{"kind": "human"}, *bots(2)], {}).game_id
    failing = GameService(games.store, Failing(), games.index)
    failing.join(game_id, "ada")  # the start is appended; the bots' jobs never enqueued
    assert games.load(game_id).state.status == "active"
    wait_until(lambda: moves(games, game_id, 1), SWEEP_S + 4, "the sweeper")
    games.handle(game_id, 0, {"type": "leave"})
    wait_until(lambda: ended(games, game_id), 60, "the game to end")


def test_a_worker_serves_its_metrics_when_asked(games: GameService, workers: Workers) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    workers.env["FOXDEN_WORKER_METRICS"] = f"127.0.0.1:{port}"
    workers.start(1)
    game_id = games.create("sly", bots(2), {}).game_id
    wait_until(lambda: ended(games, game_id), 60, "the game to end")
    text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5).read().decode()
    moved = re.search(r'foxden_jobs_total\{kind="bot",outcome="moved"\} (\d+)', text)
    assert moved and int(moved.group(1)) > 0
    assert 'foxden_commands_total{game="sly"' in text
