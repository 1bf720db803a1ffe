"""The Flask REST API (v1). ``create_app`` is the only way in: no module-level app or service."""

from __future__ import annotations

import os
import time
from typing import Any

from flask import Flask, Response, g, request

from service import capacity, metrics, tickets
from service.api import audit, cors, feeds, games, jsonio, ops, params, problems, ratelimit
from service.games import GameService
from service.live import LiveHub
from service.strategies import install_plugins
from service.web import bp as web_bp

HTTP_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


def defaults() -> dict[str, Any]:
    """Settings from the environment, read when an app is made (never at import)."""
    return {
        # Generous: a client playing one game never meets it. "off" turns limiting off.
        "RATE_LIMIT": os.environ.get("FOXDEN_RATE_LIMIT", "1200 per minute"),
        # How long an SSE stream waits for an event before it sends a keepalive.
        "SSE_BLOCK_MS": int(os.environ.get("FOXDEN_SSE_BLOCK_MS", "2000")),
        # Open event streams one process holds; beyond it a new stream is a 503.
        "STREAMS_PER_PROCESS": capacity.streams_per_process(),
        "STREAM_TICKET_TTL_S": tickets.ttl_s(),
        # Origins a browser client may call from: comma-separated, "*" for any; none by default.
        "CORS_ORIGINS": os.environ.get("FOXDEN_CORS_ORIGINS", ""),
    }


def create_app(service: GameService, config: dict[str, Any] | None = None) -> Flask:
    install_plugins()  # the catalogue lists plugin strategies; creating a game accepts them
    app = Flask(__name__)
    app.config.update(defaults())
    app.config.update(config or {})
    app.json = jsonio.OrjsonProvider(app)
    app.extensions["foxden.games"] = service
    app.extensions["foxden.live"] = LiveHub(
        service,
        block_ms=int(app.config["SSE_BLOCK_MS"]),
        max_streams=int(app.config["STREAMS_PER_PROCESS"]),
    )
    app.extensions["foxden.tickets"] = tickets.StreamTickets(
        service.store.redis, int(app.config["STREAM_TICKET_TTL_S"])
    )
    app.extensions["foxden.openapi"] = ops.OPENAPI.read_text()
    for blueprint in (games.bp, feeds.bp, ops.bp, audit.bp, web_bp):
        app.register_blueprint(blueprint)
    problems.register(app)
    ratelimit.install(app, str(app.config["RATE_LIMIT"]), service.store.redis)
    params.install(app, app.extensions["foxden.openapi"])
    cors.install(app, str(app.config["CORS_ORIGINS"]))
    _measure(app)
    return app


def _measure(app: Flask) -> None:
    @app.before_request
    def start_clock() -> None:
        g.started = time.perf_counter()

    @app.after_request
    def count(response: Response) -> Response:
        route = request.url_rule.rule if request.url_rule else "unmatched"
        # Any token is a method to HTTP; one series per made-up method would grow without end.
        method = request.method if request.method in HTTP_METHODS else "OTHER"
        metrics.request_counter(method, route, response.status_code).inc()
        if not response.is_streamed:
            elapsed = time.perf_counter() - g.get("started", time.perf_counter())
            metrics.latency_histogram(method, route).observe(elapsed)
        return response
