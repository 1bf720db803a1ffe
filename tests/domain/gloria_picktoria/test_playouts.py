"""Seeded random playouts through the shared harness (tests/domain/playout.py).

* A few games per player count go through ``playout.play``, which checks every listed command,
  every view and redacted event (JSON, no floats) and the refold at every step; our ``check``
  adds card conservation and the turn invariants.
* 1,000 more games (250 per player count) are played with ``playout.start`` and a lean loop,
  because the harness's per-step view checks cost ~1 ms a step and a game has ~200 steps.
  Each step still checks card conservation; every game ends at the 10th scoring card and its
  refold equals the live state; sampled states (1 in 400, so ~2 per 3 games) go through
  ``assert_accepts_exactly_legal`` with a wide universe of candidate bodies, ``assert_json``
  and the no-leak twins below, as does one blind draw in five.

No-leak twins: a state and a copy that differs only in hidden cards (one seat's hand, every
chest's face-down card, the undrawn pile order) must look the same to every other viewer; the
same command on both must give the same redacted events; and a start whose orders differ only
in one seat's hand and in the pile must give the same redacted deal to everyone else.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from domain.game import Command, Event, fold
from domain.gloria_picktoria import GAME
from domain.gloria_picktoria.cards import (
    CHEST_KINDS,
    DECK,
    DOUBLER,
    DOUBLER_I,
    HAND_KINDS,
    JOKER,
    SCORING,
    max_turns,
)
from domain.gloria_picktoria.state import State
from tests.domain import playout

pytestmark = pytest.mark.slow


def accounted(state: State) -> None:
    """Every card is somewhere: pile, display, hands, chests, collections, set aside."""
    counts = dict.fromkeys(ALL_KINDS, 0)
    for card in state.pile[state.drawn :]:
        counts[card] += 1
    for card in state.display:
        if card is not None:
            counts[card] += 1
    for kind, held in zip(HAND_KINDS, zip(*state.hands, strict=True), strict=True):
        assert min(held) >= 0
        counts[kind] += sum(held)
    jokers = doublers = 0
    for row in state.tableaux:
        for chest in row:
            counts[chest.card] += 1
            if chest.motif is not None:
                counts[chest.motif] += chest.cards
            jokers += chest.jokers
            doublers += chest.doubled
    counts[JOKER] += jokers
    counts[DOUBLER] += doublers
    counts[SCORING] += state.seen
    assert counts == EXPECTED[state.players], counts


ALL_KINDS = (*HAND_KINDS, SCORING)


def _expected(players: int) -> dict[str, int]:
    counts = Counter(DECK)
    counts[DOUBLER] = players  # one each; the others stay in the box
    counts[SCORING] = 10
    return {kind: counts[kind] for kind in ALL_KINDS}


EXPECTED = {players: _expected(players) for players in range(2, 6)}


def check(before: State, after: State, events: list[Event]) -> None:
    accounted(after)
    assert after.turn <= max_turns(after.players, after.rules)
    if after.over:
        assert after.seen == after.rules.final_scoring_at
        assert events[-1].type == "FinalScoringHeld"
    elif after.started:
        assert 1 <= after.ap <= after.rules.ap_per_turn or after.fox_pass_pending
        assert GAME.to_act(after) == {after.current}


# --- no-leak twins --------------------------------------------------------------------------


def hidden_twin(state: State, seat: int | None, rng: random.Random) -> State:
    """``state`` with other hidden cards: ``seat``'s hand (if any), chests, the pile order."""
    hands = list(state.hands)
    if seat is not None:
        hand = hands[seat]
        size = sum(hand) - hand[DOUBLER_I]
        counts = [0] * len(HAND_KINDS)
        for _ in range(size):
            counts[rng.randrange(len(CHEST_KINDS))] += 1
        counts[DOUBLER_I] = hand[DOUBLER_I]
        hands[seat] = tuple(counts)
    tableaux = tuple(
        tuple(chest._replace(card=_other(chest.card)) for chest in row) for row in state.tableaux
    )
    rest = list(state.pile[state.drawn :])
    rng.shuffle(rest)
    return state._replace(
        hands=tuple(hands), tableaux=tableaux, pile=(*state.pile[: state.drawn], *rest)
    )


def _other(card: str) -> str:
    return CHEST_KINDS[(CHEST_KINDS.index(card) + 1) % len(CHEST_KINDS)]


def assert_views_hide(state: State, rng: random.Random) -> None:
    viewers = [None, *range(state.players)]
    for seat in [None, *range(state.players)]:
        twin = hidden_twin(state, seat, rng)
        for viewer in viewers:
            if viewer != seat or seat is None:
                assert GAME.view(state, viewer) == GAME.view(twin, viewer), (seat, viewer)


def assert_events_hide(state: State, actor: int, body: dict, rng: random.Random) -> None:
    """The same command on a twin gives the same redacted events to whoever may not know."""
    others = [seat for seat in range(state.players) if seat != actor]
    for seat in others:
        twin = hidden_twin(state, seat, rng)._replace(pile=state.pile)
        _same_redacted(state, twin, actor, body, [None, *(s for s in others if s != seat)])
    if body["type"] == "draw_blind":
        # Another undrawn card on top (scoring cards stay put, they are public when drawn).
        rest = list(state.pile[state.drawn :])
        spots = [i for i, card in enumerate(rest) if card != SCORING]
        cards = [rest[i] for i in spots]
        rng.shuffle(cards)
        for i, card in zip(spots, cards, strict=True):
            rest[i] = card
        twin = state._replace(pile=(*state.pile[: state.drawn], *rest))
        _same_redacted(state, twin, actor, body, [None, *others])


