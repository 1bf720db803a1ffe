"""LAY and EXPOSE (section 4; S10, S11, S12, S17, S20)."""

from __future__ import annotations

from domain.game import Event
from domain.sly import GAME

from .gwt import after, expose, given, laid, lay, legal, table, then_rejected, when


def test_lay_puts_a_hand_card_face_down_on_an_empty_space() -> None:
    state = given(table())
    assert when(state, 0, lay("hen3", "h0-4")) == [
        Event("CardLaid", {"seat": 0, "space": "h0-4", "card": "hen3"})
    ]
    later = after(state, 0, lay("hen3", "h0-4"))
    space = GAME.view(later, 0)["spaces"][3]
    assert space == {
        "space": "h0-4",
        "value": 4,
        "status": "face_down",
        "owner": 0,
        "laid_turn": 0,
        "card": "hen3",
    }
    assert "hen3" not in GAME.view(later, 0)["hands"][0]
    assert GAME.to_act(later) == {1}


def test_lay_needs_the_card_in_hand_and_an_empty_space() -> None:
    state = given(table(), laid(0, "hen3", "h0-4"), laid(1, "hen1", "h0-1"))
    then_rejected(state, 0, lay("hen3", "h0-2"))  # face down already
    then_rejected(state, 0, lay("hen2", "h0-1"))  # occupied by an opponent
    then_rejected(state, 0, lay("hen2", "h0-4"))  # occupied by oneself
    assert when(state, 0, lay("hen2", "h0-2"))


def test_lay_is_not_offered_without_an_empty_space() -> None:
    state = given(
        table(),
        laid(0, "hen1", "h0-1"),
        laid(1, "hen1", "h0-2"),
        laid(0, "hen2", "h0-3"),
        laid(1, "hen2", "h0-4"),
    )
    assert not [m for m in legal(state, 0) if m["type"] == "lay"]
    assert legal(state, 0)  # EXPOSE and REVEAL remain (L3)


def test_s10_expose_only_a_face_down_card_of_an_opponent() -> None:
    state = given(table(), laid(0, "hen3", "h0-4"), laid(1, "fox", "h0-1"))
    own = then_rejected(state, 0, expose("h0-4"))
    assert "hen3" not in own.detail
    then_rejected(state, 0, expose("h0-2"))  # empty
    assert [m for m in legal(state, 0) if m["type"] == "expose"] == [expose("h0-1")]


def test_s10_the_owner_of_a_face_down_card_is_public() -> None:
    state = given(table(), laid(0, "hen3", "h0-4"))
    for viewer in (None, 1):
        space = GAME.view(state, viewer)["spaces"][3]
        assert space["owner"] == 0
        assert "card" not in space


def test_expose_and_reveal_are_not_offered_without_cards_face_down() -> None:
    state = given(table(), laid(0, "hen3", "h0-4"), laid(1, "hen1", "h0-1"))
    state = after(state, 0, expose("h0-1"), expose("h0-4"))  # both hens Safe, nothing down
    assert {m["type"] for m in legal(state, 0)} == {"lay"}
    state = after(state, 0, lay("hen1", "h0-2"))  # only P0's own card is down
    assert {m["type"] for m in legal(state, 1)} == {"lay", "expose", "reveal_flip"}
    state = after(state, 1, lay("hen2", "h0-3"))
    assert [m for m in legal(state, 0) if m["type"] == "expose"] == [expose("h0-3")]


def test_s11_an_exposed_fox_is_captured_for_good() -> None:
    state = given(table(), laid(0, "hen3", "h0-4"), laid(1, "fox", "h0-1"))
    assert when(state, 0, expose("h0-1")) == [
        Event("FoxCaptured", {"seat": 0, "space": "h0-1", "owner": 1})
    ]
    later = after(state, 0, expose("h0-1"))
    view = GAME.view(later, None)
    assert view["captured_foxes"] == [[1], []]
    assert view["spaces"][0]["status"] == "empty"
    assert view["hand_sizes"] == [6, 6]
    assert "fox" not in GAME.view(later, 1)["hands"][1]
    then_rejected(later, 1, lay("fox", "h0-1"))  # the owner plays on without a fox


def test_s12_an_exposed_hen_becomes_safe_for_its_owner() -> None:
    state = given(table(), laid(0, "hen3", "h0-4"), laid(1, "hen2", "h0-3"))
    assert when(state, 0, expose("h0-3")) == [
        Event(
            "HenExposed",
            {"seat": 0, "space": "h0-3", "owner": 1, "card": "hen2", "value": 3},
        )
    ]
    later = after(state, 0, expose("h0-3"))
    assert GAME.view(later, None)["spaces"][2] == {
        "space": "h0-3",
        "value": 3,
        "status": "safe",
        "owner": 1,
        "card": "hen2",
    }
    assert GAME.view(later, None)["scores"] == [0, 3]  # the exposer gets nothing


def test_s17_a_captured_fox_scores_the_number_of_players() -> None:
    state = given(
        table(players=3),
        laid(0, "hen1", "h0-1"),
        laid(1, "fox", "h0-2"),
        laid(2, "hen1", "h0-3"),
    )
    later = after(state, 0, expose("h0-2"))
    assert GAME.view(later, None)["scores"] == [3, 0, 0]


def test_s20_a_safe_hen_cannot_be_exposed_or_flipped() -> None:
    state = given(table(), laid(0, "hen3", "h0-4"), laid(1, "hen2", "h0-3"))
    state = after(state, 0, expose("h0-3"))  # P1's hen2 is Safe on h0-3
    state = after(state, 1, lay("hen5", "h0-1"))
    then_rejected(state, 0, expose("h0-3"))
    then_rejected(state, 0, {"type": "reveal_flip", "space": "h0-3"})


def test_l4_any_face_down_card_of_an_opponent_in_any_hen_house_can_be_exposed() -> None:
    state = given(
        table(players=3),
        laid(0, "hen1", "h1-4"),
        laid(1, "hen2", "h1-1"),
        laid(2, "fox", "h0-3"),
    )
    exposable = [m["space"] for m in legal(state, 0) if m["type"] == "expose"]
    assert exposable == ["h0-3", "h1-1"]
    assert when(state, 0, expose("h1-1")) == [
        Event("HenExposed", {"seat": 0, "space": "h1-1", "owner": 1, "card": "hen2", "value": 1})
    ]
