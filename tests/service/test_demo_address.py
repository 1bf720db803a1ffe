"""``foxden demo`` finds the running service where ``replay`` and ``audit --game`` find its
Redis: in what the ``foxden up`` of the data directory recorded (issue 39)."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from foxden import cli
from foxden.supervisor import DataDirLock


@pytest.fixture
def closed_port() -> Iterator[int]:
    """A port bound but not listening: a connection to it is refused at once."""
    with socket.socket() as bound:
        bound.bind(("127.0.0.1", 0))
        yield bound.getsockname()[1]


@pytest.fixture
def recorded(tmp_path: Path, closed_port: int) -> Iterator[str]:
    """A data directory owned as by a running ``foxden up`` that serves on ``closed_port``."""
    lock = DataDirLock(str(tmp_path))
    lock.acquire()
    lock.record(
        redis_url="unix:///nowhere/redis.socket?db=0", api_url=f"http://127.0.0.1:{closed_port}"
    )
    yield f"http://127.0.0.1:{closed_port}"
    lock.release()


def demo_error(argv: list[str], capsys: pytest.CaptureFixture) -> str:
    assert cli.main(["demo", *argv]) == 1
    return capsys.readouterr().err


def test_demo_uses_the_address_the_running_service_recorded(
    tmp_path: Path, recorded: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    monkeypatch.setenv("PORT", "1")  # not where the recorded service is: the record wins
    monkeypatch.delenv("REDIS_URL", raising=False)  # so that replay reads the record too
    error = demo_error(["--data-dir", str(tmp_path)], capsys)
    found = f"the API of the foxden up in {tmp_path}/, pid {os.getpid()}"
    assert f"cannot reach Foxden at {recorded} ({found}): " in error
    # replay reads the same record: the Redis it names comes from the same pid.
    assert cli.main(["replay", "f" * 32, "--data-dir", str(tmp_path)]) == 1
    error = capsys.readouterr().err
    assert f"the embedded Redis of {tmp_path}/, foxden up pid {os.getpid()}" in error


def test_an_explicit_url_wins_over_the_record(
    tmp_path: Path, recorded: str, capsys: pytest.CaptureFixture
) -> None:
    other = "http://127.0.0.1:1"
    error = demo_error(["--data-dir", str(tmp_path), "--url", other], capsys)
    assert f"cannot reach Foxden at {other} (--url): " in error


def test_without_a_running_service_the_demo_tries_the_port_in_the_environment(
    tmp_path: Path, closed_port: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    monkeypatch.setenv("PORT", str(closed_port))
    error = demo_error(["--data-dir", str(tmp_path)], capsys)
    assert f"cannot reach Foxden at http://127.0.0.1:{closed_port} (the default: " in error
