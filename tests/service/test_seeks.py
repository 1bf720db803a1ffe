"""Seeks (issue #43): "a SLY game for 3, with anyone". Seeks wait in a pool; a pairing pass (the
worker's job, run here in the test) seats them first come, first served, one account once per
table, and fills with bots once a seeker's wait for people is over."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from service import policies
from service.games import GameService
from service.ports import utc_after
from service.seeks import Seeks, game_id_of, pool_of
from tests.service.test_accounts import auth
from tests.service.test_challenges import Challenging, Clock, of_type
from tests.service.test_hard_to_break import problem

pytestmark = pytest.mark.redis

GAME = "sly"


class Seeking(Challenging):
    def __init__(self, client: FlaskClient) -> None:
        super().__init__(client)
        # Pools are shared by whoever seeks the same: an idle limit of this test's own keeps
        # its seeks from meeting another test's (the tests share one Redis database).
        self.fresh = {"idle_limit_s": random.randint(10_000, 2_000_000)}

    def seek(self, key: str | None, players: int = 2, **body: Any):
        options = {**self.fresh, **body.pop("options", {})}
        return self.client.post(
            "/v1/seeks",
            json={"game": GAME, "players": players, "options": options, **body},
            headers=auth(key),
        )

    def sought(self, key: str, players: int = 2, **body: Any) -> dict:
        response = self.seek(key, players, **body)
        assert response.status_code == 201, response.json
        return response.json

    def seek_of(self, key: str, seek_id: str) -> dict:
        response = self.get(f"/v1/seeks/{seek_id}", key)
        assert response.status_code == 200, response.json
        return response.json


@pytest.fixture
def api(client: FlaskClient) -> Seeking:
    return Seeking(client)


@pytest.fixture
def clock(service: GameService) -> Clock:
    clock = Clock()
    service.clock = clock
    return clock


def pair(service: GameService, seek_id: str) -> list[str]:
    """One pass over the seek's pool, as the worker's job runs it."""
    return Seeks(service).pair(seek_id[:16])


def seated(service: GameService, game_id: str) -> list[str | None]:
    return [info.account for info in service.load(game_id).state.seats]


def test_two_seeks_make_a_table_first_come_first_served(api, service, scheduler):
    (ada, ada_key, _), (bob, bob_key, _), (cy, cy_key, _) = api.people("ada", "bob", "cy")
    response = api.seek(ada_key, options={"turn_timeout_s": 0})
    assert response.status_code == 201, response.json
    first = response.json
    assert response.headers["Location"] == f"/v1/seeks/{first['id']}"
    assert first == {
        "id": first["id"],
        "status": "waiting",
        "game_type": GAME,
        "players": 2,
        "options": {"turn_timeout_s": 0, **api.fresh},
        "bots_after_s": None,
        "bot_strategy": "greedy",
        "created_at": first["created_at"],
        "game": None,
    }
    pool = first["id"][:16]
    assert scheduler.jobs == [policies.pair(pool)]  # its pool's pass is queued
    assert pair(service, first["id"]) == []  # alone: it waits
    second = api.sought(bob_key)  # the defaults spelled out or not: the same pool
    third = api.sought(cy_key)
    assert second["id"][:16] == third["id"][:16] == pool
    assert api.get("/v1/me/seeks", ada_key).json == {"seeks": [first]}

    (game_id,) = pair(service, first["id"])
    assert game_id == game_id_of([first["id"], second["id"]])
    assert seated(service, game_id) == [ada, bob]
    assert service.load(game_id).state.status == "active"
    for key, seek in ((ada_key, first), (bob_key, second)):
        assert api.seek_of(key, seek["id"]) | {"created_at": None} == {
            **seek,
            "status": "paired",
            "game": game_id,
            "created_at": None,
        }
    assert api.seek_of(cy_key, third["id"])["status"] == "waiting"
    for account, seek in ((ada, first), (bob, second)):
        assert of_type(service, account, "seek_paired") == [
            {"type": "seek_paired", "seek": seek["id"], "game": game_id}
        ]
        assert len(of_type(service, account, "game_started")) == 1
    assert of_type(service, cy, "seek_paired") == []
    assert api.get("/v1/me/seeks", ada_key).json == {"seeks": []}
    assert api.get("/v1/me/seeks", cy_key).json == {"seeks": [third]}
    assert pair(service, first["id"]) == []  # a second pass: nothing more


def test_three_seeks_for_three_and_one_account_is_never_seated_twice(api, service):
    (ada, ada_key, _), (bob, bob_key, _), (cy, cy_key, _) = api.people("ada", "bob", "cy")
    a1 = api.sought(ada_key, 3)
    a2 = api.sought(ada_key, 3)  # a bot may hold several seeks: never twice at one table
    b1 = api.sought(bob_key, 3)
    assert pair(service, a1["id"]) == []
    c1 = api.sought(cy_key, 3)
    (game_id,) = pair(service, a1["id"])
    assert game_id == game_id_of([a1["id"], b1["id"], c1["id"]])
    assert seated(service, game_id) == [ada, bob, cy]
    assert api.seek_of(ada_key, a2["id"])["status"] == "waiting"


def test_seeks_of_other_options_or_sizes_wait_in_other_pools(api, service):
    (_, ada_key, _), (_, bob_key, _), (_, cy_key, _) = api.people("ada", "bob", "cy")
    ada = api.sought(ada_key, 2, options={"turn_timeout_s": 30})
    bob = api.sought(bob_key, 3, options={"turn_timeout_s": 30})
    cy = api.sought(cy_key, 2, options={"turn_timeout_s": 60})
    assert len({ada["id"][:16], bob["id"][:16], cy["id"][:16]}) == 3
    for seek in (ada, bob, cy):
        assert pair(service, seek["id"]) == []
    assert api.seek_of(ada_key, ada["id"])["status"] == "waiting"
    assert api.seek_of(bob_key, bob["id"])["status"] == "waiting"
    # The defaults, named or not, are one pool.
    defaults = Seeks(service).canonical_options(GAME, {})
    named = Seeks(service).canonical_options(GAME, {"turn_timeout_s": 0, "bot_delay_ms": 0})
    assert pool_of(GAME, 2, defaults) == pool_of(GAME, 2, named)


def test_bots_fill_a_table_once_a_seekers_wait_for_people_is_over(api, service, scheduler, clock):
    people = api.people("ada", "bob", "cy")
    (ada, ada_key, _), (bob, bob_key, _), (cy, cy_key, _) = people
    ada_seek = api.sought(ada_key, 4, bots_after_s=30, bot_strategy="random")
    bob_seek = api.sought(bob_key, 4, bots_after_s=600)  # accepts bots too, later
    cy_seek = api.sought(cy_key, 4)  # people only: never at a table with bots
    pool = ada_seek["id"][:16]
    due = policies.pair(pool, utc_after(ada_seek["created_at"], 30))
    assert due in scheduler.jobs  # the pass at the end of ada's wait is queued too
    clock.advance(29)
    assert pair(service, ada_seek["id"]) == []
    clock.advance(1)
    (game_id,) = pair(service, ada_seek["id"])
    state = service.load(game_id).state
    assert [info.account for info in state.seats] == [ada, bob, None, None]
    assert [info.strategy for info in state.seats[2:]] == ["random", "random"]
    assert state.status == "active"
    assert api.seek_of(bob_key, bob_seek["id"])["game"] == game_id
    assert api.seek_of(cy_key, cy_seek["id"])["status"] == "waiting"
    assert of_type(service, cy, "seek_paired") == []


def test_a_seek_is_cancelled_by_its_account_until_it_is_paired(api, service):
    (_, ada_key, _), (_, bob_key, _), (_, cy_key, _) = api.people("ada", "bob", "cy")
    ada = api.sought(ada_key)
    problem(
        api.client.delete(f"/v1/seeks/{ada['id']}", headers=auth(bob_key)), 404, "seek_not_found"
    )
    canceled = api.client.delete(f"/v1/seeks/{ada['id']}", headers=auth(ada_key))
    assert canceled.status_code == 200 and canceled.json["status"] == "canceled"
    body = problem(
        api.client.delete(f"/v1/seeks/{ada['id']}", headers=auth(ada_key)), 409, "seek_closed"
    )
    assert body["seek_status"] == "canceled"
    bob = api.sought(bob_key)
    assert pair(service, bob["id"]) == []  # the cancelled seek is not paired
    cy = api.sought(cy_key)
    (game_id,) = pair(service, bob["id"])
    body = problem(
        api.client.delete(f"/v1/seeks/{cy['id']}", headers=auth(cy_key)), 409, "seek_closed"
    )
    assert body["seek_status"] == "paired"
    assert api.seek_of(cy_key, cy["id"])["game"] == game_id
    assert api.seek_of(ada_key, ada["id"])["status"] == "canceled"


def test_seek_errors(api, service):
    (_, ada_key, _), (_, bob_key, _) = api.people("ada", "bob")
    problem(api.seek(None), 401, "unauthorized")
    table = api.create(game=GAME)
    problem(api.seek(api.join(table["id"], "p0")["token"]), 403, "account_key_required")
    reader = api.client.post(
        "/v1/me/keys", json={"label": "r", "scopes": ["read"]}, headers=auth(ada_key)
    ).json["key"]
    assert problem(api.seek(reader), 403, "missing_scope")["scope"] == "play"

    def invalid(field: str, **body: Any) -> None:
        found = problem(
            api.client.post("/v1/seeks", json=body, headers=auth(ada_key)), 400, "invalid_body"
        )
        assert field in found["errors"], found

    invalid("players", game=GAME)
    invalid("players", game=GAME, players=0)
    invalid("players", game=GAME, players="2")
    invalid("game", players=2)
    invalid("bots_after_s", game=GAME, players=2, bots_after_s=4)
    invalid("bots_after_s", game=GAME, players=2, bots_after_s=3601)
    invalid("bot_strategy", game=GAME, players=2, bot_strategy="")
    invalid("colour", game=GAME, players=2, colour="red")
    problem(api.seek(ada_key, game="chess"), 400, "unknown_game")
    problem(api.seek(ada_key, 5), 400, "invalid_setup")  # SLY seats 2 to 4
    problem(api.seek(ada_key, bot_strategy="genius"), 400, "invalid_setup")
    problem(api.seek(ada_key, options={"colour": 1}), 400, "invalid_setup")
    assert api.get("/v1/me/seeks", ada_key).json == {"seeks": []}  # none was made

    mine = api.sought(ada_key)
    problem(api.get(f"/v1/seeks/{mine['id']}", bob_key), 404, "seek_not_found")
    problem(api.get(f"/v1/seeks/{mine['id']}", None), 401, "unauthorized")
    for unknown in ("0" * 32, "short", "{pool:x}" + "a" * 24):
        problem(api.get(f"/v1/seeks/{unknown}", ada_key), 404, "seek_not_found")
