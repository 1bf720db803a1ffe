"""Cross-origin access for browser clients: allowed origins from ``FOXDEN_CORS_ORIGINS``.

A small ``after_request`` rather than flask-cors: the policy is one list of origins for the
whole API, every header is worked out once when the app is made, and a request without an
``Origin`` header (every non-browser client) costs one header lookup. flask-cors matches its
resource patterns and rebuilds its options on every response.

``FOXDEN_CORS_ORIGINS`` is comma-separated (``https://a.example,https://b.example``) or ``*``
for any origin; unset or empty, no origin is allowed (a browser then refuses cross-origin
answers, as before). Preflights (``OPTIONS``) are answered by Flask's automatic OPTIONS
response for every route, with the headers added here. Credentials are bearer tokens sent
explicitly, never cookies, so ``Access-Control-Allow-Credentials`` is not needed.
"""

from __future__ import annotations

from flask import Flask, Response, request

ALLOWED_HEADERS = (
    "Authorization, Content-Type, If-Match, If-None-Match, Idempotency-Key, Last-Event-ID"
)
EXPOSED_HEADERS = (
    "ETag, Link, Location, Retry-After, Idempotent-Replayed, Foxden-Source, "
    "RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Content-Disposition"
)
ALLOWED_METHODS = "GET, POST, DELETE, OPTIONS"
PREFLIGHT_MAX_AGE_S = 600


def parse_origins(setting: str) -> frozenset[str]:
    """The allowed origins of a ``FOXDEN_CORS_ORIGINS`` value (``*`` stays ``*``)."""
    return frozenset(origin.strip().rstrip("/") for origin in setting.split(",") if origin.strip())


def install(app: Flask, setting: str) -> None:
    origins = parse_origins(setting)
    if not origins:
        return
    any_origin = "*" in origins
    common = {"Access-Control-Expose-Headers": EXPOSED_HEADERS}
    preflight = {
        "Access-Control-Allow-Methods": ALLOWED_METHODS,
        "Access-Control-Allow-Headers": ALLOWED_HEADERS,
        "Access-Control-Max-Age": str(PREFLIGHT_MAX_AGE_S),
    }

    @app.after_request
    def allow_origin(response: Response) -> Response:
        origin = request.headers.get("Origin")
        if origin is None:
            return response
        if not any_origin:
            response.vary.add("Origin")  # the answer differs by origin: caches must know
            if origin not in origins:
                return response
        response.headers["Access-Control-Allow-Origin"] = "*" if any_origin else origin
        response.headers.update(common)
        if request.method == "OPTIONS" and "Access-Control-Request-Method" in request.headers:
            response.headers.update(preflight)
        return response
