"""Small pieces every route shares: the service, the JSON body, the caller's seat, headers."""

from __future__ import annotations

import hmac
import re
from dataclasses import dataclass
from typing import Any, Literal, overload

import orjson
from flask import Request, Response, current_app, g, request
from flask.ctx import _AppCtxGlobals

from domain import match
from service import accounts
from service.api import jsonio
from service.api.problems import BadRequest, UnsupportedMediaType
from service.errors import (
    AccountKeyRequired,
    Forbidden,
    GameNotFound,
    MissingScope,
    ServiceError,
    Unauthorized,
)
from service.games import GameService, Loaded, is_game_id

# A view's ETag names the version and, for a seat's own view, the seat (see ``view_etag``).
ETAG = re.compile(r'^\s*(?:W/)?"(\d{1,12})(?:-seat\d{1,3})?"\s*$')


def games() -> GameService:
    # The app looked up once: an attribute read through Flask's proxy costs five times this
    # whole function (it fails on the proxy first), and a request asks for the service often.
    # Flask types its proxies (current_app, request) as the objects they stand for, so their
    # ``_get_current_object`` (one look-up instead of one per attribute) needs an ignore here.
    return current_app._get_current_object().extensions["foxden.games"]  # type: ignore[attr-defined]  # a proxy


def latest(game_id: str) -> Loaded:
    """The game's latest state, read once per request: authenticating the caller may have read
    it already (a game this process had not cached), and a second read right after it would
    find nothing newer than that one, at the cost of a round trip."""
    # ``g.get``: ``getattr`` with a default raises and catches an AttributeError when the
    # name is missing, as it is on most requests (1 µs against 0.1 µs).
    read = g._get_current_object().get("foxden_read")
    if read is not None and read[0] == game_id:
        return read[1]
    return games().load(game_id)


def json_body() -> Any:
    """The request's JSON; malformed JSON is a 400, another content type a 415."""
    asked = request._get_current_object()  # type: ignore[attr-defined]  # a proxy
    # The usual header, exactly, needs no parse of its parameters (Werkzeug's is_json does).
    if asked.environ.get("CONTENT_TYPE") != "application/json" and not asked.is_json:
        raise UnsupportedMediaType("unsupported_media_type", "send the body as application/json")
    try:  # orjson straight on the bytes: Werkzeug's get_json checks the type again, and more
        return orjson.loads(jsonio.request_body(asked))
    except orjson.JSONDecodeError:
        raise BadRequest("malformed_json", "the body is not valid JSON") from None


# RFC 6750 §2.1: the scheme, one space, a b64token; nothing before, between or after.
BEARER = re.compile(r"[Bb][Ee][Aa][Rr][Ee][Rr] ([A-Za-z0-9\-._~+/]+=*)")
# The blueprints of the game API (/v1); the operations endpoints (health, metrics, docs) take
# no token: probes and scrapers may carry credentials meant for a proxy.
API_BLUEPRINTS = frozenset({"games", "feeds", "audit", "accounts", "log", "ratings", "challenges"})
# Routes whose credential is not a seat's token: cancelling takes the table's owner token (the
# service checks it: a seat's or another table's token is a 403 there, a made-up one a 401).
OWN_CREDENTIAL = frozenset({"games.cancel_game"})
# The scope an account key needs on a route (service/accounts.py); routes not named need none
# (public ones, and those whose rule is the key's own: making keys, device codes). A seat's
# token or no credential at all needs none either: they act as before.
SCOPE_OF = {
    "games.create_game": "create",
    "games.cancel_game": "create",
    "games.join": "play",
    "games.post_command": "play",
    "games.get_state": "read",
    "games.legal_moves": "read",
    "feeds.events": "read",
    "feeds.stream": "read",
    "feeds.stream_ticket": "read",
    "accounts.me": "read",
    "accounts.list_keys": "read",
    "accounts.my_games": "read",
    "feeds.my_stream": "read",
    "feeds.my_stream_ticket": "read",
    # Challenges and seeks (service/api/challenges.py): making and withdrawing a challenge is
    # making a table; answering one, and seeking, is taking a seat.
    "challenges.create_challenge": "create",
    "challenges.cancel_challenge": "create",
    "challenges.get_challenge": "read",
    "challenges.my_challenges": "read",
    "challenges.accept_challenge": "play",
    "challenges.decline_challenge": "play",
    "challenges.create_seek": "play",
    "challenges.get_seek": "read",
    "challenges.my_seeks": "read",
    "challenges.cancel_seek": "play",
}


