"""The marshmallow schema of each command of each game: the syntax of a move.

Nothing here names a game: each game declares its commands beside its rules
(``GameDefinition.commands``, ``domain.shapes``), and this module translates each declaration
into a schema, once per game. Identifiers are checked against the game's vocabulary here so a
typo gets a field message; whether the move is allowed now is decided by the rules engine.
"""

from __future__ import annotations

from collections.abc import Mapping

from marshmallow import Schema, fields, validate

from domain import match, registry
from domain.game import GameDefinition
from domain.shapes import CommandShape, Field, Int, Kind, ListOf, Matches, OneOf, Record
from service.api.schemas import JsonInt


def pascal(name: str) -> str:
    """``reveal_flip`` -> ``RevealFlip``, ``fette-beute`` -> ``FetteBeute``."""
    return "".join(part.capitalize() for part in name.replace("-", "_").split("_"))


def _field(kind: Kind, required: bool) -> fields.Field:
    match kind:
        case OneOf(values):
            return fields.String(required=required, validate=validate.OneOf(list(values)))
        case Matches(pattern):
            return fields.String(required=required, validate=validate.Regexp(pattern))
        case Int(minimum, maximum):
            return JsonInt(required=required, validate=validate.Range(min=minimum, max=maximum))
        case ListOf(item, length):
            return fields.List(
                _field(item, True), required=required, validate=validate.Length(equal=length)
            )
        case Record(name, members):
            return fields.Nested(_schema(name, members), required=required)
    raise TypeError(f"no schema field for {kind!r}")


def _schema(name: str, members: tuple[Field, ...], tag: str | None = None) -> type[Schema]:
    declared: dict[str, fields.Field] = {}
    if tag is not None:
        declared["type"] = fields.String(required=True, validate=validate.Equal(tag))
    for member in members:
        declared[member.name] = _field(member.kind, member.required)
    # The class name names the schema in the OpenAPI document (``spec/build.py``).
    return Schema.from_dict(declared, name=f"{pascal(name)}Schema")


def schema_of(shape: CommandShape) -> type[Schema]:
    """A new schema class that loads exactly the bodies ``shape`` describes."""
    return _schema(shape.type, shape.fields, tag=shape.type)


LeaveSchema = schema_of(match.LEAVE)

# game id -> (the definition the schemas were made from, its schemas by command type). A
# schema class is the key of the valid-body memo (``schemas.load_command``), so each game's are
# made once and kept; a game registered again with another definition gets new ones.
_made: dict[str, tuple[GameDefinition, Mapping[str, type[Schema]]]] = {}
_LEAVE_ONLY: Mapping[str, type[Schema]] = {match.LEAVE.type: LeaveSchema}


def schemas_for(game_id: str) -> Mapping[str, type[Schema]]:
    """The command schemas of a game, ``leave`` included (only ``leave`` for an unknown id)."""
    try:
        game = registry.get(game_id)
    except registry.UnknownGame:
        return _LEAVE_ONLY
    made = _made.get(game_id)
    if made is None or made[0] is not game:
        made = _made[game_id] = (
            game,
            {**{shape.type: schema_of(shape) for shape in game.commands}, **_LEAVE_ONLY},
        )
    return made[1]
