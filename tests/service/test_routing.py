"""Remembered routing (service.api.routing) gives Werkzeug's own answers, request after request."""

from __future__ import annotations

import io
from typing import Any

import fakeredis
import pytest
from flask import Flask, Request
from hypothesis import given, settings
from hypothesis import strategies as st
from werkzeug.exceptions import HTTPException
from werkzeug.routing import MapAdapter, Rule

from events.store import RedisEventStore
from service.api import create_app, routing
from service.games import GameService
from service.index import GameIndex
from service.ports import RecordingScheduler

ADAPTER_FIELDS = (
    "server_name",
    "script_name",
    "subdomain",
    "url_scheme",
    "path_info",
    "default_method",
    "query_args",
    "websocket",
)


def make_app(**config: Any) -> Flask:
    client = fakeredis.FakeRedis()
    service = GameService(RedisEventStore(client), RecordingScheduler(), GameIndex(client))
    return create_app(service, {"RATE_LIMIT": "off", **config})


@pytest.fixture(scope="module")
def app() -> Flask:
    return make_app()


def environ(path: str | None = "/v1/catalog", method: str = "GET", **extra: Any) -> dict:
    env = {
        "REQUEST_METHOD": method,
        "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_HOST": "127.0.0.1:8000",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(b""),
    }
    if path is not None:
        env["PATH_INFO"] = path
    for name, value in extra.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return env


def flasks_adapter(app: Flask, env: dict) -> MapAdapter:
    """The adapter Flask itself binds, matching with Werkzeug's own ``MapAdapter.match``."""
    adapter = Flask.create_url_adapter(app, Request(env))
    assert type(adapter) is MapAdapter
    return adapter


def outcome(adapter: MapAdapter) -> tuple[Any, ...]:
    try:
        rule, values = adapter.match(return_rule=True)
    except HTTPException as error:
        return (
            type(error),
            getattr(error, "new_url", None),
            sorted(getattr(error, "valid_methods", None) or ()),
        )
    return rule, values


def bound_or_error(app: Flask, env: dict) -> Any:
    try:
        return app.create_url_adapter(Request(env))
    except Exception as error:  # a bad host: the same error either way
        return type(error)


GAME_IDS = ["g_abcdefghijkl", "G_ABC", "%41", "caf\u00c3\u00a9"]  # the last as servers carry UTF-8
TAILS = ["legal-moves", "commands", "state", "events", "events/stream", "join", "audit", "x", ""]
SEGMENTS = [*GAME_IDS, *TAILS, "v1", "games", "catalog", "static", "docs", "assets", "x.js"]
ROUTES = ["/v1/catalog", "/v1/games", "/v1/games/{id}", "/v1/games/{id}/{tail}", "/games/{id}"]
ROUTES += ["/games/{id}/replay", "/static/x.js", "/docs/assets/a/b.css", "/", "/healthz"]
HOSTS = ["127.0.0.1:8000", "LOCALHOST", "example.com:80", "example.com:443", "[::1]:8000"]
HOSTS += ["b\u00fccher.example", "xn--bcher-kva.example", "bad host", "", None]
HOSTS += ["x" * 64 + ".example"]  # a label IDNA refuses: Werkzeug's 400


@st.composite
def environs(draw: st.DrawFn) -> dict:
    if draw(st.booleans()):  # a route's shape, most of which match
        path = draw(st.sampled_from(ROUTES)).format(
            id=draw(st.sampled_from(GAME_IDS)),
            tail=draw(st.sampled_from(TAILS)),
        )
    else:
        path = "/" + "/".join(draw(st.lists(st.sampled_from(SEGMENTS), max_size=6)))
    return environ(
        draw(st.sampled_from([path, path.lstrip("/"), "/" + path, path + "/", None])),
        draw(st.sampled_from(["GET", "POST", "HEAD", "OPTIONS", "DELETE", "PUT", "get"])),
        HTTP_HOST=draw(st.sampled_from(HOSTS)),
        QUERY_STRING=draw(st.sampled_from(["", "a=1", "version=3&x=\u00c3\u00a9", None])),
        SCRIPT_NAME=draw(st.sampled_from([None, "", "/api", "/api/"])),
        **{"wsgi.url_scheme": draw(st.sampled_from(["http", "https"]))},
        HTTP_CONNECTION=draw(st.sampled_from([None, "Upgrade", "keep-alive, upgrade"])),
        HTTP_UPGRADE=draw(st.sampled_from([None, "websocket"])),
    )


