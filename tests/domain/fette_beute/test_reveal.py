"""Phase B, the animal effects and Phase C: §4 B/C, §5, A2, A5-A15, F1-F4, F7."""

from __future__ import annotations

import pytest

from domain.errors import IllegalMove, NotYourTurn
from domain.fette_beute import GAME
from domain.fette_beute.state import ANIMALS
from tests.domain.fette_beute.helpers import A, H, P, S, Scenario, W, ev

SQ, RA, HA, MA, BE = ANIMALS


def shown(seat, animal, how="chosen"):
    return ev("AnimalRevealed", seat=seat, animal=animal, how=how)


def drawn(seat, food):
    return ev("FoodDrawn", seat=seat, food=food)


def turn(seat):
    return ev("RevealTurnBegan", seat=seat)


def steal(target, kind):
    return {"target": target, "kind": kind}


class TestRevealTurns:
    def test_only_the_seat_whose_turn_it_is_reveals(self):
        scenario = Scenario().chosen((SQ, MA), (SQ, MA), (SQ, MA))
        scenario.when(1, type="reveal", animal=SQ).raises(NotYourTurn)
        assert GAME.to_act(scenario.state) == {0}

    def test_a_reveal_names_one_of_your_face_down_animals(self):
        scenario = Scenario().chosen((SQ, MA), (SQ, MA), (SQ, MA))
        scenario.when(0, type="reveal", animal=RA).raises(IllegalMove, "face-down")
        scenario.when(0, type="reveal", animal="fox").raises(IllegalMove)
        scenario.when(0, type="reveal", animal=None).raises(IllegalMove)
        scenario.when(0, type="reveal").raises(IllegalMove, "missing")
        scenario.when(0, type="reveal", animal=SQ, extra=1).raises(IllegalMove, "unknown")

    def test_no_choice_during_the_reveals(self):
        scenario = Scenario().chosen((SQ, MA), (SQ, MA), (SQ, MA))
        scenario.when(0, type="choose", animals=[SQ, MA]).raises(IllegalMove)

    def test_the_marmot_is_never_revealed_first(self):
        scenario = Scenario().chosen((SQ, MA), (SQ, MA), (SQ, MA))
        scenario.when(0, type="reveal", animal=MA).raises(IllegalMove, "marmot")
        assert GAME.legal_commands(scenario.state, 0) == [{"type": "reveal", "animal": SQ}]

    def test_F1_two_laps_from_the_crown_holder(self):
        scenario = Scenario(start_player=1).chosen((HA, MA), (HA, MA), (HA, MA))
        order = []
        while scenario.state.phase == "reveal":
            seat = scenario.state.turn
            order.append(seat)
            animal = HA if HA in scenario.state.face_down(seat) else MA
            scenario.play(seat, type="reveal", animal=animal)
        assert order == [1, 2, 0, 1, 2, 0]

    def test_A6_F1_a_seat_without_face_down_animals_is_skipped(self):
        # Crown at seat 2. Its beaver forces out seat 1's; seat 0's raccoon then meets seat 1's
        # hamster, which shows itself: seat 1 has nothing left and is passed over.
        scenario = Scenario(start_player=2, top=[W, S, H])
        scenario.chosen((RA, BE), (HA, BE), (SQ, BE))
        scenario.play(2, type="reveal", animal=BE)
        assert scenario.history[-1] == turn(0)
        scenario.when(0, type="reveal", animal=RA, steal=steal(1, A)).then(
            shown(0, RA),
            shown(1, HA, "reactive"),
            ev("TheftBlocked", thief=0, victim=1, food=A),
            turn(2),
        )

    def test_A15_a_forced_reveal_uses_up_a_turn(self):
        scenario = Scenario(top=[P, W, S, H, A, P])
        scenario.chosen((SQ, BE), (HA, BE), (SQ, MA))
        scenario.play(0, type="reveal", animal=BE)  # forces seat 1's beaver out
        assert scenario.state.face_down(1) == (HA,)
        assert GAME.legal_commands(scenario.state, 1) == [{"type": "reveal", "animal": HA}]
        scenario.play(1, type="reveal", animal=HA)
        scenario.play(2, type="reveal", animal=SQ)
        # Seat 1 has no second turn: after seat 0 comes seat 2.
        scenario.when(0, type="reveal", animal=SQ).then(
            shown(0, SQ), drawn(0, H), drawn(0, A), turn(2)
        )

    def test_A2_A5_after_the_reveals_the_animals_return_and_the_crown_passes_left(self):
        scenario = Scenario(start_player=2).chosen((HA, MA), (HA, MA), (HA, MA))
        for seat in (2, 0, 1, 2, 0):
            animal = HA if HA in scenario.state.face_down(seat) else MA
            scenario.play(seat, type="reveal", animal=animal)
        after = scenario.when(1, type="reveal", animal=MA).then(
            shown(1, MA),
            ev("MarmotCopied", seat=1, animal=HA),
            ev("RoundEnded", round=1, crown=0),
            ev("RoundStarted", round=2),
        )
        view = GAME.view(after, None)
        assert (view["round"], view["crown"], view["phase"]) == (2, 0, "choose")
        assert view["chosen"] == [False] * 3
        assert view["revealed"] == [[], [], []]
        # A2: both animals are back in hand, so the same pair may be chosen again.
        assert {"type": "choose", "animals": [HA, MA]} in GAME.legal_commands(after, 1)


