"""Accounts, API keys with scopes, seats held by accounts, my games, profiles and device codes
(issue #41)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

from events.redis_client import connect
from service.api import create_app
from service.games import GameService
from service.ports import RecordingScheduler, utc_after
from tests.service.conftest import Api, build
from tests.service.test_hard_to_break import problem

pytestmark = pytest.mark.redis

GAME = "gloria-picktoria"  # every seat holds a secret hand once the game has started
OPERATOR = "op-" + "x" * 40


def auth(key: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"} if key else {}


class Accounts(Api):
    def sign_up(self, handle: str, kind: str = "person", key: str | None = None, **extra: Any):
        return self.client.post(
            "/v1/accounts", json={"handle": handle, "kind": kind, **extra}, headers=auth(key)
        )

    def account(self, handle: str) -> tuple[str, str]:
        """A new account's id and its first key."""
        response = self.sign_up(handle)
        assert response.status_code == 201, response.json
        return response.json["id"], response.json["key"]["key"]

    def create_as(self, key: str, players: int = 2, game: str = GAME, **options: Any) -> dict:
        body = {"game": game, "seats": [{"kind": "human"}] * players, "options": options}
        response = self.client.post("/v1/games", json=body, headers=auth(key))
        assert response.status_code == 201, response.json
        return response.json

    def join_as(self, game_id: str, key: str, **body: Any):
        return self.client.post(f"/v1/games/{game_id}/join", json=body, headers=auth(key))


@pytest.fixture
def accounts(client: FlaskClient) -> Accounts:
    return Accounts(client)


def unique(name: str) -> str:
    import secrets

    return f"{name}-{secrets.token_hex(4)}"


# --- sign-up and handles ---------------------------------------------------------------------


def test_sign_up_shows_the_key_once_and_me_reads_it(accounts):
    handle = unique("ada")
    response = accounts.sign_up(handle)
    assert response.status_code == 201
    body = response.json
    assert set(body) == {"id", "handle", "kind", "created_at", "key"}
    key = body["key"]
    assert key["key"].startswith("fdk_" + key["id"] + "_")
    assert key["scopes"] == ["read", "play", "create"]
    me = accounts.get("/v1/me", key["key"])
    assert me.status_code == 200
    assert me.json["handle"] == handle and me.json["key"]["id"] == key["id"]
    keys = accounts.get("/v1/me/keys", key["key"]).json["keys"]
    assert keys == [{k: key[k] for k in ("id", "label", "scopes", "created_at")}]
    assert "key" not in str(keys[0].keys() - {"id", "label", "scopes", "created_at"})


@pytest.mark.parametrize(
    "handle", ["ab", "x" * 25, "has space", "ümlaut", "semi;colon", "", 7, None]
)
def test_handle_rules(accounts, handle):
    problem(accounts.sign_up(handle), 400, "invalid_body")


def test_handles_are_unique_whatever_their_case(accounts):
    handle = unique("Bob")
    assert accounts.sign_up(handle).status_code == 201
    problem(accounts.sign_up(handle.upper()), 409, "handle_taken")
    problem(accounts.sign_up(handle, kind="robot"), 400, "invalid_body")


def app_with(service: GameService, **config: Any) -> Accounts:
    return Accounts(create_app(service, {"RATE_LIMIT": "off", **config}).test_client())


def test_invite_mode_needs_a_single_use_invite(service):
    api = app_with(service, SIGNUP="invite", OPERATOR_KEY=OPERATOR)
    problem(api.sign_up(unique("eve")), 403, "signup_closed")
    problem(api.sign_up(unique("eve"), invite="nonsense"), 403, "invalid_invite")
    problem(api.client.post("/v1/invites"), 401, "unauthorized")
    _, key = Accounts(create_app(service, {"RATE_LIMIT": "off"}).test_client()).account(
        unique("open")
    )
    problem(api.client.post("/v1/invites", headers=auth(key)), 403, "forbidden")
    invite = api.client.post("/v1/invites", headers=auth(OPERATOR))
    assert invite.status_code == 201
    code = invite.json["invite"]
    assert api.sign_up(unique("eve"), invite=code).status_code == 201
    problem(api.sign_up(unique("eve"), invite=code), 403, "invalid_invite")  # used up
    # A taken handle does not use the invite up.
    taken = unique("taken")
    assert api.sign_up(taken, key=OPERATOR).status_code == 201
    second = api.client.post("/v1/invites", headers=auth(OPERATOR)).json["invite"]
    problem(api.sign_up(taken, invite=second), 409, "handle_taken")
    assert api.sign_up(unique("fay"), invite=second).status_code == 201


