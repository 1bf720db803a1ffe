"""Setup, options and Phase A (the secret choice): §2, §3, §4 A, A1-A5, A19, A20, F5, F8."""

from __future__ import annotations

import pytest

from domain.errors import GameNotStarted, IllegalMove, InvalidSetup, NotYourTurn
from domain.fette_beute import GAME
from domain.fette_beute.rules import CHOICES
from domain.fette_beute.state import ANIMALS, FOODS, OPTIONS, canonical_supply
from domain.game import Command
from tests.domain.fette_beute.helpers import A, H, P, S, Scenario, W, arrange, ev, start_body

SQ, RA, HA, MA, BE = ANIMALS


class TestSetup:
    def test_A1_defaults_are_the_seeds_numbers(self):
        defaults = {name: option.default for name, option in OPTIONS.items()}
        assert defaults == {
            "food_per_type": 16,
            "start_food": 3,
            "squirrel_draw": 2,
            "beaver_solo_draw": 3,
            "beaver_shared_draw": 1,
            "win_set": 5,
            "max_rounds": 100,
        }
        assert GAME.shuffles(4, {}) == {"supply": 80}

    def test_canonical_supply_is_sorted_by_kind_in_the_documented_order(self):
        assert FOODS == ("walnut", "sunflower", "hazelnut", "acorn", "peanut")
        assert canonical_supply(2) == (W, W, S, S, H, H, A, A, P, P)

    def test_F5_each_player_takes_their_cards_in_turn_from_the_start_player(self):
        # The identity permutation: the canonical list, walnuts first.
        body = {"type": "start", "start_player": 2, "orders": {"supply": list(range(80))}}
        state = GAME.initial_state(4, {})
        [dealt] = GAME.decide(state, Command(None, body))
        assert dealt.type == "Dealt"
        assert dealt.data["start_player"] == 2
        assert dealt.data["stores"] == [[W, W, W], [W, W, W], [W, W, W], [W, W, W]]
        assert dealt.data["supply"] == [W] * 4 + [S] * 16 + [H] * 16 + [A] * 16 + [P] * 16
        assert dealt.data["supply_size"] == 68

    def test_F5_the_permutation_picks_from_the_canonical_list(self):
        order = arrange([P, A, H, S, W, S, A, A, A])  # three seats of three cards
        body = {"type": "start", "start_player": 1, "orders": {"supply": order}}
        [dealt] = GAME.decide(GAME.initial_state(3, {}), Command(None, body))
        # Seat 1 (the start player) took the first three, then seat 2, then seat 0.
        assert dealt.data["stores"] == [[A, A, A], [P, A, H], [S, W, S]]
        assert len(dealt.data["supply"]) == 80 - 9

    def test_A4_the_start_player_from_the_command_holds_the_crown(self):
        view = Scenario(players=5, start_player=3).view(None)
        assert (view["crown"], view["round"], view["phase"]) == (3, 1, "choose")
        assert view["to_act"] == [0, 1, 2, 3, 4]

    def test_A19_starting_food_is_face_up_for_everyone(self):
        scenario = Scenario(stores=[[W, W, S], [A, A, A], [P, H, S]])
        for viewer in (None, 0, 1, 2):
            view = scenario.view(viewer)
            assert view["stores"][1] == {W: 0, S: 0, H: 0, A: 3, P: 0}
            assert view["supply"] == 71
            redacted = GAME.redact(scenario.history[0], viewer)
            assert redacted.data["stores"][2] == [P, H, S]

    @pytest.mark.parametrize("players", [2, 7, 0, -1])
    def test_A20_only_three_to_six_players(self, players):
        with pytest.raises(InvalidSetup):
            GAME.initial_state(players, {})

    @pytest.mark.parametrize("players", [3, 4, 5, 6])
    def test_A20_three_to_six_players_start(self, players):
        assert Scenario(players=players).view(None)["players"] == players

    @pytest.mark.parametrize(
        "options",
        [{"colour": 3}, {"win_set": 4}, {"food_per_type": 100}, {"start_food": "3"}],
    )
    def test_unknown_or_out_of_range_options_are_an_invalid_setup(self, options):
        with pytest.raises(InvalidSetup):
            GAME.initial_state(4, options)

    def test_option_bounds_always_leave_a_supply_and_no_dealt_win(self):
        opts = OPTIONS
        worst_deal = GAME.max_players * opts["start_food"].maximum
        assert len(FOODS) * opts["food_per_type"].minimum > worst_deal
        assert opts["win_set"].minimum > opts["start_food"].maximum
        tight = {"food_per_type": 5, "start_food": 4}
        scenario = Scenario(players=6, stores=[[W, S, H, A]] * 5 + [[P, P, P, P]], **tight)
        assert scenario.view(None)["supply"] == 1

    @pytest.mark.parametrize(
        "body",
        [
            {"type": "start", "start_player": 0, "orders": {"supply": list(range(79))}},
            {"type": "start", "start_player": 0, "orders": {"supply": [0] * 80}},
            {"type": "start", "start_player": 0, "orders": {"supply": [True, *range(1, 80)]}},
            {"type": "start", "start_player": 0, "orders": {"supply": "0123"}},
            {"type": "start", "start_player": 0, "orders": {}},
            {"type": "start", "start_player": 0, "orders": {"supply": [], "deck": []}},
            {"type": "start", "start_player": 3, "orders": {"supply": list(range(80))}},
            {"type": "start", "start_player": True, "orders": {"supply": list(range(80))}},
            {"type": "start", "start_player": 0},
            {"type": "start", "start_player": 0, "orders": {"supply": list(range(80))}, "x": 1},
        ],
    )
    def test_a_malformed_start_is_illegal(self, body):
        with pytest.raises(IllegalMove):
            GAME.decide(GAME.initial_state(3, {}), Command(None, body))

    def test_only_the_system_starts_and_only_once(self):
        state = GAME.initial_state(3, {})
        with pytest.raises(IllegalMove, match="only the system"):
            GAME.decide(state, Command(0, start_body(3)))
        with pytest.raises(IllegalMove, match="already started"):
            Scenario().when(None, **start_body(3)).events()

    def test_nothing_but_the_start_before_the_start(self):
        state = GAME.initial_state(3, {})
        assert GAME.to_act(state) == frozenset()
        assert GAME.legal_commands(state, 0) == []
        with pytest.raises(GameNotStarted):
            GAME.decide(state, Command(0, {"type": "choose", "animals": [SQ, MA]}))


