"""Turns and taking cards: AP (G4, G5, P1, P2), the display and the pile (G6, G17, G20, G23)."""

import pytest

from domain.errors import GameOver, IllegalMove, NotYourTurn
from domain.game import Command
from domain.gloria_picktoria import GAME
from domain.gloria_picktoria.cards import Rules, max_turns

from .given import BLIND, END, Table, chest, ev, lay, take

HANDS = {0: ["m1", "m2", "m3", "m4"], 1: ["m5", "m6", "m7", "m8"]}
DISPLAY = ["m0", "m1", "m2"]


def two(pile=("m4", "m5", "m6"), **options):
    return Table(2, display=DISPLAY, hands=HANDS, pile=list(pile), **options)


class TestActionPoints:
    def test_g4_three_ap_and_the_turn_passes_by_itself(self):
        given = two().play(0, take(0), take(0))
        assert given.when(0, take(0)) == [
            ev("DisplayCardTaken", seat=0, slot=0, card="m5", cost=1),
            ev("DisplayRefilled", slot=0, card="m6"),
            ev("TurnEnded", seat=0, next=1),
        ]

    def test_g4_actions_in_any_order_with_repeats(self):
        given = two().play(0, take(2), chest("m2"), chest("m2"))
        assert given.state.current == 1 and given.state.ap == 3
        given.play(1, chest("m5"), take(1), lay("m6", 0))
        assert given.state.current == 0
        assert [c.motif for c in given.state.tableaux[1]] == ["m6"]

    def test_g4_all_ap_must_be_spent_end_turn_is_illegal_while_ap_left(self):
        given = two().play(0, take(0))
        error = given.rejects(0, END, IllegalMove)
        assert "action points" in error.detail

    def test_g5_blind_draw_costs_two_ap(self):
        given = two()
        assert given.when(0, BLIND) == [
            ev("BlindDrawBegun", seat=0, cost=2),
            ev("CardDrawnBlind", seat=0, card="m4"),
        ]
        assert given.after(0, BLIND).ap == 1

    def test_g5_blind_draw_needs_two_ap_left(self):
        given = two().play(0, take(0), take(0))
        given.rejects(0, BLIND, IllegalMove)
        assert {"type": "draw_blind"} not in GAME.legal_commands(given.state, 0)

    def test_g5_blind_draw_with_exactly_two_ap_ends_the_turn(self):
        given = two().play(0, take(0))
        assert given.when(0, BLIND) == [
            ev("BlindDrawBegun", seat=0, cost=2),
            ev("CardDrawnBlind", seat=0, card="m5"),
            ev("TurnEnded", seat=0, next=1),
        ]

    def test_not_your_turn(self):
        given = two()
        given.rejects(1, take(0), NotYourTurn)
        assert GAME.legal_commands(given.state, 1) == []
        assert GAME.to_act(given.state) == {0}


class TestDisplay:
    def test_g6_p6_display_refilled_at_once_into_the_emptied_slot(self):
        given = two(pile=["m9"])
        assert given.when(0, take(1)) == [
            ev("DisplayCardTaken", seat=0, slot=1, card="m1", cost=1),
            ev("DisplayRefilled", slot=1, card="m9"),
        ]
        assert given.after(0, take(1)).display == ("m0", "m9", "m2")

    def test_g6_a_scoring_card_is_set_aside_and_replaced_repeatedly(self):
        given = two(pile=["scoring", "scoring", "m9"])
        assert given.when(0, take(0)) == [
            ev("DisplayCardTaken", seat=0, slot=0, card="m0", cost=1),
            ev("ScoringCardSetAside", count=1),
            ev("ScoringCardSetAside", count=2),
            ev("DisplayRefilled", slot=0, card="m9"),
        ]
        after = given.after(0, take(0))
        assert after.seen == 2 and after.pile_left == given.state.pile_left - 3

    def test_g6_a_scoring_card_drawn_blind_is_set_aside_and_the_next_card_taken(self):
        given = two(pile=["scoring", "m9"])
        assert given.when(0, BLIND) == [
            ev("BlindDrawBegun", seat=0, cost=2),
            ev("ScoringCardSetAside", count=1),
            ev("CardDrawnBlind", seat=0, card="m9"),
        ]

    def test_g20_no_hand_limit(self):
        given = two(pile=["m9"] * 9)
        given.play(0, take(0), take(0), take(0)).play(1, chest("m5"), chest("m6"), chest("m7"))
        given.play(0, take(0), take(0), take(0)).play(1, chest("m8"), take(0), take(0))
        assert GAME.view(given.state, 0)["seats"][0]["hand_size"] == 11
        assert {"type": "take_display", "slot": 0} in GAME.legal_commands(given.state, 0)


