"""Games that end (issue #41): the idle limit hands a person's seat to a bot, the defaults come
from the settings, the seats say who plays them, and the lobby lists only live games.

The service runs on a clock of the test's (no sleeps): a job is run by calling the service as
the worker's job would (``workers.jobs.idle_seat`` is one line over ``hand_over_idle``).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from domain import match
from domain.game import Command, Event
from events.envelope import Envelope
from foxden.bootstrap import build_service
from foxden.settings import Settings, SettingsError
from service import audit_checks
from service.cycle import Submission
from service.games import LIVE_IDLE_LIMIT_S, GameService
from service.policies import BOT, IDLE, TIMEOUT, FollowUp, needed
from service.ports import RecordingScheduler
from tests.service.conftest import Api
from tests.toygame import TOY
from workers.sweeper import sweep_once

DRAW = {"type": "draw", "count": 1}
HUMAN = {"kind": "human"}
BOT_SEAT = {"kind": "bot", "strategy": "greedy"}


class Clock:
    """The service's clock, moved on by the test."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> str:
        return self.now.isoformat(timespec="milliseconds").replace("+00:00", "Z")

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock(service: GameService) -> Clock:
    service.clock = Clock()
    return service.clock


def seat_to_act(service: GameService, game_id: str) -> tuple[int, int]:
    """The one seat to act now, and the version since which it is."""
    state = service.load(game_id).state
    (seat,) = state.to_act()
    return seat, state.since[seat]


def events_of(api: Api, game_id: str, after: int = 0) -> list[dict[str, Any]]:
    page = api.get(f"/v1/games/{game_id}/events?after={after}")
    assert page.status_code == 200, page.json
    return page.json["events"]


def seat_left(service: GameService, game_id: str) -> list[Envelope]:
    return [e for e in service.store.read(game_id) if e.type == "SeatLeft"]


def moved(outcome: Any) -> bool:
    return outcome is not None and bool(outcome.envelopes) and not outcome.replayed


def play_out(api: Api, service: GameService, game_id: str, tokens: list[str]) -> None:
    """Finish a toy game: persons draw one card, bots (and seats taken over) move as jobs do."""
    while (state := service.load(game_id).state).status == match.ACTIVE:
        seat = min(state.to_act())
        if state.seats[seat].played_by_bot:
            assert moved(service.play_for(game_id, seat, state.since[seat], "bot"))
        else:
            assert api.command(game_id, tokens[seat], DRAW).status_code == 201


# --- the hand-over ------------------------------------------------------------------------------


def test_an_idle_holder_s_seat_goes_to_a_bot_with_the_event_in_the_feed(
    api: Api, service: GameService, scheduler: RecordingScheduler, clock: Clock
) -> None:
    game_id, tokens = api.table(2, idle_limit_s=60)
    seat, since = seat_to_act(service, game_id)
    job = FollowUp(IDLE, game_id, seat, since, 60)
    assert job in scheduler.jobs  # scheduled when the seat became one to act
    assert job.job_id == f"fd-idle-{game_id}-{seat}-{since}"

    clock.advance(59.999)
    assert not moved(service.hand_over_idle(game_id, seat, since))  # early: nothing
    clock.advance(0.001)
    outcome = service.hand_over_idle(game_id, seat, since)
    assert outcome is not None and moved(outcome)
    assert [e.type for e in outcome.envelopes] == ["SeatLeft"]

    (left,) = events_of(api, game_id, after=since)
    assert left["type"] == "SeatLeft"
    assert left["data"] == {"seat": seat, "strategy": match.LEAVE_STRATEGY, "reason": "idle"}
    assert left["by"] == {"seat": seat, "kind": "timeout"}  # a timer did it, not the player
    assert left["cause"]["type"] == "idle" and left["command_id"] == f"idle:{seat}:{since}"

    summary = api.get(f"/v1/games/{game_id}").json
    shown = summary["seats"][seat]
    assert (shown["kind"], shown["played_by"], shown["taken_over"]) == ("bot", "bot", "idle")
    other = summary["seats"][1 - seat]
    assert (other["played_by"], other["taken_over"]) == ("person", None)
    view = api.get(f"/v1/games/{game_id}/state", tokens[1 - seat]).json
    assert view["seats"] == summary["seats"]
    # The bot plays the seat from now on; its player is refused as after a leave.
    assert FollowUp(BOT, game_id, seat, since, 0.0) in scheduler.jobs
    refused = api.command(game_id, tokens[seat], DRAW)
    assert refused.status_code == 422 and refused.json["code"] == "seat_left"

    play_out(api, service, game_id, tokens)
    report = api.get(f"/v1/games/{game_id}/audit").json
    assert report["ok"], report  # the idle command re-decides to the recorded hand-over


