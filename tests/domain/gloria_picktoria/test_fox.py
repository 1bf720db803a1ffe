"""The fox: entry (G11, P4), moves (G12, G13, P3), the free pass (G14, P1)."""

from domain.errors import IllegalMove
from domain.gloria_picktoria import GAME

from .given import END, Table, chest, double, ev, fox, lay, pass_fox, take

HANDS = {0: ["m0", "m1", "m1", "m2"], 1: ["m3", "m4", "m4", "m5"], 2: ["m6", "m7", "m8", "m9"]}


def three(**options):
    """Seats 0 and 1 open m1 and m4 (length 2); seat 2 holds the chest cards m6 and m8."""
    given = Table(3, display=["m2", "m5", "m8"], hands=HANDS, pile=["m0", "m3", "m6"], **options)
    given.play(0, chest("m0"), lay("m1", 0), lay("m1", 0))
    return given.play(1, chest("m3"), lay("m4", 0), lay("m4", 0))


def entered():
    """Seat 2 opens m7 last: the fox enters there; seat 2 keeps it (end_turn)."""
    return three().play(2, chest("m6"), chest("m8"), lay("m7", 0), END)


def round_two():
    """Seat 0 opens m2 on chest 1; seat 1 doubles m4 and makes an empty chest 1."""
    given = entered().play(0, take(0), chest("m2"), lay("m2", 1))
    return given.play(1, double(0), chest("m5"), take(1))


class TestEntry:
    def test_g11_the_fox_enters_when_the_last_player_opens_a_first_collection(self):
        given = three().play(2, chest("m6"), chest("m8"))
        assert given.when(2, lay("m7", 0)) == [
            ev("CardLaid", seat=2, card="m7", chest=0, motif="m7", opened=True, cost=1),
            ev("FoxEntered", owner=2, chest=0),
        ]

    def test_g11_not_while_a_player_has_no_collection_chests_do_not_count(self):
        given = three().play(2, chest("m6"), chest("m8"))
        assert given.state.fox is None  # every seat has a chest, seat 2 no collection
        assert GAME.view(given.state, None)["fox"] is None

    def test_g11_with_two_players_the_second_to_open(self):
        given = Table(2, hands={0: ["m1", "m2", "m3", "m4"], 1: ["m5", "m6", "m7", "m8"]})
        events = given.play(0, chest("m1"), lay("m2", 0), chest("m3")).when(1, chest("m5"))
        given.play(1, chest("m5"))
        assert given.when(1, lay("m6", 0))[-1] == ev("FoxEntered", owner=1, chest=0)
        assert events == [ev("ChestMade", seat=1, card="m5", chest=0, cost=1)]

    def test_p4_entry_happens_once(self):
        given = round_two()
        assert given.state.fox == (2, 0)
        given.play(2, lay("m9", 1))
        assert given.history[-1] == ev(
            "CardLaid", seat=2, card="m9", chest=1, motif="m9", opened=True, cost=1
        )

    def test_p4_entry_is_not_the_turns_fox_action(self):
        given = Table(
            2, hands={0: ["m1", "m2", "m3", "m4"], 1: ["m5", "m6", "m7", "m8"]}, ap_per_turn=4
        )
        given.play(0, chest("m1"), lay("m2", 0), take(0), take(0))
        given.play(1, chest("m5"), lay("m6", 0))
        assert given.when(1, fox(0, 0)) == [
            ev("FoxMoved", seat=1, owner=0, chest=0, cost=2),
            ev("TurnEnded", seat=1, next=0),
        ]

    def test_p4_without_entry_no_fox_action_and_nothing_excluded(self):
        given = Table(2, hands={0: ["m1", "m2", "m3", "m4"]}, pile=["scoring"] * 4)
        given.play(0, chest("m1"), lay("m2", 0), chest("m3"))
        given.rejects(1, fox(0, 0), IllegalMove)
        assert not [c for c in GAME.legal_commands(given.state, 1) if "fox" in c["type"]]
        assert given.when(1, take(0))[5].data["excluded"] is None


