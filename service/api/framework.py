"""Flask as the API uses it: its app, request and session classes, each changing one thing.

Every change takes a cost out of Flask's request cycle that the API never needed (measured with
bench/api_cost.py), and falls back to Flask's own way wherever the API's case does not hold:
routing that remembers (``service.api.routing``), an async check done once per function, the
request's blueprints named once per endpoint, a teardown with no teardown functions to look for,
and no cookie sessions. tests/service/test_request_cycle.py and test_routing.py hold each to
Flask's behaviour.

It also answers a request whose head is larger than the API reads (414, 431) before anything
else looks at it, and marks every answer ``X-Content-Type-Options: nosniff``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from flask import Flask, Request, Response, request
from flask.sessions import NullSession, SessionInterface, SessionMixin
from flask.signals import request_tearing_down
from werkzeug.exceptions import RequestHeaderFieldsTooLarge, RequestURITooLarge
from werkzeug.routing import MapAdapter

from service.api import jsonio, routing

_UNSET = object()  # Flask's own default: the exception being handled, if any

# The largest request head the API reads, well inside what gunicorn reads (foxden/server.py
# sets its limits): past these the app answers, as problem+json with the headers every answer
# has (CORS, rate limits), instead of gunicorn's bare error page. Every URL of the API is a few
# hundred bytes and its headers a few dozen; the limits leave room for proxies' additions.
MAX_TARGET_BYTES = 4096  # path and query, as sent
MAX_HEADER_BYTES = 4096  # one header's value (those of one name, joined, as WSGI gives them)
MAX_HEADERS = 64
# Headers that WSGI names without the HTTP_ prefix.
_UNPREFIXED = frozenset({"CONTENT_TYPE", "CONTENT_LENGTH"})
# Every answer: a browser must never guess another type than the one sent (an error's JSON
# or a page's script read as HTML).
_NOSNIFF = ("X-Content-Type-Options", "nosniff")


def refuse_oversized_head(environ: dict[str, Any]) -> None:
    """A 414 for a request target longer than ``MAX_TARGET_BYTES``, a 431 for a header longer
    than ``MAX_HEADER_BYTES`` or more than ``MAX_HEADERS`` headers."""
    target = environ.get("RAW_URI")
    if target is None:  # a server that does not keep the raw target: near enough
        target = environ.get("PATH_INFO", "") + "?" + environ.get("QUERY_STRING", "")
    if len(target) > MAX_TARGET_BYTES:
        raise RequestURITooLarge(
            f"the request target (path and query) is longer than {MAX_TARGET_BYTES} bytes"
        )
    # Every value, not only the headers': the others (the target, the server's own) are short,
    # and a loop that asks nothing of the keys costs half as much on every request.
    for value in environ.values():
        if value.__class__ is str and len(value) > MAX_HEADER_BYTES:
            raise RequestHeaderFieldsTooLarge(f"a header is longer than {MAX_HEADER_BYTES} bytes")
    # The environ holds the server's own keys too: fewer than MAX_HEADERS of them in all
    # leaves nothing to count (a usual request has about 30).
    if len(environ) > MAX_HEADERS:
        count = sum(1 for key in environ if key.startswith("HTTP_") or key in _UNPREFIXED)
        if count > MAX_HEADERS:
            raise RequestHeaderFieldsTooLarge(f"the request has more than {MAX_HEADERS} headers")


class FoxdenRequest(Request):
    """Flask's request, naming its blueprints faster.

    Flask asks for them before the route, after it and at teardown, each time through three
    properties (0.35 µs); they follow from the matched rule's endpoint, so they are worked out
    once per endpoint.
    """

    @property
    def blueprints(self) -> list[str]:
        rule = self.url_rule
        return [] if rule is None else _blueprints_of(rule.endpoint)


@functools.cache  # one entry per endpoint: a fixed few
def _blueprints_of(endpoint: str) -> list[str]:
    """``"outer.inner.view"`` -> ``["outer.inner", "outer"]``, as Flask names them."""
    parts = endpoint.split(".")[:-1]
    return [".".join(parts[:n]) for n in range(len(parts), 0, -1)]


class FoxdenFlask(Flask):
    """Flask, with Foxden's requests and answers, routing that remembers
    (``service.api.routing``), a teardown that looks for no teardown functions when there are
    none, and without asking ``inspect`` on every request whether each view and hook is async.

    Flask's ``ensure_sync`` runs ``inspect.iscoroutinefunction`` on every view and every
    before/after hook of every request (about 2 % of a move's CPU here); the answer never
    changes for a function, so it is remembered.
    """

    request_class = FoxdenRequest
    response_class = jsonio.FoxdenResponse
    url_map_class = routing.RoutingMap

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._synced: dict[Callable[..., Any], Callable[..., Any]] = {}

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        synced = self._synced.get(func)
        if synced is None:
            synced = super().ensure_sync(func)
            if len(self._synced) < 10_000:  # views and hooks: a fixed few
                self._synced[func] = synced
        return synced

    def do_teardown_request(self, exc: BaseException | object | None = _UNSET) -> None:
        # Flask looks for teardown functions of the request's blueprints and the app's on
        # every request (21 k instructions, bench/api_cost.py); the API registers none, and
        # then only the signal is left to send.
        if exc is _UNSET or any(self.teardown_request_funcs.values()):
            return super().do_teardown_request(*(() if exc is _UNSET else (exc,)))
        request_tearing_down.send(self, _async_wrapper=self.ensure_sync, exc=exc)
        return None

    def create_url_adapter(self, request: Request | None) -> MapAdapter | None:
        if request is None:
            return super().create_url_adapter(request)
        return routing.url_adapter(self, request, super().create_url_adapter)

    def preprocess_request(self) -> Any:
        # First of all: before the gate counts the request or a route reads it, and before an
        # unknown route's 404 (Flask raises that after this).
        # Flask types the proxy as the request it stands for (service.api.http.games).
        refuse_oversized_head(request._get_current_object().environ)  # type: ignore[attr-defined]
        return super().preprocess_request()

    def wsgi_app(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        # Added to the WSGI list as the answer starts, as the gate adds the rate-limit headers:
        # whatever made the answer (a route, an error handler, a stream), at a fourth of the
        # cost of Werkzeug's validated headers.
        def start(status: str, headers: list[tuple[str, str]], *exc_info: Any) -> Any:
            headers.append(_NOSNIFF)
            return start_response(status, headers, *exc_info)

        return super().wsgi_app(environ, start)


class NoSessions(SessionInterface):
    """No cookie sessions: a bearer token is the API's only credential, and the pages keep
    theirs in the browser. Flask would otherwise ask for a signing key and build an empty
    session on every request, and check on every answer whether it must be saved."""

    def open_session(self, app: Flask, request: Request) -> NullSession:
        return _NO_SESSION

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        return None


_NO_SESSION = NullSession()  # refuses every write, so one serves every request