def test_closed_mode_lets_only_the_operator_sign_up(service):
    api = app_with(service, SIGNUP="closed", OPERATOR_KEY=OPERATOR)
    problem(api.sign_up(unique("eve")), 403, "signup_closed")
    problem(api.sign_up(unique("eve"), key="op-" + "y" * 40), 401, "unauthorized")
    assert api.sign_up(unique("eve"), key=OPERATOR).status_code == 201


# --- keys and scopes -------------------------------------------------------------------------


def test_keys_grant_only_their_own_scopes(accounts):
    _, key = accounts.account(unique("kim"))
    made = accounts.client.post(
        "/v1/me/keys", json={"label": "reader", "scopes": ["read"]}, headers=auth(key)
    )
    assert made.status_code == 201 and made.json["scopes"] == ["read"]
    reader = made.json["key"]
    wider = accounts.client.post(
        "/v1/me/keys", json={"label": "x", "scopes": ["read", "play"]}, headers=auth(reader)
    )
    problem(wider, 403, "forbidden")
    # ... nor revoke a key with more scopes than its own; itself it may.
    first_id = accounts.get("/v1/me", key).json["key"]["id"]
    problem(
        accounts.client.delete(f"/v1/me/keys/{first_id}", headers=auth(reader)), 403, "forbidden"
    )
    assert (
        accounts.client.delete(f"/v1/me/keys/{made.json['id']}", headers=auth(reader)).status_code
        == 204
    )
    problem(accounts.get("/v1/me", reader), 401, "unauthorized")
    problem(
        accounts.client.delete("/v1/me/keys/" + "0" * 24, headers=auth(key)), 404, "key_not_found"
    )


def scoped_key(accounts: Accounts, key: str, scopes: list[str]) -> str:
    made = accounts.client.post(
        "/v1/me/keys", json={"label": "+".join(scopes), "scopes": scopes}, headers=auth(key)
    )
    assert made.status_code == 201, made.json
    return made.json["key"]


def test_each_route_enforces_its_scope(accounts):
    _, key = accounts.account(unique("sco"))
    game_id = accounts.create_as(key)["id"]  # seated at 0
    other = accounts.create(game=GAME)["id"]
    for scopes, allowed in (
        (["read"], {"read"}),
        (["play"], {"play"}),
        (["create"], {"create"}),
    ):
        limited = scoped_key(accounts, key, scopes)
        calls = {
            "read": [
                lambda k: accounts.get(f"/v1/games/{game_id}/state", k),
                lambda k: accounts.get(f"/v1/games/{game_id}/legal-moves", k),
                lambda k: accounts.get(f"/v1/games/{game_id}/events", k),
                lambda k: accounts.client.post(
                    f"/v1/games/{game_id}/stream-tickets", headers=auth(k)
                ),
                lambda k: accounts.get("/v1/me", k),
                lambda k: accounts.get("/v1/me/keys", k),
                lambda k: accounts.get("/v1/me/games", k),
            ],
            "play": [lambda k: accounts.join_as(other, k, seat=1)],
            "create": [
                lambda k: accounts.client.post(
                    "/v1/games",
                    json={"game": GAME, "seats": [{"kind": "human"}] * 2},
                    headers=auth(k),
                )
            ],
        }
        for scope, sends in calls.items():
            for send in sends:
                response = send(limited)
                if scope in allowed:
                    assert response.status_code < 400, (scopes, scope, response.json)
                else:
                    body = problem(response, 403, "missing_scope")
                    assert body["scope"] == scope


