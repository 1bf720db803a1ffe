"""The match lifecycle and the decider contract, on the test game."""

from __future__ import annotations

import dataclasses

import pytest

from domain import fairness, match, registry
from domain.errors import (
    AlreadyStarted,
    GameFull,
    GameNotStarted,
    GameOver,
    IllegalMove,
    InvalidSetup,
    NoSuchSeat,
    NotYourTurn,
    RuleError,
    SeatLeft,
    SeatTaken,
    TableClosed,
)
from domain.game import Command, fold
from tests.domain import playout
from tests.toygame import TOY

SEED = "11" * 32

registry.register(TOY)


def create(*kinds: str, **options: int) -> list:
    seats = [{"kind": k} if k == "human" else {"kind": "bot", "strategy": "random"} for k in kinds]
    body = {"type": "create", "game": TOY.id, "seats": seats, "options": options, "seed": SEED}
    return match.decide(match.INITIAL, Command(None, body))


def join(state: match.MatchState, name: str, **extra) -> list:
    body = {"type": "join", "name": name, "token_hash": f"h-{name}", **extra}
    return match.decide(state, Command(None, body))


def replay(events: list) -> match.MatchState:
    return fold_match(match.INITIAL, events)


def fold_match(state: match.MatchState, events: list) -> match.MatchState:
    for event in events:
        state = match.evolve(state, event)
    return state


class TestCreate:
    def test_commits_to_the_seed_and_waits_for_humans(self):
        events = create("human", "bot")
        assert [e.type for e in events] == ["GameCreated"]
        created = events[0].data
        assert created["commitment"] == fairness.commitment(bytes.fromhex(SEED))
        assert created["options"] == {"turn_timeout_s": 0, "bot_delay_ms": 0, "cards": 6}
        state = replay(events)
        assert state.status == match.WAITING
        assert state.version == 1

    def test_without_humans_starts_at_once(self):
        events = create("bot", "bot")
        assert [e.type for e in events] == ["GameCreated", "GameStarted", "Dealt"]
        state = replay(events)
        assert state.status == match.ACTIVE
        assert state.to_act() == {events[1].data["start_player"]}

    @pytest.mark.parametrize("kinds", [("human",), ("human",) * 4])
    def test_rejects_a_player_count_outside_the_range(self, kinds):
        with pytest.raises(InvalidSetup, match="takes 2 to 3 players"):
            create(*kinds)

    def test_rejects_unknown_and_out_of_range_options(self):
        with pytest.raises(InvalidSetup, match="unknown option 'colour'"):
            create("human", "human", colour=3)
        with pytest.raises(InvalidSetup, match="'cards' must be between 2 and 40"):
            create("human", "human", cards=99)

    def test_rejects_an_unknown_strategy(self):
        body = {
            "type": "create",
            "game": TOY.id,
            "seats": [{"kind": "bot", "strategy": "psychic"}, {"kind": "human"}],
            "seed": SEED,
        }
        with pytest.raises(InvalidSetup, match="unknown strategy"):
            match.decide(match.INITIAL, Command(None, body))

    def test_cannot_create_twice(self):
        state = replay(create("human", "human"))
        with pytest.raises(IllegalMove):
            match.decide(state, Command(None, {"type": "create"}))


class TestJoin:
    def test_takes_the_lowest_open_seat_and_starts_with_the_last(self):
        state = replay(create("human", "bot", "human"))
        first = join(state, "ada")
        assert [e.type for e in first] == ["PlayerJoined"]
        assert first[0].data["seat"] == 0
        state = fold_match(state, first)
        last = join(state, "bob", client_seed="bob's luck")
        assert [e.type for e in last] == ["PlayerJoined", "GameStarted", "Dealt"]
        assert last[0].data["seat"] == 2
        state = fold_match(state, last)
        assert state.status == match.ACTIVE

    def test_start_orders_follow_the_seed_and_every_client_seed(self):
        state = replay(create("human", "human"))
        state = fold_match(state, join(state, "ada", client_seed="a"))
        started = join(state, "bob", client_seed="b")[1].data
        expected = fairness.derive_start(bytes.fromhex(SEED), ["a", "b"], {"deck": 6}, 2)
        assert started["orders"] == expected["orders"]
        assert started["start_player"] == expected["start_player"]

    def test_a_chosen_seat(self):
        state = replay(create("human", "human", "human"))
        assert join(state, "ada", seat=2)[0].data["seat"] == 2

    def test_errors(self):
        state = replay(create("human", "bot"))
        with pytest.raises(SeatTaken):
            join(state, "ada", seat=1)  # a bot's seat
        with pytest.raises(NoSuchSeat, match="no seat 5"):
            join(state, "ada", seat=5)
        state = fold_match(state, join(state, "ada"))
        with pytest.raises(AlreadyStarted):
            join(state, "bob")

    def test_full_before_start_cannot_happen_but_is_reported(self):
        state = replay(create("human", "human"))
        state = fold_match(state, join(state, "ada")[:1])  # joined, start not applied
        state = fold_match(state, [join(state, "bob")[0]])
        assert state.status == match.WAITING
        with pytest.raises(GameFull):
            join(state, "cyd")


