"""Untrusted bodies: every malformed command is an ``illegal_move``, never another error."""

import pytest
from hypothesis import given as for_all
from hypothesis import settings
from hypothesis import strategies as st

from domain.errors import IllegalMove, RuleError
from domain.game import Command
from domain.gloria_picktoria import GAME
from domain.gloria_picktoria.cards import CHEST_KINDS

from .given import BLIND, END, Table, chest, double, fox, lay, pass_fox, take


def table():
    return Table(2, hands={0: ["m1", "m1", "m2", "joker"]}).play(0, chest("m2"), lay("m1", 0))


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"type": None},
        {"type": ["lay"]},
        {"type": "fly"},
        {"type": "GameCreated"},
        {"type": "lay", "kind": "m1"},
        {"type": "lay", "kind": "m1", "chest": 0, "extra": 1},
        {"type": "lay", "kind": "m1", "chest": "0"},
        {"type": "lay", "kind": "m1", "chest": True},
        {"type": "lay", "kind": "m1", "chest": 0.0},
        {"type": "lay", "kind": ["m1"], "chest": 0},
        {"type": "lay", "kind": {"m": 1}, "chest": 0},
        {"type": "lay", "kind": "M1", "chest": 0},
        {"type": "lay", "kind": "scoring", "chest": 0},
        {"type": "make_chest", "kind": None},
        {"type": "make_chest", "kind": "m10"},
        {"type": "take_display", "slot": 3},
        {"type": "take_display", "slot": -1},
        {"type": "take_display", "slot": False},
        {"type": "take_display", "slot": 10**30},
        {"type": "draw_blind", "count": 1},
        {"type": "move_fox", "owner": 1},
        {"type": "pass_fox", "chest": None},
        {"type": "end_turn", "now": True},
        {"type": "play_doubler", "chest": [0]},
    ],
)
def test_malformed_bodies_are_illegal_moves(body):
    table().rejects(0, body, IllegalMove)


@pytest.mark.parametrize("body", [None, [], "lay", 3, ["type", "lay"]])
def test_a_body_that_is_not_an_object_is_an_illegal_move(body):
    with pytest.raises(IllegalMove):
        GAME.decide(table().state, Command(0, body))


def test_a_player_command_without_a_seat_is_an_illegal_move():
    table().rejects(None, take(0), IllegalMove)


def test_error_messages_name_no_card_but_the_one_sent():
    # A rejection must not reveal a hand card or the pile: the only card id a message may
    # name is the one the sender wrote in the body.
    given = table().play(0, take(0))
    ids = {*CHEST_KINDS, "doubler", "scoring"}
    bodies = [BLIND, END, take(0), take(7), lay("m7", 0), lay("joker", 1), chest("m7")]
    bodies += [double(0), double(3), fox(1, 0), pass_fox(0), lay("m2", 0)]
    for seat in (0, 1):
        for body in bodies:
            try:
                GAME.decide(given.state, Command(seat, body))
            except RuleError as error:
                named = {word.strip(".,;:'()[]") for word in error.detail.split()} & ids
                assert named <= {body.get("kind")}, (body, error.detail)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 5) | st.text(max_size=8) | st.floats(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)
field_names = st.sampled_from(["type", "kind", "chest", "slot", "owner", "orders", "x"])
command_types = st.sampled_from([*GAME.command_types, "start", "unknown"])
bodies = (
    st.builds(
        lambda kind, fields: {**fields, "type": kind},
        command_types,
        st.dictionaries(
            field_names, json_values | st.integers(-1, 4) | st.sampled_from(["m1", "joker"])
        ),
    )
    | json_values
)


STATES = [Table(2).initial, table().state]


@settings(max_examples=500, deadline=None)
@for_all(bodies, st.sampled_from([None, 0, 1]), st.sampled_from(STATES))
def test_any_json_body_is_accepted_or_a_rule_error(body, seat, state):
    try:
        events = GAME.decide(state, Command(seat, body))
    except RuleError:
        return
    assert events and (seat is not None or body["type"] == "start")
