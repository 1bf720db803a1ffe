"""The game routes: catalogue, create, list, summary, cancel, join, state, legal moves, commands.

A route reads the request, calls the application service and shapes the answer; rules and
storage live below it.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, request, url_for
from marshmallow import ValidationError

from domain import match, registry
from domain.game import Option
from service.accounts import is_account_key
from service.api import commands, schemas
from service.api.http import (
    bearer_token,
    caller,
    caller_seat,
    games,
    idempotency_key,
    if_match,
    int_arg,
    json_body,
    latest,
    not_modified,
    require_scope,
    with_etag,
)
from service.api.jsonio import answer
from service.api.problems import BadRequest
from service.errors import Unauthorized, UnknownGame, VersionNotFound
from service.games import Loaded
from service.index import decode_cursor

bp = Blueprint("games", __name__)

STATUSES = match.STATUSES
BOOLEANS = {"true": True, "false": False}


def summary(loaded: Loaded) -> dict[str, Any]:
    state = loaded.state
    body: dict[str, Any] = {
        "id": None,
        "game": state.game,
        "status": state.status,
        "version": state.version,
        "head_hash": loaded.head_hash,
        "seats": match.seats_summary(state),
        "to_act": sorted(state.to_act()),
        "clocks": games().clocks(loaded),
        "options": dict(state.options),
        "commitment": state.commitment,
    }
    if state.result is not None:
        body["result"] = state.result
    return body


def summary_of(game_id: str, loaded: Loaded) -> dict[str, Any]:
    return {**summary(loaded), "id": game_id}


@bp.get("/v1/catalog")
def catalog() -> Response:
    return answer(
        {
            "games": [
                {
                    "id": game.id,
                    "name": game.name,
                    "min_players": game.min_players,
                    "max_players": game.max_players,
                    "rules_version": game.rules_version,
                    "strategies": sorted(game.strategies),
                    "commands": sorted(shape.type for shape in match.command_shapes(game)),
                    "options": {
                        name: catalog_option(name, option)
                        for name, option in match.all_options(game).items()
                    },
                }
                for game in registry.all_games()
            ]
        }
    )


def catalog_option(name: str, option: Option) -> dict[str, Any]:
    """An option as the catalogue shows it. The idle limit's default is this service's (what a
    create that names none gets: FOXDEN_IDLE_LIMIT_S), and ``live_default`` is the web page's
    live tables' (FOXDEN_LIVE_IDLE_LIMIT_S)."""
    entry: dict[str, Any] = {
        "default": option.default,
        "minimum": option.minimum,
        "maximum": option.maximum,
        "description": option.description,
    }
    if name == "idle_limit_s":
        service = games()
        entry["default"] = service.idle_limit_s or 0
        entry["live_default"] = service.live_idle_limit_s
    return entry


@bp.post("/v1/games")
def create_game() -> Response:
    body = schemas.load(schemas.CreateGameSchema, json_body())
    try:
        registry.get(body["game"])
    except registry.UnknownGame:
        raise UnknownGame(f"no game {body['game']!r}; see /v1/catalog") from None
    who = caller()
    account = None
    if who.account is not None:  # the account takes the first human seat (service.games)
        account = (who.account, _handle(who.account))
    outcome = games().create(body["game"], body["seats"], body.get("options", {}), account=account)
    game_id = outcome.game_id
    location = url_for("games.get_game", game_id=game_id)
    body = {**summary_of(game_id, outcome.loaded), "owner_token": outcome.owner_token}
    created = answer(body, status=201)
    created.headers.add("Location", location)
    return created


@bp.get("/v1/games")
def list_games() -> Response:
    status = request.args.get("status")
    game = request.args.get("game")
    if status is not None and status not in STATUSES:
        raise BadRequest(
            "invalid_parameter", "unknown status", {"status": [f"One of {', '.join(STATUSES)}."]}
        )
    if game is not None:
        try:
            registry.get(game)
        except registry.UnknownGame:
            raise BadRequest(
                "invalid_parameter", "unknown game", {"game": ["Unknown game."]}
            ) from None
    open_only = request.args.get("open", "false")
    if open_only not in BOOLEANS:
        raise BadRequest("invalid_parameter", "open is true or false", {"open": ["true or false."]})
    if BOOLEANS[open_only]:  # a table has open seats exactly while it waits
        if status not in (None, match.WAITING):
            return answer({"games": [], "next_cursor": None})
        status = match.WAITING
    live = request.args.get("live", "false")
    if live not in BOOLEANS:
        raise BadRequest("invalid_parameter", "live is true or false", {"live": ["true or false."]})
    if BOOLEANS[live] and status not in (None, match.ACTIVE):  # live games are all active
        return answer({"games": [], "next_cursor": None})
    limit = int_arg("limit", 50, 1, 200)
    cursor = request.args.get("cursor")
    if cursor is not None:
        try:
            decode_cursor(cursor)
        except ValueError:
            raise BadRequest("invalid_parameter", "bad cursor", {"cursor": ["Not ours."]}) from None
    items, next_cursor = games().index.page(status, game, cursor, limit or 50, live=BOOLEANS[live])
    return answer({"games": items, "next_cursor": next_cursor})