class TestPlay:
    def started(self) -> match.MatchState:
        return replay(create("bot", "bot"))

    def test_commands_before_the_start_are_refused(self):
        state = replay(create("human", "human"))
        with pytest.raises(GameNotStarted):
            match.decide(state, Command(0, {"type": "draw", "count": 1}))

    def test_only_seats_to_act_may_play(self):
        state = self.started()
        idle = 1 - next(iter(state.to_act()))
        with pytest.raises(NotYourTurn):
            match.decide(state, Command(idle, {"type": "draw", "count": 1}))

    def test_the_last_move_ends_the_game_and_reveals_the_seed(self):
        state = self.started()
        while state.status == match.ACTIVE:
            seat = next(iter(state.to_act()))
            events = match.decide(state, Command(seat, {"type": "draw", "count": 1}))
            state = fold_match(state, events)
        assert events[-1].type == "GameEnded"
        assert events[-1].data["seed"] == SEED
        assert state.result == events[-1].data["result"]
        with pytest.raises(GameOver):
            match.decide(state, Command(0, {"type": "draw", "count": 1}))

    def test_since_tracks_when_a_seat_became_to_act(self):
        state = self.started()
        seat = next(iter(state.to_act()))
        assert state.since == {seat: state.version}
        after = fold_match(state, match.decide(state, Command(seat, {"type": "draw", "count": 1})))
        assert after.since == {1 - seat: after.version}

    def test_leave_hands_the_seat_to_a_bot(self):
        state = replay(create("human", "human"))
        state = fold_match(state, join(state, "ada"))
        state = fold_match(state, join(state, "bob"))
        events = match.decide(state, Command(0, {"type": "leave"}))
        assert [e.type for e in events] == ["SeatLeft"]
        state = fold_match(state, events)
        assert state.seats[0].played_by_bot
        assert match.legal_commands(state, 0) == []
        assert match.decide(state, Command(0, {"type": "leave"})) == []  # leaving is idempotent

    def test_leave_before_the_start_gives_the_seat_back(self):
        state = replay(create("human", "human"))
        state = fold_match(state, join(state, "ada"))
        assert match.legal_commands(state, 0) == [{"type": "leave"}]
        assert match.legal_commands(state, 1) == []  # an open seat has no player yet
        events = match.decide(state, Command(0, {"type": "leave"}))
        assert [e.type for e in events] == ["SeatReopened"]
        state = fold_match(state, events)
        assert state.seats[0].open and state.seat_of_token_hash("h-ada") is None
        assert state.status == "waiting"
        with pytest.raises(IllegalMove):  # nobody holds the seat now
            match.decide(state, Command(0, {"type": "leave"}))
        state = fold_match(state, join(state, "bob"))
        assert [info.name for info in state.seats] == ["bob", None]

    def test_a_bot_seat_cannot_be_left(self):
        state = replay(create("human", "bot"))
        state = fold_match(state, join(state, "ada"))
        assert match.legal_commands(state, 1) == []
        with pytest.raises(IllegalMove):
            match.decide(state, Command(1, {"type": "leave"}))


class TestWhatClientsSee:
    def test_secrets_are_hidden_until_the_end(self):
        events = create("human", "human")
        state = replay(events)
        state = fold_match(state, events := [*events, *join(state, "ada")])
        joined = fold_match(state, join(state, "bob"))
        for event in events:
            shown = match.redact(joined, event, 0).data
            assert "seed" not in shown
            assert "token_hash" not in shown
        started = join(state, "bob")[1]
        assert "orders" not in match.redact(joined, started, None).data

    def test_cause_of_create_and_join_hides_seed_and_token(self):
        state = replay(create("human", "human"))
        assert "seed" not in match.redact_cause(state, {"type": "create", "seed": SEED}, None, 0)
        assert "token_hash" not in match.redact_cause(
            state, {"type": "join", "token_hash": "x"}, 0, 0
        )

    def test_view_of_a_waiting_game_has_no_board(self):
        state = replay(create("human", "human"))
        shown = match.view(state, None)
        assert shown["status"] == "waiting"
        assert shown["board"] is None
        assert shown["to_act"] == []


