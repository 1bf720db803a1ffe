"""Challenges (issue #43): an account challenges others to a table; they accept or decline, the
challenger cancels, the challenge expires; the account streams carry each step; two accepts at
once make one table."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import orjson
import pytest
from flask.testing import FlaskClient

from events.redis_client import connect
from service import account_stream
from service.api import create_app
from service.challenges import EXPIRY_KEY, Challenges, game_id_of
from service.games import GameService
from service.ports import RecordingScheduler
from tests.service.conftest import build
from tests.service.test_accounts import Accounts, auth, unique
from tests.service.test_hard_to_break import problem

pytestmark = pytest.mark.redis

GAME = "sly"


class Clock:
    """The service's clock, moved by the test (ISO strings, as ``utc_now`` writes them)."""

    def __init__(self) -> None:
        self.now = datetime.now(UTC).replace(microsecond=0)

    def __call__(self) -> str:
        return self.now.isoformat(timespec="milliseconds").replace("+00:00", "Z")

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock(service: GameService) -> Clock:
    clock = Clock()
    service.clock = clock
    return clock


class Challenging(Accounts):
    def people(self, *names: str) -> list[tuple[str, str, str]]:
        """New accounts: (id, key, handle) each."""
        found = []
        for name in names:
            handle = unique(name)
            account, key = self.account(handle)
            found.append((account, key, handle))
        return found

    def challenge(self, key: str, opponents: list[str], **body: Any):
        return self.client.post(
            "/v1/challenges",
            json={"game": GAME, "opponents": opponents, **body},
            headers=auth(key),
        )

    def challenged(self, key: str, opponents: list[str], **body: Any) -> dict:
        response = self.challenge(key, opponents, **body)
        assert response.status_code == 201, response.json
        return response.json

    def answer(self, challenge_id: str, key: str, what: str):
        return self.client.post(f"/v1/challenges/{challenge_id}/{what}", headers=auth(key))


@pytest.fixture
def api(client: FlaskClient) -> Challenging:
    return Challenging(client)


def frames(service: GameService, account: str) -> list[dict[str, Any]]:
    return [
        orjson.loads(fields[b"f"])
        for _, fields in service.account_streams.read(account, account_stream.START)
    ]


def of_type(service: GameService, account: str, kind: str) -> list[dict[str, Any]]:
    return [frame for frame in frames(service, account) if frame["type"] == kind]


# --- end to end ------------------------------------------------------------------------------


def test_a_challenge_accepted_makes_a_table_that_plays_to_its_end(api, service, scheduler):
    (ada, ada_key, ada_handle), (bob, bob_key, bob_handle) = api.people("ada", "bob")
    response = api.challenge(
        ada_key, [bob_handle], bots=[{"strategy": "greedy"}], options={"turn_timeout_s": 0}
    )
    assert response.status_code == 201, response.json
    made = response.json
    assert response.headers["Location"] == f"/v1/challenges/{made['id']}"
    assert made["status"] == "open" and made["game"] is None
    assert made["challenger"] == ada_handle and made["game_type"] == GAME
    assert made["opponents"] == [{"handle": bob_handle, "answer": None}]
    assert made["bots"] == [{"strategy": "greedy"}]
    assert made["options"] == {"turn_timeout_s": 0}
    assert made["created_at"] < made["expires_at"]

    # Bob hears of it on his stream; both see it, each on their side.
    (told,) = of_type(service, bob, "challenge")
    assert told == {
        "type": "challenge",
        "challenge": made["id"],
        "game_type": GAME,
        "from": ada_handle,
        "players": 3,
        "options": {"turn_timeout_s": 0},
        "expires_at": made["expires_at"],
    }
    assert of_type(service, ada, "challenge") == []
    assert api.get(f"/v1/challenges/{made['id']}", bob_key).json == made
    assert api.get("/v1/me/challenges", bob_key).json == {"incoming": [made], "outgoing": []}
    assert api.get("/v1/me/challenges", ada_key).json == {"incoming": [], "outgoing": [made]}

    accepted = api.answer(made["id"], bob_key, "accept")
    assert accepted.status_code == 200, accepted.json
    body = accepted.json
    assert body["status"] == "accepted"
    assert body["opponents"] == [{"handle": bob_handle, "answer": "accepted"}]
    game_id = body["game"]
    assert game_id == game_id_of(made["id"])
    summary = api.get(f"/v1/games/{game_id}").json
    assert summary["status"] == "active"
    assert [(s.get("account"), s["kind"]) for s in summary["seats"]] == [
        (ada, "human"),
        (bob, "human"),
        (None, "bot"),
    ]
    for account in (ada, bob):
        (started,) = of_type(service, account, "game_started")
        assert started["game"] == game_id
    assert api.get("/v1/me/challenges", bob_key).json == {"incoming": [], "outgoing": []}

    # Played to its end with the two account keys; the bot's moves are its jobs', run here.
    keys = {0: ada_key, 1: bob_key}
    while (state := service.load(game_id).state).status == "active":
        seat = min(state.to_act())
        if seat in keys:
            moves = api.get(f"/v1/games/{game_id}/legal-moves", keys[seat]).json["moves"]
            move = next(m for m in moves if m["type"] != "leave")
            assert api.command(game_id, keys[seat], move).status_code == 201
        else:
            assert service.play_for(game_id, seat, state.since[seat], "bot") is not None
    assert api.get(f"/v1/games/{game_id}").json["status"] == "finished"
    for account in (ada, bob):
        assert len(of_type(service, account, "game_finished")) == 1


