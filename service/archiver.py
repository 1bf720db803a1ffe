"""The archiver: ended games out of Redis into the archive, and the operator's ways back.

Archiving one game (:meth:`Archiver.archive`) takes these steps, in this order, each one safe
to run again, so a crash at any point loses nothing and the next run (the sweeper queues one
for every game the index still lists as due) finishes the work:

1. read the stream's entries as stored and check the game: ended, its hash chain whole (with
   the seed, so every hash recomputes);
2. write the object (``events.archive.object_key``, a pure function of the game id; the same
   events give the same bytes, so a second write changes nothing);
3. read the object back and check it: its SHA-256, and the chain recomputed from what the
   archive returned, ending at the same head hash after the same count;
   Then write the snapshot object (the state at the last multiple of the snapshot interval,
   ``events.archive.snapshot_key``) and read it back: a projection the first read starts from;
4. append the game's leaf to the log (``events/log.py``; the same leaf again is found, not
   appended twice) and keep a copy of the leaf in the archive, under its index;
5. write the pointer (object key, SHA-256, head, count, time, leaf index, the snapshot's
   version and SHA-256) beside the stream;
6. delete the stream, the command records and the snapshots (refused without the pointer),
   and take the game off the index's list of games due.

Reads never notice (``events.store.RedisEventStore`` answers from the archive once it finds
the pointer). ``restore`` brings a game back into Redis, ``reindex`` rebuilds a lost Redis
from the archive, and ``delete`` removes a game for good, leaving a tombstone in the log.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from domain.match import ENDED
from events import archive_redis, transparency
from events.archive import (
    FROM_ARCHIVE,
    GAMES_PREFIX,
    LOG_PREFIX,
    OBJECT_SUFFIX,
    ArchiveMissing,
    Pointer,
    decode_object,
    encode_object,
    encode_snapshot,
    entries_of,
    log_key,
    object_key,
    snapshot_key,
)
from events.archive_storage import ArchiveStorage, ArchiveUnavailable
from events.codec import decode_entries
from events.envelope import GENESIS_HASH, Envelope, verify_chain
from events.log import TransparencyLog
from events.store import RedisEventStore, keys
from service.errors import GameNotFound

if TYPE_CHECKING:
    from service.games import GameService

log = logging.getLogger(__name__)

# The archive's failures as the API answers them (503 archive_unavailable), named here so the
# API need not reach below the service layer.
ARCHIVE_FAILURES: tuple[type[Exception], ...] = (ArchiveUnavailable, ArchiveMissing)


def start_request() -> None:
    """Forget the last request's source: a thread of gthread serves many in one context."""
    FROM_ARCHIVE.set(False)


def served_from_archive() -> bool:
    """Whether this request read an archived game's events (from the archive or its cache)."""
    return FROM_ARCHIVE.get()


class NotArchivable(Exception):
    """The game cannot be archived (yet): it has not ended, or its stored chain is broken."""


class ArchiveCorrupt(Exception):
    """The archive answered with something else than what was written, or lost a copy."""


@dataclass(frozen=True)
class Archived:
    """What one run of :meth:`Archiver.archive` found and did."""

    pointer: Pointer
    moved: bool  # False: an earlier run had done it all (this one only tidied up)


