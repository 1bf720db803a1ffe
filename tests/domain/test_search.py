"""``ismcts``: determinisation agrees with the view, hidden information never changes a move.

For every game, ``determinise(view, rng)`` must rebuild a full state whose view, for that seat,
is the view it was built from, and whose legal commands are the seat's real ones: otherwise the
search would explore a different game. And two states that differ only in what the seat cannot
see (the other hands, the deck or supply order, the face-down cards) must get the same move.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator

import pytest

from domain import fairness, registry
from domain.game import Command, GameDefinition
from domain.search import Ismcts

TABLES = [("fette-beute", 4), ("sly", 2), ("sly", 3), ("gloria-picktoria", 3)]


def search_module(game_id: str):
    return importlib.import_module(f"domain.{game_id.replace('-', '_')}.search")


def started(game: GameDefinition, players: int, rng: random.Random):
    options = {name: option.default for name, option in game.options.items()}
    state = game.initial_state(players, options)
    start = fairness.derive_start(
        rng.randbytes(32), [""] * players, game.shuffles(players, options), players
    )
    for event in game.decide(state, Command(None, start)):
        state = game.evolve(state, event)
    return state


def decisions(game: GameDefinition, players: int, seed: int, games: int) -> Iterator[tuple]:
    """(state, seat) for every seat to act along random games."""
    rng = random.Random(seed)
    for _ in range(games):
        state = started(game, players, rng)
        while game.result(state) is None:
            for seat in sorted(game.to_act(state)):
                yield state, seat
            seat = rng.choice(sorted(game.to_act(state)))
            body = rng.choice(game.legal_commands(state, seat))
            for event in game.decide(state, Command(seat, body)):
                state = game.evolve(state, event)


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_a_determinised_state_shows_the_seat_exactly_its_view(game_id: str, players: int) -> None:
    game, module = registry.get(game_id), search_module(game_id)
    checked = 0
    for state, seat in decisions(game, players, seed=7, games=3):
        view = game.view(state, seat)
        sampled = module.determinise(view, random.Random(checked))
        assert game.view(sampled, seat) == view
        assert game.legal_commands(sampled, seat) == game.legal_commands(state, seat)
        checked += 1
    assert checked > 30


def hidden_twin(game: GameDefinition, module, state, seat: int, seed: int):
    """A state that the seat cannot tell from ``state`` but that differs from it."""
    view = game.view(state, seat)
    for attempt in range(50):
        twin = module.determinise(view, random.Random(seed * 1000 + attempt))
        if twin != state:
            return twin
    return None


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_what_the_seat_cannot_see_never_changes_the_move(game_id: str, players: int) -> None:
    game, module = registry.get(game_id), search_module(game_id)
    search = Ismcts(module.SEARCH, iterations=25)
    compared = 0
    for n, (state, seat) in enumerate(decisions(game, players, seed=11, games=2)):
        legal = game.legal_commands(state, seat)
        if n % 5 or len(legal) < 2:
            continue
        twin = hidden_twin(game, module, state, seat, n)
        if twin is None:
            continue  # nothing hidden from this seat right now
        assert game.view(twin, seat) == game.view(state, seat)
        assert game.legal_commands(twin, seat) == legal
        move = search(game.view(state, seat), legal, random.Random(n))
        assert search(game.view(twin, seat), legal, random.Random(n)) == move
        assert move in legal
        compared += 1
        if compared == 6:
            break
    assert compared >= 3


@pytest.mark.parametrize("game_id", ["fette-beute", "sly", "gloria-picktoria"])
def test_ismcts_is_registered_and_seeded(game_id: str) -> None:
    game = registry.get(game_id)
    assert "ismcts" in game.strategies
    state, seat = next(
        (s, seat)
        for s, seat in decisions(game, game.min_players, seed=3, games=1)
        if len(game.legal_commands(s, seat)) > 2
    )
    view, legal = game.view(state, seat), game.legal_commands(state, seat)
    search = Ismcts(search_module(game_id).SEARCH, iterations=30)
    first = search(view, legal, random.Random("job-1"))
    assert all(search(view, legal, random.Random("job-1")) == first for _ in range(3))
    assert first in legal


def test_a_stop_callable_ends_the_search_early() -> None:
    game = registry.get("sly")
    state = started(game, 2, random.Random(5))
    seat = next(iter(game.to_act(state)))
    view, legal = game.view(state, seat), game.legal_commands(state, seat)
    asked = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) >= 3

    search = Ismcts(search_module("sly").SEARCH, iterations=10_000)
    assert search(view, legal, random.Random(1), stop=stop) in legal
    assert len(asked) == 3  # asked once per iteration after the first, and obeyed


def test_budgets_are_chosen_by_the_tables_player_count():
    from domain.search import _per_players

    assert _per_players(7, {"players": 3}) == 7
    by_players = {2: 20, 3: 6}
    assert [_per_players(by_players, {"players": n}) for n in (2, 3, 4)] == [20, 6, 6]