class TestSquirrel:
    def test_the_squirrel_draws_two_one_at_a_time(self):
        scenario = Scenario(top=[P, A, W]).chosen((SQ, MA), (HA, MA), (HA, MA))
        scenario.when(0, type="reveal", animal=SQ).then(
            shown(0, SQ), drawn(0, P), drawn(0, A), turn(1)
        )

    def test_seed_example_squirrel_then_marmot_gives_four_cards(self):
        scenario = Scenario(top=[P, A, W, S]).chosen((SQ, MA), (HA, MA), (HA, MA))
        scenario.play(0, type="reveal", animal=SQ)
        scenario.play(1, type="reveal", animal=HA)
        scenario.play(2, type="reveal", animal=HA)
        after = scenario.when(0, type="reveal", animal=MA).then(
            shown(0, MA), ev("MarmotCopied", seat=0, animal=SQ), drawn(0, W), drawn(0, S), turn(1)
        )
        # Dealt walnut, sunflower, hazelnut; then peanut, acorn, walnut, sunflower.
        assert after.stores[0] == (2, 2, 1, 1, 1)
        assert sum(after.stores[0]) - 3 == 4

    def test_the_squirrel_draw_is_an_option(self):
        scenario = Scenario(top=[P, A, W], squirrel_draw=3).chosen((SQ, MA), (HA, MA), (HA, MA))
        scenario.when(0, type="reveal", animal=SQ).then(
            shown(0, SQ), drawn(0, P), drawn(0, A), drawn(0, W), turn(1)
        )


class TestRaccoon:
    def test_the_raccoon_takes_the_named_card(self):
        scenario = Scenario().chosen((RA, MA), (SQ, MA), (SQ, MA))
        after = scenario.when(0, type="reveal", animal=RA, steal=steal(2, P)).then(
            shown(0, RA), ev("FoodStolen", thief=0, victim=2, food=P), turn(1)
        )
        assert after.stores[0][4] == 1 and after.stores[2][4] == 0

    def test_F2_legal_steals_are_every_opponent_and_kind_in_their_store(self):
        scenario = Scenario(stores=[[W, W, W], [S, S, H], [A, P, P]])
        scenario.chosen((RA, MA), (HA, MA), (SQ, MA))
        legal = GAME.legal_commands(scenario.state, 0)
        assert [body["steal"] for body in legal] == [
            steal(1, S),
            steal(1, H),
            steal(2, A),
            steal(2, P),
        ]
        assert all(body["animal"] == RA for body in legal)

    @pytest.mark.parametrize(
        "bad",
        [
            None,
            steal(0, W),  # yourself
            steal(1, W),  # not in that store
            steal(1, "caviar"),
            steal(5, S),
            steal(True, S),
            steal("1", S),
            {"target": 1},
            {"target": 1, "kind": S, "count": 2},
            {"target": 1, "kind": S, "type": "x"},
            [1, S],
        ],
    )
    def test_F2_a_steal_must_name_an_opponent_and_a_kind_they_hold(self, bad):
        scenario = Scenario(stores=[[W, W, W], [S, S, H], [A, P, P]])
        scenario.chosen((RA, MA), (HA, MA), (SQ, MA))
        scenario.when(0, type="reveal", animal=RA, steal=bad).raises(IllegalMove)

    def test_F2_the_steal_is_required_when_someone_has_food(self):
        scenario = Scenario().chosen((RA, MA), (HA, MA), (SQ, MA))
        scenario.when(0, type="reveal", animal=RA).raises(IllegalMove, "steal")

    def test_F2_the_steal_is_absent_for_any_other_animal(self):
        scenario = Scenario().chosen((SQ, RA), (HA, MA), (SQ, MA))
        scenario.when(0, type="reveal", animal=SQ, steal=steal(1, S)).raises(IllegalMove)

    def test_F2_F4_with_no_food_anywhere_the_raccoon_does_nothing(self):
        scenario = Scenario(stores=[[], [], []], start_food=0).chosen((RA, MA), (HA, MA), (SQ, MA))
        scenario.when(0, type="reveal", animal=RA, steal=steal(1, S)).raises(IllegalMove)
        scenario.when(0, type="reveal", animal=RA).then(shown(0, RA), turn(1))


