"""Seeded random playouts through the decider contract, shared by every game's tests.

A playout starts a game from a derived start command, then lets a random seat among those to
act send a random legal command until the game has a result. After every step it checks what
holds for every game: someone is to act while the game runs, every listed command is accepted,
views and redacted events are JSON without floats, and ``check(before, after, events)`` (the
game's own invariants). At the end, refolding the recorded events gives the live state.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from domain import fairness
from domain.errors import RuleError
from domain.game import Command, Event, GameDefinition, fold

Check = Callable[[Any, Any, list[Event]], None]

# Every view of every seat is JSON-checked on every 5th step (and at the end): checking them
# all at every step was most of a playout's time, and a sample finds the same mistakes.
VIEW_CHECK_EVERY = 5


@dataclass
class Playout:
    game: GameDefinition
    players: int
    options: Mapping[str, int]
    initial: Any
    state: Any = None
    events: list[Event] = field(default_factory=list)
    commands: list[Command] = field(default_factory=list)

    def refold(self) -> Any:
        return fold(self.game, self.initial, self.events)


def default_options(game: GameDefinition, **overrides: int) -> dict[str, int]:
    return {name: overrides.get(name, option.default) for name, option in game.options.items()}


def start(game: GameDefinition, players: int, rng: random.Random, **options: int) -> Playout:
    """A started game whose shuffles are derived from a seed drawn from ``rng``."""
    opts = default_options(game, **options)
    initial = game.initial_state(players, opts)
    body = fairness.derive_start(
        rng.randbytes(32), [""] * players, game.shuffles(players, opts), players
    )
    playout = Playout(game, players, opts, initial)
    playout.events = list(game.decide(initial, Command(None, body)))
    playout.commands.append(Command(None, body))
    playout.state = fold(game, initial, playout.events)
    return playout


def assert_json(value: Any) -> None:
    """JSON-able, and no floats anywhere (the canonical encoding allows none)."""
    text = json.dumps(value, sort_keys=True)
    assert not _has_float(json.loads(text)), text


def _has_float(value: Any) -> bool:
    if isinstance(value, float):
        return True
    if isinstance(value, dict):
        return any(_has_float(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_float(v) for v in value)
    return False


def step(playout: Playout, rng: random.Random, check: Check | None = None) -> None:
    """One random legal command by one random seat to act, with the generic checks."""
    game, before = playout.game, playout.state
    acting = sorted(game.to_act(before))
    assert acting, "the game runs but nobody is to act"
    seat = rng.choice(acting)
    legal = game.legal_commands(before, seat)
    assert legal, f"seat {seat} is to act but has no legal command"
    for body in legal:  # every listed command is accepted as-is
        assert game.decide(before, Command(seat, body)), body
    body = rng.choice(legal)
    new_events = game.decide(before, Command(seat, body))
    after = fold(game, before, new_events)
    for event in new_events:
        for viewer in [None, *range(playout.players)]:
            assert_json(game.redact(event, viewer).data)
    if len(playout.commands) % VIEW_CHECK_EVERY == 0 or game.result(after) is not None:
        for viewer in [None, *range(playout.players)]:
            assert_json(game.view(after, viewer))
    if check:
        check(before, after, new_events)
    playout.events.extend(new_events)
    playout.commands.append(Command(seat, body))
    playout.state = after


def play(
    game: GameDefinition,
    players: int,
    seed: int,
    check: Check | None = None,
    max_steps: int = 20_000,
    **options: int,
) -> Playout:
    """A whole seeded random game; asserts it ends and that a refold gives the live state."""
    rng = random.Random(seed)
    playout = start(game, players, rng, **options)
    if check:
        check(playout.initial, playout.state, playout.events)
    for _ in range(max_steps):
        if game.result(playout.state) is not None:
            break
        step(playout, rng, check)
    else:
        raise AssertionError(f"no result after {max_steps} steps")
    assert game.to_act(playout.state) == frozenset()
    assert playout.refold() == playout.state
    return playout


def assert_accepts_exactly_legal(
    game: GameDefinition, state: Any, seat: int, candidates: Iterable[dict]
) -> None:
    """``decide`` accepts a candidate body iff ``legal_commands`` lists it."""
    # Compared as JSON text: in Python True == 1, but a client's `true` is not a count of 1.
    legal = {json.dumps(body, sort_keys=True) for body in game.legal_commands(state, seat)}
    for body in candidates:
        try:
            game.decide(state, Command(seat, body))
            accepted = True
        except RuleError:
            accepted = False
        assert accepted == (json.dumps(body, sort_keys=True) in legal), (seat, body, accepted)