class TestSameAnswersAsWerkzeug:
    @settings(max_examples=400, deadline=None)
    @given(env=environs())
    def test_binding_and_matching(self, app: Flask, env: dict):
        ours = bound_or_error(app, env)
        try:
            theirs = flasks_adapter(app, env)
        except Exception as error:
            assert ours is type(error)
            return
        assert isinstance(ours, routing.RememberingAdapter)
        assert {f: getattr(ours, f) for f in ADAPTER_FIELDS} == {
            f: getattr(theirs, f) for f in ADAPTER_FIELDS
        }
        expected = outcome(theirs)
        assert outcome(ours) == expected
        assert outcome(bound_or_error(app, env)) == expected  # the remembered answer, if any

    def test_every_route_with_every_method(self, app: Flask):
        """Each rule of the API's map, its arguments filled in, asked with each method."""
        for rule in app.url_map.iter_rules():
            path = (
                rule.rule.replace("<game_id>", "g_everyroute1")
                .replace("<path:filename>", "app.js")
                .replace("<path:name>", "swagger/ui.css")
                .replace("<handle>", "ana")
                .replace("<game>", "sly")
                .replace("<key_id>", "0123456789abcdef01234567")
                .replace("<code>", "ABCD2345")
                .replace("<challenge_id>", "0123456789abcdef")
                .replace("<seek_id>", "0123456789abcdef0123456789abcdef")
                .replace("<webhook_id>", "wh_0123456789abcdef")
                .replace("<delivery_id>", "msg_0123456789abcdef")
            )
            assert "<" not in path, path
            for method in ["GET", "HEAD", "POST", "DELETE", "OPTIONS", "PATCH"]:
                env = environ(path, method)
                expected = outcome(flasks_adapter(app, env))
                assert outcome(bound_or_error(app, env)) == expected
                assert outcome(bound_or_error(app, env)) == expected

    def test_a_move_s_paths(self, app: Flask):
        for path, method, endpoint in [
            ("/v1/games/g_abcdefghijkl/legal-moves", "GET", "games.legal_moves"),
            ("/v1/games/g_abcdefghijkl/commands", "POST", "games.post_command"),
            ("/v1/games/g_abcdefghijkl", "DELETE", "games.cancel_game"),
            ("/v1/games/g_abcdefghijkl", "HEAD", "games.get_game"),
        ]:
            for _ in range(2):
                rule, values = app.create_url_adapter(Request(environ(path, method))).match(
                    return_rule=True
                )
                assert (rule.endpoint, values) == (endpoint, {"game_id": "g_abcdefghijkl"})

    def test_a_method_the_path_has_not_is_405_each_time(self, app: Flask):
        env = environ("/v1/games/g_abcdefghijkl/commands", "GET")
        for _ in range(2):
            kind, _, methods = outcome(app.create_url_adapter(Request(env)))
            assert kind.code == 405 and "POST" in methods


class TestWhatIsRemembered:
    def test_a_match_gives_a_fresh_dict_each_time(self, app: Flask):
        env = environ("/v1/games/g_freshdictaaa/state")
        _, first = app.create_url_adapter(Request(env)).match(return_rule=True)
        first["game_id"] = "changed"
        _, second = app.create_url_adapter(Request(env)).match(return_rule=True)
        assert second == {"game_id": "g_freshdictaaa"}

    def test_a_failure_is_not_kept(self, app: Flask):
        env = environ("/v1/no-such-route/at-all")
        with pytest.raises(HTTPException):
            app.create_url_adapter(Request(env)).match()
        assert not any(key[1] == "/v1/no-such-route/at-all" for key in app.url_map.matches)

    def test_an_explicit_path_is_werkzeug_s_to_match(self, app: Flask):
        adapter = app.create_url_adapter(Request(environ("/v1/catalog")))
        assert adapter.match("/v1/games/g_abcdefghijkl/join", "POST") == (
            "games.join",
            {"game_id": "g_abcdefghijkl"},
        )

    def test_both_memories_are_bounded(self, monkeypatch: pytest.MonkeyPatch):
        app = make_app()
        monkeypatch.setattr(routing, "MATCHES_KEPT", 5)
        monkeypatch.setattr(routing, "HOSTS_KEPT", 3)
        for n in range(20):
            env = environ(f"/v1/games/g_bounded{n:05d}/state", HTTP_HOST=f"host{n}.example")
            assert app.create_url_adapter(Request(env)).match()[0] == "games.get_state"
            assert len(app.url_map.matches) <= 5 and len(app.url_map.hosts) <= 3

    def test_a_new_rule_forgets_the_matches(self):
        app = make_app()
        env = environ("/v1/games/g_newruleaaaa/state")
        app.create_url_adapter(Request(env)).match()
        assert app.url_map.matches
        app.url_map.add(Rule("/v1/games/<game_id>/state", endpoint="shadow", methods=["PUT"]))
        assert not app.url_map.matches


class TestFlasksOwnPath:
    @pytest.mark.parametrize(
        "config",
        [{"TRUSTED_HOSTS": ["good.example"]}, {"SERVER_NAME": "good.example"}],
        ids=["trusted-hosts", "server-name"],
    )
    def test_is_taken_when_the_host_must_be_checked(self, config: dict):
        app = make_app(**config)
        adapter = app.create_url_adapter(Request(environ(HTTP_HOST="good.example")))
        assert type(adapter) is MapAdapter and not app.url_map.hosts

    def test_an_untrusted_host_is_refused_on_every_request(self):
        client = make_app(TRUSTED_HOSTS=["good.example"]).test_client()
        for host, status in [
            ("good.example", 200),
            ("evil.example", 400),
            ("good.example", 200),
            ("evil.example", 400),
        ]:
            assert client.get("/v1/catalog", headers={"Host": host}).status_code == status
