"""Seeded random playouts through the shared harness: every game ends, no card is lost or
duplicated, ``decide`` accepts exactly the listed commands, and no view or redacted event lets
anyone but the owner tell two face-down cards apart."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from domain.errors import RuleError
from domain.game import Command, Event, fold
from domain.sly import GAME
from domain.sly.model import CARDS, DOWN, FOX, SlyState, sorted_hand
from tests.domain.playout import assert_accepts_exactly_legal, play

# 2,000 games in all, in chunks so that ``pytest -n`` can spread them. Two-player games are the
# cheapest (4 spaces, about 15 steps against 35 on 8 spaces), so they are the bulk; the bot tests
# and test_l3 below play many more 3- and 4-player games without the harness's JSON checks.
GAMES = {2: 1600, 3: 200, 4: 200}
CHUNK = 100
SAMPLE_EVERY = 25  # every 25th game also gets the costlier checks at every step


def candidates(state: SlyState) -> list[dict[str, Any]]:
    """Every plausible command: each type with every card and every space, and a few strays."""
    spaces = [*state.space_ids, "h9-9"]
    bodies: list[dict[str, Any]] = [{"type": "reveal_stop"}, {"type": "pass"}]
    bodies += [{"type": "lay", "card": c, "space": s} for c in [*CARDS, "hen0"] for s in spaces]
    bodies += [{"type": t, "space": s} for t in ("expose", "reveal_flip") for s in spaces]
    bodies += [{"type": "reveal_flip", "space": state.space_ids[0], "card": "fox"}]
    return bodies


def assert_cards_conserved(state: SlyState) -> None:
    if not state.started:
        return
    held: list[Counter] = [Counter(hand) for hand in state.hands]
    for slot in state.spaces:
        if slot is not None:
            held[slot.owner][slot.card] += 1
    for pile in state.gobbled:
        for owner, card in pile:
            held[owner][card] += 1
    for owners in state.captured:
        for owner in owners:
            held[owner][FOX] += 1
    for _, owner, card in state.final_flips:
        if card == FOX:  # removed at the end; a hen flipped then stays on its space
            held[owner][card] += 1
    for owner in range(state.players):
        assert held[owner] == Counter(CARDS), (owner, held[owner])


def swapped(state: SlyState, space: int, rng: random.Random) -> SlyState | None:
    """The same state except that the face-down card on ``space`` is another hidden card of its
    owner (one from the hand, or one face down elsewhere), or None if the owner has none."""
    slot = state.spaces[space]
    assert slot is not None
    owner = slot.owner
    others = [("hand", c) for c in state.hands[owner]]
    others += [
        ("space", i)
        for i, s in enumerate(state.spaces)
        if s is not None and s.owner == owner and s.face == DOWN and i != space
    ]
    if not others:
        return None
    where, other = rng.choice(others)
    spaces = list(state.spaces)
    hands = list(state.hands)
    if where == "hand":
        hands[owner] = sorted_hand([slot.card if c == other else c for c in state.hands[owner]])
        spaces[space] = slot._replace(card=other)
    else:
        elsewhere = state.spaces[other]
        assert elsewhere is not None
        spaces[space] = slot._replace(card=elsewhere.card)
        spaces[other] = elsewhere._replace(card=slot.card)
    return state._replace(spaces=tuple(spaces), hands=tuple(hands))


def outcome(state: SlyState, seat: int, body: dict[str, Any]) -> tuple[str, str] | None:
    try:
        GAME.decide(state, Command(seat, body))
    except RuleError as error:
        return error.code, error.detail
    return None


def assert_no_leak(state: SlyState, rng: random.Random) -> None:
    hidden = [i for i, s in enumerate(state.spaces) if s is not None and s.face == DOWN]
    if not hidden or state.over:
        return
    space = rng.choice(hidden)
    slot = state.spaces[space]
    assert slot is not None
    twin = swapped(state, space, rng)
    if twin is None:
        return
    assert twin != state
    outsiders = [None, *(seat for seat in range(state.players) if seat != slot.owner)]
    for viewer in outsiders:
        assert GAME.view(state, viewer) == GAME.view(twin, viewer), viewer
        laid = Event("CardLaid", {"seat": slot.owner, "space": state.space_ids[space]})
        one = GAME.redact(Event(laid.type, {**laid.data, "card": slot.card}), viewer)
        other = GAME.redact(
            Event(laid.type, {**laid.data, "card": twin.spaces[space].card}), viewer
        )
        assert one == other
        body = {"type": "lay", "card": slot.card, "space": state.space_ids[space]}
        assert GAME.redact_command(body, slot.owner, viewer) == GAME.redact_command(
            {**body, "card": twin.spaces[space].card}, slot.owner, viewer
        )
    if state.current != slot.owner:  # a rejected command's message names nothing hidden
        for body in candidates(state):
            if body.get("space") != state.space_ids[space] or body["type"] == "lay":
                assert outcome(state, state.current, body) == outcome(twin, state.current, body)


def checker(sampled: bool, rng: random.Random):
    def check(before: SlyState, after: SlyState, events: list[Event]) -> None:
        assert_cards_conserved(after)
        if after.over:
            assert GAME.to_act(after) == frozenset()
            assert GAME.result(after) is not None
            return
        assert len(GAME.to_act(after)) == 1
        assert GAME.result(after) is None
        if sampled:
            for seat in range(after.players):
                assert_accepts_exactly_legal(GAME, after, seat, candidates(after))
            assert_no_leak(after, rng)

    return check


CASES = [(n, first) for n, games in GAMES.items() for first in range(0, games, CHUNK)]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "first"), CASES)
def test_random_playouts(players: int, first: int) -> None:
    reasons: Counter = Counter()
    for seed in range(first, first + CHUNK):
        rng = random.Random(-seed)
        playout = play(GAME, players, seed, checker(seed % SAMPLE_EVERY == 0, rng))
        result = GAME.result(playout.state)
        assert len(result["scores"]) == players
        assert result["winners"]
        reasons[result["end_reason"]] += 1
    assert set(reasons) <= {"low_hand", "house_full", "turn_cap"}


def test_the_turn_cap_ends_random_playouts_too() -> None:
    for seed in range(20):
        playout = play(GAME, 3, seed, checker(True, random.Random(seed)), max_turns_per_player=2)
        assert GAME.result(playout.state)["end_reason"] in {"turn_cap", "low_hand", "house_full"}
        assert playout.state.turn <= 2 * 3


def test_options_change_the_table_in_random_playouts() -> None:
    for seed in range(6):
        playout = play(GAME, 2, seed, checker(seed < 2, random.Random(seed)), hen_houses_2p=3)
        assert len(playout.state.space_ids) == 12


def test_l3_the_seat_to_act_always_has_a_legal_command() -> None:
    rng = random.Random(99)
    for game in range(300):
        players = 2 + game % 3
        state = GAME.initial_state(players, {})
        body = {"type": "start", "start_player": rng.randrange(players), "orders": {}}
        state = fold(GAME, state, GAME.decide(state, Command(None, body)))
        while GAME.result(state) is None:
            (seat,) = GAME.to_act(state)
            moves = GAME.legal_commands(state, seat)
            assert moves
            state = fold(GAME, state, GAME.decide(state, Command(seat, rng.choice(moves))))
