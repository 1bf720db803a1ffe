"""The account-wide stream, ``GET /v1/me/stream`` (issue #41): the picture first, a frame for
each thing that happens to the account in any of its games, resume with ``Last-Event-ID``,
the poll rule, one Redis read per frame per process, and nothing of anyone else's."""

from __future__ import annotations

import contextlib
import json
import queue
import secrets
import threading
import time
from typing import Any

import orjson
import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from redis.crc import key_slot

from domain.match import ACTIVE, MatchState, SeatInfo
from service import account_stream, live, metrics
from service.account_stream import AccountStreams
from service.api import create_app
from service.games import GameService
from tests.toygame import TOY

pytestmark = pytest.mark.redis

BLOCK_MS = 200


def auth(key: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"} if key else {}


class Reader:
    """A stream read in the background, frame by frame (NDJSON, or SSE), heartbeats left out."""

    def __init__(self, response: Any, sse: bool = False) -> None:
        self.response, self.sse = response, sse
        self.frames: queue.Queue = queue.Queue()
        self.ended = threading.Event()
        self.stop = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        buffer = ""
        try:
            for chunk in self.response.response:
                if self.stop.is_set():  # closed from here: its generator runs in this thread
                    break
                buffer += chunk.decode() if isinstance(chunk, bytes) else chunk
                separator = "\n\n" if self.sse else "\n"
                while separator in buffer:
                    block, buffer = buffer.split(separator, 1)
                    frame = self._parse(block)
                    if frame is not None:
                        self.frames.put(frame)
        finally:
            self.response.close()
            self.ended.set()

    def _parse(self, block: str) -> dict | None:
        if not self.sse:
            return json.loads(block) if block.strip() else None
        fields = dict(
            line.split(": ", 1)
            for line in block.splitlines()
            if ": " in line and not line.startswith(":")
        )
        if "data" not in fields:
            return None
        data = json.loads(fields["data"])
        assert data["id"] == fields["id"] and data["type"] == fields["event"]
        return data

    def next(self, timeout: float = 5.0) -> dict:
        return self.frames.get(timeout=timeout)

    def take(self, count: int, timeout: float = 5.0) -> list[dict]:
        return [self.next(timeout) for _ in range(count)]

    def none_within(self, seconds: float) -> bool:
        try:
            frame = self.frames.get(timeout=seconds)
        except queue.Empty:
            return True
        raise AssertionError(f"unexpected frame {frame}")

    def close(self) -> None:
        """Close as a client that goes away (noticed at the next chunk, a heartbeat at most)."""
        self.stop.set()
        assert self.ended.wait(5)


class Client:
    """Accounts, their tables and streams over the API."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.http: FlaskClient = app.test_client()

    def account(self, name: str = "acct") -> tuple[str, str]:
        handle = f"{name}-{secrets.token_hex(4)}"
        made = self.http.post("/v1/accounts", json={"handle": handle, "kind": "bot"})
        assert made.status_code == 201, made.json
        return made.json["id"], made.json["key"]["key"]

    def table(self, key: str, players: int = 2, **options: Any) -> str:
        body = {"game": TOY.id, "seats": [{"kind": "human"}] * players, "options": options}
        made = self.http.post("/v1/games", json=body, headers=auth(key))
        assert made.status_code == 201, made.json
        return made.json["id"]

    def join(self, game_id: str, key: str) -> int:
        joined = self.http.post(f"/v1/games/{game_id}/join", json={}, headers=auth(key))
        assert joined.status_code == 201, joined.json
        return joined.json["seat"]

    def summary(self, game_id: str) -> dict:
        return self.http.get(f"/v1/games/{game_id}").json

    def move(self, game_id: str, key: str, body: dict | None = None) -> dict:
        sent = self.http.post(
            f"/v1/games/{game_id}/commands",
            json=body or {"type": "draw", "count": 1},
            headers=auth(key),
        )
        assert sent.status_code == 201, sent.json
        return sent.json

    def stream(self, key: str | None, sse: bool = False, path: str = "/v1/me/stream", **headers):
        accept = {"Accept": "text/event-stream"} if sse else {}
        return self.http.get(path, headers={**auth(key), **accept, **headers}, buffered=False)

    def open(self, key: str, sse: bool = False, path: str = "/v1/me/stream", **headers) -> Reader:
        response = self.stream(key, sse, path, **headers)
        assert response.status_code == 200, response.get_json()
        return Reader(response, sse)


@pytest.fixture
def app(service: GameService) -> Flask:
    return create_app(service, {"RATE_LIMIT": "off", "SSE_BLOCK_MS": BLOCK_MS})


@pytest.fixture
def api(app: Flask) -> Client:
    return Client(app)


def wait_until(condition, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def two_player_game(api: Client, a: str, b: str, **options: Any) -> tuple[str, dict[str, int]]:
    """A started toy game of the accounts with keys ``a`` (its creator) and ``b``."""
    game_id = api.table(a, **options)
    seats = {"a": 0, "b": api.join(game_id, b)}
    return game_id, seats


def acting_key(api: Client, game_id: str, keys: dict[int, str]) -> str:
    return keys[api.summary(game_id)["to_act"][0]]


def stored(service: GameService, account: str) -> list[tuple[str, dict]]:
    return [
        (entry, json.loads(fields[b"f"]))
        for entry, fields in service.account_streams.read(account, account_stream.START)
    ]


# --- the picture -----------------------------------------------------------------------------


def test_the_first_frame_is_the_picture_of_every_game(api: Client):
    a_id, a = api.account("a")
    _, b = api.account("b")
    mine, _ = two_player_game(api, a, b, cards=10, turn_timeout_s=600)
    if api.summary(mine)["to_act"] != [0]:
        api.move(mine, b)  # now A (seat 0) must act
    theirs, _ = two_player_game(api, a, b, cards=10)
    if api.summary(theirs)["to_act"] == [0]:
        api.move(theirs, a)  # now B must act
    waiting = api.table(a, players=3, cards=10)  # A sits there; two seats are open

    reader = api.open(a)
    (picture,) = reader.take(1)
    reader.close()
    assert picture["type"] == "games"
    assert [g["game"] for g in picture["active"]] == [mine, theirs]  # must act first
    first, second = picture["active"]
    assert first["my_turn"] is True and first["seat"] == 0 and first["game_type"] == TOY.id
    assert first["version"] == api.summary(mine)["version"]
    assert first["deadline"].endswith("Z")  # a turn limit runs
    assert first["taken_over"] is None
    assert second["my_turn"] is False and second["deadline"] is None
    assert picture["waiting"] == [{"game": waiting, "game_type": TOY.id, "seat": 0, "version": 2}]
    assert a_id not in json.dumps(picture)  # the account's id is not repeated anywhere


# --- live frames -----------------------------------------------------------------------------


def test_each_game_sends_its_frames_to_its_accounts_only(api: Client, service: GameService):
    a_id, a = api.account("a")
    b_id, b = api.account("b")
    mine = api.open(a)
    theirs = api.open(b)
    assert mine.next()["type"] == theirs.next()["type"] == "games"

    game_id = api.table(b, cards=4)  # B creates, A joins: the game starts
    seat_a = api.join(game_id, a)
    keys = {seat_a: a, 1 - seat_a: b}
    first, version = api.summary(game_id)["to_act"][0], api.summary(game_id)["version"]
    started_a = mine.take(1 + (first == seat_a))
    started_b = theirs.take(1 + (first != seat_a))
    assert started_a[0] == {
        "id": started_a[0]["id"],
        "type": "game_started",
        "game": game_id,
        "game_type": TOY.id,
        "seat": seat_a,
        "version": version,
    }
    assert started_b[0]["type"] == "game_started" and started_b[0]["seat"] == 1 - seat_a
    whose = mine if first == seat_a else theirs
    turn = (started_a if first == seat_a else started_b)[1]
    assert turn["type"] == "your_turn" and turn["seat"] == first and turn["version"] == version
    assert turn["deadline"] is None  # no turn limit

    # Every move hands the turn over: a your_turn for the other seat's account alone.
    while (summary := api.summary(game_id))["status"] == "active":
        seat = summary["to_act"][0]
        answer = api.move(game_id, keys[seat])
        if answer["state"]["status"] != "active":
            break
        whose = mine if seat != seat_a else theirs
        frame = whose.next()
        assert frame["type"] == "your_turn" and frame["version"] == answer["version"]
        assert frame["seat"] == 1 - seat and frame["game"] == game_id
    final = api.summary(game_id)
    for reader, seat in ((mine, seat_a), (theirs, 1 - seat_a)):
        frame = reader.next()
        assert frame["type"] == "game_finished" and frame["seat"] == seat
        assert frame["version"] == final["version"] and frame["result"] == final["result"]

    # Leaving hands the seat to a bot: taken over, and no more your_turn for that seat.
    game_id = api.table(a, cards=10)
    api.join(game_id, b)
    mine.take(1 + (api.summary(game_id)["to_act"] == [0]))
    theirs.take(1 + (api.summary(game_id)["to_act"] == [1]))
    api.move(game_id, a, {"type": "leave"})
    left = mine.next()
    assert left == {
        "id": left["id"],
        "type": "seat_taken_over",
        "game": game_id,
        "seat": 0,
        "reason": "left",
        "version": left["version"],
    }
    # A cancelled table: closed.
    waiting = api.table(a, cards=10)
    cancelled = api.http.delete(f"/v1/games/{waiting}", headers=auth(a))
    assert cancelled.status_code in (200, 204), cancelled.get_json()
    closed = mine.next()
    assert closed["type"] == "table_closed" and closed["status"] == "cancelled"
    assert mine.none_within(0.5) and theirs.none_within(0.1)  # only what concerned them
    mine.close()
    theirs.close()

    # Each account's stream holds its own frames only, none with anything hidden in it.
    for account, other in ((a_id, b_id), (b_id, a_id)):
        frames = stored(api.app.extensions["foxden.games"], account)
        text = json.dumps([f for _, f in frames])
        assert other not in text and "cards" not in text and "token" not in text
        for _, frame in frames:
            if frame["type"] == "your_turn":
                state = service.state_at(frame["game"], frame["version"])
                assert state.seats[frame["seat"]].account == account


def test_a_multi_step_turn_is_one_your_turn_per_step_and_a_shared_turn_one_per_point():
    def state(acting: set[int], since: dict[int, int], version: int) -> MatchState:
        seats = (SeatInfo("human", account="a"), SeatInfo("human", account="b"))
        return MatchState(
            version=version,
            game=TOY.id,
            seats=seats,
            status=ACTIVE,
            acting=frozenset(acting),
            since=since,
            options={"turn_timeout_s": 0},
        )

    def turns(before: MatchState, after: MatchState) -> list[tuple[str, int]]:
        found = account_stream.frames("g", before, after, lambda seat: None)
        return [(account, f["version"]) for account, f in found if f["type"] == "your_turn"]

    # Seat 0 moved and must act again (its own multi-step turn): a new decision point.
    assert turns(state({0}, {0: 5}, 5), state({0}, {0: 6}, 6)) == [("a", 6)]
    # Both must act; seat 1 chose: seat 0 still faces the same decision, no second frame.
    assert turns(state({0, 1}, {0: 5, 1: 5}, 5), state({0}, {0: 5}, 6)) == []
    # The turn passes.
    assert turns(state({0}, {0: 5}, 5), state({1}, {1: 6}, 6)) == [("b", 6)]
    # A seat a bot plays never has a turn of the account's.
    after = state({0}, {0: 6}, 6)
    after = MatchState(**{**after.__dict__, "seats": (SeatInfo("human", account="a", left=True),)})
    assert turns(state({1}, {1: 5}, 5), after) == []


# --- resume ----------------------------------------------------------------------------------


def test_resume_with_last_event_id_loses_and_repeats_nothing(api: Client, service: GameService):
    a_id, a = api.account("a")
    _, b = api.account("b")
    game_id, seats = two_player_game(api, a, b, cards=30)
    keys = {seats["a"]: a, seats["b"]: b}
    reader = api.open(a)
    picture = reader.next()
    for _ in range(3):
        api.move(game_id, acting_key(api, game_id, keys))
    got = []
    while len(got) < 1 or got[-1]["version"] < api.summary(game_id)["version"] - 1:
        got.append(reader.next())
    reader.close()  # disconnected mid-game, with the last id it saw
    last = got[-1]["id"]
    for _ in range(6):  # the game goes on meanwhile
        api.move(game_id, acting_key(api, game_id, keys))

    resumed = api.open(a, sse=True, **{"Last-Event-ID": last})
    expected = [(e, frame) for e, frame in stored(service, a_id) if account_stream.later(e, last)]
    assert len(expected) == 3  # A's turn every other move
    again = resumed.take(len(expected))
    assert [(f.pop("id"), f) for f in again] == expected  # no picture, none twice, none lost
    api.move(game_id, acting_key(api, game_id, keys))
    api.move(game_id, acting_key(api, game_id, keys))
    live = resumed.next()
    assert live["type"] == "your_turn" and account_stream.later(live["id"], expected[-1][0])
    resumed.close()

    # ?after= for NDJSON clients, from the picture's id: every frame since.
    since = [e for e, _ in stored(service, a_id) if account_stream.later(e, picture["id"])]
    everything = api.open(a, path=f"/v1/me/stream?after={picture['id']}")
    frames = everything.take(len(since))
    everything.close()
    assert [f["id"] for f in frames] == since
    bad = api.http.get("/v1/me/stream?after=nonsense", headers=auth(a))
    assert (bad.status_code, bad.json["code"]) == (400, "invalid_parameter")


def test_an_id_older_than_the_stream_keeps_is_told_and_gets_the_picture(
    api: Client, service: GameService
):
    a_id, a = api.account("a")
    _, b = api.account("b")
    game_id, seats = two_player_game(api, a, b, cards=30)
    keys = {seats["a"]: a, seats["b"]: b}
    for _ in range(6):
        api.move(game_id, acting_key(api, game_id, keys))
    entries = [entry for entry, _ in stored(service, a_id)]
    service.store.redis.xtrim(account_stream.stream_key(a_id), maxlen=2, approximate=False)
    assert service.account_streams.kept_since(a_id, entries[-2])
    assert not service.account_streams.kept_since(a_id, entries[-3])  # not known: told so
    reader = api.open(a, **{"Last-Event-ID": entries[1]})
    reset, picture = reader.take(2)
    reader.close()
    assert reset["type"] == "reset" and "re-read" in reset["detail"]
    assert picture["type"] == "games" and picture["active"][0]["game"] == game_id
    assert reset["id"] == picture["id"] == entries[-1]
    # An id no stream ever gave (from the future) is told so too.
    future = api.open(a, path="/v1/me/stream?after=99999999999999-0")
    assert future.next()["type"] == "reset"
    future.close()
    # One still kept: no reset.
    kept = api.open(a, **{"Last-Event-ID": entries[-2]})
    assert kept.next()["id"] == entries[-1]
    kept.close()


# --- the poll rule, caps, credentials --------------------------------------------------------


def test_an_account_that_polls_is_told_to_hold_the_stream_open(api: Client, service: GameService):
    now = [1_000_000 * 60 + 10.0]
    service._account_streams = AccountStreams(service.store.redis, clock=lambda: now[0])
    _, a = api.account("a")
    for _ in range(account_stream.CONNECTS_MAX):
        response = api.stream(a)
        assert response.status_code == 200
        response.close()
    refused = api.stream(a)
    assert refused.status_code == 429
    assert refused.mimetype == "application/problem+json"
    assert refused.json["code"] == "hold_stream_open"
    assert "hold one stream open" in refused.json["detail"]
    assert refused.headers["Retry-After"] == "50"
    _, other = api.account("other")  # counted per account
    fine = api.stream(other)
    assert fine.status_code == 200
    fine.close()
    now[0] += 50  # the next minute
    again = api.stream(a)
    assert again.status_code == 200
    again.close()


def test_a_revoked_keys_stream_ends_and_is_refused(api: Client, monkeypatch):
    monkeypatch.setattr(account_stream, "KEY_CHECK_S", 0.0)
    _, a = api.account("a")
    made = api.http.post("/v1/me/keys", json={"label": "bot", "scopes": ["read"]}, headers=auth(a))
    second, second_id = made.json["key"], made.json["id"]
    reader = api.open(second)
    assert reader.next()["type"] == "games"
    issued = api.http.post("/v1/me/stream-tickets", headers=auth(second))
    assert issued.status_code == 201 and issued.json["stream"].startswith("/v1/me/stream?ticket=")
    by_ticket = api.open(None, sse=True, path=issued.json["stream"])
    assert by_ticket.next()["type"] == "games"
    both = api.http.get(issued.json["stream"], headers=auth(second))
    assert (both.status_code, both.json["code"]) == (400, "ambiguous_credentials")

    assert api.http.delete(f"/v1/me/keys/{second_id}", headers=auth(a)).status_code == 204
    assert reader.ended.wait(5) and by_ticket.ended.wait(5)  # at their next heartbeat
    assert api.stream(second).status_code == 401
    assert api.http.get(issued.json["stream"]).status_code == 401
    hub = api.app.extensions["foxden.live"]
    wait_until(lambda: hub.open_streams == 0 and hub.account_readers == 0)


def test_the_stream_needs_an_account_key_with_read(api: Client):
    assert api.stream(None).status_code == 401
    _, a = api.account("a")
    made = api.http.post("/v1/me/keys", json={"label": "p", "scopes": ["play"]}, headers=auth(a))
    refused = api.stream(made.json["key"])
    assert (refused.status_code, refused.json["code"]) == (403, "missing_scope")
    forged = api.http.get("/v1/me/stream?ticket=" + "0" * 16 + "." + "x" * 32)
    assert forged.status_code == 401


def test_the_stream_caps_count_per_account(service: GameService):
    app = create_app(
        service,
        {"RATE_LIMIT": "off", "SSE_BLOCK_MS": BLOCK_MS, "STREAMS_PER_PROCESS": 4},
    )
    api = Client(app)
    _, a = api.account("a")
    per_client = app.extensions["foxden.live"].max_per_client  # 2: half the process's
    held = [
        api.http.get(
            "/v1/me/stream",
            headers=auth(a),
            environ_overrides={"REMOTE_ADDR": f"192.0.2.{n}"},
            buffered=False,
        )
        for n in range(per_client)
    ]
    assert all(r.status_code == 200 for r in held)
    refused = api.http.get(
        "/v1/me/stream", headers=auth(a), environ_overrides={"REMOTE_ADDR": "192.0.2.99"}
    )
    assert (refused.status_code, refused.json["code"]) == (429, "too_many_streams_per_client")
    for response in held:
        response.close()


# --- cost --------------------------------------------------------------------------------------


def test_anonymous_games_write_nothing_to_any_account_stream(api: Client, service, monkeypatch):
    asked = []
    real = account_stream.frames
    monkeypatch.setattr(account_stream, "frames", lambda *a, **k: asked.append(a) or real(*a, **k))
    before = set(service.store.redis.scan_iter(match="fd:{as:*}:*"))
    body = {"game": TOY.id, "seats": [{"kind": "human"}] * 2, "options": {"cards": 4}}
    game_id = api.http.post("/v1/games", json=body).json["id"]
    tokens = [
        api.http.post(f"/v1/games/{game_id}/join", json={"name": f"p{n}"}).json["token"]
        for n in range(2)
    ]
    while (summary := api.summary(game_id))["status"] == "active":
        api.move(game_id, tokens[summary["to_act"][0]])
    assert asked == []  # not even looked for
    assert set(service.store.redis.scan_iter(match="fd:{as:*}:*")) == before


def reads_with_frames() -> float:
    return metrics.ACCOUNT_STREAM_READS.labels("frames")._value.get()


def test_one_redis_read_per_frame_per_process_however_many_watch(api: Client):
    _, a = api.account("a")
    _, b = api.account("b")
    game_id, seats = two_player_game(api, a, b, cards=20)
    keys = {seats["a"]: a, seats["b"]: b}
    if api.summary(game_id)["to_act"] == [seats["a"]]:
        api.move(game_id, a)  # B to act
    mine = [api.open(a) for _ in range(5)]
    theirs = [api.open(b, sse=True) for _ in range(3)]
    for reader in (*mine, *theirs):
        assert reader.next()["type"] == "games"
    hub = api.app.extensions["foxden.live"]
    wait_until(lambda: hub.watched_accounts == 2 and hub.open_streams == 8)
    before = reads_with_frames()
    moved = api.move(game_id, keys[seats["b"]])  # A's turn: a frame for A alone
    got = [reader.next() for reader in mine]
    assert all(f == got[0] for f in got) and got[0]["version"] == moved["version"]
    assert reads_with_frames() - before == 1  # one XREAD for five streams
    assert all(reader.none_within(0.05) for reader in theirs)
    for reader in (*mine, *theirs):
        reader.close()
    wait_until(lambda: hub.open_streams == 0 and hub.account_readers == 0)


def test_a_failure_to_write_the_frames_never_fails_the_move(api: Client, service, monkeypatch):
    _, a = api.account("a")
    _, b = api.account("b")
    game_id, seats = two_player_game(api, a, b, cards=10)

    def broken(*args, **kwargs):
        raise ConnectionError("injected")

    monkeypatch.setattr(service.account_streams, "publish", broken)
    failures = metrics.FOLLOW_UP_FAILURES.labels("account_stream")._value.get()
    key = {seats["a"]: a, seats["b"]: b}[api.summary(game_id)["to_act"][0]]
    api.move(game_id, key)
    assert metrics.FOLLOW_UP_FAILURES.labels("account_stream")._value.get() == failures + 1


# --- the readers: one XREAD per bucket of accounts (service/live.py) -----------------------------

# Long enough that no read of these tests ends by its BLOCK running out: every read that ends
# does so because an entry came (a frame, or a wake). A failure shows as a heartbeat instead.
LONG_BLOCK_MS = 30_000


def same_bucket(count: int) -> list[str]:
    """``count`` new account ids whose stream keys are in one bucket."""
    base = secrets.randbits(56)
    ids = [f"{base + n:016x}" for n in range(count * account_stream.BUCKETS * 8)]
    found = [a for a in ids if account_stream.bucket(a) == account_stream.bucket(ids[0])]
    return found[:count]


class Reads:
    """``follow_streams`` of one store, recorded: the keys of each read as it begins (a queue
    the test waits on) and what each returned; ``fail`` raises the next read's error."""

    def __init__(self, store: Any, monkeypatch: pytest.MonkeyPatch) -> None:
        self.real = store.follow_streams
        self.begun: queue.Queue = queue.Queue()
        self.returned: list[tuple[frozenset[str], list]] = []
        self.fail: list[BaseException] = []
        monkeypatch.setattr(store, "follow_streams", self)

    def __call__(self, after: dict[str, str], block_ms: int, count: int | None = None) -> list:
        keys = frozenset(after)
        self.begun.put(keys)
        if self.fail:
            raise self.fail.pop()
        found = self.real(after, block_ms, count)
        self.returned.append((keys, found))
        return found

    def next_read(self) -> frozenset[str]:
        return self.begun.get(timeout=5)

    def keys_read(self) -> set[str]:
        """The keys of which a read returned entries."""
        return {key for _, found in self.returned for key, _, _ in found}


def frame(account: str, version: int) -> tuple[str, dict[str, Any]]:
    return account, {"type": "your_turn", "game": "g", "version": version, "seat": 0}


def publish(service: GameService, account: str, version: int) -> str:
    """Write one frame to ``account``'s stream; its entry id."""
    service.account_streams.publish(f"g-{account}", version, [frame(account, version)])
    return service.account_streams.head(account)


def keys_of(*accounts: str) -> set[str]:
    return {account_stream.stream_key(a) for a in accounts}


@pytest.fixture
def slow_hub(service: GameService):
    hub = live.LiveHub(service, block_ms=LONG_BLOCK_MS, max_streams=100)
    opened: list = []
    yield hub, opened
    # Free every place, and wake the readers so that they drop their accounts and end now.
    for subscription in opened:
        hub.unsubscribe(subscription)
    for group in {account_stream.bucket(s.topic) for s in opened}:
        account_stream.AccountStreams(service.store.redis).wake(group, hub.process)
    wait_until(lambda: hub.account_readers == 0)


def test_accounts_of_one_bucket_are_read_by_one_reader_in_one_xread(
    service: GameService, slow_hub, monkeypatch
):
    hub, opened = slow_hub
    reads = Reads(service.store, monkeypatch)
    woken: list[tuple] = []
    real_wake = service.account_streams.wake
    monkeypatch.setattr(service.account_streams, "wake", lambda *a: woken.append(a))
    c, a, b = same_bucket(3)
    wake_key = account_stream.wake_key(account_stream.bucket(a), hub.process)
    opened.append(hub.subscribe_account(c, account_stream.START))
    assert reads.next_read() == {*keys_of(c), wake_key}  # blocked on C and its wake stream
    # A and B join the blocked reader: one wake for both (held back here, to write first).
    opened.append(hub.subscribe_account(a, account_stream.START))
    opened.append(hub.subscribe_account(b, account_stream.START))
    assert woken == [(account_stream.bucket(a), hub.process)]
    assert hub.account_readers == 1 and hub.watched_accounts == 3
    written = {a: publish(service, a, 1), b: publish(service, b, 1)}
    real_wake(*woken[0])
    assert reads.next_read() == {*keys_of(a, b, c), wake_key}
    got = {s.topic: s.queue.get(timeout=5) for s in opened[1:]}
    assert {account: batch.last for account, batch in got.items()} == written
    (_, woke), (_, both) = reads.returned
    assert [key for key, _, _ in woke] == [wake_key]
    assert sorted(key for key, _, _ in both) == sorted(keys_of(a, b))  # one XREAD for the two
    assert opened[0].queue.empty()  # C: nothing


def test_a_stream_joining_a_blocked_reader_gets_its_frames_at_once_and_each_once(
    service: GameService, slow_hub, monkeypatch
):
    hub, opened = slow_hub
    reads = Reads(service.store, monkeypatch)
    other, mine = same_bucket(2)
    opened.append(hub.subscribe_account(other, account_stream.START))
    reads.next_read()  # the reader waits on the other account
    first = publish(service, mine, 1)
    head = service.account_streams.head(mine)
    second = publish(service, mine, 2)  # after the head the stream is opened with
    subscription = hub.subscribe_account(mine, head)
    opened.append(subscription)
    body = hub.stream_account(subscription, account_stream.START, "ndjson")
    try:
        ids = [json.loads(next(body))["id"] for _ in range(2)]  # its own read, then the reader's
        third = publish(service, mine, 3)
        ids.append(json.loads(next(body))["id"])
    finally:
        body.close()
    assert ids == [first, second, third]
    assert all(found for _, found in reads.returned)  # no read ran out its BLOCK: woken at once
    assert subscription.queue.empty()


def test_the_last_stream_of_an_account_leaving_stops_its_reads(
    service: GameService, slow_hub, monkeypatch
):
    hub, opened = slow_hub
    reads = Reads(service.store, monkeypatch)
    gone, kept = same_bucket(2)
    leaving = [hub.subscribe_account(gone, account_stream.START) for _ in range(2)]
    opened.append(hub.subscribe_account(kept, account_stream.START))
    while not keys_of(gone, kept) <= reads.next_read():
        pass
    hub.unsubscribe(leaving[0])
    assert hub.watched_accounts == 2  # one stream of it is left
    hub.unsubscribe(leaving[1])
    first = publish(service, kept, 1)  # ends the read under way, which still had it
    assert reads.next_read() & keys_of(gone, kept) == keys_of(kept)
    assert hub.watched_accounts == 1 and hub.account_readers == 1
    assert opened[0].queue.get(timeout=5).last == first
    publish(service, gone, 1)  # would end the read under way if it waited on it
    second = publish(service, kept, 2)
    assert opened[0].queue.get(timeout=5).last == second
    assert keys_of(gone).isdisjoint(reads.keys_read())  # its frame was never read


def test_the_stream_keys_of_a_bucket_share_one_cluster_slot(service: GameService, redis_backend):
    # Run on a single Redis and on a Redis Cluster (this suite's parametrisation): there the
    # reads above and the publishing script would be refused across slots.
    accounts = [f"{n:016x}" for n in range(200)]
    by_bucket: dict[int, set[int]] = {}
    for account in accounts:
        group = account_stream.bucket(account)
        keys = (
            account_stream.stream_key(account),
            account_stream.versions_key(account),
            account_stream.wake_key(group, "p"),
        )
        by_bucket.setdefault(group, set()).update(key_slot(key.encode()) for key in keys)
    assert sorted(by_bucket) == list(range(account_stream.BUCKETS))
    assert all(len(slots) == 1 for slots in by_bucket.values())
    a, b = same_bucket(2)
    publish(service, a, 1)
    publish(service, b, 1)
    after = dict.fromkeys(keys_of(a, b), account_stream.START)
    found = service.store.follow_streams(after, 100)  # one XREAD over the two keys
    assert sorted(key for key, _, _ in found) == sorted(keys_of(a, b))


class WatchedQueue(queue.Queue):
    """A stream's queue that tells when the stream waits on it empty."""

    def __init__(self) -> None:
        super().__init__(live.QUEUE_BATCHES)
        self.waiting = threading.Event()

    def get(self, block: bool = True, timeout: float | None = None) -> Any:
        if self.empty():
            self.waiting.set()
        return super().get(block, timeout)


@pytest.mark.parametrize(
    "error", [RuntimeError("a bug"), redis.ConnectionError("lost")], ids=["bug", "redis"]
)
def test_a_reader_that_fails_is_replaced_and_no_frame_is_lost_or_repeated(
    service: GameService, slow_hub, monkeypatch, error
):
    # A bug ends the reader: its streams, told so even while they wait, read Redis and join a
    # new one. A Redis error: the reader reads again (after READER_RETRY_S, 0 here).
    monkeypatch.setattr(live, "READER_RETRY_S", 0.0)
    hub, opened = slow_hub
    reads = Reads(service.store, monkeypatch)
    (account,) = same_bucket(1)
    subscription = hub.subscribe_account(account, account_stream.START)
    opened.append(subscription)
    subscription.queue = watched = WatchedQueue()  # before any frame: nothing was queued
    body = hub.stream_account(subscription, account_stream.START, "ndjson")
    got: queue.Queue = queue.Queue()

    def consume() -> None:  # frames, and heartbeats (b"\n", a failure here), as they come
        with contextlib.closing(body):
            for _ in range(3):
                got.put(next(body))

    threading.Thread(target=consume, daemon=True).start()
    reads.next_read()
    watched.waiting.clear()
    written = [publish(service, account, 1)]
    assert json.loads(got.get(timeout=5))["id"] == written[0]
    reads.next_read()  # the reader waits on the account and its wake stream
    assert watched.waiting.wait(5)  # and the stream on its queue
    reads.fail.append(error)
    account_stream.AccountStreams(service.store.redis).wake(
        account_stream.bucket(account), hub.process
    )  # the read under way ends with no frame; the next one fails
    written += [publish(service, account, 2), publish(service, account, 3)]
    chunks = [got.get(timeout=10) for _ in range(2)]
    assert [json.loads(chunk)["id"] for chunk in chunks] == written[1:]
    assert not reads.fail
    wait_until(lambda: hub.account_readers == 1 and hub.watched_accounts == 1)


def test_a_notice_is_a_frame_of_the_account_stream_read_like_any_other(redis_url: str) -> None:
    from events.redis_client import connect
    from service.account_stream import AccountStreams, Rendered

    streams = AccountStreams(connect(redis_url))
    account = "a" * 15 + "1"
    before = streams.head(account)
    entry = streams.notify(account, {"type": "challenge", "challenge": "c1"})
    assert streams.head(account) == entry
    (read,) = streams.read(account, before)
    (line,) = Rendered([read]).render("ndjson")
    assert orjson.loads(line[1]) == {"id": entry, "type": "challenge", "challenge": "c1"}
    with pytest.raises(ValueError):
        streams.notify(account, {"challenge": "c1"})
