"""Crashes under load: no acknowledged move is lost, and clients meet 503s, never 500s.

Each test starts its own Redis (on free loopback ports, stopped by pid) and drives it with 8
client threads through the API, each playing games of its own; every event the API answered
201 is an acknowledged move, counted and checked afterwards against what the store holds.

* A Redis Cluster (3 masters, a replica each, ``FOXDEN_DURABILITY=replica``) whose master is
  SIGKILLed mid-load: its replica is promoted, the killed node comes back as a replica, and the
  same service (no restart) carries on.
* One Redis with ``appendonly yes``, ``appendfsync always`` (``FOXDEN_DURABILITY=fsync``),
  SIGKILLed mid-load and restarted from its AOF.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import redis
from flask import Flask

from events.durability import Durability, DurabilityUnavailable, check
from events.redis_client import connect
from events.store import RedisEventStore
from service.api import create_app
from service.games import GameService
from service.index import GameIndex
from service.ports import RecordingScheduler
from tests.redis_servers import (
    Cluster,
    Server,
    binaries,
    plain_client,
    start_cluster,
    start_server,
)
from tests.service.conftest import Api
from tests.threads import run_threads

# In the workers' group: 8 client threads and up to 6 Redis servers would otherwise compete on
# 2 cores with the worker tests' processes, whose waits are timed.
pytestmark = [pytest.mark.redis, pytest.mark.xdist_group("workers")]

CLIENTS = 8
CARDS = 40
AOF_ALWAYS = ("--save", "", "--appendonly", "yes", "--appendfsync", "always")
# How long a wait for something the test causes (acknowledged moves, a failover) may take
# before the test calls it missing: generous, so that a loaded machine is not a failure; a
# passing test waits only as long as the thing takes.
WAIT_S = 60


def wait_until(condition: Callable[[], bool], timeout: float, what: Callable[[], str]) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(what())
        time.sleep(0.02)


def replica_of(cluster: Cluster, master: Server) -> Server:
    """The node that replicates ``master`` now."""
    for node in cluster.nodes:
        if node is not master and _replication(node).get("master_port") == master.port:
            return node
    raise AssertionError(f"no replica of the master on port {master.port}")


def _replication(node: Server) -> dict:
    client = plain_client(node.port)
    try:
        return client.info("replication")
    except (redis.RedisError, OSError):
        return {}
    finally:
        client.close()


@pytest.fixture(autouse=True)
def _servers_needed() -> None:
    if binaries() is None:
        pytest.skip("these tests start their own redis-server: install redis-server/redis-cli")


def app_on(url: str, durability: Durability, retry_s: float | None = None) -> Flask:
    client = connect(url)
    store = RedisEventStore(
        client,
        blocking_client=connect(url, blocking=True),
        durability=durability,
        retry_s=retry_s,
    )
    service = GameService(store, RecordingScheduler(), GameIndex(client))
    return create_app(service, {"RATE_LIMIT": "off"})


@dataclass
class Load:
    """8 clients playing toy games until told to stop; what the API acknowledged."""

    app: Flask
    acked: dict[tuple[str, int], str] = field(default_factory=dict)  # (game, version) → hash
    statuses: Counter[int] = field(default_factory=Counter)
    missing_retry_after: int = 0
    moves_acked: int = 0  # 201s to a move
    stop: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def _answer(self, response, game_id: str = "") -> bool:
        with self.lock:
            self.statuses[response.status_code] += 1
            if response.status_code == 503 and not response.headers.get("Retry-After"):
                self.missing_retry_after += 1
            if response.status_code != 201:
                return False
            for event in response.json.get("events", ()):
                self.acked[(game_id, event["version"])] = event["hash"]
            self.moves_acked += 1
        return True

    def _client(self, n: int) -> None:
        api = Api(self.app.test_client())
        games = 0
        while not self.stop.is_set():
            games += 1
            self._play(api, f"c{n}g{games}")
            time.sleep(0.01)

    def _play(self, api: Api, name: str) -> None:
        created = api.client.post(
            "/v1/games",
            json={
                "game": "toy-draw",
                "seats": [{"kind": "human"}] * 2,
                "options": {"cards": CARDS},
            },
        )
        if created.status_code != 201:
            self._answer(created)
            return
        with self.lock:
            self.statuses[201] += 1
        game_id = created.json["id"]
        tokens = []
        for seat in range(2):
            joined = api.client.post(f"/v1/games/{game_id}/join", json={"name": f"p{seat}"})
            with self.lock:
                self.statuses[joined.status_code] += 1
            if joined.status_code != 201:
                return  # a token shown once and lost with its reply: play another game
            tokens.append(joined.json["token"])
        summary = api.get(f"/v1/games/{game_id}")
        if summary.status_code != 200:
            self._answer(summary)
            return
        seat = summary.json["to_act"][0]  # the start player is drawn from the seed
        for move in range(CARDS):  # a card a move: the game ends with the deck
            if self.stop.is_set():
                return
            for _attempt in range(200):  # the same key again after a 503: safe to repeat
                response = api.command(
                    game_id,
                    tokens[seat],
                    {"type": "draw", "count": 1},
                    **{"Idempotency-Key": f"{name}-{move}"},
                )
                if self._answer(response, game_id) or self.stop.is_set():
                    break
                time.sleep(0.05)
            else:
                return
            if response.status_code != 201:
                return
            seat = 1 - seat

    def run(self, during: Callable[[Load], None]) -> None:
        """The clients play while ``during`` runs (it sets ``stop`` when done)."""
        worker = threading.Thread(target=run_threads, args=(CLIENTS, self._client))
        worker.start()
        try:
            during(self)
        finally:
            self.stop.set()
            worker.join(60)

    def wait_for_acks(self, count: int, timeout: float = WAIT_S) -> None:
        start = self.moves_acked
        wait_until(
            lambda: self.moves_acked - start >= count,
            timeout,
            lambda: (
                f"only {self.moves_acked - start} of {count} moves acknowledged in "
                f"{timeout} s; statuses {dict(self.statuses)}"
            ),
        )

    def lost(self, url: str) -> list[tuple[str, int]]:
        """The acknowledged events the store does not hold as acknowledged (a fresh client)."""
        store = RedisEventStore(connect(url))
        games: dict[str, dict[int, str]] = {}
        for game_id, _ in self.acked:
            if game_id not in games:
                games[game_id] = {e.version: e.hash for e in store.read(game_id)}
        return [key for key, digest in self.acked.items() if games[key[0]].get(key[1]) != digest]


def test_a_killed_cluster_master_loses_no_acknowledged_move(
    tmp_path: Path,
) -> None:
    cluster = start_cluster(tmp_path, masters=3, replicas=1, node_timeout_ms=1000)
    try:
        # A short retry window, so that the outage shows as 503s.
        load = Load(app_on(cluster.url, Durability(replica=True), retry_s=0.5))

        def kill_a_master(load: Load) -> None:
            load.wait_for_acks(50)
            victim = cluster.nodes[0]  # a master: they come first
            heir = replica_of(cluster, victim)
            victim.kill()
            # Its replica takes over (after about node-timeout + 2 s). Only then may the killed
            # node come back: from its nodes.conf, as the new master's replica, which WAIT 1
            # needs. Back earlier, it would be a master again, empty (no persistence).
            wait_until(
                lambda: _replication(heir).get("role") == "master",
                WAIT_S,
                lambda: f"the replica on port {heir.port} was not promoted in {WAIT_S} s",
            )
            victim.start()
            load.wait_for_acks(100)

        load.run(kill_a_master)
        lost = load.lost(_live_url(cluster))
    finally:
        cluster.stop()
    statuses = dict(load.statuses)
    assert set(statuses) <= {201, 503}, statuses  # never a 500, never a 409 from a retry
    assert statuses.get(503), f"the outage was never seen: {statuses}"
    assert load.missing_retry_after == 0
    assert len(load.acked) > 100
    assert lost == [], f"{len(lost)} of {len(load.acked)} acknowledged moves lost"
    print(f"cluster failover: {len(load.acked)} acknowledged events, none lost; {statuses}")


def _live_url(cluster: Cluster) -> str:
    live = next(n for n in cluster.nodes if n.process and n.process.poll() is None)
    return f"redis+cluster://127.0.0.1:{live.port}"


@pytest.fixture
def aof_always(tmp_path: Path) -> Iterator[Server]:
    found = binaries()
    assert found
    server = start_server(found[0], tmp_path, *AOF_ALWAYS)
    yield server
    server.stop()


def test_a_sigkilled_redis_with_aof_always_loses_no_acknowledged_move(
    aof_always: Server,
) -> None:
    load = Load(app_on(aof_always.url, Durability(fsync=True)))

    def crash(load: Load) -> None:
        load.wait_for_acks(100)
        aof_always.kill()
        time.sleep(0.5)  # an outage of half a second, as a crash and a restart make
        aof_always.start()  # reads its AOF back
        load.wait_for_acks(100)

    load.run(crash)
    statuses = dict(load.statuses)
    assert set(statuses) <= {201, 503}, statuses
    assert statuses.get(503), f"the crash was never seen: {statuses}"
    assert load.missing_retry_after == 0
    lost = load.lost(aof_always.url)
    assert lost == [], f"{len(lost)} of {len(load.acked)} acknowledged moves lost"
    print(f"SIGKILL with AOF always: {len(load.acked)} acknowledged events, none lost; {statuses}")


# --- the start-up check -------------------------------------------------------------------


def test_fsync_is_refused_unless_the_server_syncs_every_write(aof_always: Server) -> None:
    client = connect(aof_always.url)
    assert check(client, Durability(fsync=True)) == ()  # always: nothing to add per append
    client.config_set("appendfsync", "everysec")
    with pytest.raises(DurabilityUnavailable, match="appendfsync=everysec"):
        check(client, Durability(fsync=True))
    # Redis 7.0 has no WAITAOF to make up for it (it came with 7.2).
    assert tuple(int(x) for x in client.info()["redis_version"].split(".")[:2]) < (7, 2)
    client.config_set("appendonly", "no")
    with pytest.raises(DurabilityUnavailable, match="appendonly=no"):
        RedisEventStore(client, durability=Durability(fsync=True))


def test_replica_is_refused_without_a_replica(aof_always: Server) -> None:
    client = connect(aof_always.url)
    with pytest.raises(DurabilityUnavailable, match="no connected replica"):
        check(client, Durability(replica=True))
