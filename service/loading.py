"""Loading and caching game states: the latest, and any past version.

A per-process cache keeps the latest state of recently used games, so that a command on a warm
game costs one Redis round trip (the append at the cached version); the cache catches up by
reading only newer events, and only when an append reports a conflict or a read asks for the
latest state. A past state is rebuilt from the nearest snapshot below it, in one round trip.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from domain import match
from domain.match import MatchState
from events.codec import fact
from events.envelope import Envelope
from events.ports import EventStore
from service import snapshots
from service.errors import GameNotFound

# Decoded snapshots kept per process: a replay that steps through a game's versions decodes
# each snapshot once (decoding is most of what a past state costs; performance.md).
DECODED_SNAPSHOTS = 512
K = TypeVar("K")
V = TypeVar("V")


@dataclass(frozen=True)
class Loaded:
    """A game's state at a version, with the hash that the next event must chain to."""

    state: MatchState
    head_hash: str
    # seat -> when its turn began (the ``at`` of the version ``state.since`` names), for the
    # turn clocks; kept for the seats to act.
    turns_began: Mapping[int, str] = field(default_factory=dict)

    @property
    def version(self) -> int:
        return self.state.version


def ats(envelopes: Sequence[Envelope]) -> dict[int, str]:
    """version -> at of ``envelopes``."""
    return {envelope.version: envelope.at for envelope in envelopes}


def turns_began(
    previous: Mapping[int, str], state: MatchState, at_of: Mapping[int, str]
) -> dict[int, str]:
    """When each seat to act began its turn, given the ``at`` of each version just folded into
    ``state``: a turn that began with one of them takes its time, any other began before."""
    began = {seat: at_of.get(since) or previous.get(seat) for seat, since in state.since.items()}
    return {seat: at for seat, at in began.items() if at}


