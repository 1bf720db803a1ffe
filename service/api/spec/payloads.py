"""JSON Schemas of what the domain shows: each game's board (view), result and event payloads.

These come from the domain, not from marshmallow: the games build them as plain dicts
(``domain/*/views.py``, ``rules.py``). They are described here once, per game, as docs/events.md
does in prose; ``tests/service/test_payload_schemas.py`` plays real games and validates every
view, event and result against them, so a field the domain adds or drops fails there.

Objects are closed (``additionalProperties: false``): a client's generated model then has
exactly these fields. A field hidden while the game runs is optional, not nullable, when the
domain removes it (``Dealt.supply``), and nullable when the domain sends ``null`` in its place
(``CardDrawnBlind.card``).
"""

from __future__ import annotations

from typing import Any

from domain import registry
from domain.match import TABLE_OPTIONS
from domain.shapes import Matches, OneOf

Schema = dict[str, Any]

INT: Schema = {"type": "integer"}
STR: Schema = {"type": "string"}
BOOL: Schema = {"type": "boolean"}
SEAT: Schema = {"type": "integer", "minimum": 0}
SEATS: Schema = {"type": "array", "items": SEAT}
INTS: Schema = {"type": "array", "items": INT}
STRS: Schema = {"type": "array", "items": STR}


def ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def obj(required: dict[str, Schema], optional: dict[str, Schema] | None = None, **extra: Any):
    """A closed object: exactly ``required`` and, when present, ``optional``."""
    return {
        "type": "object",
        "additionalProperties": False,
        "required": list(required),
        "properties": {**required, **(optional or {})},
        **extra,
    }


def array(items: Schema, **extra: Any) -> Schema:
    return {"type": "array", "items": items, **extra}


def maybe(schema: Schema) -> Schema:
    """``schema`` or ``null``: a type list for scalars, ``oneOf`` for the rest."""
    if schema.get("type") in ("integer", "string", "boolean") and len(schema) == 1:
        return {"type": [schema["type"], "null"]}
    if schema.get("type") == "string" and "enum" in schema:
        return {"type": ["string", "null"], "enum": [*schema["enum"], None]}
    return {"oneOf": [schema, {"type": "null"}]}


def enum(values: list[str]) -> Schema:
    return {"type": "string", "enum": list(values)}


def words(game_id: str, name: str) -> tuple[str, ...]:
    """One vocabulary of the game's identifiers (``GameDefinition.vocabulary``)."""
    kind = registry.get(game_id).vocabulary[name]
    if not isinstance(kind, OneOf):
        raise TypeError(f"{game_id}'s {name} is a pattern, not a list of identifiers")
    return kind.values


def word(game_id: str, name: str) -> Schema:
    """The schema of one identifier of the game's vocabulary, as its commands check it."""
    kind = registry.get(game_id).vocabulary[name]
    if isinstance(kind, Matches):
        return {"type": "string", "pattern": kind.pattern}
    return enum(list(words(game_id, name)))


def rules_of(game_id: str) -> Schema:
    """The game's own option values, as its view's ``rules`` lists them."""
    names = sorted(registry.get(game_id).options)
    return obj(dict.fromkeys(names, INT))


def all_options() -> Schema:
    """Every option of some game with its value (``GameCreated.options``, the summary)."""
    return {"type": "object", "additionalProperties": INT}


# --- the match (every game) -----------------------------------------------------------------

SEAT_KIND = enum(["human", "bot"])
TABLE_OPTION_NAMES = sorted(TABLE_OPTIONS)


def match_events() -> dict[str, Schema]:
    return {
        "GameCreated": obj(
            {
                "game": STR,
                "rules_version": STR,
                "players": INT,
                "seats": array(obj({"kind": SEAT_KIND, "strategy": maybe(STR)})),
                "options": all_options(),
                "commitment": STR,
            },
            {
                "seed": STR,
                "owner_token_hash": STR,
                "owner_account": {**STR, "description": "The account that created the table."},
                "expires_at": {**STR, "description": "When the table expires if it still waits."},
            },
        ),
        "PlayerJoined": obj(
            {"seat": SEAT, "name": STR, "client_seed": STR},
            {
                "token_hash": STR,
                "account": {**STR, "description": "The account holding the seat (no token)."},
            },
        ),
        "GameStarted": obj(
            {"start_player": SEAT},
            {
                "orders": {
                    "type": "object",
                    "description": "Shuffle name → permutation; hidden until the end.",
                    "additionalProperties": INTS,
                }
            },
        ),
        "SeatLeft": obj(
            {"seat": SEAT, "strategy": STR},
            {"reason": enum(["left", "idle"])},
            description="A bot plays a person's seat from now on. reason: left (the player's"
            " leave; by is the player) or idle (the idle timer: the holder did not act within"
            " idle_limit_s; by.kind is timeout). Absent on events recorded before it existed:"
            " left.",
        ),
        "SeatReopened": obj(
            {"seat": SEAT}, description="A player gave the seat back before the start."
        ),
        "TableCancelled": obj({}, description="The owner cancelled the waiting table."),
        "TableExpired": obj({"expires_at": STR}, description="Nobody filled the table in time."),
        "GameEnded": obj({"result": ref("Result"), "seed": STR}),
    }


