"""Request bodies, checked for syntax before anything else (unknown fields are rejected).

Only the shape is checked here; what the rules allow is ``decide``'s business. Each game
contributes one schema per command type (``service/api/commands.py``).
"""

from __future__ import annotations

import functools
from typing import Any

import orjson
from marshmallow import Schema, ValidationError, fields, validate, validates_schema


class JsonInt(fields.Integer):
    """A JSON integer: ``5`` or ``5.0``; never ``"5"``, ``true`` or ``5.5``."""

    default_error_messages = {"invalid": "Not a valid integer."}

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.make_error("invalid")
        if isinstance(value, float) and not value.is_integer():
            raise self.make_error("invalid")
        return super()._deserialize(int(value), attr, data, **kwargs)


class Text(fields.String):
    """A string without control characters."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        if any(ord(ch) < 32 or ord(ch) == 127 for ch in text):
            raise ValidationError("Must not contain control characters.")
        return text


class SeatSchema(Schema):
    kind = fields.String(required=True, validate=validate.OneOf(["human", "bot"]))
    strategy = Text(validate=validate.Length(min=1, max=40))

    @validates_schema
    def strategy_for_bots_only(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data.get("kind") == "bot" and "strategy" not in data:
            raise ValidationError("A bot seat needs a strategy.", "strategy")
        if data.get("kind") == "human" and "strategy" in data:
            raise ValidationError("Only a bot seat has a strategy.", "strategy")


class CreateGameSchema(Schema):
    game = Text(required=True, validate=validate.Length(min=1, max=64))
    seats = fields.List(
        fields.Nested(SeatSchema), required=True, validate=validate.Length(min=1, max=16)
    )
    options = fields.Dict(keys=Text(validate=validate.Length(max=64)), values=JsonInt())


class JoinSchema(Schema):
    name = Text(required=True, validate=validate.Length(min=1, max=40))
    seat = JsonInt(
        validate=validate.Range(min=0, max=15),
        metadata={"description": "A seat of the table (409 `no_such_seat` beyond it)."},
    )
    client_seed = Text(
        validate=validate.Length(max=128),
        metadata={"description": "Your own entropy, mixed into every shuffle."},
    )


class CommandTypeSchema(Schema):
    """Only the discriminator; the rest of the body is checked by the type's own schema."""

    type = Text(required=True, validate=validate.Length(min=1, max=40))


@functools.cache
def _instance(schema: type[Schema], unknown: str | None) -> Schema:
    # Building a schema deep-copies its fields (a fifth of a command's CPU here); a built
    # schema keeps no state between loads, so one instance serves every request and thread.
    return schema() if unknown is None else schema(unknown=unknown)


def load(schema: type[Schema], body: Any, *, unknown: str | None = None) -> dict[str, Any]:
    """Check ``body`` against ``schema``; a body that is not a JSON object is a field error.

    ``unknown`` overrides the schema's handling of unknown fields (``"exclude"`` to read only
    the fields it knows).
    """
    if not isinstance(body, dict):
        raise ValidationError({"_schema": ["The body must be a JSON object."]})
    return _instance(schema, unknown).load(body)


# A game's moves repeat: Fette Beute has a few dozen distinct command bodies, SLY and Gloria
# Picktoria a few hundred. A command schema maps the same body to the same result every time
# (it only reads the body), so a body already found valid is answered from memory: 8 k
# instructions against marshmallow's 165 k for a Fette Beute reveal with a steal (callgrind,
# 2,000 loads of one body). Only valid bodies are kept, at most
# ``MEMO_SIZE`` (then the memo starts afresh): a client sending ever new bodies fills it with
# nothing but valid moves, and an error is always marshmallow's own.
MEMO_SIZE = 4096
_valid: dict[tuple[type[Schema], bytes], bytes] = {}


def load_command(schema: type[Schema], body: Any) -> dict[str, Any]:
    """:func:`load` for a command schema, whose fields give only JSON values back (strings,
    integers, lists, nested objects): each answer is a fresh copy, which its caller may change.
    """
    try:
        key = (schema, orjson.dumps(body))
    except TypeError:  # not a JSON value (no request body is one): no memo
        return load(schema, body)
    known = _valid.get(key)
    if known is not None:
        return orjson.loads(known)
    loaded = load(schema, body)
    if len(_valid) >= MEMO_SIZE:
        _valid.clear()
    _valid[key] = orjson.dumps(loaded)
    return loaded
