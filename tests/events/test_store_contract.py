"""The ``EventStore`` contract, one suite for every store: in memory, fakeredis, Redis (one
server, and a Redis Cluster through the ``redis_url`` fixture's backends).

Only the protocol's behaviour is asserted here (versions, the chain, command ids, snapshots);
what is particular to Redis (the Lua script, the direct path, retries) is in test_store.py.
"""

from __future__ import annotations

import itertools
import uuid
from collections.abc import Callable, Iterator

import pytest

from events.envelope import GENESIS_HASH, Draft, actor
from events.memory import MemoryEventStore
from events.ports import (
    AppendResult,
    EventStore,
    IdempotencyKeyReused,
    PrevHashMismatch,
    VersionConflict,
)
from events.redis_client import connect
from events.store import RedisEventStore

SEED = bytes(range(32))
AT = "2026-11-30T08:00:00.123Z"


def draft(n: int, cause: dict | None = None) -> Draft:
    return Draft("Tick", {"n": n}, actor(n % 4, "player"), AT, cause=cause)


@pytest.fixture(
    params=[
        "memory",
        "fakeredis",
        pytest.param("redis", marks=pytest.mark.redis),
        pytest.param("cluster", marks=pytest.mark.redis),
    ],
)
def store(request: pytest.FixtureRequest) -> Iterator[EventStore]:
    if request.param == "memory":
        yield MemoryEventStore()
        return
    if request.param == "fakeredis":
        yield RedisEventStore(request.getfixturevalue("fake_redis"))
        return
    if request.param == "redis":
        url = request.getfixturevalue("single_redis_url")
    else:
        url = request.getfixturevalue("redis_cluster").url
    client = connect(url)
    yield RedisEventStore(client)
    client.close()


@pytest.fixture
def game() -> str:
    return uuid.uuid4().hex


@pytest.fixture
def append(store: EventStore, game: str) -> Callable[..., AppendResult]:
    def run(n: int = 1, command_id: str = "", fingerprint: str = "", **extra) -> AppendResult:
        version, head = store.head(game)
        drafts = [draft(version + i, {"type": "tick"} if i == 0 else None) for i in range(n)]
        return store.append(
            game,
            version,
            drafts,
            command_id,
            prev_hash=head,
            seed=SEED,
            fingerprint=fingerprint,
            **extra,
        )

    return run


def test_appended_events_are_read_back_in_order_and_chained(store, game, append):
    assert store.head(game) == (0, GENESIS_HASH) and not store.exists(game)
    first = append(3)
    second = append(2)
    assert (first.first_version, first.last_version, first.duplicate) == (1, 3, False)
    assert (second.first_version, second.last_version) == (4, 5)
    events = store.read(game)
    assert [e.version for e in events] == [1, 2, 3, 4, 5]
    assert events == first.envelopes + second.envelopes
    assert all(e.prev_hash == p.hash for p, e in itertools.pairwise(events))
    assert store.head(game) == (5, events[-1].hash) and store.exists(game)
    assert store.verify(game, SEED).ok
    assert game in set(store.game_ids())


def test_reads_take_ranges_and_counts(store, game, append):
    append(6)
    assert [e.version for e in store.read(game, after=2, until=4)] == [3, 4]
    assert [e.version for e in store.read(game, after=1, count=2)] == [2, 3]
    assert store.read(game, after=6) == []
    assert store.read(uuid.uuid4().hex) == []
    many = store.read_many(game, [(0, 2, None), (4, None, 1)])
    assert [[e.version for e in page] for page in many] == [[1, 2], [5]]


def test_a_stale_version_or_a_forked_chain_appends_nothing(store, game, append):
    append(2)
    with pytest.raises(VersionConflict) as conflict:
        store.append(game, 1, [draft(9)], "", prev_hash=GENESIS_HASH, seed=SEED)
    assert (conflict.value.expected, conflict.value.actual) == (1, 2)
    with pytest.raises(PrevHashMismatch):
        store.append(game, 2, [draft(9)], "", prev_hash="a" * 64, seed=SEED)
    assert store.head(game)[0] == 2


def test_a_command_id_appends_once_and_answers_its_original(store, game, append):
    first = append(2, command_id="cmd-1", fingerprint="fp")
    append(1)  # the game moves on
    retry = store.append(
        game, 0, [draft(0)], "cmd-1", prev_hash=GENESIS_HASH, seed=SEED, fingerprint="fp"
    )
    assert retry.duplicate
    assert (retry.first_version, retry.last_version, retry.envelopes) == (1, 2, first.envelopes)
    assert store.recorded(game, "cmd-1", "fp") == first.envelopes
    assert store.recorded(game, "unknown", "fp") == []
    with pytest.raises(IdempotencyKeyReused):
        store.recorded(game, "cmd-1", "another body")
    with pytest.raises(IdempotencyKeyReused):
        store.append(
            game, 3, [draft(3)], "cmd-1", prev_hash=store.head(game)[1], seed=SEED, fingerprint="x"
        )
    assert store.head(game)[0] == 3


def test_a_command_id_not_remembered_is_not_looked_up(store, game, append):
    append(1, command_id="job-1", remember=False)
    assert store.recorded(game, "job-1") == []
    again = append(1, command_id="job-1", remember=False)
    assert not again.duplicate and again.last_version == 2


def test_a_twin_sealed_at_the_same_instant_is_a_duplicate(store, game):
    twin = {"prev_hash": GENESIS_HASH, "seed": SEED, "fingerprint": "fp"}
    first = store.append(game, 0, [draft(0), draft(1)], "cmd-1", **twin)
    second = store.append(game, 0, [draft(0), draft(1)], "cmd-1", **twin)
    assert (first.duplicate, second.duplicate) == (False, True)
    assert second.envelopes == first.envelopes


def test_snapshots_come_with_the_events_after_them(store, game, append):
    append(4, snapshots=[(4, b"four")])
    append(2)
    snapshot, events = store.read_state(game, 4)
    assert (snapshot, [e.version for e in events]) == (b"four", [5, 6])
    snapshot, events = store.read_state(game, 4, until=4)  # none follows: its own event
    assert (snapshot, [e.version for e in events]) == (b"four", [4])
    snapshot, events = store.read_state(game, 4, until=3)  # below the first snapshot
    assert (snapshot, [e.version for e in events]) == (None, [1, 2, 3])
    store.save_snapshots(game, [(4, b"FOUR")])
    assert store.read_state(game, 4)[0] == b"FOUR"
    store.drop_snapshots(game)
    snapshot, events = store.read_state(game, 4)
    assert (snapshot, len(events)) == (None, 6)