# --- Fette Beute ------------------------------------------------------------------------------

HOW = enum(["chosen", "forced", "reactive"])


def fette_beute() -> dict[str, Schema]:
    food, animal = word("fette-beute", "food"), word("fette-beute", "animal")
    food_counts = obj(dict.fromkeys(words("fette-beute", "food"), INT))
    result = obj(
        {
            "scores": INTS,
            "winners": SEATS,
            "reason": enum(["five_of_a_kind", "supply_exhausted", "round_cap"]),
            "largest_kind": INTS,
        }
    )
    board = obj(
        {
            "seat": maybe(INT),
            "players": INT,
            "phase": enum(["setup", "choose", "reveal", "cleanup", "over"]),
            "rules": rules_of("fette-beute"),
        },
        {
            "round": INT,
            "crown": SEAT,
            "supply": INT,
            "stores": array(food_counts),
            "chosen": array(BOOL),
            "face_down": INTS,
            "face_down_animals": array(maybe(array(animal))),
            "revealed": array(array(obj({"animal": animal, "how": HOW}))),
            "turn": maybe(INT),
            "beaver_resolved": BOOL,
            "to_act": SEATS,
            "result": maybe(ref("FetteBeuteResult")),
        },
        description="`board` of a Fette Beute view (before the deal: seat, players, phase, rules).",
    )
    theft = obj({"thief": SEAT, "victim": SEAT, "food": food})
    events = {
        "Dealt": obj(
            {"start_player": SEAT, "stores": array(array(food)), "supply_size": INT},
            {"supply": array(food, description="Hidden until the end.")},
        ),
        "AnimalsChosen": obj(
            {"seat": SEAT}, {"animals": array(animal, description="The chooser's own only.")}
        ),
        "RevealTurnBegan": obj({"seat": SEAT}),
        "AnimalRevealed": obj({"seat": SEAT, "animal": animal, "how": HOW}),
        "MarmotCopied": obj({"seat": SEAT, "animal": animal}),
        "FoodDrawn": obj({"seat": SEAT, "food": food}),
        "FoodStolen": theft,
        "TheftBlocked": theft,
        "BeaverResolved": obj(
            {
                "seat": SEAT,
                "source": enum(["beaver", "marmot"]),
                "beavers": SEATS,
                "payout": enum(["solo", "shared"]),
            }
        ),
        "RoundEnded": obj({"round": INT, "crown": SEAT}),
        "RoundStarted": obj({"round": INT}),
        "GameFinished": result,
    }
    return {"board": board, "result": result, "events": events}


# --- SLY --------------------------------------------------------------------------------------


def sly() -> dict[str, Schema]:
    card, space = word("sly", "card"), word("sly", "space")
    placed = obj({"space": space, "owner": SEAT, "card": card})
    result = obj(
        {
            "scores": INTS,
            "winners": SEATS,
            "decided_by": enum(["score", "captured_foxes", "safe_hens", "shared"]),
            "breakdown": array(
                obj(
                    {
                        "safe_hens": INT,
                        "safe_hen_count": INT,
                        "gobbled_hens": INT,
                        "captured_foxes": INT,
                        "captured_fox_count": INT,
                        "total": INT,
                    }
                )
            ),
            "end_reason": enum(["low_hand", "house_full", "turn_cap"]),
        }
    )
    board = obj(
        {
            "seat": maybe(INT),
            "players": INT,
            "start_player": maybe(INT),
            "current": maybe(INT),
            "phase": enum(["waiting", "action", "reveal", "over"]),
            "turn": INT,
            "max_turns": INT,
            "low_hand": INT,
            "spaces": array(
                obj(
                    {
                        "space": space,
                        "value": INT,
                        "status": enum(["empty", "face_down", "flipped", "safe"]),
                    },
                    {"owner": SEAT, "laid_turn": INT, "card": card},
                )
            ),
            "reveal": array(space),
            "hand_sizes": INTS,
            "hands": array(maybe(array(card))),
            "gobbled": array(array(obj({"owner": SEAT, "card": card}))),
            "captured_foxes": array(SEATS),
            "returned": array({"type": "object", "additionalProperties": INT}),
            "scores": INTS,
            "over": BOOL,
            "end_reason": maybe(enum(["low_hand", "house_full", "turn_cap"])),
            "final_flips": array(placed),
        },
        description="`board` of a SLY view.",
    )
    events = {
        "TableSetUp": obj(
            {
                "players": INT,
                "start_player": SEAT,
                "spaces": array(obj({"space": space, "value": INT})),
                "hand": array(card),
                "max_turns_per_player": INT,
                "low_hand": INT,
            }
        ),
        "CardLaid": obj(
            {"seat": SEAT, "space": space},
            {"card": {**card, "description": "The layer's own only."}},
        ),
        "FoxCaptured": obj({"seat": SEAT, "space": space, "owner": SEAT}),
        "HenExposed": obj(
            {"seat": SEAT, "space": space, "owner": SEAT, "card": card, "value": INT}
        ),
        "CardFlipped": obj({"seat": SEAT, "space": space, "owner": SEAT, "card": card}),
        "RevealResolved": obj(
            {
                "seat": SEAT,
                "flipped": array(space),
                "gobbled": maybe(
                    obj(
                        {
                            "space": space,
                            "owner": SEAT,
                            "card": card,
                            "by": SEAT,
                            "fox_space": space,
                        }
                    )
                ),
                "safe": maybe(obj({"space": space, "owner": SEAT, "card": card, "value": INT})),
                "returned": array(placed),
            }
        ),
        "PlayEnded": obj(
            {
                "reason": enum(["low_hand", "house_full", "turn_cap"]),
                "seat": SEAT,
                "flips": array(placed),
            }
        ),
    }
    return {"board": board, "result": result, "events": events}


