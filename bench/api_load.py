"""Moves per second through the HTTP API under gunicorn, beside a bare Flask endpoint.

Run by hand (it starts its own servers on free loopback ports and stops them):

    .venv/bin/python bench/api_load.py [--url redis://127.0.0.1:6379/12] [--seconds 8] [--rounds 5]

Part 1, round trips: an in-process service on a Redis client that counts every command it
sends, playing Fette Beute moves with a warm cache; the counts are split into loading and
appending (the store), scheduling (RQ) and rate limiting.

Part 2, load: ``foxden api`` (gunicorn, gthread; ``--worker-class gevent`` for foxden api's
default worker) and a bare Flask app under the same settings.
Eight client threads each drive their own 4-seat Fette Beute game: look at the legal moves,
post one (the seats to act come from the POST's answer, as a real client learns them); the
games are created and joined before each round's clock starts (``Stock``), so that both servers
answer the same two requests while timed. The bare
app answers the same two requests with a fixed JSON body; the bare app ``with_redis`` also
makes each request's one Redis round trip on Foxden's connection path (``bench/bare_app.py``),
the like-for-like baseline: Foxden's figure against it is what its own code costs. After an
untimed warm-up round (code loaded, caches filled, the stock sized), the servers take turns for a
few rounds, since a shared machine's speed drifts; printed per round: moves/s,
p50 and p99 of the POST, the servers' CPU per move (and Redis's, and the client's: all of them
share the machine's cores); then the median ratios.
"""

from __future__ import annotations

import argparse
import collections
import http.client
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import redis  # noqa: E402

from foxden.server import options as server_options  # noqa: E402
from tests.redis_writes import CountingSocket  # noqa: E402

GAMES, SEATS = 8, 4


# --- part 1: Redis round trips per move ---------------------------------------------------


class CountingConnection(redis.Connection):
    """A connection whose socket counts the commands it writes (tests/redis_writes.py)."""

    sent: collections.Counter[str] = collections.Counter()

    def _connect(self) -> Any:
        return CountingSocket(super()._connect(), CountingConnection.count)

    @classmethod
    def count(cls, command: list[bytes]) -> None:
        name = command[0].decode(errors="replace").upper()
        if name == "EVALSHA" and len(command) > 1:  # which script: the store's or the limiter's
            name += ":" + command[1][:8].decode(errors="replace")
        cls.sent[name] += 1


def round_trips(url: str, moves: int = 400) -> dict[str, float]:
    from events.store import RedisEventStore
    from service.api import create_app
    from service.games import GameService
    from service.index import GameIndex
    from workers.scheduler import RQScheduler

    pool = redis.ConnectionPool.from_url(url, connection_class=CountingConnection)
    client = redis.Redis(connection_pool=pool)
    service = GameService(RedisEventStore(client), RQScheduler(client), GameIndex(client))
    app = create_app(service, {"RATE_LIMIT": "100000 per minute"})
    http_client = app.test_client()
    rng = random.Random(3)
    made, game_id, tokens = 0, None, []
    sent: collections.Counter[str] = collections.Counter()
    while made < moves:
        state = service.load(game_id).state if game_id else None
        if state is None or state.status != "active":
            game = http_client.post(
                "/v1/games", json={"game": "fette-beute", "seats": [{"kind": "human"}] * SEATS}
            )
            game_id = game.json["id"]
            tokens = [
                http_client.post(f"/v1/games/{game_id}/join", json={"name": f"p{n}"}).json["token"]
                for n in range(SEATS)
            ]
            continue
        seat = rng.choice(sorted(state.to_act()))
        body = rng.choice(state.definition.legal_commands(state.board, seat))
        before = collections.Counter(CountingConnection.sent)
        response = http_client.post(
            f"/v1/games/{game_id}/commands",
            json=body,
            headers={"Authorization": f"Bearer {tokens[seat]}"},
        )
        assert response.status_code == 201, response.json
        sent += CountingConnection.sent - before  # the POST's own commands only
        made += 1
    append_script = "EVALSHA:" + service.store._append.sha[:8]
    store = sent[append_script] + sent["XRANGE"] + sent["XREVRANGE"]
    limiter = (
        sum(n for name, n in sent.items() if name.startswith("EVALSHA:")) - sent[append_script]
    )
    return {
        "moves": made,
        "store per move": store / made,
        "rate limit per move": limiter / made,
        "all commands per move": sum(sent.values()) / made,
        "detail": dict(sent),
    }


