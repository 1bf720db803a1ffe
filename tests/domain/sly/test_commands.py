"""Untrusted command bodies: anything malformed is ``illegal_move``, never another exception."""

from __future__ import annotations

import pytest
from hypothesis import given as hypothesis_given
from hypothesis import settings
from hypothesis import strategies as st

from domain.errors import RuleError
from domain.game import Command
from domain.sly import GAME

from .gwt import flipped, given, laid, lay, table, then_rejected

BOARD = given(table(), laid(0, "hen3", "h0-4"), laid(1, "fox", "h0-1"))
IN_REVEAL = given(
    table(), laid(0, "hen3", "h0-4"), laid(1, "fox", "h0-1"), flipped(0, "h0-1", 1, "fox")
)

MALFORMED = [
    [],
    "lay",
    3,
    None,
    {},
    {"type": 3},
    {"type": None},
    {"type": ["lay"]},
    {"type": {"lay": 1}},
    {"type": "pass"},
    {"type": "Lay", "card": "hen1", "space": "h0-2"},
    {"type": "create"},
    {"type": "lay"},
    {"type": "lay", "card": "hen1"},
    {"type": "lay", "space": "h0-2"},
    {"type": "lay", "card": "hen1", "space": "h0-2", "extra": 0},
    {"type": "lay", "card": 1, "space": "h0-2"},
    {"type": "lay", "card": True, "space": "h0-2"},
    {"type": "lay", "card": None, "space": "h0-2"},
    {"type": "lay", "card": ["hen1"], "space": "h0-2"},
    {"type": "lay", "card": {"hen1": 1}, "space": "h0-2"},
    {"type": "lay", "card": "hen7", "space": "h0-2"},
    {"type": "lay", "card": "HEN1", "space": "h0-2"},
    {"type": "lay", "card": "hen1", "space": "h0-5"},
    {"type": "lay", "card": "hen1", "space": "h1-1"},  # no second hen house with 2 players
    {"type": "lay", "card": "hen1", "space": 2},
    {"type": "lay", "card": "hen1", "space": ["h0-2"]},
    {"type": "lay", "card": "hen1", "space": {"h0-2": 1}},
    {"type": "expose"},
    {"type": "expose", "space": "h0-1", "card": "fox"},
    {"type": "expose", "space": 1},
    {"type": "reveal_flip"},
    {"type": "reveal_flip", "space": None},
    {"type": "reveal_flip", "space": "h0-1", "stop": True},
    {"type": "reveal_stop", "space": "h0-1"},
    {"type": "start", "start_player": 0, "orders": {}},
]


@pytest.mark.parametrize("body", MALFORMED, ids=repr)
def test_a_malformed_command_is_an_illegal_move(body) -> None:
    then_rejected(BOARD, 0, body)


def test_a_well_formed_command_of_the_wrong_seat_is_not_your_turn() -> None:
    then_rejected(BOARD, 1, lay("hen2", "h0-2"), "not_your_turn")


def test_a_system_command_cannot_play_a_seats_move() -> None:
    then_rejected(BOARD, None, lay("hen2", "h0-2"))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
NAMES = st.sampled_from(["type", "card", "space", "start_player", "orders", "x"])
VALUES = st.sampled_from(
    ["lay", "expose", "reveal_flip", "reveal_stop", "start", "hen1", "fox", "h0-1", "h0-2", "h0-4"]
)
BODIES = JSON | st.dictionaries(NAMES, VALUES | JSON, max_size=4)


@settings(max_examples=400, deadline=None)
@hypothesis_given(body=BODIES, seat=st.sampled_from([None, 0, 1, 2]))
def test_any_json_body_is_accepted_or_refused_with_a_rule_error(body, seat) -> None:
    for state in (GAME.initial_state(2, {}), BOARD, IN_REVEAL):
        try:
            events = GAME.decide(state, Command(seat, body))
        except RuleError:
            continue
        assert isinstance(body, dict)
        assert body in GAME.legal_commands(state, seat) or body.get("type") == "start"
        assert events
