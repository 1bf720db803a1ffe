"""HTTP semantics, CORS and the table lifecycle over the API (a real Redis, the Flask client)."""

from __future__ import annotations

import logging
import secrets
from typing import Any

import pytest
import redis
from flask import Flask

from foxden.bootstrap import app_config
from foxden.settings import Settings
from service.api import create_app
from service.games import GameService
from service.policies import EXPIRY
from service.ports import RecordingScheduler
from tests.service.conftest import Api
from workers.sweeper import sweep_once

pytestmark = pytest.mark.redis

FOREIGN = "https://cards.example"


def problem(response: Any, status: int, code: str) -> dict:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    assert response.json["code"] == code
    return response.json


def sly_table(api: Api) -> dict:
    return api.create(game="sly", seats=[{"kind": "human"}, {"kind": "human"}])


class TestQueryParameters:
    @pytest.mark.parametrize(
        "path", ["/v1/games?colour=red", "/v1/catalog?x=1", "/v1/games?status=active&ver=3"]
    )
    def test_an_unknown_one_is_refused(self, api: Api, path: str):
        body = problem(api.get(path), 400, "invalid_parameter")
        assert set(body["errors"]) <= {"colour", "x", "ver"} and body["errors"]

    def test_on_a_game_route_too(self, api: Api):
        game_id, _ = api.table()
        problem(api.get(f"/v1/games/{game_id}/state?ver=3"), 400, "invalid_parameter")
        assert api.get(f"/v1/games/{game_id}/state?version=1").status_code == 200


def test_a_body_of_another_type_is_415(api: Api):
    game = sly_table(api)
    sent = api.client.post(f"/v1/games/{game['id']}/join", data="name=ada")
    problem(sent, 415, "unsupported_media_type")


class TestBodies:
    """A body is read whole, up to ``MAX_CONTENT_LENGTH``, however it is sent."""

    def post(self, api: Api, game_id: str, token: str, data: bytes, **environ: Any) -> Any:
        return api.client.post(
            f"/v1/games/{game_id}/commands",
            data=data,
            content_type="application/json",
            headers={"Authorization": f"Bearer {token}"},
            environ_overrides=environ,
        )

    def test_a_declared_length_is_read_as_sent(self, api: Api):
        game_id, tokens = api.table(cards=10)
        token = tokens[api.to_act(game_id)]
        assert self.post(api, game_id, token, b'{"type": "draw", "count": 1}').status_code == 201

    def test_a_body_over_the_limit_is_413_and_changes_nothing(self, api: Api):
        game_id, tokens = api.table(cards=10)
        token = tokens[api.to_act(game_id)]
        before = api.get(f"/v1/games/{game_id}").json["version"]
        padded = b'{"type": "draw", "count": 1, "pad": "' + b"x" * 70_000 + b'"}'
        problem(self.post(api, game_id, token, padded), 413, "request_entity_too_large")
        # Chunked (no length; the server ends the stream): Werkzeug's bounded read judges it.
        chunked = self.post(
            api, game_id, token, padded, CONTENT_LENGTH="", **{"wsgi.input_terminated": True}
        )
        problem(chunked, 413, "request_entity_too_large")
        assert api.get(f"/v1/games/{game_id}").json["version"] == before

    def test_a_chunked_body_within_the_limit_is_read(self, api: Api):
        game_id, tokens = api.table(cards=10)
        token = tokens[api.to_act(game_id)]
        sent = self.post(
            api,
            game_id,
            token,
            b'{"type": "draw", "count": 1}',
            CONTENT_LENGTH="",
            **{"wsgi.input_terminated": True},
        )
        assert sent.status_code == 201

    def test_a_body_shorter_than_its_length_is_400(self, api: Api):
        game_id, tokens = api.table(cards=10)
        token = tokens[api.to_act(game_id)]
        cut = self.post(api, game_id, token, b'{"type": "draw"}', CONTENT_LENGTH="400")
        problem(cut, 400, "bad_request")


