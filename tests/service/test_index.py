"""The game index's writes and reads (a real Redis, single or cluster)."""

from __future__ import annotations

import dataclasses
import secrets

import pytest

from domain.match import ACTIVE, WAITING, MatchState, SeatInfo
from events.redis_client import Client
from service.index import GameIndex

pytestmark = pytest.mark.redis

AT = "2026-12-03T07:00:00.000Z"


def table(players: int) -> MatchState:
    return MatchState(version=1, game="sly", seats=(SeatInfo("human"),) * players, status=WAITING)


def test_a_table_is_listed_moved_and_its_tokens_known(redis_client: Client):
    index = GameIndex(redis_client)
    game_id, token_hash = secrets.token_hex(16), secrets.token_hex(32)
    waiting = table(2)
    index.add(game_id, waiting, AT)
    listed = {meta["id"]: meta for meta in index.page(WAITING, "sly", None, 1000)[0]}
    assert listed[game_id]["open_seats"] == 2 and listed[game_id]["status"] == WAITING

    joined = dataclasses.replace(
        waiting, seats=(SeatInfo("human", token_hash="x"), waiting.seats[1])
    )
    index.set_status(game_id, joined, "2026-01-01T00:00:01+00:00")
    listed = {meta["id"]: meta for meta in index.page(WAITING, "sly", None, 1000)[0]}
    assert listed[game_id]["open_seats"] == 1

    started = dataclasses.replace(joined, status=ACTIVE)
    index.set_status(game_id, started, "2026-01-01T00:00:02+00:00")
    assert game_id not in {meta["id"] for meta in index.page(WAITING, None, None, 1000)[0]}
    assert game_id in set(index.each(ACTIVE))
    assert [
        m["status"] for m in index.page(ACTIVE, "sly", None, 1000)[0] if m["id"] == game_id
    ] == [ACTIVE]

    index.remember_token(token_hash, game_id)
    assert index.game_of_token(token_hash) == game_id
    assert index.game_of_token(secrets.token_hex(32)) is None