def test_the_same_job_twice_hands_over_once(api: Api, service: GameService, clock: Clock) -> None:
    game_id, _ = api.table(2, idle_limit_s=60)
    seat, since = seat_to_act(service, game_id)
    clock.advance(60)
    assert moved(service.hand_over_idle(game_id, seat, since))
    version = service.load(game_id).version
    assert not moved(service.hand_over_idle(game_id, seat, since))
    # Even past the service's own check, the domain finds nothing more to hand over.
    body = {"type": "idle", "since": since, "began": "2026-03-01T12:00:00.000Z", "now": clock()}
    submission = Submission(Command(seat, body, "timeout"), "timeout", None, f"idle:{seat}:{since}")
    again = service.cycle.run(game_id, submission)
    assert not moved(again) and service.load(game_id).version == version
    assert len(seat_left(service, game_id)) == 1


def test_a_job_after_the_holder_acted_changes_nothing_even_once_the_seat_is_to_act_again(
    api: Api, service: GameService, scheduler: RecordingScheduler, clock: Clock
) -> None:
    game_id, tokens = api.table(2, idle_limit_s=60)
    seat, since = seat_to_act(service, game_id)
    clock.advance(30)
    assert api.command(game_id, tokens[seat], DRAW).status_code == 201  # the holder acts
    clock.advance(10)
    assert api.command(game_id, tokens[1 - seat], DRAW).status_code == 201
    again, later = seat_to_act(service, game_id)
    assert again == seat and later > since
    assert FollowUp(IDLE, game_id, seat, later, 60) in scheduler.jobs  # its new timer
    clock.advance(30)  # 70 s after `since`, 30 s after `later`
    assert not moved(service.hand_over_idle(game_id, seat, since))
    assert not moved(service.hand_over_idle(game_id, seat, later))  # not yet due
    clock.advance(30)
    assert moved(service.hand_over_idle(game_id, seat, later))  # the new timer does
    assert len(seat_left(service, game_id)) == 1


def test_a_job_after_the_game_ended_changes_nothing(
    api: Api, service: GameService, clock: Clock
) -> None:
    game_id, tokens = api.table(2, idle_limit_s=60)
    seat, since = seat_to_act(service, game_id)
    play_out(api, service, game_id, tokens)
    version = service.load(game_id).version
    clock.advance(3600)
    assert service.hand_over_idle(game_id, seat, since) is None
    assert service.hand_over_idle(game_id, 1 - seat, since) is None
    assert service.load(game_id).version == version and not seat_left(service, game_id)


def test_turn_timeouts_moving_for_the_seat_are_not_its_holder_acting(
    api: Api, service: GameService, scheduler: RecordingScheduler, clock: Clock
) -> None:
    game_id, tokens = api.table(2, idle_limit_s=60, turn_timeout_s=10)
    seat, since = seat_to_act(service, game_id)
    kinds = {job.kind for job in scheduler.jobs if job.game_id == game_id and job.seat == seat}
    assert {TIMEOUT, IDLE} <= kinds  # both timers run for the seat
    clock.advance(10)
    assert moved(service.play_for(game_id, seat, since, "timeout"))  # its time ran out
    clock.advance(5)
    assert api.command(game_id, tokens[1 - seat], DRAW).status_code == 201
    assert seat_to_act(service, game_id)[0] == seat  # to act again, still silent
    clock.advance(45)  # the idle limit since `since`, across a timed-out turn
    assert moved(service.hand_over_idle(game_id, seat, since))
    (left,) = seat_left(service, game_id)
    assert left.data["reason"] == "idle" and left.by == {"seat": seat, "kind": "timeout"}


