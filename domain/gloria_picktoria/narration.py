"""Gloria Picktoria's events in words (``domain.narration``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.narration import cards, seat


def narrate(event: str, d: Mapping[str, Any]) -> str | None:
    """The line of a Gloria Picktoria event, or None for another type."""
    s = seat(d.get("seat"))
    ap = f" ({d['cost']} AP)" if "cost" in d else ""
    lines: dict[str, Callable[[], str]] = {
        "CardsDealt": lambda: (
            f"dealt: display {cards(d['display'])}; "
            f"{d['pile_size']} cards in the pile; {seat(d['start_player'])} begins"
        ),
        "ChestMade": lambda: f"{s} makes chest {d['chest']} from a {d['card']}{ap}",
        "CardLaid": lambda: (
            f"{s} lays {d['card']} on chest {d['chest']}"
            + (f", opening {d['motif']}" if d.get("opened") else "")
            + ap
        ),
        "FoxEntered": lambda: f"the fox enters on {seat(d['owner'])}'s chest {d['chest']}",
        "DoublerPlayed": lambda: f"{s} doubles chest {d['chest']}{ap}",
        "DisplayCardTaken": lambda: f"{s} takes {d['card']} from slot {d['slot']}{ap}",
        "BlindDrawBegun": lambda: f"{s} draws blind{ap}",
        "CardDrawnBlind": lambda: f"{s} draws " + (d.get("card") or "a hidden card"),
        "DisplayRefilled": lambda: f"slot {d['slot']} refilled: {d['card']}",
        "ScoringCardSetAside": lambda: f"scoring card {d['count']} set aside",
        "ScoringHeld": lambda: f"scoring {d['number']}: {d['totals']} (running {d['scores']})",
        "FinalScoringHeld": lambda: f"final scoring: {d['totals']} (total {d['scores']})",
        "FoxMoved": lambda: f"{s} moves the fox to {seat(d['owner'])}'s chest {d['chest']}{ap}",
        "FoxPassed": lambda: f"{s} passes the fox to {seat(d['owner'])}'s chest {d['chest']}",
        "TurnEnded": lambda: f"{s} ends the turn; {seat(d['next'])} next",
    }
    return lines[event]() if event in lines else None
