"""Clients are untrusted: any JSON body gets events or a RuleError, never another exception."""

from __future__ import annotations

import contextlib
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.errors import RuleError
from domain.fette_beute import GAME
from domain.fette_beute.state import ANIMALS, FOODS
from domain.game import Command, fold
from tests.domain import playout

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 8) | st.text(max_size=8) | st.sampled_from(ANIMALS),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
STEAL = st.fixed_dictionaries(
    {"target": st.integers(-1, 6) | JSON, "kind": st.sampled_from(FOODS) | JSON}
)
BODY = st.one_of(
    JSON,
    st.fixed_dictionaries(
        {"type": st.sampled_from(["choose", "reveal", "start", "leave"]) | JSON},
        optional={
            "animals": st.lists(st.sampled_from(ANIMALS) | JSON, max_size=3) | JSON,
            "animal": st.sampled_from(ANIMALS) | JSON,
            "steal": STEAL | JSON,
            "start_player": JSON,
            "orders": st.fixed_dictionaries({"supply": st.lists(st.integers(0, 79))}) | JSON,
            "extra": JSON,
        },
    ),
)


def _states() -> list:
    """A few states of one game: before the start, the choice, reveals, the end."""
    game = playout.play(GAME, 4, seed=11)
    states = [game.initial]
    state = game.initial
    for index, event in enumerate(game.events):
        state = fold(GAME, state, [event])
        if index % 7 == 0 or GAME.result(state) is not None:
            states.append(state)
    return states


STATES = _states()


@settings(max_examples=200, deadline=None)
@given(body=BODY, which=st.integers(0, len(STATES) - 1), seat=st.integers(-1, 4) | st.none())
def test_any_body_gets_events_or_a_rule_error(body, which, seat):
    state = STATES[which]
    try:
        GAME.decide(state, Command(seat, body))
    except RuleError as error:
        assert error.code in {"illegal_move", "not_your_turn", "game_over", "not_started"}
    GAME.redact_command(body, seat, 0)


def test_random_mutations_of_legal_commands_are_checked():
    rng = random.Random(3)
    for state in STATES:
        for seat in GAME.to_act(state):
            for body in GAME.legal_commands(state, seat):
                for key in list(body):
                    broken = dict(body)
                    broken[key] = rng.choice([None, True, 1.5, [], {}, "x", -1, 99])
                    with contextlib.suppress(RuleError):
                        GAME.decide(state, Command(seat, broken))
