"""What ``make run`` promises: ``foxden up`` with no ``REDIS_URL`` starts an embedded Redis, the
API and a worker; an all-bot game finishes; Ctrl-C leaves no process behind; a restart finds the
game again (the embedded Redis saves to the data folder when it stops).
"""

from __future__ import annotations

import os
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
        print(f"\nfoxden up (embedded Redis) ready in {first.ready_s:.2f} s")
        assert first.ready_s < 30, first.output()
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