# --- part 2: load through gunicorn ---------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(port: int, path: str = "/healthz", seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            conn.request("GET", path)
            if conn.getresponse().status < 500:
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing answers on port {port}")


def start_foxden(
    url: str, port: int, workers: int, worker_class: str, threads: int
) -> subprocess.Popen:
    env = {"FOXDEN_RATE_LIMIT": "100000 per minute", **os.environ, "REDIS_URL": url}
    argv = [sys.executable, "-m", "foxden.cli", "api", "--port", str(port)]
    argv += ["--workers", str(workers), "--worker-class", worker_class]
    if worker_class == "gthread":  # under gevent foxden api sets its connection count itself
        argv += ["--threads", str(threads)]
    return subprocess.Popen(
        argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )


def start_bare(
    port: int, workers: int, worker_class: str, threads: int, redis_url: str = ""
) -> subprocess.Popen:
    """The bare app under foxden api's settings for the same worker class; with ``redis_url``,
    the one that makes a move's round trips (``bare_app:with_redis``)."""
    chosen = server_options("127.0.0.1", port, workers=workers, worker_class=worker_class)
    argv = [sys.executable, "-m", "gunicorn", "--bind", chosen["bind"]]
    argv += ["--workers", str(workers), "--worker-class", worker_class]
    if worker_class == "gthread":
        argv += ["--threads", str(threads)]
    else:
        argv += ["--worker-connections", str(chosen["worker_connections"])]
    argv += ["--keep-alive", str(chosen["keepalive"])]
    argv.append("bare_app:with_redis" if redis_url else "bare_app:app")
    env = {**os.environ, "BARE_REDIS_URL": redis_url}
    return subprocess.Popen(
        argv, cwd=ROOT / "bench", env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )


class Client:
    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def call(self, method: str, path: str, body: object = None, token: str | None = None):
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        self.conn.request(method, path, json.dumps(body) if body is not None else None, headers)
        response = self.conn.getresponse()
        return response.status, json.loads(response.read() or b"null")


def new_table(port: int) -> tuple[str, list[str], list[int]]:
    """A new 4-seat game, all seats joined: its id, the seat tokens and the seats to act."""
    client = Client(port)
    _, game = client.call(
        "POST", "/v1/games", {"game": "fette-beute", "seats": [{"kind": "human"}] * SEATS}
    )
    tokens, to_act = [], []
    for n in range(SEATS):
        _, joined = client.call("POST", f"/v1/games/{game['id']}/join", {"name": f"p{n}"})
        tokens.append(joined["token"])
        to_act = joined["game"]["to_act"]
    return game["id"], tokens, to_act


class Stock:
    """Each client's games, joined before the clock starts, so that a round times moves alone.

    Both servers then answer the same two requests in the timed window (the bare app has no games
    to create); what setting up costs Foxden is not a move's cost. Tables left over carry into the
    next round, and each round stocks for the games the last one used, with a margin. A client
    whose stock runs out deals a table inside the window: counted and printed ("dealt late").
    """

    def __init__(self, port: int, round_seconds: float, per_client: int = 12) -> None:
        self.port, self.round_seconds, self.per_client = port, round_seconds, per_client
        self.tables: list[list[tuple[str, list[str], list[int]]]] = [[] for _ in range(GAMES)]

    def fill(self, client: int) -> None:
        while len(self.tables[client]) < self.per_client:
            self.tables[client].append(new_table(self.port))

    def take(self, client: int) -> tuple[tuple[str, list[str], list[int]], bool]:
        """A table, and whether it had to be dealt now (the stock ran out)."""
        if self.tables[client]:
            return self.tables[client].pop(0), False
        return new_table(self.port), True

    def plan(self, games_used: list[int], seconds: float) -> None:
        """Stock the next round for the busiest client of this one (which lasted ``seconds``),
        with a margin."""
        wanted = max(games_used) * self.round_seconds / seconds
        self.per_client = max(self.per_client, int(wanted * 1.5) + 2)


class Drive(NamedTuple):
    """What one timed round of one server did, and the CPU its processes (and Redis's) used."""

    seconds: float
    requests: int
    latencies: list[float]
    server_user: float
    server_system: float
    redis: float
    client: float  # this process's CPU: the client threads, sharing the cores with the servers
    dealt_late: int


