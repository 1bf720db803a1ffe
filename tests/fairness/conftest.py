"""Finished games of every kind, built fast, for the fairness and audit tests.

``finished`` (per module) plays one game of each kind to the end on the real Redis: human seats
join with client seeds (one empty, one not ASCII), move a few times, then hand their seats to
bots, and bots finish the game in-process. So every kind of recorded command appears: create,
join, a player's move, leave, and bot moves.

The API fixtures of ``tests/service`` are reused as they are.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from domain import match
from events.envelope import Envelope
from events.redis_client import connect
from service.audit import bundle
from service.games import GameService
from service.ports import RecordingScheduler
from tests.service.conftest import (  # noqa: F401  (fixtures, registered here by import)
    Api,
    api,
    app,
    build,
    client,
    scheduler,
    service,
)

GAMES = {
    # game: (players, human seats)
    "fette-beute": (4, 2),
    "sly": (3, 2),
    "gloria-picktoria": (3, 2),
}
CLIENT_SEEDS = ["", "Füchse im Bau 🦊 — ünïcödé"]


def drive_bots(games: GameService, game_id: str, limit: int = 5000) -> None:
    """Play every bot seat's turns until the game ends or a human seat is to act.

    Calls ``handle`` with ``kind="bot"`` like ``play_for`` does, but each move gets a fresh
    command id: ``play_for`` keys its command id by (seat, since), which repeats when a seat
    moves and stays to act (SLY's reveal chain), so it replays the old move instead.
    """
    for _ in range(limit):
        state = games.load(game_id).state
        bots = sorted(seat for seat in state.to_act() if state.seats[seat].played_by_bot)
        if state.status != match.ACTIVE or not bots:
            return
        seat = bots[0]
        game = state.definition
        strategy = game.strategies[state.seats[seat].strategy or match.LEAVE_STRATEGY]
        rng = random.Random(f"{game_id}:{seat}:{state.version}")
        body = strategy(game.view(state.board, seat), game.legal_commands(state.board, seat), rng)
        games.handle(game_id, seat, body, kind="bot", expected_version=state.version)
    raise AssertionError(f"game {game_id} did not end in {limit} bot moves")


def play_humans_then_leave(games: GameService, game_id: str, tokens: dict[int, str]) -> None:
    """Each human seat plays its first legal move when to act, then hands its seat to a bot."""
    rng = random.Random(game_id)
    for _ in range(6):
        state = games.load(game_id).state
        humans = [s for s in sorted(state.to_act()) if s in tokens]
        if not humans:
            drive_bots(games, game_id, limit=50)
            continue
        seat = humans[0]
        moves = [m for m in match.legal_commands(state, seat) if m["type"] != "leave"]
        games.handle(game_id, seat, rng.choice(moves))
    for seat in tokens:
        if games.load(game_id).state.status == match.ACTIVE:
            games.handle(game_id, seat, {"type": "leave"})


@dataclass(frozen=True)
class Finished:
    game: str
    game_id: str
    envelopes: list[Envelope]
    tokens: dict[int, str] = field(default_factory=dict)  # the human seats'

    @property
    def bundle(self) -> dict:
        return bundle(self.game_id, self.envelopes)


def finish(games: GameService, game: str, strategy: str = "random") -> Finished:
    players, humans = GAMES[game]
    seats = [{"kind": "human"}] * humans + [{"kind": "bot", "strategy": strategy}] * (
        players - humans
    )
    game_id = games.create(game, seats, {}).game_id
    tokens = {}
    for seat in range(humans):
        joined, token, _ = games.join(game_id, f"p{seat}", seat, CLIENT_SEEDS[seat % 2])
        tokens[joined] = token
    play_humans_then_leave(games, game_id, tokens)
    drive_bots(games, game_id)
    assert games.load(game_id).state.status == match.FINISHED
    return Finished(game, game_id, games.store.read(game_id), tokens)


@pytest.fixture(scope="module")
def module_service(redis_url: str) -> Iterator[GameService]:
    client_ = connect(redis_url)
    yield build(client_, RecordingScheduler())
    client_.close()


@pytest.fixture(scope="module")
def finished(module_service: GameService) -> dict[str, Finished]:
    """One finished game of each kind, by game id."""
    return {game: finish(module_service, game) for game in GAMES}