def test_the_toy_game_satisfies_the_contract():
    for seed in range(30):
        game = playout.play(TOY, 2 + seed % 2, seed, cards=7)
        assert game.game.result(game.state)["winners"]


def test_decide_accepts_exactly_the_legal_commands():
    game = playout.start(TOY, 2, __import__("random").Random(1))
    seat = next(iter(TOY.to_act(game.state)))
    candidates = [{"type": "draw", "count": n} for n in (0, 1, 2, 3, True)]
    candidates += [{"type": "pass"}, {"type": "draw"}, {"type": "draw", "count": 1, "x": 1}]
    playout.assert_accepts_exactly_legal(TOY, game.state, seat, candidates)
    playout.assert_accepts_exactly_legal(TOY, game.state, 1 - seat, candidates)


def test_fold_of_nothing_is_the_state():
    assert fold(TOY, "s", []) == "s"


def test_rule_errors_carry_stable_codes():
    codes = {cls.code for cls in RuleError.__subclasses__()}
    assert {"not_your_turn", "illegal_move", "game_over", "game_full"} <= codes


def test_since_restarts_when_the_only_seat_to_act_moves_and_still_acts():
    """A seat that acts several times in a row gets a new job identity for each decision."""
    seats = [{"kind": "bot", "strategy": "random"}] * 2
    body = {"type": "create", "game": "gloria-picktoria", "seats": seats, "seed": SEED}
    state = replay(match.decide(match.INITIAL, Command(None, body)))
    consecutive = 0
    for _ in range(40):
        (seat,) = state.to_act()
        move = state.definition.legal_commands(state.board, seat)[0]
        state = fold_match(state, match.decide(state, Command(seat, move)))
        if state.to_act() == {seat}:
            consecutive += 1
            assert state.since == {seat: state.version}
    assert consecutive


def test_a_seat_handed_to_a_bot_is_moved_by_the_bot_only():
    state = replay(create("human", "human"))
    state = fold_match(state, join(state, "ada"))
    state = fold_match(state, join(state, "bob"))
    seat = next(iter(state.to_act()))
    state = fold_match(state, match.decide(state, Command(seat, {"type": "leave"})))
    draw = {"type": "draw", "count": 1}
    with pytest.raises(SeatLeft) as refused:
        match.decide(state, Command(seat, draw))
    assert refused.value.code == "seat_left"
    assert match.legal_commands(state, seat) == []
    assert match.decide(state, Command(seat, draw, "bot"))


def waiting_table(expires_at: str = "2030-01-01T00:00:00.000Z") -> match.MatchState:
    seats = [{"kind": "human"}, {"kind": "human"}]
    body = {
        "type": "create",
        "game": TOY.id,
        "seats": seats,
        "options": {},
        "seed": SEED,
        "owner_token_hash": "h-owner",
        "expires_at": expires_at,
    }
    return replay(match.decide(match.INITIAL, Command(None, body)))


def expire(state: match.MatchState, now: str) -> list:
    return match.decide(state, Command(None, {"type": "expire", "now": now}))