def drive(
    port: int, seconds: float, stock: Stock | None, pids: list[int], redis_pids: list[int]
) -> Drive:
    """Eight client threads, each playing its own game (the next one when one ends).

    A move is two requests on both servers: the legal moves of a seat to act, then the POST of
    one of them. The client learns who is to act from the POST's answer, as a real client would,
    so it never asks a seat that has nothing to do. With a ``stock`` (Foxden) the games are
    dealt before the clock and the CPU counters start; without one (the bare apps) every client
    plays a made-up game that never ends.
    """
    latencies: list[float] = []
    counts: collections.Counter[str] = collections.Counter()
    games_used = [0] * GAMES
    lock = threading.Lock()
    started: dict[str, Any] = {}

    def start_the_clock() -> None:
        started.update(
            server=cpu_seconds(pids),
            redis=cpu_seconds(redis_pids),
            client=time.process_time(),
            at=time.monotonic(),
        )
        started["deadline"] = started["at"] + seconds

    ready = threading.Barrier(GAMES, action=start_the_clock)

    def one_client(n: int) -> None:
        rng = random.Random(n)
        client = Client(port)
        if stock is not None:
            stock.fill(n)
        ready.wait()
        table, late = stock.take(n) if stock else ((f"g{n}", ["t"] * SEATS, [0]), False)
        game_id, tokens, to_act = table
        mine: list[float] = []
        calls, games, dealt_late = 0, 1, int(late)
        while time.monotonic() < started["deadline"]:
            if not to_act:
                (game_id, tokens, to_act), late = stock.take(n)  # type: ignore[union-attr]
                games, dealt_late = games + 1, dealt_late + late
            seat = rng.choice(to_act)
            _, moves = client.call("GET", f"/v1/games/{game_id}/legal-moves", token=tokens[seat])
            options = [m for m in moves["moves"] if m["type"] != "leave"]
            begun = time.perf_counter()
            status, answer = client.call(
                "POST", f"/v1/games/{game_id}/commands", rng.choice(options), token=tokens[seat]
            )
            calls += 2
            if status != 201:
                raise RuntimeError(f"POST answered {status}: {answer}")
            mine.append(time.perf_counter() - begun)
            if stock is not None:
                to_act = answer["state"]["to_act"] if answer["state"]["status"] == "active" else []
        with lock:
            latencies.extend(mine)
            counts.update(requests=calls, dealt_late=dealt_late)
            games_used[n] = games

    threads = [threading.Thread(target=one_client, args=(n,)) for n in range(GAMES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    ended, client_after = time.monotonic(), time.process_time()
    (user, system), redis_after = cpu_seconds(pids), cpu_seconds(redis_pids)
    if stock is not None:
        stock.plan(games_used, ended - started["at"])
    return Drive(
        seconds=ended - started["at"],
        requests=counts["requests"],
        latencies=latencies,
        server_user=user - started["server"][0],
        server_system=system - started["server"][1],
        redis=sum(redis_after) - sum(started["redis"]),
        client=client_after - started["client"],
        dealt_late=counts["dealt_late"],
    )


def cpu_seconds(pids: list[int]) -> tuple[float, float]:
    """CPU time (user, system) the processes have used so far; Linux only, else zeros."""
    user = system = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        user += int(fields[11]) / os.sysconf("SC_CLK_TCK")
        system += int(fields[12]) / os.sysconf("SC_CLK_TCK")
    return user, system


def family(pid: int) -> list[int]:
    """The process and its children (gunicorn's arbiter and its workers)."""
    children = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                children.append(int(stat.parent.name))
        except (OSError, ValueError, IndexError):
            continue
    return [pid, *children]


def redis_server_pid(url: str) -> list[int]:
    """The Redis server's process, when it runs on this machine (as the bench assumes)."""
    return [int(redis.Redis.from_url(url).info("server")["process_id"])]


def measure(
    name: str,
    port: int,
    pids: list[int],
    redis_pids: list[int],
    seconds: float,
    stock: Stock | None,
) -> float:
    """Drive one server; print moves/s, latency and CPU per move; return moves/s."""
    done = drive(port, seconds, stock, pids, redis_pids)
    moves = len(done.latencies)
    user_us, system_us = done.server_user / moves * 1e6, done.server_system / moves * 1e6
    cuts = statistics.quantiles(done.latencies, n=100)
    rate = moves / done.seconds
    print(
        f"  {name:<7} {rate:>6.0f} moves/s  {done.requests / moves:.1f} requests/move  "
        f"POST p50 {cuts[49] * 1000:5.2f} ms p99 {cuts[98] * 1000:6.2f} ms  "
        f"server CPU {user_us + system_us:5.0f} µs/move (user {user_us:4.0f}, "
        f"system {system_us:3.0f})"
        + (f", Redis {done.redis / moves * 1e6:4.0f}" if redis_pids else "")
        + f", client {done.client / moves * 1e6:4.0f}"
        + (f", {done.dealt_late} games dealt late" if done.dealt_late else "")
    )
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/12"))
    parser.add_argument("--seconds", type=float, default=8, help="per server and round")
    parser.add_argument("--rounds", type=int, default=5, help="alternate the servers this often")
    parser.add_argument(
        "--warm-up",
        type=float,
        default=4,
        help="seconds per server of an untimed first round (0: none)",
    )
    parser.add_argument("--workers", type=int, default=2, help="gunicorn processes")
    parser.add_argument("--threads", type=int, default=8, help="threads per process (gthread)")
    parser.add_argument(
        "--worker-class",
        choices=["gthread", "gevent"],
        default="gthread",
        help="gunicorn's worker for both servers (foxden api's default is gevent)",
    )
    args = parser.parse_args()

    trips = round_trips(args.url)
    print(f"Redis commands per move over {trips['moves']} moves (warm cache):")
    print(f"  load + append (store): {trips['store per move']:.2f}")
    print(f"  rate limiting:         {trips['rate limit per move']:.2f}")
    print(f"  all commands:          {trips['all commands per move']:.2f}   {trips['detail']}")

    port_real, port_bare, port_trips = free_port(), free_port(), free_port()
    servers = [
        start_foxden(args.url, port_real, args.workers, args.worker_class, args.threads),
        start_bare(port_bare, args.workers, args.worker_class, args.threads),
        start_bare(port_trips, args.workers, args.worker_class, args.threads, args.url),
    ]
    try:
        wait_for(port_real)
        wait_for(port_bare, "/v1/games/x/legal-moves")
        wait_for(port_trips, "/v1/games/x/legal-moves")
        real_pids, bare_pids = family(servers[0].pid), family(servers[1].pid)
        trips_pids = family(servers[2].pid)
        redis_pid = redis_server_pid(args.url)
        print(
            f"\n{GAMES} games at once, gunicorn {args.worker_class} {args.workers} processes"
            + (f" x {args.threads} threads" if args.worker_class == "gthread" else "")
            + ", "
            f"{args.rounds} rounds of {args.seconds:.0f} s per server:"
        )
        ratios: dict[str, list[float]] = {"bare": [], "bare with Redis": []}
        stock = Stock(port_real, args.seconds)
        contenders = [
            ("foxden", port_real, real_pids, redis_pid, stock),
            ("bare", port_bare, bare_pids, [], None),
            ("+redis", port_trips, trips_pids, redis_pid, None),
        ]

        def one_round(seconds: float) -> list[float]:
            """Each server driven in turn for ``seconds``; their moves/s, in that order."""
            return [
                measure(name, port, pids, redis_pids, seconds, stocked)
                for name, port, pids, redis_pids, stocked in contenders
            ]

        if args.warm_up > 0:
            # Not counted: each server's first requests load code and fill caches, and this
            # round tells the stock how many tables a round uses (without it the first timed
            # round dealt a hundred tables late, inside Foxden's window).
            print(f"warm-up, {args.warm_up:.0f} s per server (not counted)")
            one_round(args.warm_up)
        for round_number in range(1, args.rounds + 1):
            print(f"round {round_number}")
            real, bare, trips = one_round(args.seconds)
            ratios["bare"].append(real / bare)
            ratios["bare with Redis"].append(real / trips)
            print(f"  ratio   {real / bare:.2f} to bare, {real / trips:.2f} to bare with Redis")
        for baseline, each in ratios.items():
            print(
                f"ratio foxden / {baseline}, median of {len(each)} rounds: "
                f"{statistics.median(each):.2f}  (each: {', '.join(f'{r:.2f}' for r in each)})"
            )
    finally:
        for server in servers:
            server.send_signal(signal.SIGTERM)
        for server in servers:
            server.wait(15)
        client = redis.Redis.from_url(args.url)
        for key in client.scan_iter("bench:bare:*", count=1000):
            client.delete(key)


if __name__ == "__main__":
    main()
