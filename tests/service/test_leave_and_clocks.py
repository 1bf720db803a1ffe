"""Leaving a seat and the turn clocks, as a client sees them over the API."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from service.games import GameService
from service.ports import RecordingScheduler
from tests.service.conftest import Api

LEAVE = {"type": "leave"}


def seconds(at: str) -> float:
    return datetime.fromisoformat(at).timestamp()


def test_a_player_who_left_is_offered_nothing_and_refused_with_seat_left(api: Api) -> None:
    game_id, tokens = api.table(2)
    seat = api.to_act(game_id)
    left = api.command(game_id, tokens[seat], LEAVE)
    assert left.status_code == 201 and [e["type"] for e in left.json["events"]] == ["SeatLeft"]

    legal = api.get(f"/v1/games/{game_id}/legal-moves", tokens[seat])
    assert legal.status_code == 200 and legal.json["moves"] == []
    refused = api.command(game_id, tokens[seat], {"type": "draw", "count": 1})
    assert refused.status_code == 422 and refused.json["code"] == "seat_left"

    again = api.command(game_id, tokens[seat], LEAVE)  # idempotent: nothing new, the state
    assert again.status_code == 200, again.json
    assert again.json["events"] == [] and again.json["version"] == left.json["version"]
    assert (
        again.json["state"]["seat"] == seat
        and again.headers["ETag"] == f'"{again.json["version"]}"'
    )
    summary = api.get(f"/v1/games/{game_id}").json
    assert summary["seats"][seat]["kind"] == "bot" and summary["version"] == left.json["version"]


def test_a_seat_given_back_before_the_start_opens_again_and_its_token_stops_working(
    api: Api,
) -> None:
    game = api.create(seats=[{"kind": "human"}] * 3)
    ada = api.join(game["id"], "ada")["token"]
    legal = api.get(f"/v1/games/{game['id']}/legal-moves", ada)
    assert legal.json["moves"] == [LEAVE]

    gone = api.command(game["id"], ada, LEAVE)
    assert gone.status_code == 201 and [e["type"] for e in gone.json["events"]] == ["SeatReopened"]
    summary = api.get(f"/v1/games/{game['id']}").json
    assert summary["status"] == "waiting" and summary["seats"][0]["taken"] is False
    refused = api.get(f"/v1/games/{game['id']}/state", ada)
    assert refused.status_code == 401 and "given back" in refused.json["detail"]

    bob = api.join(game["id"], "bob")
    assert bob["seat"] == 0
    api.join(game["id"], "cy")
    api.join(game["id"], "di")
    assert api.get(f"/v1/games/{game['id']}").json["status"] == "active"


def test_a_seat_on_a_turn_limit_shows_its_deadline_and_the_time_left(
    api: Api, service: GameService, scheduler: RecordingScheduler
) -> None:
    game_id, tokens = api.table(2, turn_timeout_s=30)
    summary = api.get(f"/v1/games/{game_id}").json
    (seat,) = summary["to_act"]
    started = seconds(service.store.read(game_id)[-1].at)
    (clock,) = summary["clocks"]
    assert clock["seat"] == seat and clock["deadline"].endswith("Z")
    assert seconds(clock["deadline"]) == started + 30  # when the timeout job is due
    assert 25_000 < clock["ms_left"] <= 30_000
    timeout = next(job for job in scheduler.jobs if job.kind == "timeout")
    assert (timeout.seat, timeout.delay_s) == (seat, 30)

    view = api.get(f"/v1/games/{game_id}/state", tokens[seat]).json
    assert [c["deadline"] for c in view["clocks"]] == [clock["deadline"]]
    assert api.get(f"/v1/games/{game_id}/state?version=1").json["clocks"] == []

    moved = api.command(game_id, tokens[seat], {"type": "draw", "count": 1})
    (after,) = moved.json["state"]["clocks"]  # the other seat's turn began with this move
    assert after["seat"] == 1 - seat
    moved_at = seconds(service.store.read(game_id)[-1].at)
    assert seconds(after["deadline"]) == moved_at + 30

    api.command(game_id, tokens[1 - seat], LEAVE)  # a bot plays it now: no clock
    assert api.get(f"/v1/games/{game_id}").json["clocks"] == []


def test_a_clock_past_its_deadline_shows_no_time_left(api: Api, service: GameService) -> None:
    game_id, _ = api.table(2, turn_timeout_s=1)
    later = datetime.now(UTC) + timedelta(seconds=5)
    service.clock = lambda: later.isoformat(timespec="milliseconds").replace("+00:00", "Z")
    (clock,) = api.get(f"/v1/games/{game_id}").json["clocks"]
    assert clock["ms_left"] == 0


def test_without_a_turn_limit_there_is_no_clock(api: Api) -> None:
    game_id, _ = api.table(2)
    assert api.get(f"/v1/games/{game_id}").json["clocks"] == []
