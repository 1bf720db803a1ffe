"""The event feeds: a JSON page, an NDJSON stream, and Server-Sent Events (live).

Every event is shown as the caller may see it: the envelope (version, type, at, by,
command_id, hashes) is public, the private parts of ``data`` and ``cause`` are removed until the
game has ended.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Response, current_app, json, jsonify, request

from domain.match import ENDED, FINAL_EVENTS
from service.api.http import caller_seat, games, int_arg, not_modified
from service.games import GameService

bp = Blueprint("feeds", __name__)

PAGE_DEFAULT, PAGE_MAX = 500, 5000
NDJSON = "application/x-ndjson"


@bp.get("/v1/games/<game_id>/events")
def events(game_id: str) -> Response:
    seat = caller_seat(game_id, required=False)
    after = int_arg("after", 0, 0, 10**12) or 0
    if request.accept_mimetypes.best_match(["application/json", NDJSON]) == NDJSON:
        limit = int_arg("limit", None, 1, 10**9)
        return Response(_ndjson(games(), game_id, seat, after, limit), mimetype=NDJSON)
    limit = int_arg("limit", PAGE_DEFAULT, 1, PAGE_MAX) or PAGE_DEFAULT
    # A page is fixed by the game's version (and the caller): the version is its ETag.
    if request.if_none_match:
        unchanged = not_modified(games().load(game_id).version)
        if unchanged:
            return unchanged
    loaded, shown = games().feed(game_id, seat, after, limit)
    last = shown[-1]["version"] if shown else after
    more = last < loaded.version
    body: dict[str, Any] = {"events": shown, "version": loaded.version, "next_after": last}
    response = jsonify(body)
    response.headers["ETag"] = f'"{loaded.version}"'
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
    seat = caller_seat(game_id, required=False)
    last_id = request.headers.get("Last-Event-ID")
    if last_id is not None and last_id.isdigit():
        after = int(last_id)
    else:
        after = int_arg("after", 0, 0, 10**12) or 0
    head = games().load(game_id)  # 404 before the stream opens
    # Nothing can follow the head yet: a position past it would wait forever.
    after = min(after, head.version)
    block_ms = current_app.config["SSE_BLOCK_MS"]
    return Response(
        _sse(games(), game_id, seat, after, block_ms),
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


def _sse(
    service: GameService, game_id: str, seat: int | None, after: int, block_ms: int
) -> Iterator[str]:
    """Catch up from ``after``, then follow live; stop once the final event is sent."""
    yield "retry: 2000\n\n"
    loaded = service.load(game_id)
    if loaded.state.status in ENDED and after >= loaded.version:
        return  # the final event was sent before; nothing more will come
    while True:
        envelopes = service.store.read(game_id, after=after, count=PAGE_DEFAULT)
        if not envelopes:
            envelopes = service.store.follow(game_id, after, block_ms)
        if not envelopes:
            yield ": keepalive\n\n"  # also how a vanished client is noticed
            continue
        state = service.load(game_id).state
        for item in service.shown(state, envelopes, seat):
            yield f"id: {item['version']}\nevent: {item['type']}\ndata: {json.dumps(item)}\n\n"
            if item["type"] in FINAL_EVENTS:
                return
        after = envelopes[-1].version
