"""Archiving 100,000 finished games: throughput, Redis memory, and reads before and after.

    .venv/bin/python bench/archive.py [--games 100000]

Starts a redis-server of its own (no persistence) and an archive directory of its own. Plays
one finished game of each kind with bots, then copies their streams, command records and
snapshots under new game ids (an envelope names no game, so each copy is a whole, valid game)
with their index entries: 90 % SLY, 8 % Fette Beute, 2 % Gloria Picktoria. Then:

1. Redis ``used_memory`` with every game in Redis;
2. reads of 300 sampled games still in Redis, through the Flask app in this process: the first
   read (this process has never read the game: every cache empty) and a warm one, of
   ``GET /v1/games/{id}`` and of ``state?version=N`` halfway through;
3. archives them all in this one process, as one worker would (its jobs run
   ``Archiver.archive``), and reports games per second;
4. ``used_memory`` again, and the same reads of the same (now archived) games, first and warm;
5. the finished list (``GET /v1/games?status=finished``): its first page and 20 pages deep.

The client, the server and the archive share this machine's 2 cores; ratios are what to quote.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.spectators import start_redis
from events.archive import ArchivedGames
from events.archive_storage import open_archive
from events.redis_client import connect
from events.store import RedisEventStore, keys, snapshot_key
from service.api import create_app
from service.games import GameService
from service.index import GameIndex
from service.loading import Lru, StateCache
from service.ports import RecordingScheduler
from tests.fairness.conftest import finish

MIX = [("sly", 0.90), ("fette-beute", 0.08), ("gloria-picktoria", 0.02)]
SAMPLE = 300


def service_on(url: str, archive_url: str) -> GameService:
    client = connect(url)
    archive = open_archive(archive_url)
    store = RedisEventStore(client, archive=ArchivedGames(archive))
    return GameService(store, RecordingScheduler(), GameIndex(client), archive=archive)


def clone(games: GameService, source: str, count: int) -> list[str]:
    """``count`` copies of the game ``source``: its stream, command records, snapshots and
    index entry, under new ids."""
    client = games.store.redis
    entries = client.xrange(keys(source)[0])
    head = client.hget(keys(source)[1], "")
    snaps = client.hgetall(snapshot_key(source))
    state = games.load(source).state
    created = [f"2026-01-01T00:00:{n % 60:02d}.000Z" for n in range(count)]
    ids = []
    for start in range(0, count, 200):
        pipe = client.pipeline(transaction=False)
        batch = [uuid.uuid4().hex for _ in range(min(200, count - start))]
        for game_id in batch:
            stream, cmds = keys(game_id)
            for entry_id, fields in entries:
                pipe.xadd(stream, fields, id=entry_id)
            pipe.hset(cmds, "", head)
            if snaps:
                pipe.hset(snapshot_key(game_id), mapping=snaps)
        pipe.execute()
        for offset, game_id in enumerate(batch):
            games.index.add(game_id, state, created[start + offset])
        ids += batch
    return ids


def cold(games: GameService, game_id: str) -> None:
    """Forget what this process holds of ``game_id``: its state, decoded snapshots and, once
    archived, its decoded events."""
    games.cache = StateCache(4096)
    games.decoded_snapshots = Lru(512)
    archive = games.store.archive  # type: ignore[attr-defined]
    if archive is not None:
        archive.forget(game_id)


def timed(call: Callable[[], object]) -> float:
    started = time.perf_counter()
    call()
    return time.perf_counter() - started


def reads(games: GameService, sample: list[tuple[str, int]]) -> dict[str, list[float]]:
    client = create_app(games, {"RATE_LIMIT": "off"}).test_client()
    found: dict[str, list[float]] = {
        "game first": [],
        "game warm": [],
        "past first": [],
        "past warm": [],
    }
    for game_id, version in sample:
        cold(games, game_id)
        found["game first"].append(timed(lambda g=game_id: client.get(f"/v1/games/{g}")))
        found["game warm"].append(timed(lambda g=game_id: client.get(f"/v1/games/{g}")))
        cold(games, game_id)
        path = f"/v1/games/{game_id}/state?version={version}"
        found["past first"].append(timed(lambda p=path: client.get(p)))
        found["past warm"].append(timed(lambda p=path: client.get(p)))
    return found


def ms(values: list[float]) -> str:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return f"p50 {statistics.median(values) * 1000:.2f} / p99 {p99 * 1000:.2f} ms"


def used(games: GameService) -> int:
    return int(games.store.redis.info("memory")["used_memory"])


def listing(games: GameService) -> tuple[list[float], list[float]]:
    client = create_app(games, {"RATE_LIMIT": "off"}).test_client()
    first, deep = [], []
    for _ in range(50):
        first.append(timed(lambda: client.get("/v1/games?status=finished&limit=50")))
    cursor = None
    for _ in range(20):
        query = "/v1/games?status=finished&limit=50" + (f"&cursor={cursor}" if cursor else "")
        started = time.perf_counter()
        body = client.get(query).get_json()
        deep.append(time.perf_counter() - started)
        cursor = body.get("next_cursor")
    return first, deep


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="foxden-bench-archive-") as workdir:
        url, server = start_redis(Path(workdir))
        try:
            run(args, rng, url, str(Path(workdir) / "archive"))
        finally:
            server.terminate()
            server.wait(10)


def run(args: argparse.Namespace, rng: random.Random, url: str, archive_url: str) -> None:
    games = service_on(url, archive_url)
    ids: dict[str, list[str]] = {}
    started = time.perf_counter()
    for kind, share in MIX:
        source = finish(games, kind).game_id
        ids[kind] = [source, *clone(games, source, max(1, round(args.games * share)) - 1)]
    total = sum(len(v) for v in ids.values())
    print(f"{total} finished games in Redis ({time.perf_counter() - started:.0f} s to make)")
    before = used(games)
    print(f"Redis used_memory: {before / 2**20:.0f} MiB ({before / total:.0f} B per game)")

    sample = []
    for kind, share in MIX:
        chosen = rng.sample(ids[kind], max(1, round(SAMPLE * share)))
        version = games.load(chosen[0]).version // 2 or 1
        sample += [(game_id, version) for game_id in chosen]
    in_redis = reads(service_on(url, archive_url), sample)

    archiver = games.archiver
    assert archiver is not None
    started = time.perf_counter()
    for kept in ids.values():
        for game_id in kept:
            archiver.archive(game_id)
    elapsed = time.perf_counter() - started
    print(f"archived {total} games in {elapsed:.0f} s: {total / elapsed:.0f} games/s, one process")
    after = used(games)
    print(f"Redis used_memory: {after / 2**20:.0f} MiB ({after / total:.0f} B per game)")

    archived = reads(service_on(url, archive_url), sample)
    print(f"reads of {len(sample)} games, in Redis -> archived (ratio of p50s):")
    for name in in_redis:
        ratio = statistics.median(archived[name]) / statistics.median(in_redis[name])
        print(f"  {name:10s}: {ms(in_redis[name])} -> {ms(archived[name])}  ({ratio:.2f}x)")
    first, deep = listing(games)
    print(f"finished list, first page: {ms(first)}; 20 pages deep: {ms(deep)}")


if __name__ == "__main__":
    main()
