"""Request bodies, checked for syntax before anything else (unknown fields are rejected).

Only the shape is checked here; what the rules allow is ``decide``'s business. Each game
contributes one schema per command type (``service/api/commands.py``).
"""

from __future__ import annotations

import functools
import re
from typing import Any

import orjson
from marshmallow import Schema, ValidationError, fields, validate, validates_schema
from marshmallow.types import UnknownOption


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


# What a player's name may not hold: Unicode's control (Cc) and format (Cf) characters and the
# line and paragraph separators (Zl, Zp). A bidi override or isolate (U+202A-U+202E,
# U+2066-U+2069) turns the rest of the table's text around it; a zero-width or tag character
# hides text in a name that looks like another; a control or a line separator breaks the lines
# it is shown on. Two format characters stay allowed: ZWNJ and ZWJ (U+200C, U+200D) spell
# Persian and Indic names and emoji sequences, and reorder nothing.
#
# Unicode 14's ranges (Python 3.11's ``unicodedata``), written out rather than read from the
# running Python's ``unicodedata``: the OpenAPI document carries this same pattern, and it must
# not change with the Python that builds it (tests/service/test_http_hygiene.py compares the
# table with ``unicodedata``). Characters below U+10000 as regex escapes; those above as
# themselves, the only form that Python's ``re`` and ECMA-262 (JSON Schema's dialect, with its
# ``u`` flag) both read as one character.
REFUSED_IN_NAMES: tuple[tuple[int, int], ...] = (
    (0x0000, 0x001F), (0x007F, 0x009F), (0x00AD, 0x00AD), (0x0600, 0x0605), (0x061C, 0x061C),
    (0x06DD, 0x06DD), (0x070F, 0x070F), (0x0890, 0x0891), (0x08E2, 0x08E2), (0x180E, 0x180E),
    (0x200B, 0x200B), (0x200E, 0x200F), (0x2028, 0x202E), (0x2060, 0x2064), (0x2066, 0x206F),
    (0xFEFF, 0xFEFF), (0xFFF9, 0xFFFB), (0x110BD, 0x110BD), (0x110CD, 0x110CD),
    (0x13430, 0x13438), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0001, 0xE0001),
    (0xE0020, 0xE007F),
)  # fmt: skip


def _class_item(code_point: int) -> str:
    return f"\\u{code_point:04x}" if code_point < 0x10000 else chr(code_point)


REFUSED_IN_NAMES_PATTERN = (
    "["
    + "".join(
        _class_item(low) + ("" if low == high else "-" + _class_item(high))
        for low, high in REFUSED_IN_NAMES
    )
    + "]"
)
# A name must show something: a character that is neither a space nor a joiner.
VISIBLE_PATTERN = "[^\\s\\u200c\\u200d]"
# Lone surrogates (Cs) too, though the document leaves them out of its pattern: they never
# reach a schema through the API (its JSON parser refuses them: a 400 ``malformed_json``), and
# the regex engines of Rust-based tools such as schemathesis cannot read a surrogate range.
_REFUSED_IN_NAMES = re.compile(REFUSED_IN_NAMES_PATTERN[:-1] + "\\ud800-\\udfff]")
_VISIBLE = re.compile(VISIBLE_PATTERN)


class Name(fields.String):
    """A player's name, as every seat's screen shows it: no character that could hide, reorder
    or break the text around it (``REFUSED_IN_NAMES``), and not blank."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        refused = _REFUSED_IN_NAMES.search(text)
        if refused:
            raise ValidationError(
                "Must not contain control or format characters "
                f"(U+{ord(refused.group()):04X} is character {refused.start() + 1})."
            )
        if not _VISIBLE.search(text):
            raise ValidationError("Must not be blank.")
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
    name = Name(
        validate=validate.Length(min=1, max=40),
        metadata={
            "description": "The seat's name: required without an account key; with one, the"
            " account's handle unless given."
        },
    )
    seat = JsonInt(
        validate=validate.Range(min=0, max=15),
        metadata={"description": "A seat of the table (409 `no_such_seat` beyond it)."},
    )
    client_seed = Text(
        validate=validate.Length(max=128),
        metadata={"description": "Your own entropy, mixed into every shuffle."},
    )


class SignUpSchema(Schema):
    handle = fields.String(
        required=True,
        validate=validate.Regexp(
            r"^[A-Za-z0-9_-]{3,24}$", error="3 to 24 letters, digits, _ or -."
        ),
        metadata={"description": "Unique whatever its case (409 `handle_taken`)."},
    )
    kind = fields.String(required=True, validate=validate.OneOf(["person", "bot"]))
    invite = Text(
        validate=validate.Length(min=1, max=64),
        metadata={"description": "A single-use invite code (needed when sign-up is by invite)."},
    )


class NewKeySchema(Schema):
    label = Text(required=True, validate=validate.Length(min=1, max=64))
    scopes = fields.List(
        fields.String(validate=validate.OneOf(["read", "play", "create"])),
        required=True,
        validate=validate.Length(min=1, max=3),
        metadata={"description": "Scopes the new key has: only scopes the sending key has."},
    )


class CommandTypeSchema(Schema):
    """Only the discriminator; the rest of the body is checked by the type's own schema."""

    type = Text(required=True, validate=validate.Length(min=1, max=40))


@functools.cache
def _instance(schema: type[Schema], unknown: UnknownOption | None) -> Schema:
    # Building a schema deep-copies its fields (a fifth of a command's CPU here); a built
    # schema keeps no state between loads, so one instance serves every request and thread.
    return schema() if unknown is None else schema(unknown=unknown)


def load(
    schema: type[Schema], body: Any, *, unknown: UnknownOption | None = None
) -> dict[str, Any]:
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
