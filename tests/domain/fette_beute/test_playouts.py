"""Seeded random playouts through the shared harness (tests/domain/playout.py).

Every game must end; after every step the food is conserved, the turn bookkeeping is sound and
F7 holds. On a sample of states: ``decide`` accepts exactly the listed commands out of every
plausible body, and nothing a seat or a spectator can see (views, redacted events, legal lists,
error messages) changes when another seat's hidden animals change.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from domain.errors import RuleError
from domain.fette_beute import GAME
from domain.fette_beute.rules import CHOICES
from domain.fette_beute.state import ANIMALS, BEAVER, CHOOSE, EVENT_TYPES, FOODS, OPTIONS, Board
from domain.game import Command, Event, fold
from tests.domain import playout

GAMES_PER_PLAYER_COUNT = 500
CHUNK = 125  # games per test, so that `pytest -n` can spread them
SAMPLE_RATE = 0.004  # share of steps that get the expensive checks


def candidates(players: int) -> list[dict[str, Any]]:
    """Every plausible body: all choose pairs (duplicates and unknown animals included) and
    every reveal with and without a steal of every target and kind, plus malformed ones.

    A pair is spelled in canonical order only: ``decide`` also accepts the reverse spelling
    (F8, unordered; see test_setup_and_choice), which ``legal_commands`` does not list twice.
    """
    names = [*ANIMALS, "fox"]
    bodies: list[dict[str, Any]] = [
        {"type": "choose", "animals": [a, b]} for i, a in enumerate(names) for b in names[i:]
    ]
    bodies += [
        {"type": "choose", "animals": [ANIMALS[0]]},
        {"type": "choose", "animals": list(ANIMALS[:3])},
        {"type": "choose"},
        {"type": "reveal"},
        {"type": "pass"},
        {"type": "reveal", "animal": "raccoon", "steal": None},
        {"type": "reveal", "animal": "raccoon", "steal": {"target": 0}},
    ]
    for animal in names:
        bodies.append({"type": "reveal", "animal": animal})
        bodies += [
            {"type": "reveal", "animal": animal, "steal": {"target": target, "kind": kind}}
            for target in [-1, *range(players + 1), True, "0"]
            for kind in [*FOODS, "caviar"]
        ]
    return bodies


def _outcome(state: Board, seat: int, body: dict[str, Any]) -> tuple:
    try:
        GAME.decide(state, Command(seat, body))
    except RuleError as error:
        return (error.code, error.detail)
    return ("accepted",)


def _with_hidden(state: Board, seat: int, rng: random.Random) -> Board | None:
    """The same state, but ``seat`` holds other face-down animals (the same number)."""
    hidden = state.hidden[seat]
    if not hidden:
        return None
    shown = [animal for animal, _ in state.revealed[seat]]
    if len(hidden) == 2:
        pair = rng.choice([p for p in CHOICES if p != hidden])
        new_hidden = pair
    else:
        new_hidden = (rng.choice([a for a in ANIMALS if a not in (*shown, *hidden)]),)
        pair = tuple(sorted((*shown, *new_hidden), key=ANIMALS.index))
    return replace(
        state,
        chosen=(*state.chosen[:seat], pair, *state.chosen[seat + 1 :]),
        hidden=(*state.hidden[:seat], new_hidden, *state.hidden[seat + 1 :]),
    )


def assert_no_leak(state: Board, rng: random.Random, universe: list[dict]) -> None:
    """What others see does not depend on a seat's hidden animals."""
    players = state.players
    for secret in range(players):
        other = _with_hidden(state, secret, rng)
        if other is None:
            continue
        for viewer in [None, *range(players)]:
            if viewer == secret:
                continue
            assert GAME.view(state, viewer) == GAME.view(other, viewer)
            if viewer is not None:
                assert GAME.legal_commands(state, viewer) == GAME.legal_commands(other, viewer)
        # The seats to act get the same answer (accepted, or the same error) to every body.
        for actor in GAME.to_act(state) - {secret}:
            for body in rng.sample(universe, 40):
                assert _outcome(state, actor, body) == _outcome(other, actor, body), body
    if state.phase == CHOOSE:
        # Two different secret choices give every other viewer the same events and views.
        for secret in GAME.to_act(state):
            first, second = rng.sample(GAME.legal_commands(state, secret), 2)
            one = GAME.decide(state, Command(secret, first))
            two = GAME.decide(state, Command(secret, second))
            after_one, after_two = fold(GAME, state, one), fold(GAME, state, two)
            for viewer in [None, *range(players)]:
                if viewer == secret:
                    continue
                assert [GAME.redact(e, viewer) for e in one] == [
                    GAME.redact(e, viewer) for e in two
                ]
                assert GAME.view(after_one, viewer) == GAME.view(after_two, viewer)


