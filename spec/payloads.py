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
from domain.fette_beute.state import FOODS
from domain.match import TABLE_OPTIONS
from service.api.commands import ANIMALS, CHEST_KINDS, SLY_CARDS

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
                "expires_at": {**STR, "description": "When the table expires if it still waits."},
            },
        ),
        "PlayerJoined": obj({"seat": SEAT, "name": STR, "client_seed": STR}, {"token_hash": STR}),
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
        "SeatLeft": obj({"seat": SEAT, "strategy": STR}),
        "SeatReopened": obj(
            {"seat": SEAT}, description="A player gave the seat back before the start."
        ),
        "TableCancelled": obj({}, description="The owner cancelled the waiting table."),
        "TableExpired": obj({"expires_at": STR}, description="Nobody filled the table in time."),
        "GameEnded": obj({"result": ref("Result"), "seed": STR}),
    }


# --- Fette Beute ------------------------------------------------------------------------------

FOOD = enum(list(FOODS))
ANIMAL = enum(ANIMALS)
HOW = enum(["chosen", "forced", "reactive"])
FOOD_COUNTS = obj(dict.fromkeys(FOODS, INT))


def fette_beute() -> dict[str, Schema]:
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
            "stores": array(FOOD_COUNTS),
            "chosen": array(BOOL),
            "face_down": INTS,
            "face_down_animals": array(maybe(array(ANIMAL))),
            "revealed": array(array(obj({"animal": ANIMAL, "how": HOW}))),
            "turn": maybe(INT),
            "beaver_resolved": BOOL,
            "to_act": SEATS,
            "result": maybe(ref("FetteBeuteResult")),
        },
        description="`board` of a Fette Beute view (before the deal: seat, players, phase, rules).",
    )
    theft = obj({"thief": SEAT, "victim": SEAT, "food": FOOD})
    events = {
        "Dealt": obj(
            {"start_player": SEAT, "stores": array(array(FOOD)), "supply_size": INT},
            {"supply": array(FOOD, description="Hidden until the end.")},
        ),
        "AnimalsChosen": obj(
            {"seat": SEAT}, {"animals": array(ANIMAL, description="The chooser's own only.")}
        ),
        "RevealTurnBegan": obj({"seat": SEAT}),
        "AnimalRevealed": obj({"seat": SEAT, "animal": ANIMAL, "how": HOW}),
        "MarmotCopied": obj({"seat": SEAT, "animal": ANIMAL}),
        "FoodDrawn": obj({"seat": SEAT, "food": FOOD}),
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

SLY_CARD = enum(SLY_CARDS)
SPACE_ID = {"type": "string", "pattern": "^h[0-9]-[1-4]$"}
PLACED = obj({"space": SPACE_ID, "owner": SEAT, "card": SLY_CARD})


def sly() -> dict[str, Schema]:
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
                        "space": SPACE_ID,
                        "value": INT,
                        "status": enum(["empty", "face_down", "flipped", "safe"]),
                    },
                    {"owner": SEAT, "laid_turn": INT, "card": SLY_CARD},
                )
            ),
            "reveal": array(SPACE_ID),
            "hand_sizes": INTS,
            "hands": array(maybe(array(SLY_CARD))),
            "gobbled": array(array(obj({"owner": SEAT, "card": SLY_CARD}))),
            "captured_foxes": array(SEATS),
            "returned": array({"type": "object", "additionalProperties": INT}),
            "scores": INTS,
            "over": BOOL,
            "end_reason": maybe(enum(["low_hand", "house_full", "turn_cap"])),
            "final_flips": array(PLACED),
        },
        description="`board` of a SLY view.",
    )
    events = {
        "TableSetUp": obj(
            {
                "players": INT,
                "start_player": SEAT,
                "spaces": array(obj({"space": SPACE_ID, "value": INT})),
                "hand": array(SLY_CARD),
                "max_turns_per_player": INT,
                "low_hand": INT,
            }
        ),
        "CardLaid": obj(
            {"seat": SEAT, "space": SPACE_ID},
            {"card": {**SLY_CARD, "description": "The layer's own only."}},
        ),
        "FoxCaptured": obj({"seat": SEAT, "space": SPACE_ID, "owner": SEAT}),
        "HenExposed": obj(
            {"seat": SEAT, "space": SPACE_ID, "owner": SEAT, "card": SLY_CARD, "value": INT}
        ),
        "CardFlipped": obj({"seat": SEAT, "space": SPACE_ID, "owner": SEAT, "card": SLY_CARD}),
        "RevealResolved": obj(
            {
                "seat": SEAT,
                "flipped": array(SPACE_ID),
                "gobbled": maybe(
                    obj(
                        {
                            "space": SPACE_ID,
                            "owner": SEAT,
                            "card": SLY_CARD,
                            "by": SEAT,
                            "fox_space": SPACE_ID,
                        }
                    )
                ),
                "safe": maybe(
                    obj({"space": SPACE_ID, "owner": SEAT, "card": SLY_CARD, "value": INT})
                ),
                "returned": array(PLACED),
            }
        ),
        "PlayEnded": obj(
            {
                "reason": enum(["low_hand", "house_full", "turn_cap"]),
                "seat": SEAT,
                "flips": array(PLACED),
            }
        ),
    }
    return {"board": board, "result": result, "events": events}