class TestTableLifecycle:
    def test_a_table_knows_its_owner_and_expiry_but_shows_neither_secret(self):
        state = waiting_table()
        assert state.owner_token_hash == "h-owner"
        assert state.expires_at == "2030-01-01T00:00:00.000Z"
        assert state.open_seats == 2
        created = match.decide(match.INITIAL, Command(None, {"type": "create", **_body()}))[0]
        shown = match.redact(state, created, None).data
        assert "owner_token_hash" not in shown and "seed" not in shown
        assert shown["expires_at"] == "2030-01-01T00:00:00.000Z"
        cause = match.redact_cause(state, {"type": "create", **_body()}, None, None)
        assert "owner_token_hash" not in cause and "seed" not in cause

    def test_cancel_while_waiting_closes_the_table(self):
        state = fold_match(waiting_table(), join(waiting_table(), "ada"))
        assert state.open_seats == 1
        events = match.decide(state, Command(None, {"type": "cancel"}))
        assert [(e.type, e.data) for e in events] == [("TableCancelled", {})]
        closed = fold_match(state, events)
        assert closed.status == match.CANCELLED and closed.open_seats == 0
        with pytest.raises(TableClosed):
            join(closed, "bo")
        with pytest.raises(TableClosed):
            match.decide(closed, Command(None, {"type": "cancel"}))
        assert expire(closed, "2031-01-01T00:00:00.000Z") == []

    def test_a_started_table_cannot_be_cancelled(self):
        state = waiting_table()
        for name in ("ada", "bo"):
            state = fold_match(state, join(state, name))
        assert state.status == match.ACTIVE and state.open_seats == 0
        with pytest.raises(AlreadyStarted):
            match.decide(state, Command(None, {"type": "cancel"}))
        assert expire(state, "2031-01-01T00:00:00.000Z") == []

    def test_expiry_comes_with_time_given_as_data(self):
        state = waiting_table("2030-01-01T00:00:00.000Z")
        assert expire(state, "2029-12-31T23:59:59.999Z") == []  # too early: a stale job
        events = expire(state, "2030-01-01T00:00:00.000Z")
        assert [(e.type, e.data) for e in events] == [
            ("TableExpired", {"expires_at": "2030-01-01T00:00:00.000Z"})
        ]
        assert match.author(events[0], None, "system") == {"seat": None, "kind": "system"}
        expired = fold_match(state, events)
        assert expired.status == match.EXPIRED
        assert expire(expired, "2031-01-01T00:00:00.000Z") == []  # once only
        with pytest.raises(TableClosed):
            join(expired, "ada")

    def test_a_table_made_before_expiry_existed_never_expires(self):
        state = replay(create("human", "human"))
        assert state.expires_at is None
        assert expire(state, "2999-01-01T00:00:00.000Z") == []


def _body() -> dict:
    return {
        "game": TOY.id,
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "options": {},
        "seed": SEED,
        "owner_token_hash": "h-owner",
        "expires_at": "2030-01-01T00:00:00.000Z",
    }


def test_a_game_event_moves_the_state_as_dataclasses_replace_would():
    """evolve builds a game event's state by copying the fields' dict: it must be exactly the
    state ``dataclasses.replace`` would make, the state before untouched, and as frozen."""
    state = replay(create("human", "human"))
    state = fold_match(state, join(state, "ada"))
    state = fold_match(state, join(state, "bob"))
    seat = next(iter(state.to_act()))
    (drew,) = match.decide(state, Command(seat, {"type": "draw", "count": 1}))
    before = dataclasses.replace(state)
    moved = match.evolve(state, drew)
    board = TOY.evolve(state.board, drew)
    acting = TOY.to_act(board)
    expected = dataclasses.replace(
        state,
        version=state.version + 1,
        board=board,
        acting=acting,
        since={s: state.since.get(s, state.version + 1) for s in acting},
    )
    assert type(moved) is match.MatchState
    assert moved == expected
    assert state == before and state.board is before.board  # untouched
    with pytest.raises(dataclasses.FrozenInstanceError):  # as frozen as any other
        moved.version = 10  # type: ignore[misc]


def test_a_create_that_seats_several_accounts_seats_them_in_order_and_starts_in_one_batch():
    body = {"type": "create", "game": TOY.id, "seed": SEED, "options": {}}
    body["seats"] = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "strategy": "random"}]
    body["seat_accounts"] = [{"account": "a1", "name": "ada"}, {"account": "b2", "name": "bob"}]
    events = match.decide(match.INITIAL, Command(None, body))
    state = replay(events)
    assert [info.account for info in state.seats] == ["a1", "b2", None]
    assert state.status == match.ACTIVE  # no moment in which a stranger could join
    assert [e.type for e in events][:3] == ["GameCreated", "PlayerJoined", "PlayerJoined"]


def test_a_create_that_names_one_account_twice_is_refused():
    body = {"type": "create", "game": TOY.id, "seed": SEED, "options": {}}
    body["seats"] = [{"kind": "human"}, {"kind": "human"}]
    body["seat_accounts"] = [{"account": "a1", "name": "ada"}, {"account": "a1", "name": "ada"}]
    with pytest.raises(RuleError) as refused:
        match.decide(match.INITIAL, Command(None, body))
    assert refused.value.code == "already_seated"