# --- Gloria Picktoria -------------------------------------------------------------------------

CHEST_AT = obj({"owner": SEAT, "chest": INT})
PENALTY = obj({"hand_cards": INT, "empty_chests": INT, "points": INT})


def gloria_picktoria() -> dict[str, Schema]:
    card, motif = word("gloria-picktoria", "card"), word("gloria-picktoria", "motif")
    motif_points = {"type": "object", "propertyNames": motif, "additionalProperties": INT}
    result = obj(
        {"scores": INTS, "winners": SEATS, "scorings": array(INTS), "penalties": array(PENALTY)}
    )
    board = obj(
        {
            "players": INT,
            "viewer": maybe(INT),
            "status": enum(["dealing", "running", "over"]),
            "rules": rules_of("gloria-picktoria"),
            "active_seat": maybe(INT),
            "turn_number": INT,
            "ap_left": INT,
            "fox_action_used": BOOL,
            "fox_pass_pending": BOOL,
            "display": array(maybe(card)),
            "pile_size": INT,
            "scoring_cards_seen": INT,
            "scorings_at": INTS,
            "fox": maybe(CHEST_AT),
            "seats": array(
                obj(
                    {
                        "seat": SEAT,
                        "hand_size": INT,
                        "doubler_played": BOOL,
                        "score": INT,
                        "chests": array(
                            obj(
                                {
                                    "motif": maybe(motif),
                                    "length": INT,
                                    "jokers": INT,
                                    "doubled": BOOL,
                                },
                                {"card": {**card, "description": "Once the game is over."}},
                            )
                        ),
                    }
                )
            ),
            "hand": maybe(array(card)),
            "scores": INTS,
            "scorings": array(
                obj(
                    {
                        "number": INT,
                        "final": BOOL,
                        "points": array(motif_points),
                        "excluded": maybe(CHEST_AT),
                        "totals": INTS,
                        "penalties": maybe(array(PENALTY)),
                    }
                )
            ),
            "winners": maybe(SEATS),
        },
        {
            "hands": array(array(card), description="Once the game is over."),
            "pile": array(card, description="Once the game is over."),
        },
        description="`board` of a Gloria Picktoria view.",
    )
    scoring = {
        "number": INT,
        "points": array(motif_points),
        "excluded": maybe(CHEST_AT),
        "totals": INTS,
        "scores": INTS,
    }
    events = {
        "CardsDealt": obj(
            {
                "start_player": SEAT,
                "display": array(card),
                "hands": array(maybe(array(card))),
                "hand_sizes": INTS,
                "pile_size": INT,
            },
            {"pile": array(card, description="Hidden until the end.")},
        ),
        "ChestMade": obj({"seat": SEAT, "card": card, "chest": INT, "cost": INT}),
        "CardLaid": obj(
            {
                "seat": SEAT,
                "card": card,
                "chest": INT,
                "motif": motif,
                "opened": BOOL,
                "cost": INT,
            }
        ),
        "FoxEntered": CHEST_AT,
        "DoublerPlayed": obj({"seat": SEAT, "chest": INT, "cost": INT}),
        "DisplayCardTaken": obj({"seat": SEAT, "slot": INT, "card": card, "cost": INT}),
        "BlindDrawBegun": obj({"seat": SEAT, "cost": INT}),
        "CardDrawnBlind": obj(
            {"seat": SEAT, "card": {**maybe(card), "description": "The drawer's own only."}}
        ),
        "DisplayRefilled": obj({"slot": INT, "card": card}),
        "ScoringCardSetAside": obj({"count": INT}),
        "ScoringHeld": obj(scoring),
        "FinalScoringHeld": obj({**scoring, "penalties": array(PENALTY), "winners": SEATS}),
        "FoxMoved": obj({"seat": SEAT, "owner": SEAT, "chest": INT, "cost": INT}),
        "FoxPassed": obj({"seat": SEAT, "owner": SEAT, "chest": INT}),
        "TurnEnded": obj({"seat": SEAT, "next": SEAT}),
    }
    return {"board": board, "result": result, "events": events}


# Component-name prefix per game id, and each game's payloads.
GAMES = {
    "fette-beute": ("FetteBeute", fette_beute),
    "sly": ("Sly", sly),
    "gloria-picktoria": ("GloriaPicktoria", gloria_picktoria),
}
