"""The accounts' ratings (issue 43): a leaderboard per game, best first, and each account's
rating history in a game and player count, for anyone, with no token. The ratings themselves
are kept by ``service/ratings.py``; a profile shows an account's (``service/api/accounts.py``)."""

from __future__ import annotations

from flask import Blueprint, Response, request

from service import ratings
from service.api.http import games, int_arg
from service.api.jsonio import answer
from service.api.problems import BadRequest
from service.errors import AccountNotFound

bp = Blueprint("ratings", __name__)


@bp.get("/v1/ratings/<game>")
def leaderboard(game: str) -> Response:
    """A page of the game's leaderboard (of one player count with ``players``), best first.
    Its accounts are read in one pipeline: the page's round trips do not grow with ``limit``."""
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
    accounts = games().accounts.many(account_id for account_id, _, _ in found)
    entries = [
        {"handle": account.handle, "kind": account.kind, "players": count, **rating.shown()}
        for account_id, count, rating in found
        # (accounts are never deleted: every entry's account is there)
        if (account := accounts.get(account_id)) is not None
    ]
    return answer(
        {"game": game, "players": players, "ratings": entries, "next_cursor": next_cursor}
    )


@bp.get("/v1/ratings/<game>/<handle>/history")
def history(game: str, handle: str) -> Response:
    """The account's rating after each of its rated games of ``game`` with ``players``
    (required: a rating is one game and player count), oldest first."""
    ratings.known_game(game)
    counts = ratings.player_counts(game)
    players = int_arg("players", None, counts.start, counts.stop - 1)
    if players is None:
        raise BadRequest(
            "invalid_parameter",
            "players is required: a rating belongs to one player count",
            {"players": ["Required."]},
        )
    account = games().accounts.by_handle(handle)
    if account is None:
        raise AccountNotFound("no account has this handle")
    points = games().ratings.history(account.id, game, players)
    return answer(
        {
            "account": account.id,
            "handle": account.handle,
            "game": game,
            "players": players,
            "points": [point.shown() for point in points],
        }
    )
