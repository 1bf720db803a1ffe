"""The global index of games: a projection of the streams, kept in bucketed sorted sets.

Written only when a game is created or changes status (never per move), so it costs nothing
on the hot path. It can be rebuilt from the streams at any time (``rebuild``).

Buckets: a game's index entries live in bucket ``crc32(game id) % BUCKETS``, and a token's in
bucket ``crc32(token hash) % BUCKETS``; every key of one bucket shares the hash tag
``{ix:<b>}`` (or ``{tk:<b>}``), so on a Redis Cluster each bucket is one slot and the buckets
spread over the masters: no slot is the hot spot of every creation, and each write of the
index stays within one slot (one MULTI). A page is read from every bucket and merged.

Keys of bucket ``b``: ``fd:{ix:b}:by:<filter>`` (sorted sets of game ids scored by their
*position*, one per filter: ``all``, ``status:<s>``, ``game:<g>``, ``status:<s>:game:<g>``),
``fd:{ix:b}:meta`` (id → summary JSON) and ``fd:{tk:b}:tokens`` (token hash → game id, to tell a
token of another game from a bad one).

Position: the creation time in microseconds, made strictly increasing within a process; no
global counter, so nothing is shared by every creation. The order is (position, game id),
newest first, and a cursor names the last (position, id) of its page, so pages never skip or
repeat a game even when two processes create games in the same microsecond.

A table has open seats exactly while it waits (the last seat taken starts it), so the list of
open tables is the ``status:waiting`` set; each summary says how many seats are open.
"""

from __future__ import annotations

import base64
import heapq
import threading
import time
import zlib
from collections.abc import Callable, Iterable, Iterator
from datetime import datetime
from typing import Any

import orjson

from domain.match import ENDED, FINISHED, MatchState
from events.redis_client import Client, reply_text
from service.policies import rateable

BUCKETS = 16
ALL_FILTERS = "fd:{ix:*}:by:*"


def bucket_of(name: str) -> int:
    return zlib.crc32(name.encode()) % BUCKETS


def _meta(bucket: int) -> str:
    return f"fd:{{ix:{bucket}}}:meta"


def _tokens(bucket: int) -> str:
    return f"fd:{{tk:{bucket}}}:tokens"


def _filter(bucket: int, name: str) -> str:
    return f"fd:{{ix:{bucket}}}:by:{name}"


def _archive_due(bucket: int) -> str:
    """The ended games of a bucket still in Redis, scored by when they ended (Unix time): what
    the archiver has left to do (``service/archiver.py``). Written with the status that ends
    a game, in the same MULTI, so no ended game can miss it."""
    return f"fd:{{ix:{bucket}}}:archive"


def _unrated(bucket: int) -> str:
    """The finished games between accounts of a bucket not rated yet, scored by when they ended
    (Unix time): what the rating jobs have left to do (``service/ratings.py``), for the sweeper
    to repair. Written with the status that finishes a game, in the same MULTI."""
    return f"fd:{{ix:{bucket}}}:unrated"


def _unix(at: str) -> float:
    return datetime.fromisoformat(at).timestamp()


def _filters(status: str, game: str, live: bool = False) -> list[str]:
    """The filter sets a game is in; ``live``: also the live games' (``LIVE``), see
    :func:`listed_live`."""
    names = ["all", f"status:{status}", f"game:{game}", f"status:{status}:game:{game}"]
    return [*names, LIVE, f"{LIVE}:game:{game}"] if live else names


# The live games: active, made for live play (``live`` in the summary, decided by the service
# at creation: an idle limit at most the live tables'), and a person still plays a seat.
LIVE = "live"


def listed_live(meta: dict[str, Any]) -> bool:
    """Whether an entry belongs among the live games (entries from before ``live`` and
    ``people`` existed never do)."""
    return bool(meta.get("live")) and meta["status"] == "active" and meta.get("people", 0) > 0


def encode_cursor(position: int, game_id: str) -> str:
    return base64.urlsafe_b64encode(f"{position}:{game_id}".encode()).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[int, str]:
    """The (position, id) a cursor stands for; ``ValueError`` for a cursor we did not issue."""
    padded = cursor + "=" * (-len(cursor) % 4)
    position, game_id = base64.urlsafe_b64decode(padded.encode()).decode().split(":", 1)
    if int(position) < 0 or not game_id:
        raise ValueError("not a cursor of ours")
    return int(position), game_id


