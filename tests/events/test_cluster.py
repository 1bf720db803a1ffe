"""Redis Cluster specifics: URLs, routing by slot, the bucketed index, the start-up rules.

The whole integration suite also runs on a cluster (``[cluster]`` in the test ids, see
``tests/conftest.py``); these are the parts only a cluster has.
"""

from __future__ import annotations

import uuid
import zlib

import fakeredis
import pytest
import redis
from redis.cluster import RedisCluster

from events.direct_path import FALL_BACK, direct, pool_for
from events.durability import Durability, DurabilityUnavailable, check, parse
from events.redis_client import connect, is_cluster_url
from events.store import keys
from foxden.bootstrap import ConfigurationError, queue_url
from foxden.cli import main
from service import index as index_module
from service.index import BUCKETS, GameIndex, bucket_of
from tests.redis_servers import Cluster


@pytest.fixture
def cluster_client(redis_cluster: Cluster):
    client = connect(redis_cluster.url)
    yield client
    client.close()


def test_a_cluster_url_gives_a_cluster_client(redis_cluster: Cluster, cluster_client) -> None:
    assert isinstance(cluster_client, RedisCluster)
    assert is_cluster_url(redis_cluster.url) and not is_cluster_url("redis://h:1/0")
    # One node named; all three masters found.
    assert len(cluster_client.get_primaries()) == 3
    with pytest.raises(ValueError, match="database 0 only"):
        connect(redis_cluster.url + "/3")


def test_each_game_goes_to_the_master_of_its_slot(redis_cluster: Cluster, cluster_client) -> None:
    masters = set()
    for _ in range(30):
        stream = keys(uuid.uuid4().hex)[0]
        port = pool_for(cluster_client, stream).connection_kwargs["port"]
        assert port == redis_cluster.master_of(stream).port
        masters.add(port)
    assert len(masters) == 3


def test_a_redirection_on_the_direct_path_falls_back_to_the_client(cluster_client) -> None:
    stream = keys(uuid.uuid4().hex)[0]
    right = pool_for(cluster_client, stream)
    wrong = next(
        node.redis_connection.connection_pool
        for node in cluster_client.get_primaries()
        if node.redis_connection.connection_pool is not right
    )
    assert direct(wrong, "XRANGE", stream, "-", "+") is FALL_BACK  # MOVED
    assert direct(right, "XRANGE", stream, "-", "+") == []


def test_the_index_buckets_spread_over_the_masters(cluster_client) -> None:
    owners = {
        cluster_client.get_node_from_key(f"fd:{{ix:{bucket}}}:meta").name
        for bucket in range(BUCKETS)
    }
    assert len(owners) == 3  # no one master holds every creation
    counts = [0] * BUCKETS
    for _ in range(1600):
        counts[bucket_of(uuid.uuid4().hex)] += 1
    assert min(counts) > 50  # about 100 each


def test_pages_never_skip_or_repeat_a_game_among_ties(monkeypatch: pytest.MonkeyPatch) -> None:
    # Two processes that create games in the same microsecond: same position, merged from
    # different buckets. The cursor names (position, id), so paging is still exact.
    client = fakeredis.FakeRedis()
    index = GameIndex(client)
    positions = iter([5, 5, 5, 5, 7, 7, 3, 5, 5, 1])
    monkeypatch.setattr(index, "_next_position", lambda: next(positions))
    from domain import match

    state = match.INITIAL
    ids = [uuid.uuid4().hex for _ in range(10)]
    made = {}
    for game_id in ids:
        index.add(game_id, state, "2026-12-01T00:00:00.000Z")
        made[game_id] = client_position(client, game_id)
    expected = sorted(ids, key=lambda g: (made[g], g), reverse=True)
    for limit in (1, 2, 3, 4, 10):
        seen, cursor = [], None
        while True:
            page, cursor = index.page(None, None, cursor, limit)
            seen += [meta["id"] for meta in page]
            if cursor is None:
                break
        assert seen == expected, limit


def client_position(client: redis.Redis, game_id: str) -> int:
    bucket = zlib.crc32(game_id.encode()) % BUCKETS
    return int(client.zscore(f"fd:{{ix:{bucket}}}:by:all", game_id))


def test_each_lists_every_game_of_a_status_once() -> None:
    from dataclasses import replace

    from domain import match

    index = GameIndex(fakeredis.FakeRedis())
    active = {uuid.uuid4().hex for _ in range(300)}
    for game_id in active:
        index.add(game_id, replace(match.INITIAL, status="active", game="sly"), "t")
    for _ in range(20):
        index.add(uuid.uuid4().hex, replace(match.INITIAL, status="waiting", game="sly"), "t")
    listed = list(index.each("active", chunk=7))  # chunks smaller than a bucket
    assert sorted(listed) == sorted(active)


def test_positions_increase_within_a_process() -> None:
    index = GameIndex(fakeredis.FakeRedis())
    made = [index._next_position() for _ in range(1000)]
    assert made == sorted(set(made))
    assert index_module.decode_cursor(index_module.encode_cursor(made[0], "g1")) == (made[0], "g1")
    for bad in ("!!", "MTIz", "LTE6Zw"):  # not base64; "123" (no id); "-1:g"
        with pytest.raises(ValueError):
            index_module.decode_cursor(bad)


# --- the start-up rules ---------------------------------------------------------------------


def test_jobs_need_their_own_redis_when_the_store_is_a_cluster(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("FOXDEN_QUEUE_URL", raising=False)
    assert queue_url("redis://h:6379/2") == "redis://h:6379/2"  # one server: the same Redis
    with pytest.raises(ConfigurationError, match="set FOXDEN_QUEUE_URL"):
        queue_url("redis+cluster://h:7000")
    monkeypatch.setenv("FOXDEN_QUEUE_URL", "redis://q:6379/0")
    assert queue_url("redis+cluster://h:7000") == "redis://q:6379/0"
    monkeypatch.setenv("FOXDEN_QUEUE_URL", "redis+cluster://q:7000")
    with pytest.raises(ConfigurationError, match="RQ needs one plain Redis"):
        queue_url("redis://h:6379/0")


@pytest.mark.parametrize("command", ["api", "worker", "up"])
def test_every_command_refuses_a_cluster_without_a_queue_redis(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("REDIS_URL", "redis+cluster://127.0.0.1:1")
    monkeypatch.delenv("FOXDEN_QUEUE_URL", raising=False)
    assert main([command]) == 2
    assert "set FOXDEN_QUEUE_URL" in capsys.readouterr().err


def test_durability_words() -> None:
    assert parse(None) == parse("none") == parse("") == Durability()
    assert parse("fsync") == Durability(fsync=True)
    assert parse("FSYNC, replica") == Durability(fsync=True, replica=True)
    assert str(parse("replica,fsync")) == "fsync,replica"
    with pytest.raises(ValueError, match="unknown always"):
        parse("always")


def test_replica_durability_needs_a_replica_for_every_master(cluster_client) -> None:
    with pytest.raises(DurabilityUnavailable, match="no connected replica"):
        check(cluster_client, Durability(replica=True))  # the suite's cluster has none
    assert check(cluster_client, Durability()) == ()
