"""Scoring (section 7) and the result with its tie-breaks (OUR CHOICE, S18)."""

from __future__ import annotations

from typing import Any

from .model import RANK, SAFE, SlyState


def breakdown(state: SlyState) -> list[dict[str, int]]:
    """Every seat's points so far; all of it is public (Safe hens, gobbled hens, foxes)."""
    n = state.players
    safe_points, safe_count = [0] * n, [0] * n
    for slot, value in zip(state.spaces, state.values, strict=True):
        if slot is not None and slot.face == SAFE:
            safe_points[slot.owner] += value  # the space's value; the hen's rank does not count
            safe_count[slot.owner] += 1
    rows = []
    for seat in range(n):
        gobbled = sum(
            -RANK[card] if owner == seat else RANK[card] for owner, card in state.gobbled[seat]
        )
        foxes = len(state.captured[seat])
        rows.append(
            {
                "safe_hens": safe_points[seat],
                "safe_hen_count": safe_count[seat],
                "gobbled_hens": gobbled,
                "captured_foxes": foxes * n,  # a captured fox scores N, the number of players
                "captured_fox_count": foxes,
                "total": safe_points[seat] + gobbled + foxes * n,
            }
        )
    return rows


def scores(state: SlyState) -> list[int]:
    return [row["total"] for row in breakdown(state)]


def result(state: SlyState) -> dict[str, Any] | None:
    """None while the game runs; else the scores, the winners and how they were decided."""
    if not state.over:
        return None
    rows = breakdown(state)
    contenders = list(range(state.players))
    decided_by = "shared"
    for key, name in (
        ("total", "score"),
        ("captured_fox_count", "captured_foxes"),
        ("safe_hen_count", "safe_hens"),
    ):
        best = max(rows[seat][key] for seat in contenders)
        narrowed = [seat for seat in contenders if rows[seat][key] == best]
        if len(narrowed) < len(contenders):
            decided_by = name
        contenders = narrowed
        if len(contenders) == 1:
            break
    return {
        "scores": [row["total"] for row in rows],
        "winners": contenders,
        "decided_by": decided_by if len(contenders) == 1 else "shared",
        "breakdown": rows,
        "end_reason": state.end_reason,
    }
