"""What the schemathesis runs share (the contract test in ``make test`` and the bench run).

* ``CHECKS``: no 5xx; status codes, content types, headers and bodies as documented; and no
  schema-valid request refused (``refused_valid_data``), except where the answer depends on
  what the document cannot know: a command's type and fields are the game's (one endpoint
  serves every game), and whether it is legal now, or still at the If-Match version, is the
  state's; a list cursor is opaque (only the ones the server issued decode); the sizes and
  ranges the log's endpoints accept are the log's size's.
* ``aim``: generated ids almost never name a game, so half the cases of an operation with a
  ``game_id`` are pointed at a real one, and half of those carry a valid token of it, so that
  the happy paths are exercised too, not only the 404s.
"""

from __future__ import annotations

import hashlib
from typing import Any

import schemathesis
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    positive_data_acceptance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

# Answers to schema-valid requests that only the game (or its state) can decide.
DECIDED_BY_THE_GAME = {
    "POST /v1/games/{game_id}/commands": {400, 412, 422},
}
# Query parameters whose range only the log's size decides (a tree size or a leaf beyond it,
# `from` beyond `to`, a tree without the game's leaf, more than 1000 leaves): a 400 naming
# only them answers a schema-valid request (service/api/log.py).
DECIDED_BY_THE_LOG = {
    "GET /v1/log/checkpoint": {"size"},
    "GET /v1/log/consistency": {"from", "to"},
    "GET /v1/log/leaves": {"start", "end"},
    "GET /v1/games/{game_id}/log-proof": {"size"},
    # (Not the log's: the player counts a leaderboard takes are the game's, service/ratings.py.)
    "GET /v1/ratings/{game}": {"players"},
    "GET /v1/ratings/{game}/{handle}/history": {"players"},
}
OPAQUE = {
    "GET /v1/games": "cursor",
    "GET /v1/me/games": "cursor",
    "GET /v1/accounts/{handle}": "cursor",
    "GET /v1/ratings/{game}": "cursor",
    # A join's name is optional only with an account key (it defaults to the handle): what the
    # credential decides, which the document cannot say in the body's schema.
    "POST /v1/games/{game_id}/join": "name",
}


def _problem_fields(response: Any) -> set[str]:
    try:
        body = response.json()
    except Exception:
        return set()
    return set((body or {}).get("errors") or {}) if isinstance(body, dict) else set()


@schemathesis.check
def refused_valid_data(ctx: Any, response: Any, case: Any) -> bool | None:
    """``positive_data_acceptance``, but for what the game (not the document) decides."""
    label = case.operation.label
    if response.status_code in DECIDED_BY_THE_GAME.get(label, ()):
        return None
    fields = _problem_fields(response) if response.status_code == 400 else set()
    if fields and fields <= DECIDED_BY_THE_LOG.get(label, set()):
        return None
    opaque = OPAQUE.get(label)
    if opaque and response.status_code == 400 and _problem_fields(response) == {opaque}:
        return None
    return positive_data_acceptance(ctx, response, case)


CHECKS = [
    not_a_server_error,
    refused_valid_data,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
]


def aim(case: Any, game_id: str, token: str) -> None:
    """Point half the cases with a ``game_id`` at ``game_id``, a quarter also with ``token``.

    The choice is a hash of the generated parameters, so a case is aimed the same way when
    hypothesis replays it.
    """
    params = case.path_parameters or {}
    if "game_id" not in params:
        return
    pick = int(hashlib.sha256(repr(sorted(params.items())).encode()).hexdigest(), 16)
    if pick % 2:
        params["game_id"] = game_id
        # A stream ticket is the other credential of the SSE route: both at once is a 400.
        if pick % 4 == 1 and "ticket" not in (case.query or {}):
            case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
