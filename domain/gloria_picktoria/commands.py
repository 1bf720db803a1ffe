"""Gloria Picktoria's commands: the body of each move a seat sends (the game's one declaration
of them; ``decide`` in ``rules.py`` judges whether the move is allowed now)."""

from __future__ import annotations

from domain.shapes import SEAT, CommandShape, Field, Int, OneOf

from .cards import CHEST_KINDS, DOUBLER, MOTIFS, SCORING

# What ``make_chest`` and ``lay`` name; views and events also show the doubler and scoring cards.
KIND = OneOf(CHEST_KINDS)
VOCABULARY = {
    "card": OneOf((*CHEST_KINDS, DOUBLER, SCORING)),
    "motif": OneOf(MOTIFS),
    "chest_kind": KIND,
}
# A chest's creation index or a display slot: how many there are depends on the table and the
# options, which ``decide`` checks; the body only has to hold a plausible one.
INDEX = Int(0, 99)

COMMANDS = (
    CommandShape(
        "make_chest",
        (Field("kind", KIND),),
        doc="1 AP: lay a hand card (not the doubler) face down as a new empty chest.",
    ),
    CommandShape(
        "lay",
        (Field("kind", KIND), Field("chest", INDEX)),
        doc="1 AP: lay a hand card on one of your chests, by its creation index.",
    ),
    CommandShape(
        "play_doubler",
        (Field("chest", INDEX),),
        doc="1 AP: close one of your collections and double its points in every later scoring.",
    ),
    CommandShape(
        "take_display",
        (Field("slot", INDEX),),
        doc="1 AP: take the display card in that slot (refilled at once).",
    ),
    CommandShape("draw_blind", doc="2 AP: draw the top card of the pile."),
    CommandShape(
        "move_fox",
        (Field("owner", SEAT), Field("chest", INDEX)),
        doc="Once a turn, move the fox off one of your collections: to another of yours (1 AP)"
        " or onto an opponent's (2 AP).",
    ),
    CommandShape(
        "pass_fox",
        (Field("chest", INDEX),),
        doc="Free, once your AP are spent: pass the fox to a collection of your left neighbour.",
    ),
    CommandShape(
        "end_turn", doc="End the turn without passing the fox (only while a pass is pending)."
    ),
)