def checker(players: int, rng: random.Random, food: int):
    universe = candidates(players)

    def check(before: Board, after: Board, events: list[Event]) -> None:
        assert after.supply_left + sum(map(sum, after.stores)) == food  # conservation
        assert all(event.type in EVENT_TYPES for event in events)
        assert all(count >= 0 for store in after.stores for count in store)
        for event in events:
            data = event.data
            if event.type == "AnimalRevealed" and data["how"] == "chosen":
                # F7: a beaver by choice always finds the round's beaver unresolved.
                assert data["animal"] != BEAVER or not before.beaver_resolved
        if after.phase == CHOOSE:
            assert GAME.to_act(after) == {s for s in range(players) if after.chosen[s] is None}
        if GAME.result(after) is None and rng.random() < SAMPLE_RATE:
            for seat in range(players):
                playout.assert_accepts_exactly_legal(GAME, after, seat, universe)
            assert_no_leak(after, rng, universe)

    return check


def run_playouts(players: int, seeds: range) -> set[str]:
    """Seeded games through the harness with every check above; returns the end reasons."""
    reasons = set()
    for seed in seeds:
        rng = random.Random(f"checks-{players}-{seed}")
        check = checker(players, rng, 5 * OPTIONS["food_per_type"].default)
        game = playout.play(GAME, players, seed, check)
        result = GAME.result(game.state)
        assert result is not None and result["winners"]
        reasons.add(result["reason"])
        assert hash(game.state) is not None  # no list or dict hides in the state
        if seed % 50 == 0:  # once over, nothing is legal and everything is refused
            for seat in range(players):
                playout.assert_accepts_exactly_legal(GAME, game.state, seat, candidates(players))
    return reasons


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_few_random_playouts(players: int) -> None:
    assert "five_of_a_kind" in run_playouts(players, range(10_000, 10_020))


# 2,000 games in all. The harness's JSON check of every view for every viewer after every
# step is most of the time; chunks let `pytest -n` spread them over the cores.
@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("chunk", range(GAMES_PER_PLAYER_COUNT // CHUNK))
def test_random_playouts(players: int, chunk: int) -> None:
    reasons = run_playouts(players, range(chunk * CHUNK, (chunk + 1) * CHUNK))
    assert "five_of_a_kind" in reasons


def random_options(rng: random.Random) -> dict[str, int]:
    """Any values within the bounds, leaning towards games of a sensible length."""
    options = {name: rng.randint(opt.minimum, opt.maximum) for name, opt in OPTIONS.items()}
    options["food_per_type"] = rng.choice([5, 6, 10, 16, 40])
    options["win_set"] = rng.choice([5, 6, 8, 40])  # 40: only the supply or the cap can end it
    options["max_rounds"] = rng.choice([1, 2, 5, 100])
    return options


@pytest.mark.slow
def test_random_playouts_with_random_options() -> None:
    reasons = set()
    for seed in range(100):
        rng = random.Random(f"options-{seed}")
        players = rng.randint(3, 6)
        options = random_options(rng)
        check = checker(players, rng, 5 * options["food_per_type"])
        game = playout.play(GAME, players, seed, check, **options)
        reasons.add(GAME.result(game.state)["reason"])
    assert reasons == {"five_of_a_kind", "supply_exhausted", "round_cap"}
