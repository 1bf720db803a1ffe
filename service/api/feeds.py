"""The event feeds: a JSON page, an NDJSON stream (``?follow=true``: live), and Server-Sent
Events (live), with the stream tickets a browser's ``EventSource`` opens its seat's stream with.

Live streams go through the process's ``LiveHub`` (service/live.py): one read per game per
process, fanned out; at most ``STREAMS_PER_PROCESS`` at once, then 503 with Retry-After, and
at most ``STREAMS_PER_CLIENT`` of them per address and per seat, then 429 with Retry-After.

Every event is shown as the caller may see it: the envelope (version, type, at, by,
command_id, hashes) is public, the private parts of ``data`` and ``cause`` are removed until the
game has ended.
"""

from __future__ import annotations

import select
import socket
import time
from collections.abc import Callable, Iterator
from typing import Any

from flask import Blueprint, Response, current_app, json, request

from service import account_stream
from service.account_stream import StreamPolled
from service.api.http import (
    account_caller,
    bearer_token,
    caller,
    caller_seat,
    caller_token_hash,
    flag_arg,
    games,
    int_arg,
    latest,
    not_modified,
    with_etag,
)
from service.api.jsonio import answer
from service.api.problems import BadRequest
from service.errors import MissingScope, Unauthorized
from service.games import GameService
from service.live import LiveHub, Viewer, finished_and_sent

bp = Blueprint("feeds", __name__)

PAGE_DEFAULT, PAGE_MAX = 500, 5000
NDJSON = "application/x-ndjson"


@bp.get("/v1/games/<game_id>/events")
def events(game_id: str) -> Response:
    seat = caller_seat(game_id, required=False)
    after = int_arg("after", 0, 0, 10**12) or 0
    follow = flag_arg("follow")  # read for JSON too, where it means nothing: a bad value is a 400
    if request.accept_mimetypes.best_match(["application/json", NDJSON]) == NDJSON:
        if follow:
            return _live(game_id, _viewer(seat), after, "ndjson", NDJSON)
        limit = int_arg("limit", None, 1, 10**9)
        return Response(_ndjson(games(), game_id, seat, after, limit), mimetype=NDJSON)
    limit = int_arg("limit", PAGE_DEFAULT, 1, PAGE_MAX) or PAGE_DEFAULT
    # A page is fixed by the game's version and the caller: both are in its ETag.
    if request.if_none_match:
        unchanged = not_modified(latest(game_id).version, seat)
        if unchanged:
            return unchanged
    loaded, shown = games().feed(game_id, seat, after, limit)
    last = shown[-1]["version"] if shown else after
    more = last < loaded.version
    body: dict[str, Any] = {"events": shown, "version": loaded.version, "next_after": last}
    response = with_etag(answer(body), loaded.version, seat)
    if more:
        link = f"/v1/games/{game_id}/events?after={last}&limit={limit}"
        response.headers["Link"] = f'<{link}>; rel="next"'
    return response


# The generators get the service passed in rather than reading the request context: a
# stream outlives its request, and interleaved streams must not share a context stack.


def _ndjson(
    service: GameService, game_id: str, seat: int | None, after: int, limit: int | None
) -> Iterator[str]:
    sent = 0
    while limit is None or sent < limit:
        chunk = PAGE_DEFAULT if limit is None else min(PAGE_DEFAULT, limit - sent)
        _, shown = service.feed(game_id, seat, after, chunk)
        for item in shown:
            yield json.dumps(item) + "\n"
        sent += len(shown)
        if len(shown) < chunk:
            return
        after = shown[-1]["version"]


@bp.get("/v1/games/<game_id>/events/stream")
def stream(game_id: str) -> Response:
    ticket = request.args.get("ticket")
    if ticket is None:
        watcher = _viewer(caller_seat(game_id, required=False))
    elif bearer_token() is not None:
        raise BadRequest("ambiguous_credentials", "send either Authorization or ?ticket=, not both")
    else:
        seat, holder = _ticket_holder(game_id, ticket)
        account = holder.removeprefix(ACCOUNT_HOLDER) if holder.startswith(ACCOUNT_HOLDER) else None
        watcher = Viewer(seat, None if account else holder, account)
    last_id = request.headers.get("Last-Event-ID")
    if last_id is not None and last_id.isdigit():
        after = int(last_id)
    else:
        after = int_arg("after", 0, 0, 10**12) or 0
    return _live(game_id, watcher, after, "sse", "text/event-stream", retry=True)


# A stream ticket issued to an account names ``acct:<account id>`` as its holder (a token's
# ticket names the token's hash, 64 hex digits: the two never meet).
ACCOUNT_HOLDER = "acct:"


