"""The end of the game and the winner: §6, A16-A18, A21, F6, F9."""

from __future__ import annotations

import pytest

from domain.errors import GameOver
from domain.fette_beute import GAME
from domain.fette_beute.state import ANIMALS
from tests.domain.fette_beute.helpers import A, H, P, S, Scenario, W, ev

SQ, RA, HA, MA, BE = ANIMALS


def finished(reason, winners, scores, largest_kind):
    return ev(
        "GameFinished",
        reason=reason,
        winners=winners,
        scores=scores,
        largest_kind=largest_kind,
    )


def quiet_round(scenario: Scenario, stop_before_last: bool = True) -> Scenario:
    """Everyone plays hamster then marmot: nothing moves. Leaves the last reveal unplayed."""
    scenario.chosen(*[(HA, MA)] * scenario.players)
    for _ in range(2 * scenario.players - (1 if stop_before_last else 0)):
        seat = scenario.state.turn
        animal = HA if HA in scenario.state.face_down(seat) else MA
        scenario.play(seat, type="reveal", animal=animal)
    return scenario


class TestFiveOfAKind:
    def test_A16_five_of_a_kind_ends_the_game_at_once_and_later_draws_are_lost(self):
        scenario = Scenario(stores=[[W, W, W, W], [S] * 4, [A] * 4], top=[W, P], start_food=4)
        scenario.chosen((SQ, MA), (SQ, MA), (SQ, MA))
        after = scenario.when(0, type="reveal", animal=SQ).then(
            ev("AnimalRevealed", seat=0, animal=SQ, how="chosen"),
            ev("FoodDrawn", seat=0, food=W),
            finished("five_of_a_kind", [0], [5, 4, 4], [5, 4, 4]),
        )
        assert GAME.result(after) == {
            "scores": [5, 4, 4],
            "winners": [0],
            "reason": "five_of_a_kind",
            "largest_kind": [5, 4, 4],
        }
        assert GAME.to_act(after) == frozenset()
        assert GAME.legal_commands(after, 1) == []

    def test_A16_a_stolen_card_can_complete_the_set(self):
        scenario = Scenario(stores=[[A, A, A, A], [A, S, S, S], [P] * 4], start_food=4)
        scenario.chosen((RA, MA), (SQ, MA), (SQ, MA))
        scenario.when(0, type="reveal", animal=RA, steal={"target": 1, "kind": A}).then(
            ev("AnimalRevealed", seat=0, animal=RA, how="chosen"),
            ev("FoodStolen", thief=0, victim=1, food=A),
            finished("five_of_a_kind", [0], [5, 3, 4], [5, 3, 4]),
        )

    def test_A16_a_shared_beaver_payout_stops_at_the_winning_card(self):
        scenario = Scenario(
            players=4, stores=[[W] * 4, [S] * 4, [H] * 4, [A] * 4], top=[S, H], start_food=4
        )
        scenario.chosen((SQ, BE), (SQ, HA), (SQ, HA), (HA, BE))
        scenario.when(0, type="reveal", animal=BE).then(
            ev("AnimalRevealed", seat=0, animal=BE, how="chosen"),
            ev("AnimalRevealed", seat=3, animal=BE, how="forced"),
            ev("BeaverResolved", seat=0, source=BE, beavers=[0, 3], payout="shared"),
            ev("FoodDrawn", seat=1, food=S),
            finished("five_of_a_kind", [1], [4, 5, 4, 4], [4, 5, 4, 4]),
        )

    def test_A16_the_winning_set_size_is_an_option(self):
        # With a set of six needed, five walnuts do not end the game.
        scenario = Scenario(
            stores=[[W, W, W, W], [S] * 4, [A] * 4], top=[W, P], start_food=4, win_set=6
        )
        scenario.chosen((SQ, MA), (SQ, MA), (SQ, MA))
        after = scenario.when(0, type="reveal", animal=SQ).then(
            ev("AnimalRevealed", seat=0, animal=SQ, how="chosen"),
            ev("FoodDrawn", seat=0, food=W),
            ev("FoodDrawn", seat=0, food=P),
            ev("RevealTurnBegan", seat=1),
        )
        assert GAME.result(after) is None