def test_the_body_limit_is_a_setting(monkeypatch: pytest.MonkeyPatch, service: GameService):
    monkeypatch.setenv("FOXDEN_MAX_BODY_BYTES", "2048")
    assert create_app(service, app_config(Settings.from_env())).config["MAX_CONTENT_LENGTH"] == 2048
    monkeypatch.setenv("FOXDEN_MAX_BODY_BYTES", "lots")
    with pytest.raises(ValueError, match="FOXDEN_MAX_BODY_BYTES"):
        create_app(service, app_config(Settings.from_env()))


class TestAnswerHeaders:
    """Foxden's answers send the headers Werkzeug's would, without copying them when nothing
    needs fixing."""

    CASES = [
        (b'{"a": 1}', 200, [("ETag", '"3"'), ("Vary", "Authorization")]),
        (b"{}", 201, [("Location", "/v1/games/\u00e9t\u00e9")]),
        (b"{}", 201, [("Content-Location", "/v1/games/x y")]),
        (b"", 204, []),
        (b"{}", 304, [("ETag", '"3"')]),
        (b"{}", 101, []),
        (iter([b"data: 1\n\n"]), 200, [("Cache-Control", "no-cache")]),
        (b"{}", 429, [("Retry-After", "3")]),
    ]

    @pytest.mark.parametrize(("body", "status", "headers"), CASES)
    def test_the_same_as_werkzeugs(self, body: Any, status: int, headers: list):
        from werkzeug.wrappers import Response

        from service.api.jsonio import FoxdenResponse

        environ = {"SERVER_NAME": "h", "SERVER_PORT": "80", "wsgi.url_scheme": "http"}
        ours = FoxdenResponse(body, status, headers, mimetype="application/json")
        theirs = Response(body, status, headers, mimetype="application/json")
        sent = ours.get_wsgi_headers(environ).to_wsgi_list()
        assert sent == theirs.get_wsgi_headers(environ).to_wsgi_list()
        sized = status in (200, 201, 429) and isinstance(body, bytes)
        assert ("Content-Length" in dict(sent)) == sized

    @pytest.mark.parametrize("method", ["GET", "HEAD"])
    @pytest.mark.parametrize(("body", "status", "headers"), CASES)
    @pytest.mark.parametrize("closing", [False, True], ids=["plain", "call_on_close"])
    def test_the_same_body_as_werkzeugs(
        self, body: Any, status: int, headers: list, method: str, closing: bool
    ):
        """Each body is served as Werkzeug serves it, and what must run once the server is
        done runs (a streamed body's close, ``call_on_close``), for the body held as it is too.
        """
        from werkzeug.wrappers import Response

        from service.api.jsonio import FoxdenResponse

        environ = {"REQUEST_METHOD": method, "SERVER_NAME": "h", "SERVER_PORT": "80"}
        environ["wsgi.url_scheme"] = "http"
        served = []
        for kind in (FoxdenResponse, Response):
            closed: list[str] = []
            # A stream for each (the case's own iterator is shared, and spent once read).
            source = body if isinstance(body, bytes) else iter([b"data: 1\n\n"])
            response = kind(source, status, headers, mimetype="application/json")
            if closing:
                response.call_on_close(lambda closed=closed: closed.append("on close"))
            app_iter = response.get_app_iter(environ)
            data = b"".join(app_iter)
            getattr(app_iter, "close", lambda: None)()  # as a WSGI server does
            served.append((data, closed))
        assert served[0] == served[1]
        if closing:
            assert served[0][1] == ["on close"]

    def test_an_api_answer_carries_its_headers_once(self, app: Flask, api: Api):
        from service.api.jsonio import FoxdenResponse

        assert app.response_class is FoxdenResponse
        game_id, tokens = api.table(cards=10)
        sent = api.get(f"/v1/games/{game_id}/state", tokens[0])
        assert sent.status_code == 200
        assert sent.headers.getlist("Content-Length") == [str(len(sent.get_data()))]
        for name in ("Content-Type", "ETag", "Vary"):
            assert len(sent.headers.getlist(name)) == 1, name


