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


# --- SLY -----------------------------------------------------------------------------------

SLY_CARDS = ["hen1", "hen2", "hen3", "hen4", "hen5", "hen6", "fox"]
SPACE = fields.String(required=True, validate=validate.Regexp(r"^h[0-9]-[1-4]$"))


class LaySchema(Schema):
    type = _type("lay")
    card = _one_of(SLY_CARDS, required=True)
    space = SPACE


class ExposeSchema(Schema):
    type = _type("expose")
    space = SPACE


class RevealFlipSchema(Schema):
    type = _type("reveal_flip")
    space = SPACE


class RevealStopSchema(Schema):
    type = _type("reveal_stop")


# --- Gloria Picktoria ----------------------------------------------------------------------

CHEST_KINDS = [f"m{n}" for n in range(10)] + ["joker"]
INDEX = JsonInt(required=True, validate=validate.Range(min=0, max=99))


class MakeChestSchema(Schema):
    type = _type("make_chest")
    kind = _one_of(CHEST_KINDS, required=True)


class LayCardSchema(Schema):
    type = _type("lay")
    kind = _one_of(CHEST_KINDS, required=True)
    chest = INDEX


class PlayDoublerSchema(Schema):
    type = _type("play_doubler")
    chest = INDEX


class TakeDisplaySchema(Schema):
    type = _type("take_display")
    slot = INDEX


class DrawBlindSchema(Schema):
    type = _type("draw_blind")


class MoveFoxSchema(Schema):
    type = _type("move_fox")
    owner = SEAT
    chest = INDEX


class PassFoxSchema(Schema):
    type = _type("pass_fox")
    chest = INDEX


class EndTurnSchema(Schema):
    type = _type("end_turn")


COMMANDS: dict[str, dict[str, type[Schema]]] = {
    "fette-beute": {"choose": ChooseSchema, "reveal": RevealSchema},
    "sly": {
        "lay": LaySchema,
        "expose": ExposeSchema,
        "reveal_flip": RevealFlipSchema,
        "reveal_stop": RevealStopSchema,
    },
    "gloria-picktoria": {
        "make_chest": MakeChestSchema,
        "lay": LayCardSchema,
        "play_doubler": PlayDoublerSchema,
        "take_display": TakeDisplaySchema,
        "draw_blind": DrawBlindSchema,
        "move_fox": MoveFoxSchema,
        "pass_fox": PassFoxSchema,
        "end_turn": EndTurnSchema,
    },
}


def schemas_for(game_id: str) -> Mapping[str, type[Schema]]:
    """The command schemas of a game, ``leave`` included."""
    return {**COMMANDS.get(game_id, {}), "leave": LeaveSchema}


def register(game_id: str, schemas: Mapping[str, type[Schema]]) -> None:
    """Add a game's command schemas (games outside this package, tests)."""
    COMMANDS[game_id] = dict(schemas)
