"""What each seat may see of Fette Beute, and the commands it may send.

Stores, the supply size and every revealed animal are public. A seat's face-down animals are
its own secret until they are revealed; the supply order is nobody's. Once the game is over,
everything is public (F9).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.game import Event, Seat

from .rules import CHOICES, may_act, needs_steal, revealable, steal_targets, to_act
from .state import CHOOSE, FOODS, OVER, REVEAL, SETUP, Board


def legal_commands(state: Board, seat: Seat) -> list[dict[str, Any]]:
    """Every complete command body ``seat`` may send now, from the checks ``decide`` uses."""
    if not (isinstance(seat, int) and 0 <= seat < state.players and may_act(state, seat)):
        return []
    if state.phase == CHOOSE:
        return [{"type": "choose", "animals": list(pair)} for pair in CHOICES]
    if state.phase != REVEAL:
        return []
    commands: list[dict[str, Any]] = []
    for animal in revealable(state, seat):
        if needs_steal(state, seat, animal):
            commands.extend(
                {"type": "reveal", "animal": animal, "steal": {"target": target, "kind": food}}
                for target, food in steal_targets(state, seat)
            )
        else:
            commands.append({"type": "reveal", "animal": animal})
    return commands


def view(state: Board, seat: Seat | None) -> dict[str, Any]:
    """The game as ``seat`` (``None``: a spectator) may see it; everything once it is over."""
    players = state.players
    if state.phase == SETUP:
        return {"seat": seat, "players": players, "phase": SETUP, "rules": state.rules.as_dict()}
    over = state.phase == OVER
    hidden = state.hidden
    return {
        "seat": seat,
        "players": players,
        "phase": state.phase,
        "round": state.round,
        "crown": state.crown,
        "supply": state.supply_left,
        "stores": [dict(zip(FOODS, store, strict=True)) for store in state.stores],
        "chosen": [pair is not None for pair in state.chosen],
        "face_down": [len(animals) for animals in hidden],
        # Only the viewer's own face-down animals, and everyone's once the game is over.
        "face_down_animals": [
            list(animals) if over or p == seat else None for p, animals in enumerate(hidden)
        ],
        "revealed": [
            [{"animal": animal, "how": how} for animal, how in shown] for shown in state.revealed
        ],
        "turn": state.turn if state.phase == REVEAL else None,
        "beaver_resolved": state.beaver_resolved,
        "to_act": sorted(to_act(state)),
        "rules": state.rules.as_dict(),
        "result": result(state),
    }


def result(state: Board) -> dict[str, Any] | None:
    """Scores, winners, end reason and largest kinds once the game is over; else None."""
    return state.outcome.as_dict() if state.outcome is not None else None


def redact(event: Event, viewer: Seat | None) -> Event:
    """The event as ``viewer`` may see it while the game runs (match.py un-redacts at the end)."""
    if event.type == "Dealt":
        return Event(event.type, {k: v for k, v in event.data.items() if k != "supply"})
    if event.type == "AnimalsChosen" and event.data.get("seat") != viewer:
        return Event(event.type, {"seat": event.data.get("seat")})
    return event


def redact_command(
    body: Mapping[str, Any], actor: Seat | None, viewer: Seat | None
) -> dict[str, Any]:
    """A recorded command as ``viewer`` may see it while the game runs."""
    if type(body) is not dict and not isinstance(body, Mapping):
        return {}
    if body.get("type") == "choose" and actor != viewer:
        return {k: v for k, v in body.items() if k != "animals"}
    if body.get("type") == "start":
        return {k: v for k, v in body.items() if k != "orders"}
    return dict(body)
