"""What each seat may see and send: ``view``, ``redact``, ``redact_command``, ``legal_commands``.

Public at the table: the display, pile size, scoring cards set aside, every tableau (chests
face down, collections with motif, length, jokers, doubler), the fox, hand sizes, AP left,
every scoring. Private to the owner: the hand, and a card drawn blind. Hidden from everyone:
the pile order and a chest's card once it lies face down (it was announced in ``ChestMade``).
Once the game is over, everything is public.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.game import Event

from .cards import CHEST_KINDS, DOUBLER_I, HAND_KINDS, JOKER, KIND_INDEX
from .rules import (
    check_doubler_card,
    check_doubles,
    check_draw_blind,
    check_end_turn,
    check_extends,
    check_fox_action,
    check_fox_spot,
    check_lay_card,
    check_make_chest,
    check_opens,
    check_take_display,
)
from .state import Chest, Hand, Scoring, State


def legal_commands(state: State, seat: int) -> list[dict[str, Any]]:
    """Every complete command ``seat`` may send now, filtered by the checks ``decide`` uses.

    ``check_lay``, ``check_play_doubler``, ``check_move_fox`` and ``check_pass_fox`` are
    compositions of the parts called here (plus range checks on the chest and seat numbers a
    client sends), split so that the part shared by many parameters is checked once.
    """
    if not state.started or state.over or seat != state.current:
        return []
    legal: list[dict[str, Any]] = []
    _add_chest_commands(state, seat, legal)
    for slot in range(len(state.display)):
        if check_take_display(state, seat, slot) is None:
            legal.append({"type": "take_display", "slot": slot})
    if check_draw_blind(state, seat) is None:
        legal.append({"type": "draw_blind"})
    _add_fox_commands(state, seat, legal)
    if check_end_turn(state, seat) is None:
        legal.append({"type": "end_turn"})
    return legal


def _add_chest_commands(state: State, seat: int, legal: list[dict[str, Any]]) -> None:
    """The ``make_chest``, ``lay`` and ``play_doubler`` commands of ``seat``, onto ``legal``."""
    hand = state.hands[seat]
    held = [kind for kind in CHEST_KINDS if hand[KIND_INDEX[kind]]]  # other kinds: not held
    row = state.tableaux[seat]
    for kind in held:
        if check_make_chest(state, seat, kind) is None:
            legal.append({"type": "make_chest", "kind": kind})
    empty = [chest for chest, target in enumerate(row) if target.motif is None]
    collections = {target.motif: chest for chest, target in enumerate(row) if target.motif}
    for kind in held:
        if check_lay_card(state, seat, kind) is not None:
            continue
        if check_opens(state, seat, kind) is None:
            legal += [{"type": "lay", "kind": kind, "chest": chest} for chest in empty]
        # Only a joker or the collection's own motif can extend it: try just those.
        targets = collections.values() if kind == JOKER else [collections.get(kind)]
        for chest in sorted(c for c in targets if c is not None):
            if check_extends(row[chest], kind) is None:
                legal.append({"type": "lay", "kind": kind, "chest": chest})
    if check_doubler_card(state, seat) is None:
        for chest, target in enumerate(row):
            if check_doubles(target) is None:
                legal.append({"type": "play_doubler", "chest": chest})


def _add_fox_commands(state: State, seat: int, legal: list[dict[str, Any]]) -> None:
    """The ``move_fox`` and ``pass_fox`` commands of ``seat``, onto ``legal``."""
    for owner in range(state.players):
        if check_fox_action(state, seat, 1 if owner == seat else 2) is not None:
            continue
        for chest, target in enumerate(state.tableaux[owner]):
            if check_fox_spot(state, owner, chest, target) is None:
                legal.append({"type": "move_fox", "owner": owner, "chest": chest})
    if state.fox_pass_pending:  # otherwise check_pass_fox refuses every chest
        left = (seat + 1) % state.players
        for chest, target in enumerate(state.tableaux[left]):
            if check_fox_spot(state, left, chest, target) is None:
                legal.append({"type": "pass_fox", "chest": chest})


def to_act(state: State) -> frozenset[int]:
    """The active seat while the game runs; nobody before the deal or once it is over."""
    if not state.started or state.over:
        return frozenset()
    return frozenset((state.current,))


def hand_list(hand: Hand) -> list[str]:
    """A hand as card ids, in the order m0..m9, joker, doubler."""
    return [kind for kind, count in zip(HAND_KINDS, hand, strict=True) for _ in range(count)]


def _chest_view(chest: Chest, public: bool) -> dict[str, Any]:
    # Listed by creation index. ``motif`` null: an empty chest; ``doubled``: closed, x2.
    shown: dict[str, Any] = {
        "motif": chest.motif,
        "length": chest.cards + chest.jokers,
        "jokers": chest.jokers,
        "doubled": chest.doubled,
    }
    if public:
        shown["card"] = chest.card
    return shown


def _scoring_view(scoring: Scoring) -> dict[str, Any]:
    excluded = scoring.excluded
    penalties = scoring.penalties
    return {
        "number": scoring.number,
        "final": scoring.final,
        "points": [dict(row) for row in scoring.points],
        "excluded": None if excluded is None else {"owner": excluded[0], "chest": excluded[1]},
        "totals": list(scoring.totals),
        "penalties": None
        if penalties is None
        else [{"hand_cards": c, "empty_chests": e, "points": p} for c, e, p in penalties],
    }


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The game as ``seat`` (None: a spectator) sees it; everything once it is over."""
    public = state.over
    running = state.started and not state.over
    seats = [
        {
            "seat": s,
            "hand_size": sum(state.hands[s]),
            "doubler_played": state.started and state.hands[s][DOUBLER_I] == 0,
            "score": state.scores[s],
            "chests": [_chest_view(chest, public) for chest in state.tableaux[s]],
        }
        for s in range(state.players)
    ]
    own = seat is not None and 0 <= seat < state.players
    shown: dict[str, Any] = {
        "players": state.players,
        "viewer": seat,
        "status": "over" if state.over else "running" if state.started else "dealing",
        "rules": state.rules.as_dict(),
        "active_seat": state.current if running else None,
        "turn_number": state.turn,
        "ap_left": state.ap if running else 0,
        "fox_action_used": state.fox_used,
        "fox_pass_pending": state.fox_pass_pending,
        "display": list(state.display),
        "pile_size": state.pile_left,
        "scoring_cards_seen": state.seen,
        "scorings_at": list(state.rules.scorings_at),
        "fox": None if state.fox is None else {"owner": state.fox[0], "chest": state.fox[1]},
        "seats": seats,
        "hand": hand_list(state.hands[seat]) if own else None,  # type: ignore[index]  # own: a seat
        "scores": list(state.scores),
        "scorings": [_scoring_view(scoring) for scoring in state.scorings],
        "winners": list(state.winners) if state.over else None,
    }
    if public:
        shown["hands"] = [hand_list(hand) for hand in state.hands]
        shown["pile"] = list(state.pile[state.drawn :])
    return shown


