"""SLY inside the generic match lifecycle (domain/match.py): start, bots, redaction, the end."""

from __future__ import annotations

import random

from domain import match, registry
from domain.game import Command
from domain.sly import GAME

registry.register(GAME)
SEED = "5a" * 32


def test_a_match_of_bots_runs_to_its_end() -> None:
    seats = [{"kind": "bot", "strategy": s} for s in ("greedy", "random", "greedy")]
    body = {"type": "create", "game": "sly", "seats": seats, "options": {}, "seed": SEED}
    events = match.decide(match.INITIAL, Command(None, body))
    assert [e.type for e in events] == ["GameCreated", "GameStarted", "TableSetUp"]
    state = match.INITIAL
    for event in events:
        state = match.evolve(state, event)
    rng = random.Random(1)
    while state.status == match.ACTIVE:
        (seat,) = state.to_act()
        view = match.view(state, seat)  # the bot gets the match view; the board is inside
        legal = match.game_moves(state, seat)  # the seats are bots
        body = GAME.strategies[state.seats[seat].strategy](view, legal, rng)
        new = match.decide(state, Command(seat, body))
        if body["type"] == "lay":
            other = (seat + 1) % 3
            assert "card" not in match.redact(state, new[0], other).data
            assert "card" not in match.redact_cause(state, body, seat, other)
            assert match.redact(state, new[0], seat).data["card"] == body["card"]
        for event in new:
            state = match.evolve(state, event)
    assert state.status == match.FINISHED
    assert state.result == GAME.result(state.board)
    assert match.view(state, 1)["board"]["seat"] is None  # everything public at the end
