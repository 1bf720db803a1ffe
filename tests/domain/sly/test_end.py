"""The end of the game (E1, E2, the cap), scoring and tie-breaks (S14, S15, S18, S19, L2, L5)."""

from __future__ import annotations

from domain.game import Event
from domain.sly import GAME

from .gwt import STOP, after, expose, flip, given, laid, lay, table, then_rejected, when

# Two players on four hen houses (an option), so that hands run down by laying alone.
P0_LAYS = [("hen1", "h0-1"), ("hen2", "h0-2"), ("hen3", "h0-3"), ("hen4", "h0-4")]
P0_LAYS += [("hen5", "h1-1"), ("hen6", "h1-2")]
P1_LAYS = [("fox", "h2-1"), ("hen1", "h2-2"), ("hen2", "h2-3"), ("hen3", "h2-4")]
P1_LAYS += [("hen4", "h3-1"), ("hen5", "h3-2")]
ALTERNATE = [laid(seat, *lays[n]) for n in range(6) for seat, lays in ((0, P0_LAYS), (1, P1_LAYS))]
LONG_TABLE = table(hen_houses_2p=4)


def flips(*cards: tuple[str, int, str]) -> list[dict]:
    return [{"space": s, "owner": o, "card": c} for s, o, c in cards]


def test_s14_a_player_down_to_one_card_ends_the_game_only_at_the_start_of_their_turn() -> None:
    state = given(LONG_TABLE, *ALTERNATE[:10])
    assert when(state, 0, lay("hen6", "h1-2")) == [ALTERNATE[10]]  # P0 holds 1; P1 plays on


def test_e1_the_game_ends_before_a_player_with_one_card_acts() -> None:
    state = given(LONG_TABLE, *ALTERNATE[:11])
    every_card_down = flips(
        *((space, 0, card) for card, space in P0_LAYS),
        *((space, 1, card) for card, space in P1_LAYS),
    )
    assert when(state, 1, lay("hen5", "h3-2")) == [
        ALTERNATE[11],
        Event("PlayEnded", {"reason": "low_hand", "seat": 0, "flips": every_card_down}),
    ]


def test_s15_at_the_end_hens_face_down_are_safe_foxes_removed_and_hands_score_nothing() -> None:
    state = given(LONG_TABLE, *ALTERNATE[:11])
    state = after(state, 1, lay("hen5", "h3-2"))
    assert GAME.to_act(state) == frozenset()
    result = GAME.result(state)
    assert result["scores"] == [1 + 2 + 3 + 4 + 1 + 2, 2 + 3 + 4 + 1 + 2]
    assert result["winners"] == [0]
    assert result["end_reason"] == "low_hand"
    view = GAME.view(state, None)
    assert view["spaces"][8] == {"space": "h2-1", "value": 1, "status": "empty"}  # P1's fox
    assert view["hands"] == [["fox"], ["hen6"]]  # everything is public after the end


def test_l5_the_final_view_shows_the_final_flips() -> None:
    state = after(given(LONG_TABLE, *ALTERNATE[:11]), 1, lay("hen5", "h3-2"))
    for viewer in (None, 0, 1):
        view = GAME.view(state, viewer)
        assert view["final_flips"][6] == {"space": "h2-1", "owner": 1, "card": "fox"}
        assert len(view["final_flips"]) == 12
        assert view["over"] and view["end_reason"] == "low_hand" and view["phase"] == "over"


def test_low_hand_is_an_option() -> None:
    state = given(
        table(low_hand=5),
        laid(0, "hen1", "h0-1"),
        laid(1, "hen1", "h0-2"),
        laid(0, "hen2", "h0-3"),  # P0 holds 5
    )
    [_, ended] = when(state, 1, lay("hen2", "h0-4"))
    assert ended.type == "PlayEnded"
    assert ended.data["reason"] == "low_hand"
    assert ended.data["seat"] == 0


# A game found by a seeded search: P0 lays its last-but-one card when three spaces are Safe,
# and P1 makes that card Safe, so E2 and E1 hold together.
HOUSE_FULL_LINE = [
    lay("hen6", "h0-3"),
    lay("fox", "h0-2"),
    lay("hen3", "h0-4"),
    flip("h0-3"),
    STOP,
    lay("fox", "h0-1"),
    expose("h0-1"),
    lay("hen2", "h0-1"),
    flip("h0-1"),
    flip("h0-4"),
    flip("h0-2"),  # the last face-down card: the REVEAL resolves by itself
    lay("hen1", "h0-2"),
    expose("h0-2"),
    lay("hen4", "h0-4"),
]


def test_e2_a_full_house_with_a_face_down_card_plays_on() -> None:
    state = after(given(table()), 0, *HOUSE_FULL_LINE[:13])
    assert when(state, 0, lay("hen4", "h0-4")) == [
        Event("CardLaid", {"seat": 0, "space": "h0-4", "card": "hen4"})
    ]