@pytest.mark.parametrize("route", ["", "/state", "/events"])
def test_if_none_match_answers_304_until_the_game_moves(api: Api, route: str):
    game_id, tokens = api.table(cards=10)
    path = f"/v1/games/{game_id}{route}"
    first = api.get(path)
    etag = first.headers["ETag"]
    same = api.get(path, headers={"If-None-Match": etag})
    assert same.status_code == 304 and same.data == b"" and same.headers["ETag"] == etag
    api.command(game_id, tokens[api.to_act(game_id)], {"type": "draw", "count": 1})
    moved = api.get(path, headers={"If-None-Match": etag})
    assert moved.status_code == 200 and moved.headers["ETag"] != etag


@pytest.mark.parametrize("route", ["/state", "/state?version=1", "/events"])
def test_a_seats_etag_never_revalidates_anothers_view(api: Api, route: str):
    """A browser holds one cached answer per URL and revalidates it with that answer's ETag,
    whoever asks next: a seat's ETag sent by a spectator (or another seat) must get that
    viewer's own body, not a 304 over the seat's cached hand."""
    game_id, tokens = api.table(cards=10)
    path = f"/v1/games/{game_id}{route}"
    seat0 = api.get(path, tokens[0])
    spectator = api.get(path)
    seat1 = api.get(path, tokens[1])
    if route.startswith("/state"):  # the toy's hands differ by viewer (its feed hides nothing)
        assert seat0.data != spectator.data and seat0.data != seat1.data
    etags = {seat0.headers["ETag"], spectator.headers["ETag"], seat1.headers["ETag"]}
    assert len(etags) == 3
    for answer in (seat0, spectator, seat1):
        assert "Authorization" in answer.headers["Vary"]
    held = {"If-None-Match": seat0.headers["ETag"]}
    assert api.get(path, headers=dict(held)).data == spectator.data
    assert api.get(path, tokens[1], headers=dict(held)).data == seat1.data
    assert api.get(path, tokens[0], headers=dict(held)).status_code == 304


def test_a_seats_etag_is_a_valid_if_match(api: Api):
    game_id, tokens = api.table(cards=10)
    seat = api.to_act(game_id)
    etag = api.get(f"/v1/games/{game_id}/state", tokens[seat]).headers["ETag"]
    body = {"type": "draw", "count": 1}
    assert api.command(game_id, tokens[seat], body, **{"If-Match": etag}).status_code == 201
    again = api.command(game_id, tokens[api.to_act(game_id)], body, **{"If-Match": etag})
    assert again.status_code == 412


def test_a_replayed_command_says_so(api: Api):
    game_id, tokens = api.table(cards=10)
    token = tokens[api.to_act(game_id)]
    body = {"type": "draw", "count": 1}
    first = api.command(game_id, token, body, **{"Idempotency-Key": "k1"})
    again = api.command(game_id, token, body, **{"Idempotency-Key": "k1"})
    assert first.status_code == again.status_code == 201
    assert "Idempotent-Replayed" not in first.headers
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json["version"] == first.json["version"]


@pytest.fixture
def limited(service: GameService) -> Api:
    app = create_app(service, {"RATE_LIMIT": "5 per minute", "CORS_ORIGINS": FOREIGN})
    client = app.test_client()
    # A caller of its own: the counts live in Redis, shared with every other test's app.
    client.environ_base["REMOTE_ADDR"] = f"10.0.{secrets.randbelow(250)}.{secrets.randbelow(250)}"
    return Api(client)


def test_every_answer_carries_the_rate_limit(limited: Api):
    answers = [limited.get("/v1/catalog"), limited.get("/v1/games/nope")]
    answers += [limited.get("/v1/games?bad=1") for _ in range(4)]
    assert [a.status_code for a in answers] == [200, 404, 400, 400, 400, 429]
    assert [int(a.headers["RateLimit-Remaining"]) for a in answers] == [4, 3, 2, 1, 0, 0]
    for answer in answers:
        assert answer.headers["RateLimit-Limit"] == "5"
        assert 0 < int(answer.headers["RateLimit-Reset"]) <= 60