# --- seats held by accounts ------------------------------------------------------------------


def test_a_key_acts_for_all_its_seats_and_nothing_else(accounts):
    ada_id, ada = accounts.account(unique("ada"))
    _, bob = accounts.account(unique("bob"))
    first = accounts.create_as(ada)  # ada sits at seat 0
    assert first["seats"][0]["account"] == ada_id and first["seats"][0]["taken"]
    assert first["owner_token"]
    second = accounts.create(game=GAME)["id"]
    joined = accounts.join_as(second, ada, seat=1)
    assert joined.status_code == 201
    assert joined.json["token"] is None and joined.json["account"] == ada_id
    assert joined.json["game"]["seats"][1]["name"] == accounts.get("/v1/me", ada).json["handle"]
    anonymous = accounts.join(second, "zed", seat=0)["token"]
    bob_join = accounts.join_as(first["id"], bob, seat=1)  # starts the first game
    assert bob_join.status_code == 201
    for game_id, seat in ((first["id"], 0), (second, 1)):
        state = accounts.get(f"/v1/games/{game_id}/state", ada)
        assert state.status_code == 200 and state.json["seat"] == seat
        assert state.json["board"] is not None
        moves = accounts.get(f"/v1/games/{game_id}/legal-moves", ada)
        assert moves.status_code == 200 and moves.json["seat"] == seat
    # bob's view of the first game is his own; ada's key never shows bob's hand.
    bobs = accounts.get(f"/v1/games/{first['id']}/state", bob).json
    adas = accounts.get(f"/v1/games/{first['id']}/state", ada).json
    assert bobs["seat"] == 1 and adas["seat"] == 0 and bobs["board"] != adas["board"]
    # bob on the second game (where he has no seat): a spectator, no legal moves.
    spectator = accounts.get(f"/v1/games/{second}/state", bob)
    assert spectator.json["seat"] is None
    assert spectator.json == {**accounts.get(f"/v1/games/{second}/state").json}
    problem(accounts.get(f"/v1/games/{second}/legal-moves", bob), 403, "forbidden")
    problem(accounts.command(second, bob, {"type": "leave"}), 403, "forbidden")
    for event in accounts.get(f"/v1/games/{second}/events", bob).json["events"]:
        assert (
            event == accounts.get(f"/v1/games/{second}/events").json["events"][event["version"] - 1]
        )
    problem(
        accounts.client.post(f"/v1/games/{second}/stream-tickets", headers=auth(bob)),
        403,
        "forbidden",
    )
    # A command for the account's seat, with its key.
    to_act = accounts.get(f"/v1/games/{second}").json["to_act"]
    key = ada if 1 in to_act else anonymous
    seat = 1 if 1 in to_act else 0
    move = accounts.get(f"/v1/games/{second}/legal-moves", key).json["moves"][0]
    sent = accounts.command(second, key, move)
    assert sent.status_code == 201, sent.json
    assert sent.json["state"]["seat"] == seat
    # One seat per account and table.
    third = accounts.create(game=GAME)["id"]
    assert accounts.join_as(third, ada).status_code == 201
    problem(accounts.join_as(third, ada), 409, "already_seated")


def test_a_stream_ticket_is_bound_to_the_account(accounts, app):
    _, ada = accounts.account(unique("ada"))
    game_id = accounts.create(game=GAME)["id"]
    assert accounts.join_as(game_id, ada, seat=0).status_code == 201
    ticket = accounts.client.post(f"/v1/games/{game_id}/stream-tickets", headers=auth(ada))
    assert ticket.status_code == 201 and ticket.json["seat"] == 0
    # The seat given back, the ticket opens nothing (the seat is no longer the account's).
    assert accounts.command(game_id, ada, {"type": "leave"}).status_code == 201
    opened = accounts.client.get(
        f"/v1/games/{game_id}/events/stream?ticket={ticket.json['ticket']}"
    )
    problem(opened, 401, "unauthorized")


