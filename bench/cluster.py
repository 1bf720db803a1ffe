"""The event store on Redis Cluster: how games spread over the masters, and moves per second.

Run by hand (it starts its own Redis servers on free loopback ports and stops them by pid):

    .venv/bin/python bench/cluster.py [--games 10000] [--clients 8] [--seconds 8] [--rounds 3]

Part 1, spread: a 3-master cluster; ``GameService.create`` makes ``--games`` games (each
writes its first event and its index entry); then each master's share of the game streams,
counted on the masters themselves (``SCAN`` per node), and the deviation from a third.

Part 3 (first, ``--part durability`` alone): the cost of each ``FOXDEN_DURABILITY`` setting,
moves/s with 1 client and with ``--clients`` on one Redis: no AOF, AOF with ``everysec``
(setting ``none``), AOF with ``always`` (``fsync``), and a primary with one replica
(``replica``, a ``WAIT 1`` after each append).

Part 2, moves/s: ``--clients`` processes each play toy games of two human seats in process
(``GameService.handle``: load, decide, append, react; no HTTP), one move after the other, for
``--seconds``, against three stores in alternating rounds: one plain Redis, a one-node cluster
(every slot on one master) and a 3-master cluster. Clients and servers share this machine's
cores, so the figure says what the cluster costs per move here, not what it scales to.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from domain import registry  # noqa: E402
from events.durability import Durability  # noqa: E402
from events.redis_client import connect  # noqa: E402
from events.store import RedisEventStore  # noqa: E402
from service.games import GameService  # noqa: E402
from service.index import GameIndex  # noqa: E402
from service.ports import RecordingScheduler  # noqa: E402
from tests.redis_servers import binaries, start_cluster, start_server  # noqa: E402
from tests.toygame import TOY  # noqa: E402

CARDS = 40


def service_on(url: str, durability: Durability | None = None) -> GameService:
    registry.register(TOY)  # idempotent
    client = connect(url)
    store = RedisEventStore(client, durability=durability)
    return GameService(store, RecordingScheduler(), GameIndex(client))


def spread(url: str, games: int) -> Counter[str]:
    """Game streams per master after creating ``games`` games through the service."""
    service = service_on(url)
    for _ in range(games):
        service.create("sly", [{"kind": "human"}] * 2, {})
    client = service.store.redis
    counts: Counter[str] = Counter()
    for node in client.get_primaries():
        found = node.redis_connection.scan_iter(match="fd:{g:*}:events", count=1000)
        counts[node.name] = sum(1 for _ in found)
    return counts


def _play(task: tuple[str, float, object, Durability | None]) -> int:
    """Moves made by one client process in ``seconds``."""
    url, seconds, barrier, durability = task
    service = service_on(url, durability)
    tables = []
    for _ in range(4):  # several games, so one process's moves spread over the slots
        game_id = service.create(TOY.id, [{"kind": "human"}] * 2, {"cards": CARDS}).game_id
        seats = [service.join(game_id, f"p{n}")[0] for n in range(2)]
        tables.append([game_id, seats, 0])
    barrier.wait()  # type: ignore[attr-defined]
    moves, end = 0, time.monotonic() + seconds
    while time.monotonic() < end:
        for table in tables:
            game_id, _, made = table
            if made >= CARDS:  # the deck is empty: a new game
                game_id = service.create(TOY.id, [{"kind": "human"}] * 2, {"cards": CARDS}).game_id
                for n in range(2):
                    service.join(game_id, f"p{n}")
                table[0], table[2] = game_id, 0
            seat = min(service.load(game_id).state.to_act())
            service.handle(game_id, seat, {"type": "draw", "count": 1})
            table[2] += 1
            moves += 1
    return moves


def move_rate(
    url: str, clients: int, seconds: float, durability: Durability | None = None
) -> float:
    with multiprocessing.Manager() as manager:
        barrier = manager.Barrier(clients)
        with multiprocessing.get_context("fork").Pool(clients) as pool:
            counts = pool.map(_play, [(url, seconds, barrier, durability)] * clients)
    return sum(counts) / seconds


def durability_costs(binary: str, workdir: Path, clients: int, seconds: float, rounds: int) -> None:
    """Moves/s and the time per move of each FOXDEN_DURABILITY on one Redis (and a replica)."""
    settings = {
        "none, no AOF": (("--appendonly", "no"), Durability()),
        "none, AOF everysec": (("--appendonly", "yes", "--appendfsync", "everysec"), Durability()),
        "fsync (AOF always)": (
            ("--appendonly", "yes", "--appendfsync", "always"),
            Durability(fsync=True),
        ),
        "replica (WAIT 1)": (("--appendonly", "no"), Durability(replica=True)),
    }
    servers = {}
    for name, (options, _) in settings.items():
        servers[name] = start_server(
            binary, workdir / name.split()[0] / str(len(servers)), "--save", "", *options
        )
    replica = start_server(
        binary,
        workdir / "replica",
        "--save",
        "",
        "--appendonly",
        "no",
        "--replicaof",
        "127.0.0.1",
        str(servers["replica (WAIT 1)"].port),
    )
    try:
        probe = connect(servers["replica (WAIT 1)"].url)
        while int(probe.info("replication")["connected_slaves"]) < 1:
            time.sleep(0.05)
        print(f"\nper FOXDEN_DURABILITY, one Redis ({seconds:g} s a run, median of {rounds}):")
        for count in (1, clients):
            rates: dict[str, list[float]] = {name: [] for name in settings}
            for _ in range(rounds):
                for name, (_, durability) in settings.items():
                    rates[name].append(move_rate(servers[name].url, count, seconds, durability))
            base = statistics.median(rates["none, no AOF"])
            for name, measured in rates.items():
                median = statistics.median(measured)
                extra = (count / median - count / base) * 1e6  # µs of a client's time per move
                print(
                    f"  {count} client(s)  {name:20s} {median:8.0f} moves/s  "
                    f"{count / median * 1e6:7.0f} µs a move ({extra:+.0f} µs)"
                )
    finally:
        replica.stop()
        for server in servers.values():
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--part", choices=["all", "cluster", "durability"], default="all", help="what to run"
    )
    args = parser.parse_args()
    found = binaries()
    if found is None:
        sys.exit("bench/cluster.py needs redis-server and redis-cli on PATH")
    print(f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f} at the start")
    with tempfile.TemporaryDirectory(prefix="foxden-bench-cluster-") as tmp:
        workdir = Path(tmp)
        if args.part in ("all", "durability"):
            durability_costs(found[0], workdir, args.clients, args.seconds, args.rounds)
        if args.part == "durability":
            return
        three = start_cluster(workdir / "three", masters=3)
        one = start_cluster(workdir / "one", masters=1)
        plain = start_server(found[0], workdir / "plain")
        try:
            started = time.perf_counter()
            counts = spread(three.url, args.games)
            took = time.perf_counter() - started
            share = args.games / 3
            print(f"\n{args.games} games created on 3 masters in {took:.1f} s:")
            for name, count in sorted(counts.items()):
                print(
                    f"  {name}: {count} games ({(count - share) / share * 100:+.1f} % of a third)"
                )
            assert sum(counts.values()) == args.games
            worst = max(abs(count - share) / share for count in counts.values())
            print(f"  worst deviation {worst * 100:.1f} % (target within 10 %)")

            stores = {"plain Redis": plain.url, "cluster, 1 master": one.url}
            stores["cluster, 3 masters"] = three.url
            rates: dict[str, list[float]] = {name: [] for name in stores}
            print(f"\nmoves/s, {args.clients} client processes, {args.seconds:g} s a run:")
            for _ in range(args.rounds):
                for name, url in stores.items():
                    rates[name].append(move_rate(url, args.clients, args.seconds))
                    print(f"  {name:20s} {rates[name][-1]:8.0f}")
            print("median:")
            base = statistics.median(rates["cluster, 1 master"])
            for name, measured in rates.items():
                median = statistics.median(measured)
                print(f"  {name:20s} {median:8.0f} moves/s  ({median / base:.2f}x one master)")
            print(f"load average {os.getloadavg()[0]:.1f} at the end")
        finally:
            three.stop()
            one.stop()
            plain.stop()


if __name__ == "__main__":
    main()
