"""SLY's decider: ``decide`` runs every check, ``evolve`` only applies facts.

The ``*_problem`` functions are the single definition of legality: ``decide`` raises their
message and ``legal_commands`` (in ``views``) keeps the commands for which they find nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from domain.errors import GameNotStarted, GameOver, IllegalMove, NotYourTurn
from domain.game import Command, Event, Fact, Seat

from .model import (
    CARDS,
    DOWN,
    FLIPPED,
    FOX,
    HOUSE_FULL,
    LOW_HAND,
    SAFE,
    SPACES_PER_HOUSE,
    TURN_CAP,
    Flip,
    Slot,
    SlyState,
    layout,
    resolve,
    sorted_hand,
)

REVEAL_IN_PROGRESS = "a REVEAL is in progress: flip another face-down card or stop"

# --- legality, shared with legal_commands ---------------------------------------------------


def lay_problem(state: SlyState, seat: Seat, card: str, space: int) -> str | None:
    if state.revealed:
        return REVEAL_IN_PROGRESS
    if card not in state.hands[seat]:
        return "you do not hold that card"
    if state.spaces[space] is not None:
        return "that space is not empty"
    return None


def expose_problem(state: SlyState, seat: Seat, space: int) -> str | None:
    if state.revealed:
        return REVEAL_IN_PROGRESS
    slot = state.spaces[space]
    if slot is None or slot.face != DOWN:
        return "only a face-down card can be exposed"
    if slot.owner == seat:
        return "you can only expose a card of an opponent"
    return None


def flip_problem(state: SlyState, seat: Seat, space: int) -> str | None:
    slot = state.spaces[space]
    if slot is None or slot.face != DOWN:
        return "only a face-down card can be flipped"
    return None


def stop_problem(state: SlyState, seat: Seat) -> str | None:
    if not state.revealed:
        return "no REVEAL is in progress: flip a card first"
    return None


# --- decide ---------------------------------------------------------------------------------


def decide(state: SlyState, command: Command) -> list[Event]:
    """The events ``command`` causes; raises a ``RuleError`` for anything the rules forbid."""
    body = command.body
    if type(body) is not dict and not isinstance(body, Mapping):
        raise IllegalMove("a command is a JSON object with a type")
    kind = body.get("type")
    if kind == "start":
        return _start(state, command.seat, body)
    if not isinstance(kind, str) or kind not in _PLAYS:
        raise IllegalMove(f"the command type must be one of {', '.join(_PLAYS)}")
    if not state.started:
        raise GameNotStarted("the game has not started")
    if state.over:
        raise GameOver("the game has ended")
    if command.seat is None:
        raise IllegalMove("only a seat plays SLY's moves")
    if command.seat != state.current:
        raise NotYourTurn(f"seat {command.seat} is not to act now")
    return _PLAYS[kind](state, command.seat, body)


_FIELDS = {
    "start": frozenset({"type", "start_player", "orders"}),
    "lay": frozenset({"type", "card", "space"}),
    "expose": frozenset({"type", "space"}),
    "reveal_flip": frozenset({"type", "space"}),
    "reveal_stop": frozenset({"type"}),
}


def _fields(body: Mapping[str, Any], kind: str) -> None:
    if body.keys() != _FIELDS[kind]:
        wanted = sorted(_FIELDS[kind] - {"type"})
        raise IllegalMove(f"{kind} takes exactly: {', '.join(wanted) or 'no other field'}")


def _space(state: SlyState, value: object) -> int:
    index = state.positions.get(value) if isinstance(value, str) else None
    if index is None:
        raise IllegalMove(f"space must be one of {', '.join(state.space_ids)}")
    return index


def _card(value: object) -> str:
    if not isinstance(value, str) or value not in CARDS:
        raise IllegalMove(f"card must be one of {', '.join(CARDS)}")
    return value


def _check(problem: str | None) -> None:
    if problem is not None:
        raise IllegalMove(problem)


def _start(state: SlyState, seat: Seat | None, body: Mapping[str, Any]) -> list[Event]:
    if state.started:
        raise IllegalMove("the game has already started")
    if seat is not None:
        raise IllegalMove("only the system starts the game")
    _fields(body, "start")
    first = body["start_player"]
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < state.players:
        raise IllegalMove(f"start_player must be a seat from 0 to {state.players - 1}")
    if not isinstance(body["orders"], Mapping) or body["orders"]:
        raise IllegalMove("SLY has no shuffle: orders must be empty")
    ids, values = layout(state.houses)
    event = Event(
        "TableSetUp",
        {
            "players": state.players,
            "start_player": first,
            "spaces": [{"space": s, "value": v} for s, v in zip(ids, values, strict=True)],
            "hand": list(CARDS),
            "max_turns_per_player": state.max_turns_per_player,
            "low_hand": state.low_hand,
        },
    )
    return _then_check_end(state, [event], house_may_be_full=False)


def _lay(state: SlyState, seat: Seat, body: Mapping[str, Any]) -> list[Event]:
    _fields(body, "lay")
    card, space = _card(body["card"]), _space(state, body["space"])
    _check(lay_problem(state, seat, card, space))
    laid = Event("CardLaid", {"seat": seat, "space": state.space_ids[space], "card": card})
    # A LAY leaves the next seat's hand as it is, so only a short hand there or the cap can end
    # the game; skipping the trial fold otherwise keeps playouts and bots fast.
    n, after = state.players, state.turn + 1
    if len(state.hands[(seat + 1) % n]) > state.low_hand and after < state.max_turns_per_player * n:
        return [laid]
    # A LAY never turns a card up, so it cannot fill the house face up (L6).
    return _then_check_end(state, [laid], house_may_be_full=False)


def _expose(state: SlyState, seat: Seat, body: Mapping[str, Any]) -> list[Event]:
    _fields(body, "expose")
    space = _space(state, body["space"])
    _check(expose_problem(state, seat, space))
    slot = state.spaces[space]
    assert slot is not None
    data = {"seat": seat, "space": state.space_ids[space], "owner": slot.owner}
    if slot.card == FOX:
        event = Event("FoxCaptured", data)
    else:
        event = Event("HenExposed", {**data, "card": slot.card, "value": state.values[space]})
    return _then_check_end(state, [event], house_may_be_full=True)


def _reveal_flip(state: SlyState, seat: Seat, body: Mapping[str, Any]) -> list[Event]:
    _fields(body, "reveal_flip")
    space = _space(state, body["space"])
    _check(flip_problem(state, seat, space))
    slot = state.spaces[space]
    assert slot is not None
    flipped = Event(
        "CardFlipped",
        {"seat": seat, "space": state.space_ids[space], "owner": slot.owner, "card": slot.card},
    )
    after = evolve(state, flipped)
    if any(s is not None and s.face == DOWN for s in after.spaces):
        return [flipped]
    # Nothing is left to flip: the REVEAL resolves without a stop (L1).
    return [flipped, *_resolve(after, seat)]


def _reveal_stop(state: SlyState, seat: Seat, body: Mapping[str, Any]) -> list[Event]:
    _fields(body, "reveal_stop")
    _check(stop_problem(state, seat))
    return _resolve(state, seat)


def _resolve(state: SlyState, seat: Seat) -> list[Event]:
    flips = [_flip(state, i) for i in state.revealed]
    outcome = resolve(flips, seat, state.players)
    gobbled = safe = None
    if outcome.eaten and outcome.eater:
        gobbled = {**_named(state, outcome.eaten), "by": outcome.eater[1]}
        gobbled["fox_space"] = state.space_ids[outcome.eater[0]]
    if outcome.safe:
        safe = {**_named(state, outcome.safe), "value": state.values[outcome.safe[0]]}
    resolved = Event(
        "RevealResolved",
        {
            "seat": seat,
            "flipped": [state.space_ids[i] for i in state.revealed],
            "gobbled": gobbled,
            "safe": safe,
            "returned": [_named(state, f) for f in outcome.returned],
        },
    )
    return _then_check_end(state, [resolved], house_may_be_full=True)


def _flip(state: SlyState, index: int) -> Flip:
    slot = state.spaces[index]
    assert slot is not None
    return (index, slot.owner, slot.card)


def _named(state: SlyState, flip: Flip) -> dict[str, Any]:
    return {"space": state.space_ids[flip[0]], "owner": flip[1], "card": flip[2]}


def _then_check_end(
    state: SlyState, events: list[Event], *, house_may_be_full: bool
) -> list[Event]:
    """``events`` end a turn (or set the table up); add the end of the game if E2, E1 or the
    cap says so at the start of the next turn."""
    after = state
    for event in events:
        after = evolve(after, event)
    ended = end_of_game(after, house_may_be_full=house_may_be_full)
    return [*events, ended] if ended else events


def end_of_game(state: SlyState, *, house_may_be_full: bool) -> Event | None:
    """At the start of ``state.current``'s turn: E2 first (it ends the game "immediately" after
    the action), then E1 for the seat about to act, then the turn cap (L2)."""
    seat = state.current
    if house_may_be_full and all(s is not None and s.face == SAFE for s in state.spaces):
        return Event("PlayEnded", {"reason": HOUSE_FULL, "seat": seat, "flips": []})
    if len(state.hands[seat]) <= state.low_hand:
        reason = LOW_HAND
    elif state.turn >= state.max_turns_per_player * state.players:
        reason = TURN_CAP
    else:
        return None
    flips = [
        _named(state, (i, s.owner, s.card))
        for i, s in enumerate(state.spaces)
        if s is not None and s.face == DOWN
    ]
    return Event("PlayEnded", {"reason": reason, "seat": seat, "flips": flips})


_PLAYS: dict[str, Callable[[SlyState, Seat, Mapping[str, Any]], list[Event]]] = {
    "lay": _lay,
    "expose": _expose,
    "reveal_flip": _reveal_flip,
    "reveal_stop": _reveal_stop,
}

# --- evolve ---------------------------------------------------------------------------------


def evolve(state: SlyState, event: Fact) -> SlyState:
    """Apply one event; never checks a rule."""
    try:
        apply = _EVOLVE[event.type]
    except KeyError:
        raise ValueError(f"SLY has no event {event.type!r}") from None
    return apply(state, event.data)


T = TypeVar("T")


def _with(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    return (*items[:index], item, *items[index + 1 :])


def _turn_ended(state: SlyState, seat: Seat, **changes: Any) -> SlyState:
    """LAY, EXPOSE and a REVEAL's resolution each end the turn; play passes to the left."""
    return state._replace(turn=state.turn + 1, current=(seat + 1) % state.players, **changes)


