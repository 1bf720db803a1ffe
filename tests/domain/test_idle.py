"""The idle limit in the match (issue #41): the ``idle`` timer command, ``SeatLeft``'s reason,
who plays each seat now, and the option that a create must name to have it."""

from __future__ import annotations

import pytest

from domain import match
from domain.errors import IllegalMove, SeatLeft
from domain.game import Command, Event
from tests.domain.test_match import create, fold_match, join, replay
from tests.toygame import TOY

BEGAN = "2026-01-01T10:00:00.000Z"
DUE = "2026-01-01T10:01:00.000Z"  # BEGAN + 60 s
EARLY = "2026-01-01T10:00:59.999Z"


def table(*kinds: str, **options: int) -> match.MatchState:
    """A started table of ``kinds``, its human seats joined by p0, p1, …"""
    state = replay(create(*kinds, **options))
    for n, kind in enumerate(kinds):
        if kind == "human":
            state = fold_match(state, join(state, f"p{n}"))
    assert state.status == match.ACTIVE
    return state


def idle(state: match.MatchState, seat: int, now: str, *, kind: str = "timeout") -> list:
    body = {"type": "idle", "since": state.since.get(seat, 1), "began": BEGAN, "now": now}
    return match.decide(state, Command(seat, body, kind))


def test_the_idle_limit_is_an_option_a_create_must_name_to_have():
    # Left out when not named: a create recorded before the option re-decides as it was.
    assert "idle_limit_s" not in create("human", "human")[0].data["options"]
    assert replay(create("human", "human")).idle_limit_s == 0
    named = create("human", "human", idle_limit_s=60)[0].data["options"]
    assert named["idle_limit_s"] == 60
    assert match.resolve_options(TOY, {"idle_limit_s": 0}) == {
        "turn_timeout_s": 0,
        "bot_delay_ms": 0,
        "idle_limit_s": 0,
        "cards": 6,
    }
    with pytest.raises(ValueError, match="idle_limit_s"):
        match.resolve_options(TOY, {"idle_limit_s": -1})


def test_an_idle_seat_is_handed_to_a_bot_as_leave_does_with_its_reason():
    state = table("human", "human", idle_limit_s=60)
    (seat,) = state.to_act()
    assert idle(state, seat, EARLY) == []  # not yet due: stale, not an error
    events = idle(state, seat, DUE)
    assert [(e.type, e.data) for e in events] == [
        ("SeatLeft", {"seat": seat, "strategy": match.LEAVE_STRATEGY, "reason": "idle"})
    ]
    assert match.author(events[0], seat, "timeout") == {"seat": seat, "kind": "timeout"}
    after = fold_match(state, events)
    info = after.seats[seat]
    assert info.played_by_bot and info.taken_over == "idle" and after.people == 1
    assert match.legal_commands(after, seat) == []
    with pytest.raises(SeatLeft):  # its player is refused as after a leave
        match.decide(after, Command(seat, {"type": "draw", "count": 1}))
    assert idle(after, seat, DUE) == []  # handed over already: nothing more
    assert match.decide(after, Command(seat, {"type": "leave"})) == []


def test_the_idle_command_is_stale_when_moot_and_only_the_timer_s():
    no_limit = table("human", "human")
    assert idle(no_limit, min(no_limit.to_act()), DUE) == []
    state = table("human", "bot", idle_limit_s=60)
    bot = 1
    assert idle(state, bot, DUE) == []  # a bot's seat has no holder to be idle
    with pytest.raises(IllegalMove):
        idle(state, 0, DUE, kind="player")
    waiting = replay(create("human", "human", idle_limit_s=60))
    assert idle(waiting, 0, DUE) == []


def test_a_finished_game_has_nothing_to_hand_over():
    state = table("human", "human", idle_limit_s=60)
    while state.status == match.ACTIVE:
        (seat,) = state.to_act()
        state = fold_match(state, match.decide(state, Command(seat, {"type": "draw", "count": 2})))
    assert state.status == match.FINISHED
    assert idle(state, 0, DUE) == [] and idle(state, 1, DUE) == []


def test_leave_says_why_and_the_seats_say_who_plays_them():
    state = table("human", "human", "bot", idle_limit_s=60)
    before = match.seats_summary(state)
    assert [(s["played_by"], s["taken_over"]) for s in before] == [
        ("person", None),
        ("person", None),
        ("bot", None),
    ]
    left = match.decide(state, Command(0, {"type": "leave"}))
    assert left[0].data == {"seat": 0, "strategy": match.LEAVE_STRATEGY, "reason": "left"}
    state = fold_match(state, left)
    state = fold_match(state, idle(state, 1, DUE))  # (the service checks that it was to act)
    shown = match.view(state, None)["seats"]
    assert [(s["kind"], s["played_by"], s["taken_over"]) for s in shown] == [
        ("bot", "bot", "left"),
        ("bot", "bot", "idle"),
        ("bot", "bot", None),
    ]
    assert state.people == 0


def test_a_seat_left_recorded_without_a_reason_reads_as_left():
    state = table("human", "human")
    old = Event("SeatLeft", {"seat": 0, "strategy": "greedy"})
    assert fold_match(state, [old]).seats[0].taken_over == "left"