def _viewer(seat: int | None) -> Viewer:
    """Whom the caller's stream is bound to: its seat and token, or its seat and account."""
    who = caller()
    if who.account is not None and seat is not None:
        return Viewer(seat, None, who.account)
    return Viewer(seat, caller_token_hash())


def _ticket_holder(game_id: str, ticket: str) -> tuple[int, str]:
    """The seat a ticket opens and the hash of the token (or the account) it was issued to,
    which must still hold that seat in the latest state."""
    head = latest(game_id)  # 404 for a game that does not exist
    found = current_app.extensions["foxden.tickets"].holder(game_id, ticket)
    if found is None:
        raise Unauthorized(
            "the stream ticket is not valid for this game, or it has expired; ask for a new one"
        )
    seat, holder = found
    if holder.startswith(ACCOUNT_HOLDER):
        held = head.state.seat_of_account(holder.removeprefix(ACCOUNT_HOLDER))
    else:
        held = head.state.seat_of_token_hash(holder)
    if held != seat:
        raise Unauthorized("the stream ticket's seat was given back; ask for a new one")
    return found


@bp.post("/v1/games/<game_id>/stream-tickets")
def stream_ticket(game_id: str) -> Response:
    seat = caller_seat(game_id, required=True)
    assert seat is not None
    who = caller()
    holder = ACCOUNT_HOLDER + who.account if who.account is not None else caller_token_hash()
    assert holder is not None  # a seat was found for it
    ticket, expires_at = current_app.extensions["foxden.tickets"].issue(game_id, seat, holder)
    stream_url = f"/v1/games/{game_id}/events/stream?ticket={ticket}"
    body = {"ticket": ticket, "expires_at": expires_at, "seat": seat, "stream": stream_url}
    return answer(body, status=201)


def _live(
    game_id: str, watcher: Viewer, after: int, fmt: str, mimetype: str, *, retry: bool = False
) -> Response:
    """Catch up from ``after``, then follow live through the hub; end after the final event,
    or as soon as the watcher's seat is no longer held by the token it streams for."""
    head = latest(game_id)  # 404 before the stream opens
    # Nothing can follow the head yet: a position past it would wait forever.
    after = min(after, head.version)
    prefix = b"retry: 2000\n\n" if retry else b""
    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    if finished_and_sent(head.state, after):
        return Response(prefix, mimetype=mimetype, headers=headers)
    hub: LiveHub = current_app.extensions["foxden.live"]
    # Refused beyond a cap (the client's: 429, the process's: 503) before any byte is sent.
    subscription = hub.subscribe(game_id, head.version, stream_clients(game_id, watcher.seat))
    body = hub.stream(
        subscription,
        head.state,
        watcher,
        after,
        fmt,
        client_gone=_client_gone(request.environ),
    )
    response = Response(_prefixed(prefix, body), mimetype=mimetype, headers=headers)
    # Runs however the response ends (sent, client gone, never started): frees its place.
    response.call_on_close(lambda: hub.unsubscribe(subscription))
    return response


def stream_clients(game_id: str, seat: int | None) -> tuple[str, ...]:
    """Whom a stream counts against: its address (as the rate limit sees it, after any
    trusted proxy), and the seat it streams for (by token or ticket), so that neither many
    seats on one address nor one seat on many addresses holds more than a client's share."""
    address = "a:" + (request.remote_addr or "unknown")
    return (address,) if seat is None else (address, f"s:{game_id}:{seat}")


def _prefixed(prefix: bytes, body: Iterator[bytes]) -> Iterator[bytes]:
    if prefix:
        yield prefix
    yield from body


def _client_gone(environ: dict[str, Any]) -> Callable[[], bool]:
    """Whether the client has closed its connection (a read of 0 bytes), without waiting.

    gunicorn passes the client socket along. A stream only ever writes, so a write to a
    closed connection is the usual way to notice; looking at the socket at each heartbeat
    notices it one heartbeat sooner, and a client that closed a connection it had pipelined
    another request on reads as still there (the bytes are waiting), which is right.
    """
    client = environ.get("gunicorn.socket")
    if client is None:
        return lambda: False

    def gone() -> bool:
        try:
            # poll, not select: select() refuses a descriptor past 1,023 (ValueError), which a
            # process holding a thousand streams and their Redis connections soon hands out.
            poller = select.poll()
            poller.register(client, select.POLLIN)
            return bool(poller.poll(0)) and client.recv(1, socket.MSG_PEEK) == b""
        except (OSError, ValueError):
            return True

    return gone


