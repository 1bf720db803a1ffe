"""Set-up: the cards (G1, G2), the published deal order (G3), the start player (G21)."""

from collections import Counter

import pytest

from domain.errors import GameNotStarted, IllegalMove, InvalidSetup
from domain.game import Command, Event
from domain.gloria_picktoria import GAME
from domain.gloria_picktoria.cards import DECK, MOTIFS, Rules, max_turns
from domain.gloria_picktoria.state import initial_state

from .given import Table, take


def identity_start(players: int, start: int = 0) -> dict:
    sizes = GAME.shuffles(players, {})
    orders = {label: list(range(size)) for label, size in sizes.items()}
    return {"type": "start", "start_player": start, "orders": orders}


def test_g1_ten_motifs_of_nine_cards_and_five_jokers_in_the_deck():
    assert Counter(DECK) == {**dict.fromkeys(MOTIFS, 9), "joker": 5}
    assert list(DECK) == sorted(DECK)  # the canonical list the deck order applies to


def test_g2_ten_scoring_cards_go_into_the_pile_with_scorings_at_4_7_10():
    table = Table(3)
    assert Counter(table.state.pile)["scoring"] == 10
    assert Rules().scorings_at == (4, 7, 10)
    assert GAME.view(table.state, 0)["scorings_at"] == [4, 7, 10]


def test_g3_display_then_hands_then_scoring_cards_shuffled_into_the_rest():
    # Identity orders: the deck in canonical order is dealt display first, then seat by seat;
    # the pile is the undealt rest (in dealt order) followed by the ten scoring cards.
    state = initial_state(2, {})
    events = GAME.decide(state, Command(None, identity_start(2, start=1)))
    rest = [*["m0"] * 3, *[m for m in MOTIFS[1:] for _ in range(9)]]
    assert events == [
        Event(
            "CardsDealt",
            {
                "start_player": 1,
                "display": ["joker", "joker", "joker"],
                "hands": [["joker", "joker", "m0", "m0", "doubler"], ["m0"] * 4 + ["doubler"]],
                "hand_sizes": [5, 5],
                "pile": rest + ["scoring"] * 10,
                "pile_size": 94,
            },
        )
    ]


def test_g3_no_scoring_card_can_start_in_the_display_or_a_hand():
    for players in range(2, 6):
        table = Table(players)
        dealt = table.history[0].data
        assert "scoring" not in dealt["display"]
        assert all("scoring" not in hand for hand in dealt["hands"])


def test_g3_pile_size_for_five_players_is_82():
    assert GAME.shuffles(5, {}) == {"deck": 95, "pile": 82}
    assert GAME.shuffles(2, {}) == {"deck": 95, "pile": 94}


def test_g7_each_player_gets_exactly_one_doubler_in_hand():
    table = Table(5)
    for hand in table.history[0].data["hands"]:
        assert hand.count("doubler") == 1 and len(hand) == 5


def test_g21_start_player_comes_from_the_start_command():
    table = Table(4, start=2)
    assert GAME.to_act(table.state) == {2}
    assert GAME.view(table.state, None)["ap_left"] == 3


def test_chosen_orders_deal_the_chosen_cards():
    table = Table(
        2, display=["m1", "m2", "m3"], hands={1: ["joker", "m4", "m4", "m5"]}, pile=["m6"]
    )
    dealt = table.history[0].data
    assert dealt["display"] == ["m1", "m2", "m3"]
    assert dealt["hands"][1] == ["joker", "m4", "m4", "m5", "doubler"]
    assert dealt["pile"][0] == "m6"
    assert table.when(0, take(0))[1] == Event("DisplayRefilled", {"slot": 0, "card": "m6"})


@pytest.mark.parametrize(
    "body",
    [
        {"type": "start", "start_player": 0},
        {"type": "start", "start_player": 3, "orders": None},
        {"type": "start", "start_player": True, "orders": None},
        {"type": "start", "start_player": 0, "orders": {"deck": list(range(95))}},
        {"type": "start", "start_player": 0, "orders": {"deck": [0] * 95, "pile": []}},
        {"type": "start", "start_player": 0, "orders": [], "extra": 1},
        {"type": "start", "start_player": 0, "orders": {"deck": "x", "pile": "y"}},
    ],
)
def test_a_malformed_start_is_an_illegal_move(body):
    with pytest.raises(IllegalMove):
        GAME.decide(initial_state(2, {}), Command(None, body))


def test_only_the_system_starts_and_only_once():
    with pytest.raises(IllegalMove):
        GAME.decide(initial_state(2, {}), Command(0, identity_start(2)))
    table = Table(2)
    table.rejects(None, identity_start(2), IllegalMove)
    table.rejects(0, identity_start(2), IllegalMove)


def test_nothing_is_played_before_the_deal():
    state = initial_state(3, {})
    with pytest.raises(GameNotStarted):
        GAME.decide(state, Command(0, take(0)))
    assert GAME.to_act(state) == frozenset()
    assert GAME.legal_commands(state, 0) == []
    assert GAME.result(state) is None
    assert GAME.view(state, None)["status"] == "dealing"


def test_options_have_the_rules_values_as_defaults_and_are_checked():
    assert {name: option.default for name, option in GAME.options.items()} == {
        "ap_per_turn": 3,
        "display_size": 3,
        "hand_start": 4,
        "first_scoring_at": 4,
        "second_scoring_at": 7,
        "final_scoring_at": 10,
        "pts_sole": 4,
        "pts_first": 3,
        "pts_second": 1,
        "final_hand_penalty": -1,
        "final_empty_chest_penalty": -2,
    }
    with pytest.raises(InvalidSetup):
        initial_state(3, {"ap_per_turn": 2})
    for players in (1, 6):
        with pytest.raises(InvalidSetup):
            initial_state(players, {})


def test_options_change_the_deal():
    table = Table(2, display_size=5, hand_start=6, final_scoring_at=12)
    dealt = table.history[0].data
    assert len(dealt["display"]) == 5 and dealt["hand_sizes"] == [7, 7]
    assert dealt["pile"].count("scoring") == 12
    assert dealt["pile_size"] == 95 - 5 - 12 + 12


def test_p5_turn_bound_is_within_the_rules_bound():
    for players in range(2, 6):
        assert max_turns(players, Rules()) == 197 - 3 * players <= 204 - 3 * players