@dataclass(frozen=True, slots=True)
class Caller:
    """Who sent the request: a seat of a game (its token checked), or nobody in particular."""

    game_id: str | None = None
    seat: int | None = None
    # An account key's: the account, the key and its scopes (a seat is the account's seat of
    # the path's game, if it holds one there).
    account: str | None = None
    key_id: str | None = None
    scopes: frozenset[str] = frozenset()
    operator: bool = False  # the operator key (FOXDEN_OPERATOR_KEY)

    @property
    def holder(self) -> accounts.Holder | None:
        if self.account is None or self.key_id is None:
            return None
        return accounts.Holder(self.account, self.key_id, self.scopes)


SPECTATOR = Caller()
OPERATOR = Caller(operator=True)


def require_scope(endpoint: str, who: Caller) -> None:
    """403 ``missing_scope`` when an account key lacks the scope ``endpoint`` needs."""
    if who.account is None:
        return
    needed = SCOPE_OF.get(endpoint)
    if needed is not None and needed not in who.scopes:
        raise MissingScope(f"this key lacks the scope {needed!r}", scope=needed)


def account_caller() -> Caller:
    """The caller, who must send an account key: 401 without a credential, 403
    ``account_key_required`` with another kind (a seat's token, the operator key)."""
    who = caller()
    if who.account is not None:
        return who
    if bearer_token() is None:
        raise Unauthorized("this endpoint needs Authorization: Bearer <account key>")
    raise AccountKeyRequired("this endpoint needs an account key (fdk_...), not a seat's token")


def bearer_token() -> str | None:
    """The token of ``Authorization: Bearer <token>``; a header in any other form is a 401."""
    return _bearer(request._get_current_object())  # type: ignore[attr-defined]  # a proxy


def _bearer(asked: Request) -> str | None:
    # Straight from the WSGI environ, as Werkzeug's ``headers.get`` reads it, in one look-up.
    header = asked.environ.get("HTTP_AUTHORIZATION")
    if header is None:
        return None
    found = BEARER.fullmatch(header)
    if not found:
        raise Unauthorized("use Authorization: Bearer <token>")
    return found.group(1)


def caller() -> Caller:
    """The request's caller (see :func:`caller_of`)."""
    return caller_of(request._get_current_object(), g._get_current_object())  # type: ignore[attr-defined]  # a proxy


def caller_of(asked: Request, kept: _AppCtxGlobals) -> Caller:
    """The caller of request ``asked``, authenticated once per request (the rate limit asks
    first) and kept in its ``g``.

    A token that is not valid is refused on every endpoint of the API, the public ones
    included (never silently downgraded to the spectator's view); a valid token of another
    game than the path's is a 403; a token on an unknown game's path is that game's 404.
    """
    found = kept.get("foxden_caller")  # see ``latest``: not getattr
    if found is None:
        try:
            found = _authenticate(asked, kept)
        except ServiceError as error:
            found = error
        kept.foxden_caller = found
    if isinstance(found, ServiceError):
        raise found
    return found


def _authenticate(asked: Request, kept: _AppCtxGlobals) -> Caller:
    token = _bearer(asked)
    if token is None:
        return SPECTATOR
    path_game = (asked.view_args or {}).get("game_id")
    if path_game is not None and not is_game_id(path_game):
        # Never a Redis key (a brace would change its hash tag); the rate limit, which asks
        # first, counts the request against its address.
        raise GameNotFound(f"no game {path_game!r}")
    service = games()
    if accounts.is_account_key(token):
        return _account_caller(token, path_game, kept)
    operator_key = current_app.config.get("OPERATOR_KEY")
    if operator_key and hmac.compare_digest(token.encode(), str(operator_key).encode()):
        return OPERATOR  # a spectator on every game; it may sign up and invite
    owner = None if path_game else service.token_game(token)
    game_id = path_game or owner
    seat, read = service.seat_of_token(game_id, token) if game_id else (None, None)
    if read is not None:
        kept.foxden_read = (game_id, read)  # the latest state: the route need not read it again
    if seat is not None:
        return Caller(game_id, seat)
    if path_game:
        owner = service.token_game(token)
    if owner and owner == game_id:
        if service.is_owner_token(game_id, token):
            if not path_game:  # valid, and a public route needs no more
                return SPECTATOR
            raise Forbidden("the owner token of a table only cancels it; send a seat's token")
        raise Unauthorized("the token is not valid: its seat was given back before the start")
    if owner:
        raise Forbidden("this token belongs to another game")
    raise Unauthorized("the token is not valid")


def _account_caller(key: str, path_game: str | None, kept: _AppCtxGlobals) -> Caller:
    """An account key's caller: one Redis read for the key (never cached in the process, so
    that a revoked key is refused at once everywhere), and on a game's path the account's seat
    there (a spectator's place when it holds none)."""
    service = games()
    holder = service.accounts.authenticate(key)
    if holder is None:
        raise Unauthorized("the account key is not valid (revoked, or never issued)")
    seat = None
    if path_game is not None:
        seat, read = service.seat_of_account(path_game, holder.account)
        if read is not None:
            kept.foxden_read = (path_game, read)
    return Caller(
        path_game if seat is not None else None,
        seat,
        holder.account,
        holder.key_id,
        holder.scopes,
    )


