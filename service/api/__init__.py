"""The Flask REST API (v1). ``create_app`` is the only way in: no module-level app or service."""

from __future__ import annotations

import hashlib
import math
import os
import time
from typing import Any

from flask import Flask, Response, g, request
from flask_limiter import Limiter
from flask_limiter.errors import RateLimitExceeded

from service import metrics
from service.api import feeds, games, ops, problems
from service.games import GameService

DEFAULTS = {
    # Generous: a client playing one game never meets it. "off" turns limiting off.
    "RATE_LIMIT": os.environ.get("FOXDEN_RATE_LIMIT", "1200 per minute"),
    "SSE_BLOCK_MS": int(os.environ.get("FOXDEN_SSE_BLOCK_MS", "2000")),
    "JSON_SORT_KEYS": False,
}


def _rate_key() -> str:
    """Per token when the caller has one, else per address."""
    header = request.headers.get("Authorization", "")
    if header:
        return "t:" + hashlib.sha256(header.encode()).hexdigest()[:32]
    return "a:" + (request.remote_addr or "unknown")


def create_app(service: GameService, config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__)
    app.config.update(DEFAULTS)
    app.config.update(config or {})
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.extensions["foxden.games"] = service
    app.extensions["foxden.openapi"] = ops.OPENAPI.read_text()
    for blueprint in (games.bp, feeds.bp, ops.bp):
        app.register_blueprint(blueprint)
    problems.register(app)
    _limit_rates(app, service)
    _measure(app)
    return app


def _limit_rates(app: Flask, service: GameService) -> None:
    limit = str(app.config["RATE_LIMIT"]).strip()
    enabled = limit.lower() not in ("", "off", "0", "none")
    limiter = Limiter(
        _rate_key,
        app=app,
        default_limits=[limit] if enabled else [],
        enabled=enabled,
        storage_uri="redis://",
        storage_options={"connection_pool": service.store.redis.connection_pool},
        strategy="fixed-window",
        key_prefix="fd:rl",
        headers_enabled=False,
        swallow_errors=True,  # Redis trouble must not turn every request into an error
    )
    for view in ("ops.healthz", "ops.readyz", "ops.prometheus"):
        limiter.exempt(app.view_functions[view])

    @app.errorhandler(RateLimitExceeded)
    def too_many(error: RateLimitExceeded) -> Response:
        current = limiter.current_limit
        retry = max(1, math.ceil(current.reset_at - time.time())) if current else 1
        return problems.problem(
            429, "rate_limited", f"rate limit {error.description} exceeded", retry_after=retry
        )


def _measure(app: Flask) -> None:
    @app.before_request
    def start_clock() -> None:
        g.started = time.perf_counter()

    @app.after_request
    def count(response: Response) -> Response:
        route = request.url_rule.rule if request.url_rule else "unmatched"
        metrics.REQUESTS.labels(request.method, route, str(response.status_code)).inc()
        if not response.is_streamed:
            elapsed = time.perf_counter() - g.get("started", time.perf_counter())
            metrics.LATENCY.labels(request.method, route).observe(elapsed)
        return response
