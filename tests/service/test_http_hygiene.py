"""Issue 39: every error is a problem, whoever answers it; nothing is echoed at length; the
query parameters and player names are checked as the OpenAPI document says.

The first part runs a real ``foxden api`` (gunicorn, gevent) and talks to it over raw sockets,
since what is under test is what gunicorn and the app do with requests no HTTP library sends:
an over-long request line, hundreds of headers, a request that is not HTTP. The rest uses the
Flask client.
"""

from __future__ import annotations

import json
import os
import re
import socket
import unicodedata
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from marshmallow import ValidationError

from foxden import gunicorn_errors
from service.api import create_app, framework, problems, schemas
from service.games import GameService
from tests import sse_load
from tests.service.conftest import Api

pytestmark = [pytest.mark.redis, pytest.mark.single_redis]  # HTTP properties: one store will do

ROOT = Path(__file__).resolve().parents[2]
SPEC = yaml.safe_load((ROOT / "openapi.yaml").read_text())
PROBLEM = "application/problem+json"


# --- a real server -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(redis_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """A ``foxden api`` of one gevent process, as deployed; its port."""
    env = {
        **os.environ,
        "REDIS_URL": redis_url,
        "FOXDEN_RATE_LIMIT": "off",
        "FOXDEN_QUEUE_PREFIX": f"fd-hygiene-{uuid.uuid4().hex[:8]}",
    }
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    log = tmp_path_factory.mktemp("hygiene-api") / "api.log"
    running = sse_load.start_api(env, log, workers=1)
    yield running.port
    running.stop()