class TestHamster:
    def test_revealing_the_hamster_does_nothing(self):
        scenario = Scenario().chosen((HA, MA), (SQ, MA), (SQ, MA))
        scenario.when(0, type="reveal", animal=HA).then(shown(0, HA), turn(1))

    def test_A11_hamster_blocks_every_theft(self):
        scenario = Scenario(stores=[[W, W, W], [S, S, S], [A, A, P]])
        scenario.chosen((RA, MA), (RA, MA), (SQ, HA))
        # The first theft reveals the face-down hamster and fails...
        scenario.when(0, type="reveal", animal=RA, steal=steal(2, A)).then(
            shown(0, RA),
            shown(2, HA, "reactive"),
            ev("TheftBlocked", thief=0, victim=2, food=A),
            turn(1),
        )
        scenario.play(0, type="reveal", animal=RA, steal=steal(2, A))
        # ...and so does every later one, by anyone, against the face-up hamster.
        scenario.when(1, type="reveal", animal=RA, steal=steal(2, P)).then(
            shown(1, RA), ev("TheftBlocked", thief=1, victim=2, food=P), turn(2)
        )
        assert scenario.state.stores[2] == (0, 0, 0, 2, 1)

    def test_A11_a_hamster_revealed_by_choice_protects_too(self):
        scenario = Scenario(start_player=2, stores=[[W, W, W], [S, S, S], [A, A, P]])
        scenario.chosen((RA, MA), (SQ, MA), (SQ, HA))
        scenario.play(2, type="reveal", animal=HA)
        scenario.when(0, type="reveal", animal=RA, steal=steal(2, P)).then(
            shown(0, RA), ev("TheftBlocked", thief=0, victim=2, food=P), turn(1)
        )

    def test_A12_a_visibly_protected_store_may_still_be_named(self):
        scenario = Scenario(start_player=2, stores=[[W, W, W], [S, S, S], [A, A, P]])
        scenario.chosen((RA, MA), (SQ, MA), (SQ, HA))
        scenario.play(2, type="reveal", animal=HA)
        steals = [body["steal"] for body in GAME.legal_commands(scenario.state, 0)]
        assert steal(2, A) in steals and steal(2, P) in steals


