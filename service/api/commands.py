"""One marshmallow schema per command type of each game: the syntax of a move.

Identifiers are checked against the game's vocabulary here so a typo gets a field message;
whether the move is allowed now is decided by the rules engine.
"""

from __future__ import annotations

from collections.abc import Mapping

from marshmallow import Schema, fields, validate

from service.api.schemas import JsonInt

SEAT = JsonInt(required=True, validate=validate.Range(min=0, max=15))


def _type(name: str) -> fields.String:
    return fields.String(required=True, validate=validate.Equal(name))


def _one_of(values: list[str], **kwargs: object) -> fields.String:
    return fields.String(validate=validate.OneOf(values), **kwargs)


class LeaveSchema(Schema):
    """Hand the seat to a bot for the rest of the game (every game)."""

    type = _type("leave")


# --- Fette Beute ---------------------------------------------------------------------------

ANIMALS = ["squirrel", "raccoon", "hamster", "marmot", "beaver"]
FOODS = ["walnut", "sunflower", "hazelnut", "acorn", "peanut"]


class ChooseSchema(Schema):
    type = _type("choose")
    animals = fields.List(
        _one_of(ANIMALS, required=True), required=True, validate=validate.Length(equal=2)
    )


class StealSchema(Schema):
    target = SEAT
    kind = _one_of(FOODS, required=True)


class RevealSchema(Schema):
    type = _type("reveal")
    animal = _one_of(ANIMALS, required=True)
    steal = fields.Nested(StealSchema)


COMMANDS: dict[str, dict[str, type[Schema]]] = {
    "fette-beute": {"choose": ChooseSchema, "reveal": RevealSchema},
}


def schemas_for(game_id: str) -> Mapping[str, type[Schema]]:
    """The command schemas of a game, ``leave`` included."""
    return {**COMMANDS.get(game_id, {}), "leave": LeaveSchema}


def register(game_id: str, schemas: Mapping[str, type[Schema]]) -> None:
    """Add a game's command schemas (games outside this package, tests)."""
    COMMANDS[game_id] = dict(schemas)
