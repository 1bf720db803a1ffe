"""Set-up: components, hen houses, the start command (S1-S5)."""

from __future__ import annotations

import pytest

from domain.errors import InvalidSetup
from domain.game import Command, Event
from domain.sly import GAME

from .gwt import given, laid, table, then_rejected, when

TWO_PLAYER_SPACES = [{"space": f"h0-{v}", "value": v} for v in (1, 2, 3, 4)]
EIGHT_SPACES = [{"space": f"h{h}-{v}", "value": v} for h in (0, 1) for v in (1, 2, 3, 4)]
CARDS = ["hen1", "hen2", "hen3", "hen4", "hen5", "hen6", "fox"]


def test_start_records_the_start_player_and_the_set_up() -> None:
    initial = GAME.initial_state(2, {})
    body = {"type": "start", "start_player": 1, "orders": {}}
    assert GAME.decide(initial, Command(None, body)) == [
        Event(
            "TableSetUp",
            {
                "players": 2,
                "start_player": 1,
                "spaces": TWO_PLAYER_SPACES,
                "hand": CARDS,
                "max_turns_per_player": 60,
                "low_hand": 1,
            },
        )
    ]


def test_sly_has_no_shuffle() -> None:
    for players in (2, 3, 4):
        assert GAME.shuffles(players, {}) == {}


def test_s1_each_player_has_hens_1_to_6_and_one_fox() -> None:
    assert table().data["hand"] == CARDS


def test_s2_every_player_starts_with_all_seven_cards_in_hand() -> None:
    state = given(table(players=4))
    for seat in range(4):
        assert GAME.view(state, seat)["hands"][seat] == CARDS
    assert GAME.view(state, None)["hand_sizes"] == [7, 7, 7, 7]


@pytest.mark.parametrize(
    ("players", "spaces"), [(2, TWO_PLAYER_SPACES), (3, EIGHT_SPACES), (4, EIGHT_SPACES)]
)
def test_s3_one_hen_house_for_two_players_two_for_three_or_four(players, spaces) -> None:
    assert table(players=players).data["spaces"] == spaces
    state = given(table(players=players))
    assert [s["status"] for s in GAME.view(state, None)["spaces"]] == ["empty"] * len(spaces)


def test_s3_hen_houses_per_player_count_are_options() -> None:
    assert GAME.options["hen_houses_2p"].default == 1
    assert GAME.options["hen_houses_3p"].default == 2
    assert GAME.options["hen_houses_4p"].default == 2
    assert len(table(players=2, hen_houses_2p=2).data["spaces"]) == 8
    assert len(table(players=4, hen_houses_4p=3).data["spaces"]) == 12


def test_s4_each_hen_house_has_one_space_of_each_value_1_to_4() -> None:
    spaces = table(players=3).data["spaces"]
    for house in ("h0", "h1"):
        assert sorted(s["value"] for s in spaces if s["space"].startswith(house)) == [1, 2, 3, 4]


def test_s5_the_start_player_comes_in_the_start_command_then_play_goes_clockwise() -> None:
    state = given(table(players=3, start=2))
    assert GAME.to_act(state) == {2}
    state = given(table(players=3, start=2), laid(2, "hen1", "h0-1"))
    assert GAME.to_act(state) == {0}


def test_the_rules_constants_are_options_with_the_rules_values() -> None:
    assert GAME.options["max_turns_per_player"].default == 60
    assert GAME.options["low_hand"].default == 1
    assert all(name == name.lower() for name in GAME.options)


def test_no_one_acts_before_the_start() -> None:
    initial = GAME.initial_state(2, {})
    assert GAME.to_act(initial) == frozenset()
    assert GAME.legal_commands(initial, 0) == []
    assert GAME.result(initial) is None
    then_rejected(initial, 0, {"type": "lay", "card": "hen1", "space": "h0-1"}, "not_started")


@pytest.mark.parametrize(
    "body",
    [
        {"type": "start", "start_player": 2, "orders": {}},
        {"type": "start", "start_player": -1, "orders": {}},
        {"type": "start", "start_player": True, "orders": {}},
        {"type": "start", "start_player": "0", "orders": {}},
        {"type": "start", "start_player": 0},
        {"type": "start", "start_player": 0, "orders": {"deck": [0]}},
        {"type": "start", "start_player": 0, "orders": []},
        {"type": "start", "start_player": 0, "orders": {}, "extra": 1},
    ],
)
def test_a_malformed_start_is_rejected(body) -> None:
    then_rejected(GAME.initial_state(2, {}), None, body)


def test_only_the_system_starts_and_only_once() -> None:
    body = {"type": "start", "start_player": 0, "orders": {}}
    then_rejected(GAME.initial_state(2, {}), 0, body)
    then_rejected(given(table()), None, body)
    assert when(GAME.initial_state(2, {}), None, body) == [table()]


@pytest.mark.parametrize("players", [1, 5])
def test_sly_takes_two_to_four_players(players) -> None:
    with pytest.raises(InvalidSetup):
        GAME.initial_state(players, {})


@pytest.mark.parametrize(
    "options",
    [{"hen_houses_2p": 0}, {"max_turns_per_player": 0}, {"low_hand": 7}, {"low_hand": "1"}],
)
def test_options_out_of_range_are_refused(options) -> None:
    with pytest.raises(InvalidSetup):
        GAME.initial_state(2, options)
