"""Finished games on a real Redis with an archive on both backends (a directory, and an S3
bucket on a moto server of the test run's own), for the archiver's tests.

``archived_service(archive)`` is a ``GameService`` whose store reads archived games from
``archive``; ``finish`` (tests/fairness) plays a game of each kind to the end.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from events.archive import ArchivedGames
from events.archive_storage import ArchiveStorage, open_archive
from events.redis_client import Client, connect
from events.store import RedisEventStore
from service.api import create_app
from service.games import GameService
from service.index import GameIndex
from service.ports import RecordingScheduler


def archived_service(redis_url: str, archive: ArchiveStorage) -> GameService:
    """A fresh service (cold caches) on ``redis_url`` whose ended games go to ``archive``."""
    client = connect(redis_url)
    store = RedisEventStore(client, archive=ArchivedGames(archive))
    return GameService(store, RecordingScheduler(), GameIndex(client), archive=archive)


def lose(client: Client, pattern: str = "fd:*") -> None:
    """Delete every key that matches ``pattern``, one by one (they span cluster slots)."""
    for key in list(client.scan_iter(match=pattern, count=1000)):
        client.delete(key)


@pytest.fixture
def archive(archive_url: str) -> ArchiveStorage:
    return open_archive(archive_url)


@pytest.fixture
def service(redis_url: str, archive: ArchiveStorage) -> Iterator[GameService]:
    """The service, on a database whose log and archive queue are this test's alone (the
    database is the test process's, shared by its tests one after the other)."""
    games = archived_service(redis_url, archive)
    lose(games.store.redis, "fd:{log}:*")
    lose(games.store.redis, "fd:{ix:*}:archive")
    yield games
    games.store.redis.close()


@pytest.fixture
def app(service: GameService) -> Flask:
    return create_app(service, {"RATE_LIMIT": "off", "SSE_BLOCK_MS": 200})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
