"""Which Redis the CLI reads, and the lock that makes one ``foxden up`` own a data directory."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from foxden import cli
from foxden.supervisor import AlreadyRunning, DataDirLock, running_instance


def test_one_lock_per_data_dir_names_its_owner(tmp_path: Path) -> None:
    assert running_instance(str(tmp_path)) is None  # no file
    first = DataDirLock(str(tmp_path))
    first.acquire()
    first.record(redis_url="unix:///x/redis.socket?db=0", api_url="http://127.0.0.1:8000")
    try:
        owner = running_instance(str(tmp_path))
        assert owner == {
            "pid": os.getpid(),
            "redis_url": "unix:///x/redis.socket?db=0",
            "api_url": "http://127.0.0.1:8000",
        }
        with pytest.raises(AlreadyRunning) as refused:
            DataDirLock(str(tmp_path)).acquire()
        message = str(refused.value)
        assert f"pid {os.getpid()}" in message and "unix:///x/redis.socket?db=0" in message
        assert running_instance(str(tmp_path)) == owner  # the refused one changed nothing
    finally:
        first.release()
    assert running_instance(str(tmp_path)) is None  # released: nobody owns it
    again = DataDirLock(str(tmp_path))
    again.acquire()
    again.release()


def test_every_not_found_names_the_redis_it_read(
    redis_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    monkeypatch.setenv("REDIS_URL", redis_url)
    assert cli.main(["replay", "f" * 32]) == 1
    assert f"no game {'f' * 32!r} on {redis_url} (REDIS_URL)" in capsys.readouterr().err
    assert cli.main(["audit", "--game", "f" * 32]) == 1
    assert f"on {redis_url} (REDIS_URL)" in capsys.readouterr().err


def test_without_redis_url_the_cli_reads_the_embedded_redis_of_the_data_dir(
    redis_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    monkeypatch.delenv("REDIS_URL", raising=False)
    lock = DataDirLock(str(tmp_path))
    lock.acquire()
    lock.record(redis_url=redis_url)  # as `foxden up` records its embedded Redis
    try:
        assert cli.main(["replay", "f" * 32, "--data-dir", str(tmp_path)]) == 1
    finally:
        lock.release()
    error = capsys.readouterr().err
    assert (
        f"on {redis_url} (the embedded Redis of {tmp_path}/, foxden up pid {os.getpid()})" in error
    )