class Archiver:
    """Archives, restores and deletes the games of ``games`` in ``storage``."""

    def __init__(self, games: GameService, storage: ArchiveStorage, log: TransparencyLog) -> None:
        if not isinstance(games.store, RedisEventStore):
            raise TypeError("archiving needs the Redis event store (its games' keys)")
        self.games = games
        self.store: RedisEventStore = games.store
        self.storage = storage
        self.log = log

    @property
    def clock(self) -> Callable[[], str]:
        return self.games.clock

    # --- archiving ----------------------------------------------------------------------------

    def archive(self, game_id: str) -> Archived:
        """Archive one ended game (see the module's docstring for the steps)."""
        pointer = self.store.pointer(game_id)
        if pointer is not None:  # steps 1-5 were done: only the deletion may be left
            archive_redis.drop_stream(self.store, game_id)
            self.games.index.archived(game_id)
            return Archived(pointer, moved=False)
        stored = self._stored_in_redis(game_id)
        envelopes = decode_entries(entries_of(stored))
        self._check_ended(game_id, envelopes)
        blob = encode_object(stored)
        key = object_key(game_id)
        self.storage.put(key, blob)
        digest = hashlib.sha256(blob).hexdigest()
        head, count = self._check_object(game_id, key, digest, envelopes)
        snapshot = self._put_snapshot(game_id, count)
        leaf = transparency.archived_leaf(game_id, head, count)
        index = self._log(leaf)
        pointer = Pointer(key, digest, head, count, self.clock(), index, *snapshot)
        archive_redis.set_pointer(self.store, game_id, pointer)
        archive_redis.drop_stream(self.store, game_id)
        self.games.index.archived(game_id)
        log.info("archived game %s: %d events, %d bytes, leaf %d", game_id, count, len(blob), index)
        return Archived(pointer, moved=True)

    def _stored_in_redis(self, game_id: str) -> list[bytes]:
        """The stored values of the game's stream entries, checked to run 1..n by id."""
        entries = self.store.redis.xrange(keys(game_id)[0])
        if not entries:
            raise GameNotFound(f"no game {game_id!r} in Redis")
        stored = []
        for version, (entry_id, fields) in enumerate(entries, start=1):
            entry = entry_id.decode() if isinstance(entry_id, bytes) else str(entry_id)
            value = (fields or {}).get(b"e")
            if entry != f"{version}-0" or not isinstance(value, bytes):
                raise NotArchivable(f"game {game_id}: entry {entry} is not version {version}")
            stored.append(value)
        return stored

    def _check_ended(self, game_id: str, envelopes: list[Envelope]) -> None:
        state = self.games.load(game_id).state
        if state.status not in ENDED:
            raise NotArchivable(f"game {game_id} has not ended ({state.status})")
        report = verify_chain(envelopes, bytes.fromhex(state.seed) if state.seed else None)
        if not report.ok:
            raise NotArchivable(f"game {game_id}: its chain is broken: {report.detail}")

    def _check_object(
        self, game_id: str, key: str, digest: str, written: list[Envelope]
    ) -> tuple[str, int]:
        """Read the object back; its (head hash, count), the same as what was written."""
        back = self.storage.get(key)
        if back is None or hashlib.sha256(back).hexdigest() != digest:
            raise ArchiveCorrupt(f"game {game_id}: {key} reads back as something else")
        envelopes = decode_entries(entries_of(decode_object(back)))
        state = self.games.load(game_id).state
        report = verify_chain(envelopes, bytes.fromhex(state.seed) if state.seed else None)
        head = (envelopes[-1].hash, len(envelopes)) if envelopes else (GENESIS_HASH, 0)
        if not report.ok or head != (written[-1].hash, len(written)):
            raise ArchiveCorrupt(f"game {game_id}: {key} does not hold the game's chain")
        return head

    def _put_snapshot(self, game_id: str, count: int) -> tuple[int, str]:
        """Write the snapshot object of the state at the last multiple of the snapshot interval
        and read it back; its (version, SHA-256), or (0, "") for a game too short to have one.
        Encoded afresh from the events (any snapshot Redis holds may be stale)."""
        loader = self.games.loader
        version = count - count % loader.snapshot_every
        if version == 0:
            return 0, ""
        blob = encode_snapshot(loader.snapshot(game_id, version))
        key = snapshot_key(game_id)
        self.storage.put(key, blob)
        if self.storage.get(key) != blob:
            raise ArchiveCorrupt(f"game {game_id}: {key} reads back as something else")
        return version, hashlib.sha256(blob).hexdigest()

    def _log(self, leaf: bytes) -> int:
        """Append ``leaf`` to the log (once) and keep its copy in the archive; its index."""
        index, _ = self.log.append(leaf)
        kept = self.storage.create(log_key(index), leaf)
        if not kept and self.storage.get(log_key(index)) != leaf:
            raise ArchiveCorrupt(f"the archive's copy of leaf {index} is another leaf")
        return index

    def due(self, ended_before: float, limit: int) -> list[str]:
        """The ended games still in Redis that ended before ``ended_before`` (Unix time)."""
        return self.games.index.due_for_archive(ended_before, limit)

    # --- the operator's commands --------------------------------------------------------------

    def restore(self, game_id: str) -> int:
        """Bring an archived game back into Redis; its event count. It is due for the archive
        again once the grace period has passed."""
        pointer = self.store.pointer(game_id)
        if pointer is None:
            raise GameNotFound(f"game {game_id!r} is not archived")
        blob = self.storage.get(pointer.key)
        if blob is None or hashlib.sha256(blob).hexdigest() != pointer.sha256:
            raise ArchiveCorrupt(f"game {game_id}: the archive does not hold {pointer.key}")
        stored = decode_object(blob)
        archive_redis.restore(self.store, game_id, stored, pointer.head)
        return len(stored)

    def delete(self, game_id: str, note: str) -> int:
        """Delete a game for good, from Redis and the archive, and append its tombstone to the
        log (``note`` says why and who); the tombstone's index."""
        count, head = self.store.head(game_id)
        if count == 0 and not self.store.exists(game_id):
            raise GameNotFound(f"no game {game_id!r}")
        index = self._log(transparency.tombstone_leaf(game_id, head, count, note))
        self.storage.delete(object_key(game_id))
        self.storage.delete(snapshot_key(game_id))
        archive_redis.delete_game(self.store, game_id)
        self.games.index.forget(game_id)
        self.games.loader.cache.forget(game_id)
        return index

    def _found_snapshot(self, game_id: str, count: int) -> tuple[int, str]:
        """The (version, SHA-256) of the snapshot object a reindexed game has, if any."""
        blob = self.storage.get(snapshot_key(game_id))
        if blob is None:
            return 0, ""
        return count - count % self.games.loader.snapshot_every, hashlib.sha256(blob).hexdigest()

    def reindex(self) -> tuple[int, int]:
        """After Redis was lost: the log from the archive's copy of its leaves, then a pointer
        for every archived game, then the game index; (games, leaves)."""
        leaves = [self.storage.get(key) or b"" for key in self.storage.keys(LOG_PREFIX)]
        if self.log.size() == 0:
            self.log.restore(leaves)
        newest: dict[str, int] = {}
        for index, leaf in enumerate(leaves):
            parsed = transparency.parse_leaf(leaf)
            newest[parsed.game_id] = index
        games = 0
        for key in self.storage.keys(GAMES_PREFIX):
            if not key.endswith(OBJECT_SUFFIX):
                continue  # a snapshot object: found through its game's
            game_id = key.rsplit("/", 1)[-1].removesuffix(OBJECT_SUFFIX)
            logged = newest.get(game_id)
            if logged is None or transparency.parse_leaf(leaves[logged]).kind != "archived":
                continue  # deleted, or never logged: not a game of this log
            if self.store.exists(game_id):
                continue
            blob = self.storage.get(key) or b""
            envelopes = decode_entries(entries_of(decode_object(blob)))
            pointer = Pointer(
                key,
                hashlib.sha256(blob).hexdigest(),
                envelopes[-1].hash,
                len(envelopes),
                self.clock(),
                logged,
                *self._found_snapshot(game_id, len(envelopes)),
            )
            archive_redis.set_pointer(self.store, game_id, pointer)
            games += 1
        self.games.rebuild_index()
        return games, len(leaves)
