"""Finished games kept out of Redis: the archive's objects, the pointer, and reads from them.

A finished game's events never change again, yet a Gloria Picktoria game holds 388 KB of Redis
RAM forever (issue #42). The archiver (``service/archiver.py``) copies its events into one
object of the archive (``events/archive_storage.py``: a directory or an S3 bucket), leaves a
*pointer* of a few hundred bytes under the game's hash tag, and deletes the stream, the
snapshots and the command records. This module holds what the store needs to keep answering:

* the **object**: the stored ``e`` values of the game's stream entries, byte for byte as
  Redis held them (never re-encoded: the hash chain covers the stored form), one per line, as
  a zstd frame. Canonical JSON never holds a raw newline, so a line is exactly an entry. The
  object key is a pure function of the game id (:func:`object_key`), so a crashed archiver's
  next run writes the same key, and zstd at one level writes the same bytes for the same
  input: every step can run twice.
* the **snapshot object** (:func:`snapshot_key`), optional: the service's snapshot of the
  state at the last multiple of its snapshot interval, zstd-compressed. A projection, never a
  source of truth: a first read starts from it instead of replaying the whole game (a Gloria
  Picktoria game of 449 events replays in 1.4 ms; ``bench/archive.py``). The pointer names its
  SHA-256, so a snapshot that is not the one archived is never used; one the code cannot use
  (another rules version or layout) is skipped as Redis's snapshots are.
* the **pointer** (:class:`Pointer`): the object's key and SHA-256, the game's head hash and
  event count, when it was archived and its leaf's index in the log (``events/log.py``), and
  the snapshot object's version and SHA-256 when there is one.
* the **reads** (:class:`ArchivedGames`): ``events.store.RedisEventStore`` answers from here
  when its scripts find a pointer instead of a stream. The decoded events of recently read
  archived games are kept per process, with the snapshots the service builds while replaying
  them (never written back to Redis: the point is to keep that memory free).

Every read answered from the archive marks the current context (:data:`FROM_ARCHIVE`), so
the API can tell its client with a header (``Foxden-Source: archive``), whatever route it was.
"""

from __future__ import annotations

import contextvars
import hashlib
import logging
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Protocol

import orjson
import zstandard

from events.codec import decode_entries
from events.envelope import GENESIS_HASH, Envelope
from events.ports import EventStoreError

__all__ = [
    "FROM_ARCHIVE",
    "ArchiveMissing",
    "ArchivedGame",
    "ArchivedGames",
    "Pointer",
    "decode_object",
    "encode_object",
    "encode_snapshot",
    "object_key",
    "snapshot_key",
]

# The compression level: 27x on move events at 30 ms per 1.2 MB (stack notes 3, section 6);
# higher levels gain little on JSON this repetitive and cost the archiver time.
LEVEL = 10
GAMES_PREFIX = "games/"
OBJECT_SUFFIX = ".ndjson.zst"
SNAPSHOT_SUFFIX = ".snapshot.zst"
LOG_PREFIX = "log/"

log = logging.getLogger(__name__)

# Set when a read of the current context (a request, a job) was answered from the archive.
FROM_ARCHIVE: contextvars.ContextVar[bool] = contextvars.ContextVar("from_archive", default=False)


class ArchiveMissing(EventStoreError):
    """A pointer names an object the archive does not hold, or one that is not the object the
    pointer describes (its SHA-256 differs): the archive lost or changed the game."""


def object_key(game_id: str) -> str:
    """Where a game's object lives: spread over 256 directories by a hash of the id, so that
    no directory of a file-system archive grows to a million entries."""
    shard = hashlib.sha256(game_id.encode()).hexdigest()[:2]
    return f"{GAMES_PREFIX}{shard}/{game_id}{OBJECT_SUFFIX}"


def snapshot_key(game_id: str) -> str:
    """Where a game's snapshot object lives: beside its events object."""
    return object_key(game_id).removesuffix(OBJECT_SUFFIX) + SNAPSHOT_SUFFIX


def encode_snapshot(snapshot: bytes) -> bytes:
    return zstandard.ZstdCompressor(level=LEVEL).compress(snapshot)


def log_key(index: int) -> str:
    """Where the archive keeps its copy of the log's leaf ``index`` (``foxden archive
    reindex`` rebuilds the log from these, in order)."""
    return f"{LOG_PREFIX}{index:012d}"


def encode_object(stored: Sequence[bytes]) -> bytes:
    """The object of a game whose stream entries hold ``stored`` (their ``e`` values)."""
    for value in stored:
        if b"\n" in value:  # canonical JSON cannot: a stream edited by hand could
            raise ValueError("a stored event holds a newline: it would split into two lines")
    return zstandard.ZstdCompressor(level=LEVEL).compress(b"".join(v + b"\n" for v in stored))


def decode_object(blob: bytes) -> list[bytes]:
    """The stored values an object holds, in order. Reads frames with or without their size
    in the header (a streaming writer leaves it out; stack notes 3, section 6)."""
    data = zstandard.ZstdDecompressor().decompressobj().decompress(blob)
    if not data:
        return []
    if not data.endswith(b"\n"):
        raise ValueError("an archived object does not end with a newline: it is cut short")
    return data[:-1].split(b"\n")


