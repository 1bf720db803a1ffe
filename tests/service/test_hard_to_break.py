"""Defects a break-it trial found (issue #14), each pinned by the test that would have caught it.

Tokens are checked before anything else on every endpoint of the API, and only a checked
token is a caller of its own for the rate limit; an id that no game can have is a 404; the
deal that follows the last join is the system's, not a seatless player's.
"""

from __future__ import annotations

import ipaddress
import random

import pytest
from flask import Flask

from domain import match, registry
from service.api import create_app
from service.games import GameService
from tests.service.conftest import Api
from tests.toygame import TOY

pytestmark = pytest.mark.redis

TOY_CREATE = {"game": TOY.id, "seats": [{"kind": "human"}, {"kind": "human"}]}


def problem(response, status: int, code: str) -> dict:
    assert response.status_code == status, (response.status_code, response.get_data(True))
    assert response.mimetype == "application/problem+json"
    assert response.json["code"] == code
    return response.json


def fresh_address() -> str:
    """An address no other test (or earlier run, within the window) has counted against."""
    return str(ipaddress.IPv4Address(random.getrandbits(32)))


def limited_api(service: GameService, spec: str = "20 per minute", **config) -> Api:
    client = create_app(service, {"RATE_LIMIT": spec, **config}).test_client()
    client.environ_base["REMOTE_ADDR"] = fresh_address()
    return Api(client)


def game_routes(app: Flask) -> list[tuple[str, str]]:
    """(method, rule) of every route of the game API."""
    return sorted(
        (method, rule.rule)
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/v1/")
        for method in rule.methods - {"HEAD", "OPTIONS"}
    )


RATED = "rated-ana"


def send(api: Api, method: str, rule: str, game_id: str, **kwargs):
    # a game kind, and an account's handle (``RATED``: a test that needs it signs it up)
    path = rule.replace("<game_id>", game_id).replace("<game>", "sly").replace("<handle>", RATED)
    body = {
        "/v1/games": TOY_CREATE,
        "/v1/games/<game_id>/join": {"name": "eve"},
        "/v1/games/<game_id>/commands": {"type": "draw", "count": 1},
    }.get(rule)
    # A route that is served only with its parameters (the log's proof needs its sizes).
    query = {
        "/v1/log/consistency": "?from=1&to=1",
        "/v1/ratings/<game>/<handle>/history": "?players=2",
    }.get(rule, "")
    return api.client.open(path + query, method=method, json=body, **kwargs)


# --- 3. a token that is not valid is refused everywhere -----------------------------------------


def test_a_token_that_is_not_valid_is_401_on_every_route_public_ones_included(app, api):
    game_id = api.create()["id"]  # open seats: a join would succeed with no token
    routes = game_routes(app)
    assert ("GET", "/v1/catalog") in routes and ("POST", "/v1/games/<game_id>/join") in routes
    for method, rule in routes:
        for header in ("Bearer forged", "Bearer " + "A" * 43, "Basic YWRhOmFkYQ==", "Bearer"):
            response = send(api, method, rule, game_id, headers={"Authorization": header})
            # Cancelling too: a token that is nobody's is a 401 there, not a 403 (issue #39).
            problem(response, 401, "unauthorized")
    # Nothing was created or joined on the way.
    assert api.get(f"/v1/games/{game_id}").json["version"] == 1
    assert [g["id"] for g in api.get("/v1/games").json["games"]].count(game_id) == 1


def test_a_valid_token_still_works_on_the_public_routes(api):
    game_id, tokens = api.table()
    for path in ("/v1/catalog", "/v1/games", f"/v1/games/{game_id}"):
        assert api.get(path, token=tokens[0]).status_code == 200
    created = api.client.post(
        "/v1/games", json=TOY_CREATE, headers={"Authorization": f"Bearer {tokens[1]}"}
    )
    assert created.status_code == 201


@pytest.mark.parametrize(
    "header",
    [
        "Bearer  {t}",  # padded between
        "Bearer {t} ",  # padded after
        " Bearer {t}",
        "Bearer\t{t}",
        "Bearer {t}{t}",
        "Bearer {t},x",
        "Bearer {t} extra",
        "Token {t}",
        "Bearer{t}",
    ],
)
def test_authorization_is_parsed_strictly(api, header):
    game_id, tokens = api.table()
    response = api.get(
        f"/v1/games/{game_id}/state", headers={"Authorization": header.format(t=tokens[0])}
    )
    problem(response, 401, "unauthorized")


def test_the_scheme_is_case_insensitive_as_rfc_7235_says(api):
    game_id, tokens = api.table()
    for scheme in ("Bearer", "bearer", "BEARER"):
        headers = {"Authorization": f"{scheme} {tokens[1]}"}
        assert api.get(f"/v1/games/{game_id}/state", headers=headers).json["seat"] == 1


