"""Scorings (section 6): sole, longest, second, ties (G16, P8), the fox (G15), the doubler
(G7), empty chests (G19), the final penalties (G18) and shared wins (G22).

Most tableaux are built with 8-card hands (and sometimes 4 or 6 AP) so that each seat lays
out its collections in one turn; the last seat to open always opens m9 first, so the fox
enters there, out of the way, unless the test is about the fox.
"""

import pytest

from domain.gloria_picktoria import GAME
from domain.gloria_picktoria.scoring import motif_points

from .given import BLIND, END, Table, chest, double, ev, lay, pass_fox, take

FOUR = ["scoring"] * 4


def finish_turn(given: Table, seat: int) -> Table:
    """Spend the seat's remaining AP on chests and keep the fox, so the next seat plays."""
    while given.state.current == seat and not given.state.over:
        if given.state.fox_pass_pending:
            given.play(seat, END)
            continue
        hand = GAME.view(given.state, seat)["hand"]
        given.play(seat, chest(next(card for card in hand if card != "doubler")))
    return given


def build(given: Table, *turns: list) -> Table:
    for seat, bodies in enumerate(turns):
        finish_turn(given.play(seat, *bodies), seat)
    return given


def held(events):
    return next(e for e in events if e.type == "ScoringHeld")


class TestRanking:
    @pytest.mark.parametrize(
        ("lengths", "points"),
        [
            ([3], [4]),  # sole
            ([3, 2, 1], [3, 1, 0]),  # longest, second, nothing
            ([3, 1, 1], [3, 1, 1]),  # tied second: 1 each
            ([2, 2], [2, 2]),  # two tied longest: (3+1)//2, no second
            ([2, 2, 1], [2, 2, 0]),
            ([1, 1, 1], [1, 1, 1]),  # three tied: 4//3
            ([1, 1, 1, 1], [1, 1, 1, 1]),
            ([1, 1, 1, 1, 1], [0, 0, 0, 0, 0]),  # five tied: 4//5
        ],
    )
    def test_g16_ranks_and_ties(self, lengths, points):
        entries = [(n, length, False) for n, length in enumerate(lengths)]
        assert motif_points(entries, 4, 3, 1) == dict(enumerate(points))

    def test_g7_doubled_points_count_twice(self):
        assert motif_points([(0, 1, True)], 4, 3, 1) == {0: 8}
        assert motif_points([(0, 3, True), (1, 2, True)], 4, 3, 1) == {0: 6, 1: 2}
        assert motif_points([(0, 2, True), (1, 2, False)], 4, 3, 1) == {0: 4, 1: 2}

    def test_p8_tie_formula_follows_the_options(self):
        assert motif_points([(0, 2, False), (1, 2, False)], 4, 5, 2) == {0: 3, 1: 3}


HANDS_A = {
    0: ["m0", "m1", "m1", "m1", "m0", "m2", "m5", "m5"],
    1: ["m4", "m1", "m1", "m4", "m3", "m5", "m6", "m6"],
    2: ["m6", "m9", "m7", "m1", "m7", "m2", "m8", "m8"],
}
TURNS_A = (
    [chest("m0"), lay("m1", 0), lay("m1", 0), lay("m1", 0), chest("m0"), lay("m2", 1)],
    [chest("m4"), lay("m1", 0), lay("m1", 0), chest("m4"), lay("m3", 1)],
    [chest("m6"), lay("m9", 0), chest("m7"), lay("m1", 1), chest("m7"), lay("m2", 2)],
)