class TestScoringInterrupts:
    """Seat 0 owns the only collection (m1, sole: 4 points) and an empty chest."""

    def given(self, pile):
        return two(pile=pile).play(0, chest("m2"), lay("m1", 0), chest("m3"))

    def test_g17_interim_scoring_then_the_turn_continues(self):
        given = self.given(["scoring"] * 4 + ["m9"])
        assert given.when(1, take(0)) == [
            ev("DisplayCardTaken", seat=1, slot=0, card="m0", cost=1),
            ev("ScoringCardSetAside", count=1),
            ev("ScoringCardSetAside", count=2),
            ev("ScoringCardSetAside", count=3),
            ev("ScoringCardSetAside", count=4),
            ev(
                "ScoringHeld",
                number=1,
                points=[{"m1": 4}, {}],
                excluded=None,
                totals=[4, 0],
                scores=[4, 0],
            ),
            ev("DisplayRefilled", slot=0, card="m9"),
        ]
        after = given.after(1, take(0))
        assert after.current == 1 and after.ap == 2 and after.scores == (4, 0)

    def test_p2_blind_draw_ap_spent_first_scoring_then_the_next_card_privately(self):
        given = self.given(["scoring"] * 4 + ["m9"])
        events = given.when(1, BLIND)
        assert events[0] == ev("BlindDrawBegun", seat=1, cost=2)
        assert [e.type for e in events[1:]] == ["ScoringCardSetAside"] * 4 + [
            "ScoringHeld",
            "CardDrawnBlind",
        ]
        assert events[-1] == ev("CardDrawnBlind", seat=1, card="m9")
        assert GAME.redact(events[-1], 0).data["card"] is None

    def test_g17_scoring_by_the_last_ap_then_the_turn_ends(self):
        given = self.given(["m9", "m9", "scoring", "scoring", "scoring", "scoring", "m8"])
        given.play(1, take(0), take(0))
        events = given.when(1, take(0))
        assert events[-2:] == [
            ev("DisplayRefilled", slot=0, card="m8"),
            ev("TurnEnded", seat=1, next=0),
        ]

    def test_g17_final_scoring_forfeits_the_rest_of_the_turn(self):
        given = self.given(["scoring"] * 10)
        events = given.when(1, take(0))
        assert [e.type for e in events] == [
            "DisplayCardTaken",
            *["ScoringCardSetAside"] * 4,
            "ScoringHeld",
            *["ScoringCardSetAside"] * 3,
            "ScoringHeld",
            *["ScoringCardSetAside"] * 3,
            "FinalScoringHeld",
        ]
        # Seat 0: m4 and the doubler in hand (-2), one empty chest (-2). Seat 1: 6 cards.
        assert events[-1] == ev(
            "FinalScoringHeld",
            number=3,
            points=[{"m1": 4}, {}],
            excluded=None,
            penalties=[
                {"hand_cards": 2, "empty_chests": 1, "points": -4},
                {"hand_cards": 6, "empty_chests": 0, "points": -6},
            ],
            totals=[0, -6],
            scores=[8, -6],
            winners=[0],
        )
        over = given.after(1, take(0))
        assert over.over and over.ap == 2 and over.display[0] is None
        assert GAME.to_act(over) == frozenset()
        assert GAME.legal_commands(over, 1) == []
        assert GAME.result(over)["scores"] == [8, -6]
        assert GAME.result(over)["winners"] == [0]

    def test_p2_final_scoring_by_a_blind_draw_gives_no_card(self):
        given = self.given(["scoring"] * 10 + ["m9"])
        events = given.when(1, BLIND)
        assert events[-1].type == "FinalScoringHeld"
        assert "CardDrawnBlind" not in [e.type for e in events]

    def test_nothing_is_played_after_the_end(self):
        given = self.given(["scoring"] * 10)
        given.play(1, take(0))
        given.rejects(1, take(0), GameOver)
        given.rejects(0, END, GameOver)
        given.rejects(None, {"type": "start"}, GameOver)


def test_g23_the_engine_asserts_the_pile_never_runs_out():
    given = two()
    exhausted = given.state._replace(pile=given.state.pile[: given.state.drawn])
    with pytest.raises(AssertionError):
        GAME.decide(exhausted, Command(0, take(0)))


def test_g23_the_last_card_of_the_pile_is_at_worst_the_final_scoring_card():
    # All ten scoring cards at the bottom: taking display cards until the end drains the pile
    # exactly when the 10th scoring card turns up.
    given = two(pile=())
    assert given.state.pile[-10:] == ("scoring",) * 10
    while not given.state.over:
        given.play(given.state.current, take(0))
    assert given.state.pile_left == 0 and given.state.seen == 10
    assert given.history[-1].type == "FinalScoringHeld"


def test_p5_the_engine_asserts_the_turn_bound():
    given = two().play(0, take(0), take(0))
    bound = max_turns(2, Rules())
    with pytest.raises(AssertionError):
        GAME.decide(given.state._replace(turn=bound), Command(0, take(0)))