# --- 2. the rate limit counts callers, not headers --------------------------------------------


def test_made_up_headers_open_no_budget_of_their_own(service):
    api = limited_api(service)
    statuses = [
        api.client.post(
            "/v1/games", json=TOY_CREATE, headers={"Authorization": f"Bearer made-up-{n}"}
        ).status_code
        for n in range(40)
    ]
    assert 201 not in statuses
    assert statuses == [401] * 20 + [429] * 20
    # The address's budget is what they spent: a request without a header is refused too.
    problem(api.client.post("/v1/games", json=TOY_CREATE), 429, "rate_limited")


def test_a_padded_or_respelled_valid_token_counts_as_its_seat(service):
    game_id = service.create(TOY.id, [{"kind": "human"}] * 2, {}).game_id
    _, token, _ = service.join(game_id, "ada")
    api = limited_api(service)
    spellings = [f"Bearer {token}", f"bearer {token}", f"BEARER {token}", f"Bearer  {token}"]
    passed = sum(
        api.get(f"/v1/games/{game_id}", headers={"Authorization": spellings[n % 4]}).status_code
        == 200
        for n in range(40)
    )
    assert passed <= 20


def test_each_seat_has_a_budget_of_its_own(service):
    game_id = service.create(TOY.id, [{"kind": "human"}] * 2, {}).game_id
    tokens = [service.join(game_id, f"p{n}")[1] for n in range(2)]
    api = limited_api(service, "5 per minute")
    for token in tokens:  # on the seat's own game's routes (issue #39)
        assert [api.get(f"/v1/games/{game_id}", token=token).status_code for _ in range(6)] == (
            [200] * 5 + [429]
        )


def test_forwarded_addresses_are_ignored_unless_proxies_are_trusted(service):
    def passes(api: Api, addresses: list[str]) -> int:
        return sum(
            api.get("/v1/catalog", headers={"X-Forwarded-For": address}).status_code == 200
            for address in addresses
        )

    spoofed = [fresh_address() for _ in range(10)]
    assert passes(limited_api(service, "3 per minute"), spoofed) == 3
    behind_proxy = limited_api(service, "3 per minute", TRUSTED_PROXIES="1")
    assert passes(behind_proxy, spoofed) == 10  # each forwarded client has its own budget
    # Only the hop the proxy appended counts: a client's own X-Forwarded-For entries do not.
    proxy_saw = fresh_address()
    chained = [f"{fresh_address()}, {proxy_saw}" for _ in range(10)]
    assert passes(limited_api(service, "3 per minute", TRUSTED_PROXIES="1"), chained) == 3


def test_the_trusted_proxy_count_must_be_a_number(service):
    with pytest.raises(ValueError, match="FOXDEN_TRUSTED_PROXIES"):
        create_app(service, {"TRUSTED_PROXIES": "yes"})


# --- 5. ids that cannot exist -----------------------------------------------------------------

IMPOSSIBLE_IDS = ["x%7D", "a%7Bb", "%7B%7D", "x}", "A" * 32, "0" * 31, "0" * 33, "g1", "%00"]


@pytest.mark.parametrize("game_id", IMPOSSIBLE_IDS)
def test_an_id_that_cannot_exist_is_a_404_on_every_route(app, api, game_id):
    _, tokens = api.table()
    for method, rule in game_routes(app):
        if "<game_id>" not in rule:
            continue
        for headers in ({}, {"Authorization": f"Bearer {tokens[0]}"}):
            response = send(api, method, rule, game_id, headers=headers)
            problem(response, 404, "game_not_found")


# --- 7. who the deal is by ----------------------------------------------------------------------


def started_by_joins(service: GameService, game: str) -> list:
    definition = registry.get(game)
    game_id = service.create(game, [{"kind": "human"}] * definition.min_players, {}).game_id
    for n in range(definition.min_players):
        service.join(game_id, f"p{n}")
    return service.store.read(game_id)


@pytest.mark.parametrize("game", ["fette-beute", "sly", "gloria-picktoria"])
def test_events_no_seat_caused_are_the_systems(service, game):
    envelopes = started_by_joins(service, game)
    seatless = [e for e in envelopes if e.by["seat"] is None]
    assert {e.type for e in seatless} >= {"GameCreated", "GameStarted"}
    assert any(e.type not in match.MATCH_EVENTS for e in seatless)  # the deal, the set-up
    assert all(e.by == {"seat": None, "kind": "system"} for e in seatless), [
        (e.type, e.by) for e in seatless
    ]
    assert all(e.by["kind"] == "player" for e in envelopes if e.type == "PlayerJoined")
