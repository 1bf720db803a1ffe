"""What every request passes before its route, and what every answer carries after it.

One ``before_request`` hook and one ``after_request`` hook, each looking the request up once.
They were five hooks, each going through Flask's context proxies for every attribute they
read: a sixth of a move's instructions (bench/api_cost.py). Before the route, in this order:

1. the request's clock starts (the latency histogram);
2. a CORS preflight goes no further: it is the browser's own question, sent without
   credentials, and refused it would show the page an opaque CORS failure;
3. the request is counted against its caller's rate limit. A made-up game id or a bad token
   is counted, against the address, before it is refused: changing them opens no fresh budget;
4. a game id that no game can have is a 404 at once. It never reaches a Redis key (where a
   brace would change the key's hash tag), and the answer is that of any unknown game;
5. a token that is not valid is refused on every route of the game API, the public ones
   included (never silently downgraded to the spectator's view);
6. a query parameter the route does not document is a 400, as an unknown body field is.

After the route, errors and 429s included: the request's count and latency in the metrics.
The ``RateLimit-*`` headers go on as the answer starts (``start_response``), on every answer
the request was counted for, whatever made it (a route, an error handler, Flask's own 404):
added to the WSGI list there, they cost a fourth of what Werkzeug's validated headers do.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

import redis
from flask import Flask, Request, Response, g, request
from flask.ctx import _AppCtxGlobals

from service import archiver, metrics
from service.api import http, params, problems, ratelimit
from service.api.ratelimit import RateLimits, Verdict
from service.errors import GameNotFound, ServiceError
from service.games import is_game_id

# Probes and scrapers are never counted: a busy monitor must not be throttled out of its view.
EXEMPT = frozenset({"ops.healthz", "ops.readyz", "ops.prometheus"})
HTTP_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


# Set on an answer that needed an archived game's events (events/archive.py): they came from
# the archive (or this process's cache of it), not from Redis.
ARCHIVE_HEADER = "Foxden-Source"

# Where the gate leaves a request's count for the headers of its answer.
VERDICT_KEY = "foxden.rate_limit"


def install(app: Flask, limits: RateLimits | None, openapi_text: str) -> None:
    """The gate of ``app``; ``limits`` None turns rate limiting off."""
    documented = params.documented(openapi_text)
    if limits is not None:
        # Flask's documented way to wrap its app in a middleware; typed as a method.
        app.wsgi_app = _telling_rate_limits(app.wsgi_app)  # type: ignore[assignment]

    @app.before_request
    def gate() -> Response | None:
        # One look-up each; flask types ``request`` as the request, not the proxy it is.
        asked = request._get_current_object()  # type: ignore[attr-defined]
        kept = g._get_current_object()
        kept.started = time.perf_counter()
        archiver.start_request()
        if asked.method == "OPTIONS":
            return None
        endpoint = asked.endpoint or ""
        if limits is not None and endpoint not in EXEMPT:
            verdict = _count(limits, asked, kept)
            if verdict is not None and verdict.wait is not None:
                return problems.problem(
                    429, "rate_limited", "too many requests; slow down", retry_after=verdict.wait
                )
        if endpoint.rpartition(".")[0] in http.API_BLUEPRINTS:
            _admit(endpoint, asked, kept)
        if asked.query_string and asked.url_rule is not None:
            params.refuse_unknown(documented, asked)
        return None

    @app.after_request
    def tell(response: Response) -> Response:
        asked = request._get_current_object()  # type: ignore[attr-defined]  # as above
        kept = g._get_current_object()
        rule = asked.url_rule
        route = rule.rule if rule else "unmatched"
        # Any token is a method to HTTP; one series per made-up method would grow without end.
        method = asked.method if asked.method in HTTP_METHODS else "OTHER"
        metrics.request_counter(method, route, response.status_code).inc()
        if archiver.served_from_archive():
            response.headers[ARCHIVE_HEADER] = "archive"
        if not response.is_streamed:
            started = kept.get("started")
            elapsed = time.perf_counter() - started if started is not None else 0.0
            metrics.latency_histogram(method, route).observe(elapsed)
        return response


def _admit(endpoint: str, asked: Request, kept: _AppCtxGlobals) -> None:
    """Refuse an API request for a malformed game id, a token that is not valid, or an
    account key without the route's scope."""
    game_id = (asked.view_args or {}).get("game_id")
    if game_id is not None and not is_game_id(game_id):
        # Not echoed: it can be kilobytes long, and it names no game anyway.
        raise GameNotFound("no game has this id (a game id is 32 lowercase hex digits)")
    if endpoint not in http.OWN_CREDENTIAL:
        who = http.caller_of(asked, kept)  # raises for a token that is not valid
        http.require_scope(endpoint, who)


def _count(limits: RateLimits, asked: Request, kept: _AppCtxGlobals) -> Verdict | None:
    """Count the request against its caller; ``None`` when Redis could not be asked, which
    must not turn every request into an error."""
    try:
        verdict = limits.check_all(_callers(asked, kept))
    except redis.RedisError:
        return None
    asked.environ[VERDICT_KEY] = verdict
    return verdict


WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


def _telling_rate_limits(wsgi_app: WSGIApp) -> WSGIApp:
    """``wsgi_app``, its answers carrying the ``RateLimit-*`` headers of their request's count.

    Added, not set: no other part of the API writes these headers.
    """

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        def start(status: str, headers: list[tuple[str, str]], *exc_info: Any) -> Any:
            verdict = environ.get(VERDICT_KEY)
            if verdict is not None:
                headers += verdict.headers()
            return start_response(status, headers, *exc_info)

        return wsgi_app(environ, start)

    return app


def _callers(asked: Request, kept: _AppCtxGlobals) -> tuple[str, ...]:
    """Whom to count the request against (``ratelimit.counted_as``): the address, and the seat
    of a valid token; the seat alone on its own game's routes.

    Only a token that was checked counts as a caller of its own; anything else in the header
    (made up, padded, another game's) is counted against the address and then refused (after
    the count), so a client cannot open a fresh budget by changing the header. The address is
    the peer's, or the one a trusted proxy forwarded (``FOXDEN_TRUSTED_PROXIES``).

    An account key's request counts against its address and its account (``u:<account id>``),
    wherever it goes: one budget per account, however many keys or addresses it uses.
    """
    try:
        who = http.caller_of(asked, kept)
    except ServiceError:
        who = http.SPECTATOR
    address = asked.remote_addr or "unknown"
    if who.account is not None:
        return (*ratelimit.counted_as(address, None, None, None), "u:" + who.account)
    path_game = (asked.view_args or {}).get("game_id")
    return ratelimit.counted_as(address, who.game_id, who.seat, path_game)
