"""What each seat may see and may do: views, redaction, legal commands, who is to act."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.game import Event, Seat

from .model import CARDS, DOWN, SlyState
from .rules import expose_problem, flip_problem, lay_problem, stop_problem
from .scoring import scores


def to_act(state: SlyState) -> frozenset[Seat]:
    if not state.started or state.over:
        return frozenset()
    return frozenset((state.current,))


def legal_commands(state: SlyState, seat: Seat) -> list[dict[str, Any]]:
    """Every command ``decide`` accepts from ``seat`` now, from the same ``*_problem`` checks."""
    if seat not in to_act(state):
        return []
    spaces = range(len(state.space_ids))
    ids = state.space_ids
    moves: list[dict[str, Any]] = []
    if not state.revealed:
        moves += [
            {"type": "lay", "card": card, "space": ids[i]}
            for card in CARDS
            for i in spaces
            if lay_problem(state, seat, card, i) is None
        ]
        moves += [
            {"type": "expose", "space": ids[i]}
            for i in spaces
            if expose_problem(state, seat, i) is None
        ]
    moves += [
        {"type": "reveal_flip", "space": ids[i]}
        for i in spaces
        if flip_problem(state, seat, i) is None
    ]
    if stop_problem(state, seat) is None:
        moves.append({"type": "reveal_stop"})
    return moves


def view(state: SlyState, seat: Seat | None) -> dict[str, Any]:
    """The table as ``seat`` (``None``: a spectator) sees it; everything once the game is over.

    A face-down card shows its owner (the coloured back) and when it was laid; its identity only
    to its owner. ``returned`` is the public record of which card went back to whose hand when
    (every flip is public), which is what card counting needs.
    """
    public = state.over
    spaces = []
    for space, value, slot in zip(state.space_ids, state.values, state.spaces, strict=True):
        entry: dict[str, Any] = {"space": space, "value": value}
        if slot is None:
            entry["status"] = "empty"
        else:
            entry.update(status=slot.face, owner=slot.owner)
            if slot.face == DOWN:
                entry["laid_turn"] = slot.laid_turn
            if slot.face != DOWN or public or slot.owner == seat:
                entry["card"] = slot.card
        spaces.append(entry)
    n = state.players
    return {
        "seat": seat,
        "players": n,
        "start_player": state.start_player if state.started else None,
        "current": state.current if state.started and not state.over else None,
        "phase": _phase(state),
        "turn": state.turn,
        "max_turns": state.max_turns_per_player * n,
        "low_hand": state.low_hand,
        "spaces": spaces,
        # The REVEAL in progress, in flip order; those spaces show owner and card (L1).
        "reveal": [state.space_ids[i] for i in state.revealed],
        "hand_sizes": [len(hand) for hand in state.hands],
        "hands": [
            list(hand) if public or owner == seat else None
            for owner, hand in enumerate(state.hands)
        ],
        "gobbled": [[{"owner": o, "card": c} for o, c in pile] for pile in state.gobbled],
        "captured_foxes": [list(owners) for owners in state.captured],
        "returned": [dict(seen) for seen in state.returned],
        "scores": scores(state) if state.started else [0] * n,
        "over": state.over,
        "end_reason": state.end_reason,
        "final_flips": [
            {"space": state.space_ids[i], "owner": owner, "card": card}
            for i, owner, card in state.final_flips
        ],
    }


def _phase(state: SlyState) -> str:
    if not state.started:
        return "waiting"
    if state.over:
        return "over"
    return "reveal" if state.revealed else "action"


def redact(event: Event, viewer: Seat | None) -> Event:
    """A laid card's identity goes only to its owner; it becomes public when it is flipped."""
    if event.type == "CardLaid" and viewer != event.data.get("seat"):
        return Event(event.type, {k: v for k, v in event.data.items() if k != "card"})
    return event


def redact_command(
    body: Mapping[str, Any], actor: Seat | None, viewer: Seat | None
) -> dict[str, Any]:
    """A ``lay`` names its card; only the actor sees it (the match shows all after the end)."""
    if body.get("type") == "lay" and viewer != actor:
        return {k: v for k, v in body.items() if k != "card"}
    return dict(body)
