"""Live delivery in process (threads): one read per game fanned out, redaction per seat, the cap,
heartbeats, freeing a closed stream, a slow stream catching up, NDJSON follow, stream tickets."""

from __future__ import annotations

import queue
import threading
import time

import pytest
from flask import Flask

from service import live, metrics
from service.api import create_app
from tests.service.conftest import Api
from tests.service.test_streams import sse_events

pytestmark = pytest.mark.redis

BLOCK_MS = 200


def stream_app(service, **config) -> Flask:
    return create_app(service, {"RATE_LIMIT": "off", "SSE_BLOCK_MS": BLOCK_MS, **config})


def hub_of(app: Flask) -> live.LiveHub:
    return app.extensions["foxden.live"]


def wait_until(condition, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def reads_with_events() -> float:
    return metrics.STREAM_READS.labels("events")._value.get()


def collect_in_background(responses, stop_after: int) -> tuple[list, list[threading.Thread]]:
    got: list = [None] * len(responses)

    def read(n: int) -> None:
        got[n] = sse_events(responses[n], stop_after=stop_after)

    threads = [threading.Thread(target=read, args=(n,)) for n in range(len(responses))]
    for thread in threads:
        thread.start()
    return got, threads


def test_many_watchers_of_a_game_cost_one_read_per_new_batch_and_each_seat_its_own_view(
    service,
):
    app = stream_app(service)
    client, api = app.test_client(), Api(app.test_client())
    game_id, tokens = api.table(cards=10)
    seat = api.to_act(game_id)
    version = api.get(f"/v1/games/{game_id}").json["version"]
    path = f"/v1/games/{game_id}/events/stream?after={version}"
    viewers = [None] * 20 + [seat, 1 - seat]
    responses = [
        client.get(
            path,
            headers={"Authorization": f"Bearer {tokens[v]}"} if v is not None else {},
            buffered=False,
        )
        for v in viewers
    ]
    got, threads = collect_in_background(responses, stop_after=1)
    wait_until(lambda: hub_of(app).readers == 1 and hub_of(app).open_streams == len(viewers))
    before = reads_with_events()
    assert api.command(game_id, tokens[seat], {"type": "draw", "count": 2}).status_code == 201
    for thread in threads:
        thread.join(10)
    assert reads_with_events() - before == 1  # one XREAD for 22 streams
    assert all([e["event"] for e in events] == ["Drew"] for events in got)
    mine, theirs, spectators = got[-2][0], got[-1][0], got[:-2]
    assert len(mine["data"]["cards"]) == 2
    assert "cards" not in theirs["data"]
    assert all("cards" not in events[0]["data"] for events in spectators)
    wait_until(lambda: hub_of(app).open_streams == 0 and hub_of(app).readers == 0)


def test_the_cap_is_a_503_with_retry_after_and_a_closed_stream_frees_its_place(service):
    app = stream_app(service, STREAMS_PER_PROCESS=2)
    client, api = app.test_client(), Api(app.test_client())
    game_id, _ = api.table(cards=10)
    path = f"/v1/games/{game_id}/events/stream"

    def open_from(address: str):
        # A client of its own per stream: one client may hold only half of a process's streams.
        return client.get(path, environ_overrides={"REMOTE_ADDR": address}, buffered=False)

    held = [open_from(f"192.0.2.{n}") for n in (1, 2)]
    refused = open_from("192.0.2.3")
    assert refused.status_code == 503
    assert refused.mimetype == "application/problem+json"
    assert refused.json["code"] == "too_many_streams"
    assert int(refused.headers["Retry-After"]) > 0
    assert hub_of(app).open_streams == 2
    held[0].close()  # as the server does when the client goes away
    assert hub_of(app).open_streams == 1
    again = open_from("192.0.2.3")
    assert again.status_code == 200
    again.close()
    held[1].close()
    assert hub_of(app).open_streams == 0
    wait_until(lambda: hub_of(app).readers == 0)  # the reader stops after its current BLOCK


def live_stream(app: Flask, cards: int):
    """A table, its tokens, its version, and a spectator's stream from there (first chunk read)."""
    api = Api(app.test_client())
    game_id, tokens = api.table(cards=cards)
    version = api.get(f"/v1/games/{game_id}").json["version"]
    response = app.test_client().get(
        f"/v1/games/{game_id}/events/stream?after={version}", buffered=False
    )
    chunks = iter(response.response)
    assert next(chunks) == b"retry: 2000\n\n"  # subscribed
    return api, game_id, tokens, version, response, chunks


def test_an_idle_stream_sends_heartbeats(service):
    app = stream_app(service)
    *_, response, chunks = live_stream(app, cards=10)
    began = time.monotonic()
    assert next(chunks) == b": keepalive\n\n"
    assert time.monotonic() - began >= BLOCK_MS / 1000 * 0.5  # not at once: when idle
    response.close()


def test_a_stream_that_falls_behind_catches_up_from_redis_without_gaps(service, monkeypatch):
    monkeypatch.setattr(live, "QUEUE_BATCHES", 2)
    app = stream_app(service)
    api, game_id, tokens, version, response, _ = live_stream(app, cards=20)
    for _ in range(6):  # and it reads nothing meanwhile
        seat = api.to_act(game_id)
        assert api.command(game_id, tokens[seat], {"type": "draw", "count": 1}).status_code == 201
        time.sleep(0.05)  # one batch each
    # Its queue overflowed: the reader let it go (and, with no one else, stopped), but the
    # stream still holds its place.
    wait_until(lambda: hub_of(app).readers == 0)
    assert hub_of(app).open_streams == 1
    rest = sse_events(response, stop_after=6)
    assert [e["id"] for e in rest] == list(range(version + 1, version + 7))


def test_ndjson_follow_goes_live_and_ends_with_the_game(service):
    app = stream_app(service)
    api = Api(app.test_client())
    game_id, tokens = api.table(cards=2)
    version = api.get(f"/v1/games/{game_id}").json["version"]
    response = app.test_client().get(
        f"/v1/games/{game_id}/events?follow=true&after={version}",
        headers={"Accept": "application/x-ndjson"},
        buffered=False,
    )
    lines: queue.Queue = queue.Queue()

    def read() -> None:
        for chunk in response.response:
            lines.put(chunk.decode())
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    while api.get(f"/v1/games/{game_id}").json["status"] == "active":
        seat = api.to_act(game_id)
        api.command(game_id, tokens[seat], {"type": "draw", "count": 1})
    import json

    seen = []
    while (line := lines.get(timeout=10)) is not None:
        if line.strip():  # blank lines are heartbeats
            seen.append(json.loads(line)["type"])
    assert seen[0] == "Drew" and seen[-1] == "GameEnded"
    assert (
        app.test_client()
        .get(f"/v1/games/{game_id}/events?follow=maybe", headers={"Accept": "application/x-ndjson"})
        .json["code"]
        == "invalid_parameter"
    )


# --- stream tickets ------------------------------------------------------------------------------


def test_a_ticket_opens_its_seats_stream_and_nothing_else(service):
    app = stream_app(service)
    client, api = app.test_client(), Api(app.test_client())
    game_id, tokens = api.table(cards=10)
    seat = api.to_act(game_id)
    api.command(game_id, tokens[seat], {"type": "draw", "count": 2})
    version = api.get(f"/v1/games/{game_id}").json["version"]

    issued = client.post(
        f"/v1/games/{game_id}/stream-tickets", headers={"Authorization": f"Bearer {tokens[seat]}"}
    )
    assert issued.status_code == 201
    ticket = issued.json["ticket"]
    assert issued.json["seat"] == seat and issued.json["expires_at"].endswith("Z")
    assert tokens[seat] not in issued.json["stream"]

    mine = client.get(issued.json["stream"] + f"&after={version - 1}", buffered=False)
    assert len(sse_events(mine, 1)[0]["data"]["cards"]) == 2  # the seat's own view

    other_game, _ = api.table(cards=10)
    elsewhere = client.get(f"/v1/games/{other_game}/events/stream?ticket={ticket}")
    assert (elsewhere.status_code, elsewhere.json["code"]) == (401, "unauthorized")
    as_token = client.get(
        f"/v1/games/{game_id}/state", headers={"Authorization": f"Bearer {ticket}"}
    )
    assert as_token.status_code == 401  # a ticket is no bearer token
    both = client.get(
        f"/v1/games/{game_id}/events/stream?ticket={ticket}",
        headers={"Authorization": f"Bearer {tokens[seat]}"},
    )
    assert (both.status_code, both.json["code"]) == (400, "ambiguous_credentials")
    anonymous = client.post(f"/v1/games/{game_id}/stream-tickets")
    assert anonymous.status_code == 401
    forged = client.get(f"/v1/games/{game_id}/events/stream?ticket={'x' * 32}")
    assert forged.status_code == 401


def test_a_ticket_expires(service):
    app = stream_app(service, STREAM_TICKET_TTL_S=1)
    client, api = app.test_client(), Api(app.test_client())
    game_id, tokens = api.table(cards=10)
    issued = client.post(
        f"/v1/games/{game_id}/stream-tickets", headers={"Authorization": f"Bearer {tokens[0]}"}
    ).json
    key = next(service.store.redis.scan_iter(match=f"fd:{{g:{game_id}}}:ticket:*"))
    assert 0 < service.store.redis.pttl(key) <= 1000  # Redis forgets it after the TTL
    service.store.redis.pexpire(key, 1)  # ... as it does now, instead of waiting a second
    wait_until(lambda: not service.store.redis.exists(key))
    assert client.get(issued["stream"]).status_code == 401


def test_a_reader_that_fails_hands_its_streams_back_to_redis(service, monkeypatch):
    # Fault injection: the reader's first read raises what no Redis error is (a bug). Its
    # streams must not wait for ever: they read Redis themselves and join a new reader.
    app = stream_app(service)
    real_follow, failures = service.store.follow, []

    def failing_once(*args, **kwargs):
        if not failures:
            failures.append(1)
            raise RuntimeError("injected")
        return real_follow(*args, **kwargs)

    monkeypatch.setattr(service.store, "follow", failing_once)
    api, game_id, tokens, version, response, _ = live_stream(app, cards=10)
    wait_until(lambda: failures)
    seat = api.to_act(game_id)
    assert api.command(game_id, tokens[seat], {"type": "draw", "count": 1}).status_code == 201
    assert [e["id"] for e in sse_events(response, stop_after=1)] == [version + 1]
