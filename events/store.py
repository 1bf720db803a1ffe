"""The event store: one Redis Stream per game, appended by one Lua script.

Keys (all of one game share the hash tag ``{g:<id>}``, hence one Redis Cluster slot, which
the script needs):

* ``fd:{g:<id>}:events``: the stream; the entry of version v has id ``"<v>-0"`` and one field,
  ``e``, the envelope's canonical JSON. It is never trimmed: the game is its history.
* ``fd:{g:<id>}:cmds``: the idempotency hash, ``command_id -> "<first> <last> <fingerprint>"``,
  and in its field ``""`` (never a command id: an empty id means none) the head the last append
  wrote, ``"<version> <hash>"``. It lives as long as the game (delete the keys together if a
  game is ever deleted).
* ``fd:{g:<id>}:snaps``: state snapshots, ``version -> bytes`` (what the bytes are is the
  service's business). A projection of the stream: rebuildable, safe to drop at any time.

The append seals the envelopes in Python (the seed never goes to Redis) and then runs one
script that, atomically:

1. answers a command id it has already seen with the versions that command produced, even
   when the retry carries a stale expected version, and appends nothing (the command's record
   and the head's come in one ``HMGET``);
2. checks that the expected version is the stream's last and the caller's ``prev_hash`` that
   last entry's hash (no lost update, no fork of the chain). When the recorded head is the
   caller's, the ``XADD`` of the next id is the check: the stream refuses an id at or below its
   top, so a record behind the stream cannot let a stale caller through. Otherwise (a new
   game, a stale caller, a game stored before the record existed, a record that disagrees with
   the stream) the stream's top entry decides (``XREVRANGE … COUNT 1``, never ``XLEN``, which
   would break if an entry were ever deleted) and its hash is found in its JSON. Reading that
   entry cost a quarter of the script's time in Redis (``docs/performance.md``);
3. ``XADD``s each envelope with its explicit id, records the new head and the command id (the
   latter only when the caller asks for it: a move without an idempotency key looks none up)
   and stores the snapshots the caller passed along.

Reading a state (``read_state``) is one script too: the snapshot at or below a version and the
events after it, in one round trip.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator, Sequence
from typing import Any

import redis
from redis.cluster import ClusterNode, RedisCluster

try:  # redis-py >= 6
    from redis.maint_notifications import MaintNotificationsConfig
except ImportError:  # pragma: no cover
    MaintNotificationsConfig = None  # type: ignore[assignment,misc]  # older redis-py: none

from events import durability as durable
from events.archive import ArchivedGame, ArchivedGames, ArchiveMissing, Pointer, entries_of
from events.codec import decode_entries
from events.direct_path import FALL_BACK, direct, direct_all, direct_pipeline, pool_for
from events.envelope import (
    GENESIS_HASH,
    ChainReport,
    Draft,
    Envelope,
    seal_encoded,
    verify_chain,
)
from events.ports import (
    AppendResult,
    EventStoreError,
    IdempotencyKeyReused,
    PrevHashMismatch,
    VersionConflict,
    check_append,
)
from events.redis_client import (
    MAX_BLOCK_MS,
    TRANSIENT,
    Client,
    blocking_socket_timeout,
    is_cluster,
    reply_text,
)

__all__ = [
    "GENESIS_HASH",
    "AppendResult",
    "EventStoreError",
    "IdempotencyKeyReused",
    "PrevHashMismatch",
    "RedisEventStore",
    "VersionConflict",
    "keys",
    "pointer_key",
    "retry_window_s",
    "snapshot_key",
]

# KEYS[1] stream, KEYS[2] idempotency hash (its field '' records the head), KEYS[3] snapshots.
# ARGV[1] expected version, ARGV[2] command id to remember ('' = none: no look-up, no record),
# ARGV[3] fingerprint, ARGV[4] prev_hash (the hash at the expected version), ARGV[5] the last
# envelope's hash (the new head's), ARGV[6] the count n of snapshots, ARGV[7 .. 6 + 2n] their
# (version, bytes) pairs, then the envelopes' JSON.
# Lua 5.1 on both Redis and fakeredis/lupa: numbers print as "%.14g", so versions stay exact
# below 10^14; integer arithmetic only (no '/').
APPEND_LUA = """
local cmd = ARGV[2]
local recorded
if cmd ~= '' then
  local got = redis.call('HMGET', KEYS[2], cmd, '')
  if got[1] then return {'DUPLICATE', got[1]} end
  recorded = got[2]