class TestInterimScoring:
    def test_sole_longest_second_tie_and_the_fox_in_one_scoring(self):
        # m1: 3 / 2 / 1 -> 3, 1, 0; m2: 1 / 1 -> 2 each; m3 sole -> 4; m9 under the fox.
        given = build(Table(3, hands=HANDS_A, pile=FOUR, hand_start=8, ap_per_turn=6), *TURNS_A)
        assert given.when(0, take(0)) == [
            ev("DisplayCardTaken", seat=0, slot=0, card="m9", cost=1),
            *[ev("ScoringCardSetAside", count=n) for n in (1, 2, 3, 4)],
            ev(
                "ScoringHeld",
                number=1,
                points=[{"m1": 3, "m2": 2}, {"m1": 1, "m3": 4}, {"m1": 0, "m2": 2}],
                excluded={"owner": 2, "chest": 0},
                totals=[5, 5, 2],
                scores=[5, 5, 2],
            ),
            ev("DisplayRefilled", slot=0, card="joker"),
        ]

    def test_p8_tie_and_rank_points_are_options(self):
        table = Table(
            3, hands=HANDS_A, pile=FOUR, hand_start=8, ap_per_turn=6, pts_first=5, pts_second=2
        )
        given = build(table, *TURNS_A)
        assert held(given.when(0, take(0))).data["points"] == [
            {"m1": 5, "m2": 3},
            {"m1": 2, "m3": 4},
            {"m1": 0, "m2": 3},
        ]

    def test_g16_three_tied_longest_score_one_each(self):
        hands = {0: ["m0", "m1"], 1: ["m0", "m1"], 2: ["m0", "m1"], 3: ["m0", "m9"]}
        given = build(
            Table(4, hands=hands, pile=FOUR),
            *[[chest("m0"), lay(card, 0)] for card in ("m1", "m1", "m1", "m9")],
        )
        scoring = held(given.when(0, take(0))).data
        assert scoring["points"] == [{"m1": 1}, {"m1": 1}, {"m1": 1}, {}]
        assert scoring["excluded"] == {"owner": 3, "chest": 0}

    def test_g16_five_tied_longest_score_nothing(self):
        hands = {seat: ["m0", "m1"] for seat in range(4)}
        hands[4] = ["m0", "m9", "m2", "m1"]
        turns = [[chest("m0"), lay("m1", 0)]] * 4
        turns.append([chest("m0"), lay("m9", 0), chest("m2"), lay("m1", 1)])
        given = build(Table(5, hands=hands, pile=FOUR, ap_per_turn=4), *turns)
        scoring = held(given.when(0, take(0))).data
        assert scoring["points"] == [{"m1": 0}] * 5 and scoring["totals"] == [0] * 5

    def test_g16_unique_longest_and_tied_second(self):
        hands = {0: ["m0", "m1", "m1"], 1: ["m0", "m1"], 2: ["m0", "m1"], 3: ["m0", "m9"]}
        turns = [[chest("m0"), lay("m1", 0), lay("m1", 0)]]
        turns += [[chest("m0"), lay(card, 0)] for card in ("m1", "m1", "m9")]
        given = build(Table(4, hands=hands, pile=FOUR), *turns)
        scoring = held(given.when(0, take(0))).data
        assert scoring["points"] == [{"m1": 3}, {"m1": 1}, {"m1": 1}, {}]

    def test_g15_a_fox_covered_collection_is_left_out_entirely(self):
        # Seat 0's m1 (length 2) is under the fox: seat 1's m1 (length 1) is sole.
        hands = {0: ["m0", "m1", "m1", "m2"], 1: ["m4", "m1", "m4", "m5"]}
        given = Table(2, hands=hands, pile=FOUR)
        given.play(0, chest("m0"), lay("m1", 0), lay("m1", 0))
        given.play(1, chest("m4"), lay("m1", 0), chest("m4"), pass_fox(0))
        assert held(given.when(0, take(0))) == ev(
            "ScoringHeld",
            number=1,
            points=[{}, {"m1": 4}],
            excluded={"owner": 0, "chest": 0},
            totals=[0, 4],
            scores=[0, 4],
        )

    def test_g7_the_doubler_doubles_and_adds_no_length(self):
        # Both m1 collections have one card: tied (2 each), seat 0's doubled to 4.
        hands = {0: ["m0", "m1", "m2"], 1: ["m0", "m9", "m0", "m1"]}
        given = Table(2, hands=hands, pile=FOUR, ap_per_turn=4)
        build(
            given,
            [chest("m0"), lay("m1", 0), double(0)],
            [chest("m0"), lay("m9", 0), chest("m0"), lay("m1", 1)],
        )
        assert held(given.when(0, take(0))).data["points"] == [{"m1": 4}, {"m1": 2}]

    def test_g7_a_doubled_sole_collection_scores_eight(self):
        hands = {0: ["m0", "m2", "m3"], 1: ["m0", "m9", "m0"]}
        given = build(
            Table(2, hands=hands, pile=FOUR),
            [chest("m0"), lay("m2", 0), double(0)],
            [chest("m0"), lay("m9", 0), chest("m0")],
        )
        assert held(given.when(0, take(0))).data["points"] == [{"m2": 8}, {}]

    def test_g19_empty_chests_and_hand_cards_cost_nothing_in_interim_scorings(self):
        hands = {0: ["m0", "m1", "m2", "m3"]}
        given = Table(2, hands=hands, pile=["m5"] * 3 + FOUR)
        given.play(0, chest("m0"), chest("m2"), chest("m3")).play(1, take(0), take(0), take(0))
        scoring = held(given.when(0, take(0))).data
        assert scoring["totals"] == [0, 0] and "penalties" not in scoring


