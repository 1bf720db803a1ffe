"""Games that end (issue #41), with real ``foxden worker`` processes on a real Redis: every
person goes idle, the idle timers hand their seats to bots, and the bots finish the game.

The test process only creates the table and seats two persons who never act; every later event
is a worker's. The limits are short (1 s) rather than slept out; nothing here asserts a speed.
"""

from __future__ import annotations

import uuid

from rq.job import Job, JobStatus
from rq.serializers import JSONSerializer

from domain import match
from service.games import GameService
from service.policies import IDLE, FollowUp
from tests.workers.conftest import Workers, ended, envelopes, wait_until
from workers.scheduler import RQScheduler

HUMAN = {"kind": "human"}


def test_when_every_person_goes_idle_the_bots_finish_the_game(
    games: GameService, workers: Workers
) -> None:
    workers.start(1)
    options = {"idle_limit_s": 1, "max_turns_per_player": 1}
    game_id = games.create("sly", [HUMAN, HUMAN], options).game_id
    games.join(game_id, "ada")
    games.join(game_id, "bob")
    assert games.is_live(games.load(game_id).state)  # 1 s: made for live play
    listed = {item["id"] for item in games.index.page(None, "sly", None, 200, live=True)[0]}
    assert game_id in listed  # two persons hold its seats

    wait_until(lambda: ended(games, game_id), 90, "the bots to finish the game")
    history = envelopes(games, game_id)
    left = [e for e in history if e.type == "SeatLeft"]
    assert sorted(e.data["seat"] for e in left) == [0, 1]  # each person, once
    for envelope in left:
        assert envelope.data["reason"] == "idle"
        assert envelope.by == {"seat": envelope.data["seat"], "kind": "timeout"}
        assert envelope.cause is not None and envelope.cause["type"] == "idle"
    started = next(e.version for e in history if e.type == "GameStarted")
    played = {e.by["kind"] for e in history if e.version > started and e.by["seat"] is not None}
    assert "player" not in played and "bot" in played  # nobody acted; bots played it out
    assert history[-1].type == "GameEnded"

    state = games.load(game_id).state
    summary = match.seats_summary(state)
    assert [(s["played_by"], s["taken_over"]) for s in summary] == [("bot", "idle")] * 2
    listed = {item["id"] for item in games.index.page(None, "sly", None, 200, live=True)[0]}
    assert game_id not in listed
    (entry,) = [m for m in games.index.page("finished", "sly", None, 200)[0] if m["id"] == game_id]
    assert entry["people"] == 0


def test_the_idle_timer_waits_on_the_timer_queue(scheduler: RQScheduler) -> None:
    job = FollowUp(IDLE, uuid.uuid4().hex, 1, 7, 60)
    scheduler.schedule([job])
    queued = Job.fetch(job.job_id, connection=scheduler.connection, serializer=JSONSerializer)
    assert (queued.func_name, queued.args) == ("workers.jobs.idle_seat", [job.game_id, 1, 7])
    assert queued.origin == scheduler.names.timeouts
    assert queued.get_status() == JobStatus.SCHEDULED
    assert scheduler.missing([job]) == []
    queued.delete()
