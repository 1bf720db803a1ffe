"""What the service asks of an event store, whatever keeps the events.

``EventStore`` is the protocol: ``events.store.RedisEventStore`` (Redis or a Redis Cluster)
and ``events.memory.MemoryEventStore`` (one process, for tests and tools) implement it, and
one contract suite (tests/events/test_store_contract.py) holds every implementation to the
same behaviour: versions, the hash chain, idempotent command ids, snapshots.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from events.envelope import ChainReport, Draft, Envelope
from events.redis_client import Client


class EventStoreError(Exception):
    """Base of the event store's errors."""


class VersionConflict(EventStoreError):
    """The game moved on: ``actual`` is its current version, ``expected`` what the caller saw."""

    def __init__(self, expected: int, actual: int) -> None:
        super().__init__(f"expected version {expected}, the game is at version {actual}")
        self.expected = expected
        self.actual = actual


class IdempotencyKeyReused(EventStoreError):
    """A command id came back with a different command (its fingerprint differs)."""

    def __init__(self, command_id: str) -> None:
        super().__init__(f"command id {command_id!r} was already used for a different command")
        self.command_id = command_id


class PrevHashMismatch(EventStoreError):
    """The caller's ``prev_hash`` is not the hash of the event at the expected version."""

    def __init__(self, version: int) -> None:
        super().__init__(f"prev_hash is not the hash of version {version}")
        self.version = version


@dataclass(frozen=True, slots=True)
class AppendResult:
    """What an append wrote (or, when ``duplicate``, what the same command wrote before)."""

    first_version: int
    last_version: int
    envelopes: list[Envelope]
    duplicate: bool


def check_append(drafts: Sequence[Draft], expected_version: int) -> None:
    """The arguments every store's ``append`` refuses alike, before it touches anything."""
    if not drafts:
        raise ValueError("nothing to append: drafts is empty")
    if (
        isinstance(expected_version, bool)
        or not isinstance(expected_version, int)
        or expected_version < 0
    ):
        raise ValueError(f"expected_version must be an integer >= 0, not {expected_version!r}")


class EventStore(Protocol):
    """Append-only streams of sealed envelopes, one per game."""

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
        """Append ``drafts`` after ``expected_version``, atomically, or not at all (see
        ``RedisEventStore.append``)."""
        ...

    def recorded(self, game_id: str, command_id: str, fingerprint: str = "") -> list[Envelope]:
        """The events a command id produced ([] when unknown); raises IdempotencyKeyReused
        when it came with another fingerprint."""
        ...

    def read(
        self, game_id: str, after: int = 0, until: int | None = None, count: int | None = None
    ) -> list[Envelope]:
        """The events with ``after < version <= until``, at most ``count``, in order."""
        ...

    def read_many(
        self, game_id: str, ranges: Sequence[tuple[int, int | None, int | None]]
    ) -> list[list[Envelope]]:
        """``read`` for each ``(after, until, count)``."""
        ...

    def read_state(
        self, game_id: str, every: int, until: int | None = None
    ) -> tuple[bytes | None, list[Envelope]]:
        """The snapshot at the last multiple of ``every`` at or below ``until`` and the events
        after it (its own event when none follows); ``(None, every event)`` without one."""
        ...

    def save_snapshots(self, game_id: str, snapshots: Sequence[tuple[int, bytes]]) -> None: ...

    def drop_snapshots(self, game_id: str) -> None: ...

    def head(self, game_id: str) -> tuple[int, str]:
        """``(version, hash)`` of the last event; ``(0, GENESIS_HASH)`` for an empty game."""
        ...

    def exists(self, game_id: str) -> bool: ...

    def game_ids(self) -> Iterator[str]:
        """Every game with a stream, in no particular order."""
        ...

    def verify(self, game_id: str, seed: bytes | None) -> ChainReport: ...


class LiveEventStore(EventStore, Protocol):
    """An ``EventStore`` whose games a process can follow as they grow, on a Redis that the
    rest of the service shares: what ``GameService`` is given (``RedisEventStore`` is one).

    The live streams ``follow``; stream tickets, the rate limits, the readiness probe, the
    audit's entry-by-entry read and the workers' liveness use its client, ``redis``.
    """

    @property
    def redis(self) -> Client: ...

    def follow(
        self, game_id: str, after: int, block_ms: int, count: int | None = None
    ) -> list[Envelope]:
        """The events after ``after``, waiting up to ``block_ms`` for one; [] on timeout."""
        ...

    def follow_streams(
        self, after: dict[str, str], block_ms: int, count: int | None = None
    ) -> list[tuple[str, str, dict[Any, Any]]]:
        """The entries of each stream key of ``after`` past the entry id it maps to, as
        ``(key, entry id, fields)``, in one read that waits up to ``block_ms`` for one."""
        ...

    def close_idle_followers(self) -> None:
        """Close the idle connections of ``follow``."""
        ...

    def stored(self, game_id: str) -> list[tuple[Any, dict[Any, Any]]]:
        """The game's stream entries as stored, ``(id, {b"e": value})``, wherever they are
        kept (Redis, or the archive once the game was archived)."""
        ...
