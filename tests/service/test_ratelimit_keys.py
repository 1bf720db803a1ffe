"""Whom a request is counted against (issue #39): a token raises the limit only on its own
game's routes; everywhere else the address is counted, and a valid token's seat as well.

Found by an attacker: once an address was refused, ``POST /v1/games`` with a seat token of an
unrelated game passed 300 times out of 300.
"""

from __future__ import annotations

import ipaddress
import random

import pytest

from service.api import create_app
from service.api.ratelimit import counted_as
from service.games import GameService
from tests.service.conftest import Api
from tests.toygame import TOY

pytestmark = pytest.mark.redis

LIMIT = 5
TOY_CREATE = {"game": TOY.id, "seats": [{"kind": "human"}, {"kind": "human"}]}


def fresh_address() -> str:
    """An address no other test (or earlier run, within the window) has counted against."""
    return str(ipaddress.IPv4Address(random.getrandbits(32)))


def limited(service: GameService, address: str | None = None) -> Api:
    client = create_app(service, {"RATE_LIMIT": f"{LIMIT} per minute"}).test_client()
    client.environ_base["REMOTE_ADDR"] = address or fresh_address()
    return Api(client)


def seat_token(service: GameService) -> tuple[str, str]:
    """A game and the token of its first seat, made without the API (nothing counted)."""
    game_id = service.create(TOY.id, [{"kind": "human"}] * 2, {}).game_id
    return game_id, service.join(game_id, "ada")[1]


def spent(api: Api) -> None:
    """Use up the address's window."""
    assert [api.get("/v1/catalog").status_code for _ in range(LIMIT)] == [200] * LIMIT
    assert api.get("/v1/catalog").status_code == 429


def statuses(api: Api, method: str, path: str, token: str, times: int = 10) -> list[int]:
    headers = {"Authorization": f"Bearer {token}"}
    send = api.client.post if method == "POST" else api.client.get
    extra = {"json": TOY_CREATE} if method == "POST" else {}
    return [send(path, headers=headers, **extra).status_code for _ in range(times)]


@pytest.mark.parametrize(
    ("method", "path"),
    [("POST", "/v1/games"), ("GET", "/v1/games"), ("GET", "/v1/catalog")],
    ids=["create", "list", "catalog"],
)
def test_a_token_does_not_lift_the_address_limit_on_routes_about_no_game(
    service: GameService, method: str, path: str
) -> None:
    _, token = seat_token(service)
    api = limited(service)
    spent(api)
    assert statuses(api, method, path, token) == [429] * 10


def test_a_token_does_not_lift_the_address_limit_on_another_games_routes(
    service: GameService,
) -> None:
    _, token = seat_token(service)
    other, _ = seat_token(service)
    api = limited(service)
    spent(api)
    for path in (f"/v1/games/{other}", f"/v1/games/{other}/state", f"/v1/games/{other}/events"):
        assert statuses(api, "GET", path, token, 3) == [429] * 3, path


def test_a_tokens_own_game_keeps_the_raised_limit(service: GameService) -> None:
    game_id, token = seat_token(service)
    api = limited(service)
    spent(api)
    # The seat's own budget on its own game's routes, whatever the address has left ...
    mine = statuses(api, "GET", f"/v1/games/{game_id}/state", token, LIMIT + 1)
    assert mine == [200] * LIMIT + [429]
    # ... and that budget is its own: another seat of the same address has one too.
    other_game, other_token = seat_token(service)
    assert statuses(api, "GET", f"/v1/games/{other_game}", other_token, 1) == [200]


def test_a_token_is_counted_as_its_seat_off_its_game_too(service: GameService) -> None:
    # One token spread over many addresses meets its seat's limit on public routes: the seat
    # is counted next to each address, never instead of it.
    _, token = seat_token(service)
    passed = [
        statuses(limited(service), "POST", "/v1/games", token, 1)[0] for _ in range(LIMIT + 2)
    ]
    assert passed == [201] * LIMIT + [429] * 2


def test_whom_a_request_counts_against() -> None:
    game = "a" * 32
    assert counted_as("10.0.0.1", None, None, None) == ("a:10.0.0.1",)
    assert counted_as("10.0.0.1", None, None, game) == ("a:10.0.0.1",)
    assert counted_as("10.0.0.1", game, 1, game) == (f"s:{game}:1",)
    assert counted_as("10.0.0.1", game, 1, None) == ("a:10.0.0.1", f"s:{game}:1")
    assert counted_as("10.0.0.1", game, 1, "b" * 32) == ("a:10.0.0.1", f"s:{game}:1")