def _set_up(state: SlyState, data: Mapping[str, Any]) -> SlyState:
    players = data["players"]
    ids = tuple(s["space"] for s in data["spaces"])
    return state._replace(
        players=players,
        houses=len(ids) // SPACES_PER_HOUSE,
        max_turns_per_player=data["max_turns_per_player"],
        low_hand=data["low_hand"],
        started=True,
        start_player=data["start_player"],
        current=data["start_player"],
        space_ids=ids,
        values=tuple(s["value"] for s in data["spaces"]),
        spaces=(None,) * len(ids),
        hands=(sorted_hand(data["hand"]),) * players,
        gobbled=((),) * players,
        captured=((),) * players,
        returned=((),) * players,
    )


def _laid(state: SlyState, data: Mapping[str, Any]) -> SlyState:
    seat, card, index = data["seat"], data["card"], state.positions[data["space"]]
    hand = tuple(c for c in state.hands[seat] if c != card)
    return _turn_ended(
        state,
        seat,
        hands=_with(state.hands, seat, hand),
        spaces=_with(state.spaces, index, Slot(seat, card, DOWN, state.turn)),
    )


def _fox_captured(state: SlyState, data: Mapping[str, Any]) -> SlyState:
    seat = data["seat"]
    return _turn_ended(
        state,
        seat,
        spaces=_with(state.spaces, state.positions[data["space"]], None),
        captured=_with(state.captured, seat, (*state.captured[seat], data["owner"])),
    )


