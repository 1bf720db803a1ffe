"""The accounts' ratings (issue 43): a leaderboard per game, best first, for anyone, with no
token. The ratings themselves are kept by ``service/ratings.py``; a profile shows an account's
(``service/api/accounts.py``)."""

from __future__ import annotations

from flask import Blueprint, Response, request

from service import ratings
from service.api.http import games, int_arg
from service.api.jsonio import answer
from service.api.problems import BadRequest

bp = Blueprint("ratings", __name__)


@bp.get("/v1/ratings/<game>")
def leaderboard(game: str) -> Response:
    """A page of the game's leaderboard (of one player count with ``players``), best first."""
    ratings.known_game(game)
    counts = ratings.player_counts(game)
    players = int_arg("players", None, counts.start, counts.stop - 1)
    limit = int_arg("limit", 50, 1, 200) or 50
    cursor = request.args.get("cursor")
    try:
        if cursor is not None:
            ratings.decode_cursor(cursor)
    except (ValueError, UnicodeDecodeError):
        raise BadRequest("invalid_parameter", "bad cursor", {"cursor": ["Not ours."]}) from None
    found, next_cursor = games().ratings.board(game, players, cursor, limit)
    accounts = games().accounts
    entries = []
    for account_id, count, rating in found:
        account = accounts.get(account_id)
        if account is None:  # pragma: no cover - accounts are never deleted
            continue
        entries.append(
            {"handle": account.handle, "kind": account.kind, "players": count, **rating.shown()}
        )
    return answer(
        {"game": game, "players": players, "ratings": entries, "next_cursor": next_cursor}
    )
