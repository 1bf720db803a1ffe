"""Workers ride out a Redis outage: a real redis-server of the test's own is stopped for a few
seconds under a running worker, and a second worker is started while it is down. Both wait,
reconnect, and the games go on by themselves: the one that was running when Redis went away,
and new bot and timeout games. The server is the test's own, so the games die with it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from rq.registry import StartedJobRegistry

from events.redis_client import connect
from foxden.bootstrap import build_service
from tests.conftest import _answers, _free_port, stop_process
from tests.docs import live
from tests.workers.conftest import Workers, ended, envelopes, wait_until
from tests.workers.slow_worker import SLOW
from workers.scheduler import RQScheduler

pytestmark = pytest.mark.skipif(not shutil.which("redis-server"), reason="needs redis-server")

OUTAGE_S = 3


class RedisServer:
    """A redis-server on a free port (never 6379) that keeps its data (AOF) across restarts."""

    def __init__(self, workdir: Path) -> None:
        self.workdir, self.port = workdir, _free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        command = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1"]
        command += ["--dir", str(self.workdir), "--save", "", "--appendonly", "yes"]
        command += ["--appendfsync", "always", "--daemonize", "no"]
        log = (self.workdir / "redis.log").open("ab")
        self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        log.close()
        wait_until(lambda: _answers(self.url, 0.2), 5, "redis-server to answer")

    def stop(self) -> None:
        """SIGTERM by pid: Redis flushes its AOF and closes every connection."""
        if self.process:
            stop_process(self.process, 10)


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path)
    server.start()
    yield server
    server.stop()


def after(text: str, marker: str) -> str:
    """The part of a log after the first line matching ``marker``."""
    found = re.search(marker, text)
    assert found, f"no line matching {marker!r} in:\n{text[-3000:]}"
    return text[found.end() :]


def test_workers_wait_for_redis_and_carry_on(own_redis: RedisServer, tmp_path: Path) -> None:
    prefix = f"fdt-outage-{own_redis.port}"
    client = connect(own_redis.url)
    scheduler = RQScheduler(client, prefix=prefix)
    games = build_service(own_redis.url, scheduler)
    workers = Workers(own_redis.url, own_redis.url, prefix, tmp_path)
    started = StartedJobRegistry(scheduler.names.bots, connection=client)
    try:
        (running,) = workers.start(1, module="tests.workers.slow_worker")
        seats = [{"kind": "bot", "strategy": "slow"}, {"kind": "bot", "strategy": "random"}]
        before = games.create(SLOW.id, seats, {}).game_id
        wait_until(started.get_job_ids, 10, "the slow seat's first move to start")
        own_redis.stop()  # mid-job: the slow seat thinks for SLOW_S, then appends

        (late,) = workers.start(1, module="tests.workers.slow_worker")  # while Redis is down
        wait_until(lambda: "waiting for Redis" in workers.log(late), 8, "the late worker to wait")
        time.sleep(OUTAGE_S)
        assert all(proc.poll() is None for proc in workers.procs.values()), "a worker quit"
        own_redis.start()

        wait_until(lambda: ended(games, before), 15, "the game from before the outage to end")
        new = games.create("sly", [{"kind": "bot", "strategy": "random"}] * 2, {}).game_id
        human = [{"kind": "human"}, {"kind": "bot", "strategy": "random"}]
        timed = games.create("sly", human, {"turn_timeout_s": 1}).game_id
        games.join(timed, "ada")
        wait_until(lambda: ended(games, new), 15, "a new bot game to end")
        wait_until(
            lambda: any(e.by["kind"] == "timeout" for e in envelopes(games, timed)),
            8,
            "a timeout move",
        )
        assert all(proc.poll() is None for proc in workers.procs.values()), "a worker quit"
        # The one that lost Redis mid-job started again; the late one waited; both worked.
        assert "Job OK" in after(workers.log(running), "lost Redis; reconnecting")
        assert "Job OK" in after(workers.log(late), "Redis at .* answers again")
    finally:
        assert not workers.stop_all()
        client.close()


def test_foxden_up_stays_up_while_its_redis_is_away(own_redis: RedisServer, tmp_path: Path):
    """``foxden up`` on an external Redis (``REDIS_URL``): nothing exits while it is away,
    and afterwards a bot game created over HTTP plays to the end."""
    env = {
        **os.environ,
        "REDIS_URL": own_redis.url,
        "FOXDEN_RATE_LIMIT": "off",
        "FOXDEN_QUEUE_PREFIX": f"fdt-up-{own_redis.port}",
    }
    running = live.start(env, tmp_path / "up.log")
    try:
        own_redis.stop()
        time.sleep(OUTAGE_S)
        assert live.get(running.base_url + "/readyz")[0] == 503
        own_redis.start()
        status, game = live.post(
            running.base_url + "/v1/games",
            {"game": "sly", "seats": [{"kind": "bot", "strategy": "random"}] * 2},
        )
        assert status == 201, game
        live.wait_finished(running.base_url, game["id"], timeout=20)
        assert running.process.poll() is None, running.output()[-3000:]
        # The worker noticed (RQ's own retry while it waits for a job, or ours), and carried on.
        assert re.search("could not connect to Redis|waiting for Redis", running.output())
    finally:
        left = live.stop(running)
    assert not left, f"left running: {left}"