@bp.get("/v1/games/<game_id>")
def get_game(game_id: str) -> Response:
    caller_seat(game_id, required=False)
    loaded = latest(game_id)
    return not_modified(loaded.version) or with_etag(
        answer(summary_of(game_id, loaded)), loaded.version
    )


@bp.delete("/v1/games/<game_id>")
def cancel_game(game_id: str) -> Response:
    """The owner cancels a table that waits; the summary then reads ``cancelled``."""
    token = bearer_token()
    if token is None:
        raise Unauthorized("cancelling needs Authorization: Bearer <owner token>")
    if is_account_key(token):  # the account that created the table, with scope create
        who = caller()
        require_scope("games.cancel_game", who)
        outcome = games().cancel_as_account(game_id, who.account or "")
    else:
        outcome = games().cancel(game_id, token)
    return with_etag(answer(summary_of(game_id, outcome.loaded)), outcome.version)


@bp.post("/v1/games/<game_id>/join")
def join(game_id: str) -> Response:
    latest(game_id)  # 404 before the body is looked at
    body = schemas.load(schemas.JoinSchema, json_body())
    who = caller()
    if who.account is not None:  # the account holds the seat: no token to keep
        name = body.get("name") or _handle(who.account)
        seat, outcome = games().join_account(
            game_id, who.account, name, body.get("seat"), body.get("client_seed", "")
        )
        reply = {"seat": seat, "token": None, "account": who.account}
        return answer({**reply, "game": summary_of(game_id, outcome.loaded)}, status=201)
    if "name" not in body:
        raise ValidationError({"name": ["Missing data for required field."]})
    seat, token, outcome = games().join(
        game_id, body["name"], body.get("seat"), body.get("client_seed", "")
    )
    return answer(
        {"seat": seat, "token": token, "game": summary_of(game_id, outcome.loaded)}, status=201
    )


def _handle(account: str) -> str:
    """The handle of an account whose key was just checked (it exists)."""
    found = games().accounts.get(account)
    return found.handle if found is not None else account


@bp.get("/v1/games/<game_id>/state")
def get_state(game_id: str) -> Response:
    seat = caller_seat(game_id, required=False)
    version = int_arg("version", None, 1, 10**12)
    loaded: Loaded | None
    if version is None:
        loaded = latest(game_id)
        state = loaded.state
    else:
        state, loaded = games().state_and_latest(game_id, version)
    if version is not None and state.version < version:
        raise VersionNotFound(f"the game has {state.version} versions, not {version}")
    return not_modified(state.version, seat) or with_etag(
        answer(games().view(state, seat, loaded)), state.version, seat
    )


@bp.get("/v1/games/<game_id>/legal-moves")
def legal_moves(game_id: str) -> Response:
    seat = caller_seat(game_id, required=True)
    state = latest(game_id).state
    moves = match.legal_commands(state, seat)
    return with_etag(
        answer({"version": state.version, "seat": seat, "moves": moves}), state.version, seat
    )


@bp.post("/v1/games/<game_id>/commands")
def post_command(game_id: str) -> Response:
    seat = caller_seat(game_id, required=True)
    who = caller()
    expected, key = if_match(), idempotency_key()
    outcome = games().handle(
        game_id,
        seat,
        json_body(),
        parse=parse_command,
        expected_version=expected,
        idempotency_key=key,
        token=None if who.account is not None else bearer_token(),
        account=who.account,
    )
    # A command that changed nothing (a second ``leave``) is answered 200, with the state.
    response = answer(
        games().command_reply(outcome, seat), status=201 if outcome.envelopes else 200
    )
    headers = response.headers  # a fresh answer's: added, not set (no scan for a namesake)
    headers.add("ETag", f'"{outcome.version}"')
    if outcome.replayed:
        headers.add("Idempotent-Replayed", "true")
    return response


def parse_command(game: str, raw: Any) -> dict[str, Any]:
    """A command body of ``game`` as its schema loads it (a 400 naming the fields else)."""
    known = commands.schemas_for(game)
    kind = raw.get("type") if isinstance(raw, dict) else None
    if not isinstance(kind, str) or kind not in known:  # the usual case needs no schema for it
        kind = schemas.load(schemas.CommandTypeSchema, raw, unknown="exclude")["type"]
    if kind not in known:
        raise BadRequest(
            "invalid_body",
            f"unknown command type {kind!r}",
            {"type": [f"One of {', '.join(sorted(known))}."]},
        )
    return schemas.load_command(known[kind], raw)
