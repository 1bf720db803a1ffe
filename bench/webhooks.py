"""Webhook deliveries per second per worker, against a receiver on loopback (run by hand).

    .venv/bin/python bench/webhooks.py [--url redis://127.0.0.1:6379/9] [--deliveries 2000]

Registers one endpoint pointing at a threaded HTTP receiver in this process (answering 204 at
once), makes ``--deliveries`` deliveries of it (``Webhooks.offer``: what a move's frames do),
queued on RQ under a prefix of its own, then starts **one** ``foxden worker --burst`` and times
it from its start until the receiver has every delivery, each signed (the receiver verifies a
sample with the Standard Webhooks library). That is the figure: deliveries a second for one
worker, RQ's dequeue, the claim, the SSRF check, the signature, the HTTP call and the attempt
log included. It then times the same work without RQ (``Webhooks.deliver`` in a loop, in this
process), to show what the queue costs.

The database must be empty or one this benchmark used before (marker key ``foxden:bench-db``):
it is flushed before and after. The default URL is ``REDIS_URL``, else db 9 of the local Redis.
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

import redis
from standardwebhooks import Webhook

from events.redis_client import connect
from service.webhooks import Policy, RecordingDeliveryQueue, Webhooks
from tests.webhook_servers import receiver
from workers.webhook_queue import RQDeliveryQueue

ROOT = Path(__file__).resolve().parents[1]
MARKER = "foxden:bench-db"
ACCOUNT = "0123456789abcdef"


def claim(client: redis.Redis) -> None:
    if client.dbsize() and not client.exists(MARKER):
        sys.exit(f"{client}: the database holds other data; give an empty one with --url")
    client.flushdb()
    client.set(MARKER, "1")


def frames(count: int) -> list[tuple[str, dict]]:
    return [
        (
            ACCOUNT,
            {"type": "your_turn", "game": "a" * 32, "version": n, "seat": 0, "deadline": None},
        )
        for n in range(1, count + 1)
    ]


def through_a_worker(url: str, count: int) -> tuple[float, int]:
    """(seconds, deliveries received) for one burst worker."""
    prefix = f"bench-wh-{uuid.uuid4().hex[:6]}"
    client = connect(url)
    queue = RQDeliveryQueue(redis.Redis.from_url(url), prefix=prefix)
    policy = Policy(allow_http=True, allow_private=True)
    hooks = Webhooks(client, queue, policy=policy)
    with receiver() as got:
        _, secret = hooks.register(ACCOUNT, got.url, ["your_turn"])
        made = frames(count)
        for start in range(0, count, 500):
            hooks.offer(made[start : start + 500])
        env = {
            **os.environ,
            "REDIS_URL": url,
            "FOXDEN_QUEUE_PREFIX": prefix,
            "FOXDEN_WEBHOOKS_ALLOW_PRIVATE": "1",
            "FOXDEN_WEBHOOKS_ALLOW_HTTP": "1",
            "FOXDEN_LOG_LEVEL": "WARNING",
        }
        log = Path(tempfile.mkdtemp()) / "worker.log"
        started = time.perf_counter()
        with log.open("wb") as out:
            worker = subprocess.run(
                [sys.executable, "-m", "foxden.cli", "worker", "--burst", "--name", prefix],
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                check=False,
                timeout=600,
            )
        elapsed = time.perf_counter() - started
        if worker.returncode:
            sys.exit(f"the worker failed: see {log}")
        for sent in got.received[:: max(1, count // 20)]:
            Webhook(secret).verify(sent.body, sent.headers)
        return elapsed, len(got.received)


def in_process(url: str, count: int) -> tuple[float, int]:
    """(seconds, deliveries received) for ``Webhooks.deliver`` in a loop, without RQ."""
    client = connect(url)
    queue = RecordingDeliveryQueue()
    hooks = Webhooks(client, queue, policy=Policy(allow_http=True, allow_private=True))
    with receiver() as got:
        hooks.register(ACCOUNT, got.url, ["your_turn"])
        hooks.offer(frames(count))
        started = time.perf_counter()
        for webhook, delivery, attempt, _ in queue.jobs:
            hooks.deliver(webhook, delivery, attempt)
        return time.perf_counter() - started, len(got.received)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default=os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/9")
    parser.add_argument("--deliveries", type=int, default=2000)
    args = parser.parse_args()
    client = redis.Redis.from_url(args.url)
    claim(client)
    try:
        seconds, received = through_a_worker(args.url, args.deliveries)
        assert received == args.deliveries, (received, args.deliveries)
        print(
            f"one worker: {received} deliveries in {seconds:.2f} s (process start included):"
            f" {received / seconds:.0f} deliveries/s"
        )
        claim(client)
        seconds, received = in_process(args.url, args.deliveries)
        assert received == args.deliveries
        print(f"without RQ: {received} in {seconds:.2f} s: {received / seconds:.0f} deliveries/s")
    finally:
        client.flushdb()
        client.set(MARKER, "1")


if __name__ == "__main__":
    main()