def entries_of(stored: Sequence[bytes]) -> list[tuple[bytes, list[bytes]]]:
    """Stream entries as Redis answers them (``[id, [b"e", value]]``) for stored values in
    order, the entry of version v with id ``v-0``, as the store writes them."""
    return [(f"{version}-0".encode(), [b"e", value]) for version, value in enumerate(stored, 1)]


@dataclass(frozen=True)
class Pointer:
    """What Redis keeps of an archived game (under its hash tag, ``fd:{g:<id>}:archived``)."""

    key: str
    sha256: str  # of the object's bytes
    head: str  # the hash of the game's last event
    count: int  # its number of events
    archived_at: str
    log_index: int  # its leaf in the log
    # The snapshot object's state version and SHA-256 (0 and "": none; pointers written before
    # snapshots were archived have neither).
    snapshot_version: int = 0
    snapshot_sha256: str = ""

    def to_bytes(self) -> bytes:
        return orjson.dumps(asdict(self))

    @classmethod
    def from_bytes(cls, raw: bytes | str) -> Pointer:
        return cls(**orjson.loads(raw))


@dataclass
class ArchivedGame:
    """A decoded archived game: its stored values, envelopes, and the snapshots this process
    built while replaying it (``version -> bytes``, as the store's snapshots)."""

    stored: list[bytes]
    envelopes: list[Envelope]
    snapshots: dict[int, bytes] = field(default_factory=dict)

    @property
    def head(self) -> tuple[int, str]:
        if not self.envelopes:
            return 0, GENESIS_HASH
        return self.envelopes[-1].version, self.envelopes[-1].hash

    def read(
        self, after: int = 0, until: int | None = None, count: int | None = None
    ) -> list[Envelope]:
        """The store's ``read`` (versions run 1..n, so a version is its position)."""
        end = len(self.envelopes) if until is None else max(0, min(until, len(self.envelopes)))
        chosen = self.envelopes[max(0, after) : end]
        return chosen if count is None else chosen[:count]

    def read_state(self, every: int, until: int | None) -> tuple[bytes | None, list[Envelope]]:
        """The store's ``read_state``, from the snapshots kept here (see its docstring)."""
        last = len(self.envelopes) if until is None else min(until, len(self.envelopes))
        if last <= 0:
            return None, []
        at = last - last % every
        snapshot = self.snapshots.get(at) if at else None
        if snapshot is None:
            return None, self.envelopes[:last]
        return snapshot, (self.envelopes[at:last] or self.envelopes[at - 1 : at])


class Objects(Protocol):
    """The part of ``events.archive_storage.ArchiveStorage`` that reads need."""

    def get(self, key: str) -> bytes | None: ...


class ArchivedGames:
    """Reads of archived games, through a per-process cache of the decoded ones.

    ``storage`` is an ``events.archive_storage.ArchiveStorage`` (anything with its ``get``).
    """

    def __init__(self, storage: Objects, *, cache_size: int = 256) -> None:
        self.storage = storage
        self._size = cache_size
        self._games: OrderedDict[str, ArchivedGame] = OrderedDict()
        self._lock = threading.Lock()

    def game(self, game_id: str, pointer: Pointer | bytes | str) -> ArchivedGame:
        """The decoded game a pointer names, from the cache or the archive (verified against
        the pointer's SHA-256, head and count)."""
        FROM_ARCHIVE.set(True)
        cached = self._games.get(game_id)
        if cached is not None:
            with self._lock:
                if game_id in self._games:
                    self._games.move_to_end(game_id)
            return cached
        if not isinstance(pointer, Pointer):
            pointer = Pointer.from_bytes(pointer)
        blob = self.storage.get(pointer.key)
        if blob is None:
            raise ArchiveMissing(f"game {game_id}: the archive holds no {pointer.key}")
        if hashlib.sha256(blob).hexdigest() != pointer.sha256:
            raise ArchiveMissing(f"game {game_id}: {pointer.key} is not the object archived")
        stored = decode_object(blob)
        envelopes = decode_entries(entries_of(stored))
        game = ArchivedGame(stored, envelopes)
        if game.head != (pointer.count, pointer.head):
            raise ArchiveMissing(f"game {game_id}: {pointer.key} does not end at its pointer")
        if pointer.snapshot_version:
            self._add_snapshot(game_id, pointer, game)
        with self._lock:
            self._games[game_id] = game
            while len(self._games) > self._size:
                self._games.popitem(last=False)
        return game

    def _add_snapshot(self, game_id: str, pointer: Pointer, game: ArchivedGame) -> None:
        """Keep the archived snapshot with the game when it is the one the pointer names; a
        missing or other one only costs the replay it would have saved."""
        key = snapshot_key(game_id)
        blob = self.storage.get(key)
        if blob is None or hashlib.sha256(blob).hexdigest() != pointer.snapshot_sha256:
            log.warning("game %s: %s is missing or not the snapshot archived", game_id, key)
            return
        snapshot = zstandard.ZstdDecompressor().decompressobj().decompress(blob)
        game.snapshots[pointer.snapshot_version] = snapshot

    def cached(self, game_id: str) -> ArchivedGame | None:
        """The decoded game when this process holds it (no I/O)."""
        return self._games.get(game_id)

    def forget(self, game_id: str) -> None:
        """Drop a game from the cache (it was restored to Redis, or deleted)."""
        with self._lock:
            self._games.pop(game_id, None)
