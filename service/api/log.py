"""The log of archived games (issue #42): its signed checkpoints and the proofs that hold the
operator to them, for anyone, with no token.

A monitor keeps a checkpoint (``/v1/log/checkpoint``), later asks for the consistency proof
from its size to a newer checkpoint's (``/v1/log/consistency``): the proof exists only if the
newer tree begins with exactly the leaves it kept, in the same order. A player asks for their
game's inclusion proof (``/v1/games/{id}/log-proof``), which ties the game's head hash, and
through its hash chain every event, to a signed checkpoint. ``/v1/log/leaves`` lets a monitor
rebuild the whole tree itself. docs/fairness.md, "Keeping and checking checkpoints", shows each.

Each proof is computed from the process's cache of subtree hashes (``events/log.py``) in
O(log n); the checkpoint of a given size is the same note on every call (Ed25519 is
deterministic), so any of them can be cached by anyone.
"""

from __future__ import annotations

import re

from flask import Blueprint, Response, current_app, request

from service import log as published
from service.api.jsonio import answer
from service.api.problems import BadRequest
from service.log import LogSigner, NotInLog, TransparencyLog

bp = Blueprint("log", __name__)

# Leaves per call of /v1/log/leaves: about 150 kB of JSON.
LEAVES_MAX = 1000
CHECKPOINT_TYPE = "text/plain; charset=utf-8"
_DIGITS = re.compile(r"\d{1,16}")


def _log() -> TransparencyLog:
    return current_app.extensions["foxden.log"]


def _signer() -> LogSigner:
    return current_app.extensions["foxden.log_signer"]


def _param(name: str, default: int | None, low: int, high: int, why: str = "") -> int:
    """The integer query parameter ``name``, from ``low`` to ``high``: a 400 naming it when it
    is missing (``default`` None), not an integer, or out of the range (``why`` says why the
    range is what it is)."""
    raw = request.args.get(name)
    if raw is None and default is not None:
        return default
    if raw is None:
        message = "Required."
    elif not _DIGITS.fullmatch(raw):
        message = "Must be a whole number."
    elif low <= int(raw) <= high:
        return int(raw)
    elif low > high:
        message = f"No value fits: {why}." if why else "No value fits."
    else:
        message = f"Must be from {low} to {high}" + (f" ({why})." if why else ".")
    raise BadRequest("invalid_parameter", f"{name}: {message}", {name: [message]})


@bp.get("/v1/log")
def log_summary() -> Response:
    return answer(published.summary(_log(), _signer().get()))


@bp.get("/v1/log/checkpoint")
def checkpoint() -> Response:
    current = _log().size()
    size = _param("size", current, 0, current, f"the log has {current} leaves")
    note = published.checkpoint(_log(), _signer().get(), size)
    return Response(note, content_type=CHECKPOINT_TYPE)


@bp.get("/v1/log/consistency")
def consistency() -> Response:
    current = _log().size()
    new = _param("to", None, 1, current, f"the log has {current} leaves")
    old = _param("from", None, 1, new, "0 < from <= to")
    proof = _log().consistency(old, new)
    return answer({"from": old, "to": new, "proof": [published.b64(h) for h in proof]})


@bp.get("/v1/log/leaves")
def leaves() -> Response:
    current = _log().size()
    start = _param("start", 0, 0, current, f"the log has {current} leaves")
    end = _param("end", start + LEAVES_MAX, start, start + LEAVES_MAX, f"at most {LEAVES_MAX}")
    found = _log().leaves(start, min(end, current))
    return answer({"start": start, "leaves": [published.leaf_text(leaf) for leaf in found]})


@bp.get("/v1/games/<game_id>/log-proof")
def log_proof(game_id: str) -> Response:
    log = _log()
    index = log.index_of_game(game_id)
    if index is None:
        raise NotInLog("this game has no leaf in the log: it is not archived")
    current = log.size()
    size = _param("size", current, index + 1, current, f"the game's leaf is {index}")
    return answer(
        {
            "game_id": game_id,
            "leaf": published.leaf_text(log.leaf(index)),
            "leaf_index": index,
            "tree_size": size,
            "inclusion": [published.b64(h) for h in log.inclusion(index, size)],
            "checkpoint": published.checkpoint(log, _signer().get(), size),
        }
    )
