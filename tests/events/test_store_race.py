"""Many writers on one game, on a real Redis: the script serialises them without a gap."""

from __future__ import annotations

import threading
import uuid

import pytest
import redis

from events.envelope import Draft, actor
from events.store import RedisEventStore, VersionConflict
from tests.threads import run_threads

SEED = bytes(range(32))
WRITERS = 8
APPENDS = 100


@pytest.mark.redis
def test_concurrent_writers_leave_a_gapless_valid_chain(redis_client: redis.Redis) -> None:
    store = RedisEventStore(redis_client)
    game_id = uuid.uuid4().hex
    conflicts = [0] * WRITERS
    errors: list[BaseException] = []
    start = threading.Barrier(WRITERS)

    def writer(index: int) -> None:
        try:
            start.wait()
            for n in range(APPENDS):
                event = Draft(
                    "Tick",
                    {"writer": index, "n": n},
                    actor(index, "bot"),
                    "2026-11-30T08:00:00.000Z",
                )
                while True:
                    version, head = store.head(game_id)
                    try:
                        store.append(
                            game_id, version, [event], uuid.uuid4().hex, prev_hash=head, seed=SEED
                        )
                        break
                    except VersionConflict:
                        conflicts[index] += 1
        except BaseException as error:  # surfaced below; a thread cannot fail the test
            errors.append(error)

    run_threads(WRITERS, writer, timeout=60)
    assert not errors
    envelopes = store.read(game_id)
    assert len(envelopes) == WRITERS * APPENDS
    assert [e.version for e in envelopes] == list(range(1, WRITERS * APPENDS + 1))
    assert store.verify(game_id, SEED).ok
    written = sorted((e.data["writer"], e.data["n"]) for e in envelopes)
    assert written == [(w, n) for w in range(WRITERS) for n in range(APPENDS)]
    assert sum(conflicts) > 0  # the race really happened (about 2,000 conflicts here)
