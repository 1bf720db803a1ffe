"""All-bot games finished per minute by 1, 2 and 4 ``foxden worker`` processes.

Run by hand (not part of ``make test``)::

    .venv/bin/python bench/bots.py [--url redis://127.0.0.1:6379/13] [--games 10] [--workers 1,2,4]

For each worker count: start that many workers (``python -m foxden.cli worker``) and wait
until each has beaten once; create ``--games`` all-bot games of every registered game at once
(seats alternate random and greedy, the fewest players each game allows, no bot delay); time
until every one has ended; stop the workers by pid (SIGTERM, then SIGKILL). The clock runs
from the first create to the last ``GameEnded``, so worker start-up is not counted. The last
column is the workers' CPU time (from /proc) per event: on a busy machine it shows what the
work costs when the wall-clock figures only show what the machine had to spare.

The database must be empty or one this benchmark used before (marker key ``foxden:bench-db``):
it is flushed before each round and at the end. The default URL is ``REDIS_URL``, else db 13
of the local Redis.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import orjson
import redis

from domain import registry
from events.redis_client import connect
from events.store import keys
from foxden.bootstrap import build_service
from foxden.tools.tournament import stop_workers
from workers.scheduler import Names, RQScheduler

ROOT = Path(__file__).resolve().parents[1]
MARKER = "foxden:bench-db"


def claim(client: redis.Redis) -> None:
    """Flush the database, unless it holds someone else's data."""
    if client.dbsize() and not client.exists(MARKER):
        sys.exit(f"{client}: the database holds other data; give an empty one with --url")
    client.flushdb()
    client.set(MARKER, "1")


def start_workers(count: int, url: str, prefix: str, logs: Path) -> list[subprocess.Popen]:
    env = {**os.environ, "REDIS_URL": url, "FOXDEN_QUEUE_PREFIX": prefix, "FOXDEN_SWEEP_S": "5"}
    procs = []
    for n in range(count):
        with (logs / f"{prefix}-{n}.log").open("wb") as log:
            command = [sys.executable, "-m", "foxden.cli", "worker", "--name", f"{prefix}-{n}"]
            procs.append(
                subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
            )
    return procs


def cpu_seconds(procs: list[subprocess.Popen]) -> float:
    """User + system CPU the workers have used so far (Linux /proc; NaN elsewhere)."""
    total = 0.0
    for proc in procs:
        try:
            fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return float("nan")
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def ended(client: redis.Redis, game_id: str) -> int:
    """The game's event count once it has ended, else 0 (one XREVRANGE)."""
    last = client.xrevrange(keys(game_id)[0], count=1)
    if last and orjson.loads(last[0][1][b"e"])["type"] == "GameEnded":
        return int(last[0][0].split(b"-")[0])
    return 0


def round_of(count: int, url: str, games_per: int, logs: Path, timeout: float) -> tuple:
    """(games, seconds, events, worker CPU seconds) for ``count`` workers."""
    client = connect(url)
    claim(client)
    prefix = f"bench-{uuid.uuid4().hex[:6]}"
    names = Names(prefix)
    service = build_service(url, RQScheduler(client, prefix=prefix))
    procs = start_workers(count, url, prefix, logs)
    try:
        deadline = time.monotonic() + 30
        while sum(client.exists(names.alive(f"{prefix}-{n}")) for n in range(count)) < count:
            if time.monotonic() > deadline:
                sys.exit(f"workers did not start; see {logs}")
            time.sleep(0.05)
        started, cpu = time.monotonic(), cpu_seconds(procs)
        pending = []
        for game in registry.all_games():
            seats = [
                {"kind": "bot", "strategy": "greedy" if k % 2 else "random"}
                for k in range(game.min_players)
            ]
            pending += [service.create(game.id, seats, {}).game_id for _ in range(games_per)]
        total, events = len(pending), 0
        while pending:
            if time.monotonic() - started > timeout:
                sys.exit(f"{len(pending)} games did not end in {timeout} s; see {logs}")
            time.sleep(0.1)
            still = []
            for game_id in pending:
                done = ended(client, game_id)
                events += done
                if not done:
                    still.append(game_id)
            pending = still
        return total, time.monotonic() - started, events, cpu_seconds(procs) - cpu
    finally:
        stop_workers(procs)
        client.flushdb()
        client.set(MARKER, "1")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", default=os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/13")
    parser.add_argument("--games", type=int, default=10, help="games of each registered game")
    parser.add_argument("--workers", default="1,2,4", help="worker counts, comma-separated")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per round")
    args = parser.parse_args()
    counts = [int(n) for n in args.workers.split(",")]
    logs = Path(tempfile.mkdtemp(prefix="foxden-bench-"))
    print(f"{args.games} all-bot games of each of {len(registry.all_games())} games, {args.url}")
    print(f"worker logs: {logs}  cores: {os.cpu_count()}")
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    print(
        f"{'workers':>7} {'games':>6} {'seconds':>8} {'games/min':>10} {'events/s':>9} "
        f"{'speed-up':>8} {'worker CPU ms/event':>20}"
    )
    base = None
    for count in counts:
        games, seconds, events, cpu = round_of(count, args.url, args.games, logs, args.timeout)
        rate = games / seconds * 60
        base = base or rate
        print(
            f"{count:>7} {games:>6} {seconds:>8.1f} {rate:>10.1f} {events / seconds:>9.0f} "
            f"{rate / base:>8.2f} {cpu / events * 1000:>20.2f}",
            flush=True,
        )
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