def _hen_exposed(state: SlyState, data: Mapping[str, Any]) -> SlyState:
    return _turn_ended(state, data["seat"], spaces=_faced(state, data["space"], SAFE))


def _faced(state: SlyState, space: str, face: str) -> tuple[Slot | None, ...]:
    index = state.positions[space]
    slot = state.spaces[index]
    assert slot is not None
    return _with(state.spaces, index, slot._replace(face=face))


def _card_flipped(state: SlyState, data: Mapping[str, Any]) -> SlyState:
    space = data["space"]
    return state._replace(
        spaces=_faced(state, space, FLIPPED),
        revealed=(*state.revealed, state.positions[space]),
    )


def _reveal_resolved(state: SlyState, data: Mapping[str, Any]) -> SlyState:
    spaces, hands, returned = list(state.spaces), list(state.hands), list(state.returned)
    gobbled = state.gobbled
    if data["gobbled"]:
        hen = data["gobbled"]
        spaces[state.positions[hen["space"]]] = None
        eater = hen["by"]
        gobbled = _with(gobbled, eater, (*gobbled[eater], (hen["owner"], hen["card"])))
    if data["safe"]:
        index = state.positions[data["safe"]["space"]]
        slot = spaces[index]
        assert slot is not None
        spaces[index] = slot._replace(face=SAFE)
    for back in data["returned"]:
        owner, card = back["owner"], back["card"]
        spaces[state.positions[back["space"]]] = None
        hands[owner] = sorted_hand((*hands[owner], card))
        # Public knowledge for card counting: this card went back to hand at this turn.
        seen = tuple(entry for entry in returned[owner] if entry[0] != card)
        returned[owner] = (*seen, (card, state.turn))
    return _turn_ended(
        state,
        data["seat"],
        spaces=tuple(spaces),
        hands=tuple(hands),
        gobbled=gobbled,
        returned=tuple(returned),
        revealed=(),
    )


def _play_ended(state: SlyState, data: Mapping[str, Any]) -> SlyState:
    spaces = list(state.spaces)
    final = []
    for flip in data["flips"]:
        index = state.positions[flip["space"]]
        slot = spaces[index]
        assert slot is not None
        # E1: foxes left on the board score nothing and are removed; hens there become Safe.
        spaces[index] = None if flip["card"] == FOX else slot._replace(face=SAFE)
        final.append((index, flip["owner"], flip["card"]))
    return state._replace(
        spaces=tuple(spaces),
        over=True,
        end_reason=data["reason"],
        final_flips=tuple(final),
    )


_EVOLVE: dict[str, Callable[[SlyState, Mapping[str, Any]], SlyState]] = {
    "TableSetUp": _set_up,
    "CardLaid": _laid,
    "FoxCaptured": _fox_captured,
    "HenExposed": _hen_exposed,
    "CardFlipped": _card_flipped,
    "RevealResolved": _reveal_resolved,
    "PlayEnded": _play_ended,
}
EVENT_TYPES = tuple(_EVOLVE)
