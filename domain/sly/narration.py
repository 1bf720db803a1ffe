"""SLY's events in words (``domain.narration``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.narration import seat


def narrate(event: str, d: Mapping[str, Any]) -> str | None:
    """The line of a SLY event, or None for another type."""
    s = seat(d.get("seat"))

    def resolved() -> str:
        parts = []
        if d.get("gobbled"):
            g = d["gobbled"]
            parts.append(f"{seat(g['by'])}'s fox gobbles {seat(g['owner'])}'s {g['card']}")
        if d.get("safe"):
            safe = d["safe"]
            parts.append(f"{seat(safe['owner'])}'s {safe['card']} is safe on {safe['space']}")
        if d.get("returned"):
            parts.append(f"{len(d['returned'])} back to hand")
        return f"{s} stops: " + ("; ".join(parts) or "nothing happens")

    lines: dict[str, Callable[[], str]] = {
        "TableSetUp": lambda: (
            f"table set: {len(d['spaces'])} spaces; {seat(d['start_player'])} begins"
        ),
        "CardLaid": lambda: (
            f"{s} lays a card face down on {d['space']}"
            + (f" ({d['card']})" if d.get("card") else "")
        ),
        "FoxCaptured": lambda: f"{s} exposes {d['space']}: {seat(d['owner'])}'s fox, captured",
        "HenExposed": lambda: (
            f"{s} exposes {d['space']}: {seat(d['owner'])}'s {d['card']}, now safe"
        ),
        "CardFlipped": lambda: f"{s} flips {d['space']}: {seat(d['owner'])}'s {d['card']}",
        "RevealResolved": resolved,
        "PlayEnded": lambda: f"play ends ({d['reason']}); {len(d['flips'])} cards turned up",
    }
    return lines[event]() if event in lines else None
