"""What a request keeps of what it looked up once (the state read, the caller)."""

from __future__ import annotations

import pytest
from flask import Flask, g, request

from service.api import http
from service.errors import GameNotFound, Unauthorized
from tests.service.test_routing import make_app


@pytest.fixture(scope="module")
def app() -> Flask:
    return make_app()


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
