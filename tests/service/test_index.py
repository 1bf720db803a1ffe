"""The game index's writes, by the direct path and, when that fails, by the client's pipeline
(a real Redis, single or cluster)."""

from __future__ import annotations

import collections
import dataclasses
import secrets

import pytest
import redis

from domain.match import ACTIVE, WAITING, MatchState, SeatInfo
from events import redis_client as direct_path
from events.redis_client import Client, is_cluster
from service.index import GameIndex

pytestmark = pytest.mark.redis

AT = "2026-12-03T07:00:00.000Z"


def table(players: int) -> MatchState:
    return MatchState(version=1, game="sly", seats=(SeatInfo("human"),) * players, status=WAITING)


def pools(client: Client) -> list[redis.ConnectionPool]:
    if is_cluster(client):
        return [node.redis_connection.connection_pool for node in client.get_nodes()]
    return [client.connection_pool]


def break_the_direct_path(client: Client) -> None:
    """Every idle connection of the direct path is one to a port where nothing listens: the
    direct path meets a real connection failure, the client's own pool does not."""
    for pool in pools(client):
        kwargs = {**pool.connection_kwargs, "host": "127.0.0.1", "port": 1}
        kwargs.pop("path", None)
        idle = pool.__dict__.setdefault(direct_path._ATTRIBUTE, collections.deque())
        idle.clear()
        idle.extend(redis.Connection(**kwargs) for _ in range(direct_path.MAX_IDLE_DIRECT))


@pytest.mark.parametrize("direct", [True, False], ids=["direct", "fallen-back"])
def test_a_table_is_listed_moved_and_its_tokens_known(redis_client: Client, direct: bool):
    index = GameIndex(redis_client)
    if not direct:
        break_the_direct_path(redis_client)
        for pool in pools(redis_client):
            assert direct_path.direct(pool, "PING") is direct_path.FALL_BACK
    game_id, token_hash = secrets.token_hex(16), secrets.token_hex(32)
    waiting = table(2)
    index.add(game_id, waiting, AT)
    listed = {meta["id"]: meta for meta in index.page(WAITING, "sly", None, 1000)[0]}
    assert listed[game_id]["open_seats"] == 2 and listed[game_id]["status"] == WAITING

    joined = dataclasses.replace(
        waiting, seats=(SeatInfo("human", token_hash="x"), waiting.seats[1])
    )
    index.set_status(game_id, joined)
    listed = {meta["id"]: meta for meta in index.page(WAITING, "sly", None, 1000)[0]}
    assert listed[game_id]["open_seats"] == 1

    started = dataclasses.replace(joined, status=ACTIVE)
    index.set_status(game_id, started)
    assert game_id not in {meta["id"] for meta in index.page(WAITING, None, None, 1000)[0]}
    assert game_id in set(index.each(ACTIVE))
    assert [
        m["status"] for m in index.page(ACTIVE, "sly", None, 1000)[0] if m["id"] == game_id
    ] == [ACTIVE]

    index.remember_token(token_hash, game_id)
    assert index.game_of_token(token_hash) == game_id
    assert index.game_of_token(secrets.token_hex(32)) is None
