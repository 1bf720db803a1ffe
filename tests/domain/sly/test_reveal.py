"""REVEAL: flip one card at a time, then stop; the resolution of section 5 (S6-S9, S13, S16, L1)."""

from __future__ import annotations

from domain.game import Event
from domain.sly import GAME

from .gwt import (
    STOP,
    after,
    card,
    expose,
    flip,
    flipped,
    given,
    laid,
    lay,
    legal,
    resolved,
    table,
    then_rejected,
    when,
)

# Three players, P0 to act: P0 has hen2 on h0-1 and hen6 on h0-4, P1 fox on h0-2 and hen3 on
# h1-1, P2 hen5 on h0-3 and hen1 on h1-2.
BOARD = (
    table(players=3),
    laid(0, "hen2", "h0-1"),
    laid(1, "fox", "h0-2"),
    laid(2, "hen5", "h0-3"),
    laid(0, "hen6", "h0-4"),
    laid(1, "hen3", "h1-1"),
    laid(2, "hen1", "h1-2"),
)


def test_s6_a_reveal_flips_one_card_at_a_time_and_leaves_it_face_up_in_place() -> None:
    state = given(*BOARD)
    assert when(state, 0, flip("h0-2")) == [
        Event("CardFlipped", {"seat": 0, "space": "h0-2", "owner": 1, "card": "fox"})
    ]
    later = after(state, 0, flip("h0-2"))
    assert GAME.to_act(later) == {0}  # the REVEAL goes on: same seat, same turn
    assert later.turn == state.turn


def test_s6_any_face_down_card_may_be_flipped_own_cards_and_any_house_included() -> None:
    state = given(*BOARD)
    flips = [m["space"] for m in legal(state, 0) if m["type"] == "reveal_flip"]
    assert flips == ["h0-1", "h0-2", "h0-3", "h0-4", "h1-1", "h1-2"]
    assert when(state, 0, flip("h1-2"))  # another house, another owner
    assert when(state, 0, flip("h0-4"))  # one's own card


def test_l1_during_a_reveal_only_flip_and_stop_are_legal() -> None:
    state = given(*BOARD, flipped(0, "h0-2", 1, "fox"))
    assert legal(state, 0) == [
        *({"type": "reveal_flip", "space": s} for s in ("h0-1", "h0-3", "h0-4", "h1-1", "h1-2")),
        STOP,
    ]
    then_rejected(state, 0, lay("hen1", "h1-3"))
    then_rejected(state, 0, expose("h0-3"))
    then_rejected(state, 0, flip("h0-2"))  # already face up


def test_l1_stop_needs_at_least_one_flip() -> None:
    then_rejected(given(*BOARD), 0, STOP)
    assert STOP not in legal(given(*BOARD), 0)


def test_l1_the_view_shows_the_reveal_in_progress_in_flip_order() -> None:
    state = given(*BOARD, flipped(0, "h1-2", 2, "hen1"), flipped(0, "h0-2", 1, "fox"))
    for viewer in (None, 0, 1, 2):
        view = GAME.view(state, viewer)
        assert view["reveal"] == ["h1-2", "h0-2"]
        assert view["phase"] == "reveal"
        assert view["spaces"][1] == {
            "space": "h0-2",
            "value": 2,
            "status": "flipped",
            "owner": 1,
            "card": "fox",
        }


def test_reveal_hens_and_foxes_fox_gobbles_the_top_hen_next_is_safe_rest_return() -> None:
    state = given(
        *BOARD,
        flipped(0, "h0-2", 1, "fox"),
        flipped(0, "h0-3", 2, "hen5"),
        flipped(0, "h1-1", 1, "hen3"),
        flipped(0, "h1-2", 2, "hen1"),
    )
    assert when(state, 0, STOP) == [
        resolved(
            0,
            ["h0-2", "h0-3", "h1-1", "h1-2"],
            gobbled={"space": "h0-3", "owner": 2, "card": "hen5", "by": 1, "fox_space": "h0-2"},
            safe={"space": "h1-1", "owner": 1, "card": "hen3", "value": 1},
            returned=[card("h0-2", 1, "fox"), card("h1-2", 2, "hen1")],
        )
    ]
    view = GAME.view(after(state, 0, STOP), None)
    assert view["gobbled"] == [[], [{"owner": 2, "card": "hen5"}], []]
    assert view["scores"] == [0, 5 + 1, 0]
    assert view["hand_sizes"] == [5, 6, 6]
    assert view["returned"] == [{}, {"fox": 6}, {"hen1": 6}]
    assert view["turn"] == 7
    assert view["current"] == 1


