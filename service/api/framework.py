"""Flask as the API uses it: its app class, changing what it answers with and how it routes.

Each change takes a cost out of Flask's request cycle that the API never needed, of 3 % of a
move or more (bench/api_cost.py, docs/performance.md), and falls back to Flask's own way
wherever the API's case does not hold: routing that remembers (``service.api.routing``) and an
answer written without Werkzeug's wrappers (``service.api.jsonio``). tests/service/
test_routing.py holds them to Flask's behaviour. Smaller shortcuts (a cached async check, the
blueprints named once, a teardown with nothing to tear down, no session interface) bought
less than 3 % each and went.

It also answers a request whose head is larger than the API reads (414, 431) before anything
else looks at it, and marks every answer ``X-Content-Type-Options: nosniff``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask, Request, request
from werkzeug.exceptions import RequestHeaderFieldsTooLarge, RequestURITooLarge
from werkzeug.routing import MapAdapter

from service.api import jsonio, routing

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


class FoxdenFlask(Flask):
    """Flask, with Foxden's answers (``jsonio.FoxdenResponse``) and routing that remembers
    (``service.api.routing``): the two forks of Flask's request cycle that buy 3 % of a move or
    more (docs/performance.md); the rest of the cycle is Flask's own."""

    response_class = jsonio.FoxdenResponse
    url_map_class = routing.RoutingMap

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
