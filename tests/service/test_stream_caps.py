"""Open streams per client (issue #39): one address opened 1,000 event streams in 3.1 s, within
its request limit, and took every slot of the process; the next watcher got 503.

A client (its address, and apart from it the seat it streams for) holds at most
``STREAMS_PER_CLIENT`` streams of a process, and never more than half of them; beyond it a new
stream is 429 ``too_many_streams_per_client`` with ``Retry-After``.
"""

from __future__ import annotations

import ipaddress
import random

import pytest
from flask import Flask
from flask.testing import FlaskClient

from foxden.settings import Settings
from service import capacity, live
from service.api import create_app
from service.games import GameService
from tests.service.conftest import Api

pytestmark = pytest.mark.redis


def fresh_address() -> str:
    """An address no other test has counted against (the rate limit's windows outlive tests)."""
    return str(ipaddress.IPv4Address(random.getrandbits(32)))


def stream_app(service: GameService, **config: object) -> Flask:
    return create_app(service, {"RATE_LIMIT": "off", "SSE_BLOCK_MS": 200, **config})


def hub_of(app: Flask) -> live.LiveHub:
    return app.extensions["foxden.live"]


def open_stream(client: FlaskClient, path: str, address: str, token: str | None = None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.get(
        path, headers=headers, environ_overrides={"REMOTE_ADDR": address}, buffered=False
    )


def refused_per_client(response) -> None:
    assert response.status_code == 429, response.status_code
    assert response.mimetype == "application/problem+json"
    assert response.json["code"] == "too_many_streams_per_client"
    assert int(response.headers["Retry-After"]) == response.json["retry_after"] > 0


def test_a_thousand_streams_from_one_address_get_its_share_and_others_still_get_theirs(
    service: GameService,
) -> None:
    # The attack as it was run: the default caps and the default request limit, under which
    # a thousand requests pass.
    app = create_app(service, {"RATE_LIMIT": "1200 per minute", "SSE_BLOCK_MS": 200})
    client, api = app.test_client(), Api(app.test_client())
    assert hub_of(app).max_streams == capacity.DEFAULT_STREAMS
    share = hub_of(app).max_per_client
    assert share == capacity.DEFAULT_STREAMS_PER_CLIENT < capacity.DEFAULT_STREAMS // 2
    game_id, _ = api.table(cards=10)
    path = f"/v1/games/{game_id}/events/stream"
    attacker, held, statuses = fresh_address(), [], []
    for _ in range(1000):
        response = open_stream(client, path, attacker)
        statuses.append(response.status_code)
        if response.status_code == 200:
            held.append(response)
        else:
            last_refusal = response
            response.close()
    assert statuses == [200] * share + [429] * (1000 - share)
    refused_per_client(last_refusal)
    watcher = open_stream(client, path, fresh_address())
    assert watcher.status_code == 200
    assert hub_of(app).open_streams == share + 1
    for response in [*held, watcher]:
        response.close()
    assert hub_of(app).open_streams == 0
    assert hub_of(app).open_streams_of("a:" + attacker) == 0


def test_a_seat_meets_its_cap_from_any_address_and_with_a_ticket(service: GameService) -> None:
    app = stream_app(service, STREAMS_PER_CLIENT=2)
    client, api = app.test_client(), Api(app.test_client())
    game_id, tokens = api.table(cards=10)
    path = f"/v1/games/{game_id}/events/stream"
    held = [open_stream(client, path, fresh_address(), tokens[0]) for _ in range(2)]
    assert [r.status_code for r in held] == [200, 200]
    refused_per_client(open_stream(client, path, fresh_address(), tokens[0]))
    ticket = client.post(
        f"/v1/games/{game_id}/stream-tickets", headers={"Authorization": f"Bearer {tokens[0]}"}
    ).json["ticket"]
    refused_per_client(open_stream(client, f"{path}?ticket={ticket}", fresh_address()))
    other_seat = open_stream(client, path, fresh_address(), tokens[1])
    assert other_seat.status_code == 200
    for response in [*held, other_seat]:
        response.close()


def test_ndjson_follow_counts_as_a_stream(service: GameService) -> None:
    app = stream_app(service, STREAMS_PER_CLIENT=1)
    client, api = app.test_client(), Api(app.test_client())
    game_id, _ = api.table(cards=10)
    address = fresh_address()
    sse = open_stream(client, f"/v1/games/{game_id}/events/stream", address)
    assert sse.status_code == 200
    follow = client.get(
        f"/v1/games/{game_id}/events?follow=true",
        headers={"Accept": "application/x-ndjson"},
        environ_overrides={"REMOTE_ADDR": address},
        buffered=False,
    )
    refused_per_client(follow)
    sse.close()


def test_no_client_takes_the_last_slots_of_a_process(service: GameService) -> None:
    # Whatever the setting, one client holds at most half the process's streams.
    app = stream_app(service, STREAMS_PER_PROCESS=4, STREAMS_PER_CLIENT=100)
    client, api = app.test_client(), Api(app.test_client())
    game_id, _ = api.table(cards=10)
    path = f"/v1/games/{game_id}/events/stream"
    first, second = fresh_address(), fresh_address()
    held = [open_stream(client, path, first) for _ in range(2)]
    refused_per_client(open_stream(client, path, first))
    held += [open_stream(client, path, second) for _ in range(2)]
    assert [r.status_code for r in held] == [200] * 4
    full = open_stream(client, path, fresh_address())
    assert (full.status_code, full.json["code"]) == (503, "too_many_streams")
    for response in held:
        response.close()


def test_a_closed_stream_gives_its_client_its_place_back(service: GameService) -> None:
    app = stream_app(service, STREAMS_PER_CLIENT=1)
    client, api = app.test_client(), Api(app.test_client())
    game_id, tokens = api.table(cards=10)
    path = f"/v1/games/{game_id}/events/stream"
    address = fresh_address()
    held = open_stream(client, path, address, tokens[0])
    assert held.status_code == 200
    refused_per_client(open_stream(client, path, address))
    held.close()
    again = open_stream(client, path, address, tokens[0])
    assert again.status_code == 200
    again.close()
    # Nothing is kept of a client without streams: the table cannot grow with addresses.
    assert hub_of(app)._per_client == {}


@pytest.mark.parametrize("value", ["0", "-1", "many", ""])
def test_the_setting_must_be_a_positive_number(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("FOXDEN_STREAMS_PER_CLIENT", value)
    with pytest.raises(ValueError, match="FOXDEN_STREAMS_PER_CLIENT"):
        Settings.from_env()
