"""Given events, when a command, then events: a tiny harness for SLY's rule tests."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import RuleError
from domain.game import Command, Event, fold
from domain.sly import GAME
from domain.sly.model import SlyState


def table(players: int = 2, start: int = 0, **options: int) -> Event:
    """The set-up event a start command records."""
    initial = GAME.initial_state(players, options)
    body = {"type": "start", "start_player": start, "orders": {}}
    (event,) = GAME.decide(initial, Command(None, body))
    return event


def given(*events: Event) -> SlyState:
    """The state after ``events``; the first one is a ``TableSetUp``."""
    return fold(GAME, GAME.initial_state(events[0].data["players"], {}), events)


def when(state: SlyState, seat: int | None, body: dict[str, Any]) -> list[Event]:
    return GAME.decide(state, Command(seat, body))


def then_rejected(
    state: SlyState, seat: int | None, body: Any, code: str = "illegal_move"
) -> RuleError:
    with pytest.raises(RuleError) as caught:
        GAME.decide(state, Command(seat, body))
    assert caught.value.code == code, caught.value.detail
    return caught.value


def after(state: SlyState, seat: int, *bodies: dict[str, Any]) -> SlyState:
    """Play ``bodies`` in order (each by the seat then to act, starting with ``seat``)."""
    for body in bodies:
        state = fold(GAME, state, GAME.decide(state, Command(seat, body)))
        seat = state.current
    return state


# Event builders for the "given" part.


def laid(seat: int, card: str, space: str) -> Event:
    return Event("CardLaid", {"seat": seat, "space": space, "card": card})


def flipped(seat: int, space: str, owner: int, card: str) -> Event:
    return Event("CardFlipped", {"seat": seat, "space": space, "owner": owner, "card": card})


def lay(card: str, space: str) -> dict[str, Any]:
    return {"type": "lay", "card": card, "space": space}


def expose(space: str) -> dict[str, Any]:
    return {"type": "expose", "space": space}


def flip(space: str) -> dict[str, Any]:
    return {"type": "reveal_flip", "space": space}


STOP = {"type": "reveal_stop"}


def card(space: str, owner: int, name: str) -> dict[str, Any]:
    return {"space": space, "owner": owner, "card": name}


def resolved(
    seat: int,
    flipped_spaces: list[str],
    returned: list[dict[str, Any]],
    gobbled: dict[str, Any] | None = None,
    safe: dict[str, Any] | None = None,
) -> Event:
    return Event(
        "RevealResolved",
        {
            "seat": seat,
            "flipped": flipped_spaces,
            "gobbled": gobbled,
            "safe": safe,
            "returned": returned,
        },
    )


def legal(state: SlyState, seat: int) -> list[dict[str, Any]]:
    return GAME.legal_commands(state, seat)
