"""Fette Beute's events in words (``domain.narration``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.narration import cards, seat


def narrate(event: str, d: Mapping[str, Any]) -> str | None:
    """The line of a Fette Beute event, or None for another type."""
    s = seat(d.get("seat"))
    lines: dict[str, Callable[[], str]] = {
        "Dealt": lambda: (
            f"dealt: {seat(d['start_player'])} has the crown; "
            f"{d['supply_size']} cards in the supply"
        ),
        "AnimalsChosen": lambda: (
            f"{s} places two animals face down"
            + (f" ({cards(d['animals'])})" if d.get("animals") else "")
        ),
        "RevealTurnBegan": lambda: f"{s} to reveal",
        "AnimalRevealed": lambda: (
            f"{s} reveals the {d['animal']}" + ("" if d["how"] == "chosen" else f" ({d['how']})")
        ),
        "MarmotCopied": lambda: f"{s}'s marmot copies the {d['animal']}",
        "FoodDrawn": lambda: f"{s} draws {d['food']}",
        "FoodStolen": lambda: f"{seat(d['thief'])} steals {d['food']} from {seat(d['victim'])}",
        "TheftBlocked": lambda: (
            f"{seat(d['victim'])}'s hamster stops {seat(d['thief'])} taking {d['food']}"
        ),
        "BeaverResolved": lambda: (
            f"{s}'s {d['source']} is the only beaver: it draws"
            if d["payout"] == "solo"
            else f"beavers at seats {d['beavers']}: everyone else draws"
        ),
        "RoundEnded": lambda: f"round {d['round']} ends; the crown goes to {seat(d['crown'])}",
        "RoundStarted": lambda: f"round {d['round']} begins",
        "GameFinished": lambda: f"finished ({d['reason']}); scores {d['scores']}",
    }
    return lines[event]() if event in lines else None
