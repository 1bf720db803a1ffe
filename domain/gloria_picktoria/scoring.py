"""Scoring (rules section 6): sole, longest and second-longest points, the fox, the doubler.

For each motif, the collections not under the fox are ranked by length (face-up motif cards
plus jokers). The only one scores ``pts_sole``; otherwise a unique longest scores ``pts_first``
and every collection of the second-largest length scores ``pts_second``; k >= 2 tied longest
score ``(pts_first + pts_second) // k`` each and nobody is second (OUR CHOICE, P8). A doubled
collection's points count twice. The final scoring adds the penalties for cards left in hand
(the doubler included) and for empty chests.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any, TypeVar

from .cards import Rules
from .state import State

K = TypeVar("K", bound=Hashable)


def motif_points(
    entries: Iterable[tuple[K, int, bool]], sole: int, first: int, second: int
) -> dict[K, int]:
    """Points of each collection of one motif: ``entries`` are (key, length, doubled).

    Shared with the greedy bot, which ranks what it sees in its view the same way.
    """
    entries = list(entries)
    if not entries:
        return {}
    if len(entries) == 1:
        key, _, doubled = entries[0]
        return {key: sole * (2 if doubled else 1)}
    top = max(length for _, length, _ in entries)
    tied = sum(1 for _, length, _ in entries if length == top)
    below = [length for _, length, _ in entries if length < top]
    runner_up = max(below) if below and tied == 1 else None
    points = {}
    for key, length, doubled in entries:
        if length == top:
            value = first if tied == 1 else (first + second) // tied
        elif length == runner_up:
            value = second
        else:
            value = 0
        points[key] = value * (2 if doubled else 1)
    return points


def score_tableaux(state: State) -> tuple[list[dict[str, int]], list[int]]:
    """Per seat, points per motif of every collection scored (0 included), and the totals."""
    by_motif: dict[str, list[tuple[int, int, bool]]] = {}
    for seat, row in enumerate(state.tableaux):
        for index, chest in enumerate(row):
            if chest.motif is None or state.fox == (seat, index):
                continue  # an empty chest scores nothing; the fox's collection is left out
            by_motif.setdefault(chest.motif, []).append((seat, chest.length, chest.doubled))
    rules = state.rules
    points: list[dict[str, int]] = [{} for _ in range(state.players)]
    for motif, entries in by_motif.items():
        won = motif_points(entries, rules.pts_sole, rules.pts_first, rules.pts_second)
        for seat, value in won.items():
            points[seat][motif] = value
    return points, [sum(row.values()) for row in points]


def penalties(state: State) -> list[dict[str, int]]:
    """Final scoring: cards left in hand (the doubler counts) and empty chests, per seat."""
    rules: Rules = state.rules
    result = []
    for seat in range(state.players):
        cards = sum(state.hands[seat])
        empty = sum(1 for chest in state.tableaux[seat] if chest.motif is None)
        pts = cards * rules.final_hand_penalty + empty * rules.final_empty_chest_penalty
        result.append({"hand_cards": cards, "empty_chests": empty, "points": pts})
    return result


def winners(scores: Iterable[int]) -> list[int]:
    """Every seat with the highest total: a tie is a shared win (OUR CHOICE, G22)."""
    scores = list(scores)
    best = max(scores)
    return [seat for seat, score in enumerate(scores) if score == best]


def scoring_data(state: State, scores: list[int], final: bool) -> dict[str, Any]:
    """The data of a ScoringHeld / FinalScoringHeld event, ``scores`` being the totals before."""
    points, totals = score_tableaux(state)
    data: dict[str, Any] = {
        "number": len(state.scorings) + 1,
        "points": points,
        "excluded": None if state.fox is None else {"owner": state.fox[0], "chest": state.fox[1]},
    }
    if final:
        fines = penalties(state)
        totals = [total + fine["points"] for total, fine in zip(totals, fines, strict=True)]
        data["penalties"] = fines
    data["totals"] = totals
    data["scores"] = [before + now for before, now in zip(scores, totals, strict=True)]
    if final:
        data["winners"] = winners(data["scores"])
    return data