def test_the_sweeper_queues_a_lost_idle_timer_again(
    api: Api, service: GameService, scheduler: RecordingScheduler
) -> None:
    game_id, _ = api.table(2, idle_limit_s=60)
    seat, since = seat_to_act(service, game_id)
    job = FollowUp(IDLE, game_id, seat, since, 60)
    assert job in needed(game_id, service.load(game_id).state)
    scheduler.jobs.clear()  # as if it was lost between the append and the queue
    sweep_once(service)
    assert job in scheduler.jobs


def test_a_table_without_an_idle_limit_runs_no_idle_timer(
    api: Api, service: GameService, scheduler: RecordingScheduler
) -> None:
    game_id, _ = api.table(2)  # this service names no default (idle_limit_s None)
    assert "idle_limit_s" not in api.get(f"/v1/games/{game_id}").json["options"]
    assert not [job for job in scheduler.jobs if job.game_id == game_id and job.kind == IDLE]
    seat, since = seat_to_act(service, game_id)
    assert service.hand_over_idle(game_id, seat, since) is None


# --- defaults -----------------------------------------------------------------------------------


def test_a_create_that_names_no_idle_limit_gets_the_service_s_default_and_a_named_one_is_kept(
    api: Api, service: GameService
) -> None:
    service.idle_limit_s = 259_200  # as FOXDEN_IDLE_LIMIT_S gives it
    options = {"idle_limit_s": 259_200, "turn_timeout_s": 0, "bot_delay_ms": 0, "cards": 6}
    assert api.create()["options"] == options
    assert api.create(idle_limit_s=0)["options"]["idle_limit_s"] == 0  # no limit, as asked
    assert api.create(idle_limit_s=120)["options"]["idle_limit_s"] == 120
    refused = api.client.post(
        "/v1/games", json={"game": TOY.id, "seats": [HUMAN] * 2, "options": {"idle_limit_s": -1}}
    )
    assert refused.status_code in (400, 422) and "idle_limit_s" in str(refused.json)

    catalog = api.get("/v1/catalog").json
    option = next(g for g in catalog["games"] if g["id"] == TOY.id)["options"]["idle_limit_s"]
    assert (option["default"], option["live_default"]) == (259_200, LIVE_IDLE_LIMIT_S)
    assert option["minimum"] == 0 and "holder acting" in option["description"]
    turn = next(g for g in catalog["games"] if g["id"] == TOY.id)["options"]["turn_timeout_s"]
    assert "live_default" not in turn


def test_the_defaults_come_from_the_settings(redis_url: str) -> None:
    defaults = Settings()
    assert defaults.idle_limit_s == match.TABLE_OPTIONS["idle_limit_s"].default == 259_200
    assert defaults.live_idle_limit_s == LIVE_IDLE_LIMIT_S == 300
    chosen = Settings.from_env({"FOXDEN_IDLE_LIMIT_S": "7200", "FOXDEN_LIVE_IDLE_LIMIT_S": "120"})
    games = build_service(redis_url, RecordingScheduler(), settings=chosen)
    try:
        assert (games.idle_limit_s, games.live_idle_limit_s) == (7200, 120)
        created = games.create(TOY.id, [HUMAN, HUMAN], {}).loaded.state
        assert created.options["idle_limit_s"] == 7200
        named = games.create(TOY.id, [HUMAN, HUMAN], {"idle_limit_s": 90}).loaded.state
        assert named.options["idle_limit_s"] == 90
    finally:
        games.store.redis.close()
    assert Settings.from_env({"FOXDEN_IDLE_LIMIT_S": "0"}).idle_limit_s == 0  # no limit


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("FOXDEN_IDLE_LIMIT_S", "3 days"),
        ("FOXDEN_IDLE_LIMIT_S", "-1"),
        ("FOXDEN_IDLE_LIMIT_S", "2592001"),
        ("FOXDEN_LIVE_IDLE_LIMIT_S", "0"),
        ("FOXDEN_LIVE_IDLE_LIMIT_S", "5m"),
    ],
)
def test_an_idle_limit_setting_that_cannot_work_is_refused_by_name(name: str, value: str) -> None:
    with pytest.raises(SettingsError, match=f"^{name} must be .*, not {value!r}$"):
        Settings.from_env({name: value})