def test_the_owner_account_cancels_its_table(accounts):
    _, ada = accounts.account(unique("ada"))
    _, bob = accounts.account(unique("bob"))
    game_id = accounts.create_as(ada, players=3)["id"]
    problem(accounts.client.delete(f"/v1/games/{game_id}", headers=auth(bob)), 403, "forbidden")
    reader = scoped_key(accounts, ada, ["read"])
    problem(
        accounts.client.delete(f"/v1/games/{game_id}", headers=auth(reader)), 403, "missing_scope"
    )
    cancelled = accounts.client.delete(f"/v1/games/{game_id}", headers=auth(ada))
    assert cancelled.status_code == 200 and cancelled.json["status"] == "cancelled"


def test_seat_tokens_and_other_credentials_on_the_account_routes(accounts):
    game_id, tokens = accounts.table()
    owner = accounts.create()["owner_token"]
    for credential in (tokens[0], owner):
        for path in ("/v1/me", "/v1/me/keys", "/v1/me/games"):
            problem(accounts.get(path, credential), 403, "account_key_required")
    for made_up in ("fdk_" + "0" * 24 + "_" + "A" * 43, "fdk_nonsense", "A" * 43):
        problem(accounts.get("/v1/me", made_up), 401, "unauthorized")
        problem(accounts.get(f"/v1/games/{game_id}/state", made_up), 401, "unauthorized")
    problem(accounts.get("/v1/me"), 401, "unauthorized")


# --- revocation across processes ------------------------------------------------------------


@pytest.fixture
def two_processes(redis_url: str) -> Iterator[tuple[Accounts, Accounts]]:
    clients = [connect(redis_url), connect(redis_url)]
    apps = [create_app(build(c, RecordingScheduler()), {"RATE_LIMIT": "off"}) for c in clients]
    yield Accounts(apps[0].test_client()), Accounts(apps[1].test_client())
    for client in clients:
        client.close()


def test_a_revoked_key_is_401_on_every_process_at_once(two_processes):
    x, y = two_processes
    _, key = x.account(unique("rev"))
    spare = scoped_key(x, key, ["read"])
    game_id = x.create_as(key)["id"]
    for api in (x, y):
        assert api.get("/v1/me", key).status_code == 200
        assert api.get(f"/v1/games/{game_id}/state", key).json["seat"] == 0
    key_id = x.get("/v1/me", key).json["key"]["id"]
    assert x.client.delete(f"/v1/me/keys/{key_id}", headers=auth(key)).status_code == 204
    for api in (y, x):
        problem(api.get("/v1/me", key), 401, "unauthorized")
        problem(api.get(f"/v1/games/{game_id}/state", key), 401, "unauthorized")
        problem(api.command(game_id, key, {"type": "leave"}), 401, "unauthorized")
    assert y.get("/v1/me", spare).status_code == 200


# --- my games and profiles -------------------------------------------------------------------