def test_e2_the_game_ends_when_an_expose_fills_the_house_face_up() -> None:
    state = after(given(table()), 0, *HOUSE_FULL_LINE)
    assert when(state, 1, expose("h0-4")) == [
        Event("HenExposed", {"seat": 1, "space": "h0-4", "owner": 0, "card": "hen4", "value": 4}),
        Event("PlayEnded", {"reason": "house_full", "seat": 0, "flips": []}),
    ]


def test_e2_is_checked_before_e1() -> None:
    state = after(given(table()), 0, *HOUSE_FULL_LINE)
    assert len(state.hands[0]) == 1  # E1 would hold for P0 too
    state = after(state, 1, expose("h0-4"))
    assert GAME.result(state) == {
        "scores": [1 + 2 + 3 + 4, 3 + 2],
        "winners": [0],
        "decided_by": "score",
        "breakdown": [
            {
                "safe_hens": 10,
                "safe_hen_count": 4,
                "gobbled_hens": 0,
                "captured_foxes": 0,
                "captured_fox_count": 0,
                "total": 10,
            },
            {
                "safe_hens": 0,
                "safe_hen_count": 0,
                "gobbled_hens": 3,
                "captured_foxes": 2,
                "captured_fox_count": 1,
                "total": 5,
            },
        ],
        "end_reason": "house_full",
    }


def test_e2_the_game_ends_when_a_reveal_fills_the_house_face_up() -> None:
    state = after(given(table()), 0, *HOUSE_FULL_LINE)
    assert when(state, 1, flip("h0-4")) == [
        Event("CardFlipped", {"seat": 1, "space": "h0-4", "owner": 0, "card": "hen4"}),
        Event(
            "RevealResolved",
            {
                "seat": 1,
                "flipped": ["h0-4"],
                "gobbled": None,
                "safe": {"space": "h0-4", "owner": 0, "card": "hen4", "value": 4},
                "returned": [],
            },
        ),
        Event("PlayEnded", {"reason": "house_full", "seat": 0, "flips": []}),
    ]


def test_e3_l2_the_game_stops_after_the_turn_cap_as_in_e1() -> None:
    state = given(table(max_turns_per_player=1), laid(0, "hen1", "h0-1"))
    assert when(state, 1, lay("fox", "h0-2")) == [
        Event("CardLaid", {"seat": 1, "space": "h0-2", "card": "fox"}),
        Event(
            "PlayEnded",
            {
                "reason": "turn_cap",
                "seat": 0,
                "flips": flips(("h0-1", 0, "hen1"), ("h0-2", 1, "fox")),
            },
        ),
    ]


def test_s19_an_endless_fox_loop_ends_at_60_turns_per_player() -> None:
    state = given(table())
    while GAME.result(state) is None:  # lay the fox, then reveal it back into hand, forever
        seat = state.current
        mine = [s["space"] for s in GAME.view(state, seat)["spaces"] if s.get("owner") == seat]
        if not mine:
            empty = [s["space"] for s in GAME.view(state, seat)["spaces"] if "owner" not in s]
            state = after(state, seat, lay("fox", empty[0]))
            continue
        state = after(state, seat, flip(mine[0]))
        if state.revealed:
            state = after(state, seat, STOP)
    assert state.turn == 120
    assert GAME.result(state)["end_reason"] == "turn_cap"
    assert GAME.result(state)["scores"] == [0, 0]


def test_a_finished_game_accepts_nothing() -> None:
    state = given(table(max_turns_per_player=1), laid(0, "hen1", "h0-1"))
    state = after(state, 1, lay("fox", "h0-2"))
    assert GAME.to_act(state) == frozenset()
    assert GAME.legal_commands(state, 0) == []
    then_rejected(state, 0, lay("hen2", "h0-3"), "game_over")


def finished(*lays: tuple[str, str]) -> dict:
    """Two players, four turns, then the cap: ``lays`` alternate from P0."""
    state = given(table(max_turns_per_player=2))
    for body in lays:
        state = after(state, state.current, body)
    return GAME.result(state)


def test_s18_a_tie_goes_to_more_captured_foxes() -> None:
    result = finished(lay("hen1", "h0-2"), lay("fox", "h0-1"), expose("h0-1"), lay("hen6", "h0-4"))
    assert result["scores"] == [4, 4]
    assert result["winners"] == [0]
    assert result["decided_by"] == "captured_foxes"


def test_s18_then_to_more_safe_hens() -> None:
    result = finished(
        lay("hen1", "h0-4"), lay("hen1", "h0-1"), lay("fox", "h0-2"), lay("hen2", "h0-3")
    )
    assert result["scores"] == [4, 4]
    assert result["winners"] == [1]
    assert result["decided_by"] == "safe_hens"


def test_s18_else_the_win_is_shared() -> None:
    result = finished(
        lay("hen1", "h0-1"), lay("hen1", "h0-2"), lay("hen2", "h0-4"), lay("hen2", "h0-3")
    )
    assert result["scores"] == [5, 5]
    assert result["winners"] == [0, 1]
    assert result["decided_by"] == "shared"
