"""FoxdenFlask's shortcuts through Flask's request cycle keep Flask's behaviour."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Blueprint, Flask, g, request
from flask.signals import request_tearing_down
from flask.wrappers import Request as FlasksRequest
from werkzeug.routing import Rule

from service.api import http
from service.api.framework import FoxdenRequest
from service.errors import GameNotFound, Unauthorized
from tests.service.test_routing import environ, make_app


class TestBlueprints:
    ENDPOINTS = ["static", "games.legal_moves", "outer.inner.view", "a.b.c.d", "x..y", ".v"]

    def test_named_as_flask_names_them(self, app: Flask):
        endpoints = {rule.endpoint for rule in app.url_map.iter_rules()} | set(self.ENDPOINTS)
        for endpoint in sorted(endpoints):
            ours, flasks = FoxdenRequest(environ()), FlasksRequest(environ())
            ours.url_rule = flasks.url_rule = Rule("/", endpoint=endpoint)
            assert ours.blueprints == flasks.blueprints, endpoint

    def test_none_before_a_match(self):
        assert FoxdenRequest(environ()).blueprints == FlasksRequest(environ()).blueprints == []

    def test_the_app_makes_foxden_requests(self, app: Flask):
        assert app.request_class is FoxdenRequest


@pytest.fixture(scope="module")
def app() -> Flask:
    return make_app()


class TestTeardown:
    def cycle(self, app: Flask) -> list[Any]:
        """What the signal receives over a request, then over a teardown with an unhandled
        error and the end of that request (its context leaving: no error)."""
        signalled: list[Any] = []

        def receiver(sender: Flask, exc: BaseException | None = None, **_: Any) -> None:
            signalled.append(exc)

        with request_tearing_down.connected_to(receiver, app):
            assert app.test_client().get("/v1/catalog").status_code == 200
            with app.test_request_context("/v1/catalog"):
                app.do_teardown_request(ValueError("unhandled"))
        return [type(exc) for exc in signalled]

    def test_the_signal_is_sent_with_no_teardown_function(self):
        app = make_app()
        assert not any(app.teardown_request_funcs.values())
        assert self.cycle(app) == [type(None), ValueError, type(None)]

    def test_teardown_functions_still_run_in_flasks_order(self):
        app = make_app()
        ran: list[tuple[str, Any]] = []
        bp = Blueprint("extra", __name__)
        bp.add_url_rule("/extra", "page", lambda: "ok")
        bp.teardown_request(lambda exc: ran.append(("blueprint", exc)))
        app.register_blueprint(bp)
        app.teardown_request(lambda exc: ran.append(("first", exc)))
        app.teardown_request(lambda exc: ran.append(("second", exc)))
        assert app.test_client().get("/extra").status_code == 200
        assert ran == [("blueprint", None), ("second", None), ("first", None)]
        ran.clear()
        assert self.cycle(app) == [type(None), ValueError, type(None)]
        assert [(name, type(exc)) for name, exc in ran] == [
            (name, kind)
            for kind in (type(None), ValueError, type(None))
            for name in ("second", "first")
        ]


class TestWhatARequestKeeps:
    """``latest`` and ``caller_of`` read what the request already found (with ``g.get``), and
    look it up when it is not there."""

    GAME = "0" * 32

    def test_the_state_authentication_read_is_not_read_again(self, app: Flask):
        held = object()
        with app.test_request_context(f"/v1/games/{self.GAME}/state"):
            g.foxden_read = (self.GAME, held)
            assert http.latest(self.GAME) is held
            with pytest.raises(GameNotFound):  # another game's: read, and there is none
                http.latest("1" * 32)

    def test_without_one_the_game_is_read(self, app: Flask):
        with app.test_request_context(f"/v1/games/{self.GAME}/state"), pytest.raises(GameNotFound):
            http.latest(self.GAME)

    def test_the_caller_is_authenticated_once(self, app: Flask):
        with app.test_request_context("/v1/catalog", headers={"Authorization": "Bearer t0k"}):
            kept = g._get_current_object()  # type: ignore[attr-defined]
            kept.foxden_caller = http.Caller(self.GAME, 2)
            assert http.caller_of(request._get_current_object(), kept) == http.Caller(self.GAME, 2)  # type: ignore[attr-defined]
        with app.test_request_context("/v1/catalog", headers={"Authorization": "Basic x"}):
            kept = g._get_current_object()  # type: ignore[attr-defined]
            with pytest.raises(Unauthorized):  # nothing kept: the header is checked
                http.caller_of(request._get_current_object(), kept)  # type: ignore[attr-defined]
            assert isinstance(kept.get("foxden_caller"), Unauthorized)  # and the verdict kept
