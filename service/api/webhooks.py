"""The webhook routes (``/v1/webhooks``): endpoints, their secrets, the attempt log and
redeliveries. What they do lives in ``service/webhooks.py``.

Who: an account key (its account's endpoints; scope ``read`` to look, ``create`` to change
anything), or the operator key (``FOXDEN_OPERATOR_KEY``: the operator's own endpoints, which get
the frames of every account). Anything else is a 401 (no credential, or one that is not valid)
or a 403 ``account_key_required`` (a seat's token). The caller is authenticated before the body
or the path's ids are looked at: a request without the right credential learns nothing.
"""

from __future__ import annotations

from flask import Blueprint, Response
from marshmallow import Schema, fields, validate

from service.api import schemas
from service.api.http import bearer_token, caller, games, int_arg, json_body
from service.api.jsonio import answer
from service.errors import AccountKeyRequired, MissingScope, Unauthorized
from service.webhooks import EVENT_TYPES, OPERATOR, Webhooks

bp = Blueprint("webhooks", __name__)


class NewWebhookSchema(Schema):
    url = fields.String(
        required=True,
        validate=validate.Length(min=1, max=2048),
        metadata={"description": "https://… (http:// only where the operator allows it)."},
    )
    events = fields.List(
        fields.String(validate=validate.OneOf(EVENT_TYPES)),
        required=True,
        validate=validate.Length(min=1, max=len(EVENT_TYPES)),
    )
    description = schemas.Text(load_default="", validate=validate.Length(max=200))


def _owner(scope: str) -> str:
    """Whose endpoints the request is about: the account of its key (which needs ``scope``),
    or the operator's."""
    who = caller()
    if who.operator:
        return OPERATOR
    if who.account is not None:
        if scope not in who.scopes:
            raise MissingScope(f"this key lacks the scope {scope!r}", scope=scope)
        return who.account
    if bearer_token() is None:
        raise Unauthorized("webhooks need Authorization: Bearer <account key>")
    raise AccountKeyRequired("webhooks need an account key (fdk_...), not a seat's token")


def _webhooks() -> Webhooks:
    return games().webhooks


@bp.post("/v1/webhooks")
def register() -> Response:
    owner = _owner("create")
    body = schemas.load(NewWebhookSchema, json_body())
    endpoint, secret = _webhooks().register(owner, body["url"], body["events"], body["description"])
    return answer({**endpoint.shown(), "secret": secret}, status=201)


@bp.get("/v1/webhooks")
def list_webhooks() -> Response:
    owner = _owner("read")
    return answer({"webhooks": [e.shown() for e in _webhooks().endpoints(owner)]})


@bp.get("/v1/webhooks/<webhook_id>")
def get_webhook(webhook_id: str) -> Response:
    owner = _owner("read")
    return answer(_webhooks().get(owner, webhook_id).shown())


@bp.delete("/v1/webhooks/<webhook_id>")
def delete_webhook(webhook_id: str) -> Response:
    owner = _owner("create")
    _webhooks().delete(owner, webhook_id)
    return Response(status=204)


@bp.post("/v1/webhooks/<webhook_id>/rotate")
def rotate(webhook_id: str) -> Response:
    owner = _owner("create")
    endpoint, secret = _webhooks().rotate(owner, webhook_id)
    return answer({**endpoint.shown(), "secret": secret})


@bp.post("/v1/webhooks/<webhook_id>/enable")
def enable(webhook_id: str) -> Response:
    owner = _owner("create")
    return answer(_webhooks().enable(owner, webhook_id).shown())


@bp.get("/v1/webhooks/<webhook_id>/deliveries")
def attempts(webhook_id: str) -> Response:
    owner = _owner("read")
    limit = int_arg("limit", 50, 1, 200) or 50
    return answer({"attempts": _webhooks().attempts(owner, webhook_id, limit)})


@bp.post("/v1/webhooks/<webhook_id>/deliveries/<delivery_id>/redeliver")
def redeliver(webhook_id: str, delivery_id: str) -> Response:
    owner = _owner("create")
    attempt = _webhooks().redeliver(owner, webhook_id, delivery_id)
    return answer({"delivery": delivery_id, "attempt": attempt}, status=202)