def test_reveal_only_hens_the_top_hen_is_safe_the_others_return() -> None:
    state = given(
        *BOARD,
        flipped(0, "h0-3", 2, "hen5"),
        flipped(0, "h0-4", 0, "hen6"),
        flipped(0, "h0-1", 0, "hen2"),
    )
    assert when(state, 0, STOP) == [
        resolved(
            0,
            ["h0-3", "h0-4", "h0-1"],
            safe={"space": "h0-4", "owner": 0, "card": "hen6", "value": 4},
            returned=[card("h0-3", 2, "hen5"), card("h0-1", 0, "hen2")],
        )
    ]
    assert GAME.view(after(state, 0, STOP), None)["scores"] == [4, 0, 0]


def test_reveal_only_foxes_all_return_to_their_owners() -> None:
    state = given(
        table(players=3),
        laid(0, "fox", "h0-1"),
        laid(1, "fox", "h0-2"),
        laid(2, "hen1", "h0-3"),
        flipped(0, "h0-2", 1, "fox"),
        flipped(0, "h0-1", 0, "fox"),
    )
    assert when(state, 0, STOP) == [
        resolved(0, ["h0-2", "h0-1"], returned=[card("h0-2", 1, "fox"), card("h0-1", 0, "fox")])
    ]
    view = GAME.view(after(state, 0, STOP), None)
    assert view["hand_sizes"] == [7, 7, 6]
    assert view["scores"] == [0, 0, 0]


def test_s16_a_fox_that_gobbles_its_own_hen_scores_minus_its_rank() -> None:
    state = given(
        table(),
        laid(0, "fox", "h0-1"),
        laid(1, "hen1", "h0-2"),
        laid(0, "hen4", "h0-3"),
        laid(1, "hen2", "h0-4"),
        flipped(0, "h0-1", 0, "fox"),
        flipped(0, "h0-3", 0, "hen4"),
        flipped(0, "h0-2", 1, "hen1"),
    )
    assert when(state, 0, STOP) == [
        resolved(
            0,
            ["h0-1", "h0-3", "h0-2"],
            gobbled={"space": "h0-3", "owner": 0, "card": "hen4", "by": 0, "fox_space": "h0-1"},
            safe={"space": "h0-2", "owner": 1, "card": "hen1", "value": 2},
            returned=[card("h0-1", 0, "fox")],
        )
    ]
    assert GAME.view(after(state, 0, STOP), None)["scores"] == [-4, 2]


def test_s13_tied_hens_the_active_players_hen_ranks_first() -> None:
    state = given(
        table(players=3),
        laid(0, "hen4", "h0-1"),
        laid(1, "hen2", "h0-2"),
        laid(2, "hen4", "h0-3"),
        flipped(0, "h0-3", 2, "hen4"),
        flipped(0, "h0-1", 0, "hen4"),
    )
    assert when(state, 0, STOP) == [
        resolved(
            0,
            ["h0-3", "h0-1"],
            safe={"space": "h0-1", "owner": 0, "card": "hen4", "value": 1},
            returned=[card("h0-3", 2, "hen4")],
        )
    ]


def test_s13_tied_hens_then_the_player_to_the_active_players_left() -> None:
    state = given(
        table(players=3, start=1),
        laid(1, "hen2", "h0-2"),
        laid(2, "hen4", "h0-3"),
        laid(0, "hen4", "h0-1"),
        flipped(1, "h0-1", 0, "hen4"),
        flipped(1, "h0-3", 2, "hen4"),
    )
    assert when(state, 1, STOP) == [
        resolved(
            1,
            ["h0-1", "h0-3"],
            safe={"space": "h0-3", "owner": 2, "card": "hen4", "value": 3},
            returned=[card("h0-1", 0, "hen4")],
        )
    ]


def test_s13_the_gobbled_hen_among_tied_hens_goes_by_priority_too() -> None:
    state = given(
        table(players=3, start=1),
        laid(1, "fox", "h0-2"),
        laid(2, "hen4", "h0-3"),
        laid(0, "hen4", "h0-1"),
        flipped(1, "h0-1", 0, "hen4"),
        flipped(1, "h0-3", 2, "hen4"),
        flipped(1, "h0-2", 1, "fox"),
    )
    assert when(state, 1, STOP) == [
        resolved(
            1,
            ["h0-1", "h0-3", "h0-2"],
            gobbled={"space": "h0-3", "owner": 2, "card": "hen4", "by": 1, "fox_space": "h0-2"},
            safe={"space": "h0-1", "owner": 0, "card": "hen4", "value": 1},
            returned=[card("h0-2", 1, "fox")],
        )
    ]