def test_two_opponents_both_accept_and_an_accept_sent_again_changes_nothing(api, service):
    (_, ada_key, _), (bob, bob_key, bob_h), (_, cy_key, cy_h) = api.people("ada", "bob", "cy")
    made = api.challenged(ada_key, [bob_h, cy_h])
    first = api.answer(made["id"], bob_key, "accept").json
    assert first["status"] == "open" and first["game"] is None
    assert first["opponents"] == [
        {"handle": bob_h, "answer": "accepted"},
        {"handle": cy_h, "answer": None},
    ]
    assert not service.store.exists(game_id_of(made["id"]))
    done = api.answer(made["id"], cy_key, "accept").json
    assert done["status"] == "accepted"
    again = api.answer(made["id"], bob_key, "accept")  # a retry: the same answer, no new table
    assert again.status_code == 200 and again.json == done
    events = service.store.read(done["game"])
    assert [e.type for e in events].count("GameCreated") == 1
    assert [e.type for e in events].count("PlayerJoined") == 3
    assert service.load(done["game"]).state.seat_of_account(bob) == 1
    problem(api.answer(made["id"], bob_key, "decline"), 409, "challenge_closed")


# --- decline, cancel, expiry -----------------------------------------------------------------


def test_a_decline_closes_the_challenge_and_tells_the_others(api, service):
    people = api.people("ada", "bob", "cy")
    (ada, ada_key, _), (bob, bob_key, bob_h), (cy, cy_key, cy_h) = people
    made = api.challenged(ada_key, [bob_h, cy_h])
    assert api.answer(made["id"], cy_key, "accept").status_code == 200
    declined = api.answer(made["id"], bob_key, "decline")
    assert declined.status_code == 200
    assert declined.json["status"] == "declined"
    assert declined.json["opponents"] == [
        {"handle": bob_h, "answer": "declined"},
        {"handle": cy_h, "answer": "accepted"},
    ]
    told = {"type": "challenge_declined", "challenge": made["id"], "by": bob_h}
    assert of_type(service, ada, "challenge_declined") == [told]
    assert of_type(service, cy, "challenge_declined") == [told]
    assert of_type(service, bob, "challenge_declined") == []
    body = problem(api.answer(made["id"], cy_key, "accept"), 409, "challenge_closed")
    assert body["challenge_status"] == "declined"
    problem(
        api.client.delete(f"/v1/challenges/{made['id']}", headers=auth(ada_key)),
        409,
        "challenge_closed",
    )
    assert not service.store.exists(game_id_of(made["id"]))
    assert api.get("/v1/me/challenges", ada_key).json["outgoing"] == []


def test_the_challenger_cancels_and_the_opponents_are_told(api, service):
    (ada, ada_key, _), (bob, bob_key, bob_h) = api.people("ada", "bob")
    made = api.challenged(ada_key, [bob_h])
    problem(
        api.client.delete(f"/v1/challenges/{made['id']}", headers=auth(bob_key)),
        403,
        "not_challenger",
    )
    canceled = api.client.delete(f"/v1/challenges/{made['id']}", headers=auth(ada_key))
    assert canceled.status_code == 200
    assert canceled.json["status"] == "canceled"
    told = {"type": "challenge_canceled", "challenge": made["id"], "reason": "canceled"}
    assert of_type(service, bob, "challenge_canceled") == [told]
    assert of_type(service, ada, "challenge_canceled") == []
    problem(api.answer(made["id"], bob_key, "accept"), 409, "challenge_closed")
    problem(
        api.client.delete(f"/v1/challenges/{made['id']}", headers=auth(ada_key)),
        409,
        "challenge_closed",
    )
    assert api.get(f"/v1/challenges/{made['id']}", bob_key).json["status"] == "canceled"
    assert api.get("/v1/me/challenges", bob_key).json["incoming"] == []