class TestMarmot:
    def test_A7_the_marmot_copies_its_owners_first_animal_not_the_rounds(self):
        # Seat 0 reveals the round's first animal, a squirrel; seat 1's marmot copies seat 1's
        # own first animal, a raccoon.
        scenario = Scenario(top=[P, A, W, S]).chosen((SQ, HA), (RA, MA), (SQ, BE))
        scenario.play(0, type="reveal", animal=SQ)
        scenario.play(1, type="reveal", animal=RA, steal=steal(2, P))
        scenario.play(2, type="reveal", animal=SQ)
        scenario.play(0, type="reveal", animal=HA)
        scenario.when(1, type="reveal", animal=MA).raises(IllegalMove, "steal")
        scenario.when(1, type="reveal", animal=MA, steal=steal(2, H)).then(
            shown(1, MA),
            ev("MarmotCopied", seat=1, animal=RA),
            ev("FoodStolen", thief=1, victim=2, food=H),
            turn(2),
        )

    def test_A8_a_marmot_copying_a_hamster_does_nothing_more(self):
        # Seat 1's hamster came out in reaction to a theft; its marmot then copies it.
        scenario = Scenario().chosen((SQ, RA), (HA, MA), (SQ, BE))
        scenario.play(0, type="reveal", animal=RA, steal=steal(1, S))
        assert scenario.state.revealed[1] == ((HA, "reactive"),)
        scenario.when(1, type="reveal", animal=MA).then(
            shown(1, MA), ev("MarmotCopied", seat=1, animal=HA), turn(2)
        )

    def test_A9_a_marmot_copying_a_raccoon_steals_again_from_anyone(self):
        scenario = Scenario(stores=[[W, W, W], [S, S, H], [A, P, P]])
        scenario.chosen((RA, MA), (SQ, HA), (SQ, BE))
        scenario.play(0, type="reveal", animal=RA, steal=steal(2, P))
        scenario.play(1, type="reveal", animal=HA)
        scenario.play(2, type="reveal", animal=BE)
        after = scenario.when(0, type="reveal", animal=MA, steal=steal(2, P)).then(
            shown(0, MA),
            ev("MarmotCopied", seat=0, animal=RA),
            ev("FoodStolen", thief=0, victim=2, food=P),
            turn(1),
        )
        assert after.stores[0] == (3, 0, 0, 0, 2)

    def test_A9_hamster_protection_applies_to_the_copy(self):
        scenario = Scenario(stores=[[W, W, W], [S, S, H], [A, P, P]])
        scenario.chosen((RA, MA), (SQ, HA), (SQ, BE))
        scenario.play(0, type="reveal", animal=RA, steal=steal(2, P))
        scenario.play(1, type="reveal", animal=SQ)
        scenario.play(2, type="reveal", animal=SQ)
        scenario.when(0, type="reveal", animal=MA, steal=steal(1, H)).then(
            shown(0, MA),
            ev("MarmotCopied", seat=0, animal=RA),
            shown(1, HA, "reactive"),
            ev("TheftBlocked", thief=0, victim=1, food=H),
            turn(2),
        )

    def test_F4_a_copied_raccoon_with_nothing_to_steal_does_nothing(self):
        # No food is dealt; the only cards come to seat 0 from the others' shared beaver payout.
        scenario = Scenario(stores=[[], [], []], start_food=0, top=[P])
        scenario.chosen((RA, MA), (HA, BE), (HA, BE))
        scenario.play(0, type="reveal", animal=RA)
        scenario.play(1, type="reveal", animal=BE)
        scenario.play(2, type="reveal", animal=HA)
        assert scenario.state.stores[0] == (0, 0, 0, 0, 1)
        scenario.when(0, type="reveal", animal=MA, steal=steal(0, P)).raises(IllegalMove)
        scenario.when(0, type="reveal", animal=MA).then(
            shown(0, MA), ev("MarmotCopied", seat=0, animal=RA), turn(1)
        )


