"""1,000 event streams on one `foxden api` at its defaults (2 gevent processes), loopback only.

Starts a redis-server of its own on a free port (so INFO commandstats counts only this run)
and `foxden api` on it with rate limiting off (1,000 streams from one address would meet the
default per-address limit; nothing else is changed). Then:

1. ordinary GETs with no stream open (the baseline);
2. opens the streams, 50 connecting at a time: ``--big`` spectators of one table, the rest
   spread over ``--games`` tables, a seat's stream (with its token) for each seat there;
3. the same GETs while they are held;
4. ``--moves`` moves, round robin over the tables, and for each the time from its 201 to its
   arrival on every stream of that table;
5. closes every stream at once (a disconnect storm) and looks at what the processes hold.

    .venv/bin/python bench/spectators.py            # about 40 s
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import redis

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests import sse_load  # noqa: E402
from tests.docs.live import free_port  # noqa: E402
from tests.service.test_live_server import move, new_table  # noqa: E402


def start_redis(workdir: Path) -> tuple[str, subprocess.Popen]:
    port = free_port()
    command = [shutil.which("redis-server") or "redis-server", "--port", str(port)]
    command += ["--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", str(workdir)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    client = redis.Redis.from_url(url)
    for _ in range(100):
        try:
            client.ping()
            return url, process
        except redis.ConnectionError:
            time.sleep(0.05)
    raise RuntimeError("redis-server did not start")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def ms(value: float) -> str:
    return f"{value * 1000:.1f} ms"


def processes(api: sse_load.ApiProcess) -> dict[str, int]:
    """Summed over the worker processes: fds, threads, resident kB."""
    total = {"fds": 0, "threads": 0, "vmrss": 0}
    for pid in api.workers():
        for key, value in sse_load.proc_status(pid).items():
            total[key] += value
    return total


def cpu_seconds(api: sse_load.ApiProcess) -> float:
    """User + system CPU of the worker processes so far (from /proc/PID/stat)."""
    total = 0
    for pid in api.workers():
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def xreads(client: redis.Redis) -> int:
    return int(client.info("commandstats").get("cmdstat_xread", {}).get("calls", 0))


def reads_with_events(text: str) -> float:
    for line in text.splitlines():
        if line.startswith('foxden_stream_reads_total{outcome="events"}'):
            return float(line.split()[1])
    return 0.0


async def gets(port: int, path: str, count: int) -> list[float]:
    return [(await sse_load.call(port, "GET", path))[2] for _ in range(count)]


async def run(args: argparse.Namespace, api: sse_load.ApiProcess, client: redis.Redis) -> None:
    port, name = api.port, args.client_name
    big, big_tokens = await new_table(port)
    tables = [(big, big_tokens)] + [await new_table(port) for _ in range(args.games)]
    paths, headers, owner = [], [], []
    for _ in range(args.big):
        paths.append(f"/v1/games/{big}/events/stream?after=1000000")
        headers.append({})
        owner.append(big)
    spread = args.streams - args.big
    for n in range(spread):
        game_id, tokens = tables[1 + n % args.games]
        seat = (n // args.games) % (len(tokens) + 1)  # 0..2 a seat, 3 a spectator
        paths.append(f"/v1/games/{game_id}/events/stream?after=1000000")
        headers.append({"Authorization": f"Bearer {tokens[seat]}"} if seat < len(tokens) else {})
        owner.append(game_id)

    summary_path = f"/v1/games/{big}"
    await gets(port, summary_path, 20)  # warm
    quiet = await gets(port, summary_path, args.gets)
    before = processes(api)
    before_redis = sse_load.redis_connections(client, name)
    client_sockets_before = client_sockets(api, client, name)

    began = time.perf_counter()
    watchers = await sse_load.open_many(port, paths, headers, at_once=50)
    opened_s = time.perf_counter() - began
    refused = sum(1 for w in watchers if w.status != 200)
    await asyncio.sleep(1)
    held = await gets(port, summary_path, args.gets)
    holding = processes(api)
    holding_redis = sse_load.redis_connections(client, name)

    _, metrics_before, _ = await sse_load.call(port, "GET", "/metrics")
    xread_before = xreads(client)
    cpu_before = cpu_seconds(api)
    latencies: list[float] = []
    batches = 0
    for n in range(args.moves):
        game_id, tokens = tables[0] if n % 2 == 0 else tables[1 + (n // 2) % args.games]
        status, answer = await move(port, game_id, tokens)
        assert status == 201, answer
        moved_at = time.perf_counter()
        batches += 1
        version = answer["version"]
        mine = [w for w, g in zip(watchers, owner, strict=True) if g == game_id]
        await sse_load.wait_for(lambda mine=mine, v=version: all(v in w.arrived for w in mine), 10)
        latencies += [w.arrived[version] - moved_at for w in mine if version in w.arrived]
        missing = sum(1 for w in mine if version not in w.arrived)
        assert not missing, f"{missing} streams missed version {version}"
        await asyncio.sleep(args.pause)
    xread_calls = xreads(client) - xread_before
    cpu_used = cpu_seconds(api) - cpu_before
    _, metrics_after, _ = await sse_load.call(port, "GET", "/metrics")
    event_reads = reads_with_events(metrics_after) - reads_with_events(metrics_before)

    # A disconnect storm, twice: what the first leaves held, the second must not add to.
    rounds = []
    for round_number in range(args.rounds):
        if round_number:
            watchers = await sse_load.open_many(port, paths, headers, at_once=50)
            await asyncio.sleep(1)
        storm = time.perf_counter()
        for watcher in watchers:
            watcher.close()
        await asyncio.sleep(0)
        # Settled: every client socket is closed (what else a worker holds is Redis's).
        settled = await sse_load.wait_for(
            lambda: client_sockets(api, client, name) <= client_sockets_before + 2, 30
        )
        storm_s = time.perf_counter() - storm
        await asyncio.sleep(args.block_s + 0.5)  # the readers leave after their current BLOCK
        _, metrics_end, _ = await sse_load.call(port, "GET", "/metrics")
        rounds.append((settled, storm_s, metrics_end, processes(api), redis_count(client, name)))
    after, after_redis = rounds[0][3], rounds[0][4]

    workers = len(api.workers())
    print(f"uptime: {os.popen('uptime').read().strip()}")
    print(f"streams: {args.streams} ({args.big} on one table, {spread} over {args.games})")
    print(
        f"opened in {opened_s:.2f} s, refused {refused}; held: open streams "
        f"{sse_load.metric(metrics_before, 'foxden_streams_open'):.0f}, readers "
        f"{sse_load.metric(metrics_before, 'foxden_stream_readers'):.0f}"
    )
    print(
        f"move 201 -> arrival on every stream: p50 {ms(statistics.median(latencies))}, "
        f"p99 {ms(percentile(latencies, 0.99))}, max {ms(max(latencies))} "
        f"({len(latencies)} deliveries of {batches} moves)"
    )
    print(
        f"GET {summary_path.split('/')[1]}/games/{{id}}: quiet p50 {ms(statistics.median(quiet))}"
        f" p99 {ms(percentile(quiet, 0.99))}; held p50 {ms(statistics.median(held))} p99 "
        f"{ms(percentile(held, 0.99))}; ratio p50 "
        f"{statistics.median(held) / statistics.median(quiet):.2f}"
    )
    print(
        f"workers' CPU in the move phase: {cpu_used:.2f} s = "
        f"{cpu_used / len(latencies) * 1e6:.0f} µs per delivery (moves and GETs included)"
    )
    print(
        f"reader XREADs that returned events: {event_reads:.0f} for {batches} moves over "
        f"{workers} processes = {event_reads / (batches * workers):.2f} per move per process; "
        f"all XREADs (commandstats, timeouts included): {xread_calls}"
    )
    print(
        f"memory: {(holding['vmrss'] - before['vmrss']) / args.streams:.1f} kB per stream "
        f"(workers' RSS {before['vmrss'] / 1024:.0f} -> {holding['vmrss'] / 1024:.0f} MB)"
    )
    print(
        f"fds {before['fds']} -> {holding['fds']} -> {after['fds']}; threads "
        f"{before['threads']} -> {holding['threads']} -> {after['threads']}; Redis connections "
        f"{before_redis} -> {holding_redis} -> {after_redis}; RSS "
        f"{before['vmrss'] / 1024:.0f} -> {holding['vmrss'] / 1024:.0f} -> "
        f"{after['vmrss'] / 1024:.0f} MB"
    )
    for n, (settled, storm_s, metrics_end, state, connections) in enumerate(rounds, 1):
        print(
            f"disconnect storm {n}: settled={settled} in {storm_s:.2f} s; open streams "
            f"{sse_load.metric(metrics_end, 'foxden_streams_open'):.0f}, readers "
            f"{sse_load.metric(metrics_end, 'foxden_stream_readers'):.0f}; fds {state['fds']}, "
            f"threads {state['threads']}, Redis connections {connections}, "
            f"RSS {state['vmrss'] / 1024:.0f} MB"
        )


def redis_count(client: redis.Redis, name: str) -> int:
    return sse_load.redis_connections(client, name)


def client_sockets(api: sse_load.ApiProcess, client: redis.Redis, name: str) -> int:
    """The workers' fds that are not Redis connections (client sockets, listeners, files)."""
    return processes(api)["fds"] - redis_count(client, name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--big", type=int, default=600, help="spectators of one table")
    parser.add_argument("--games", type=int, default=20, help="tables for the other streams")
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--pause", type=float, default=0.2, help="seconds between moves")
    parser.add_argument("--gets", type=int, default=100, help="GETs per latency sample")
    parser.add_argument("--rounds", type=int, default=2, help="disconnect storms")
    args = parser.parse_args()
    args.client_name = f"fd-bench-{uuid.uuid4().hex[:6]}"
    args.block_s = 2.0
    with tempfile.TemporaryDirectory(prefix="foxden-spectators-") as workdir:
        url, redis_process = start_redis(Path(workdir))
        env = {key: value for key, value in os.environ.items() if key != "PROMETHEUS_MULTIPROC_DIR"}
        env.update(
            REDIS_URL=sse_load.with_client_name(url, args.client_name),
            FOXDEN_RATE_LIMIT="off",
            # Every watcher comes from 127.0.0.1, and one client may hold at most half of a
            # process's streams: room for all of them on either process, however they land.
            FOXDEN_STREAMS_PER_CLIENT=str(10**6),
            FOXDEN_STREAMS_PER_PROCESS="2000",
        )
        api = sse_load.start_api(env, Path(workdir) / "api.log")
        client = redis.Redis.from_url(url)
        try:
            asyncio.run(run(args, api, client))
        finally:
            api.stop()
            client.close()
            redis_process.terminate()
            redis_process.wait(10)


if __name__ == "__main__":
    main()
