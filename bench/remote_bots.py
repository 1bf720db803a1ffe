"""100 remote-runner games at once: ``foxden bot``'s runner against built-in bots, on this machine.

Starts one ``foxden api`` (``--api-workers`` gunicorn processes, 1 by default) and
``--workers`` RQ workers on ``REDIS_URL`` (default redis://127.0.0.1:6379/13), signs up one bot
account, creates ``--games`` tables of ``--game`` for it (seat 0 the account, the others
built-in ``greedy`` bots) and runs :class:`foxden.bot.RemoteBot` in this process with
``--strategy`` until every game has ended. Reported: the runner's moves per second over the
whole run (from the first table to the last game's end) and the latency of each move from the
arrival of the frame that asked for it (``your_turn``, or the first ``games`` picture) to the
move's 2xx, as p50, p99 and max.

    .venv/bin/python bench/remote_bots.py                  # 100 SLY games for 2
    .venv/bin/python bench/remote_bots.py --games 20 --game fette-beute --players 3
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from foxden.bot import Move, RemoteBot  # noqa: E402
from tests.docs.live import free_port  # noqa: E402


def call(base_url: str, method: str, path: str, body: Any = None, key: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base_url + path, data=data, headers=headers, method=method)
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def start(args: list[str], env: dict[str, str], log: Path) -> subprocess.Popen:
    with log.open("wb") as sink:
        return subprocess.Popen(
            [sys.executable, "-m", "foxden.cli", *args],
            cwd=ROOT,
            env=env,
            stdout=sink,
            stderr=subprocess.STDOUT,
        )


def wait_ready(base_url: str, api: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if api.poll() is not None:
            raise SystemExit("foxden api exited")
        try:
            with urllib.request.urlopen(base_url + "/readyz", timeout=1) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("foxden api was not ready in 60 s")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--game", default="sly")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--strategy", default="greedy", help="the runner's strategy")
    parser.add_argument("--workers", type=int, default=2, help="RQ workers for the bot seats")
    parser.add_argument("--api-workers", type=int, default=1, help="gunicorn processes")
    parser.add_argument("--concurrency", type=int, default=16, help="the runner's pool")
    parser.add_argument("--timeout", type=float, default=900)
    args = parser.parse_args()

    port = free_port()
    base_url = f"http://127.0.0.1:{port}"
    env = {
        **{k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"},
        "REDIS_URL": os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/13"),
        "FOXDEN_RATE_LIMIT": "off",
        "FOXDEN_QUEUE_PREFIX": f"fd-remote-bench-{uuid.uuid4().hex[:8]}",
    }
    logs = Path(tempfile.mkdtemp(prefix="remote-bots-"))
    api_args = ["api", "--port", str(port), "--workers", str(args.api_workers)]
    processes = [start(api_args, env, logs / "api.log")]
    processes += [
        start(["worker", "--name", f"bench-{n}-{uuid.uuid4().hex[:6]}"], env, logs / f"w{n}.log")
        for n in range(args.workers)
    ]
    try:
        wait_ready(base_url, processes[0])
        handle = f"bench-{uuid.uuid4().hex[:10]}"
        key = call(base_url, "POST", "/v1/accounts", {"handle": handle, "kind": "bot"})["key"][
            "key"
        ]
        moves: list[Move] = []
        lock = threading.Lock()

        def moved(move: Move) -> None:
            with lock:
                moves.append(move)

        runner = RemoteBot(
            base_url, key, args.strategy, concurrency=args.concurrency, on_move=moved
        )
        thread = threading.Thread(target=runner.run, daemon=True)
        thread.start()
        seats = [{"kind": "human"}] + [{"kind": "bot", "strategy": "greedy"}] * (args.players - 1)
        began = time.perf_counter()
        for _ in range(args.games):
            call(base_url, "POST", "/v1/games", {"game": args.game, "seats": seats}, key)
        created_s = time.perf_counter() - began
        deadline = time.monotonic() + args.timeout
        while runner.tally.finished < args.games and time.monotonic() < deadline:
            time.sleep(0.2)
        elapsed = time.perf_counter() - began
        runner.stop()
        thread.join(30)
    finally:
        for process in processes:
            process.send_signal(signal.SIGTERM)
        for process in processes:
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                process.kill()

    latencies = [(move.answered_at - move.frame_at) * 1000 for move in moves]
    load = os.getloadavg()
    print(
        f"{runner.tally.finished} of {args.games} {args.game} games for {args.players} finished in"
        f" {elapsed:.1f} s (tables created in {created_s:.1f} s); runner concurrency"
        f" {args.concurrency}, {args.workers} RQ workers, {args.api_workers} API process(es),"
        f" {os.cpu_count()} cores, load {load[0]:.1f}"
    )
    print(
        f"{len(moves)} runner moves: {len(moves) / elapsed:.1f} moves/s;"
        f" frame -> 2xx p50 {statistics.median(latencies):.0f} ms,"
        f" p99 {percentile(latencies, 0.99):.0f} ms, max {max(latencies):.0f} ms;"
        f" stale {runner.tally.stale}, resent {runner.tally.resent}, drops {runner.tally.drops}"
    )
    if runner.tally.finished < args.games:
        raise SystemExit(f"only {runner.tally.finished} games finished; logs in {logs}")


if __name__ == "__main__":
    main()
