"""The Flask REST API (v1). ``create_app`` is the only way in: no module-level app or service."""

from __future__ import annotations

from typing import Any

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from service import capacity, tickets
from service import log as service_log
from service.api import (
    accounts,
    audit,
    challenges,
    cors,
    feeds,
    games,
    gate,
    jsonio,
    log,
    ops,
    problems,
    ratelimit,
    ratings,
    webhooks,
)
from service.api.framework import FoxdenFlask
from service.games import GameService
from service.live import LiveHub
from service.strategies import install_plugins
from service.web import bp as web_bp


def defaults() -> dict[str, Any]:
    """The app's settings when its caller gives none (the composition root passes the
    environment's, ``foxden.bootstrap.app_config``; a test passes what it needs)."""
    return {
        # Generous: a client playing one game never meets it. "off" turns limiting off.
        "RATE_LIMIT": "1200 per minute",
        # How long an SSE stream waits for an event before it sends a keepalive.
        "SSE_BLOCK_MS": 2000,
        # How many proxies in front of the API append to X-Forwarded-For; 0 (the default)
        # trusts no forwarded header: the peer's address is the client's.
        "TRUSTED_PROXIES": 0,
        # Open event streams one process holds; beyond it a new stream is a 503.
        "STREAMS_PER_PROCESS": capacity.DEFAULT_STREAMS,
        # Open event streams of one address, and of one seat, in a process: beyond it a 429.
        "STREAMS_PER_CLIENT": capacity.DEFAULT_STREAMS_PER_CLIENT,
        "STREAM_TICKET_TTL_S": tickets.DEFAULT_TTL_S,
        # The largest request body read (a 413 beyond): a command or a new table is a few
        # hundred bytes, and a body is held in memory whole.
        "MAX_CONTENT_LENGTH": 65536,
        # Origins a browser client may call from: comma-separated, "*" for any; none by default.
        "CORS_ORIGINS": "",
        # Where the processes of a multi-process server add up their metrics (prometheus-
        # client's multiprocess mode); None for one process.
        "METRICS_MULTIPROC_DIR": None,
        # Who may create accounts (POST /v1/accounts): "open", "invite" (an invite code the
        # operator made) or "closed" (the operator key only); and that operator key (None: none).
        "SIGNUP": "open",
        "OPERATOR_KEY": None,
        # The signer key of the log's checkpoints (FOXDEN_LOG_KEY); None: the service's own,
        # kept in Redis (service/log.py).
        "LOG_KEY": None,
    }


def create_app(service: GameService, config: dict[str, Any] | None = None) -> Flask:
    install_plugins()  # the catalogue lists plugin strategies; creating a game accepts them
    app = FoxdenFlask(__name__)
    app.config.update(defaults())
    app.config.update(config or {})
    app.json = jsonio.OrjsonProvider(app)
    app.extensions["foxden.games"] = service
    app.extensions["foxden.live"] = LiveHub(
        service,
        block_ms=int(app.config["SSE_BLOCK_MS"]),
        max_streams=int(app.config["STREAMS_PER_PROCESS"]),
        max_per_client=int(app.config["STREAMS_PER_CLIENT"]),
    )
    app.extensions["foxden.tickets"] = tickets.StreamTickets(
        service.store.redis, int(app.config["STREAM_TICKET_TTL_S"])
    )
    app.extensions["foxden.openapi"] = ops.OPENAPI.read_text()
    app.extensions["foxden.log"] = service_log.TransparencyLog(service.store.redis)
    app.extensions["foxden.log_signer"] = service_log.LogSigner(
        service.store.redis, app.config["LOG_KEY"]
    )
    blueprints = (
        games.bp,
        feeds.bp,
        ops.bp,
        audit.bp,
        accounts.bp,
        challenges.bp,
        log.bp,
        ratings.bp,
        webhooks.bp,
        web_bp,
    )
    for blueprint in blueprints:
        app.register_blueprint(blueprint)
    _trust_proxies(app, app.config["TRUSTED_PROXIES"])
    problems.register(app)
    limits = ratelimit.limits_for(str(app.config["RATE_LIMIT"]), service.store.redis)
    gate.install(app, limits, app.extensions["foxden.openapi"])
    cors.install(app, str(app.config["CORS_ORIGINS"]))
    return app


def _trust_proxies(app: Flask, setting: object) -> None:
    """Take the client's address from the last ``setting`` hops of X-Forwarded-For.

    Off by default: without a proxy that sets the header, anyone could name any address and
    so dodge the per-address rate limit. werkzeug's ProxyFix reads only the hops it is told to
    trust (the ones the operator's proxies appended), never the client's own.
    """
    text = str(setting).strip()
    if not text.isdigit():
        raise ValueError(f"FOXDEN_TRUSTED_PROXIES must be a number of proxies, not {setting!r}")
    if int(text):
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=int(text))  # type: ignore[method-assign]  # wrap it
