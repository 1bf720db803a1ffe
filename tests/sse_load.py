"""Many event streams from one asyncio loop, on raw sockets (the test of 300 streams and
bench/spectators.py). HTTP/1.0 requests, so the server writes the stream as it is, unchunked.
Loopback only; every loop is bounded by a count or a deadline."""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field
from typing import Any

LINE_LIMIT = 1 << 20


@dataclass
class Watcher:
    """One open stream: when each event id arrived, and the heartbeats seen."""

    status: int = 0
    arrived: dict[int, float] = field(default_factory=dict)
    heartbeats: int = 0
    writer: asyncio.StreamWriter | None = None
    task: asyncio.Task | None = None
    lines: list[str] = field(default_factory=list)  # data lines, kept only when asked

    async def _follow(self, reader: asyncio.StreamReader, keep: bool) -> None:
        while line := await reader.readline():
            if line.startswith(b"id: "):
                self.arrived[int(line[4:])] = time.perf_counter()
            elif line.startswith(b": keepalive"):
                self.heartbeats += 1
            elif keep and line.startswith(b"data: "):
                self.lines.append(line[6:].decode())

    def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
        if self.writer is not None:
            self.writer.close()


async def _request(
    port: int, method: str, path: str, headers: dict[str, str] | None = None, body: Any = None
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter, int, dict[str, str]]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=LINE_LIMIT)
    payload = b"" if body is None else json.dumps(body).encode()
    head = [f"{method} {path} HTTP/1.0", "Host: 127.0.0.1"]
    head += [f"{name}: {value}" for name, value in (headers or {}).items()]
    if body is not None:
        head += ["Content-Type: application/json", f"Content-Length: {len(payload)}"]
    writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + payload)
    status_line = await reader.readline()
    status = int(status_line.split()[1]) if status_line else 0
    found: dict[str, str] = {}
    while (line := await reader.readline()) not in (b"\r\n", b"\n", b""):
        name, _, value = line.decode().partition(":")
        found[name.strip().lower()] = value.strip()
    return reader, writer, status, found


async def open_stream(
    port: int, path: str, headers: dict[str, str] | None = None, *, keep: bool = False
) -> Watcher:
    reader, writer, status, _ = await _request(port, "GET", path, headers)
    watcher = Watcher(status=status, writer=writer)
    if status == 200:
        watcher.task = asyncio.create_task(watcher._follow(reader, keep))
    else:
        writer.close()
    return watcher


async def open_many(
    port: int, paths: list[str], headers: list[dict[str, str]] | None = None, at_once: int = 50
) -> list[Watcher]:
    """Open a stream per path, ``at_once`` connecting at a time."""
    gate = asyncio.Semaphore(at_once)

    async def one(n: int) -> Watcher:
        async with gate:
            return await open_stream(port, paths[n], headers[n] if headers else None)

    return list(await asyncio.gather(*(one(n) for n in range(len(paths)))))


async def call(
    port: int, method: str, path: str, headers: dict[str, str] | None = None, body: Any = None
) -> tuple[int, Any, float]:
    """``(status, JSON body, seconds)`` of one request on a connection of its own."""
    began = time.perf_counter()
    reader, writer, status, found = await _request(port, method, path, headers, body)
    raw = await reader.read()
    writer.close()
    elapsed = time.perf_counter() - began
    if headers_json(found):
        return status, (json.loads(raw) if raw.strip() else None), elapsed
    return status, raw.decode(), elapsed


def headers_json(headers: dict[str, str]) -> bool:
    return "json" in headers.get("content-type", "")


async def wait_for(condition, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        await asyncio.sleep(0.01)
    return condition()


# --- a real `foxden api` ------------------------------------------------------------------------


def with_client_name(url: str, name: str) -> str:
    """``url`` with redis-py's ``client_name`` option: CLIENT LIST then shows whose each is."""
    return url + ("&" if "?" in url else "?") + f"client_name={name}"


def redis_connections(client: Any, name: str) -> int:
    return sum(1 for entry in client.client_list() if entry.get("name") == name)


@dataclass
class ApiProcess:
    process: Any
    port: int
    log: Any

    def workers(self) -> list[int]:
        from tests.docs.live import children

        return sorted(children(self.process.pid))

    def stop(self) -> None:
        import signal
        import subprocess

        self.process.send_signal(signal.SIGTERM)  # by its pid: gunicorn's graceful stop
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)


def start_api(env: dict[str, str], log_path: Any, *, workers: int | None = None) -> ApiProcess:
    """``foxden api`` on a free port (its defaults unless ``workers`` is given), once ready."""
    import subprocess
    import sys
    import urllib.request

    from tests.docs.live import ROOT, free_port

    port = free_port()
    command = [sys.executable, "-m", "foxden.cli", "api", "--port", str(port)]
    if workers is not None:
        command += ["--workers", str(workers)]
    log = open(log_path, "wb")  # noqa: SIM115 - closed with the process
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    api = ApiProcess(process, port, log)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"foxden api exited: {_tail(log_path)}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=1) as answer:
                if answer.status == 200 and len(api.workers()) >= (workers or 2):
                    return api
        except OSError:
            pass
        time.sleep(0.05)
    api.stop()
    raise RuntimeError(f"foxden api not ready: {_tail(log_path)}")


def _tail(path: Any) -> str:
    with open(path, errors="replace") as log:
        return log.read()[-2000:]


def proc_status(pid: int) -> dict[str, int]:
    """Threads, resident memory (kB) and open file descriptors of a process, from /proc."""
    import os

    found = {"fds": len(os.listdir(f"/proc/{pid}/fd"))}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            key, _, value = line.partition(":")
            if key in ("Threads", "VmRSS"):
                found[key.lower()] = int(value.split()[0])
    return found


def metric(text: str, name: str) -> float:
    """The value of an unlabelled series in a Prometheus text exposition."""
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    raise KeyError(name)