# --- the account's stream (service/account_stream.py) ---------------------------------------


@bp.get("/v1/me/stream")
def my_stream() -> Response:
    """The account's stream: the picture of its games, then a frame for each thing that
    happens to it in any of them (NDJSON, or SSE with ``Accept: text/event-stream``)."""
    service = games()
    account, key_id = _stream_account()
    polled = service.account_streams.connect(account)
    if polled is not None:
        raise StreamPolled(
            f"this account opened its stream more than {service.account_streams.connects_max}"
            f" times in {service.account_streams.window_s} s: hold one stream open and wait for"
            " its frames instead of reconnecting to poll",
            retry_after=polled,
        )
    sse = request.accept_mimetypes.best_match([NDJSON, "text/event-stream"]) == "text/event-stream"
    fmt, mimetype = ("sse", "text/event-stream") if sse else ("ndjson", NDJSON)
    after = _stream_after()
    streams = service.account_streams
    head = streams.head(account)
    reset = after is not None and (
        account_stream.later(after, head) or not streams.kept_since(account, after)
    )
    hub: LiveHub = current_app.extensions["foxden.live"]
    address = "a:" + (request.remote_addr or "unknown")
    subscription = hub.subscribe_account(account, head, (address, "u:" + account))
    try:
        first: list[bytes] = []
        if after is None or reset:
            if reset:
                detail = "the frames after this id are no longer kept: re-read your games"
                first.append(account_stream.encode(head, {"type": "reset", "detail": detail}, fmt))
            shown = account_stream.picture(service.accounts, account, service.load, service.clocks)
            first.append(account_stream.encode(head, shown, fmt))
            after = head
    except BaseException:
        hub.unsubscribe(subscription)
        raise
    body = hub.stream_account(
        subscription,
        after,
        fmt,
        first=first,
        still_valid=_key_stands(service, account, key_id),
        client_gone=_client_gone(request.environ),
    )
    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    prefix = b"retry: 2000\n\n" if sse else b""
    response = Response(_prefixed(prefix, body), mimetype=mimetype, headers=headers)
    response.call_on_close(lambda: hub.unsubscribe(subscription))
    return response


def _stream_account() -> tuple[str, str]:
    """The account and key of the stream: the caller's account key, or a stream ticket."""
    ticket = request.args.get("ticket")
    if ticket is None:
        who = account_caller()
        assert who.account is not None and who.key_id is not None
        return who.account, who.key_id
    if bearer_token() is not None:
        raise BadRequest("ambiguous_credentials", "send either Authorization or ?ticket=, not both")
    found = current_app.extensions["foxden.tickets"].account_holder(ticket)
    if found is None:
        raise Unauthorized("the stream ticket is not valid, or it has expired; ask for a new one")
    scopes = games().accounts.key_scopes(*found)
    if scopes is None:
        raise Unauthorized("the key this ticket was issued to was revoked")
    if "read" not in scopes:
        raise MissingScope("this key lacks the scope 'read'", scope="read")
    return found


def _stream_after() -> str | None:
    """Where a stream resumes: ``Last-Event-ID`` (a malformed one is ignored, as the game
    streams do), else ``?after=``; ``None``: from now, after the picture."""
    last_id = request.headers.get("Last-Event-ID")
    if last_id is not None and account_stream.entry_id(last_id) is not None:
        return last_id
    raw = request.args.get("after")
    if raw is None:
        return None
    if account_stream.entry_id(raw) is None:
        raise BadRequest(
            "invalid_parameter",
            "after must be a frame id (as 1712345678901-0)",
            {"after": ["Must be a frame id, as 1712345678901-0."]},
        )
    return raw


def _key_stands(service: GameService, account: str, key_id: str) -> Callable[[], bool]:
    """Whether the key that opened a stream still stands with its read scope: asked at the
    stream's heartbeats, read from Redis at most every ``KEY_CHECK_S``."""
    checked = [time.monotonic()]

    def stands() -> bool:
        now = time.monotonic()
        if now - checked[0] < account_stream.KEY_CHECK_S:
            return True
        checked[0] = now
        scopes = service.accounts.key_scopes(account, key_id)
        return scopes is not None and "read" in scopes

    return stands


@bp.post("/v1/me/stream-tickets")
def my_stream_ticket() -> Response:
    who = account_caller()
    assert who.account is not None and who.key_id is not None
    ticket, expires_at = current_app.extensions["foxden.tickets"].issue_account(
        who.account, who.key_id
    )
    body = {"ticket": ticket, "expires_at": expires_at, "stream": f"/v1/me/stream?ticket={ticket}"}
    return answer(body, status=201)
