"""The shape of a command body, declared once beside a game's rules.

A game lists the commands a seat may send as data: each ``CommandShape`` names its ``type`` tag
and its fields, and each field its kind. The service turns these declarations into its request
validators and the OpenAPI document, and the catalogue lists their types, so that a game's
commands are written down in one place only.

A shape says what a well-formed body looks like (syntax): identifiers from the game's own
vocabulary, integers in a range, lists of a length. Whether the move is allowed now stays with
``decide``, which checks everything again because it trusts no client.

Every object is closed: a body holds ``type`` and exactly its declared fields (the optional ones
may be absent), nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass

# The seat numbers any game's schema lets through; the table's own player count is a rule,
# checked by ``decide`` (an unseated number is an illegal move, not a malformed body).
MAX_SEAT = 15


@dataclass(frozen=True)
class OneOf:
    """A string from a fixed vocabulary: a card, an animal, a motif (the rules files' ids)."""

    values: tuple[str, ...]


@dataclass(frozen=True)
class Matches:
    """A string matching ``pattern``, a regular expression that Python's ``re`` and JSON
    Schema read alike (anchor it with ``^`` and ``$``)."""

    pattern: str


@dataclass(frozen=True)
class Int:
    """A JSON integer from ``minimum`` to ``maximum`` inclusive (``5.0`` counts, ``true`` not)."""

    minimum: int
    maximum: int


SEAT = Int(0, MAX_SEAT)


@dataclass(frozen=True)
class ListOf:
    """A list of exactly ``length`` items of one kind."""

    item: Kind
    length: int


@dataclass(frozen=True)
class Record:
    """A nested object with its own fields; ``name`` names it in the API's documents."""

    name: str
    fields: tuple[Field, ...]


Kind = OneOf | Matches | Int | ListOf | Record


@dataclass(frozen=True)
class Field:
    """One field of a body: its name, its kind, and whether the body must carry it."""

    name: str
    kind: Kind
    required: bool = True


@dataclass(frozen=True)
class CommandShape:
    """A command a seat may send: ``{"type": type, <fields>}``, and what it does (``doc``)."""

    type: str
    fields: tuple[Field, ...] = ()
    doc: str = ""
