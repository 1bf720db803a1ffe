"""The audit routes: the audit report of any game, and the export bundle of a finished one.

Both read the stored envelopes as they are (never the service's cached state), since the point
is to check what Redis holds. Before the end the report runs only the checks that need no seed
and quotes no event data, so it is as public as the game's summary.
"""

from __future__ import annotations

from flask import Blueprint, Response

from domain.match import FINISHED
from service import audit
from service.api.http import caller_seat, games, latest
from service.api.jsonio import answer
from service.errors import NotFinished

bp = Blueprint("audit", __name__)


@bp.get("/v1/games/<game_id>/audit")
def audit_report(game_id: str) -> Response:
    caller_seat(game_id, required=False)  # a bad token is 401/403 here too; 404 if unknown
    latest(game_id)
    try:
        report = audit.audit(audit.stored_envelopes(games().store, game_id), game_id=game_id)
    except audit.Unreadable as problem:
        report = audit.unreadable_report(problem, game_id)
    return answer(report.to_dict())


@bp.get("/v1/games/<game_id>/export")
def export(game_id: str) -> Response:
    caller_seat(game_id, required=False)
    if latest(game_id).state.status != FINISHED:
        raise NotFinished("the bundle is exported once the game has ended (it holds the seed)")
    envelopes = games().store.read(game_id)
    response = answer(audit.bundle(game_id, envelopes))
    response.headers["Content-Disposition"] = f'attachment; filename="foxden-{game_id}.json"'
    return response