class TestBeaver:
    def test_a_lone_beaver_draws_three(self):
        scenario = Scenario(top=[P, A, W, S]).chosen((SQ, BE), (HA, MA), (SQ, MA))
        after = scenario.when(0, type="reveal", animal=BE).then(
            shown(0, BE),
            ev("BeaverResolved", seat=0, source=BE, beavers=[0], payout="solo"),
            drawn(0, P),
            drawn(0, A),
            drawn(0, W),
            turn(1),
        )
        assert GAME.view(after, None)["beaver_resolved"] is True

    def test_A13_A14_other_beavers_are_forced_out_and_the_rest_draw_one_each(self):
        scenario = Scenario(players=4, top=[P, A, W, S])
        scenario.chosen((SQ, BE), (HA, BE), (SQ, MA), (RA, BE))
        scenario.when(0, type="reveal", animal=BE).then(
            shown(0, BE),
            shown(1, BE, "forced"),
            shown(3, BE, "forced"),
            ev("BeaverResolved", seat=0, source=BE, beavers=[0, 1, 3], payout="shared"),
            drawn(2, P),
            turn(1),
        )

    def test_A13_a_forced_beaver_never_resolves(self):
        scenario = Scenario(players=4, top=[P, A, W, S, H])
        scenario.chosen((SQ, BE), (HA, BE), (SQ, MA), (RA, BE))
        scenario.play(0, type="reveal", animal=BE)
        scenario.play(1, type="reveal", animal=HA)
        scenario.play(2, type="reveal", animal=SQ)
        types = [e.type for e in scenario.history]
        assert types.count("BeaverResolved") == 1
        legal = GAME.legal_commands(scenario.state, 3)
        assert legal and all(body["animal"] == RA for body in legal)

    def test_A14_shared_draws_go_clockwise_from_the_revealers_left(self):
        scenario = Scenario(players=5, start_player=3, top=[P, A, W, S, H, P])
        scenario.chosen((SQ, HA), (HA, BE), (SQ, HA), (SQ, BE), (SQ, HA))
        scenario.when(3, type="reveal", animal=BE).then(
            shown(3, BE),
            shown(1, BE, "forced"),
            ev("BeaverResolved", seat=3, source=BE, beavers=[1, 3], payout="shared"),
            drawn(4, P),
            drawn(0, A),
            drawn(2, W),
            turn(4),
        )

    def test_A14_a_larger_shared_draw_goes_round_in_laps(self):
        scenario = Scenario(players=4, start_player=1, top=[P, A, W, S], beaver_shared_draw=2)
        scenario.chosen((SQ, HA), (SQ, BE), (SQ, HA), (SQ, BE))
        scenario.when(1, type="reveal", animal=BE).then(
            shown(1, BE),
            shown(3, BE, "forced"),
            ev("BeaverResolved", seat=1, source=BE, beavers=[1, 3], payout="shared"),
            drawn(2, P),
            drawn(0, A),
            drawn(2, W),
            drawn(0, S),
            turn(2),
        )

    def test_A10_a_marmot_copying_a_lone_beaver_draws_three_again(self):
        scenario = Scenario(top=[P, A, W, S, H, P]).chosen((MA, BE), (HA, MA), (SQ, HA))
        scenario.play(0, type="reveal", animal=BE)
        scenario.play(1, type="reveal", animal=HA)
        scenario.play(2, type="reveal", animal=HA)
        scenario.when(0, type="reveal", animal=MA).then(
            shown(0, MA),
            ev("MarmotCopied", seat=0, animal=BE),
            ev("BeaverResolved", seat=0, source=MA, beavers=[0], payout="solo"),
            drawn(0, S),
            drawn(0, H),
            drawn(0, P),
            turn(1),
        )

    def test_A10_F3_a_marmot_copying_a_forced_beaver_pays_from_its_owners_left(self):
        scenario = Scenario(players=4, top=[P, A, W, S, H, P])
        scenario.chosen((SQ, BE), (SQ, HA), (MA, BE), (SQ, HA))
        scenario.play(0, type="reveal", animal=BE)  # seat 2's beaver is forced: 1, 3 draw
        scenario.play(1, type="reveal", animal=HA)
        # The marmot is seat 2's second animal now, so it may be revealed.
        assert GAME.legal_commands(scenario.state, 2) == [{"type": "reveal", "animal": MA}]
        scenario.when(2, type="reveal", animal=MA).then(
            shown(2, MA),
            ev("MarmotCopied", seat=2, animal=BE),
            ev("BeaverResolved", seat=2, source=MA, beavers=[0, 2], payout="shared"),
            drawn(3, W),
            drawn(1, S),
            turn(3),
        )

    def test_F7_after_a_beaver_by_choice_no_beaver_is_left_face_down(self):
        scenario = Scenario(players=6, top=[P] * 6)
        scenario.chosen((SQ, BE), (HA, BE), (SQ, BE), (RA, BE), (SQ, BE), (HA, BE))
        # Everyone holds a beaver: all are forced out, and nobody is paid.
        after = scenario.when(0, type="reveal", animal=BE).then(
            shown(0, BE),
            *[shown(seat, BE, "forced") for seat in range(1, 6)],
            ev("BeaverResolved", seat=0, source=BE, beavers=[0, 1, 2, 3, 4, 5], payout="shared"),
            turn(1),
        )
        assert after.beaver_resolved
        assert all(BE not in after.face_down(seat) for seat in range(6))
        assert all(body["animal"] != BE for body in GAME.legal_commands(after, 1))
