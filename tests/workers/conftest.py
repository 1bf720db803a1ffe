"""Real worker processes on real Redis, started by the tests and stopped by their pids.

Each test gets its own queue prefix (``FOXDEN_QUEUE_PREFIX``), so that jobs a previous test
left queued never reach its workers; the tests also share one xdist group, so that worker
processes never compete for the two cores with other worker tests.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from events.envelope import Envelope
from events.redis_client import connect
from foxden.bootstrap import build_service
from foxden.supervisor import worker_args
from service.games import GameService
from service.ports import Scheduler
from workers.scheduler import RQScheduler

ROOT = Path(__file__).resolve().parents[2]
SWEEP_S = 1
STOP_GRACE_S = 5


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).parent == Path(__file__).parent:
            item.add_marker(pytest.mark.xdist_group("workers"))


def wait_until(check: Callable[[], Any], timeout: float, what: str, every: float = 0.05) -> Any:
    """Poll ``check`` until it returns something truthy; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout} s waiting for {what}")
        time.sleep(every)


def _children(pid: int) -> list[int]:
    """Processes whose parent is ``pid`` (from /proc; a worker must have none left)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


class Workers:
    """Starts ``foxden worker`` processes; stops every one of them by pid at teardown."""

    def __init__(self, redis_url: str, queue_url: str, prefix: str, logs: Path) -> None:
        self.env = {
            **os.environ,
            "REDIS_URL": redis_url,
            "FOXDEN_QUEUE_URL": queue_url,
            "FOXDEN_QUEUE_PREFIX": prefix,
            "FOXDEN_SWEEP_S": str(SWEEP_S),
            "PYTHONUNBUFFERED": "1",
        }
        self.logs = logs
        self.procs: dict[str, subprocess.Popen] = {}

    def start(
        self, count: int = 1, *, module: str = "foxden.cli", burst: bool = False
    ) -> list[str]:
        """Start ``count`` workers of ``python -m module worker``; returns their names."""
        names = []
        for _ in range(count):
            name = f"w{len(self.procs)}-{uuid.uuid4().hex[:6]}"
            self._run([sys.executable, "-m", module, "worker", "--name", name], name, burst)
            names.append(name)
        return names

    def start_as_up(self, count: int = 1, *, module: str = "foxden.cli") -> list[str]:
        """Start the workers ``foxden up --workers count`` starts (``worker_args``), under
        ``python -m module``; returns their names, in that order."""
        names = []
        for args in worker_args(count, f"u{len(self.procs)}-{uuid.uuid4().hex[:6]}"):
            name = args[args.index("--name") + 1]
            self._run([sys.executable, "-m", module, *args], name, burst=False)
            names.append(name)
        return names

    def _run(self, command: list[str], name: str, burst: bool) -> None:
        if burst:
            command.append("--burst")
        log = (self.logs / f"{name}.log").open("wb")
        self.procs[name] = subprocess.Popen(
            command, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT
        )
        log.close()

    def log(self, name: str) -> str:
        return (self.logs / f"{name}.log").read_text()

    def kill(self, name: str) -> None:
        """SIGKILL, as the OOM killer would: no clean-up runs."""
        proc = self.procs[name]
        proc.send_signal(signal.SIGKILL)
        proc.wait(STOP_GRACE_S)

    def stop_all(self) -> list[int]:
        """SIGTERM each worker, SIGKILL it after a grace period; returns leftover children."""
        children = [child for proc in self.procs.values() for child in _children(proc.pid)]
        for proc in self.procs.values():
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in self.procs.values():
            try:
                proc.wait(STOP_GRACE_S)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(STOP_GRACE_S)
        left = [child for child in children if Path(f"/proc/{child}").exists()]
        for child in left:  # by pid; reported as a failure below
            os.kill(child, signal.SIGKILL)
        return left


@pytest.fixture
def prefix() -> str:
    return f"fdt-{uuid.uuid4().hex[:8]}"


@pytest.fixture
def workers(redis_url: str, queue_url: str, prefix: str, tmp_path: Path) -> Iterator[Workers]:
    started = Workers(redis_url, queue_url, prefix, tmp_path)
    yield started
    left = started.stop_all()
    assert not left, f"worker processes left children behind: {left}"


@pytest.fixture
def scheduler(queue_url: str, prefix: str) -> Iterator[RQScheduler]:
    """The API side's RQ adapter, on this test's queues (on the jobs' Redis)."""
    client = connect(queue_url)
    yield RQScheduler(client, prefix=prefix)
    client.close()


@pytest.fixture
def games(redis_url: str, scheduler: Scheduler) -> GameService:
    """The service as the API builds it; only worker processes move its bot seats."""
    return build_service(redis_url, scheduler)


def envelopes(games: GameService, game_id: str) -> list[Envelope]:
    return games.store.read(game_id)


def ended(games: GameService, game_id: str) -> bool:
    return games.load(game_id).state.status == "finished"


def play_out(games: GameService, game_id: str) -> None:
    """End a game here, as the jobs would: hand each human seat to a bot, then make the bots'
    moves (a worker racing these moves is harmless: ``play_for`` is stale then)."""
    state = games.load(game_id).state
    for seat, info in enumerate(state.seats):
        if info.kind == "human" and not info.left and state.status != "finished":
            games.handle(game_id, seat, {"type": "leave"})
    while (state := games.load(game_id).state).status == "active":
        seat = min(state.to_act())
        games.play_for(game_id, seat, state.since[seat], "bot")