def _same_redacted(state, twin, actor, body, viewers) -> None:
    events = GAME.decide(state, Command(actor, body))
    twin_events = GAME.decide(twin, Command(actor, body))
    for viewer in viewers:
        seen = [GAME.redact(event, viewer) for event in events]
        assert seen == [GAME.redact(event, viewer) for event in twin_events], (body, viewer)


def assert_deal_hides(start: dict, players: int, rng: random.Random) -> None:
    initial = GAME.initial_state(players, {})
    dealt = GAME.decide(initial, Command(None, start))[0]
    rules = initial.rules
    for seat in range(players):
        deck = list(start["orders"]["deck"])
        first = rules.display_size + rules.hand_start * seat
        undealt = rules.display_size + rules.hand_start * players
        mine, theirs = first + rng.randrange(rules.hand_start), rng.randrange(undealt, len(deck))
        deck[mine], deck[theirs] = deck[theirs], deck[mine]
        pile = list(start["orders"]["pile"])
        rng.shuffle(pile)
        twin_start = {**start, "orders": {"deck": deck, "pile": pile}}
        twin = GAME.decide(initial, Command(None, twin_start))[0]
        for viewer in [None, *(s for s in range(players) if s != seat)]:
            assert GAME.redact(dealt, viewer) == GAME.redact(twin, viewer)
            assert GAME.redact_command(start, None, viewer) == GAME.redact_command(
                twin_start, None, viewer
            )


# --- candidate universe for assert_accepts_exactly_legal ------------------------------------


def universe(state: State, seat: int) -> list[dict]:
    """Plausible bodies for ``seat``: every command with parameters one past each edge."""

    def around(row: int) -> range:
        return range(-1, len(state.tableaux[row]) + 1)

    kinds = [*HAND_KINDS, SCORING, "m10"]
    left = (seat + 1) % state.players
    bodies: list[dict] = [
        {"type": "draw_blind"},
        {"type": "end_turn"},
        {"type": "draw_blind", "count": 2},
        {"type": "end_turn", "chest": 0},
        {"type": "take_display", "slot": True},
        {"type": "take_display", "slot": "0"},
        {"type": "take_display"},
        {"type": "lay", "kind": "m1", "chest": "0"},
        {"type": "move_fox", "owner": False, "chest": 0},
        {"type": "pass"},
        {"type": "start", "start_player": 0, "orders": {}},
    ]
    for kind in kinds:
        bodies.append({"type": "make_chest", "kind": kind})
        bodies += [{"type": "lay", "kind": kind, "chest": c} for c in around(seat)]
    bodies += [{"type": "play_doubler", "chest": c} for c in around(seat)]
    bodies += [{"type": "pass_fox", "chest": c} for c in around(left)]
    bodies += [{"type": "take_display", "slot": s} for s in range(-1, len(state.display) + 1)]
    for owner in range(state.players):
        bodies += [{"type": "move_fox", "owner": owner, "chest": c} for c in around(owner)]
    bodies += [{"type": "move_fox", "owner": state.players, "chest": 0}]
    return bodies


# --- the playouts ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_full_harness_playouts(players):
    for seed in range(3):
        game = playout.play(GAME, players, 1000 * players + seed, check=check)
        assert game.state.seen == 10 and game.events[-1].type == "FinalScoringHeld"


def lean_playout(players: int, seed: int, sample: float) -> int:
    rng = random.Random(seed)
    game = playout.start(GAME, players, rng)
    assert_deal_hides(game.commands[0].body, players, rng)
    state = game.state
    accounted(state)
    steps = 0
    while GAME.result(state) is None:
        actor = next(iter(GAME.to_act(state)))
        legal = GAME.legal_commands(state, actor)
        body = rng.choice(legal)
        sampled = rng.random() < sample
        if sampled:
            for seat in {actor, rng.randrange(players)}:
                playout.assert_accepts_exactly_legal(GAME, state, seat, universe(state, seat))
            assert_views_hide(state, rng)
        if sampled or (body["type"] == "draw_blind" and rng.random() < 0.2):
            assert_events_hide(state, actor, body, rng)
        events = GAME.decide(state, Command(actor, body))
        state = fold(GAME, state, events)
        if sampled:
            for viewer in [None, *range(players)]:
                playout.assert_json(GAME.view(state, viewer))
                for event in events:
                    playout.assert_json(GAME.redact(event, viewer).data)
        game.events.extend(events)
        accounted(state)
        steps += 1
    assert state.seen == 10 and game.events[-1].type == "FinalScoringHeld"
    assert GAME.to_act(state) == frozenset()
    assert game.refold() == state
    return steps


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_lean_playouts_250_per_player_count(players):
    steps = [lean_playout(players, 50_000 * players + seed, 1 / 400) for seed in range(250)]
    assert max(steps) < 20_000


def test_views_after_the_end_show_everything():
    game = playout.play(GAME, 3, 7)
    shown = GAME.view(game.state, None)
    assert len(shown["hands"]) == 3 and "pile" in shown
    assert all("card" in c for seat in shown["seats"] for c in seat["chests"])
    assert GAME.result(game.state)["winners"] == shown["winners"]