def exchange(port: int, raw: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send ``raw`` as it is; the status, headers (lower-case names) and body of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(raw)
        received = b""
        while b"\r\n\r\n" not in received:
            chunk = connection.recv(65536)
            assert chunk, f"the server closed without an answer: {received!r}"
            received += chunk
        head, _, body = received.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        length = int(headers.get("content-length", "0"))
        while len(body) < length:
            chunk = connection.recv(65536)
            if not chunk:
                break
            body += chunk
    return int(lines[0].split()[1]), headers, body[:length]


def get(target: str, *extra: str) -> bytes:
    head = [f"GET {target} HTTP/1.1", "Host: foxden", *extra, "Connection: close"]
    return ("\r\n".join(head) + "\r\n\r\n").encode("latin-1")


def assert_problem(answer: tuple[int, dict[str, str], bytes], status: int, code: str) -> dict:
    got, headers, body = answer
    assert got == status, answer
    assert headers["content-type"] == PROBLEM, answer
    assert headers["x-content-type-options"] == "nosniff"
    found = json.loads(body)
    assert found["status"] == status and found["code"] == code, found
    assert found["type"] == f"urn:foxden:problem:{code}" and found["title"] and found["detail"]
    return found


LONG_ID = "a" * 9000  # a request line past gunicorn's greatest limit (8190)
MIDDLE_ID = "b" * 5000  # past what the app reads (4096), within what gunicorn reads
TOO_LARGE = "request_header_fields_too_large"


@pytest.mark.parametrize(
    ("raw", "status", "code", "echo"),
    [
        # gunicorn's own answers: it reads no further than its limits
        (get(f"/v1/games/{LONG_ID}"), 414, "request_uri_too_long", LONG_ID[:100]),
        (get("/v1/games", "X-Big: " + "x" * 9000), 431, "request_header_fields_too_large", "xxxx"),
        (get("/v1/games", *[f"X-H{n}: v" for n in range(120)]), 431, TOO_LARGE, None),
        (
            b"GET /v1/games\x01secret HTTP/1.1\r\nHost: x\r\n\r\n",
            400,
            "malformed_request",
            "secret",
        ),
        (b"NOT HTTP AT ALL\r\n\r\n", 400, "malformed_request", "AT ALL"),
        (
            b"POST /v1/games HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: zstd-ish\r\n\r\n",
            501,
            "not_implemented",
            "zstd-ish",
        ),
        # the app's answers, for what gunicorn lets through
        (get(f"/v1/games/{MIDDLE_ID}"), 414, "request_uri_too_long", MIDDLE_ID[:100]),
        (get("/v1/games", "X-Big: " + "y" * 5000), 431, "request_header_fields_too_large", "yyyy"),
        (get("/v1/games", *[f"X-H{n}: v" for n in range(70)]), 431, TOO_LARGE, None),
    ],
    ids=[
        "line-past-gunicorn",
        "header-past-gunicorn",
        "headers-past-gunicorn",
        "control-in-target",
        "not-http",
        "unknown-coding",
        "target-past-app",
        "header-past-app",
        "headers-past-app",
    ],
)
def test_a_request_refused_before_any_route_is_a_problem(
    server: int, raw: bytes, status: int, code: str, echo: str | None
) -> None:
    """The same code whoever refuses it (gunicorn, or the app below gunicorn's limits), and
    nothing of the request repeated."""
    found = assert_problem(exchange(server, raw), status, code)
    if echo:
        assert echo not in json.dumps(found)


def test_a_made_up_id_is_not_echoed(server: int) -> None:
    long_id = "c" * 3000
    found = assert_problem(exchange(server, get(f"/v1/games/{long_id}")), 404, "game_not_found")
    assert "ccc" not in found["detail"] and len(json.dumps(found)) < 300


def test_a_gunicorn_of_another_shape_keeps_its_own_page(monkeypatch: pytest.MonkeyPatch) -> None:
    from gunicorn import util

    original = util.write_error

    def other(sock: Any, status: int) -> None: ...

    monkeypatch.setattr(util, "write_error", other)  # restored after the test
    gunicorn_errors.install()
    assert util.write_error is other  # never called with arguments it does not take
    monkeypatch.setattr(util, "write_error", original)
    gunicorn_errors.install()
    gunicorn_errors.install()  # idempotent
    assert util.write_error is gunicorn_errors.write_problem


# --- framework errors (the Flask client) ---------------------------------------------------


def problem(response: Any, status: int, code: str) -> dict:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.json["code"] == code
    return response.json


class TestFrameworkErrors:
    """What Werkzeug and Flask refuse themselves is a problem like any other error."""

    def test_a_method_a_route_does_not_take_is_a_405_with_allow(self, client) -> None:
        response = client.put("/v1/games")
        problem(response, 405, "method_not_allowed")
        assert set(response.headers["Allow"].split(", ")) >= {"GET", "POST"}

    def test_an_unknown_route_is_a_404(self, client) -> None:
        problem(client.get("/v2/games"), 404, "not_found")

    def test_a_body_past_the_limit_is_a_413(self, client) -> None:
        body = b'{"game": "' + b"x" * 70_000 + b'"}'
        response = client.post("/v1/games", data=body, content_type="application/json")
        problem(response, 413, "request_entity_too_large")

    def test_malformed_json_is_a_400(self, client) -> None:
        response = client.post("/v1/games", data=b'{"game": ', content_type="application/json")
        problem(response, 400, "malformed_json")

    def test_another_media_type_is_a_415(self, client) -> None:
        response = client.post("/v1/games", data=b"sly", content_type="text/plain")
        problem(response, 415, "unsupported_media_type")

    def test_a_target_past_the_apps_limit_is_a_414(self, client) -> None:
        edge = "/v1/games?limit=1&" + "x" * (framework.MAX_TARGET_BYTES - len("/v1/games?limit=1&"))
        assert len(edge) == framework.MAX_TARGET_BYTES
        problem(client.get(edge), 400, "invalid_parameter")  # read, and refused for what it says
        problem(client.get(edge + "x"), 414, "request_uri_too_long")

    def test_a_header_past_the_apps_limits_is_a_431(self, client) -> None:
        assert client.get("/v1/catalog", headers={"X-Big": "y" * 4096}).status_code == 200
        big = client.get("/v1/catalog", headers={"X-Big": "y" * 4097})
        problem(big, 431, "request_header_fields_too_large")
        many = {f"X-H{n}": "v" for n in range(framework.MAX_HEADERS)}
        problem(client.get("/v1/catalog", headers=many), 431, "request_header_fields_too_large")

    def test_every_answer_says_nosniff(self, client, api: Api) -> None:
        game_id, _ = api.table()
        for path in ("/v1/catalog", f"/v1/games/{game_id}", "/healthz", "/openapi.yaml"):
            assert client.get(path).headers["X-Content-Type-Options"] == "nosniff", path


class TestEchoes:
    def test_a_made_up_game_id_is_not_echoed_even_with_a_token(self, service: GameService) -> None:
        # With the rate limit on, the gate authenticates the caller before it looks at the id.
        app = create_app(service, {"RATE_LIMIT": "1000 per minute"})
        made_up = "d" * 3000
        response = app.test_client().get(
            f"/v1/games/{made_up}/state", headers={"Authorization": "Bearer x"}
        )
        found = problem(response, 404, "game_not_found")
        assert "ddd" not in found["detail"]

    def test_an_unknown_parameter_is_named_shortly(self, client) -> None:
        name = "z" * 3000
        found = problem(client.get(f"/v1/catalog?{name}=1"), 400, "invalid_parameter")
        assert len(found["detail"]) < 100 and "zzz" in found["detail"]
        assert list(found["errors"]) == [name]  # the field is named as sent

    def test_shortened(self) -> None:
        assert problems.shortened("abc") == "abc"
        cut = problems.shortened("x" * 1000)
        assert len(cut) == problems.ECHO_CHARS and cut.endswith("…")


# --- the query parameters the document enumerates ------------------------------------------


def parameter(path: str, name: str) -> dict:
    item = SPEC["paths"][path]
    return next(p for p in item["get"].get("parameters", []) if p.get("name") == name)


class TestParametersAsDocumented:
    def test_an_empty_cursor_is_outside_the_document_and_refused(self, client) -> None:
        assert parameter("/v1/games", "cursor")["schema"]["minLength"] == 1
        found = problem(client.get("/v1/games?cursor="), 400, "invalid_parameter")
        assert list(found["errors"]) == ["cursor"]
        assert client.get("/v1/games").status_code == 200  # no cursor: the first page

    @pytest.mark.parametrize("value", ["AAA", "TRUE", " true", "yes", ""])
    def test_follow_outside_its_enum_is_a_400_whatever_the_accept(
        self, client, api: Api, value: str
    ) -> None:
        assert value not in parameter("/v1/games/{game_id}/events", "follow")["schema"]["enum"]
        game_id, _ = api.table()
        for accept in ("application/json", "application/x-ndjson"):
            response = client.get(
                f"/v1/games/{game_id}/events",
                query_string={"follow": value},
                headers={"Accept": accept},
            )
            found = problem(response, 400, "invalid_parameter")
            assert list(found["errors"]) == ["follow"]

    def test_follow_inside_its_enum_is_read(self, client, api: Api) -> None:
        game_id, _ = api.table()
        for value in parameter("/v1/games/{game_id}/events", "follow")["schema"]["enum"]:
            response = client.get(f"/v1/games/{game_id}/events?follow={value}")
            assert response.status_code == 200, (value, response.json)


# --- player names ----------------------------------------------------------------------------


REFUSED_NAMES = {
    "right-to-left override": "Bob\u202eevil",
    "left-to-right embedding": "\u202aBob",
    "pop directional formatting": "Bob\u202c",
    "first strong isolate": "Bob\u2068x",
    "pop directional isolate": "Bob\u2069",
    "zero width space": "Bo\u200bb",
    "byte order mark": "\ufeffBob",
    "soft hyphen": "Bo\u00adb",
    "tag character": "Bob\U000e0041",
    "C1 control": "Bob\u0085",
    "C0 control": "Bob\u0007",
    "line separator": "Bob\u2028x",
    "blank": "   ",
    "blank with no-break spaces": "\u00a0\u3000",
    "only a joiner": "\u200d",
}
ACCEPTED_NAMES = {
    "ascii": "Ada Lovelace",
    "accents": "Zoë Ñúñez",
    "han": "李小龙",
    "arabic": "محمد",
    "persian with a ZWNJ": "محمد\u200cرضا",
    "emoji ZWJ sequence": "\U0001f469\u200d\U0001f4bb",
    "forty characters": "x" * 40,
}


class TestNames:
    @pytest.mark.parametrize("name", REFUSED_NAMES.values(), ids=REFUSED_NAMES.keys())
    def test_a_name_that_could_hide_or_turn_text_is_refused(self, api: Api, name: str) -> None:
        game = api.create()
        response = api.client.post(f"/v1/games/{game['id']}/join", json={"name": name})
        found = problem(response, 400, "invalid_body")
        assert list(found["errors"]) == ["name"], found
        assert api.client.get(f"/v1/games/{game['id']}").json["seats"][0]["name"] is None

    @pytest.mark.parametrize("name", ACCEPTED_NAMES.values(), ids=ACCEPTED_NAMES.keys())
    def test_a_name_in_any_script_is_kept_as_sent(self, api: Api, name: str) -> None:
        game = api.create()
        api.join(game["id"], name)
        assert api.client.get(f"/v1/games/{game['id']}").json["seats"][0]["name"] == name

    def test_a_lone_surrogate_never_gets_in(self, api: Api) -> None:
        # Over HTTP it is not even JSON (orjson refuses it); the schema refuses it all the same,
        # for a body read any other way.
        game = api.create()
        raw = b'{"name": "Bob\\ud800"}'
        response = api.client.post(
            f"/v1/games/{game['id']}/join", data=raw, content_type="application/json"
        )
        problem(response, 400, "malformed_json")
        with pytest.raises(ValidationError, match="U\\+D800"):
            schemas.load(schemas.JoinSchema, {"name": "Bob\ud800"})

    def test_the_error_names_the_character(self, api: Api) -> None:
        game = api.create()
        response = api.client.post(f"/v1/games/{game['id']}/join", json={"name": "ab\u202e"})
        (message,) = problem(response, 400, "invalid_body")["errors"]["name"]
        assert "U+202E" in message and "character 3" in message

    def test_the_document_refuses_exactly_what_the_api_refuses(self) -> None:
        name = SPEC["components"]["schemas"]["Join"]["properties"]["name"]
        refused, visible = re.compile(name["not"]["pattern"]), re.compile(name["pattern"])
        samples = [*REFUSED_NAMES.values(), *ACCEPTED_NAMES.values()]
        for low, high in schemas.REFUSED_IN_NAMES:  # each range's edges, inside and out
            samples += [f"a{chr(cp)}" for cp in (low - 1, low, high, high + 1) if cp >= 0]
        for text in samples:
            by_document = bool(refused.search(text)) or not visible.search(text)
            try:
                schemas.load(schemas.JoinSchema, {"name": text[:40]})
                by_api = False
            except ValidationError:
                by_api = True
            assert by_document == by_api, ascii(text)

    def test_the_table_is_unicodes_controls_and_formats(self) -> None:
        """The table is written out (the document must not change with Python's Unicode);
        here it is held to the running Python's own database."""
        listed = {cp for low, high in schemas.REFUSED_IN_NAMES for cp in range(low, high + 1)}
        known = {
            cp
            for cp in range(0x110000)
            if unicodedata.category(chr(cp)) in ("Cc", "Cf", "Zl", "Zp")
        } - {0x200C, 0x200D}
        if unicodedata.unidata_version == "14.0.0":  # Python 3.11's, as the table says
            assert listed == known
        else:  # a later Unicode: nothing taken back (a new format character is worth adding)
            assert listed <= known, sorted(listed - known)
