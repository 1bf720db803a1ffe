"""Given/when/then for Gloria Picktoria.

``Table`` deals chosen cards through the real start command (the orders are built so that
the display, the hands and the top of the pile are what the test asks for), then plays given
commands through ``decide``; the history is the list of events so produced. ``when`` runs one
command on the folded history and returns its events for the test to compare.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

from domain.errors import RuleError
from domain.game import Command, Event, fold
from domain.gloria_picktoria import GAME
from domain.gloria_picktoria.cards import DECK, SCORING, Rules
from domain.gloria_picktoria.state import State

END: dict[str, Any] = {"type": "end_turn"}
BLIND: dict[str, Any] = {"type": "draw_blind"}


def chest(kind: str) -> dict[str, Any]:
    return {"type": "make_chest", "kind": kind}


def lay(kind: str, on: int) -> dict[str, Any]:
    return {"type": "lay", "kind": kind, "chest": on}


def double(on: int) -> dict[str, Any]:
    return {"type": "play_doubler", "chest": on}


def take(slot: int) -> dict[str, Any]:
    return {"type": "take_display", "slot": slot}


def fox(owner: int, on: int) -> dict[str, Any]:
    return {"type": "move_fox", "owner": owner, "chest": on}


def pass_fox(on: int) -> dict[str, Any]:
    return {"type": "pass_fox", "chest": on}


def ev(kind: str, **data: Any) -> Event:
    return Event(kind, data)


def _pick(pool: Sequence[str], wanted: Iterable[str], used: set[int]) -> list[int]:
    picked = []
    for card in wanted:
        index = next(i for i, c in enumerate(pool) if c == card and i not in used)
        used.add(index)
        picked.append(index)
    return picked


def start_body(
    players: int,
    options: Mapping[str, int],
    start: int = 0,
    display: Sequence[str] = (),
    hands: Mapping[int, Sequence[str]] | None = None,
    pile: Sequence[str] = (),
) -> dict[str, Any]:
    """A start command whose orders deal the given cards; unspecified ones are filled in.

    Unspecified display and hand cards come from the end of the sorted deck (m9, m8, ...).
    The pile starts with ``pile``, then the undealt cards in sorted order (jokers, m0, ...),
    then the remaining scoring cards.
    """
    rules = Rules.from_options(options)
    hands = dict(hands or {})
    used: set[int] = set()
    chosen_display = _pick(DECK, display, used)
    chosen_hands = {seat: _pick(DECK, cards, used) for seat, cards in hands.items()}

    def filler(count: int) -> list[int]:
        free = [i for i in reversed(range(len(DECK))) if i not in used][:count]
        used.update(free)
        return free

    deck_order = chosen_display + filler(rules.display_size - len(chosen_display))
    for seat in range(players):
        given = chosen_hands.get(seat, [])
        deck_order += given + filler(rules.hand_start - len(given))
    deck_order += [i for i in range(len(DECK)) if i not in used]
    dealt = rules.display_size + players * rules.hand_start
    rest = [DECK[i] for i in deck_order[dealt:]] + [SCORING] * rules.final_scoring_at
    taken: set[int] = set()
    pile_order = _pick(rest, pile, taken)
    pile_order += [i for i in range(len(rest)) if i not in taken]
    orders = {"deck": deck_order, "pile": pile_order}
    return {"type": "start", "start_player": start, "orders": orders}


class Table:
    """A game dealt as asked, and the history of events given so far."""

    def __init__(
        self,
        players: int = 3,
        *,
        start: int = 0,
        display: Sequence[str] = (),
        hands: Mapping[int, Sequence[str]] | None = None,
        pile: Sequence[str] = (),
        **options: int,
    ) -> None:
        self.players = players
        self.options = {name: options.get(name, o.default) for name, o in GAME.options.items()}
        self.initial = GAME.initial_state(players, self.options)
        self.start = start_body(players, self.options, start, display, hands, pile)
        self.history: list[Event] = list(GAME.decide(self.initial, Command(None, self.start)))
        self._state = fold(GAME, self.initial, self.history)

    @property
    def state(self) -> State:
        return self._state

    def play(self, seat: int, *bodies: dict[str, Any]) -> Table:
        """Given: ``seat`` sends ``bodies`` one after the other (each must be legal)."""
        for body in bodies:
            events = GAME.decide(self._state, Command(seat, body))
            self.history.extend(events)
            self._state = fold(GAME, self._state, events)
        return self

    def when(self, seat: int | None, body: Mapping[str, Any]) -> list[Event]:
        """The events ``body`` causes now; the history does not change."""
        return GAME.decide(self._state, Command(seat, body))

    def rejects(self, seat: int | None, body: Any, error: type[RuleError]) -> RuleError:
        """``body`` raises ``error`` (exactly that class) and is not a legal command."""
        with pytest.raises(RuleError) as caught:
            GAME.decide(self._state, Command(seat, body))
        assert type(caught.value) is error, caught.value
        if seat is not None:  # compared as JSON: True == 1 in Python, not for a client
            legal = {json.dumps(b, sort_keys=True) for b in GAME.legal_commands(self._state, seat)}
            assert json.dumps(body, sort_keys=True, default=str) not in legal
        return caught.value

    def after(self, seat: int, body: Mapping[str, Any]) -> State:
        """The state ``body`` would lead to."""
        return fold(GAME, self._state, self.when(seat, body))
