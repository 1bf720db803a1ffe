"""An event store in one process's memory: the ``EventStore`` protocol without Redis.

For tests and tools that need a store and no server. It keeps what the Redis store keeps (the
sealed envelopes as stored, byte for byte; the command ids with their fingerprints; snapshots)
and answers as it does: the contract suite (tests/events/test_store_contract.py) runs both.
Thread-safe: one lock around each call, as the Redis store's Lua script is atomic.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from events.codec import decode_entries
from events.envelope import GENESIS_HASH, ChainReport, Draft, Envelope, seal_encoded, verify_chain
from events.ports import (
    AppendResult,
    IdempotencyKeyReused,
    PrevHashMismatch,
    VersionConflict,
    check_append,
)


@dataclass
class _Game:
    stored: list[bytes] = field(default_factory=list)  # the canonical JSON of each version
    commands: dict[str, tuple[int, int, str]] = field(default_factory=dict)
    snapshots: dict[int, bytes] = field(default_factory=dict)


class MemoryEventStore:
    def __init__(self) -> None:
        self._games: dict[str, _Game] = {}
        self._lock = threading.Lock()

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
        check_append(drafts, expected_version)
        sealed = seal_encoded(drafts, expected_version + 1, prev_hash, seed, command_id)
        with self._lock:
            game = self._games.setdefault(game_id, _Game())
            if remember and command_id in game.commands:
                first, last, stored_fingerprint = game.commands[command_id]
                if stored_fingerprint != fingerprint:
                    raise IdempotencyKeyReused(command_id)
                return AppendResult(first, last, self._envelopes(game, first - 1, last), True)
            if len(game.stored) != expected_version:
                raise VersionConflict(expected_version, len(game.stored))
            head = GENESIS_HASH
            if expected_version:
                head = self._envelopes(game, expected_version - 1, expected_version)[0].hash
            if head != prev_hash:
                raise PrevHashMismatch(expected_version)
            game.stored.extend(stored for _, stored in sealed)
            last = expected_version + len(sealed)
            if remember and command_id:
                game.commands[command_id] = (expected_version + 1, last, fingerprint)
            game.snapshots.update(snapshots)
        return AppendResult(expected_version + 1, last, [envelope for envelope, _ in sealed], False)

    def recorded(self, game_id: str, command_id: str, fingerprint: str = "") -> list[Envelope]:
        with self._lock:
            game = self._games.get(game_id)
            record = game.commands.get(command_id) if game and command_id else None
            if game is None or record is None:
                return []
            first, last, stored_fingerprint = record
            if stored_fingerprint != fingerprint:
                raise IdempotencyKeyReused(command_id)
            return self._envelopes(game, first - 1, last)

    def read(
        self, game_id: str, after: int = 0, until: int | None = None, count: int | None = None
    ) -> list[Envelope]:
        with self._lock:
            game = self._games.get(game_id)
            if game is None:
                return []
            end = len(game.stored) if until is None else min(until, len(game.stored))
            if count is not None:
                end = min(end, after + count)
            return self._envelopes(game, after, end)

    def read_many(
        self, game_id: str, ranges: Sequence[tuple[int, int | None, int | None]]
    ) -> list[list[Envelope]]:
        return [self.read(game_id, *each) for each in ranges]

    def read_state(
        self, game_id: str, every: int, until: int | None = None
    ) -> tuple[bytes | None, list[Envelope]]:
        with self._lock:
            game = self._games.get(game_id)
            if game is None:
                return None, []
            last = len(game.stored) if until is None else min(until, len(game.stored))
            at = last - last % every
            snapshot = game.snapshots.get(at) if at else None
            if snapshot is None:
                return None, self._envelopes(game, 0, last)
            # The events after the snapshot; its own event only when none follows.
            return snapshot, self._envelopes(game, at if last > at else at - 1, last)

    def save_snapshots(self, game_id: str, snapshots: Sequence[tuple[int, bytes]]) -> None:
        with self._lock:
            self._games.setdefault(game_id, _Game()).snapshots.update(snapshots)

    def drop_snapshots(self, game_id: str) -> None:
        with self._lock:
            if game_id in self._games:
                self._games[game_id].snapshots.clear()

    def head(self, game_id: str) -> tuple[int, str]:
        with self._lock:
            game = self._games.get(game_id)
            if game is None or not game.stored:
                return 0, GENESIS_HASH
            last = len(game.stored)
            return last, self._envelopes(game, last - 1, last)[0].hash

    def exists(self, game_id: str) -> bool:
        with self._lock:
            game = self._games.get(game_id)
            return game is not None and bool(game.stored)

    def game_ids(self) -> Iterator[str]:
        with self._lock:
            found = [game_id for game_id, game in self._games.items() if game.stored]
        yield from found

    def verify(self, game_id: str, seed: bytes | None) -> ChainReport:
        return verify_chain(self.read(game_id), seed)

    @staticmethod
    def _envelopes(game: _Game, after: int, until: int) -> list[Envelope]:
        """Versions ``after + 1 .. until``, decoded from what was stored (as a read would)."""
        entries = [
            (f"{version}-0".encode(), [b"e", game.stored[version - 1]])
            for version in range(after + 1, until + 1)
        ]
        return decode_entries(entries)
