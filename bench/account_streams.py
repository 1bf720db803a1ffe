"""1,000 account streams and 1,000 game streams on one `foxden api` (its gevent worker, 2
processes), while some accounts play: the time from a move's 201 to its ``your_turn`` frame,
ordinary GETs with and without the streams, what the held streams cost while idle, and the
account readers' Redis reads per frame.

Starts a redis-server of its own on a free port and `foxden api` on it with rate limiting off
(2,000 streams from one address would meet the per-address limit). Then:

1. ``--pairs`` pairs of accounts each sit at a table of SLY (created by one, joined by the
   other); ``--accounts`` accounts in all (the rest only watch their empty stream);
2. ordinary GETs with no stream open (the baseline), back to back for ``--get-seconds`` (and
   at least ``--gets`` of them): long enough to span a few heartbeat periods (2 s);
3. opens the game streams (spectators over ``--games`` anonymous tables) and the account
   streams: ``--per-player`` streams of each playing account, one of every other account;
4. ``--idle-seconds`` with nothing asked: the API processes' CPU, the client's (it reads the
   heartbeats), Redis's XREAD calls a second (``INFO commandstats``) and the account
   readers' by outcome (``/metrics``), and the clients blocked in Redis (the readers);
5. the same GETs while the streams are held;
6. ``--moves`` moves, round robin over the pairs (each by the account whose turn it is, the
   legal moves fetched first), and for each the time from its 201 to its ``your_turn`` frame
   on every stream of the account that must act next.

    ulimit -n 20000; .venv/bin/python bench/account_streams.py     # about 35 s
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import redis

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.spectators import ms, percentile, start_redis  # noqa: E402
from service import account_stream  # noqa: E402
from tests import sse_load  # noqa: E402
from tests.service.test_live_server import new_table  # noqa: E402


@dataclass
class AccountWatcher:
    """One open account stream: when each (game, version) of a ``your_turn`` arrived."""

    status: int = 0
    turns: dict[tuple[str, int], float] = field(default_factory=dict)
    frames: int = 0
    writer: asyncio.StreamWriter | None = None
    task: asyncio.Task | None = None

    async def follow(self, reader: asyncio.StreamReader) -> None:
        while line := await reader.readline():
            if line.startswith(b"data: "):
                frame = json.loads(line[6:])
                self.frames += 1
                if frame["type"] == "your_turn":
                    self.turns[(frame["game"], frame["version"])] = time.perf_counter()

    def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
        if self.writer is not None:
            self.writer.close()


async def open_account_stream(port: int, key: str) -> AccountWatcher:
    headers = {"Authorization": f"Bearer {key}", "Accept": "text/event-stream"}
    reader, writer, status, _ = await sse_load._request(port, "GET", "/v1/me/stream", headers)
    watcher = AccountWatcher(status=status, writer=writer)
    if status == 200:
        watcher.task = asyncio.create_task(watcher.follow(reader))
    else:
        writer.close()
    return watcher


async def gathered(coroutines: list, at_once: int = 50) -> list:
    gate = asyncio.Semaphore(at_once)

    async def one(coroutine):
        async with gate:
            return await coroutine

    return list(await asyncio.gather(*(one(c) for c in coroutines)))


async def sign_up(port: int, n: int) -> tuple[str, str]:
    body = {"handle": f"b{n}-{uuid.uuid4().hex[:6]}", "kind": "bot"}
    status, made, _ = await sse_load.call(port, "POST", "/v1/accounts", body=body)
    assert status == 201, made
    return made["id"], made["key"]["key"]


def auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


async def pair_table(port: int, first: str, second: str) -> str:
    body = {"game": "sly", "seats": [{"kind": "human"}, {"kind": "human"}]}
    status, game, _ = await sse_load.call(port, "POST", "/v1/games", auth(first), body)
    assert status == 201, game
    status, joined, _ = await sse_load.call(
        port, "POST", f"/v1/games/{game['id']}/join", auth(second), {}
    )
    assert status == 201, joined
    return game["id"]


def metric_sum(text: str, prefix: str) -> float:
    return sum(float(line.split()[1]) for line in text.splitlines() if line.startswith(prefix))


def frames_written(client: redis.Redis, accounts: list[tuple[str, str]]) -> int:
    """Every frame the accounts' streams hold (none is trimmed in this run)."""
    return sum(client.xlen(account_stream.stream_key(account)) for account, _ in accounts)


async def get_latencies(port: int, path: str, count: int, seconds: float) -> list[float]:
    """GETs of ``path`` back to back, until ``count`` of them and ``seconds`` are done."""
    found: list[float] = []
    began = time.perf_counter()
    while len(found) < count or time.perf_counter() - began < seconds:
        found.append((await sse_load.call(port, "GET", path))[2])
    return found


def cpu_s(pids: list[int]) -> float:
    """User and system CPU seconds the processes have used (``/proc/<pid>/stat``)."""
    total = 0
    for pid in pids:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
    return total / os.sysconf("SC_CLK_TCK")


