"""Rate limits per token (else per address), counted in Redis with the ``limits`` library.

``limits`` alone, not Flask-Limiter on top of it: measured on this API, Flask-Limiter's
per-request resolution of which limits apply cost about a third of a request's CPU, for
features (per-route limits, decorators) that one global limit does not need. The counting
itself goes out on the event store's direct path (:class:`DirectRedisStorage`): every request
pays it, and redis-py's own command wrapper cost as much CPU as the rest of the check.
"""

from __future__ import annotations

import hashlib
import math
import time

import redis
from flask import Flask, Request, Response, request
from limits import RateLimitItem, parse_many
from limits.storage import RedisStorage
from limits.strategies import FixedWindowRateLimiter

from events.redis_client import FALL_BACK, direct
from service.api import problems

EXEMPT = frozenset({"ops.healthz", "ops.readyz", "ops.prometheus"})
OFF = frozenset({"", "off", "0", "none", "false"})


def caller_key(req: Request) -> str:
    """The bearer token when there is one (hashed: tokens are never stored), else the address."""
    header = req.headers.get("Authorization", "")
    if header:
        return "t:" + hashlib.sha256(header.encode()).hexdigest()[:32]
    return "a:" + (req.remote_addr or "unknown")


class DirectRedisStorage(RedisStorage):
    """``limits``' Redis storage, counting with its own script sent on the direct path."""

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        script = self.lua_incr_expire
        reply = direct(
            self.storage.connection_pool,
            "EVALSHA",
            script.sha,
            1,
            self.prefixed_key(key),
            expiry,
            amount,
        )
        if reply is FALL_BACK:  # NOSCRIPT or a connection problem: the library's own path
            return super().incr(key, expiry, amount)
        return int(reply)


class RateLimits:
    """The limits of one spec such as ``"1200 per minute; 100 per second"``."""

    def __init__(self, spec: str, client: redis.Redis) -> None:
        self.limits: list[RateLimitItem] = parse_many(spec)
        storage = DirectRedisStorage(
            "redis://", connection_pool=client.connection_pool, key_prefix="fd:rl"
        )
        self.limiter = FixedWindowRateLimiter(storage)

    def retry_after(self, key: str) -> int | None:
        """Count one request for ``key``; the seconds to wait when a limit is exceeded."""
        for limit in self.limits:
            if not self.limiter.hit(limit, key):
                reset_at = self.limiter.get_window_stats(limit, key).reset_time
                return max(1, math.ceil(reset_at - time.time()))
        return None


def install(app: Flask, spec: str, client: redis.Redis) -> None:
    """Check every request (but health and metrics) against ``spec``; "off" turns it off."""
    if spec.strip().lower() in OFF:
        return
    limits = RateLimits(spec, client)

    @app.before_request
    def limit() -> Response | None:
        if request.endpoint in EXEMPT:
            return None
        try:
            wait = limits.retry_after(caller_key(request))
        except redis.RedisError:
            return None  # Redis trouble must not turn every request into an error
        if wait is None:
            return None
        return problems.problem(
            429, "rate_limited", "too many requests; slow down", retry_after=wait
        )
