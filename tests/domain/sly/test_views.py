"""Views and redaction: who sees what (section 9)."""

from __future__ import annotations

from domain.game import Event
from domain.sly import GAME

from .gwt import after, given, laid, lay, table

LAID = Event("CardLaid", {"seat": 1, "space": "h0-2", "card": "fox"})


def test_a_laid_card_is_shown_only_to_its_owner() -> None:
    assert GAME.redact(LAID, 1) == LAID
    hidden = Event("CardLaid", {"seat": 1, "space": "h0-2"})
    assert GAME.redact(LAID, 0) == hidden
    assert GAME.redact(LAID, None) == hidden


def test_flips_and_outcomes_are_public() -> None:
    flip = Event("CardFlipped", {"seat": 0, "space": "h0-2", "owner": 1, "card": "fox"})
    for viewer in (None, 0, 1):
        assert GAME.redact(flip, viewer) == flip


def test_a_lay_command_shows_its_card_only_to_its_actor() -> None:
    body = {"type": "lay", "card": "fox", "space": "h0-2"}
    assert GAME.redact_command(body, 1, 1) == body
    assert GAME.redact_command(body, 1, 0) == {"type": "lay", "space": "h0-2"}
    assert GAME.redact_command(body, 1, None) == {"type": "lay", "space": "h0-2"}
    stop = {"type": "reveal_stop"}
    assert GAME.redact_command(stop, 1, None) == stop


def test_a_seat_sees_its_hand_and_its_own_face_down_cards_only() -> None:
    state = given(table(players=3), laid(0, "hen3", "h0-4"), laid(1, "fox", "h0-1"))
    mine = GAME.view(state, 1)
    assert mine["seat"] == 1
    assert mine["hands"] == [None, ["hen1", "hen2", "hen3", "hen4", "hen5", "hen6"], None]
    assert mine["spaces"][0]["card"] == "fox"
    assert "card" not in mine["spaces"][3]
    spectator = GAME.view(state, None)
    assert spectator["hands"] == [None, None, None]
    assert spectator["hand_sizes"] == [6, 6, 7]
    assert spectator["spaces"][0] == {
        "space": "h0-1",
        "value": 1,
        "status": "face_down",
        "owner": 1,
        "laid_turn": 1,
    }


def test_the_view_tells_whose_turn_it_is_and_the_turn_counter() -> None:
    state = given(table(players=3, start=2), laid(2, "hen3", "h0-4"))
    view = GAME.view(state, None)
    assert (view["current"], view["turn"], view["phase"]) == (0, 1, "action")
    assert view["max_turns"] == 180
    assert view["start_player"] == 2
    assert view["scores"] == [0, 0, 0]


def test_after_the_end_everything_is_public() -> None:
    state = given(table(max_turns_per_player=1), laid(0, "hen1", "h0-1"))
    state = after(state, 1, lay("fox", "h0-2"))
    view = GAME.view(state, None)
    assert view["hands"][0] == ["hen2", "hen3", "hen4", "hen5", "hen6", "fox"]
    assert view["final_flips"] == [
        {"space": "h0-1", "owner": 0, "card": "hen1"},
        {"space": "h0-2", "owner": 1, "card": "fox"},
    ]
    assert view["current"] is None


def test_the_view_before_the_start() -> None:
    view = GAME.view(GAME.initial_state(2, {}), None)
    assert view["phase"] == "waiting"
    assert view["spaces"] == []