def test_s7_of_several_foxes_only_the_first_in_priority_order_eats() -> None:
    state = given(
        table(players=4, start=1),
        laid(1, "hen1", "h0-1"),
        laid(2, "fox", "h0-2"),
        laid(3, "fox", "h0-3"),
        laid(0, "hen6", "h0-4"),
        flipped(1, "h0-3", 3, "fox"),
        flipped(1, "h0-2", 2, "fox"),
        flipped(1, "h0-4", 0, "hen6"),
    )
    assert when(state, 1, STOP) == [
        resolved(
            1,
            ["h0-3", "h0-2", "h0-4"],
            gobbled={"space": "h0-4", "owner": 0, "card": "hen6", "by": 2, "fox_space": "h0-2"},
            returned=[card("h0-3", 3, "fox"), card("h0-2", 2, "fox")],
        )
    ]


def test_s7_priority_wraps_around_the_table_clockwise() -> None:
    state = given(
        table(players=4, start=3),
        laid(3, "hen5", "h0-1"),
        laid(0, "fox", "h0-2"),
        laid(1, "fox", "h0-3"),
        laid(2, "hen1", "h0-4"),
        flipped(3, "h0-3", 1, "fox"),
        flipped(3, "h0-2", 0, "fox"),
        flipped(3, "h0-1", 3, "hen5"),
    )
    [event] = when(state, 3, STOP)
    assert event.data["gobbled"] == {
        "space": "h0-1",
        "owner": 3,
        "card": "hen5",
        "by": 0,
        "fox_space": "h0-2",
    }
    assert GAME.view(after(state, 3, STOP), None)["scores"] == [5, 0, 0, 0]


def test_s8_the_fox_that_ate_goes_back_to_its_owners_hand() -> None:
    state = given(*BOARD, flipped(0, "h0-2", 1, "fox"), flipped(0, "h0-3", 2, "hen5"))
    later = after(state, 0, STOP)
    assert "fox" in GAME.view(later, 1)["hands"][1]
    assert GAME.view(later, None)["spaces"][1]["status"] == "empty"
    assert when(later, 1, lay("fox", "h0-2"))  # and it can be laid again


def test_s9_the_spaces_of_gobbled_and_returned_cards_become_free() -> None:
    state = given(
        *BOARD,
        flipped(0, "h0-2", 1, "fox"),
        flipped(0, "h0-3", 2, "hen5"),
        flipped(0, "h1-1", 1, "hen3"),
        flipped(0, "h1-2", 2, "hen1"),
    )
    later = after(state, 0, STOP)
    free = [s["space"] for s in GAME.view(later, None)["spaces"] if s["status"] == "empty"]
    assert free == ["h0-2", "h0-3", "h1-2", "h1-3", "h1-4"]
    assert {m["space"] for m in legal(later, 1) if m["type"] == "lay"} == set(free)


def test_l1_the_reveal_resolves_at_once_when_nothing_is_left_face_down() -> None:
    state = given(table(), laid(0, "hen2", "h0-1"), laid(1, "hen3", "h0-2"))
    assert when(state, 0, flip("h0-1")) == [
        Event("CardFlipped", {"seat": 0, "space": "h0-1", "owner": 0, "card": "hen2"})
    ]
    state = after(state, 0, flip("h0-1"))
    assert when(state, 0, flip("h0-2")) == [
        Event("CardFlipped", {"seat": 0, "space": "h0-2", "owner": 1, "card": "hen3"}),
        resolved(
            0,
            ["h0-1", "h0-2"],
            safe={"space": "h0-2", "owner": 1, "card": "hen3", "value": 2},
            returned=[card("h0-1", 0, "hen2")],
        ),
    ]


def test_l2_a_whole_reveal_counts_as_one_turn() -> None:
    state = given(*BOARD)
    assert state.turn == 6
    state = after(state, 0, flip("h0-3"), flip("h1-2"), flip("h0-1"), STOP)
    assert state.turn == 7
    assert GAME.to_act(state) == {1}
