"""An app on real Redis with a recording scheduler, and a tiny HTTP client for the tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient

from domain import registry
from events.redis_client import connect
from events.store import RedisEventStore
from service.api import create_app
from service.games import GameService
from service.index import GameIndex
from service.ports import RecordingScheduler
from tests.toygame import TOY

# The toy game declares its commands, as every game does: registering it is all it takes.
registry.register(TOY)


def build(client: redis.Redis, scheduler: RecordingScheduler) -> GameService:
    return GameService(RedisEventStore(client), scheduler, GameIndex(client))


@pytest.fixture
def scheduler() -> RecordingScheduler:
    return RecordingScheduler()


@pytest.fixture
def service(redis_url: str, scheduler: RecordingScheduler) -> Iterator[GameService]:
    client = connect(redis_url)
    yield build(client, scheduler)
    client.close()


@pytest.fixture
def app(service: GameService) -> Flask:
    return create_app(service, {"RATE_LIMIT": "off", "SSE_BLOCK_MS": 200})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


class Api:
    """The calls a client makes, with the assertions every test would repeat."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client

    def create(self, game: str = TOY.id, seats: list | None = None, **options: Any) -> dict:
        seats = seats or [{"kind": "human"}, {"kind": "human"}]
        body = {"game": game, "seats": seats, "options": options}
        response = self.client.post("/v1/games", json=body)
        assert response.status_code == 201, response.json
        return response.json

    def join(self, game_id: str, name: str = "ada", **extra: Any) -> dict:
        response = self.client.post(f"/v1/games/{game_id}/join", json={"name": name, **extra})
        assert response.status_code == 201, response.json
        return response.json

    def table(self, players: int = 2, **options: Any) -> tuple[str, list[str]]:
        """A started game of only humans, and their tokens by seat."""
        game = self.create(seats=[{"kind": "human"}] * players, **options)
        tokens = [self.join(game["id"], f"p{n}")["token"] for n in range(players)]
        return game["id"], tokens

    def get(self, path: str, token: str | None = None, **kwargs: Any):
        headers = kwargs.pop("headers", {})
        if token:
            headers["Authorization"] = f"Bearer {token}"
        return self.client.get(path, headers=headers, **kwargs)

    def command(self, game_id: str, token: str | None, body: Any, **headers: str):
        if token:
            headers["Authorization"] = f"Bearer {token}"
        return self.client.post(f"/v1/games/{game_id}/commands", json=body, headers=headers)

    def to_act(self, game_id: str) -> int:
        return self.get(f"/v1/games/{game_id}").json["to_act"][0]


@pytest.fixture
def api(client: FlaskClient) -> Api:
    return Api(client)