class GameIndex:
    def __init__(self, client: Client) -> None:
        self.redis = client
        self._last_position = 0
        self._lock = threading.Lock()

    def _next_position(self) -> int:
        with self._lock:
            self._last_position = max(time.time_ns() // 1000, self._last_position + 1)
            return self._last_position

    def add(self, game_id: str, state: MatchState, created_at: str, *, live: bool = False) -> None:
        """A new entry; ``live``: the game was made for live play (the service says)."""
        bucket, position = bucket_of(game_id), self._next_position()
        meta = {
            "id": game_id,
            "game": state.game,
            "created_at": created_at,
            "players": state.players,
            "position": position,
            "status": state.status,
            "open_seats": state.open_seats,
            "live": live,
            "people": state.people,
        }
        if state.expires_at is not None:  # the sweeper reads it from here, without a load
            meta["expires_at"] = state.expires_at
        writes: list[tuple[Any, ...]] = [("HSET", _meta(bucket), game_id, orjson.dumps(meta))]
        for name in _filters(state.status, state.game or "", listed_live(meta)):
            writes.append(("ZADD", _filter(bucket, name), position, game_id))
        if state.status in ENDED:  # a rebuild: ended long ago, so due at once
            writes.append(("ZADD", _archive_due(bucket), "NX", _unix(created_at), game_id))
        if rateable(state):  # a rebuild: a rated one is only looked up and dropped
            writes.append(("ZADD", _unrated(bucket), "NX", _unix(created_at), game_id))
        self._write(bucket, writes)

    def set_status(self, game_id: str, state: MatchState, at: str) -> None:
        """The game's new status, open seats and people (a join changes only the latter two,
        a seat handed to a bot only the people), as of ``at`` (an ISO time: a game that ends
        becomes due for the archive from then)."""
        bucket = bucket_of(game_id)
        raw = self.redis.hget(_meta(bucket), game_id)
        if raw is None:
            return
        meta = orjson.loads(raw)
        ends = state.status in ENDED and meta["status"] not in ENDED
        old = set(_filters(meta["status"], meta["game"], listed_live(meta)))
        meta["status"] = state.status
        meta["open_seats"] = state.open_seats
        if "people" in meta:  # (an entry from before it existed is never live)
            meta["people"] = state.people
        new = set(_filters(state.status, meta["game"], listed_live(meta)))
        writes: list[tuple[Any, ...]] = [("HSET", _meta(bucket), game_id, orjson.dumps(meta))]
        for name in old - new:
            writes.append(("ZREM", _filter(bucket, name), game_id))
        for name in new - old:
            writes.append(("ZADD", _filter(bucket, name), meta["position"], game_id))
        if ends:
            writes.append(("ZADD", _archive_due(bucket), "NX", _unix(at), game_id))
        if ends and state.status == FINISHED and rateable(state):
            writes.append(("ZADD", _unrated(bucket), "NX", _unix(at), game_id))
        self._write(bucket, writes)

    def due_for_archive(self, ended_before: float, limit: int) -> list[str]:
        """Up to ``limit`` ended games still in Redis that ended before ``ended_before`` (Unix
        time), the longest ended first within each bucket."""
        pipe = self.redis.pipeline(transaction=False)
        for bucket in range(BUCKETS):
            pipe.zrangebyscore(_archive_due(bucket), "-inf", ended_before, start=0, num=limit)
        found = [reply_text(game_id) for reply in pipe.execute() for game_id in reply]
        return found[:limit]

    def unrated(self, ended_before: float, limit: int) -> list[str]:
        """Up to ``limit`` finished games between accounts not rated yet that ended before
        ``ended_before`` (Unix time), the longest ended first within each bucket."""
        pipe = self.redis.pipeline(transaction=False)
        for bucket in range(BUCKETS):
            pipe.zrangebyscore(_unrated(bucket), "-inf", ended_before, start=0, num=limit)
        found = [reply_text(game_id) for reply in pipe.execute() for game_id in reply]
        return found[:limit]

    def rated(self, game_id: str) -> None:
        """The game is rated (or needs no rating): nothing is left for the rating job."""
        self.redis.zrem(_unrated(bucket_of(game_id)), game_id)

    def archived(self, game_id: str) -> None:
        """The game is out of Redis: nothing is left for the archiver to do."""
        self.redis.zrem(_archive_due(bucket_of(game_id)), game_id)

    def forget(self, game_id: str) -> None:
        """Remove a game from the index (deleted for good)."""
        bucket = bucket_of(game_id)
        raw = self.redis.hget(_meta(bucket), game_id)
        writes: list[tuple[Any, ...]] = [
            ("HDEL", _meta(bucket), game_id),
            ("ZREM", _archive_due(bucket), game_id),
            ("ZREM", _unrated(bucket), game_id),
        ]
        if raw is not None:
            meta = orjson.loads(raw)
            for name in _filters(meta["status"], meta["game"], listed_live(meta)):
                writes.append(("ZREM", _filter(bucket, name), game_id))
        self._write(bucket, writes)

    def not_archived(self) -> int:
        """How many ended games are still in Redis (a gauge for operators)."""
        pipe = self.redis.pipeline(transaction=False)
        for bucket in range(BUCKETS):
            pipe.zcard(_archive_due(bucket))
        return sum(int(count) for count in pipe.execute())

    def _write(self, bucket: int, writes: list[tuple[Any, ...]]) -> None:
        """``writes`` to the keys of one bucket (one slot) at once, in a MULTI."""
        pipe = self.redis.pipeline(transaction=True)
        for write in writes:
            pipe.execute_command(*write)
        pipe.execute()

    def page(
        self,
        status: str | None,
        game: str | None,
        cursor: str | None,
        limit: int,
        *,
        live: bool = False,
    ) -> tuple[list[dict[str, Any]], str | None]:
        """Newest first; ``cursor`` continues where the previous page stopped. ``live``: only
        the live games (all active; ``status`` is then not looked at).

        Each bucket gives its first ``limit + 1`` games after the cursor (one pipeline: on a
        cluster, one round trip per master), the merge keeps the first ``limit + 1`` of all,
        and their summaries come from their buckets' hashes (a second pipeline).
        """
        name = ":".join(
            part for part in (status and f"status:{status}", game and f"game:{game}") if part
        )
        name = name or "all"
        if live:
            name = f"{LIVE}:game:{game}" if game else LIVE
        after = decode_cursor(cursor) if cursor else None
        pipe = self.redis.pipeline(transaction=False)
        for bucket in range(BUCKETS):
            key = _filter(bucket, name)
            if after is None:
                pipe.zrevrangebyscore(key, "+inf", "-inf", start=0, num=limit + 1, withscores=True)
            else:
                # Ties at the cursor's position (rare: two processes, one microsecond), then
                # everything below it.
                pipe.zrevrangebyscore(key, after[0], after[0], withscores=True)
                pipe.zrevrangebyscore(
                    key, f"({after[0]}", "-inf", start=0, num=limit + 1, withscores=True
                )
        found: list[tuple[int, str, int]] = []
        for bucket, replies in zip(
            range(BUCKETS), _chunks(pipe.execute(), 1 if after is None else 2), strict=True
        ):
            for reply in replies:
                for member, score in reply:
                    game_id, position = reply_text(member), int(score)
                    if after is None or (position, game_id) < after:
                        found.append((position, game_id, bucket))
        chosen = heapq.nlargest(limit + 1, found)
        more = len(chosen) > limit
        chosen = chosen[:limit]
        metas: list[dict[str, Any]] = []
        if chosen:
            pipe = self.redis.pipeline(transaction=False)
            for _, game_id, bucket in chosen:
                pipe.hget(_meta(bucket), game_id)
            metas = [orjson.loads(raw) for raw in pipe.execute() if raw is not None]
        next_cursor = encode_cursor(*chosen[-1][:2]) if more and chosen else None
        return metas, next_cursor

    def each(self, status: str, chunk: int = 1000) -> Iterator[str]:
        """Every game id with ``status``, bucket by bucket, in no particular order.

        For a sweep over all of them: much cheaper than ``page``, which merges every bucket's
        head for each page to keep the global order. Read in chunks by offset: a game that
        leaves the status meanwhile may make one other be skipped, which the next sweep sees.
        """
        for bucket in range(BUCKETS):
            key, start = _filter(bucket, f"status:{status}"), 0
            while True:
                ids = self.redis.zrange(key, start, start + chunk - 1)
                yield from (reply_text(game_id) for game_id in ids)
                if len(ids) < chunk:
                    break
                start += chunk

    def rebuild(
        self,
        games: Iterable[tuple[str, MatchState, str]],
        live: Callable[[MatchState], bool] = lambda state: False,
    ) -> int:
        """Drop the index and build it again from ``(game id, state, created_at)`` triples.

        The streams are the truth; the index is only a projection of them. Games are placed
        in the order of their creation time; ``live`` says which were made for live play.
        """
        stale = [*self.redis.scan_iter(match=ALL_FILTERS, count=500)]
        stale += [_meta(bucket) for bucket in range(BUCKETS)]
        stale += [_tokens(bucket) for bucket in range(BUCKETS)]
        self.redis.delete(*stale)  # split per slot by a cluster client
        ordered = sorted(games, key=lambda game: game[2])
        for game_id, state, created_at in ordered:
            self.add(game_id, state, created_at, live=live(state))
        for game_id, state, _ in ordered:
            owned = [state.owner_token_hash] if state.owner_token_hash else []
            for token_hash in [*owned, *(seat.token_hash for seat in state.seats)]:
                if token_hash:
                    self.remember_token(token_hash, game_id)
        return len(ordered)

    def remember_token(self, token_hash: str, game_id: str) -> None:
        key = _tokens(bucket_of(token_hash))
        self.redis.hset(key, token_hash, game_id)

    def game_of_token(self, token_hash: str) -> str | None:
        key = _tokens(bucket_of(token_hash))
        game_id = self.redis.hget(key, token_hash)
        return reply_text(game_id) if game_id is not None else None


def _chunks(items: list[Any], size: int) -> Iterable[list[Any]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]