class TestFinalScoring:
    def test_g18_final_penalties_hand_cards_doubler_included_and_empty_chests(self):
        hands = {0: ["m0", "m1", "m2", "m3"]}
        given = Table(2, hands=hands, pile=["m4", *["scoring"] * 10])
        given.play(0, chest("m0"), lay("m1", 0), double(0))
        given.play(1, chest("m9"), chest("m9"), take(0))
        events = given.when(0, BLIND)
        assert [e.data["totals"] for e in events if "Held" in e.type] == [[8, 0], [8, 0], [6, -8]]
        assert events[-1] == ev(
            "FinalScoringHeld",
            number=3,
            points=[{"m1": 8}, {}],
            excluded=None,
            penalties=[
                {"hand_cards": 2, "empty_chests": 0, "points": -2},
                {"hand_cards": 4, "empty_chests": 2, "points": -8},
            ],
            totals=[6, -8],
            scores=[22, -8],
            winners=[0],
        )

    def test_g22_a_tie_for_the_highest_total_is_a_shared_win(self):
        # Seat 0: 6 cards and an empty chest; seat 1: 8 cards; the final blind draw gives none.
        given = Table(2, pile=["m0"] * 5 + ["scoring"] * 10)
        given.play(0, chest("m9"), take(0), take(0)).play(1, take(0), take(0), take(0))
        final = given.after(0, BLIND)
        assert final.over and final.scores == (-8, -8)
        assert GAME.result(final) == {
            "scores": [-8, -8],
            "winners": [0, 1],
            "scorings": [[0, 0], [0, 0], [-8, -8]],
            "penalties": [
                {"hand_cards": 6, "empty_chests": 1, "points": -8},
                {"hand_cards": 8, "empty_chests": 0, "points": -8},
            ],
        }

    def test_scoring_options_move_the_scorings(self):
        given = Table(
            2,
            pile=["scoring", "scoring", "m0"],
            first_scoring_at=1,
            second_scoring_at=2,
            final_scoring_at=3,
        )
        events = given.when(0, take(0))
        assert [e.type for e in events] == [
            "DisplayCardTaken",
            "ScoringCardSetAside",
            "ScoringHeld",
            "ScoringCardSetAside",
            "ScoringHeld",
            "DisplayRefilled",
        ]
        assert [e.data["number"] for e in events if e.type == "ScoringHeld"] == [1, 2]