def test_my_games_my_turn_first_then_active_waiting_finished_paginated(accounts, service):
    ada_id, ada = accounts.account(unique("ada"))
    _, bob = accounts.account(unique("bob"))
    waiting = accounts.create_as(ada, game="sly")["id"]
    actives = []
    for _ in range(3):
        game_id = accounts.create_as(ada, game="sly", turn_timeout_s=600)["id"]
        assert accounts.join_as(game_id, bob).status_code == 201
        actives.append(game_id)
    finished = accounts.create_as(ada, game="sly")["id"]
    assert accounts.join_as(finished, bob).status_code == 201
    keys = {0: ada, 1: bob}
    while (summary := accounts.get(f"/v1/games/{finished}").json)["status"] == "active":
        seat = summary["to_act"][0]
        move = accounts.get(f"/v1/games/{finished}/legal-moves", keys[seat]).json["moves"][0]
        assert accounts.command(finished, keys[seat], move).status_code == 201
    page = accounts.get("/v1/me/games", ada).json
    items = page["games"]
    assert page["next_cursor"] is None
    assert {item["id"] for item in items} == {waiting, finished, *actives}
    ranks = [
        0 if item["my_turn"] else {"active": 1, "waiting": 2, "finished": 3}[item["status"]]
        for item in items
    ]
    assert ranks == sorted(ranks)
    for item in items:
        assert item["seat"] == 0
        if item["status"] == "active":
            assert item["my_turn"] == (0 in item["to_act"])
            assert item["deadline"] is not None if item["my_turn"] else item["deadline"] is None
        if item["status"] == "finished":
            assert item["result"] == accounts.get(f"/v1/games/{finished}").json["result"]
    assert [i["id"] for i in accounts.get("/v1/me/games?status=waiting", ada).json["games"]] == [
        waiting
    ]
    # Pages of one: the same order, each game once.
    seen, cursor = [], None
    while True:
        query = "/v1/me/games?limit=1" + (f"&cursor={cursor}" if cursor else "")
        page = accounts.get(query, ada).json
        assert "games" in page, page
        seen += [item["id"] for item in page["games"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert seen == [item["id"] for item in items]
    problem(accounts.get("/v1/me/games?cursor=bogus", ada), 400, "invalid_parameter")
    problem(accounts.get("/v1/me/games?status=cancelled", ada), 400, "invalid_parameter")
    # The profile: finished games only, with their results, nothing hidden.
    handle = accounts.get("/v1/me", ada).json["handle"]
    profile = accounts.get(f"/v1/accounts/{handle.upper()}")
    assert profile.status_code == 200
    assert profile.json["id"] == ada_id and profile.json["handle"] == handle
    assert [g["id"] for g in profile.json["games"]] == [finished]
    assert profile.json["games"][0]["result"] is not None
    # A table created by an account audits like any other (the create re-decided, seat and all).
    audit = accounts.get(f"/v1/games/{finished}/audit").json
    assert audit["ok"] is True, audit
    problem(accounts.get("/v1/accounts/nobody-here"), 404, "account_not_found")


def test_a_cancelled_table_leaves_my_games(accounts):
    _, ada = accounts.account(unique("ada"))
    game_id = accounts.create_as(ada)["id"]
    assert [g["id"] for g in accounts.get("/v1/me/games", ada).json["games"]] == [game_id]
    assert accounts.client.delete(f"/v1/games/{game_id}", headers=auth(ada)).status_code == 200
    assert accounts.get("/v1/me/games", ada).json["games"] == []


# --- device codes ----------------------------------------------------------------------------


def test_a_device_code_works_once_and_expires(accounts, service):
    _, key = accounts.account(unique("dev"))
    reader = scoped_key(accounts, key, ["read", "play"])
    made = accounts.client.post("/v1/me/device-codes", headers=auth(reader))
    assert made.status_code == 201
    code = made.json["code"]
    assert len(code) == 8
    used = accounts.client.post(f"/v1/device-codes/{code.lower()}")
    assert used.status_code == 201
    assert used.json["scopes"] == ["read", "play"] and "device code" in used.json["label"]
    assert accounts.get("/v1/me", used.json["key"]).status_code == 200
    problem(accounts.client.post(f"/v1/device-codes/{code}"), 404, "device_code_not_found")
    problem(accounts.client.post("/v1/device-codes/nonsense"), 404, "device_code_not_found")
    # Expiry, on the service's clock: 5 minutes.
    late = accounts.client.post("/v1/me/device-codes", headers=auth(key)).json["code"]
    now = service.clock()
    service.clock = lambda: utc_after(now, 301)
    problem(accounts.client.post(f"/v1/device-codes/{late}"), 404, "device_code_not_found")


def test_account_requests_count_against_the_account(service):
    api = Accounts(create_app(service, {"RATE_LIMIT": "5 per minute"}).test_client())
    api.client.environ_base["REMOTE_ADDR"] = "10.1.2.3"
    _, key = api.account(unique("lim"))
    api.client.environ_base["REMOTE_ADDR"] = "10.9.9.9"
    statuses = []
    for n in range(8):
        api.client.environ_base["REMOTE_ADDR"] = f"10.7.{n}.1"  # a new address each time
        statuses.append(api.get("/v1/me", key).status_code)
    assert statuses.count(200) == 5 and statuses[-1] == 429
