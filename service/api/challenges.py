"""The routes of challenges and seeks (``service/challenges.py``, ``service/seeks.py``).

Every route takes an account key (401 without a credential, 403 ``account_key_required`` with
a seat's token); the scope each needs is ``http.SCOPE_OF``'s, checked by the gate. Bodies are
checked by the schemas below (400 ``invalid_body`` naming the fields), then what only the
catalogue or the accounts can say: the game (400 ``unknown_game``), the seat count, strategies
and options (400 ``invalid_setup``), the opponents' handles (422 ``unknown_account``).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, url_for
from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from service import challenges as challenge_rules
from service import seeks as seek_rules
from service.accounts import Account
from service.api import schemas
from service.api.http import account_caller, games, json_body
from service.api.jsonio import answer
from service.challenges import Challenges
from service.errors import Unauthorized
from service.seeks import Seeks

bp = Blueprint("challenges", __name__)

HANDLE = r"^[A-Za-z0-9_-]{3,24}$"
# At most the largest table of the catalogue, less the challenger (Fette Beute seats 6).
MAX_OPPONENTS = 15


class BotSeatSchema(Schema):
    strategy = schemas.Text(
        required=True,
        validate=validate.Length(min=1, max=40),
        metadata={"description": "A strategy from the catalogue."},
    )


def _options() -> fields.Dict:
    return fields.Dict(
        keys=schemas.Text(validate=validate.Length(max=64)),
        values=schemas.JsonInt(),
        load_default=dict,
        metadata={"description": "The table's options, as a create takes them (the catalogue)."},
    )


class ChallengeSchema(Schema):
    game = schemas.Text(required=True, validate=validate.Length(min=1, max=64))
    opponents = fields.List(
        fields.String(validate=validate.Regexp(HANDLE, error="3 to 24 letters, digits, _ or -.")),
        required=True,
        validate=validate.Length(min=1, max=MAX_OPPONENTS),
        metadata={"description": "The handles of the accounts challenged, each once."},
    )
    bots = fields.List(
        fields.Nested(BotSeatSchema),
        load_default=list,
        validate=validate.Length(max=MAX_OPPONENTS),
        metadata={"description": "Bot seats, beside the challenger's and the opponents'."},
    )
    options = _options()
    expires_in_s = schemas.JsonInt(
        load_default=challenge_rules.DEFAULT_EXPIRES_IN_S,
        validate=validate.Range(
            min=challenge_rules.MIN_EXPIRES_IN_S, max=challenge_rules.MAX_EXPIRES_IN_S
        ),
        metadata={"description": "Seconds the opponents have to answer."},
    )

    @validates_schema
    def each_opponent_once(self, data: dict[str, Any], **kwargs: Any) -> None:
        named = [handle.lower() for handle in data.get("opponents", [])]
        if len(set(named)) != len(named):
            raise ValidationError("Each opponent is named once.", "opponents")


class SeekSchema(Schema):
    game = schemas.Text(required=True, validate=validate.Length(min=1, max=64))
    players = schemas.JsonInt(
        required=True,
        validate=validate.Range(min=1, max=16),
        metadata={"description": "The table's size (within the game's player counts)."},
    )
    options = _options()
    bots_after_s = schemas.JsonInt(
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=seek_rules.MIN_BOTS_AFTER_S, max=seek_rules.MAX_BOTS_AFTER_S),
        metadata={"description": "After this many seconds without enough people, bots fill."},
    )
    bot_strategy = schemas.Text(
        load_default=seek_rules.DEFAULT_BOT_STRATEGY,
        validate=validate.Length(min=1, max=40),
        metadata={"description": "The strategy of the bots that fill (the catalogue's)."},
    )


def _caller_account() -> Account:
    who = account_caller()
    found = games().accounts.get(who.account or "")
    if found is None:  # the key was read a moment ago; its account is gone
        raise Unauthorized("the account key is not valid")
    return found


def _created(body: dict[str, Any], location: str) -> Response:
    response = answer(body, status=201)
    response.headers.add("Location", location)
    return response


# --- challenges -------------------------------------------------------------------------------


@bp.post("/v1/challenges")
def create_challenge() -> Response:
    challenger = _caller_account()
    body = schemas.load(ChallengeSchema, json_body())
    challenge = Challenges(games()).create(
        challenger,
        body["game"],
        body["opponents"],
        body["bots"],
        body["options"],
        expires_in_s=body["expires_in_s"],
    )
    location = url_for("challenges.get_challenge", challenge_id=challenge.id)
    return _created(challenge.shown(), location)


@bp.get("/v1/challenges/<challenge_id>")
def get_challenge(challenge_id: str) -> Response:
    who = account_caller()
    return answer(Challenges(games()).get(challenge_id, who.account or "").shown())


@bp.post("/v1/challenges/<challenge_id>/accept")
def accept_challenge(challenge_id: str) -> Response:
    who = account_caller()
    return answer(Challenges(games()).accept(challenge_id, who.account or "").shown())


@bp.post("/v1/challenges/<challenge_id>/decline")
def decline_challenge(challenge_id: str) -> Response:
    who = account_caller()
    return answer(Challenges(games()).decline(challenge_id, who.account or "").shown())


@bp.delete("/v1/challenges/<challenge_id>")
def cancel_challenge(challenge_id: str) -> Response:
    who = account_caller()
    return answer(Challenges(games()).cancel(challenge_id, who.account or "").shown())


@bp.get("/v1/me/challenges")
def my_challenges() -> Response:
    who = account_caller()
    found = Challenges(games()).of_account(who.account or "")
    return answer({name: [c.shown() for c in listed] for name, listed in found.items()})


# --- seeks ------------------------------------------------------------------------------------


@bp.post("/v1/seeks")
def create_seek() -> Response:
    seeker = _caller_account()
    body = schemas.load(SeekSchema, json_body())
    seek = Seeks(games()).create(
        seeker,
        body["game"],
        body["players"],
        body["options"],
        bots_after_s=body["bots_after_s"],
        bot_strategy=body["bot_strategy"],
    )
    return _created(seek.shown(), url_for("challenges.get_seek", seek_id=seek.id))


@bp.get("/v1/seeks/<seek_id>")
def get_seek(seek_id: str) -> Response:
    who = account_caller()
    return answer(Seeks(games()).get(seek_id, who.account or "").shown())


@bp.delete("/v1/seeks/<seek_id>")
def cancel_seek(seek_id: str) -> Response:
    who = account_caller()
    return answer(Seeks(games()).cancel(seek_id, who.account or "").shown())


@bp.get("/v1/me/seeks")
def my_seeks() -> Response:
    who = account_caller()
    waiting = Seeks(games()).of_account(who.account or "")
    return answer({"seeks": [seek.shown() for seek in waiting]})