class Lru(Generic[K, V]):
    """A bounded, thread-safe map that forgets its least recently used entries first."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        # No lock: each call on the OrderedDict (C code; keys of str and int) is one step under
        # the GIL, and a key that a put evicts between the two steps was found all the same. A
        # request looks up several times, and under gevent a lock costs five times a plain one.
        items = self._items
        value = items.get(key)
        if value is not None:
            try:  # noqa: SIM105 - contextlib.suppress would cost a context manager a look-up
                items.move_to_end(key)
            except KeyError:  # a put evicted it in between: found all the same
                pass
        return value

    def put(self, key: K, value: V, *, unless: Callable[[V], bool] | None = None) -> None:
        """Store ``value``, unless ``unless`` says the value held already must stay."""
        with self._lock:
            current = self._items.get(key)
            if current is None or unless is None or not unless(current):
                self._items[key] = value
                self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)

    def forget(self, key: K) -> None:
        with self._lock:
            self._items.pop(key, None)


class StateCache:
    """The latest ``Loaded`` of recently used games, by game id: never moved back in time."""

    def __init__(self, size: int) -> None:
        self._items: Lru[str, Loaded] = Lru(size)

    def get(self, game_id: str) -> Loaded | None:
        return self._items.get(game_id)

    def put(self, game_id: str, loaded: Loaded) -> None:
        self._items.put(game_id, loaded, unless=lambda held: held.version > loaded.version)

    def forget(self, game_id: str) -> None:
        """Drop a game (deleted for good: the only way a game's latest state goes back)."""
        self._items.forget(game_id)


class Loader:
    """A game's state at the latest or any past version, through the process's caches."""

    def __init__(
        self, store: EventStore, *, cache_size: int = 4096, snapshot_every: int = snapshots.EVERY
    ) -> None:
        self.store = store
        self.cache = StateCache(cache_size)
        # The snapshots this process decoded, by (game, version): a past state's read starts
        # from one without reading or unpickling it again.
        self.decoded_snapshots: Lru[tuple[str, int], tuple[MatchState, dict[int, str]]] = Lru(
            DECODED_SNAPSHOTS
        )
        self.snapshot_every = snapshot_every

    def load(self, game_id: str) -> Loaded:
        """The latest state (one read of whatever is newer than the cached version)."""
        return self.catch_up(game_id, self.cache.get(game_id))

    def catch_up(self, game_id: str, loaded: Loaded | None) -> Loaded:
        if loaded is None:  # cold: from the latest snapshot
            loaded = self._state_until(game_id, None)
            if loaded is None:
                raise GameNotFound(f"no game {game_id!r}")
            self.cache.put(game_id, loaded)
            return loaded
        return self.extend(game_id, loaded, self.store.read(game_id, after=loaded.version))

    def extend(self, game_id: str, loaded: Loaded, envelopes: Sequence[Envelope]) -> Loaded:
        """``loaded`` with the newer ``envelopes`` applied (and cached)."""
        if not envelopes:
            return loaded
        state = loaded.state
        for envelope in envelopes:
            state = match.evolve(state, fact(envelope))
        began = turns_began(loaded.turns_began, state, ats(envelopes))
        loaded = Loaded(state, envelopes[-1].hash, began)
        self.cache.put(game_id, loaded)
        return loaded

    def _state_until(self, game_id: str, until: int | None) -> Loaded | None:
        """The state at ``until`` (the latest when None) from the nearest snapshot below it,
        in one round trip; None for a game without events. Without a usable snapshot the
        whole game is replayed, and the snapshots met on the way are stored again."""
        every = self.snapshot_every
        start, envelopes = self._from_snapshot(game_id, until)
        if not envelopes:
            return None
        rebuilt: list[tuple[int, bytes]] | None
        if start is not None:
            (state, began), rebuilt = start, None
            # The snapshot's own event comes only when no later one does (its hash is the head).
            rest = envelopes[1:] if envelopes[0].version == state.version else envelopes
        else:
            state, began, rest, rebuilt = match.INITIAL, {}, envelopes, []
        at_of = ats(rest)
        for envelope in rest:
            state = match.evolve(state, fact(envelope))
            if rebuilt is not None and state.version % every == 0:
                turns = turns_began(began, state, at_of)
                rebuilt.append((state.version, snapshots.encode(state, turns)))
        if rebuilt:
            self.store.save_snapshots(game_id, rebuilt)
        return Loaded(state, envelopes[-1].hash, turns_began(began, state, at_of))

    def _from_snapshot(
        self, game_id: str, until: int | None
    ) -> tuple[tuple[MatchState, dict[int, str]] | None, Sequence[Envelope]]:
        """The decoded snapshot at or below ``until`` and the events after it up to ``until``
        (the snapshot's own event when none follows: its hash is the head); without a usable
        one, None and every event up to ``until``. A snapshot this process decoded before is
        not read again."""
        every = self.snapshot_every
        at = until - until % every if until is not None else 0
        decoded = self.decoded_snapshots.get((game_id, at)) if at else None
        if decoded is not None:
            envelopes = self.store.read(game_id, after=at, until=until) if until != at else []
            return decoded, envelopes or self.store.read(game_id, after=at - 1, until=at)
        blob, envelopes = self.store.read_state(game_id, every, until)
        if blob is None or not envelopes:
            return None, envelopes
        last = envelopes[-1].version
        at = last - last % every
        decoded = snapshots.decode(blob, at)
        if decoded is None:  # stale or unreadable: replay the whole game instead
            return None, self.store.read(game_id, until=until)
        self.decoded_snapshots.put((game_id, at), decoded)
        return decoded, envelopes

    def advance(self, game_id: str, envelopes: Sequence[Envelope]) -> Loaded:
        """The state after ``envelopes``, new events just read from the stream (live delivery).

        Moves the cached state on with them when they follow it, with no read of its own; a
        cache that is behind them catches up with one read, and one that is already past them
        stays as it is (it is the latest; redaction asks only whether the game has ended).
        """
        cached = self.cache.get(game_id)
        if cached is not None and cached.version >= envelopes[-1].version:
            return cached
        if cached is None or cached.version != envelopes[0].version - 1:
            return self.catch_up(game_id, cached)
        return self.extend(game_id, cached, envelopes)

    def state_at(self, game_id: str, version: int) -> MatchState:
        """The state right after ``version`` (for replays and ``?version=N``); the latest when
        ``version`` is beyond it."""
        return self.state_and_latest(game_id, version)[0]

    def state_and_latest(self, game_id: str, version: int) -> tuple[MatchState, Loaded | None]:
        """The state right after ``version``, and the latest ``Loaded`` when that is the
        latest state (else None). One round trip when the cache holds the game at ``version``
        or later (the past never changes): the snapshot below it and the events after."""
        current = self.cache.get(game_id)
        if current is None or version > current.version:
            current = self.load(game_id)
        if version >= current.version:
            return current.state, current
        past = self._state_until(game_id, version)
        if past is None:
            raise GameNotFound(f"no game {game_id!r}")
        return past.state, None

    def snapshot(self, game_id: str, version: int) -> bytes:
        """The stored form of the game's state right after ``version`` (a multiple of the
        snapshot interval), as the snapshots this loader reads: the archiver keeps one with an
        archived game (``service/archiver.py``)."""
        loaded = self._state_until(game_id, version)
        if loaded is None or loaded.version != version:
            raise GameNotFound(f"game {game_id!r} has no version {version}")
        return snapshots.encode(loaded.state, loaded.turns_began)

    def peek(self, game_id: str) -> Loaded:
        """The cached state when there is one (no round trip), else the latest.

        Good for what never changes once known (the game's type, a seat's token); anything
        that must be current goes through ``load``.
        """
        return self.cache.get(game_id) or self.load(game_id)