class TestCors:
    def test_a_preflight_from_an_allowed_origin(self, limited: Api):
        answer = limited.client.options(
            "/v1/games/abc/commands",
            headers={
                "Origin": FOREIGN,
                "Access-Control-Request-Method": "POST",
                "Access-Control-Request-Headers": "authorization, content-type, idempotency-key",
            },
        )
        assert answer.status_code == 200
        assert answer.headers["Access-Control-Allow-Origin"] == FOREIGN
        assert "POST" in answer.headers["Access-Control-Allow-Methods"]
        allowed = answer.headers["Access-Control-Allow-Headers"].lower()
        assert {"authorization", "content-type", "idempotency-key"} <= set(allowed.split(", "))

    def test_an_answer_exposes_what_a_client_reads(self, limited: Api):
        answer = limited.get("/v1/catalog", headers={"Origin": FOREIGN})
        assert answer.headers["Access-Control-Allow-Origin"] == FOREIGN
        exposed = answer.headers["Access-Control-Expose-Headers"]
        for name in ("ETag", "Link", "Retry-After", "RateLimit-Remaining", "RateLimit-Reset"):
            assert name in exposed
        assert "Origin" in answer.headers["Vary"]

    def test_another_origin_is_not_allowed(self, limited: Api):
        answer = limited.get("/v1/catalog", headers={"Origin": "https://evil.example"})
        assert "Access-Control-Allow-Origin" not in answer.headers

    def test_none_by_default_and_any_with_a_star(self, app: Flask, service: GameService):
        closed = app.test_client().get("/v1/catalog", headers={"Origin": FOREIGN})
        assert "Access-Control-Allow-Origin" not in closed.headers
        star = create_app(service, {"RATE_LIMIT": "off", "CORS_ORIGINS": "*"}).test_client()
        assert (
            star.get("/v1/catalog", headers={"Origin": FOREIGN}).headers[
                "Access-Control-Allow-Origin"
            ]
            == "*"
        )


class TestLifecycle:
    def test_the_owner_cancels_a_waiting_table(self, api: Api):
        game = sly_table(api)
        seat = api.join(game["id"])["token"]
        path = f"/v1/games/{game['id']}"
        problem(api.client.delete(path), 401, "unauthorized")
        # A valid credential without the right is a 403; one that is nobody's a 401 (#39).
        for token in (seat, api.create()["owner_token"]):
            headers = {"Authorization": f"Bearer {token}"}
            problem(api.client.delete(path, headers=headers), 403, "forbidden")
        made_up = {"Authorization": "Bearer made-up-token"}
        problem(api.client.delete(path, headers=made_up), 401, "unauthorized")
        owner = {"Authorization": f"Bearer {game['owner_token']}"}
        done = api.client.delete(path, headers=owner)
        assert done.status_code == 200 and done.json["status"] == "cancelled"
        assert api.get(path).json["status"] == "cancelled"
        last = api.get(f"{path}/events").json["events"][-1]
        assert last["type"] == "TableCancelled" and last["by"] == {"seat": None, "kind": "player"}
        problem(api.client.delete(path, headers=owner), 409, "table_closed")
        problem(api.client.post(f"{path}/join", json={"name": "bo"}), 409, "table_closed")
        # A closed table has no board: its state says so, for anyone (it was a 500).
        for headers in ({}, {"Authorization": f"Bearer {seat}"}):
            state = api.client.get(f"{path}/state", headers=headers)
            assert state.status_code == 200, state.json
            assert state.json["status"] == "cancelled" and state.json["board"] is None

    def test_a_started_table_cannot_be_cancelled(self, api: Api):
        game = api.create()
        for n in range(2):
            api.join(game["id"], f"p{n}")
        owner = {"Authorization": f"Bearer {game['owner_token']}"}
        problem(api.client.delete(f"/v1/games/{game['id']}", headers=owner), 409, "already_started")

    def test_the_owner_token_is_stored_only_hashed_and_never_shown(self, api: Api, service):
        game = sly_table(api)
        created = service.store.read(game["id"])[0]
        assert game["owner_token"] not in str(created.to_dict())
        shown = api.get(f"/v1/games/{game['id']}/events").json["events"][0]
        assert "owner_token_hash" not in shown["data"]
        assert "owner_token_hash" not in shown["cause"]
        assert "owner_token" not in api.get(f"/v1/games/{game['id']}").json

    def test_expiry_through_the_service(self, service: GameService, api: Api):
        now = ["2026-11-30T09:00:00.000Z"]
        service.clock = lambda: now[0]  # the service's clock, not a sleep
        service.waiting_expiry_s = 60
        game = sly_table(api)
        now[0] = "2026-11-30T09:00:59.999Z"
        assert not service.expire(game["id"]).envelopes  # early: a stale job does nothing
        now[0] = "2026-11-30T09:01:00.000Z"
        expired = service.expire(game["id"])  # what the worker's job calls
        assert [e.type for e in expired.envelopes] == ["TableExpired"]
        summary = api.get(f"/v1/games/{game['id']}").json
        assert summary["status"] == "expired"
        last = api.get(f"/v1/games/{game['id']}/events").json["events"][-1]
        assert last["type"] == "TableExpired" and last["by"]["kind"] == "system"
        assert not service.expire(game["id"]).envelopes  # once only

    def test_a_table_that_started_never_expires(self, service: GameService, api: Api):
        service.waiting_expiry_s = 0
        game_id, _ = api.table()
        assert not service.expire(game_id).envelopes
        assert api.get(f"/v1/games/{game_id}").json["status"] == "active"


