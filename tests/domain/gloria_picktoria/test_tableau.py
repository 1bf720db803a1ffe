"""Chests and collections: A, B1, B2, B3 (G7, G8, G9, G10)."""

from domain.errors import IllegalMove, NotYourTurn
from domain.gloria_picktoria import GAME

from .given import Table, chest, double, ev, lay, take

HANDS = {0: ["m1", "m1", "m2", "joker"], 1: ["m5", "m6", "m7", "m8"]}


def two(**options):
    return Table(2, display=["m0", "m1", "m2"], hands=HANDS, pile=["m9"] * 6, **options)


class TestChest:
    def test_g10_any_collection_card_becomes_a_chest_shown_to_all(self):
        given = two()
        assert given.when(0, chest("m1")) == [ev("ChestMade", seat=0, card="m1", chest=0, cost=1)]
        # The card is announced in the event for everyone, as at the table.
        for viewer in (None, 0, 1):
            assert GAME.redact(given.when(0, chest("m1"))[0], viewer).data["card"] == "m1"

    def test_g10_a_joker_may_become_a_chest(self):
        assert two().when(0, chest("joker")) == [
            ev("ChestMade", seat=0, card="joker", chest=0, cost=1)
        ]

    def test_g10_the_doubler_may_not_become_a_chest(self):
        two().rejects(0, chest("doubler"), IllegalMove)

    def test_a_chest_needs_the_card_in_hand(self):
        error = two().rejects(0, chest("m7"), IllegalMove)
        assert error.detail == "you hold no m7"

    def test_chests_are_numbered_by_creation_and_unlimited(self):
        given = two().play(0, chest("m1"), chest("m2"), chest("joker"))
        assert len(given.state.tableaux[0]) == 3
        given.play(1, chest("m5"), chest("m6"), chest("m7"))
        assert given.when(0, chest("m1"))[0].data["chest"] == 3

    def test_g10_the_chest_card_motif_is_irrelevant(self):
        # A chest made of m1 carries an m2 collection, and the m1 still opens elsewhere.
        given = two().play(0, chest("m1"), lay("m2", 0), chest("joker"))
        given.play(1, chest("m5"), chest("m6"), chest("m7"))
        assert given.when(0, lay("m1", 1))[0] == ev(
            "CardLaid", seat=0, card="m1", chest=1, motif="m1", opened=True, cost=1
        )

    def test_g10_the_chest_card_is_hidden_from_everyone_in_views(self):
        given = two().play(0, chest("m2"))
        for viewer in (None, 0, 1):
            shown = GAME.view(given.state, viewer)["seats"][0]["chests"]
            assert shown == [{"motif": None, "length": 0, "jokers": 0, "doubled": False}]


class TestLay:
    def given(self):
        # Seat 0 keeps m1, joker, doubler and takes an m0 from the display.
        return two().play(0, chest("m2"), lay("m1", 0), take(0))

    def test_b1_a_motif_card_opens_a_collection_on_an_empty_chest(self):
        given = two().play(0, chest("m2"))
        assert given.when(0, lay("m1", 0)) == [
            ev("CardLaid", seat=0, card="m1", chest=0, motif="m1", opened=True, cost=1)
        ]

    def test_b2_a_card_of_the_same_motif_extends(self):
        given = self.given().play(1, chest("m5"), chest("m6"), chest("m7"))
        assert given.when(0, lay("m1", 0)) == [
            ev("CardLaid", seat=0, card="m1", chest=0, motif="m1", opened=False, cost=1)
        ]
        assert given.after(0, lay("m1", 0)).tableaux[0][0].length == 2

    def test_b2_other_motifs_are_forbidden(self):
        given = self.given().play(1, chest("m5"), chest("m6"), chest("m7"))
        error = given.rejects(0, lay("m0", 0), IllegalMove)
        assert error.detail == "only m1 or a joker extends that collection"

    def test_g8_a_joker_extends_and_adds_length(self):
        given = self.given().play(1, chest("m5"), chest("m6"), chest("m7"))
        assert given.when(0, lay("joker", 0)) == [
            ev("CardLaid", seat=0, card="joker", chest=0, motif="m1", opened=False, cost=1)
        ]
        assert GAME.view(given.after(0, lay("joker", 0)), 1)["seats"][0]["chests"][0] == {
            "motif": "m1",
            "length": 2,
            "jokers": 1,
            "doubled": False,
        }

    def test_g8_a_joker_cannot_open_a_collection(self):
        given = two().play(0, chest("m2"))
        error = given.rejects(0, lay("joker", 0), IllegalMove)
        assert "joker" in error.detail

    def test_g9_one_collection_per_motif(self):
        given = self.given().play(1, chest("m5"), chest("m6"), chest("m7"))
        given.play(0, chest("m0"))
        error = given.rejects(0, lay("m1", 1), IllegalMove)
        assert "already" in error.detail

    def test_only_on_own_existing_chests(self):
        given = self.given().play(1, chest("m5"), chest("m6"), chest("m7"))
        given.rejects(0, lay("m1", 1), IllegalMove)
        given.rejects(0, lay("m1", -1), IllegalMove)
        given.rejects(0, lay("m7", 0), IllegalMove)  # not held
        given.rejects(1, lay("m5", 0), NotYourTurn)


class TestDoubler:
    def given(self):
        return two().play(0, chest("m2"), lay("m1", 0), chest("joker"))

    def test_g7_b3_the_doubler_closes_a_collection(self):
        given = self.given().play(1, chest("m5"), chest("m6"), chest("m7"))
        assert given.when(0, double(0)) == [ev("DoublerPlayed", seat=0, chest=0, cost=1)]
        given.play(0, double(0))
        error = given.rejects(0, lay("m1", 0), IllegalMove)
        assert "closed" in error.detail
        given.rejects(0, lay("joker", 0), IllegalMove)
        shown = GAME.view(given.state, None)["seats"][0]
        assert shown["chests"][0] == {"motif": "m1", "length": 1, "jokers": 0, "doubled": True}
        assert shown["doubler_played"] is True

    def test_g7_the_doubler_needs_a_collection_with_a_card(self):
        given = self.given().play(1, chest("m5"), chest("m6"), chest("m7"))
        given.rejects(0, double(1), IllegalMove)  # an empty chest
        given.rejects(0, double(5), IllegalMove)

    def test_g7_one_doubler_per_player_used_once(self):
        given = self.given().play(1, chest("m5"), chest("m6"), chest("m7"))
        given.play(0, double(0))
        error = given.rejects(0, double(1), IllegalMove)
        assert error.detail == "your doubler has been played"

    def test_g7_the_doubler_is_played_with_its_own_command(self):
        given = self.given().play(1, chest("m5"), chest("m6"), chest("m7"))
        given.rejects(0, lay("doubler", 0), IllegalMove)
