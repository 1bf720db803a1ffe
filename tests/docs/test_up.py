"""What ``make run`` promises: ``foxden up`` with no ``REDIS_URL`` starts an embedded Redis, the
API and a worker; an all-bot game finishes; Ctrl-C leaves no process behind; a restart finds the
game again (the embedded Redis saves to the data folder when it stops).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.docs import live

pytestmark = [pytest.mark.xdist_group("live"), pytest.mark.slow]

BOTS = [{"kind": "bot", "strategy": "greedy"}, {"kind": "bot", "strategy": "random"}] * 2


def embedded_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env["FOXDEN_RATE_LIMIT"] = "off"
    return env


def test_up_without_redis_url_serves_plays_and_stops_clean(tmp_path: Path):
    data = tmp_path / "var"
    first = live.start(embedded_env(), tmp_path / "up-1.log", data_dir=data)
    try:
        # How fast it starts is printed, not asserted (live.start waits up to 60 s for it).
        print(f"\nfoxden up (embedded Redis) ready in {first.ready_s:.2f} s")
        assert first.redis_url.startswith("unix://"), first.output()
        server = live.redis_pid(first.redis_url)
        assert server, "the embedded Redis does not answer"

        status, created = live.post(
            first.base_url + "/v1/games", {"game": "fette-beute", "seats": BOTS}
        )
        assert status == 201, created
        summary = live.wait_finished(first.base_url, created["id"])
        assert summary["result"]["winners"]
        first.watch()
        assert len(first.tree) >= 3, "expected the API (gunicorn master and worker) and a worker"
    finally:
        left = live.stop(first, extra={server} if server else set())
    assert first.process.returncode == 0, first.output()
    assert not left, f"left running after Ctrl-C: {left}"
    assert (data / "foxden.rdb").exists(), "the embedded Redis did not save on the way out"

    again = live.start(embedded_env(), tmp_path / "up-2.log", data_dir=data)
    try:
        server = live.redis_pid(again.redis_url)
        status, summary = live.get(f"{again.base_url}/v1/games/{created['id']}")
        assert status == 200 and summary["status"] == "finished", summary
    finally:
        left = live.stop(again, extra={server} if server else set())
    assert not left, f"left running after Ctrl-C: {left}"


def cli(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "foxden.cli", *args],
        cwd=live.ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_a_second_up_in_the_same_data_dir_refuses_and_the_first_serves_on(tmp_path: Path):
    data = tmp_path / "var"
    first = live.start(embedded_env(), tmp_path / "up-1.log", data_dir=data)
    server = live.redis_pid(first.redis_url)
    try:
        port = first.base_url.rsplit(":", 1)[1]  # the same port too, as in one checkout
        second = cli("up", "--port", port, "--data-dir", str(data), env=embedded_env())
        assert second.returncode == 1, second.stdout + second.stderr
        assert "already owns the embedded Redis" in second.stderr
        assert f"pid {first.process.pid}" in second.stderr and first.redis_url in second.stderr
        assert "Foxden is up" not in second.stdout

        assert live.redis_pid(first.redis_url) == server  # the first one's Redis lives on
        assert live.get(first.base_url + "/readyz")[0] == 200
        status, created = live.post(
            first.base_url + "/v1/games", {"game": "sly", "seats": BOTS[:2]}
        )
        assert status == 201, created
        live.wait_finished(first.base_url, created["id"])

        # Without REDIS_URL, the other commands read the embedded Redis of the data dir.
        shown = cli("replay", created["id"], "--data-dir", str(data), env=embedded_env())
        assert shown.returncode == 0, shown.stderr
        assert created["id"] in shown.stdout and "GameEnded" in shown.stdout
        audited = cli("audit", "--game", created["id"], "--data-dir", str(data), env=embedded_env())
        assert audited.returncode == 0, audited.stdout + audited.stderr
        unknown = cli("replay", "0" * 32, "--data-dir", str(data), env=embedded_env())
        assert unknown.returncode == 1
        assert f"on {first.redis_url} (the embedded Redis of {data}/" in unknown.stderr
        # And the demo finds the service there too, on its port (not 8000, nor $PORT).
        quiet = {k: v for k, v in embedded_env().items() if k != "PORT"}
        demo = ["demo", "--data-dir", str(data), "--game", "sly", "--players", "2"]
        watched = cli(*demo, "--delay", "0", env=quiet)
        assert watched.returncode == 0, watched.stdout + watched.stderr
        assert f"SLY: 2 bots (greedy) on {first.base_url}" in watched.stdout
    finally:
        left = live.stop(first, extra={server} if server else set())
    assert first.process.returncode == 0, first.output()
    assert not left, f"left running after Ctrl-C: {left}"


def test_up_exits_1_when_its_api_cannot_start(tmp_path: Path):
    with socket.socket() as taken:  # the port is someone else's
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        done = cli("up", "--port", port, "--data-dir", str(tmp_path / "var"), env=embedded_env())
    assert done.returncode == 1, done.stdout + done.stderr
    assert "the api process" in done.stderr and "stopped everything" in done.stderr
    assert live_instance(tmp_path / "var") is None  # and it let go of its data directory


def live_instance(data: Path) -> dict | None:
    from foxden.supervisor import running_instance

    return running_instance(str(data))
