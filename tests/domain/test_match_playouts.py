"""Seeded playouts of whole matches, with players who leave: legal and decide agree for every
seat at every step, also for seats a bot plays (a bot seat, or a human who left).

At each step, for every seat: each command ``legal_commands`` lists is accepted from its player;
a seat a bot plays is offered nothing, and its player's game moves are refused with
``seat_left`` while the bot's are accepted. Then a random seat to act moves (its player, its
bot, or a random human hands its seat to a bot).
"""

from __future__ import annotations

import random

import pytest

from domain import match, registry
from domain.errors import SeatLeft
from domain.game import Command

GAMES = {"fette-beute": 4, "sly": 3, "gloria-picktoria": 3}
LEAVE = {"type": "leave"}


def _fold(state: match.MatchState, events: list) -> match.MatchState:
    for event in events:
        state = match.evolve(state, event)
    return state


def started(game: str, players: int, rng: random.Random) -> match.MatchState:
    kinds = ["human", "human", *(rng.choice(["human", "bot"]) for _ in range(players - 2))]
    seats = [
        {"kind": "human"} if kind == "human" else {"kind": "bot", "strategy": "random"}
        for kind in kinds
    ]
    body = {"type": "create", "game": game, "seats": seats, "seed": rng.randbytes(32).hex()}
    state = _fold(match.INITIAL, match.decide(match.INITIAL, Command(None, body)))
    humans = [n for n, kind in enumerate(kinds) if kind == "human"]
    # One player gives a seat back before the start, and someone else takes it.
    first = {"type": "join", "name": "ada", "seat": humans[0], "token_hash": "h-ada"}
    state = _fold(state, match.decide(state, Command(None, first)))
    assert match.legal_commands(state, humans[0]) == [LEAVE]
    state = _fold(state, match.decide(state, Command(humans[0], LEAVE)))
    for seat in humans:
        join = {"type": "join", "name": f"p{seat}", "seat": seat, "token_hash": f"h{seat}"}
        state = _fold(state, match.decide(state, Command(None, join)))
    assert state.status == match.ACTIVE
    return state


def check_every_seat(state: match.MatchState) -> None:
    for seat, info in enumerate(state.seats):
        legal = match.legal_commands(state, seat)
        if info.played_by_bot:
            assert legal == []
            for body in match.game_moves(state, seat):
                assert match.decide(state, Command(seat, body, "bot")), body
                if info.left:
                    with pytest.raises(SeatLeft):
                        match.decide(state, Command(seat, body))
            continue
        assert legal[-1] == LEAVE
        assert legal[:-1] == match.game_moves(state, seat)
        for body in legal:
            assert match.decide(state, Command(seat, body)), body
        if seat not in state.to_act():
            assert legal == [LEAVE]


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_legal_and_decide_agree_for_every_seat_with_players_leaving(game: str, seed: int):
    rng = random.Random(f"{game}:{seed}")
    state = started(game, GAMES[game], rng)
    strategies = registry.get(game).strategies
    leaves = 0
    for step in range(5000):
        if state.status == match.FINISHED:
            break
        if step % 7 == 0:  # every step for short games is slow for Gloria Picktoria's long one
            check_every_seat(state)
        seat = rng.choice(sorted(state.to_act()))
        info = state.seats[seat]
        humans = [n for n, s in enumerate(state.seats) if not s.played_by_bot]
        if humans and (step == 5 or rng.random() < 0.03):
            leaver = rng.choice(humans)
            events = match.decide(state, Command(leaver, LEAVE))
            assert [e.type for e in events] == ["SeatLeft"]
            state = _fold(state, events)
            assert match.decide(state, Command(leaver, LEAVE)) == []  # idempotent
            leaves += 1
            continue
        if info.played_by_bot:
            view = match.view(state, seat)["board"]
            body = strategies[info.strategy or match.LEAVE_STRATEGY](
                view, match.game_moves(state, seat), rng
            )
            command = Command(seat, body, "bot")
        else:
            command = Command(seat, rng.choice(match.legal_commands(state, seat)[:-1]))
        state = _fold(state, match.decide(state, command))
    assert state.status == match.FINISHED, f"no end after {step} steps"
    assert all(match.legal_commands(state, seat) == [] for seat in range(state.players))
    assert leaves >= 1


def evolved(state: match.MatchState, command: Command) -> match.MatchState:
    """The state after ``command``, through ``decide_and_evolve``, checked at each of its steps
    against ``decide`` and ``evolve``."""
    steps = match.decide_and_evolve(state, command)
    assert [event for event, _ in steps] == match.decide(state, command)
    for event, after in steps:
        state = match.evolve(state, event)
        assert after == state, event.type
    return state


@pytest.mark.parametrize("game", sorted(GAMES))
def test_decide_and_evolve_gives_the_states_evolve_gives(game: str):
    """Every kind of command, from the table's creation to the game's end (GameEnded)."""
    rng = random.Random(f"steps:{game}")
    seats = [{"kind": "human"}] * GAMES[game]
    body = {"type": "create", "game": game, "seats": seats, "seed": rng.randbytes(32).hex()}
    state = evolved(match.INITIAL, Command(None, body))
    join = {"type": "join", "name": "ada", "seat": 0, "token_hash": "h-ada"}
    state = evolved(evolved(state, Command(None, join)), Command(0, LEAVE))  # given back
    for seat in range(GAMES[game]):
        join = {"type": "join", "name": f"p{seat}", "seat": seat, "token_hash": f"h{seat}"}
        state = evolved(state, Command(None, join))  # the last one starts the game
    assert state.status == match.ACTIVE
    state = evolved(state, Command(1, LEAVE))  # a bot plays seat 1 from here
    assert evolved(state, Command(1, LEAVE)) == state  # nothing: no steps
    strategies = registry.get(game).strategies
    for _ in range(5000):
        if state.status == match.FINISHED:
            break
        seat = rng.choice(sorted(state.to_act()))
        if state.seats[seat].played_by_bot:
            view = match.view(state, seat)["board"]
            legal = match.game_moves(state, seat)
            command = Command(seat, strategies[match.LEAVE_STRATEGY](view, legal, rng), "bot")
        else:
            command = Command(seat, rng.choice(match.legal_commands(state, seat)[:-1]))
        state = evolved(state, command)
    assert state.status == match.FINISHED
    assert state.result is not None