def test_a_challenge_past_its_time_reads_expired_and_its_frames_go_out_once(api, service, clock):
    (ada, ada_key, _), (bob, bob_key, bob_h) = api.people("ada", "bob")
    made = api.challenged(ada_key, [bob_h], expires_in_s=10)
    clock.advance(9.9)
    assert api.get(f"/v1/challenges/{made['id']}", bob_key).json["status"] == "open"
    clock.advance(0.1)
    assert api.get(f"/v1/challenges/{made['id']}", bob_key).json["status"] == "expired"
    assert api.get(f"/v1/challenges/{made['id']}", ada_key).json["status"] == "expired"
    told = {"type": "challenge_canceled", "challenge": made["id"], "reason": "expired"}
    assert of_type(service, ada, "challenge_canceled") == [told]
    assert of_type(service, bob, "challenge_canceled") == [told]
    body = problem(api.answer(made["id"], bob_key, "accept"), 409, "challenge_closed")
    assert body["challenge_status"] == "expired"
    assert api.get("/v1/me/challenges", bob_key).json == {"incoming": [], "outgoing": []}
    assert Challenges(service).expire_due() == 0  # the read expired it: nothing left to do
    assert of_type(service, bob, "challenge_canceled") == [told]


def test_the_sweepers_expiry_writes_the_frames_of_a_challenge_nobody_reads(api, service, clock):
    (ada, ada_key, _), (bob, _, bob_h) = api.people("ada", "bob")
    made = api.challenged(ada_key, [bob_h], expires_in_s=60)
    challenges = Challenges(service)
    clock.advance(59)
    assert challenges.expire(made["id"]) is False
    assert service.store.redis.zscore(EXPIRY_KEY, made["id"]) is not None
    clock.advance(1)
    assert challenges.expire_due() >= 1
    assert challenges.expire_due() == 0
    assert service.store.redis.zscore(EXPIRY_KEY, made["id"]) is None
    told = {"type": "challenge_canceled", "challenge": made["id"], "reason": "expired"}
    assert of_type(service, ada, "challenge_canceled") == [told]
    assert of_type(service, bob, "challenge_canceled") == [told]


def test_the_sweeper_job_expires_due_challenges(api, service, clock):
    from workers.sweeper import sweep_once

    (_, ada_key, _), (bob, _, bob_h) = api.people("ada", "bob")
    made = api.challenged(ada_key, [bob_h], expires_in_s=10)
    clock.advance(11)
    sweep_once(service)
    assert of_type(service, bob, "challenge_canceled") == [
        {"type": "challenge_canceled", "challenge": made["id"], "reason": "expired"}
    ]


# --- errors ----------------------------------------------------------------------------------


def test_who_may_challenge_and_with_what(api, service):
    (ada, ada_key, ada_h), (_, _, bob_h), (_, _, cy_h) = api.people("ada", "bob", "cy")
    problem(api.challenge(None, [bob_h]), 401, "unauthorized")
    problem(api.challenge("fdk_" + "0" * 24 + "_" + "x" * 43, [bob_h]), 401, "unauthorized")
    table = api.create(game=GAME)
    seat_token = api.join(table["id"], "p0")["token"]
    problem(api.challenge(seat_token, [bob_h]), 403, "account_key_required")
    reader = api.client.post(
        "/v1/me/keys", json={"label": "r", "scopes": ["read"]}, headers=auth(ada_key)
    ).json["key"]
    assert problem(api.challenge(reader, [bob_h]), 403, "missing_scope")["scope"] == "create"

    def invalid(field: str, **body: Any) -> None:
        found = problem(
            api.client.post("/v1/challenges", json=body, headers=auth(ada_key)),
            400,
            "invalid_body",
        )
        assert field in found["errors"], found

    invalid("opponents", game=GAME)
    invalid("opponents", game=GAME, opponents=[])
    invalid("opponents", game=GAME, opponents=[bob_h, bob_h.upper()])
    invalid("opponents", game=GAME, opponents=["no spaces allowed"])
    invalid("game", opponents=[bob_h])
    invalid("expires_in_s", game=GAME, opponents=[bob_h], expires_in_s=9)
    invalid("expires_in_s", game=GAME, opponents=[bob_h], expires_in_s=86_401)
    invalid("bots", game=GAME, opponents=[bob_h], bots=[{"kind": "bot"}])
    invalid("options", game=GAME, opponents=[bob_h], options={"turn_timeout_s": "5"})
    invalid("colour", game=GAME, opponents=[bob_h], colour="red")

    problem(api.challenge(ada_key, [bob_h], game="chess"), 400, "unknown_game")
    problem(api.challenge(ada_key, [ada_h]), 400, "invalid_setup")
    five = [{"strategy": "greedy"}] * 3  # SLY seats 2 to 4: 1 + 1 + 3 is too many
    problem(api.challenge(ada_key, [bob_h], bots=five), 400, "invalid_setup")
    problem(api.challenge(ada_key, [bob_h], bots=[{"strategy": "genius"}]), 400, "invalid_setup")
    problem(api.challenge(ada_key, [bob_h], options={"colour": 1}), 400, "invalid_setup")
    problem(api.challenge(ada_key, [bob_h], options={"turn_timeout_s": -1}), 400, "invalid_setup")
    missing = unique("nobody")
    body = problem(api.challenge(ada_key, [bob_h, missing, cy_h]), 422, "unknown_account")
    assert body["handles"] == [missing]
    assert frames(service, ada) == []  # nothing was made by any of these


