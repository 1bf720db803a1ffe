"""The account routes: sign-up, invites, the account and its keys, my games, profiles and
device codes. The accounts themselves live in ``service/accounts.py``.

Who may sign up is the app's ``SIGNUP`` (``FOXDEN_SIGNUP``: ``open``, ``invite`` or ``closed``);
the operator key (``OPERATOR_KEY``, ``FOXDEN_OPERATOR_KEY``) may always sign up and alone makes
invite codes. Every route under ``/v1/me`` takes an account key; the scope each needs is
``http.SCOPE_OF``'s, checked by the gate.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, request

from service import accounts
from service.accounts import Accounts
from service.api import schemas
from service.api.http import account_caller, bearer_token, caller, games, int_arg, json_body
from service.api.jsonio import answer
from service.api.problems import BadRequest
from service.errors import AccountNotFound, Forbidden, Unauthorized

bp = Blueprint("accounts", __name__)

GAME_STATUSES = accounts.GAME_STATUSES


def _accounts() -> Accounts:
    return games().accounts


def _limit() -> int:
    return int_arg("limit", 50, 1, 200) or 50


def _cursor() -> tuple[int, int, str] | None:
    raw = request.args.get("cursor")
    if raw is None:
        return None
    try:
        return accounts.decode_cursor(raw)
    except (ValueError, UnicodeDecodeError):
        raise BadRequest("invalid_parameter", "bad cursor", {"cursor": ["Not ours."]}) from None


@bp.post("/v1/accounts")
def sign_up() -> Response:
    who = caller()
    body = schemas.load(schemas.SignUpSchema, json_body())
    account, key, record = _accounts().sign_up(
        body["handle"],
        body["kind"],
        mode=str(current_app.config["SIGNUP"]),
        operator=who.operator,
        invite=body.get("invite"),
    )
    shown = {**accounts.shown_key(record), "key": key}
    return answer({**account.public(), "key": shown}, status=201)


@bp.post("/v1/invites")
def create_invite() -> Response:
    who = caller()
    if not who.operator:
        if bearer_token() is None:
            raise Unauthorized("invites need Authorization: Bearer <operator key>")
        raise Forbidden("only the operator key makes invites")
    code, expires_at = _accounts().create_invite()
    return answer({"invite": code, "expires_at": expires_at}, status=201)


@bp.get("/v1/accounts/<handle>")
def profile(handle: str) -> Response:
    """An account's public profile: its handle, kind, ratings (service/ratings.py), and
    finished games with their results."""
    found = _accounts().by_handle(handle)
    if found is None:
        raise AccountNotFound("no account has this handle")
    cursor = _cursor()
    if cursor is not None and cursor[0] != accounts.RANKS[accounts.FINISHED]:
        raise BadRequest("invalid_parameter", "bad cursor", {"cursor": ["Not ours."]})
    items, next_cursor = accounts.my_games(
        _accounts(),
        found.id,
        status=accounts.FINISHED,
        cursor=cursor,
        limit=_limit(),
        load=games().load,
        clocks=games().clocks,
    )
    shown = ("id", "game", "seat", "result")
    finished = [{k: item[k] for k in shown if k in item} for item in items]
    rated = [
        {"game": key.rsplit(":", 1)[0], "players": int(key.rsplit(":", 1)[1]), **r.shown()}
        for key, r in sorted(games().ratings.of(found.id).items())
    ]
    return answer(
        {**found.public(), "ratings": rated, "games": finished, "next_cursor": next_cursor}
    )


@bp.get("/v1/me")
def me() -> Response:
    who = account_caller()
    found = _accounts().get(who.account or "")
    if found is None:  # the account's key was read a moment ago; its record is gone
        raise Unauthorized("the account key is not valid")
    return answer({**found.public(), "key": {"id": who.key_id, "scopes": sorted(who.scopes)}})


@bp.get("/v1/me/keys")
def list_keys() -> Response:
    who = account_caller()
    return answer({"keys": _accounts().keys(who.account or "")})


@bp.post("/v1/me/keys")
def add_key() -> Response:
    who = account_caller()
    body = schemas.load(schemas.NewKeySchema, json_body())
    assert who.holder is not None
    key, record = _accounts().add_key(who.holder, body["label"], body["scopes"])
    return answer({**accounts.shown_key(record), "key": key}, status=201)


@bp.delete("/v1/me/keys/<key_id>")
def revoke_key(key_id: str) -> Response:
    who = account_caller()
    assert who.holder is not None
    _accounts().revoke(who.holder, key_id)
    return Response(status=204)


@bp.get("/v1/me/games")
def my_games() -> Response:
    who = account_caller()
    status = request.args.get("status")
    if status is not None and status not in GAME_STATUSES:
        raise BadRequest(
            "invalid_parameter",
            "unknown status",
            {"status": [f"One of {', '.join(GAME_STATUSES)}."]},
        )
    items, next_cursor = accounts.my_games(
        _accounts(),
        who.account or "",
        status=status,
        cursor=_cursor(),
        limit=_limit(),
        load=games().load,
        clocks=games().clocks,
    )
    return answer({"games": items, "next_cursor": next_cursor})


@bp.post("/v1/me/device-codes")
def device_code() -> Response:
    who = account_caller()
    assert who.holder is not None
    code, expires_at = _accounts().device_code(who.holder)
    return answer({"code": code, "expires_at": expires_at}, status=201)


@bp.post("/v1/device-codes/<code>")
def redeem_device_code(code: str) -> Response:
    key, record = _accounts().redeem(code)
    return answer({**accounts.shown_key(record), "key": key}, status=201)