# --- the live lobby -----------------------------------------------------------------------------


def listed(api: Api, query: str) -> set[str]:
    page = api.get(f"/v1/games?game={TOY.id}&limit=200&{query}")
    assert page.status_code == 200, page.json
    return {item["id"] for item in page.json["games"]}


def test_the_live_filter_lists_live_tables_while_a_person_still_plays(api: Api) -> None:
    assert LIVE_IDLE_LIMIT_S == 300  # the api fixture's service keeps the default
    live, tokens = api.table(2, idle_limit_s=300)
    quick, _ = api.table(2, idle_limit_s=30)
    correspondence, _ = api.table(2, idle_limit_s=3600)
    unlimited, _ = api.table(2)
    bots_only = api.create(seats=[BOT_SEAT, BOT_SEAT], idle_limit_s=300)["id"]
    waiting = api.create(seats=[HUMAN, HUMAN], idle_limit_s=300)["id"]
    mixed = api.create(seats=[HUMAN, BOT_SEAT], idle_limit_s=300)["id"]
    mixed_token = api.join(mixed, "ada")["token"]

    shown = listed(api, "live=true")
    assert {live, quick, mixed} <= shown
    assert not {correspondence, unlimited, bots_only, waiting} & shown
    assert {live, quick, mixed} <= listed(api, "live=true&status=active")
    assert {live, correspondence, unlimited} <= listed(api, "status=active")  # unchanged
    entry = next(
        item
        for item in api.get(f"/v1/games?game={TOY.id}&limit=200&live=true").json["games"]
        if item["id"] == live
    )
    assert (entry["live"], entry["people"], entry["status"]) == (True, 2, "active")

    # One person leaves: a person still plays. The last one goes: no longer live.
    api.command(live, tokens[0], {"type": "leave"})
    assert live in listed(api, "live=true")
    api.command(live, tokens[1], {"type": "leave"})
    assert live not in listed(api, "live=true")
    api.command(mixed, mixed_token, {"type": "leave"})
    assert mixed not in listed(api, "live=true")
    assert live in listed(api, "status=active")  # still active, played by bots to its end

    assert listed(api, "live=true&status=waiting") == set()
    assert listed(api, "live=true&open=true") == set()
    bad = api.get("/v1/games?live=maybe")
    assert bad.status_code == 400 and bad.json["code"] == "invalid_parameter"


def test_a_move_does_not_write_the_index(
    api: Api, service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, tokens = api.table(2, idle_limit_s=300)
    writes: list[str] = []
    monkeypatch.setattr(service.index, "set_status", lambda gid, state, at: writes.append(gid))
    seat, _ = seat_to_act(service, game_id)
    assert api.command(game_id, tokens[seat], DRAW).status_code == 201
    assert writes == []
    api.command(game_id, tokens[1 - seat], {"type": "leave"})  # a hand-over: people change
    assert writes == [game_id]


def test_an_old_seat_left_without_a_reason_still_audits() -> None:
    old = Event("SeatLeft", {"seat": 0, "strategy": "greedy"})
    decided = Event("SeatLeft", {"seat": 0, "strategy": "greedy", "reason": "left"})
    assert audit_checks._legacy_left(old, decided)
    idle = Event("SeatLeft", {"seat": 0, "strategy": "greedy", "reason": "idle"})
    assert not audit_checks._legacy_left(old, idle)