class TestOpenTables:
    def test_open_lists_tables_with_open_seats(self, api: Api):
        waiting = sly_table(api)
        api.join(waiting["id"])
        started, _ = api.table()
        listed = api.get("/v1/games?open=true&limit=200").json["games"]
        ids = {item["id"]: item for item in listed}
        assert waiting["id"] in ids and started not in ids
        assert ids[waiting["id"]]["open_seats"] == 1
        assert all(item["open_seats"] > 0 for item in listed)
        everything = {item["id"]: item for item in api.get("/v1/games?limit=200").json["games"]}
        assert everything[started]["open_seats"] == 0
        assert api.get("/v1/games?open=true&status=active").json["games"] == []
        problem(api.get("/v1/games?open=yes"), 400, "invalid_parameter")


def test_a_waiting_table_has_its_expiry_job_and_the_sweeper_restores_it(
    api: Api, service: GameService, scheduler: RecordingScheduler
):
    far = sly_table(api)["id"]  # expires in a day: beyond the sweeper's horizon
    service.waiting_expiry_s = 60  # within it (EXPIRY_HORIZON_S)
    game = sly_table(api)
    expiry = [job for job in scheduler.jobs if job.kind == EXPIRY and job.game_id == game["id"]]
    created = service.store.read(game["id"])[0].data
    assert [(job.game_id, job.due_at) for job in expiry] == [(game["id"], created["expires_at"])]
    assert expiry[0].job_id == f"fd-expiry-{game['id']}" and expiry[0].args == (game["id"],)
    api.join(game["id"])
    assert scheduler.jobs.count(expiry[0]) == 1  # not again
    scheduler.jobs.clear()  # as if the job was lost
    sweep_once(service)
    assert expiry[0] in scheduler.jobs
    assert far not in {job.game_id for job in scheduler.jobs}


def test_a_sweep_skips_waiting_tables_whose_queue_it_cannot_reach(
    api: Api, service: GameService, scheduler: RecordingScheduler, caplog: pytest.LogCaptureFixture
):
    service.waiting_expiry_s = 60  # within the sweeper's horizon
    game = sly_table(api)
    scheduler.jobs.clear()  # its expiry job was lost

    def unreachable(jobs: Any) -> Any:
        raise redis.ConnectionError("the queue's Redis is down")

    scheduler.missing = unreachable  # type: ignore[method-assign]
    with caplog.at_level(logging.WARNING, logger="workers.sweeper"):
        assert sweep_once(service) == 0  # logged and skipped, not raised
    assert any("skipped" in record.getMessage() for record in caplog.records)
    del scheduler.missing  # the queue is back: the next sweep restores the job
    sweep_once(service)
    assert f"fd-expiry-{game['id']}" in {job.job_id for job in scheduler.jobs}