class TestChoice:
    def test_every_seat_that_has_not_chosen_is_to_act(self):
        scenario = Scenario(players=4)
        assert GAME.to_act(scenario.state) == {0, 1, 2, 3}
        scenario.play(2, type="choose", animals=[SQ, MA])
        assert GAME.to_act(scenario.state) == {0, 1, 3}

    def test_F8_ten_legal_choices_of_two_different_animals(self):
        legal = GAME.legal_commands(Scenario().state, 1)
        assert len(legal) == 10
        assert [tuple(body["animals"]) for body in legal] == list(CHOICES)
        assert all(a != b for a, b in CHOICES)

    def test_choose_records_the_pair(self):
        Scenario().when(1, type="choose", animals=[RA, BE]).then(
            ev("AnimalsChosen", seat=1, animals=[RA, BE])
        )

    def test_F8_the_pair_is_unordered(self):
        Scenario().when(1, type="choose", animals=[BE, RA]).then(
            ev("AnimalsChosen", seat=1, animals=[RA, BE]), listed=False
        )

    @pytest.mark.parametrize(
        "animals",
        [[SQ], [SQ, RA, HA], [SQ, SQ], [SQ, "fox"], [SQ, 3], "squirrel", None, {"a": SQ}, []],
    )
    def test_A3_exactly_two_different_animals(self, animals):
        Scenario().when(0, type="choose", animals=animals).raises(IllegalMove)

    @pytest.mark.parametrize(
        "body",
        [
            {"type": "choose"},
            {"type": "choose", "animals": [SQ, MA], "seat": 2},
            {"type": "pick", "animals": [SQ, MA]},
            {"animals": [SQ, MA]},
        ],
    )
    def test_a_malformed_choose_is_illegal(self, body):
        Scenario().when_sent(0, body).raises(IllegalMove)

    def test_F8_a_second_choice_in_the_same_round_is_refused(self):
        scenario = Scenario().play(0, type="choose", animals=[SQ, MA])
        scenario.when(0, type="choose", animals=[RA, HA]).raises(NotYourTurn)
        assert GAME.legal_commands(scenario.state, 0) == []

    def test_no_reveal_during_the_choice(self):
        scenario = Scenario().play(0, type="choose", animals=[SQ, MA])
        scenario.play(1, type="choose", animals=[SQ, MA])
        scenario.when(2, type="reveal", animal=SQ).raises(IllegalMove)

    def test_the_last_choice_opens_phase_B_with_the_crown_holder(self):
        scenario = Scenario(players=3, start_player=2)
        scenario.play(2, type="choose", animals=[SQ, MA])
        scenario.play(0, type="choose", animals=[RA, HA])
        after = scenario.when(1, type="choose", animals=[HA, BE]).then(
            ev("AnimalsChosen", seat=1, animals=[HA, BE]),
            ev("RevealTurnBegan", seat=2),
        )
        assert GAME.to_act(after) == {2}

    @pytest.mark.parametrize("seat", [None, -1, 3, True, "0"])
    def test_only_a_seated_player_plays(self, seat):
        with pytest.raises(IllegalMove):
            GAME.decide(Scenario().state, Command(seat, {"type": "choose", "animals": [SQ, MA]}))

    @pytest.mark.parametrize("body", [[], "choose", 3, None])
    def test_a_body_that_is_not_an_object_is_illegal(self, body):
        with pytest.raises(IllegalMove):
            GAME.decide(Scenario().state, Command(0, body))