def xread_calls(client: redis.Redis) -> int:
    stats: dict = client.info("commandstats")
    return int(stats.get("cmdstat_xread", {}).get("calls", 0))


async def idle_cost(
    port: int, api: sse_load.ApiProcess, client: redis.Redis, seconds: float
) -> dict[str, float]:
    """What the held streams cost over ``seconds`` with nothing asked of the API."""
    pids = api.workers()
    _, metrics_before, _ = await sse_load.call(port, "GET", "/metrics")
    cpu_before, own_before, xreads_before = cpu_s(pids), time.process_time(), xread_calls(client)
    began = time.perf_counter()
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - began
    cpu, own, xreads = cpu_s(pids), time.process_time(), xread_calls(client)
    _, metrics_after, _ = await sse_load.call(port, "GET", "/metrics")
    found = {
        "api_cpu": (cpu - cpu_before) / elapsed,
        "client_cpu": (own - own_before) / elapsed,
        "xreads": (xreads - xreads_before) / elapsed,
        "blocked": float(client.info("clients")["blocked_clients"]),
    }
    for outcome in ("frames", "wake", "timeout"):
        name = f'foxden_account_stream_reads_total{{outcome="{outcome}"}}'
        change = metric_sum(metrics_after, name) - metric_sum(metrics_before, name)
        found[f"account_{outcome}"] = change / elapsed
    return found


