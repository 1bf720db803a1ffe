"""SLY's commands: the body of each move a seat sends (the game's one declaration of them;
``decide`` in ``rules.py`` judges whether the move is allowed now)."""

from __future__ import annotations

from domain.shapes import CommandShape, Field, Kind, Matches, OneOf

from .model import CARDS, SPACES_PER_HOUSE

CARD = OneOf(CARDS)
# Any house number: how many houses a table has is an option, checked by ``decide``.
SPACE = Matches(rf"^h[0-9]-[1-{SPACES_PER_HOUSE}]$")
VOCABULARY: dict[str, Kind] = {"card": CARD, "space": SPACE}

COMMANDS = (
    CommandShape(
        "lay",
        (Field("card", CARD), Field("space", SPACE)),
        doc="Lay a card from your hand face down on an empty space; ends the turn.",
    ),
    CommandShape(
        "expose",
        (Field("space", SPACE),),
        doc="Turn up an opponent's face-down card: a fox is captured, a hen becomes safe.",
    ),
    CommandShape(
        "reveal_flip",
        (Field("space", SPACE),),
        doc="Flip a face-down card (anyone's); the first flip starts a REVEAL.",
    ),
    CommandShape(
        "reveal_stop",
        doc="Stop the REVEAL (after at least one flip) and resolve it; ends the turn.",
    ),
)
