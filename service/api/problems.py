"""Every error leaves as ``application/problem+json`` (RFC 9457) with a stable ``code``."""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, Response
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

from domain import errors as rules
from events.redis_client import TRANSIENT
from service.api.jsonio import FoxdenResponse, encode
from service.archiver import ARCHIVE_FAILURES
from service.errors import ServiceError

log = logging.getLogger(__name__)

PROBLEM_JSON = "application/problem+json"
# Seconds a client is asked to wait when Redis cannot be reached.
STORAGE_RETRY_AFTER_S = 2

# Rule errors that are about the table (seats, phase), not about a move.
RULE_STATUS = {
    rules.GameFull: 409,
    rules.AlreadyStarted: 409,
    rules.SeatTaken: 409,
    rules.NoSuchSeat: 409,
    rules.GameNotStarted: 409,
    rules.InvalidSetup: 400,
    rules.TableClosed: 409,
    rules.AlreadySeated: 409,
}


# The longest piece of a request that an error's ``detail`` repeats (a game id has 32
# characters): a detail is for people, and a made-up name kilobytes long helps no one.
ECHO_CHARS = 40


def shortened(text: str) -> str:
    """``text`` as a detail may repeat it: at most ``ECHO_CHARS`` characters."""
    return text if len(text) <= ECHO_CHARS else text[: ECHO_CHARS - 1] + "…"


def problem(
    status: int, code: str, detail: str, *, title: str | None = None, **extra: Any
) -> Response:
    body = {
        "type": f"urn:foxden:problem:{code}",
        "title": title or code.replace("_", " ").capitalize(),
        "status": status,
        "detail": detail,
        "code": code,
        **extra,
    }
    response = FoxdenResponse(encode(body), status, content_type=PROBLEM_JSON)
    if status in (429, 503) and "retry_after" in extra:
        response.headers["Retry-After"] = str(extra["retry_after"])
    return response


class BadRequest(Exception):
    """A request the API cannot read: malformed JSON, a bad header or query parameter."""

    status = 400

    def __init__(self, code: str, detail: str, errors: dict[str, list[str]] | None = None):
        super().__init__(detail)
        self.code, self.detail, self.errors = code, detail, errors


class UnsupportedMediaType(BadRequest):
    """A body in another format than the route reads (415)."""

    status = 415


def register(app: Flask) -> None:
    @app.errorhandler(rules.RuleError)
    def rule_error(error: rules.RuleError) -> Response:
        return problem(RULE_STATUS.get(type(error), 422), error.code, error.detail)

    @app.errorhandler(ServiceError)
    def service_error(error: ServiceError) -> Response:
        return problem(error.status, error.code, error.detail, **error.extra)

    @app.errorhandler(ValidationError)
    def invalid_body(error: ValidationError) -> Response:
        messages = error.messages if isinstance(error.messages, dict) else {"_": error.messages}
        return problem(400, "invalid_body", "the request body is not valid", errors=messages)

    @app.errorhandler(BadRequest)
    def bad_request(error: BadRequest) -> Response:
        extra: dict[str, Any] = {"errors": error.errors} if error.errors else {}
        return problem(error.status, error.code, error.detail, **extra)

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Response:
        code = (error.name or "error").lower().replace(" ", "_")
        response = problem(error.code or 500, code, error.description or error.name)
        if error.code == 405 and error.get_response().headers.get("Allow"):
            response.headers["Allow"] = error.get_response().headers["Allow"]
        return response

    def storage_unavailable(error: Exception) -> Response:
        # Not the client's fault, and worth retrying: the store is down or too slow (after the
        # client's own retries). A command may or may not have been appended; its
        # Idempotency-Key makes the retry safe either way.
        log.warning("Redis unreachable: %s", type(error).__name__)
        return problem(
            503,
            "storage_unavailable",
            "the game store cannot be reached; retry shortly, with the same Idempotency-Key",
            retry_after=STORAGE_RETRY_AFTER_S,
        )

    # Down, restarting, a replica during a failover, a cluster slot without its master...
    for transient in TRANSIENT:
        app.register_error_handler(transient, storage_unavailable)

    def archive_unavailable(error: Exception) -> Response:
        # An archived game whose object cannot be read now (the object store is down) or at
        # all (lost, or changed since: its hash differs). The operator must know; the client
        # is told it is not its fault. The detail names no key or URL of the archive.
        log.error("archive: %s", error)
        return problem(
            503,
            "archive_unavailable",
            "this game is archived and the archive cannot give it back now; retry later",
            retry_after=STORAGE_RETRY_AFTER_S,
        )

    for failure in ARCHIVE_FAILURES:
        app.register_error_handler(failure, archive_unavailable)

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> Response:
        log.exception("unexpected error")
        return problem(500, "internal_error", "something went wrong on our side")