# --- Gloria Picktoria -------------------------------------------------------------------------

GP_CARD = enum([*CHEST_KINDS, "doubler", "scoring"])
MOTIF = enum([kind for kind in CHEST_KINDS if kind != "joker"])
MOTIF_POINTS = {"type": "object", "propertyNames": MOTIF, "additionalProperties": INT}
CHEST_AT = obj({"owner": SEAT, "chest": INT})
PENALTY = obj({"hand_cards": INT, "empty_chests": INT, "points": INT})


def gloria_picktoria() -> dict[str, Schema]:
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
            "display": array(maybe(GP_CARD)),
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
                                    "motif": maybe(MOTIF),
                                    "length": INT,
                                    "jokers": INT,
                                    "doubled": BOOL,
                                },
                                {"card": {**GP_CARD, "description": "Once the game is over."}},
                            )
                        ),
                    }
                )
            ),
            "hand": maybe(array(GP_CARD)),
            "scores": INTS,
            "scorings": array(
                obj(
                    {
                        "number": INT,
                        "final": BOOL,
                        "points": array(MOTIF_POINTS),
                        "excluded": maybe(CHEST_AT),
                        "totals": INTS,
                        "penalties": maybe(array(PENALTY)),
                    }
                )
            ),
            "winners": maybe(SEATS),
        },
        {
            "hands": array(array(GP_CARD), description="Once the game is over."),
            "pile": array(GP_CARD, description="Once the game is over."),
        },
        description="`board` of a Gloria Picktoria view.",
    )
    scoring = {
        "number": INT,
        "points": array(MOTIF_POINTS),
        "excluded": maybe(CHEST_AT),
        "totals": INTS,
        "scores": INTS,
    }
    events = {
        "CardsDealt": obj(
            {
                "start_player": SEAT,
                "display": array(GP_CARD),
                "hands": array(maybe(array(GP_CARD))),
                "hand_sizes": INTS,
                "pile_size": INT,
            },
            {"pile": array(GP_CARD, description="Hidden until the end.")},
        ),
        "ChestMade": obj({"seat": SEAT, "card": GP_CARD, "chest": INT, "cost": INT}),
        "CardLaid": obj(
            {
                "seat": SEAT,
                "card": GP_CARD,
                "chest": INT,
                "motif": MOTIF,
                "opened": BOOL,
                "cost": INT,
            }
        ),
        "FoxEntered": CHEST_AT,
        "DoublerPlayed": obj({"seat": SEAT, "chest": INT, "cost": INT}),
        "DisplayCardTaken": obj({"seat": SEAT, "slot": INT, "card": GP_CARD, "cost": INT}),
        "BlindDrawBegun": obj({"seat": SEAT, "cost": INT}),
        "CardDrawnBlind": obj(
            {"seat": SEAT, "card": {**maybe(GP_CARD), "description": "The drawer's own only."}}
        ),
        "DisplayRefilled": obj({"slot": INT, "card": GP_CARD}),
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
