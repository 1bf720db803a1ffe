"""A seat token that no longer holds its seat acts for nobody, on any API process (issue #39).

Two processes (X and Y) share one Redis and keep caches of their own. A seat given back before
the start is reopened and taken by someone else; the old token must then be refused (401) by
both processes on every route, even by one whose cache still shows the old table, and no
command is ever decided for a seat that the token does not hold in the state it is decided
against.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from flask.testing import FlaskClient

from events.redis_client import connect
from service.api import create_app
from service.errors import Unauthorized
from service.games import GameService
from service.ports import RecordingScheduler
from tests.service.conftest import Api, build
from tests.service.test_streams import stream_events

pytestmark = pytest.mark.redis

GAME = "gloria-picktoria"  # every seat holds a secret hand once the game has started


@pytest.fixture
def processes(redis_url: str) -> Iterator[tuple[tuple[Api, GameService], tuple[Api, GameService]]]:
    """Two API processes on one Redis, each with its own service and cache."""
    pair, clients = [], []
    for _ in range(2):
        client = connect(redis_url)
        clients.append(client)
        service = build(client, RecordingScheduler())
        app = create_app(service, {"RATE_LIMIT": "off", "SSE_BLOCK_MS": 200})
        test_client: FlaskClient = app.test_client()
        pair.append((Api(test_client), service))
    yield pair[0], pair[1]
    for client in clients:
        client.close()


def given_back_and_retaken(x: Api, y: Api) -> tuple[str, str, str]:
    """A started game whose seat 0 was held by an old token, given back on X and taken by a
    new person, while Y cached the table as it was. Returns (game id, old token, new token)."""
    game_id = x.create(game=GAME, seats=[{"kind": "human"}, {"kind": "human"}])["id"]
    old = x.join(game_id, "eve", seat=0)["token"]
    # Y meets the old token while the table waits: its cache knows it as seat 0's.
    assert y.get(f"/v1/games/{game_id}/state", token=old).json["seat"] == 0
    left = x.command(game_id, old, {"type": "leave"})
    assert left.status_code == 201, left.json
    new = x.join(game_id, "ada", seat=0)["token"]
    x.join(game_id, "bob", seat=1)
    assert x.get(f"/v1/games/{game_id}").json["status"] == "active"
    return game_id, old, new


def refused(response) -> None:
    assert response.status_code == 401, (response.status_code, response.get_data(True))
    assert response.mimetype == "application/problem+json"
    assert response.json["code"] == "unauthorized"


def test_a_given_back_seats_old_token_is_401_on_both_processes_for_every_read(processes):
    (x, _), (y, _) = processes
    game_id, old, new = given_back_and_retaken(x, y)
    path = f"/v1/games/{game_id}"
    for api in (x, y):
        for route in ("", "/state", "/legal-moves", "/events", "/audit"):
            refused(api.get(path + route, token=old))
        refused(api.get(f"{path}/state", token=old, query_string={"version": 2}))
        refused(api.client.post(f"{path}/stream-tickets", headers=bearer(old)))
        refused(api.get(f"{path}/events/stream", token=old))
        refused(api.get(f"{path}/events", token=old, headers={"Accept": "application/x-ndjson"}))
    # The new occupant is seat 0 on both, and sees a hand that the old token never saw.
    for api in (x, y):
        assert api.get(f"{path}/state", token=new).json["seat"] == 0


def test_no_move_is_recorded_for_a_seat_by_a_token_that_does_not_hold_it(processes):
    (x, service_x), (y, _service_y) = processes
    game_id, old, new = given_back_and_retaken(x, y)
    path = f"/v1/games/{game_id}"
    moves = x.get(f"{path}/legal-moves", token=new).json["moves"]
    version = service_x.load(game_id).version
    for body in moves:
        refused(y.command(game_id, old, body))
        refused(x.command(game_id, old, body))
    assert service_x.load(game_id).version == version  # nothing was appended


def test_the_cycle_decides_for_the_seat_the_token_holds_in_the_state_it_decides_against(
    processes,
):
    """Below the routes: a command that reaches the service with a stale claim (seat 0, from
    a cache that is behind) is refused once the state it would be decided against says the
    token holds no seat, and never appended for the seat's new holder."""
    (x, service_x), (_y, service_y) = processes
    game_id = x.create(game=GAME, seats=[{"kind": "human"}, {"kind": "human"}])["id"]
    old = x.join(game_id, "eve", seat=0)["token"]
    service_y.load(game_id)  # Y caches the waiting table, the old token at seat 0
    x.command(game_id, old, {"type": "leave"})
    new = x.join(game_id, "ada", seat=0)["token"]
    x.join(game_id, "bob", seat=1)
    to_act = service_x.load(game_id).state.to_act()
    moves = x.get(f"/v1/games/{game_id}/legal-moves", token=new).json["moves"]
    body = next(m for m in moves if m["type"] != "leave") if 0 in to_act else {"type": "leave"}
    stale = service_y.cache.get(game_id)
    assert stale is not None and stale.state.status == "waiting"
    version = service_x.load(game_id).version
    with pytest.raises(Unauthorized):
        service_y.handle(game_id, 0, body, token=old)
    assert service_x.load(game_id).version == version
    # The rightful token still moves through the same stale process.
    outcome = service_y.handle(game_id, 0, body, token=new)
    assert outcome.envelopes and outcome.envelopes[0].by["seat"] == 0


def test_a_started_games_cache_answers_for_tokens_without_a_read(processes):
    """Once a game has started no seat changes hands: a cached started game is as good as the
    latest for authentication (no round trip is spent on it)."""
    (x, service_x), _ = processes
    game_id, tokens = x.table(2)
    service_x.load(game_id)
    seat, read = service_x.seat_of_token(game_id, tokens[1])
    assert (seat, read) == (1, None)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_ticket_or_an_open_stream_of_a_given_back_seat_shows_nothing_of_the_next_holder(
    processes,
):
    """A ticket issued before the seat was given back opens nothing on either process; a
    stream the old token opened ends at the give-back, before any event of the new holder."""
    (x, _), (y, _) = processes
    game_id = x.create(game=GAME, seats=[{"kind": "human"}, {"kind": "human"}])["id"]
    path = f"/v1/games/{game_id}"
    old = x.join(game_id, "eve", seat=0)["token"]
    ticket = y.client.post(f"{path}/stream-tickets", headers=bearer(old)).json["stream"]
    opened = y.client.get(f"{path}/events/stream", headers=bearer(old), buffered=False)
    assert opened.status_code == 200
    seen = stream_events(opened, max_chunks=50)  # ends, or fails within 10 s of heartbeats
    assert [e["event"] for e in itertools.islice(seen, 2)] == ["GameCreated", "PlayerJoined"]
    x.command(game_id, old, {"type": "leave"})
    x.join(game_id, "ada", seat=0)
    x.join(game_id, "bob", seat=1)
    rest = list(seen)  # the stream ends by itself: this returns
    opened.close()
    assert all(event["data"].get("seat") != 0 or event["event"] == "SeatReopened" for event in rest)
    assert not [event for event in rest if event["event"] in ("PlayerJoined", "GameStarted")]
    for api in (x, y):
        refused(api.client.get(ticket))