def test_only_its_accounts_see_and_answer_a_challenge(api, service):
    people = api.people("ada", "bob", "eve")
    (_, ada_key, _), (_, bob_key, bob_h), (_, eve_key, _) = people
    made = api.challenged(ada_key, [bob_h])
    path = f"/v1/challenges/{made['id']}"
    problem(api.get(path, eve_key), 404, "challenge_not_found")
    problem(api.answer(made["id"], eve_key, "accept"), 404, "challenge_not_found")
    problem(api.answer(made["id"], eve_key, "decline"), 404, "challenge_not_found")
    problem(api.client.delete(path, headers=auth(eve_key)), 404, "challenge_not_found")
    problem(api.answer(made["id"], ada_key, "accept"), 403, "not_challenged")
    problem(api.answer(made["id"], ada_key, "decline"), 403, "not_challenged")
    problem(api.get(path, None), 401, "unauthorized")
    for unknown in ("0" * 32, "not-an-id", "{ch:x}" + "a" * 26):
        problem(api.get(f"/v1/challenges/{unknown}", bob_key), 404, "challenge_not_found")
    assert api.get(path, bob_key).json["status"] == "open"  # nothing above changed it


# --- two accepts at once ---------------------------------------------------------------------


@pytest.fixture
def second_process(redis_url: str) -> Iterator[FlaskClient]:
    """Another API process: its own service, connection and caches, on the same Redis."""
    client = connect(redis_url)
    other = build(client, RecordingScheduler())
    yield create_app(other, {"RATE_LIMIT": "off"}).test_client()
    client.close()


@pytest.mark.parametrize("attempt", range(4))
def test_two_accepts_racing_in_two_processes_make_one_table(api, service, second_process, attempt):
    people = api.people("ada", "bob", "cy")
    (ada, ada_key, _), (bob, bob_key, bob_h), (cy, cy_key, cy_h) = people
    made = api.challenged(ada_key, [bob_h, cy_h], bots=[{"strategy": "random"}])
    start = threading.Barrier(2)
    answers: dict[str, Any] = {}

    def accept(client: FlaskClient, key: str, name: str) -> None:
        start.wait()
        answers[name] = client.post(f"/v1/challenges/{made['id']}/accept", headers=auth(key))

    threads = [
        threading.Thread(target=accept, args=(api.client, bob_key, "bob")),
        threading.Thread(target=accept, args=(second_process, cy_key, "cy")),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert {name: r.status_code for name, r in answers.items()} == {"bob": 200, "cy": 200}
    game_id = game_id_of(made["id"])
    final = api.get(f"/v1/challenges/{made['id']}", ada_key).json
    assert final["status"] == "accepted" and final["game"] == game_id
    types = [event.type for event in service.store.read(game_id)]
    assert types.count("GameCreated") == 1
    assert types.count("PlayerJoined") == 3
    assert types.count("GameStarted") == 1
    state = service.load(game_id).state
    assert [state.seat_of_account(a) for a in (ada, bob, cy)] == [0, 1, 2]
    for account in (ada, bob, cy):
        assert len(of_type(service, account, "game_started")) == 1
