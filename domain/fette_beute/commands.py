"""Fette Beute's commands: the body of each move a seat sends (the game's one declaration of
them; ``decide`` in ``rules.py`` judges whether the move is allowed now)."""

from __future__ import annotations

from domain.shapes import SEAT, CommandShape, Field, ListOf, OneOf, Record

from .state import ANIMALS, FOODS

ANIMAL, FOOD = OneOf(ANIMALS), OneOf(FOODS)
VOCABULARY = {"animal": ANIMAL, "food": FOOD}
STEAL = Record("steal", (Field("target", SEAT), Field("kind", FOOD)))

COMMANDS = (
    CommandShape(
        "choose",
        (Field("animals", ListOf(ANIMAL, length=2)),),
        doc="Place two different animals face down, in any order (each seat once a round).",
    ),
    CommandShape(
        "reveal",
        (Field("animal", ANIMAL), Field("steal", STEAL, required=False)),
        doc="On your reveal turn, turn up one of your face-down animals. `steal` names the"
        " target seat and food kind exactly when a theft resolves (a raccoon, or a marmot"
        " copying one) and some opponent holds food; otherwise it is absent.",
    ),
)