def redact(event: Event, viewer: int | None) -> Event:
    """``event`` as ``viewer`` may see it while the game runs (the match shows all after)."""
    if event.type == "CardsDealt":
        data = {key: value for key, value in event.data.items() if key != "pile"}
        data["hands"] = [
            list(hand) if seat == viewer else None for seat, hand in enumerate(data["hands"])
        ]
        return Event(event.type, data)
    if event.type == "CardDrawnBlind" and event.data.get("seat") != viewer:
        return Event(event.type, {**event.data, "card": None})
    return event


def redact_command(
    body: Mapping[str, Any], actor: int | None, viewer: int | None
) -> dict[str, Any]:
    """A recorded command as ``viewer`` may see it: the start's orders fix every hidden card.

    A player's command names only cards shown at the table (a chest's card is shown before it
    goes face down; laid cards are face up), so it is public as sent.
    """
    shown = dict(body)
    if shown.get("type") == "start":
        shown.pop("orders", None)
    return shown


def result(state: State) -> dict[str, Any] | None:
    """None while the game runs; then the totals, the winners and each scoring's totals."""
    if not state.over:
        return None
    final = state.scorings[-1]
    return {
        "scores": list(state.scores),
        "winners": list(state.winners),
        "scorings": [list(scoring.totals) for scoring in state.scorings],
        "penalties": [
            {"hand_cards": c, "empty_chests": e, "points": p} for c, e, p in final.penalties or ()
        ],
    }