class TestFreePass:
    def test_p1_after_the_last_ap_with_the_fox_on_own_collection_pass_or_end(self):
        given = three().play(2, chest("m6"), chest("m8"), lay("m7", 0))
        assert given.state.fox_pass_pending and given.state.current == 2
        assert GAME.legal_commands(given.state, 2) == [pass_fox(0), END]
        assert GAME.view(given.state, None)["fox_pass_pending"] is True

    def test_g14_the_free_pass_goes_to_the_left_neighbour(self):
        given = three().play(2, chest("m6"), chest("m8"), lay("m7", 0))
        assert given.when(2, pass_fox(0)) == [
            ev("FoxPassed", seat=2, owner=0, chest=0),
            ev("TurnEnded", seat=2, next=0),
        ]

    def test_p1_end_turn_keeps_the_fox(self):
        given = three().play(2, chest("m6"), chest("m8"), lay("m7", 0))
        assert given.when(2, END) == [ev("TurnEnded", seat=2, next=0)]
        assert given.after(2, END).fox == (2, 0)

    def test_p1_no_pass_while_ap_are_left(self):
        given = entered().play(0, take(0), take(0), take(0)).play(1, take(0), take(0), take(0))
        given.rejects(2, pass_fox(0), IllegalMove)
        given.rejects(2, END, IllegalMove)

    def test_g14_pass_after_a_fox_move_the_mover_choosing_the_collection(self):
        given = round_two().play(2, lay("m9", 1), fox(2, 1), take(0))
        assert GAME.legal_commands(given.state, 2) == [pass_fox(0), pass_fox(1), END]
        assert given.when(2, pass_fox(1)) == [
            ev("FoxPassed", seat=2, owner=0, chest=1),
            ev("TurnEnded", seat=2, next=0),
        ]

    def test_p3_the_pass_needs_a_collection_of_the_left_neighbour(self):
        given = round_two().play(2, lay("m9", 1), fox(2, 1), take(0))
        given.rejects(2, pass_fox(2), IllegalMove)
        given.rejects(2, pass_fox(-1), IllegalMove)

    def test_p1_without_the_fox_the_turn_just_ends(self):
        given = entered()
        events = given.when(0, take(0))
        given.play(0, take(0), take(0), take(0))
        assert given.history[-1] == ev("TurnEnded", seat=0, next=1)
        assert events[-1].type == "DisplayRefilled"


class TestMoves:
    def test_g12_two_ap_onto_any_opponent_closed_collections_included(self):
        given = round_two().play(2, lay("m9", 1))
        # Seat 1 is not seat 2's left neighbour; its m4 collection is doubled (P3).
        assert given.when(2, fox(1, 0)) == [
            ev("FoxMoved", seat=2, owner=1, chest=0, cost=2),
            ev("TurnEnded", seat=2, next=0),
        ]

    def test_d1_one_ap_onto_another_own_collection(self):
        given = round_two().play(2, lay("m9", 1))
        assert given.when(2, fox(2, 1)) == [ev("FoxMoved", seat=2, owner=2, chest=1, cost=1)]
        after = given.after(2, fox(2, 1))
        assert after.ap == 1 and after.fox == (2, 1) and after.fox_used
        assert GAME.view(after, 0)["fox_action_used"] is True

    def test_d_at_most_once_a_turn(self):
        given = round_two().play(2, lay("m9", 1), fox(2, 1))
        error = given.rejects(2, fox(2, 0), IllegalMove)
        assert "this turn" in error.detail

    def test_d2_needs_two_ap(self):
        given = round_two().play(2, lay("m9", 1), take(0))
        given.rejects(2, fox(1, 0), IllegalMove)
        assert given.when(2, fox(2, 1))[0].data["cost"] == 1

    def test_p3_never_onto_an_empty_chest_nor_where_it_is(self):
        given = round_two().play(2, lay("m9", 1))
        given.rejects(2, fox(1, 1), IllegalMove)  # seat 1's chest 1 is empty
        given.rejects(2, fox(2, 0), IllegalMove)
        given.rejects(2, fox(3, 0), IllegalMove)
        given.rejects(2, fox(0, 2), IllegalMove)

    def test_p3_d1_needs_a_second_own_collection(self):
        given = round_two()
        legal = GAME.legal_commands(given.state, 2)
        assert [c for c in legal if c["type"] == "move_fox"] == [
            fox(0, 0),
            fox(0, 1),
            fox(1, 0),
        ]

    def test_g13_the_fox_moves_only_off_your_own_collection(self):
        given = entered()
        error = given.rejects(0, fox(1, 0), IllegalMove)
        assert "own" in error.detail
        given.rejects(0, fox(0, 0), IllegalMove)

    def test_cards_may_still_be_added_under_the_fox(self):
        # The pile goes on with jokers after its chosen top (m0, m3, m6).
        given = entered().play(0, take(0), take(0), take(0)).play(1, take(0), take(0), take(0))
        given.play(2, take(0))
        assert given.when(2, lay("joker", 0)) == [
            ev("CardLaid", seat=2, card="joker", chest=0, motif="m7", opened=False, cost=1)
        ]