def caller_token_hash() -> str | None:
    """The hash of the caller's token, when it holds a seat (what a stream is bound to); None
    for an account key (a stream is then bound to the account, ``Caller.account``)."""
    token = bearer_token()
    who = caller()
    if token is None or who.seat is None or who.account is not None:
        return None
    return match.token_hash(token)


@overload
def caller_seat(game_id: str, *, required: Literal[True]) -> int: ...


@overload
def caller_seat(game_id: str, *, required: bool) -> int | None: ...


def caller_seat(game_id: str, *, required: bool) -> int | None:
    """The seat the caller's token acts for in this game; ``None`` for a spectator."""
    who = caller()
    seat = who.seat
    if seat is None and required:
        if who.account is not None or who.operator:
            raise Forbidden("this key holds no seat of this game")
        raise Unauthorized("this endpoint needs Authorization: Bearer <token>")
    return seat


def view_etag(version: int, seat: int | None = None) -> str:
    """The ETag of an answer at ``version`` as ``seat`` sees it (``None``: as anyone does).

    Seats see different bodies at one version, so their ETags must differ too: a browser keeps
    one cached answer per URL and revalidates it with that answer's ETag whoever asks next, so
    an ETag of the version alone would have a spectator's request answered 304 over a seat's
    cached hand (RFC 9110 §8.8.3: one ETag per representation).
    """
    return f'"{version}"' if seat is None else f'"{version}-seat{seat}"'


def not_modified(version: int, seat: int | None = None) -> Response | None:
    """A 304 when ``If-None-Match`` names the ETag the answer would have."""
    etag = view_etag(version, seat)
    if request.if_none_match and request.if_none_match.contains_weak(etag.strip('"')):
        return with_etag(Response(status=304), version, seat)
    return None


def with_etag(response: Response, version: int, seat: int | None = None) -> Response:
    """The ETag, and ``Vary: Authorization``: the token picks whose view the body is."""
    headers = response.headers
    headers["ETag"] = view_etag(version, seat)
    # Looked for by hand: Werkzeug answers ``"Vary" in headers`` by raising and catching a
    # KeyError that is an HTTP exception too, a costly one, and a fresh answer has no Vary.
    if any(name.lower() == "vary" for name, _ in headers):
        response.vary.add("Authorization")
    else:  # Werkzeug's ``vary`` would parse an absent header and write it back
        headers.add("Vary", "Authorization")
    return response


def _headers() -> dict[str, Any]:
    """The request's WSGI environ, where its headers are (looked up once, as ``games``)."""
    return request._get_current_object().environ  # type: ignore[attr-defined]  # a proxy


def if_match() -> int | None:
    """The version an ``If-Match`` header pins (``"7"`` or ``W/"7"``)."""
    header = _headers().get("HTTP_IF_MATCH")
    if header is None:
        return None
    found = ETAG.match(header)
    if not found:
        raise BadRequest("invalid_if_match", 'If-Match takes the ETag as sent, e.g. "7"')
    return int(found.group(1))


def idempotency_key() -> str | None:
    key = _headers().get("HTTP_IDEMPOTENCY_KEY")
    if key is not None and not re.fullmatch(r"[\x21-\x7e]{1,128}", key):
        raise BadRequest(
            "invalid_idempotency_key", "Idempotency-Key is 1 to 128 visible ASCII characters"
        )
    return key


def int_arg(name: str, default: int | None, minimum: int, maximum: int) -> int | None:
    """An integer query parameter within bounds; anything else is a 400 naming it."""
    raw = request.args.get(name)
    if raw is None:
        return default
    if not re.fullmatch(r"\d{1,13}", raw) or not minimum <= int(raw) <= maximum:
        raise BadRequest(
            "invalid_parameter",
            f"{name} must be an integer from {minimum} to {maximum}",
            {name: [f"Must be an integer from {minimum} to {maximum}."]},
        )
    return int(raw)


def flag_arg(name: str) -> bool:
    """A boolean query parameter: ``true``/``1`` or ``false``/``0`` (absent: false), exactly the
    values the OpenAPI document lists (a ``TRUE`` there is a 400, as it is to any client that
    checks its requests against the document)."""
    raw = request.args.get(name)
    if raw is None:
        return False
    if raw not in ("true", "1", "false", "0"):
        raise BadRequest(
            "invalid_parameter",
            f"{name} must be true, false, 1 or 0",
            {name: ["Must be one of: true, false, 1, 0."]},
        )
    return raw in ("true", "1")
