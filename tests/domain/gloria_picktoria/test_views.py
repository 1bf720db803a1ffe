"""Views and redaction (section 8, P7): who sees which card, and everything after the end."""

from domain.game import Event
from domain.gloria_picktoria import GAME

from .given import BLIND, END, Table, chest, lay, take

HANDS = {0: ["m1", "m2", "m3", "m4"], 1: ["m5", "m6", "m7", "m8"]}


def two(pile=("m0", "m9", "m9")):
    return Table(2, display=["m0", "m1", "m2"], hands=HANDS, pile=list(pile))


class TestView:
    def test_a_seat_sees_its_own_hand_and_only_sizes_of_others(self):
        state = two().state
        mine, spectator = GAME.view(state, 0), GAME.view(state, None)
        assert mine["hand"] == ["m1", "m2", "m3", "m4", "doubler"]
        assert GAME.view(state, 1)["hand"] == ["m5", "m6", "m7", "m8", "doubler"]
        assert spectator["hand"] is None
        assert [s["hand_size"] for s in spectator["seats"]] == [5, 5]
        for shown in (mine, spectator):
            assert "hands" not in shown and "pile" not in shown
            assert shown["pile_size"] == 94

    def test_public_table_state(self):
        given = two(pile=("scoring", "m0")).play(0, chest("m1"), lay("m2", 0), take(0))
        shown = GAME.view(given.state, None)
        assert shown["display"] == ["m0", "m1", "m2"]
        assert shown["scoring_cards_seen"] == 1
        assert shown["active_seat"] == 1 and shown["ap_left"] == 3
        assert shown["fox"] is None and shown["fox_pass_pending"] is False
        assert shown["fox_action_used"] is False
        assert shown["seats"][0] == {
            "seat": 0,
            "hand_size": 4,
            "doubler_played": False,
            "score": 0,
            "chests": [{"motif": "m2", "length": 1, "jokers": 0, "doubled": False}],
        }
        assert shown["rules"]["pts_sole"] == 4 and shown["scores"] == [0, 0]

    def test_p7_scorings_are_shown_with_points_per_motif_and_the_exclusion(self):
        given = two(pile=("scoring",) * 4).play(0, chest("m1"), lay("m2", 0), chest("m3"))
        given.play(1, take(0))
        shown = GAME.view(given.state, 1)
        assert shown["scorings"] == [
            {
                "number": 1,
                "final": False,
                "points": [{"m2": 4}, {}],
                "excluded": None,
                "totals": [4, 0],
                "penalties": None,
            }
        ]
        assert shown["scores"] == [4, 0] and shown["seats"][0]["score"] == 4
        assert shown["ap_left"] == 2

    def test_a_blind_card_is_in_the_drawers_hand_only(self):
        given = two().play(0, BLIND)
        assert "m0" in GAME.view(given.state, 0)["hand"]
        assert GAME.view(given.state, 1)["seats"][0]["hand_size"] == 6

    def test_after_the_end_everything_is_public(self):
        given = two(pile=("scoring",) * 10).play(0, chest("m1"), lay("m2", 0), chest("m3"))
        given.play(1, take(0))
        shown = GAME.view(given.state, None)
        assert shown["status"] == "over" and shown["winners"] == [0]
        assert shown["hands"] == [["m4", "doubler"], ["m0", "m5", "m6", "m7", "m8", "doubler"]]
        assert shown["seats"][0]["chests"][0]["card"] == "m1"
        assert shown["pile"] == list(given.state.pile[given.state.drawn :])
        assert shown["scorings"][-1]["penalties"][0] == {
            "hand_cards": 2,
            "empty_chests": 1,
            "points": -4,
        }


class TestRedact:
    def test_the_deal_shows_each_seat_its_own_hand_and_nobody_the_pile(self):
        dealt = two().history[0]
        for viewer in (None, 0, 1):
            data = GAME.redact(dealt, viewer).data
            assert "pile" not in data and data["pile_size"] == 94
            assert data["display"] == ["m0", "m1", "m2"] and data["hand_sizes"] == [5, 5]
            expected = [None, None]
            if viewer is not None:
                expected[viewer] = dealt.data["hands"][viewer]
            assert data["hands"] == expected
        assert "pile" in dealt.data  # the stored event keeps it

    def test_a_blind_card_only_to_the_drawer(self):
        drawn = two().when(0, BLIND)[-1]
        assert GAME.redact(drawn, 0) == drawn
        for viewer in (None, 1):
            assert GAME.redact(drawn, viewer) == Event("CardDrawnBlind", {"seat": 0, "card": None})

    def test_public_events_are_unchanged(self):
        given = two()
        events = given.when(0, chest("m1")) + given.when(0, take(0))
        for event in events:
            for viewer in (None, 0, 1):
                assert GAME.redact(event, viewer) == event

    def test_the_start_command_hides_its_orders(self):
        start = two().start
        for viewer in (None, 0, 1):
            assert GAME.redact_command(start, None, viewer) == {
                "type": "start",
                "start_player": 0,
            }

    def test_player_commands_name_only_cards_shown_at_the_table(self):
        for body in (chest("m1"), lay("m2", 0), take(1), BLIND, END):
            for viewer in (None, 0, 1):
                assert GAME.redact_command(body, 0, viewer) == body
