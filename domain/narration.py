"""Events in words: one line per event, as a spectator sees it (hidden fields absent), for
text clients such as ``foxden demo``.

Each game tells its own events (``GameDefinition.narrate``, beside its rules); the events of the
match (creation, joining, leaving, the end) are told here, the same for every game.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

Narrate = Callable[[str, Mapping[str, Any]], str | None]


def seat(n: Any) -> str:
    return f"seat {n}"


def cards(items: Sequence[Any] | None) -> str:
    return " ".join(str(card) for card in items or []) or "-"


def untold(event: str, data: Mapping[str, Any]) -> str | None:
    """A game's ``narrate`` when it tells nothing: every event is shown plainly."""
    return None


def match_line(event: str, d: Mapping[str, Any]) -> str | None:
    """The line of an event of the match, or None for another."""
    lines: dict[str, Callable[[], str]] = {
        "GameCreated": lambda: (
            f"game created: {d['game']} for {d['players']} players ({d['rules_version']})"
        ),
        "PlayerJoined": lambda: f"{seat(d['seat'])}: {d['name']} joined",
        "GameStarted": lambda: f"game started; {seat(d['start_player'])} begins",
        "SeatLeft": lambda: (
            f"{seat(d['seat'])} did not act in time; a {d['strategy']} bot plays on"
            if d.get("reason") == "idle"
            else f"{seat(d['seat'])} left; a {d['strategy']} bot plays on"
        ),
        "SeatReopened": lambda: f"{seat(d['seat'])} gave the seat back; it is open again",
        "GameEnded": lambda: f"game over; the seed is revealed: {str(d.get('seed') or '')[:16]}...",
        "TableCancelled": lambda: "table cancelled by its owner",
        "TableExpired": lambda: f"table expired: nobody filled it by {d.get('expires_at', '?')}",
    }
    return lines[event]() if event in lines else None


def describe(narrate: Narrate, event: Mapping[str, Any]) -> str:
    """One line for an event envelope of a game told by ``narrate``; an event of a shape it
    does not know (an older or newer service's) is shown plainly, ``Type k=v ...``."""
    kind, data = event["type"], event.get("data") or {}
    try:
        line = match_line(kind, data) or narrate(kind, data)
    except (KeyError, TypeError, IndexError):
        line = None
    if line is None:
        fields = " ".join(f"{k}={json.dumps(v)}" for k, v in sorted(data.items()))
        line = f"{kind} {fields}".strip()
    return line
