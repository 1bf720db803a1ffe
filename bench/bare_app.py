"""The yardsticks of the API benchmarks: Flask answering a move's two requests with fixed bodies.

``app``: the same routes and the same answers as Foxden's legal moves and command, and no work
behind them: whatever Foxden costs beyond this is its own. The answers are Foxden's own, recorded
in ``bare_answers.json`` from a 4-seat Fette Beute game (each the one of median size over 305
moves of six games: 545 bytes for the legal moves, 1,774 for a command's answer, which carries
the events and the new state), so both servers send and their clients parse as many bytes.
Until 2026-12-04 the command's answer here was 101 bytes, a twentieth of Foxden's. They are
encoded once, at import: ``jsonify`` of the command's answer (the standard library's encoder,
keys sorted) would cost the bare app 0.3 M instructions a move, work that no app needs to do
for a fixed answer, and a baseline that did it would flatter Foxden.

``with_redis``: the same app, each request also making the one Redis round trip that Foxden's
cannot do without, on the same direct connection path (``events.direct_path.direct``): the
legal moves look for events after a version (an ``XRANGE`` that finds none, as Foxden's warm
read does), the command appends its body to a stream (a script that only ``XADD``s). Set
``BARE_REDIS_URL``. What Foxden costs beyond this one is its own code; what this one costs
beyond ``app`` is the round trips, which a move makes in any design that keeps the state in
Redis and answers with the current one.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any

from flask import Flask, Response, request

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from events.direct_path import FALL_BACK, direct
from events.redis_client import connect

ANSWERS = json.loads((Path(__file__).with_name("bare_answers.json")).read_text())
MOVES = ANSWERS["legal-moves"]["moves"]
_ENCODED = {
    name: json.dumps(body, separators=(",", ":")).encode() for name, body in ANSWERS.items()
}


def _answer(name: str, status: int = 200) -> Response:
    return Response(_ENCODED[name], status, mimetype="application/json")


STREAMS = "bench:bare:"  # the with_redis app's keys, one stream per game
_LAST_ID = "18446744073709551615-0"  # an exclusive start past every id: an empty answer
APPEND = "return redis.call('XADD', KEYS[1], '*', 'e', ARGV[1])"
_APPEND_SHA = hashlib.sha1(APPEND.encode()).hexdigest()

app = Flask(__name__)


@app.get("/v1/games/<game_id>/legal-moves")
def legal(game_id: str):
    return _answer("legal-moves")


@app.post("/v1/games/<game_id>/commands")
def command(game_id: str):
    request.get_json()
    return _answer("commands", 201)


with_redis = Flask(f"{__name__}.with_redis")
_redis: dict[str, Any] = {}  # made on the first request, in the worker (after the fork)


def _round_trip(*command: Any) -> Any:
    if not _redis:
        client = connect(os.environ["BARE_REDIS_URL"])
        _redis.update(client=client, pool=client.connection_pool)
    reply = direct(_redis["pool"], *command)
    if reply is FALL_BACK:  # the script not loaded yet: load it, as the store's fallback does
        _redis["client"].script_load(APPEND)
        reply = direct(_redis["pool"], *command)
    return reply


@with_redis.get("/v1/games/<game_id>/legal-moves")
def legal_after_a_read(game_id: str):
    _round_trip("XRANGE", STREAMS + game_id, f"({_LAST_ID}", "+")  # finds none
    return _answer("legal-moves")


@with_redis.post("/v1/games/<game_id>/commands")
def command_after_an_append(game_id: str):
    request.get_json()
    _round_trip("EVALSHA", _APPEND_SHA, 1, STREAMS + game_id, request.get_data())
    return _answer("commands", 201)
