"""gunicorn's own error answers as ``application/problem+json``, like every other error.

gunicorn answers some requests itself, before the app sees them: a request line longer than
``limit_request_line`` (414), too many or too large headers (431), a request that is not HTTP
(400), an unknown transfer coding (501). Its answer is a small HTML page, which repeats the
offending request line or header, up to 8 KB of it. foxden/server.py raises gunicorn's limits
as far as they go, and the app answers 414 and 431 itself well below them
(``service.api.framework``); what is left for gunicorn is a request no client of the API sends.
That one still gets a problem: the same fields and codes as the app's (``request_uri_too_long``,
``request_header_fields_too_large``, ``malformed_request``, ...), and a fixed ``detail`` that
repeats nothing of the request.

gunicorn has no setting or hook for its error page. Every one it sends is written by
``gunicorn.util.write_error(sock, status_int, reason, mesg)`` (called from
``Worker.handle_error``, which picks the status), so that function is replaced, nothing else.
A gunicorn whose ``write_error`` has another shape keeps its own page (wrong type, never a
broken answer). Only the standard library here: this runs inside gunicorn's worker.
"""

from __future__ import annotations

import inspect
import json
import logging
import socket

log = logging.getLogger(__name__)

# Codes as the app's (service/api/problems.py) for the same status, where it has one.
CODES = {
    400: "malformed_request",
    403: "forbidden",
    414: "request_uri_too_long",
    417: "expectation_failed",
    431: "request_header_fields_too_large",
    500: "internal_error",
    501: "not_implemented",
}
DETAILS = {
    400: "the request is not valid HTTP/1.1",
    403: "the request is forbidden",
    414: "the request line is longer than the server reads",
    417: "the Expect header asks for something the server does not do",
    431: "the request's headers are larger than the server reads",
    500: "something went wrong on our side",
    501: "the request uses a transfer coding the server does not know",
}
_SHAPE = ["sock", "status_int", "reason", "mesg"]


def answer(status: int, reason: str) -> bytes:
    """The whole HTTP answer gunicorn sends for ``status`` (its ``reason`` phrase kept)."""
    code = CODES.get(status, "bad_request" if status < 500 else "internal_error")
    body = json.dumps(
        {
            "type": f"urn:foxden:problem:{code}",
            "title": code.replace("_", " ").capitalize(),
            "status": status,
            "detail": DETAILS.get(status, reason),
            "code": code,
        },
        separators=(",", ":"),
    ).encode()
    head = (
        f"HTTP/1.1 {status} {reason}\r\n"
        "Connection: close\r\n"
        "Content-Type: application/problem+json\r\n"
        "X-Content-Type-Options: nosniff\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    return head.encode("latin-1") + body


def write_problem(sock: socket.socket, status_int: int, reason: str, mesg: str) -> None:
    """``gunicorn.util.write_error``'s stand-in; ``mesg`` (what gunicorn would repeat of the
    request) goes to no one: gunicorn has logged it already."""
    from gunicorn import util

    util.write_nonblock(sock, answer(status_int, reason))


def install() -> None:
    """Make gunicorn's error answers problems. Idempotent; a no-op outside gunicorn's shape."""
    try:
        from gunicorn import util
    except ImportError:
        return
    current = util.write_error
    if current is write_problem:
        return
    if list(inspect.signature(current).parameters) != _SHAPE:
        log.warning("gunicorn's write_error has changed; its own error pages stay HTML")
        return
    util.write_error = write_problem
