"""Gloria Picktoria inside the generic match wrapper (domain/match.py): start, play, end."""

from __future__ import annotations

import random

import pytest

from domain import match, registry
from domain.game import Command, Event
from domain.gloria_picktoria import GAME

SEED = "22" * 32


@pytest.fixture
def hosted():
    # Registered for this test only, so that other suites see the registry as they left it.
    previous = registry._games.get(GAME.id)
    registry.register(GAME)
    yield
    if previous is None:
        registry._games.pop(GAME.id, None)
    else:
        registry._games[GAME.id] = previous


def fold_match(state: match.MatchState, events: list[Event]) -> match.MatchState:
    for event in events:
        state = match.evolve(state, event)
    return state


def test_a_bot_match_runs_from_creation_to_the_end(hosted):
    seats = [{"kind": "bot", "strategy": s} for s in ("greedy", "random", "greedy")]
    body = {"type": "create", "game": GAME.id, "seats": seats, "options": {}, "seed": SEED}
    events = match.decide(match.INITIAL, Command(None, body))
    assert [e.type for e in events] == ["GameCreated", "GameStarted", "CardsDealt"]
    state = fold_match(match.INITIAL, events)
    dealt = events[2]
    for viewer in (None, 0, 1):
        shown = match.redact(state, dealt, viewer).data
        assert "pile" not in shown
        assert [hand is not None for hand in shown["hands"]] == [s == viewer for s in range(3)]
    start = {"type": "start", "start_player": 0, "orders": {"deck": [], "pile": []}}
    assert "orders" not in match.redact_cause(state, start, None, 1)

    rng = random.Random(5)
    log = list(events)
    while state.status == match.ACTIVE:
        (seat,) = state.to_act()
        legal = match.game_moves(state, seat)  # the seats are bots
        board = match.view(state, seat)["board"]
        choice = GAME.strategies[state.seats[seat].strategy](board, legal, rng)
        new = match.decide(state, Command(seat, choice))
        log += new
        state = fold_match(state, new)
    assert log[-1].type == "GameEnded" and log[-2].type == "FinalScoringHeld"
    assert state.result == GAME.result(state.board)
    assert match.redact(state, dealt, 1) == dealt  # everything is public after the end
    assert match.view(state, 1)["board"]["hands"] is not None
    assert fold_match(match.INITIAL, log) == state