class TestSupplyExhausted:
    # 6 players x 4 cards leave one card of 25 in the supply.
    TIGHT = {"food_per_type": 5, "start_food": 4}
    STORES = [[W, W, S, S], [W, W, S, S], [H, H, A, A], [H, H, A, A], [P] * 4, [W, S, H, A]]

    def test_A17_the_last_card_ends_the_game_and_the_rest_of_the_draw_is_lost(self):
        scenario = Scenario(players=6, stores=self.STORES, **self.TIGHT)
        scenario.chosen(*[(SQ, MA)] * 6)
        scenario.when(0, type="reveal", animal=SQ).then(
            ev("AnimalRevealed", seat=0, animal=SQ, how="chosen"),
            ev("FoodDrawn", seat=0, food=P),
            finished("supply_exhausted", [0], [5, 4, 4, 4, 4, 4], [2, 2, 2, 2, 4, 1]),
        )

    def test_A17_a_last_card_that_makes_five_wins_by_five_of_a_kind(self):
        scenario = Scenario(players=6, start_player=4, stores=self.STORES, **self.TIGHT)
        scenario.chosen(*[(SQ, MA)] * 6)
        scenario.when(4, type="reveal", animal=SQ).then(
            ev("AnimalRevealed", seat=4, animal=SQ, how="chosen"),
            ev("FoodDrawn", seat=4, food=P),
            finished("five_of_a_kind", [4], [4, 4, 4, 4, 5, 4], [2, 2, 2, 2, 5, 1]),
        )

    # 6 players x 4 cards leave 6 of 30: a lone beaver draws 3, then a squirrel of 3 ends it.
    ROOMY = {"food_per_type": 6, "start_food": 4, "squirrel_draw": 3}
    ROOMY_STORES = [[W, W, S, S], [W, W, S, S], [H, H, A, A], [H, H, A, A], [P, P, P, H]]
    ROOMY_STORES.append([P, W, S, A])  # leaves W, S, H, A, P, P in the supply

    @pytest.mark.parametrize(
        ("top", "winners", "largest"),
        [
            ([W, H, A, S, P, P], [0, 1], [3, 3, 2, 2, 3, 1]),  # tied twice: a shared win
            ([H, A, P, W, S, P], [1], [2, 3, 2, 2, 3, 1]),  # the larger single kind wins
        ],
    )
    def test_A18_most_cards_then_the_largest_kind_then_a_shared_win(self, top, winners, largest):
        scenario = Scenario(players=6, stores=self.ROOMY_STORES, top=top, **self.ROOMY)
        scenario.chosen((SQ, BE), (SQ, MA), *[(HA, MA)] * 4)
        scenario.play(0, type="reveal", animal=BE)
        scenario.when(1, type="reveal", animal=SQ).then(
            ev("AnimalRevealed", seat=1, animal=SQ, how="chosen"),
            *[ev("FoodDrawn", seat=1, food=food) for food in top[3:]],
            finished("supply_exhausted", winners, [7, 7, 4, 4, 4, 4], largest),
        )


class TestRoundCap:
    def test_A21_F6_after_the_last_round_the_game_is_scored_as_it_stands(self):
        scenario = quiet_round(Scenario(stores=[[W, W, S], [H, H, A], [P, A, S]], max_rounds=1))
        after = scenario.when(2, type="reveal", animal=MA).then(
            ev("AnimalRevealed", seat=2, animal=MA, how="chosen"),
            ev("MarmotCopied", seat=2, animal=HA),
            ev("RoundEnded", round=1, crown=1),
            finished("round_cap", [0, 1], [3, 3, 3], [2, 2, 1]),
        )
        view = GAME.view(after, None)
        assert (view["round"], view["phase"]) == (1, "over")

    def test_F6_rounds_are_numbered_from_one_and_the_cap_counts_them(self):
        scenario = Scenario(stores=[[W, W, S], [H, H, A], [P, P, P]], max_rounds=2)
        quiet_round(scenario, stop_before_last=False)
        assert scenario.state.round == 2 and GAME.result(scenario.state) is None
        quiet_round(scenario, stop_before_last=False)
        assert GAME.result(scenario.state)["winners"] == [2]
        assert GAME.result(scenario.state)["reason"] == "round_cap"


class TestAfterTheEnd:
    def ended(self) -> Scenario:
        scenario = Scenario(stores=[[W, W, W, W], [S] * 4, [A] * 4], top=[W, P], start_food=4)
        scenario.chosen((SQ, MA), (RA, HA), (HA, BE))
        return scenario.play(0, type="reveal", animal=SQ)

    def test_every_command_is_refused_with_game_over(self):
        scenario = self.ended()
        scenario.when(1, type="reveal", animal=RA, steal={"target": 0, "kind": W}).raises(GameOver)
        scenario.when(1, type="choose", animals=[SQ, MA]).raises(GameOver)
        scenario.when_sent(1, "nonsense").raises(GameOver)

    def test_F9_the_final_view_shows_everything(self):
        view = self.ended().view(None)
        assert view["phase"] == "over"
        assert view["to_act"] == [] and view["turn"] is None
        assert view["face_down_animals"] == [[MA], [RA, HA], [HA, BE]]
        assert view["result"] == {
            "scores": [5, 4, 4],
            "winners": [0],
            "reason": "five_of_a_kind",
            "largest_kind": [5, 4, 4],
        }
