"""The global index of games: a projection of the streams, kept in a few sorted sets.

Written only when a game is created or changes status (never per move), so it costs nothing
on the hot path. It can be rebuilt from the streams at any time (``rebuild``).

A table has open seats exactly while it waits (the last seat taken starts it), so the list of
open tables is the ``status:waiting`` set; each summary says how many seats are open.

Keys: ``fd:games:seq`` (a counter giving each game its place in creation order),
``fd:games:by:<filter>`` (sorted sets of game ids scored by that place, one per filter: ``all``,
``status:<s>``, ``game:<g>``, ``status:<s>:game:<g>``), ``fd:games:meta`` (id → summary JSON)
and ``fd:tokens`` (token hash → game id, to tell a token of another game from a bad one).
"""

from __future__ import annotations

import base64
from collections.abc import Iterable
from typing import Any

import orjson
import redis

from domain.match import MatchState

SEQ, META, TOKENS = "fd:games:seq", "fd:games:meta", "fd:tokens"


def _sets(status: str, game: str) -> list[str]:
    return [
        "fd:games:by:all",
        f"fd:games:by:status:{status}",
        f"fd:games:by:game:{game}",
        f"fd:games:by:status:{status}:game:{game}",
    ]


def encode_cursor(position: int) -> str:
    return base64.urlsafe_b64encode(str(position).encode()).decode().rstrip("=")


def decode_cursor(cursor: str) -> int:
    """The position a cursor stands for; raises ``ValueError`` for a cursor we did not issue."""
    padded = cursor + "=" * (-len(cursor) % 4)
    position = int(base64.urlsafe_b64decode(padded.encode()).decode())
    if position < 0:
        raise ValueError("negative cursor")
    return position


class GameIndex:
    def __init__(self, client: redis.Redis) -> None:
        self.redis = client

    def add(self, game_id: str, state: MatchState, created_at: str) -> None:
        position = self.redis.incr(SEQ)
        meta = {
            "id": game_id,
            "game": state.game,
            "created_at": created_at,
            "players": state.players,
            "position": position,
            "status": state.status,
            "open_seats": state.open_seats,
        }
        if state.expires_at is not None:  # the sweeper reads it from here, without a load
            meta["expires_at"] = state.expires_at
        pipe = self.redis.pipeline(transaction=True)
        pipe.hset(META, game_id, orjson.dumps(meta))
        for key in _sets(state.status, state.game or ""):
            pipe.zadd(key, {game_id: position})
        pipe.execute()

    def set_status(self, game_id: str, state: MatchState) -> None:
        """The game's new status and open seats (a join changes only the latter)."""
        raw = self.redis.hget(META, game_id)
        if raw is None:
            return
        meta = orjson.loads(raw)
        old = set(_sets(meta["status"], meta["game"]))
        new = set(_sets(state.status, meta["game"]))
        meta["status"] = state.status
        meta["open_seats"] = state.open_seats
        pipe = self.redis.pipeline(transaction=True)
        pipe.hset(META, game_id, orjson.dumps(meta))
        for key in old - new:
            pipe.zrem(key, game_id)
        for key in new - old:
            pipe.zadd(key, {game_id: meta["position"]})
        pipe.execute()

    def page(
        self, status: str | None, game: str | None, cursor: str | None, limit: int
    ) -> tuple[list[dict[str, Any]], str | None]:
        """Newest first; ``cursor`` continues where the previous page stopped."""
        key = "fd:games:by:" + ":".join(
            part for part in (status and f"status:{status}", game and f"game:{game}") if part
        )
        if key.endswith(":"):
            key += "all"
        top = f"({decode_cursor(cursor)}" if cursor else "+inf"
        ids = self.redis.zrevrangebyscore(key, top, "-inf", start=0, num=limit + 1)
        more = len(ids) > limit
        ids = ids[:limit]
        metas = [orjson.loads(raw) for raw in self.redis.hmget(META, ids)] if ids else []
        next_cursor = encode_cursor(metas[-1]["position"]) if more and metas else None
        return metas, next_cursor

    def rebuild(self, games: Iterable[tuple[str, MatchState, str]]) -> int:
        """Drop the index and build it again from ``(game id, state, created_at)`` triples.

        The streams are the truth; the index is only a projection of them. Games are placed
        in the order of their creation time.
        """
        stale = [*self.redis.scan_iter(match="fd:games:by:*", count=500), META, SEQ]
        self.redis.delete(*stale)
        ordered = sorted(games, key=lambda game: game[2])
        for game_id, state, created_at in ordered:
            self.add(game_id, state, created_at)
        for game_id, state, _ in ordered:
            for seat in state.seats:
                if seat.token_hash:
                    self.remember_token(seat.token_hash, game_id)
        return len(ordered)

    def remember_token(self, token_hash: str, game_id: str) -> None:
        self.redis.hset(TOKENS, token_hash, game_id)

    def game_of_token(self, token_hash: str) -> str | None:
        game_id = self.redis.hget(TOKENS, token_hash)
        return game_id.decode() if isinstance(game_id, bytes) else game_id
