"""How late a turn's timeout is played while ``ismcts`` bots keep the workers busy (run by hand).

    .venv/bin/python bench/timer_lateness.py [--url redis://127.0.0.1:6379/9] [--timeouts 30]

Starts the workers ``foxden up --workers N`` starts (``foxden.supervisor.worker_args``: N
workers and one timer worker; ``--no-timer-worker`` leaves the timer worker out), then opens
``--tables`` tables at once, each an idle human and two ``ismcts`` bots with a ``--timer``
second turn limit (a table that ends is replaced): 8 tables keep one worker's bot queue busy
most of the time, so that timers fall due while it searches. For each of the first
``--timeouts`` timeout moves it takes the timeout's recorded time (``at`` of its event) minus
its deadline (``at`` of the version at which the seat became one to act, plus the limit: the
deadline the API shows in ``clocks``) and prints p50, p99 and max. It also samples the
length of the bot queue every 0.1 s: a queue seldom empty shows the workers were saturated.

The database must be empty or one this benchmark used before (marker key ``foxden:bench-db``):
it is flushed before and after. The default URL is ``REDIS_URL``, else db 9 of the local Redis.
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import redis

from events.redis_client import connect
from foxden.bootstrap import build_service
from foxden.supervisor import worker_args
from foxden.tools.tournament import stop_workers
from service.games import GameService
from workers.scheduler import Names, RQScheduler

ROOT = Path(__file__).resolve().parents[1]
MARKER = "foxden:bench-db"
SAMPLE_S = 0.1
CHECK_EVERY = 10  # samples between two reads of the games


def claim(client: redis.Redis) -> None:
    """Flush the database, unless it holds someone else's data."""
    if client.dbsize() and not client.exists(MARKER):
        sys.exit(f"{client}: the database holds other data; give an empty one with --url")
    client.flushdb()
    client.set(MARKER, "1")


def start_workers(
    args: list[list[str]], url: str, prefix: str, logs: Path
) -> list[subprocess.Popen]:
    env = {**os.environ, "REDIS_URL": url, "FOXDEN_QUEUE_PREFIX": prefix}
    env.pop("FOXDEN_QUEUE_URL", None)
    procs = []
    for worker in args:
        name = worker[worker.index("--name") + 1]
        with (logs / f"{name}.log").open("wb") as log:
            procs.append(
                subprocess.Popen(
                    [sys.executable, "-m", "foxden.cli", *worker],
                    cwd=ROOT,
                    env=env,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            )
    return procs


def open_table(games: GameService, game: str, timer: int) -> str:
    seats = [{"kind": "human"}, *[{"kind": "bot", "strategy": "ismcts"}] * 2]
    game_id = games.create(game, seats, {"turn_timeout_s": timer}).game_id
    games.join(game_id, "afk")  # and never acts again
    return game_id


def seconds(at: str) -> float:
    return datetime.fromisoformat(at).timestamp()


def lateness(games: GameService, game_id: str, timer: int) -> list[tuple[float, float]]:
    """(deadline, seconds from it to the recorded move) of each of the game's timeouts."""
    history = games.store.read(game_id)
    found = []
    for envelope in history:
        if envelope.by.get("kind") == "timeout" and envelope.cause is not None:
            since = int(envelope.command_id.split(":")[2])
            deadline = seconds(history[since - 1].at) + timer
            found.append((deadline, seconds(envelope.at) - deadline))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", default=os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/9")
    parser.add_argument("--game", default="gloria-picktoria")
    parser.add_argument("--workers", type=int, default=1, help="as foxden up --workers")
    parser.add_argument("--no-timer-worker", action="store_true", help="the workers alone")
    parser.add_argument("--tables", type=int, default=8, help="tables playing at once")
    parser.add_argument("--timer", type=int, default=2, help="turn limit, seconds")
    parser.add_argument("--timeouts", type=int, default=30, help="timeouts to measure")
    parser.add_argument("--limit", type=float, default=900, help="give up after this long, s")
    args = parser.parse_args()

    client = connect(args.url)
    claim(client)
    prefix = f"bench-{uuid.uuid4().hex[:6]}"
    names = Names(prefix)
    games = build_service(args.url, RQScheduler(client, prefix=prefix))
    chosen = worker_args(args.workers, prefix)
    if args.no_timer_worker:
        chosen = [worker for worker in chosen if "--timers" not in worker]
    logs = Path(tempfile.mkdtemp(prefix="foxden-bench-"))
    print(
        f"{args.tables} tables of {args.game}: an idle human, 2 ismcts bots, {args.timer} s turns"
    )
    print("workers: " + "; ".join("foxden " + " ".join(w[: w.index("--name")]) for w in chosen))
    print(f"worker logs: {logs}  cores: {os.cpu_count()}  load before: {os.getloadavg()[0]:.2f}")
    procs = start_workers(chosen, args.url, prefix, logs)
    try:
        worker_names = [w[w.index("--name") + 1] for w in chosen]
        deadline = time.monotonic() + 60
        while not all(client.exists(names.alive(name)) for name in worker_names):
            if time.monotonic() > deadline:
                sys.exit(f"workers did not start; see {logs}")
            time.sleep(0.05)
        started = time.monotonic()
        tables = [open_table(games, args.game, args.timer) for _ in range(args.tables)]
        done: list[str] = []
        queue_lengths: list[int] = []
        for sample in itertools.count():
            if time.monotonic() - started > args.limit:
                sys.exit(f"fewer than {args.timeouts} timeouts in {args.limit} s; see {logs}")
            queue_lengths.append(client.llen(f"rq:queue:{names.bots}"))
            time.sleep(SAMPLE_S)
            if sample % CHECK_EVERY:  # reading the games costs CPU the workers need
                continue
            for game_id in list(tables):
                if games.load(game_id).state.status != "active":
                    tables.remove(game_id)
                    done.append(game_id)
                    tables.append(open_table(games, args.game, args.timer))
            measured = sorted(m for g in done + tables for m in lateness(games, g, args.timer))
            if len(measured) >= args.timeouts:
                break
        elapsed = time.monotonic() - started
    finally:
        stop_workers(procs)
        client.flushdb()
        client.set(MARKER, "1")
    late = [seconds_late for _, seconds_late in measured[: args.timeouts]]  # the first ones
    p99 = statistics.quantiles(late, n=100, method="inclusive")[98]
    busy = sum(1 for n in queue_lengths if n) / len(queue_lengths)
    print(
        f"{len(late)} timeouts in {elapsed:.0f} s; bot queue non-empty in {busy:.0%} of samples "
        f"(mean length {statistics.mean(queue_lengths):.1f})"
    )
    print(
        f"timeout move - deadline: p50 {statistics.median(late):.3f} s, p99 {p99:.3f} s, "
        f"max {max(late):.3f} s, min {min(late):.3f} s"
    )
    print(f"load after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