async def run(args: argparse.Namespace, api: sse_load.ApiProcess, client: redis.Redis) -> None:
    port = api.port
    accounts = await gathered([sign_up(port, n) for n in range(args.accounts)])
    players = accounts[: 2 * args.pairs]
    tables = await gathered(
        [pair_table(port, players[2 * n][1], players[2 * n + 1][1]) for n in range(args.pairs)]
    )
    seats = {n: (players[2 * n][1], players[2 * n + 1][1]) for n in range(args.pairs)}
    anonymous = [await new_table(port) for _ in range(args.games)]

    summary_path = f"/v1/games/{tables[0]}"
    for _ in range(20):
        await sse_load.call(port, "GET", summary_path)  # warm
    quiet = await get_latencies(port, summary_path, args.gets, args.get_seconds)

    game_paths = [
        f"/v1/games/{anonymous[n % args.games][0]}/events/stream?after=1000000"
        for n in range(args.game_streams)
    ]
    began = time.perf_counter()
    game_watchers = await sse_load.open_many(port, game_paths, at_once=50)
    keys = [key for _, key in players for _ in range(args.per_player)]
    keys += [key for _, key in accounts[2 * args.pairs :]]
    keys = keys[: args.account_streams]
    account_watchers = await gathered([open_account_stream(port, key) for key in keys])
    opened_s = time.perf_counter() - began
    refused = sum(w.status != 200 for w in (*game_watchers, *account_watchers))
    watching: dict[str, list[AccountWatcher]] = {}
    for key, watcher in zip(keys, account_watchers, strict=True):
        watching.setdefault(key, []).append(watcher)
    await asyncio.sleep(1)
    ended_games = sum(w.task is None or w.task.done() for w in game_watchers)
    ended = ended_games + sum(w.task is None or w.task.done() for w in account_watchers)
    why = {
        repr(w.task.exception()) if w.task and w.task.done() and w.task.exception() else "eof"
        for w in account_watchers
        if w.task is None or w.task.done()
    }
    print(f"ended early: {ended_games} game streams, {ended - ended_games} account ({why})")
    idle = await idle_cost(port, api, client, args.idle_seconds)
    held = await get_latencies(port, summary_path, args.gets, args.get_seconds)

    _, metrics_before, _ = await sse_load.call(port, "GET", "/metrics")
    written_before = frames_written(client, players)
    latencies: list[float] = []  # from the 201 (0 when the frame came first)
    from_request: list[float] = []  # from sending the move
    frames_expected = 0
    for n in range(args.moves):
        pair = n % args.pairs
        game_id = tables[pair]
        _, summary, _ = await sse_load.call(port, "GET", f"/v1/games/{game_id}")
        if summary["status"] != "active":
            continue
        key = seats[pair][summary["to_act"][0]]
        _, legal, _ = await sse_load.call(
            port, "GET", f"/v1/games/{game_id}/legal-moves", auth(key)
        )
        sent_at = time.perf_counter()
        status, answer, _ = await sse_load.call(
            port, "POST", f"/v1/games/{game_id}/commands", auth(key), legal["moves"][0]
        )
        assert status == 201, answer
        moved_at = time.perf_counter()
        state = answer["state"]
        if state["status"] != "active":
            continue
        mine = watching[seats[pair][state["to_act"][0]]]
        frames_expected += 1
        turn = (game_id, answer["version"])
        await sse_load.wait_for(lambda mine=mine, t=turn: all(t in w.turns for w in mine), 10)
        missing = sum(turn not in w.turns for w in mine)
        assert not missing, f"{missing} streams missed {turn}"
        latencies += [max(0.0, w.turns[turn] - moved_at) for w in mine]
        from_request += [w.turns[turn] - sent_at for w in mine]
        await asyncio.sleep(args.pause)
    _, metrics_after, _ = await sse_load.call(port, "GET", "/metrics")
    written = frames_written(client, players) - written_before

    def delta(prefix: str) -> float:
        return metric_sum(metrics_after, prefix) - metric_sum(metrics_before, prefix)

    reads = delta('foxden_account_stream_reads_total{outcome="frames"}')
    frames_read = delta("foxden_account_stream_frames_total")
    watched = metric_sum(metrics_before, "foxden_account_stream_readers")
    wakes = 'foxden_account_stream_reads_total{outcome="wake"}'
    workers = len(api.workers())
    print(f"uptime: {os.popen('uptime').read().strip()}")
    print(
        f"streams: {len(game_watchers)} game streams over {args.games} tables, "
        f"{len(account_watchers)} account streams of {len(watching)} accounts "
        f"({args.per_player} of each of {len(players)} playing); opened in {opened_s:.2f} s, "
        f"refused {refused}, ended {ended}; open "
        f"{sse_load.metric(metrics_before, 'foxden_streams_open'):.0f}, "
        f"accounts watched {watched:.0f} over {workers} processes (their readers were woken "
        f"{metric_sum(metrics_before, wakes):.0f} times as they opened)"
    )
    print(
        f"held, idle for {args.idle_seconds:.0f} s: API processes' CPU "
        f"{idle['api_cpu']:.0%} of a core, the client's {idle['client_cpu']:.0%}; XREAD "
        f"{idle['xreads']:.0f}/s in all, clients blocked in Redis {idle['blocked']:.0f} (the "
        f"readers); account readers' XREADs: {idle['account_timeout']:.1f}/s timed out, "
        f"{idle['account_wake']:.1f}/s woken, {idle['account_frames']:.1f}/s with frames"
    )
    print(
        f"move 201 -> your_turn on every stream of the account to act: p50 "
        f"{ms(statistics.median(latencies))}, p99 {ms(percentile(latencies, 0.99))}, max "
        f"{ms(max(latencies))} ({len(latencies)} deliveries of {frames_expected} frames); "
        f"from sending the move: p50 {ms(statistics.median(from_request))}, p99 "
        f"{ms(percentile(from_request, 0.99))}"
    )
    print(
        f"GET /v1/games/{{id}} ({len(quiet)} quiet, {len(held)} held): quiet p50 "
        f"{ms(statistics.median(quiet))} p99 {ms(percentile(quiet, 0.99))}; held p50 "
        f"{ms(statistics.median(held))} p99 {ms(percentile(held, 0.99))}; ratio p50 "
        f"{statistics.median(held) / statistics.median(quiet):.2f}, p99 "
        f"{percentile(held, 0.99) / percentile(quiet, 0.99):.2f}"
    )
    print(
        f"account readers: {reads:.0f} XREADs returned frames, {frames_read:.0f} frames read, "
        f"for {written} frames written (each account watched by {args.per_player} streams, "
        f"spread over the {workers} processes): {frames_read / max(written, 1):.2f} reads of "
        f"each frame in all, {reads / max(written, 1):.2f} XREADs per frame; at most one per "
        "process that watches the account"
    )
    for watcher in (*game_watchers, *account_watchers):
        watcher.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--accounts", type=int, default=920)
    parser.add_argument("--pairs", type=int, default=20)
    parser.add_argument("--per-player", type=int, default=3, help="streams of each player")
    parser.add_argument("--account-streams", type=int, default=1000)
    parser.add_argument("--game-streams", type=int, default=1000)
    parser.add_argument("--games", type=int, default=20, help="anonymous tables watched")
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--pause", type=float, default=0.02, help="seconds between moves")
    parser.add_argument("--gets", type=int, default=200, help="GETs per latency sample, at least")
    parser.add_argument(
        "--get-seconds", type=float, default=6.0, help="seconds of GETs per sample, at least"
    )
    parser.add_argument(
        "--idle-seconds", type=float, default=6.0, help="seconds the idle streams are measured"
    )
    parser.add_argument("--log", help="keep the API's log there")
    args = parser.parse_args()
    name = f"fd-bench-{uuid.uuid4().hex[:6]}"
    with tempfile.TemporaryDirectory(prefix="foxden-account-streams-") as workdir:
        url, redis_process = start_redis(Path(workdir))
        env = {key: value for key, value in os.environ.items() if key != "PROMETHEUS_MULTIPROC_DIR"}
        env.update(
            REDIS_URL=sse_load.with_client_name(url, name),
            FOXDEN_RATE_LIMIT="off",
            FOXDEN_STREAMS_PER_CLIENT=str(10**6),
            FOXDEN_STREAMS_PER_PROCESS="3000",
        )
        api = sse_load.start_api(env, Path(workdir) / "api.log")
        client = redis.Redis.from_url(url)
        try:
            asyncio.run(run(args, api, client))
        finally:
            api.stop()
            if args.log:
                Path(args.log).write_bytes((Path(workdir) / "api.log").read_bytes())
            client.close()
            redis_process.terminate()
            redis_process.wait(10)


if __name__ == "__main__":
    main()
