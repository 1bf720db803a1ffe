"""Given events, when a command, then events: a small harness for Fette Beute's rules.

Situations are built the way the service builds them: a start command whose supply permutation
is chosen so that each store and the top of the supply hold exactly the cards a test needs.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from domain.errors import RuleError
from domain.fette_beute import GAME
from domain.fette_beute.state import FOODS, Board
from domain.game import Command, Event, fold

W, S, H, A, P = FOODS  # walnut, sunflower, hazelnut, acorn, peanut


def ev(kind: str, **data: Any) -> Event:
    return Event(kind, data)


def arrange(cards: Sequence[str], food_per_type: int = 16) -> list[int]:
    """The permutation of the canonical supply that puts ``cards`` first, the rest after."""
    free = {
        food: list(range(i * food_per_type, (i + 1) * food_per_type))
        for i, food in enumerate(FOODS)
    }
    order = [free[card].pop(0) for card in cards]
    return order + sorted(index for rest in free.values() for index in rest)


def start_body(
    players: int,
    start_player: int = 0,
    stores: Sequence[Sequence[str]] | None = None,
    top: Sequence[str] = (),
    food_per_type: int = 16,
) -> dict[str, Any]:
    """A start command dealing ``stores[seat]`` to each seat, with ``top`` on top of the supply."""
    if stores is None:
        stores = [[FOODS[(seat + k) % 5] for k in range(3)] for seat in range(players)]
    dealt = [card for k in range(players) for card in stores[(start_player + k) % players]]
    return {
        "type": "start",
        "start_player": start_player,
        "orders": {"supply": arrange([*dealt, *top], food_per_type)},
    }


class Scenario:
    """A started game; ``given`` adds events, ``when`` tries a command."""

    def __init__(
        self,
        players: int = 3,
        start_player: int = 0,
        stores: Sequence[Sequence[str]] | None = None,
        top: Sequence[str] = (),
        **options: int,
    ) -> None:
        self.players = players
        self.state: Board = GAME.initial_state(players, options)
        body = start_body(players, start_player, stores, top, self.state.rules.food_per_type)
        self.history: list[Event] = GAME.decide(self.state, Command(None, body))
        self.state = fold(GAME, self.state, self.history)

    def given(self, *events: Event) -> Scenario:
        self.history.extend(events)
        self.state = fold(GAME, self.state, events)
        return self

    def chosen(self, *pairs: Sequence[str]) -> Scenario:
        """Every seat (in seat order) has placed ``pairs[seat]``; the crown holder reveals."""
        events = [
            ev("AnimalsChosen", seat=seat, animals=list(pair)) for seat, pair in enumerate(pairs)
        ]
        return self.given(*events, ev("RevealTurnBegan", seat=self.state.crown))

    def when(self, seat: int | None, **body: Any) -> When:
        return When(self, Command(seat, body))

    def when_sent(self, seat: int | None, body: Any) -> When:
        """Like ``when``, for a body that is not a plain set of keyword fields."""
        return When(self, Command(seat, body))

    def play(self, seat: int, **body: Any) -> Scenario:
        """Apply a command that must be accepted (to reach a later situation)."""
        return self.given(*GAME.decide(self.state, Command(seat, body)))

    def view(self, seat: int | None) -> dict[str, Any]:
        return GAME.view(self.state, seat)


class When:
    def __init__(self, scenario: Scenario, command: Command) -> None:
        self.scenario = scenario
        self.command = command

    def events(self) -> list[Event]:
        return GAME.decide(self.scenario.state, self.command)

    def then(self, *expected: Event, listed: bool = True) -> Board:
        """The command is accepted, causes exactly ``expected``; returns the state after.

        ``listed``: the body is also one of the legal commands as spelled (not so for a
        ``choose`` naming its animals in another order).
        """
        events = self.events()
        assert events == list(expected), _diff(events, expected)
        legal = GAME.legal_commands(self.scenario.state, self.command.seat)
        assert listed_in(self.command.body, legal) == listed
        return fold(GAME, self.scenario.state, events)

    def raises(self, error: type[RuleError], match: str | None = None) -> RuleError:
        with pytest.raises(error, match=match) as caught:
            self.events()
        if self.command.seat is not None and isinstance(self.command.seat, int):
            legal = GAME.legal_commands(self.scenario.state, self.command.seat)
            assert not listed_in(self.command.body, legal)
        return caught.value


def listed_in(body: Any, legal: list[dict[str, Any]]) -> bool:
    """``body in legal`` as JSON sees it (Python's ``True == 1`` would blur a bool seat)."""
    text = json.dumps(body, sort_keys=True)
    return any(json.dumps(other, sort_keys=True) == text for other in legal)


def _diff(got: Iterable[Event], expected: Iterable[Event]) -> str:
    got_lines = [f"{e.type} {dict(e.data)}" for e in got]
    expected_lines = [f"{e.type} {dict(e.data)}" for e in expected]
    return "\ngot:\n  " + "\n  ".join(got_lines) + "\nexpected:\n  " + "\n  ".join(expected_lines)
