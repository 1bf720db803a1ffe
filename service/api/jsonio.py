"""JSON in and out of the API with orjson (several times faster than the standard library),
and the answers that carry it.

It is also stricter on input, which suits untrusted clients: ``NaN``, ``Infinity`` and
numbers out of a double's range are refused (a 400 ``malformed_json``), where the standard
library would let them through.

Two forks of Werkzeug live here, each buying 3 % of a move or more (bench/api_cost.py; the
figures in docs/performance.md, "What each fork buys"): ``FoxdenResponse`` (4.5 %), an answer
written without Werkzeug's second pass over its headers and body, and ``request_body`` (3.4 %),
a body read straight from the WSGI input.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

import orjson
from flask import Request, Response
from flask.json.provider import DefaultJSONProvider
from werkzeug.datastructures import Headers
from werkzeug.exceptions import ClientDisconnected, RequestEntityTooLarge

JSON = "application/json"


def encode(obj: Any) -> bytes:
    try:
        return orjson.dumps(obj, default=DefaultJSONProvider.default)
    except TypeError:
        # Non-string keys: marshmallow reports errors of list items under their index.
        # orjson checks every key's type under this option, so only errors pay for it.
        return orjson.dumps(
            obj, default=DefaultJSONProvider.default, option=orjson.OPT_NON_STR_KEYS
        )


class FoxdenResponse(Response):
    """Werkzeug's response, without a second copy of its headers when nothing needs fixing.

    Werkzeug copies every answer's headers, one validated ``add`` at a time, to fix the few
    that need it for the client (an absolute ``Location``, no length on a 204, no entity
    headers on a 304, a length it can work out): 19 k instructions for an answer of two headers,
    28 k for one of five, about 2 % of a move's (bench/api_cost.py). An answer with none of
    those cases is sent with the headers it has: the WSGI list is a fresh list of them either
    way.
    """

    def get_wsgi_headers(self, environ: dict[str, Any]) -> Headers:
        status = self.status_code
        if status >= 200 and status not in (204, 304):
            sized = False
            for name, _ in self.headers:
                lowered = name.lower()
                if lowered in _FIXED_FOR_THE_CLIENT:
                    break
                sized = sized or lowered == "content-length"
            else:
                if sized:
                    return self.headers
        return super().get_wsgi_headers(environ)

    def get_app_iter(self, environ: dict[str, Any]) -> Iterable[bytes]:
        """The body as it is held, when it is one block of bytes that nothing must close.

        Werkzeug wraps every body in a generator that encodes each piece and an iterator that
        closes the response once the server is done (1.5 µs an answer, more than its headers
        cost); a body of bytes needs no encoding, and a response with no ``call_on_close``
        and a list for a body has nothing to close. Everything else is Werkzeug's, HEAD and
        the bodiless statuses included.
        """
        body = self.response
        if (
            isinstance(body, list)
            and len(body) == 1
            and isinstance(body[0], bytes)
            and not self._on_close
            and not self.direct_passthrough
            and environ["REQUEST_METHOD"] != "HEAD"
            and self.status_code >= 200
            and self.status_code not in (204, 304)
        ):
            return body
        return super().get_app_iter(environ)


_FIXED_FOR_THE_CLIENT = frozenset({"location", "content-location"})


def answer(body: Any, status: int = 200) -> Response:
    """``body`` as the API's JSON answer with ``status``: ``flask.jsonify``, built straight
    from the bytes (``jsonify`` goes through the app's proxy, its JSON provider and a parse of
    the mimetype: a third again of what the answer costs, bench/api_cost.py)."""
    return FoxdenResponse(encode(body), status, content_type=JSON)


class OrjsonProvider(DefaultJSONProvider):
    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return self.encode(obj).decode()

    def encode(self, obj: Any) -> bytes:
        return encode(obj)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        # orjson's bytes as they are: the default provider makes a str of them, then bytes again.
        body = encode(self._prepare_response_obj(args, kwargs))
        # Typed as any app's (Werkzeug's sans-I/O response); a Flask app's is Flask's.
        response_class = cast("type[Response]", self._app.response_class)
        return response_class(body, mimetype=self.mimetype)

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return orjson.loads(s)


def request_body(asked: Request) -> bytes:
    """The request's body, at most ``MAX_CONTENT_LENGTH`` bytes (a 413 beyond).

    A body whose length is declared, as clients send one, is read straight from the WSGI
    input (plain WSGI, PEP 3333): Werkzeug's bounded stream reads it in Python-level chunks,
    3.4 % of a move's instructions (bench/api_cost.py; docs/performance.md, "What each fork
    buys"). Anything else (chunked, an odd header) is Werkzeug's to read, with the same errors.
    """
    wsgi = asked.environ  # the request's, not the process's
    declared = wsgi.get("CONTENT_LENGTH")
    limit = asked.max_content_length
    if declared is None or not (declared.isascii() and declared.isdigit()):
        data = asked.get_data()
        # Werkzeug's stream stops at the limit, silently: a byte beyond it is a 413.
        if limit is not None and len(data) >= limit and wsgi["wsgi.input"].read(1):
            raise RequestEntityTooLarge()
        return data
    length = int(declared)
    if limit is not None and length > limit:
        raise RequestEntityTooLarge()
    data = wsgi["wsgi.input"].read(length)
    if len(data) < length:
        raise ClientDisconnected()  # as Werkzeug's stream: the client went before its body ended
    return data