else
  recorded = redis.call('HGET', KEYS[2], '')
end
local expected = tonumber(ARGV[1])
local first = 7 + 2 * tonumber(ARGV[6])
-- The head the last append recorded is the caller's, and the stream takes the next id (it
-- refuses any id at or below its top entry's, so a record behind the stream cannot pass).
local added = recorded == expected .. ' ' .. ARGV[4]
  and redis.pcall('XADD', KEYS[1], (expected + 1) .. '-0', 'e', ARGV[first])
if not added or type(added) == 'table' then
  -- Otherwise the stream's own top entry decides: a new game, a stale caller, or a record
  -- that disagrees with the stream (written before the record existed, or the stream edited).
  local actual = 0
  local head = '0000000000000000000000000000000000000000000000000000000000000000'
  local top = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
  if top[1] then
    actual = tonumber(string.match(top[1][1], '^(%d+)-'))
    -- Is the caller's prev_hash the hash of this entry? Canonical JSON sorts its keys, so the
    -- top-level "hash" comes after data and cause, followed only by prev_hash, schema, type
    -- and version (under 350 bytes, none of which can hold the text '"hash":"'; inside JSON
    -- strings quotes are escaped). So a plain find of '"hash":"<prev_hash>","prev_hash":"'
    -- near the end that no later '"hash":"' follows is exactly the top-level pair: as exact
    -- as decoding the entry with cjson, and several times cheaper.
    local e = top[1][2][2]
    local pair = '"hash":"' .. ARGV[4] .. '","prev_hash":"'
    local at = string.find(e, pair, math.max(1, #e - 400), true)
    while at do
      local later = string.find(e, '"hash":"', at + 1, true)
      if not later then
        head = ARGV[4]
        break
      end
      at = string.find(e, pair, later, true)
    end
  end
  if actual ~= expected then
    return redis.error_reply('VERSION_CONFLICT ' .. actual)
  end
  if head ~= ARGV[4] then
    return redis.error_reply('PREV_HASH_MISMATCH ' .. actual)
  end
  redis.call('XADD', KEYS[1], (expected + 1) .. '-0', 'e', ARGV[first])
end
local v = expected + 1
for i = first + 1, #ARGV do
  v = v + 1
  redis.call('XADD', KEYS[1], v .. '-0', 'e', ARGV[i])
end
local now = v .. ' ' .. ARGV[5]
if cmd ~= '' then
  redis.call('HSET', KEYS[2], cmd, (expected + 1) .. ' ' .. v .. ' ' .. ARGV[3], '', now)
else
  redis.call('HSET', KEYS[2], '', now)
end
if first > 7 then
  redis.call('HSET', KEYS[3], unpack(ARGV, 7, first - 1))
end
return {'OK', v}
"""

# KEYS[1] stream, KEYS[2] snapshots, KEYS[3] the pointer of an archived game. ARGV[1] the
# version wanted ('' = the latest), ARGV[2] the snapshot interval k. Returns {snapshot or
# false, entries}: the snapshot of the last multiple of k at or below the version, and the
# entries after that multiple up to the version, or when there are none, the multiple's own
# entry (whose hash is then the head); without a snapshot, every entry up to the version.
# Without a stream, the pointer of the archived game (a string) when there is one.
READ_STATE_LUA = """
if redis.call('EXISTS', KEYS[1]) == 0 then
  return redis.call('GET', KEYS[3]) or {false, {}}
end
local wanted = ARGV[1]
local high = '+'
if wanted == '' then
  local top = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
  if not top[1] then return {false, {}} end
  wanted = string.match(top[1][1], '^(%d+)-')
else
  high = wanted .. '-0'
end
local n = tonumber(wanted)
local at = n - n % tonumber(ARGV[2])
local snapshot = false
if at > 0 then snapshot = redis.call('HGET', KEYS[2], at) end
if not snapshot then return {false, redis.call('XRANGE', KEYS[1], '-', high)} end
if n > at then
  local after = redis.call('XRANGE', KEYS[1], '(' .. at .. '-0', high)
  if after[1] then return {snapshot, after} end
end
return {snapshot, redis.call('XRANGE', KEYS[1], at .. '-0', at .. '-0')}
"""


# KEYS[1] stream, KEYS[2] the pointer of an archived game. ARGV[1] low id, ARGV[2] high id,
# ARGV[3] count ('' = no limit). The entries, or when there are none and the game was
# archived, its pointer (a string): one round trip either way, and the GET only runs when the
# range is empty (a read past the end of a game in Redis costs one GET inside Redis).
READ_LUA = """
local found
if ARGV[3] == '' then
  found = redis.call('XRANGE', KEYS[1], ARGV[1], ARGV[2])
else
  found = redis.call('XRANGE', KEYS[1], ARGV[1], ARGV[2], 'COUNT', ARGV[3])
end
if found[1] then return found end
return redis.call('GET', KEYS[2]) or found
"""

# KEYS[1] stream, KEYS[2] snapshots; ARGV the (version, bytes) pairs. Stores them only while
# the stream exists: a replay that ends after the archiver deleted the game must not bring
# its snapshots back into Redis.
SAVE_SNAPSHOTS_LUA = """
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HSET', KEYS[2], unpack(ARGV)) end
return 0
"""


def snapshot_key(game_id: str) -> str:
    """The key of a game's snapshots, under the game's hash tag (its cluster slot)."""
    return keys(game_id)[0][: -len("events")] + "snaps"


def pointer_key(game_id: str) -> str:
    """The key of an archived game's pointer (``events.archive.Pointer``), in the game's slot."""
    return keys(game_id)[0][: -len("events")] + "archived"


def keys(game_id: str) -> tuple[str, str]:
    """``(stream key, idempotency key)`` of a game; both share the hash tag ``{g:<id>}``."""
    if not game_id or "{" in game_id or "}" in game_id:
        # A brace would change the hash tag and so split a game's keys across cluster slots.
        raise ValueError(f"game id must be non-empty and free of braces: {game_id!r}")
    return f"fd:{{g:{game_id}}}:events", f"fd:{{g:{game_id}}}:cmds"


_ABSENT = object()
# How long an append keeps retrying a store that is down before it gives up (503): long
# enough to ride out a blip, short enough to answer a client within a request's patience.
# A cluster failover takes about node-timeout + 2 s (stack notes 2, section 3), so with the
# default node timeout of 15 s the client sees 503 + Retry-After and retries.
DEFAULT_RETRY_S = {False: 0.0, True: 2.0}
RETRY_PAUSE_S = 0.1


def retry_window_s(cluster: bool) -> float:
    """The default of ``FOXDEN_STORE_RETRY_S``: 2 s on a cluster, 0 (the client's own retries)
    on one server."""
    return DEFAULT_RETRY_S[cluster]


class RedisEventStore:
    """Appends and reads the events of games on Redis (or fakeredis with lupa).

    ``follow`` blocks in ``XREAD BLOCK`` and must not share the socket timeout of ordinary
    commands (redis-py 8 defaults to 5 s, and a BLOCK longer than the timeout fails with
    TimeoutError after retries). It uses ``blocking_client`` if given, for example
    ``connect(blocking=True)``, whose socket timeout exceeds ``max_block_ms``; otherwise it
    builds one on first use from the main client's connection settings with a socket timeout
    of ``max_block_ms / 1000 + 5`` s, in a pool of its own so open streams never starve
    ordinary commands of connections.

    A game the archiver moved out of Redis (``service/archiver.py``) leaves a pointer where
    its stream was; every read finds it in the same round trip as the stream and answers from
    ``archive`` (``events.archive.ArchivedGames``), so no reader can tell the difference but
    by the ``FROM_ARCHIVE`` mark. Without an archive such a read raises ``ArchiveMissing``.
    """

    def __init__(
        self,
        redis_client: Client,
        *,
        blocking_client: Client | None = None,
        max_block_ms: int = MAX_BLOCK_MS,
        durability: durable.Durability | None = None,
        retry_s: float | None = None,
        archive: ArchivedGames | None = None,
    ) -> None:
        self._redis = redis_client
        self.archive = archive
        self._append = redis_client.register_script(APPEND_LUA)
        self._read = redis_client.register_script(READ_LUA)
        self._read_state = redis_client.register_script(READ_STATE_LUA)
        self._save_snapshots = redis_client.register_script(SAVE_SNAPSHOTS_LUA)
        self._cluster = is_cluster(redis_client)
        # One pool for every key on one server (no look-up on the hot path); on a cluster
        # each key's node's pool, looked up per command (``pool_for``).
        self._pool = None if is_cluster(redis_client) else redis_client.connection_pool
        self._blocking = blocking_client
        self._blocking_lock = threading.Lock()
        self.max_block_ms = max_block_ms
        self.durability = durability or durable.Durability()
        # Checked against the servers now: a setting they cannot honour fails at start-up.
        self._waits = durable.check(redis_client, self.durability)
        self.retry_s = retry_window_s(self._cluster) if retry_s is None else retry_s

    # --- writing ------------------------------------------------------------------------------

    def append(
        self,
        game_id: str,
        expected_version: int,
        drafts: Sequence[Draft],
        command_id: str,
        *,
        prev_hash: str,
        seed: bytes,
        fingerprint: str = "",
        remember: bool = True,
        snapshots: Sequence[tuple[int, bytes]] = (),
    ) -> AppendResult:
        """Append ``drafts`` after ``expected_version``, atomically, or not at all.

        ``prev_hash`` is the hash of the event at ``expected_version`` (``GENESIS_HASH`` for a
        new game) and ``seed`` the game's secret seed, which salts the hashes. ``command_id``
        ("" for none) makes a retry safe: the same id returns the original versions and
        envelopes with ``duplicate=True`` and appends nothing (but when the stored events are
        byte for byte the ones this call sealed, its own write whose reply was lost and which
        it sent again, ``duplicate`` is False); with a different
        ``fingerprint`` (say, a hash of the command body) it raises IdempotencyKeyReused.
        Raises VersionConflict (carrying the current version) and PrevHashMismatch.

        ``remember=False`` records no command id and looks none up (the events still carry
        ``command_id``): for a command no client will retry by key. A repeat after a lost reply
        then meets a version conflict, and the store recognises its own events by their hashes.
        ``snapshots`` are ``(version, bytes)`` pairs stored with the events, atomically.
        """
        check_append(drafts, expected_version)
        stream, cmds = keys(game_id)
        snaps = snapshot_key(game_id)
        sealed = seal_encoded(drafts, expected_version + 1, prev_hash, seed, command_id)
        args: list[Any] = [
            expected_version,
            command_id if remember else "",
            fingerprint,
            prev_hash,
            sealed[-1][0].hash,
            len(snapshots),
        ]
        for version, snapshot in snapshots:
            args += (version, snapshot)
        args.extend(stored for _, stored in sealed)
        game_keys = (stream, cmds, snaps)
        # Not empty once the script was sent again (an earlier try's reply may have been lost):
        # then, with no command id remembered, a VERSION_CONFLICT may be this call's own write.
        resent: list[bool] = []
        try:
            try:
                status, value = self._send(game_keys, args, resent)
            except TRANSIENT:
                if self.retry_s <= 0:
                    raise
                resent.append(True)
                status, value = self._send_again(game_keys, args, resent)
        except redis.ResponseError as error:
            message = str(error)
            if message.startswith("VERSION_CONFLICT "):
                if resent and not remember and self._own(game_id, expected_version, sealed):
                    envelopes = [envelope for envelope, _ in sealed]
                    return AppendResult(
                        expected_version + 1, envelopes[-1].version, envelopes, False
                    )
                raise VersionConflict(expected_version, int(message.split()[1])) from None
            if message.startswith("PREV_HASH_MISMATCH "):
                raise PrevHashMismatch(int(message.split()[1])) from None
            raise
        if reply_text(status) == "OK":
            envelopes = [envelope for envelope, _ in sealed]
            return AppendResult(expected_version + 1, int(value), envelopes, False)
        # The script always writes three parts; the fingerprint may be "" or contain spaces.
        first, last, stored_fingerprint = reply_text(value).split(" ", 2)
        if stored_fingerprint != fingerprint:
            raise IdempotencyKeyReused(command_id)
        original = self.read(game_id, after=int(first) - 1, until=int(last))
        # The very events this call sealed (same hashes, so the same instant too), after this
        # call sent its script again: its own write, whose reply was lost. The caller must treat
        # it as new, not as someone else's earlier command. Without a second send, equal hashes
        # are a twin request's (same key, same body, same millisecond): a duplicate.
        own = bool(resent) and [envelope.hash for envelope in original] == [
            envelope.hash for envelope, _ in sealed
        ]
        return AppendResult(int(first), int(last), original, not own)

    def _own(self, game_id: str, expected: int, sealed: list[tuple[Envelope, bytes]]) -> bool:
        """Whether the events after ``expected`` are the ones just sealed (a lost reply)."""
        stored = self.read(game_id, after=expected, until=expected + len(sealed))
        return [e.hash for e in stored] == [envelope.hash for envelope, _ in sealed]

    def _send(self, game_keys: tuple[str, str, str], args: list[Any], resent: list[bool]) -> Any:
        """Run the append script (and the durability waits) once; ``resent`` gets an entry when
        the client's fallback sends it again (the direct try's reply may have been lost).

        ``game_keys`` are the stream, the idempotency hash and the snapshots, all in the
        game's slot, so the script's keys live on one node of a cluster.
        """
        if self._waits:
            return self._send_durably(game_keys, args)
        pool = self._pool or pool_for(self._redis, game_keys[0])
        reply = direct(pool, "EVALSHA", self._append.sha, len(game_keys), *game_keys, *args)
        if reply is FALL_BACK:
            resent.append(True)
            reply = self._append(keys=list(game_keys), args=args)  # loads it if need be
        return reply

    def _send_again(
        self, game_keys: tuple[str, str, str], args: list[Any], resent: list[bool]
    ) -> Any:
        """Retry a store that is down (restarting, failing over) for ``retry_s`` at most.

        A retry sends the very same sealed envelopes and command id: if an earlier attempt was
        applied and only its reply was lost, the script answers it as the command's own
        duplicate (see ``append``), never as a second append; without a command id to
        remember, ``append`` recognises its own events after a VERSION_CONFLICT (``_own``).
        """
        deadline = time.monotonic() + self.retry_s
        while True:
            if time.monotonic() + RETRY_PAUSE_S > deadline:
                return self._send(game_keys, args, resent)  # the last try: its error is the answer
            time.sleep(RETRY_PAUSE_S)
            try:
                return self._send(game_keys, args, resent)
            except TRANSIENT:
                continue

    def _send_durably(self, game_keys: tuple[str, str, str], args: list[Any]) -> Any:
        """The script and then the waits, in one round trip on one connection (WAIT and
        WAITAOF wait for the writes of their own connection, so the client's pool, which may
        hand out another connection for each command, cannot be used)."""
        stream = game_keys[0]
        command = ("EVALSHA", self._append.sha, len(game_keys), *game_keys, *args)
        pool = self._pool or pool_for(self._redis, stream)
        reply, *waited = direct_all(pool, command, *self._waits)
        if isinstance(reply, redis.exceptions.NoScriptError):
            self._append.sha = self._redis.script_load(APPEND_LUA)  # on every primary
            reply, *waited = direct_all(pool, command, *self._waits)
        if isinstance(reply, redis.exceptions.AskError | redis.exceptions.ClusterError):
            # The slot moved (MOVED, ASK) or is down: the cluster client follows, learns the
            # new slot table (or raises the transient error), and the next attempt goes there.
            self._redis.exists(stream)
            raise redis.exceptions.TryAgainError(str(reply))
        if isinstance(reply, Exception):
            raise reply
        if not durable.confirmed(self._waits, waited):
            raise durable.NotDurable(f"not confirmed within {self.durability.wait_ms} ms")
        return reply

    def recorded(self, game_id: str, command_id: str, fingerprint: str = "") -> list[Envelope]:
        """The events an earlier append with ``command_id`` wrote; [] if there was none.

        Lets a caller answer a retried command without deciding it again (the game may have
        moved on since). Raises IdempotencyKeyReused when ``fingerprint`` differs from the
        one recorded with the command id.
        """
        if not command_id:
            return []
        record = self._redis.hget(keys(game_id)[1], command_id)
        if record is None:
            return []
        first, last, stored_fingerprint = reply_text(record).split(" ", 2)
        if stored_fingerprint != fingerprint:
            raise IdempotencyKeyReused(command_id)
        return self.read(game_id, after=int(first) - 1, until=int(last))

    # --- reading ------------------------------------------------------------------------------

    def read(
        self, game_id: str, after: int = 0, until: int | None = None, count: int | None = None
    ) -> list[Envelope]:
        """The events with ``after < version <= until`` (all after ``after`` when ``until`` is
        None), at most ``count`` of them, in order. One XRANGE (in a script that looks for an
        archived game's pointer when the range is empty): it costs what it returns."""
        command = self._range(game_id, after, until, count)
        reply = direct(self._pool or pool_for(self._redis, command[3]), *command)
        if reply is FALL_BACK:
            reply = self._read(keys=command[3:5], args=command[5:])
        return self._entries(game_id, reply, after, until, count)

    def _range(
        self, game_id: str, after: int, until: int | None, count: int | None
    ) -> tuple[Any, ...]:
        """The EVALSHA of the read script for one range of a game."""
        stream = keys(game_id)[0]
        low = f"({after}-0" if after else "-"
        high = f"{until}-0" if until is not None else "+"
        limit = "" if count is None else count
        return ("EVALSHA", self._read.sha, 2, stream, pointer_key(game_id), low, high, limit)

    def _entries(
        self, game_id: str, reply: Any, after: int, until: int | None, count: int | None
    ) -> list[Envelope]:
        """The envelopes of a read script's reply: entries, or an archived game's pointer."""
        if isinstance(reply, bytes | str):
            return self._archived(game_id, reply).read(after, until, count)
        return decode_entries(reply)

    def _archived(self, game_id: str, pointer: bytes | str) -> ArchivedGame:
        if self.archive is None:
            raise ArchiveMissing(f"game {game_id} is archived and this process has no archive")
        return self.archive.game(game_id, pointer)

    def read_many(
        self, game_id: str, ranges: Sequence[tuple[int, int | None, int | None]]
    ) -> list[list[Envelope]]:
        """:meth:`read` for each ``(after, until, count)`` of ``ranges``, in one round trip."""
        stream = keys(game_id)[0]
        commands = [self._range(game_id, *each) for each in ranges]
        replies = direct_pipeline(self._pool or pool_for(self._redis, stream), commands)
        if replies is FALL_BACK:
            return [self.read(game_id, *each) for each in ranges]
        return [self._entries(game_id, r, *each) for r, each in zip(replies, ranges, strict=True)]

    def read_state(
        self, game_id: str, every: int, until: int | None = None
    ) -> tuple[bytes | None, list[Envelope]]:
        """The snapshot at the last multiple of ``every`` at or below ``until`` (the latest
        version when None) and the events after it up to ``until``, or when there are none, the
        snapshot's own event (the head's hash is the last event's); without a snapshot, ``(None,
        every event up to until)``. One round trip. The snapshot's version is the last event's
        version rounded down to a multiple of ``every``.

        A replay needs only the events after the snapshot: reading its event too cost a tenth of
        the worst ``?version=N`` (its decoding, docs/performance.md).
        """
        stream = keys(game_id)[0]
        wanted = "" if until is None else until
        args = (wanted, every)
        game_keys = (stream, snapshot_key(game_id), pointer_key(game_id))
        pool = self._pool or pool_for(self._redis, stream)
        reply = direct(pool, "EVALSHA", self._read_state.sha, 3, *game_keys, *args)
        if reply is FALL_BACK:
            reply = self._read_state(keys=list(game_keys), args=args)
        if isinstance(reply, bytes | str):
            return self._archived(game_id, reply).read_state(every, until)
        snapshot, entries = reply
        return (snapshot or None), decode_entries(entries)

    def save_snapshots(self, game_id: str, snapshots: Sequence[tuple[int, bytes]]) -> None:
        """Store (or replace) snapshots, as ``(version, bytes)`` pairs: in Redis while the
        game's stream is there, with the decoded game once it is archived."""
        if not snapshots:
            return
        archived = self.archive.cached(game_id) if self.archive is not None else None
        if archived is not None:
            archived.snapshots.update(snapshots)
            return
        pairs = [part for pair in snapshots for part in pair]
        self._save_snapshots(keys=[keys(game_id)[0], snapshot_key(game_id)], args=pairs)

    def drop_snapshots(self, game_id: str) -> None:
        """Forget a game's snapshots (they are rebuilt from the events as reads need them)."""
        self._redis.delete(snapshot_key(game_id))

    def head(self, game_id: str) -> tuple[int, str]:
        """``(version, hash)`` of the last event; ``(0, GENESIS_HASH)`` for an empty game."""
        stream = keys(game_id)[0]
        pool = self._pool or pool_for(self._redis, stream)
        reply = direct(pool, "XREVRANGE", stream, "+", "-", "COUNT", 1)
        if reply is FALL_BACK:
            reply = self._redis.xrevrange(stream, "+", "-", count=1)
        entries = decode_entries(reply)
        if entries:
            return entries[0].version, entries[0].hash
        pointer = self.pointer(game_id)
        return (pointer.count, pointer.head) if pointer else (0, GENESIS_HASH)

    def exists(self, game_id: str) -> bool:
        """Whether the game has at least one event (in Redis or in the archive)."""
        return bool(self._redis.exists(keys(game_id)[0], pointer_key(game_id)))

    def pointer(self, game_id: str) -> Pointer | None:
        """The pointer of an archived game; None for a game that was not archived."""
        raw = self._redis.get(pointer_key(game_id))
        return Pointer.from_bytes(raw) if raw is not None else None

    def stored(self, game_id: str) -> list[tuple[Any, dict[Any, Any]]]:
        """The game's stream entries as stored, ``(id, {b"e": value})`` as redis-py parses
        them, from Redis or, for an archived game, from the archive: the audit checks them
        entry by entry."""
        entries: Any = self._redis.xrange(keys(game_id)[0])
        if entries:
            return list(entries)
        pointer: Any = self._redis.get(pointer_key(game_id))
        if pointer is None:
            return []
        stored = self._archived(game_id, pointer).stored
        return [(entry_id, {b"e": value}) for entry_id, (_, value) in entries_of(stored)]

    def follow(
        self, game_id: str, after: int, block_ms: int, count: int | None = None
    ) -> list[Envelope]:
        """The events after ``after``, waiting up to ``block_ms`` for one; [] on timeout.

        ``0 < block_ms <= max_block_ms``: BLOCK 0 would wait forever, and a longer BLOCK
        would outlast the blocking client's socket timeout.
        """
        if not 0 < block_ms <= self.max_block_ms:
            raise ValueError(f"block_ms must be in 1..{self.max_block_ms}, not {block_ms!r}")
        stream = keys(game_id)[0]
        reply = self._blocking_client().xread({stream: f"{after}-0"}, count=count, block=block_ms)
        if not reply:
            return []
        # RESP2-shaped replies (redis-py's default) are [[stream, entries]]; a client made
        # with protocol=3 returns {stream: [entries]}.
        if isinstance(reply, dict):
            (streams,) = reply.values()
            entries = streams[0] if streams and isinstance(streams[0], list) else streams
        else:
            entries = reply[0][1]
        return decode_entries(entries)

    def close_idle_followers(self) -> None:
        """Close the idle connections of ``follow`` (a pool keeps every connection it made).

        For a caller whose blocking reads have all ended, so that none holds a socket.
        """
        if self._blocking is None:
            return
        if is_cluster(self._blocking):  # a pool per node
            nodes = self._blocking.get_nodes()
            pools = [n.redis_connection.connection_pool for n in nodes if n.redis_connection]
        else:
            pools = [self._blocking.connection_pool]
        for pool in pools:
            pool.disconnect(inuse_connections=False)

    def game_ids(self) -> Iterator[str]:
        """Every game with a stream or an archived one's pointer (a SCAN of their keys, on
        every node of a cluster)."""
        prefix = "fd:{g:"
        seen: set[str] = set()
        for suffix in ("}:events", "}:archived"):  # a game being archived has both for a while
            for key in self._redis.scan_iter(match=prefix + "*" + suffix, count=500):
                game_id = reply_text(key)[len(prefix) : -len(suffix)]
                if game_id not in seen:
                    seen.add(game_id)
                    yield game_id

    def verify(self, game_id: str, seed: bytes | None) -> ChainReport:
        """Check the game's whole hash chain (links only when ``seed`` is None)."""
        return verify_chain(self.read(game_id), seed)

    def follow_streams(
        self, after: dict[str, str], block_ms: int, count: int | None = None
    ) -> list[tuple[str, str, dict[Any, Any]]]:
        """The entries of each stream key of ``after`` past the entry id it maps to, waiting up
        to ``block_ms`` for one ([] on timeout), as ``(key, entry id, fields)``: one XREAD of
        many keys (on a cluster they must share a slot), on ``follow``'s blocking client.
        """
        if not 0 < block_ms <= self.max_block_ms:
            raise ValueError(f"block_ms must be in 1..{self.max_block_ms}, not {block_ms!r}")
        streams: dict[Any, Any] = after  # redis-py's types of keys and ids are wider
        reply: Any = self._blocking_client().xread(streams, count=count, block=block_ms)
        if not reply:
            return []
        # RESP2-shaped replies are [[key, entries], ...]; RESP3 ones {key: [entries]}.
        pairs = (
            [(k, v[0] if v and isinstance(v[0], list) else v) for k, v in reply.items()]
            if isinstance(reply, dict)
            else reply
        )
        return [
            (reply_text(key), reply_text(entry_id), fields)
            for key, entries in pairs
            for entry_id, fields in entries
        ]

    # --- internals ----------------------------------------------------------------------------

    @property
    def redis(self) -> Client:
        """The client the store was built on (its pool serves the rest of the service too)."""
        return self._redis

    def _blocking_client(self) -> Client:
        """The client for XREAD BLOCK: the main client's settings, a longer socket timeout."""
        if self._blocking is None:
            with self._blocking_lock:
                if self._blocking is None:
                    self._blocking = self._new_blocking_client()
        return self._blocking

    def _new_blocking_client(self) -> Client:
        client = self._redis
        if is_cluster(client):
            settings = dict(client.nodes_manager.connection_kwargs)
            settings["socket_timeout"] = blocking_socket_timeout(self.max_block_ms)
            nodes = [ClusterNode(node.host, node.port) for node in client.get_nodes()]
            return RedisCluster(startup_nodes=nodes, **settings)
        pool = client.connection_pool
        settings = dict(pool.connection_kwargs)
        settings["socket_timeout"] = blocking_socket_timeout(self.max_block_ms)
        # The pool, not its connection settings, holds redis-py 8's maintenance notification
        # config (RESP3 only); a new pool without it would default to "auto", which fails on
        # Unix sockets. Carry it over, off if it was off.
        handler: Any = getattr(pool, "_maint_notifications_pool_handler", _ABSENT)
        if handler is not _ABSENT and MaintNotificationsConfig is not None:
            settings["maint_notifications_config"] = (
                MaintNotificationsConfig(enabled=False) if handler is None else handler.config
            )
        return redis.Redis(
            connection_pool=type(pool)(
                connection_class=pool.connection_class,
                max_connections=pool.max_connections,
                **settings,
            )
        )
