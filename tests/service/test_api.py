"""Every endpoint of the REST API and every error status, on real Redis (the test game)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from events.store import keys
from service.ports import RecordingScheduler
from tests.service.conftest import Api, build
from tests.toygame import TOY

pytestmark = pytest.mark.redis

PROBLEM = "application/problem+json"


def assert_problem(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM
    body = response.json
    assert body["code"] == code
    assert body["status"] == status
    assert {"type", "title", "detail"} <= set(body)
    return body


class TestCatalog:
    def test_lists_every_registered_game_with_its_options(self, api: Api):
        games = {g["id"]: g for g in api.get("/v1/catalog").json["games"]}
        toy = games[TOY.id]
        assert (toy["min_players"], toy["max_players"]) == (2, 3)
        assert toy["rules_version"] == "toy-1"
        assert toy["options"]["cards"]["default"] == 6
        assert toy["options"]["turn_timeout_s"]["default"] == 0
        assert "leave" in toy["commands"]


class TestCreate:
    def test_a_game_waits_for_its_humans(self, api: Api):
        game = api.create()
        assert game["status"] == "waiting"
        assert game["version"] == 1
        assert [s["taken"] for s in game["seats"]] == [False, False]
        assert len(game["commitment"]) == 64
        assert api.get(f"/v1/games/{game['id']}").json["id"] == game["id"]

    def test_a_game_of_bots_starts_at_once_and_schedules_the_first_bot(self, api: Api, scheduler):
        game = api.create(seats=[{"kind": "bot", "strategy": "random"}] * 2)
        assert game["status"] == "active"
        assert [job.kind for job in scheduler.jobs] == ["bot"]
        assert scheduler.jobs[0].seat == game["to_act"][0]

    @pytest.mark.parametrize(
        ("body", "field"),
        [
            ({"seats": [{"kind": "human"}]}, "game"),
            ({"game": TOY.id}, "seats"),
            ({"game": 5, "seats": [{"kind": "human"}]}, "game"),
            ({"game": TOY.id, "seats": [{"kind": "alien"}]}, "seats"),
            ({"game": TOY.id, "seats": [{"kind": "bot"}]}, "seats"),
            ({"game": TOY.id, "seats": [{"kind": "human", "strategy": "x"}]}, "seats"),
            ({"game": TOY.id, "seats": [{"kind": "human"}], "colour": "red"}, "colour"),
            ({"game": TOY.id, "seats": [{"kind": "human"}], "options": {"cards": "7"}}, "options"),
            ({"game": TOY.id, "seats": [{"kind": "human"}], "options": {"cards": 7.5}}, "options"),
        ],
    )
    def test_invalid_bodies_name_the_field(self, api: Api, body, field):
        problem = assert_problem(api.client.post("/v1/games", json=body), 400, "invalid_body")
        assert field in problem["errors"]

    def test_unknown_game_is_a_400_with_its_own_code(self, api: Api):
        response = api.client.post("/v1/games", json={"game": "chess", "seats": []})
        assert_problem(response, 400, "invalid_body")  # seats too short comes first
        response = api.client.post(
            "/v1/games", json={"game": "chess", "seats": [{"kind": "human"}]}
        )
        assert_problem(response, 400, "unknown_game")

    def test_rules_of_the_table_are_checked(self, api: Api):
        response = api.client.post("/v1/games", json={"game": TOY.id, "seats": [{"kind": "human"}]})
        assert_problem(response, 400, "invalid_setup")
        body = {"game": TOY.id, "seats": [{"kind": "human"}] * 2, "options": {"cards": 1000}}
        assert_problem(api.client.post("/v1/games", json=body), 400, "invalid_setup")
        body = {"game": TOY.id, "seats": [{"kind": "bot", "strategy": "psychic"}] * 2}
        assert_problem(api.client.post("/v1/games", json=body), 400, "invalid_setup")

    def test_an_integral_float_is_an_integer(self, api: Api):
        game = api.create(cards=7.0)
        assert game["options"]["cards"] == 7

    @pytest.mark.parametrize("raw", ["{", "[1,", "nul", ""])
    def test_malformed_json(self, api: Api, raw: str):
        response = api.client.post("/v1/games", data=raw, content_type="application/json")
        assert_problem(response, 400, "malformed_json")

    def test_the_body_must_be_json(self, api: Api):
        response = api.client.post("/v1/games", data="game=x", content_type="text/plain")
        assert_problem(response, 415, "unsupported_media_type")
        response = api.client.post("/v1/games", json=[1, 2])
        assert_problem(response, 400, "invalid_body")


class TestList:
    def test_filters_and_pages_newest_first(self, api: Api):
        made = [api.create()["id"] for _ in range(3)]
        bots = api.create(seats=[{"kind": "bot", "strategy": "random"}] * 2)["id"]
        page = api.get("/v1/games", query_string={"status": "waiting", "limit": 2}).json
        assert [g["id"] for g in page["games"]][:2] == made[::-1][:2]
        rest = api.get(
            "/v1/games",
            query_string={"status": "waiting", "limit": 2, "cursor": page["next_cursor"]},
        ).json
        assert made[0] in [g["id"] for g in rest["games"]]
        active = api.get("/v1/games", query_string={"status": "active", "game": TOY.id}).json
        assert bots in [g["id"] for g in active["games"]]
        assert not set(made) & {g["id"] for g in active["games"]}

    @pytest.mark.parametrize(
        "query",
        [
            {"status": "sleeping"},
            {"game": "chess"},
            {"limit": "0"},
            {"limit": "x"},
            {"limit": "201"},
            {"cursor": "!!"},
        ],
    )
    def test_bad_parameters(self, api: Api, query):
        assert_problem(api.get("/v1/games", query_string=query), 400, "invalid_parameter")


class TestJoin:
    def test_the_token_is_shown_once_and_the_last_seat_starts_the_game(self, api: Api):
        game = api.create()
        first = api.join(game["id"], "ada")
        assert first["seat"] == 0 and len(first["token"]) >= 40
        second = api.join(game["id"], "bob", client_seed="xyz")
        assert second["game"]["status"] == "active"
        summary = api.get(f"/v1/games/{game['id']}").json
        assert "token" not in json.dumps(summary)
        assert [s["name"] for s in summary["seats"]] == ["ada", "bob"]

    def test_conflicts(self, api: Api):
        game = api.create(seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "human"}])
        api.join(game["id"], "ada", seat=1)
        response = api.client.post(f"/v1/games/{game['id']}/join", json={"name": "b", "seat": 1})
        assert_problem(response, 409, "seat_taken")
        api.join(game["id"], "bob")
        api.join(game["id"], "cyd")
        response = api.client.post(f"/v1/games/{game['id']}/join", json={"name": "dan"})
        assert_problem(response, 409, "already_started")

    def test_errors(self, api: Api):
        response = api.client.post("/v1/games/nope/join", json={"name": "ada"})
        assert_problem(response, 404, "game_not_found")
        game = api.create()
        for body in (
            {},
            {"name": ""},
            {"name": "x" * 41},
            {"name": 3},
            {"name": "a", "seat": -1},
            {"name": "a", "token": "t"},
            {"name": "a\u0000b"},
        ):
            response = api.client.post(f"/v1/games/{game['id']}/join", json=body)
            assert_problem(response, 400, "invalid_body")
        response = api.client.post(f"/v1/games/{game['id']}/join", json={"name": "a", "seat": 9})
        assert_problem(response, 409, "no_such_seat")


class TestAuthentication:
    def test_a_bad_token_is_401_everywhere_even_on_public_endpoints(self, api: Api):
        game_id, _ = api.table()
        for path in ("", "/state", "/events", "/legal-moves"):
            response = api.get(f"/v1/games/{game_id}{path}", token="forged")
            assert_problem(response, 401, "unauthorized")
        response = api.get(f"/v1/games/{game_id}", headers={"Authorization": "Basic abc"})
        assert_problem(response, 401, "unauthorized")

    def test_a_token_of_another_game_is_403(self, api: Api):
        game_id, _ = api.table()
        _, other_tokens = api.table()
        assert_problem(
            api.get(f"/v1/games/{game_id}/state", token=other_tokens[0]), 403, "forbidden"
        )
        response = api.command(game_id, other_tokens[0], {"type": "draw", "count": 1})
        assert_problem(response, 403, "forbidden")

    def test_authentication_comes_before_the_body(self, api: Api):
        game_id, _ = api.table()
        response = api.client.post(
            f"/v1/games/{game_id}/commands", data="{", content_type="application/json"
        )
        assert_problem(response, 401, "unauthorized")

    def test_legal_moves_need_a_token(self, api: Api):
        game_id, _ = api.table()
        assert_problem(api.get(f"/v1/games/{game_id}/legal-moves"), 401, "unauthorized")


class TestPlay:
    def test_state_legal_moves_and_a_command(self, api: Api):
        game_id, tokens = api.table()
        seat = api.to_act(game_id)
        moves = api.get(f"/v1/games/{game_id}/legal-moves", token=tokens[seat]).json
        assert {"type": "draw", "count": 1} in moves["moves"]
        assert {"type": "leave"} in moves["moves"]
        response = api.command(game_id, tokens[seat], {"type": "draw", "count": 2})
        assert response.status_code == 201
        body = response.json
        assert body["version"] == moves["version"] + 1
        assert response.headers["ETag"] == f'"{body["version"]}"'
        assert body["events"][0]["type"] == "Drew"
        assert len(body["events"][0]["data"]["cards"]) == 2
        assert body["state"]["board"]["hand"] == body["events"][0]["data"]["cards"]
        state = api.get(f"/v1/games/{game_id}/state", token=tokens[seat])
        assert state.headers["ETag"] == f'"{body["version"]}-seat{seat}"'

    def test_rule_violations_are_422_with_their_code(self, api: Api):
        game_id, tokens = api.table()
        seat = api.to_act(game_id)
        response = api.command(game_id, tokens[1 - seat], {"type": "draw", "count": 1})
        assert_problem(response, 422, "not_your_turn")
        response = api.command(game_id, tokens[seat], {"type": "draw", "count": 3})
        assert_problem(response, 422, "illegal_move")

    def test_invalid_commands_are_400(self, api: Api):
        game_id, tokens = api.table()
        seat = api.to_act(game_id)
        for body in (
            {},
            {"type": 1},
            {"type": "fly"},
            {"type": "draw"},
            {"type": "draw", "count": "1"},
            {"type": "draw", "count": 1, "x": 1},
            [1],
        ):
            assert_problem(api.command(game_id, tokens[seat], body), 400, "invalid_body")

    def test_a_game_to_its_end_then_game_over(self, api: Api):
        game_id, tokens = api.table(cards=4)
        while (summary := api.get(f"/v1/games/{game_id}").json)["status"] == "active":
            seat = summary["to_act"][0]
            assert (
                api.command(game_id, tokens[seat], {"type": "draw", "count": 1}).status_code == 201
            )
        assert summary["result"]["winners"]
        response = api.command(game_id, tokens[0], {"type": "draw", "count": 1})
        assert_problem(response, 422, "game_over")
        events = api.get(f"/v1/games/{game_id}/events").json["events"]
        assert events[-1]["type"] == "GameEnded"
        assert events[-1]["by"] == {"seat": None, "kind": "system"}
        assert events[0]["data"]["seed"] == events[-1]["data"]["seed"]  # public once over

    def test_if_match(self, api: Api):
        game_id, tokens = api.table()
        seat = api.to_act(game_id)
        version = api.get(f"/v1/games/{game_id}").json["version"]
        stale = api.command(
            game_id, tokens[seat], {"type": "draw", "count": 1}, **{"If-Match": f'"{version - 1}"'}
        )
        body = assert_problem(stale, 412, "precondition_failed")
        assert body["current_version"] == version
        weak = api.command(
            game_id, tokens[seat], {"type": "draw", "count": 1}, **{"If-Match": f'W/"{version}"'}
        )
        assert weak.status_code == 201
        bad = api.command(
            game_id, tokens[1 - seat], {"type": "draw", "count": 1}, **{"If-Match": "seven"}
        )
        assert_problem(bad, 400, "invalid_if_match")

    def test_idempotency_key(self, api: Api):
        game_id, tokens = api.table()
        seat = api.to_act(game_id)
        body, key = {"type": "draw", "count": 1}, {"Idempotency-Key": "k-1"}
        first = api.command(game_id, tokens[seat], body, **key)
        again = api.command(game_id, tokens[seat], body, **key)
        assert (first.status_code, first.json) == (again.status_code, again.json)
        events = api.get(f"/v1/games/{game_id}/events").json["events"]
        assert sum(e["type"] == "Drew" for e in events) == 1
        reused = api.command(game_id, tokens[seat], {"type": "draw", "count": 2}, **key)
        assert_problem(reused, 422, "idempotency_key_reused")
        other = api.command(game_id, tokens[1 - seat], body, **key)  # scoped to the seat
        assert other.status_code == 201

    def test_leave_hands_the_seat_to_a_bot(self, api: Api, scheduler):
        game_id, tokens = api.table()
        seat = api.to_act(game_id)
        response = api.command(game_id, tokens[seat], {"type": "leave"})
        assert response.status_code == 201
        assert api.get(f"/v1/games/{game_id}").json["seats"][seat]["kind"] == "bot"
        assert scheduler.jobs[-1].kind == "bot" and scheduler.jobs[-1].seat == seat

    def test_commands_before_the_start_are_409(self, api: Api):
        game = api.create()
        token = api.join(game["id"])["token"]
        assert_problem(
            api.command(game["id"], token, {"type": "draw", "count": 1}), 409, "not_started"
        )

    def test_unknown_game_is_404_everywhere(self, api: Api):
        for path in ("", "/state", "/events", "/events/stream"):
            assert_problem(api.get(f"/v1/games/nope{path}"), 404, "game_not_found")
        assert_problem(api.get("/v1/nothing"), 404, "not_found")
        assert_problem(api.client.delete("/v1/catalog"), 405, "method_not_allowed")


class TestViewsAndHistory:
    def test_past_versions_as_each_seat_saw_them(self, api: Api):
        game_id, tokens = api.table()
        seat = api.to_act(game_id)
        api.command(game_id, tokens[seat], {"type": "draw", "count": 1})
        now = api.get(f"/v1/games/{game_id}", token=tokens[0]).json["version"]
        before = api.get(
            f"/v1/games/{game_id}/state", token=tokens[seat], query_string={"version": now - 1}
        ).json
        assert before["version"] == now - 1 and before["board"]["hand"] == []
        mine = api.get(f"/v1/games/{game_id}/state", token=tokens[seat]).json["board"]["hand"]
        theirs = api.get(f"/v1/games/{game_id}/state", token=tokens[1 - seat]).json["board"]
        spectator = api.get(f"/v1/games/{game_id}/state").json["board"]
        assert len(mine) == 1 and theirs["hand"] == [] and spectator["hand"] is None
        for bad in ("0", "x"):
            response = api.get(f"/v1/games/{game_id}/state", query_string={"version": bad})
            assert_problem(response, 400, "invalid_parameter")
        # A well-formed version the game has not reached yet: there is no such view (yet).
        response = api.get(f"/v1/games/{game_id}/state", query_string={"version": now + 1})
        assert_problem(response, 404, "version_not_found")

    def test_events_pages_and_ndjson(self, api: Api):
        game_id, tokens = api.table(cards=10)
        for _ in range(4):
            seat = api.to_act(game_id)
            api.command(game_id, tokens[seat], {"type": "draw", "count": 1})
        page = api.get(f"/v1/games/{game_id}/events", query_string={"limit": 3})
        assert [e["version"] for e in page.json["events"]] == [1, 2, 3]
        assert page.json["next_after"] == 3
        assert "after=3" in page.headers["Link"]
        rest = api.get(f"/v1/games/{game_id}/events", query_string={"after": 3}).json
        assert rest["events"][0]["version"] == 4 and "Link" not in page.json
        ndjson = api.get(f"/v1/games/{game_id}/events", headers={"Accept": "application/x-ndjson"})
        lines = [json.loads(line) for line in ndjson.get_data(as_text=True).splitlines()]
        assert [e["version"] for e in lines] == list(range(1, rest["version"] + 1))
        limited = api.get(
            f"/v1/games/{game_id}/events",
            query_string={"limit": 2},
            headers={"Accept": "application/x-ndjson"},
        )
        assert len(limited.get_data(as_text=True).splitlines()) == 2
        for bad in ({"after": "-1"}, {"limit": "5001"}, {"limit": "0"}):
            response = api.get(f"/v1/games/{game_id}/events", query_string=bad)
            assert_problem(response, 400, "invalid_parameter")

    def test_the_event_envelope(self, api: Api):
        game_id, tokens = api.table()
        events = api.get(f"/v1/games/{game_id}/events", token=tokens[0]).json["events"]
        first = events[0]
        assert {
            "version",
            "type",
            "schema",
            "data",
            "at",
            "by",
            "command_id",
            "prev_hash",
            "hash",
            "cause",
        } <= set(first)
        assert first["prev_hash"] == "0" * 64 and events[1]["prev_hash"] == first["hash"]
        assert "seed" not in first["data"] and "seed" not in first["cause"]
        joined = [e for e in events if e["type"] == "PlayerJoined"]
        assert all("token_hash" not in e["data"] for e in joined)
        assert joined[0]["by"] == {"seat": 0, "kind": "player"}


class TestOperations:
    def test_health_ready_metrics(self, api: Api):
        assert api.get("/healthz").json == {"status": "ok"}
        assert api.get("/readyz").json == {"status": "ready"}
        api.create()
        text = api.get("/metrics").get_data(as_text=True)
        assert "foxden_http_requests_total" in text
        assert 'route="/v1/games"' in text

    def test_made_up_methods_share_one_metrics_series(self, api: Api):
        for method in ("BREW", "WHEN"):
            assert_problem(api.client.open("/v1/catalog", method=method), 405, "method_not_allowed")
        text = api.get("/metrics").get_data(as_text=True)
        assert 'method="OTHER",route="unmatched",status="405"' in text
        assert "BREW" not in text and "WHEN" not in text

    def test_openapi_and_docs_offline(self, api: Api):
        spec = api.get("/openapi.yaml")
        assert spec.status_code == 200 and b"openapi: 3.1.0" in spec.data
        # Served from the package (a wheel carries it), and the same as the top-level file.
        assert spec.data == (Path(__file__).parents[2] / "openapi.yaml").read_bytes()
        page = api.get("/docs").get_data(as_text=True)
        assert "/docs/assets/swagger-ui-bundle.js" in page and "http" not in page.split("<body>")[1]
        assert api.get("/docs/assets/swagger-ui-bundle.js").status_code == 200


class TestRateLimits:
    def test_429_with_retry_after_per_token_else_per_address(self, service):
        from service.api import create_app

        app = create_app(service, {"RATE_LIMIT": "3 per minute"})
        api = Api(app.test_client())
        for _ in range(3):
            assert api.get("/v1/catalog").status_code == 200
        limited = api.get("/v1/catalog")
        body = assert_problem(limited, 429, "rate_limited")
        assert 1 <= int(limited.headers["Retry-After"]) <= 60
        assert body["retry_after"] == int(limited.headers["Retry-After"])
        assert api.get("/healthz").status_code == 200  # never limited
        assert api.get("/metrics").status_code == 200
        # A valid token's seat has a budget of its own (the address's is spent) on its own
        # game's routes, and only there (issue #39) ...
        game_id = service.create(TOY.id, [{"kind": "human"}] * 2, {}).game_id
        _, token, _ = service.join(game_id, "ada")
        assert api.get(f"/v1/games/{game_id}", token=token).status_code == 200
        assert_problem(api.get("/v1/catalog", token=token), 429, "rate_limited")
        # ... a made-up one has not: it is counted against the address, then refused.
        assert_problem(api.get("/v1/catalog", token="made-up"), 429, "rate_limited")

    def test_off_means_off(self, service):
        from service.api import create_app

        api = Api(create_app(service, {"RATE_LIMIT": "off"}).test_client())
        assert all(api.get("/v1/catalog").status_code == 200 for _ in range(20))


def every_game(api: Api) -> list[dict]:
    games, cursor = [], None
    while True:
        query = {"limit": 200, **({"cursor": cursor} if cursor else {})}
        page = api.get("/v1/games", query_string=query).json
        games += page["games"]
        if not (cursor := page["next_cursor"]):
            return games


def test_the_index_is_a_projection_that_can_be_rebuilt(api: Api, service, redis_client):
    waiting = api.create()["id"]
    active, _ = api.table()
    # The games of this database that have streams (tests of the index alone list some that
    # have none: a rebuild, which reads the streams, rightly drops those).
    before = [g for g in every_game(api) if redis_client.exists(keys(g["id"])[0])]
    for key in redis_client.scan_iter(match="fd:{ix:*"):  # every bucket, on every node
        redis_client.delete(key)
    assert api.get("/v1/games").json["games"] == []
    assert service.rebuild_index() == len(before)
    after = every_game(api)
    assert {g["id"]: g["status"] for g in after} == {g["id"]: g["status"] for g in before}
    assert (waiting, active) == (after[1]["id"], after[0]["id"]) or after[0]["created_at"] == (
        after[1]["created_at"]
    )
    # Newest first again (games created within the same millisecond may swap places).
    created = [g["created_at"] for g in after]
    assert created == sorted(created, reverse=True)


def test_an_unreachable_redis_is_a_503_to_retry_never_a_500() -> None:
    from events.redis_client import connect
    from service.api import create_app

    dead = connect("redis://127.0.0.1:1/0")  # nothing listens on port 1
    gone = "0" * 32  # a well-formed id: Redis is asked, and cannot answer
    # Rate limiting on: it lets requests through when it cannot count them.
    app = create_app(build(dead, RecordingScheduler()), {"RATE_LIMIT": "10 per minute"})
    api = Api(app.test_client())
    for response in (
        api.get(f"/v1/games/{gone}"),
        api.client.post("/v1/games", json={"game": "sly", "seats": [{"kind": "human"}] * 2}),
        api.client.post(
            f"/v1/games/{gone}/commands",
            json={"type": "leave"},
            headers={"Authorization": "Bearer t"},
        ),
    ):
        body = assert_problem(response, 503, "storage_unavailable")
        assert response.headers["Retry-After"] == str(body["retry_after"]) == "2"
    assert_problem(api.get("/readyz"), 503, "not_ready")
