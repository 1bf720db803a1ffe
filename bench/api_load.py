"""Moves per second through the HTTP API under gunicorn, beside a bare Flask endpoint.

Run by hand (it starts its own servers on free loopback ports and stops them):

    .venv/bin/python bench/api_load.py [--url redis://127.0.0.1:6379/12] [--seconds 15]

Part 1, round trips: an in-process service on a Redis client that counts every command it
sends, playing Fette Beute moves with a warm cache; the counts are split into loading and
appending (the store), scheduling (RQ) and rate limiting.

Part 2, load: ``foxden api`` (gunicorn, gthread) and a bare Flask app under the same settings.
Eight client threads each drive their own 4-seat Fette Beute game: look at the legal moves,
post one. The bare app answers the same two requests with a fixed JSON body. Printed: moves/s,
p50 and p99 of the POST, and the ratio of the two.
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
import tempfile
import textwrap
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import redis  # noqa: E402

GAMES, SEATS = 8, 4

BARE_APP = textwrap.dedent(
    """
    from flask import Flask, jsonify, request

    app = Flask(__name__)
    MOVES = [{"type": "choose", "animals": ["squirrel", "marmot"]}] * 10

    @app.get("/v1/games/<game_id>/legal-moves")
    def legal(game_id):
        return jsonify(version=1, seat=0, moves=MOVES)

    @app.post("/v1/games/<game_id>/commands")
    def command(game_id):
        body = request.get_json()
        return jsonify(version=2, events=[{"type": "x", "data": body}], state={"ok": True}), 201
    """
)


# --- part 1: Redis round trips per move ---------------------------------------------------


class CountingConnection(redis.Connection):
    sent: collections.Counter[str] = collections.Counter()

    def send_packed_command(self, command, check_health=True):  # type: ignore[no-untyped-def]
        packed = command if isinstance(command, list) else [command]
        head = b"".join(bytes(part) for part in packed)[:80]
        words = head.split(b"\r\n")
        name = words[2].decode(errors="replace").upper() if len(words) > 2 else "?"
        if name == "EVALSHA" and len(words) > 4:  # which script: the store's or the limiter's
            name += ":" + words[4][:8].decode(errors="replace")
        CountingConnection.sent[name] += 1
        super().send_packed_command(command, check_health)


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


def start_foxden(url: str, port: int, workers: int, threads: int) -> subprocess.Popen:
    env = {"FOXDEN_RATE_LIMIT": "100000 per minute", **os.environ, "REDIS_URL": url}
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "service.cli",
            "api",
            "--port",
            str(port),
            "--workers",
            str(workers),
            "--threads",
            str(threads),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def start_bare(port: int, workers: int, threads: int, folder: str) -> subprocess.Popen:
    Path(folder, "bare_app.py").write_text(BARE_APP)
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--worker-class",
            "gthread",
            "--threads",
            str(threads),
            "bare_app:app",
        ],
        cwd=folder,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
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


def new_table(port: int) -> tuple[str, list[str]]:
    client = Client(port)
    _, game = client.call(
        "POST", "/v1/games", {"game": "fette-beute", "seats": [{"kind": "human"}] * SEATS}
    )
    tokens = [
        client.call("POST", f"/v1/games/{game['id']}/join", {"name": f"p{n}"})[1]["token"]
        for n in range(SEATS)
    ]
    return game["id"], tokens


def drive(port: int, seconds: float, real: bool) -> tuple[int, list[float]]:
    """Eight client threads, each playing its own game (a new one when one ends)."""
    latencies: list[float] = []
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def one_client(n: int) -> None:
        rng = random.Random(n)
        client = Client(port)
        game_id, tokens = new_table(port) if real else (f"g{n}", ["t"] * SEATS)
        mine: list[float] = []
        while time.monotonic() < deadline:
            seat = rng.randrange(SEATS)
            status, moves = client.call(
                "GET", f"/v1/games/{game_id}/legal-moves", token=tokens[seat]
            )
            options = [m for m in moves["moves"] if m["type"] != "leave"]
            if not options:
                _, summary = client.call("GET", f"/v1/games/{game_id}")
                if real and summary["status"] == "finished":
                    game_id, tokens = new_table(port)
                continue
            started = time.perf_counter()
            status, _ = client.call(
                "POST", f"/v1/games/{game_id}/commands", rng.choice(options), token=tokens[seat]
            )
            if status == 201:
                mine.append(time.perf_counter() - started)
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=one_client, args=(n,)) for n in range(GAMES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return len(latencies), latencies


def summarise(name: str, moves: int, latencies: list[float], seconds: float) -> float:
    cuts = statistics.quantiles(latencies, n=100)
    rate = moves / seconds
    print(
        f"{name:<8} {rate:>9.0f} moves/s   p50 {cuts[49] * 1000:6.2f} ms   "
        f"p99 {cuts[98] * 1000:6.2f} ms"
    )
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/12"))
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn processes")
    parser.add_argument("--threads", type=int, default=8, help="threads per process")
    args = parser.parse_args()

    trips = round_trips(args.url)
    print(f"Redis commands per move over {trips['moves']} moves (warm cache):")
    print(f"  load + append (store): {trips['store per move']:.2f}")
    print(f"  rate limiting:         {trips['rate limit per move']:.2f}")
    print(f"  all (index, scheduling): {trips['all commands per move']:.2f}   {trips['detail']}")

    port_real, port_bare = free_port(), free_port()
    with tempfile.TemporaryDirectory() as folder:
        servers = [
            start_foxden(args.url, port_real, args.workers, args.threads),
            start_bare(port_bare, args.workers, args.threads, folder),
        ]
        try:
            wait_for(port_real)
            wait_for(port_bare, "/v1/games/x/legal-moves")
            print(
                f"\n{GAMES} games at once, gunicorn gthread {args.workers}x{args.threads}, "
                f"{args.seconds:.0f} s each:"
            )
            real = summarise("foxden", *drive(port_real, args.seconds, True), args.seconds)
            bare = summarise("bare", *drive(port_bare, args.seconds, False), args.seconds)
            print(f"ratio foxden / bare: {real / bare:.2f}")
        finally:
            for server in servers:
                server.send_signal(signal.SIGTERM)
            for server in servers:
                server.wait(15)


if __name__ == "__main__":
    main()
