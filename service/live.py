"""Live delivery: each new entry is read from Redis once per process and fanned out to its streams.

A process may hold thousands of streams: the event streams of games (SSE, NDJSON follow) and
the accounts' streams (``GET /v1/me/stream``, service/account_stream.py). Each used to run its
own ``XREAD BLOCK``: a thousand watchers of one table were a thousand reads of every event. Here
a stream follows a *topic* (a game, or an account) and never reads Redis once it is live: a
*reader* (a thread, a greenlet under gevent) reads the new entries of a group of topics in one
``XREAD BLOCK``, and each batch it reads goes onto the queue of every subscription of its topic.
One mechanism (``Fanout``) serves both kinds; a ``Source`` says what differs:

* games (``GameSource``): a group is one game. On Redis Cluster a multi-key XREAD must stay in
  one slot, and each game has a hash tag of its own (its keys go together into its Lua scripts),
  so each watched game has its own reader. The process's state cache is moved on with each
  batch (no second read). Each stream shows the batch as its own viewer may see it; the
  redaction is computed once per seat (all spectators share one) and a seat only ever gets its
  own.
* accounts (``AccountSource``): an account's stream keys are bucketed under a hash tag shared by
  its bucket (``fd:{as:<bucket>}:<account>``, as the index buckets its keys), and a group is a
  bucket: one reader per bucket per process waits on every watched account of the bucket in one
  XREAD. A thousand idle accounts used to be a thousand readers, each ending a BLOCK every
  ``block_ms`` (about 470 timeouts a second in the bench of docs/performance.md); they are now
  at most ``account_stream.BUCKETS`` readers.

Joining a reader that is blocked: a topic new to a group whose reader is waiting in its XREAD
is not in that read. So the reader of a bucket also waits on a *wake stream* of its own (one per
process and bucket, in the bucket's slot); the join adds an entry to it (one XADD, and only
when the read under way lacks the topic and no other join woke it since it began), and the
reader's XREAD returns at once and is sent again with the new key. The alternatives cost more:
a shorter BLOCK makes every idle reader time out more often, for ever, to bound the wait of a
rare join; ``CLIENT UNBLOCK`` needs the id and node of the connection the reader blocks on,
which a pooled client does not tell, and is an admin command an ACL may refuse; closing that
connection makes the read fail, and the client retry and reconnect. A game's reader never needs
waking: its group is its one topic. A topic whose last stream left stays in its reader's read
until that ends (anything read for it meanwhile goes to no one); then the reader drops it, and
a reader left without topics ends.

Handing over without a gap: a stream subscribes first and learns the position up to which the
reader has read (``Subscription.position``: a game's version, an account frame's entry id); it
reads the entries from its own start up to there itself (the catch-up) and takes everything
later from its queue, skipping any position it has already sent. A stream the reader let go
(its queue overflowed: a slow client; or the reader failed) catches up from Redis the same way
and joins again, a reader of its topic starting where the stream is if there is none any more.

Heartbeats: a stream with nothing to send for ``block_ms`` sends one (``HEARTBEATS``); that is
also when it looks whether its client has gone and, for an account's, whether the key that
opened it still stands. They are most of what idle streams cost (2,000 idle streams: the API
used 16–21 % of a core with ``block_ms`` at 2 s, 6–7 % at 10 s; docs/performance.md), and stay
at ``block_ms`` (``FOXDEN_SSE_BLOCK_MS``): the goals are met with them, and a longer interval
would keep a vanished client's place (and its share of the caps) longer.

Caps: a process holds at most ``max_streams`` streams (then 503 ``too_many_streams``), and one
client at most ``max_per_client`` of them (then 429 ``too_many_streams_per_client``), a client
being the address a stream comes from and, apart, the seat (or account) it streams for: one
address opened a thousand streams in three seconds, within its request limit, and left none for
anyone else. Counted per process, in memory: with N processes a client may hold N times as many.

Written against ``threading`` and ``queue`` only, so the same code runs on threads (tests,
gthread) and on greenlets (gevent patches both before the app is imported).
"""

from __future__ import annotations

import contextlib
import json
import logging
import queue
import threading
import time
import uuid
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

import redis

from domain.match import ENDED, FINAL_EVENTS, MatchState
from events.envelope import Envelope
from service import account_stream, capacity, metrics
from service.errors import ServiceError
from service.games import GameService

log = logging.getLogger(__name__)

# Batches a stream may fall behind by before it stops being fed from the reader and catches up
# from Redis by itself (a slow client must not make the process hold its backlog in memory).
QUEUE_BATCHES = 256
PAGE = 500
# How long a reader waits after a Redis error before it reads again (streams heartbeat
# meanwhile), or after an unexpected one before it hands its streams back (so that a lasting
# bug costs a new reader a second, not a busy loop).
READER_RETRY_S = 1.0
# What a Redis that cannot answer raises: a whole cluster unreachable is no RedisError.
READ_ERRORS = (redis.RedisError, redis.exceptions.RedisClusterUnreachableError, OSError)
STREAM_RETRY_AFTER_S = 5

P = TypeVar("P", int, str)  # a position in a topic: a game's version, an account frame's entry id
# What a stream sends of one entry: its position, its bytes, and whether it ends the stream.
Item = tuple[Any, bytes, bool]


class TooManyStreams(ServiceError):
    """The process holds as many streams as it may (``FOXDEN_STREAMS_PER_PROCESS``)."""

    code, status = "too_many_streams", 503


class TooManyStreamsPerClient(ServiceError):
    """The client (its address, or its seat) holds as many of the process's streams as one
    client may (``FOXDEN_STREAMS_PER_CLIENT``)."""

    code, status = "too_many_streams_per_client", 429


# --- what a game's stream shows ------------------------------------------------------------------


@dataclass
class Batch:
    """New events of a game, read once, and the state that decides what each viewer sees."""

    state: MatchState
    envelopes: Sequence[Envelope]
    _rendered: dict[tuple[int | None, str], list[Item]] = field(default_factory=dict)

    def render(self, service: GameService, viewer: int | None, fmt: str) -> list[Item]:
        """Each event as ``viewer`` may see it, in ``fmt``: computed once per viewer and format.

        Two streams of one viewer computing it at once (threads) only do the work twice.
        """
        key = (viewer, fmt)
        found = self._rendered.get(key)
        if found is None:
            shown = service.shown(self.state, self.envelopes, viewer)
            found = self._rendered[key] = rendered(shown, fmt)
        return found


@dataclass(frozen=True, slots=True)
class Viewer:
    """Whom a stream shows the game to: a seat and the hash of the token that held it when the
    stream opened (or the account that held it, for an account key), or nobody in particular
    (``seat`` None, a spectator)."""

    seat: int | None = None
    holder: str | None = None
    account: str | None = None

    def still_holds(self, state: MatchState) -> bool:
        """Whether the seat is still the holder's in ``state``: a seat given back before the
        start may be taken by someone else, whose hand this stream must never show."""
        if self.seat is None:
            return True
        if self.account is not None:
            return state.seat_of_account(self.account) == self.seat
        return state.seat_of_token_hash(self.holder or "") == self.seat


def rendered(shown: Sequence[dict[str, Any]], fmt: str) -> list[Item]:
    return [(item["version"], FORMATS[fmt](item), item["type"] in FINAL_EVENTS) for item in shown]


# The standard library's JSON, as the feeds always wrote it (a space after each separator);
# computed once per batch and viewer, so its speed hardly matters. Bytes, encoded once: the
# server writes them to every stream of the viewer as they are.


def sse(item: dict[str, Any]) -> bytes:
    text = f"id: {item['version']}\nevent: {item['type']}\ndata: {json.dumps(item)}\n\n"
    return text.encode()


def ndjson(item: dict[str, Any]) -> bytes:
    return (json.dumps(item) + "\n").encode()


FORMATS: dict[str, Callable[[dict[str, Any]], bytes]] = {"sse": sse, "ndjson": ndjson}
HEARTBEATS = {"sse": b": keepalive\n\n", "ndjson": b"\n"}


def finished_and_sent(state: MatchState, after: int) -> bool:
    """The final event was sent before: a stream from ``after`` has nothing more to say."""
    return state.status in ENDED and after >= state.version


# --- topics, readers, subscriptions ------------------------------------------------------------


@dataclass(eq=False)
class Subscription(Generic[P]):
    """One stream's place at a topic: the position its reader had reached when the stream
    joined, and the queue the reader hands the stream's batches to."""

    topic: str  # a game's id, or an account's
    position: P
    fanout: Fanout[P] = field(repr=False)
    queue: queue.Queue = field(default_factory=lambda: queue.Queue(QUEUE_BATCHES))
    behind: bool = False  # let go by its reader: it catches up from Redis and joins again
    closed: bool = False
    clients: tuple[str, ...] = ()  # whom it counts against (see ``LiveHub.subscribe``)


@dataclass(eq=False)
class _Topic(Generic[P]):
    position: P  # the last position its reader has read
    subscribers: set[Subscription[P]] = field(default_factory=set)


@dataclass(eq=False)
class _Reader(Generic[P]):
    group: str
    topics: dict[str, _Topic[P]] = field(default_factory=dict)
    reading: frozenset[str] | None = None  # the topics of the read under way; None between reads
    woken: bool = False  # a join has woken the read under way


class Source(Protocol[P]):
    """What readers of one kind of topic need: its groups, its order, its read and its wake."""

    kind: str  # names the readers' threads and their log lines
    topics_gauge: Any  # the topics read for their streams (a Prometheus gauge)

    def group(self, topic: str) -> str:
        """The group (the reader) that reads ``topic``."""
        ...

    def later(self, a: P, b: P) -> bool:
        """Whether position ``a`` comes after ``b``."""
        ...

    def read(self, group: str, after: Mapping[str, P], block_ms: int) -> list[tuple[str, Any, P]]:
        """One read of the topics of ``after`` (all of ``group``) past their positions, waiting
        up to ``block_ms`` for an entry: per topic with new entries, the topic, its batch (what
        the streams are handed) and its new position. Counts itself in the metrics."""
        ...

    def wake(self, group: str) -> None:
        """Make the read under way of ``group``'s reader return now."""
        ...


class GameSource:
    """Games: a reader per game (a group is one game), and the state cache moved on with it."""

    kind = "game"
    topics_gauge = metrics.STREAM_READERS

    def __init__(self, service: GameService) -> None:
        self.service = service

    def group(self, topic: str) -> str:
        return topic

    def later(self, a: int, b: int) -> bool:
        return a > b

    def read(
        self, group: str, after: Mapping[str, int], block_ms: int
    ) -> list[tuple[str, Any, int]]:
        envelopes = self.service.store.follow(group, after[group], block_ms)
        if not envelopes:
            metrics.STREAM_READS.labels("timeout").inc()
            return []
        loaded = self.service.advance(group, envelopes)
        metrics.STREAM_READS.labels("events").inc()
        metrics.STREAM_EVENTS.inc(len(envelopes))
        return [(group, Batch(loaded.state, envelopes), envelopes[-1].version)]

    def wake(self, group: str) -> None:
        """Never asked: a game's reader reads its one game from the start."""


class AccountSource:
    """Accounts: a reader per bucket of account stream keys, all of them in one XREAD with the
    process's wake stream of the bucket (see the module's docstring)."""

    kind = "account"
    topics_gauge = metrics.ACCOUNT_STREAM_READERS

    def __init__(self, service: GameService, process: str) -> None:
        self.service = service
        self.process = process  # names this process's wake streams
        # The last entry of each bucket's wake stream that its reader has read (kept from one
        # reader of the bucket to the next, so that a new one does not wake at an old entry).
        self._woken: dict[str, str] = {}

    def group(self, topic: str) -> str:
        return str(account_stream.bucket(topic))

    def later(self, a: str, b: str) -> bool:
        return account_stream.later(a, b)

    def read(
        self, group: str, after: Mapping[str, str], block_ms: int
    ) -> list[tuple[str, Any, str]]:
        wake = account_stream.wake_key(int(group), self.process)
        accounts = {account_stream.stream_key(account): account for account in after}
        wanted = {key: after[account] for key, account in accounts.items()}
        wanted[wake] = self._woken.get(group, account_stream.START)
        entries: dict[str, list[tuple[str, Any]]] = {}
        for key, entry, fields in self.service.store.follow_streams(wanted, block_ms):
            entries.setdefault(key, []).append((entry, fields))
        woken = entries.pop(wake, None)
        if woken:
            self._woken[group] = woken[-1][0]
        metrics.ACCOUNT_STREAM_READS.labels(
            "frames" if entries else "wake" if woken else "timeout"
        ).inc()
        if entries:
            metrics.ACCOUNT_STREAM_FRAMES.inc(sum(map(len, entries.values())))
        return [
            (accounts[key], account_stream.Rendered(found), found[-1][0])
            for key, found in entries.items()
        ]

    def wake(self, group: str) -> None:
        self.service.account_streams.wake(int(group), self.process)


class Fanout(Generic[P]):
    """The readers of one kind of topic in a process, and the subscriptions they feed.

    Shares the hub's lock (the caps and the subscriptions change together); a reader takes it
    only between its reads.
    """

    def __init__(
        self,
        source: Source[P],
        *,
        block_ms: int,
        lock: threading.Lock,
        idle: Callable[[], bool],
        release: Callable[[], None],
    ) -> None:
        self.source: Source[P] = source
        self.block_ms = block_ms
        self._lock = lock
        self._idle = idle  # under the lock: no reader of any kind is left
        self._release = release  # then frees the connections the reads kept
        self.readers: dict[str, _Reader[P]] = {}

    def join(self, subscription: Subscription[P]) -> str | None:
        """Under the lock: put ``subscription`` at its topic (a reader for it if none), at the
        reader's position. Returns the group whose reader must be woken (``wake``, outside the
        lock), if any."""
        name, source = subscription.topic, self.source
        group = source.group(name)
        reader = self.readers.get(group)
        if reader is None:
            reader = self.readers[group] = _Reader(group)
            threading.Thread(
                target=self._read,
                args=(reader,),
                name=f"{source.kind}-reader-{group}",
                daemon=True,
            ).start()  # it waits for the lock, and finds the topic below
        topic = reader.topics.get(name)
        if topic is None:
            topic = reader.topics[name] = _Topic(subscription.position)
            source.topics_gauge.inc()
        subscription.position = topic.position
        topic.subscribers.add(subscription)
        if reader.reading is None or name in reader.reading or reader.woken:
            return None
        reader.woken = True
        return group

    def wake(self, group: str | None) -> None:
        """Wake ``group``'s reader (see ``join``); on a Redis error it reads the new topic after
        its current read."""
        if group is None:
            return
        try:
            self.source.wake(group)
        except READ_ERRORS as error:
            log.warning("could not wake the %s reader of %s: %r", self.source.kind, group, error)

    def rejoin(self, subscription: Subscription[P], sent: P) -> None:
        """After the reader let ``subscription`` go: a new queue, at the reader's position (a new
        reader's starts at ``sent``, where the stream is)."""
        with self._lock:
            if subscription.closed:
                return
            subscription.queue = queue.Queue(QUEUE_BATCHES)
            subscription.behind = False
            subscription.position = sent
            group = self.join(subscription)
        self.wake(group)

    def leave(self, subscription: Subscription[P]) -> None:
        """Under the lock: free the subscription's place; its reader drops its topic once the
        topic has none left, after the read under way."""
        reader = self.readers.get(self.source.group(subscription.topic))
        topic = reader.topics.get(subscription.topic) if reader is not None else None
        if topic is not None:
            topic.subscribers.discard(subscription)

    def _read(self, reader: _Reader[P]) -> None:
        """Read the reader's topics while they have subscribers, and hand the batches out."""
        try:
            while (after := self._next_read(reader)) is not None:
                try:
                    found = self.source.read(reader.group, after, self.block_ms)
                except READ_ERRORS:
                    found = None
                self._hand_out(reader, found)
        except Exception:  # a bug: logged; its streams carry on without it (``_end``)
            log.exception("the %s reader of %s failed", self.source.kind, reader.group)
            time.sleep(READER_RETRY_S)
        finally:
            self._end(reader)

    def _next_read(self, reader: _Reader[P]) -> dict[str, P] | None:
        """The positions the next read starts from, of the reader's topics that still have
        subscribers (it drops the others); None: it has none left, and ends."""
        with self._lock:
            for name in [name for name, topic in reader.topics.items() if not topic.subscribers]:
                del reader.topics[name]
                self.source.topics_gauge.dec()
            if not reader.topics:
                del self.readers[reader.group]
                return None
            after = {name: topic.position for name, topic in reader.topics.items()}
            reader.reading, reader.woken = frozenset(after), False
            return after

    def _hand_out(self, reader: _Reader[P], found: list[tuple[str, Any, P]] | None) -> None:
        """Put each batch read on the queue of each subscription of its topic (one whose queue
        is full is let go). ``found`` None: the read failed on a Redis error; the streams keep
        their heartbeats, and the reader tries again after a while."""
        with self._lock:
            reader.reading = None
            for name, batch, position in found or ():
                topic = reader.topics[name]  # there: only this reader drops its topics
                topic.position = position
                for subscription in list(topic.subscribers):
                    try:
                        subscription.queue.put_nowait(batch)
                    except queue.Full:
                        subscription.behind = True
                        topic.subscribers.discard(subscription)
        if found is None:
            time.sleep(READER_RETRY_S)

    def _end(self, reader: _Reader[P]) -> None:
        """After the reader's last read; if an unexpected error ended it, each of its streams
        reads Redis itself and joins again (a new reader)."""
        with self._lock:
            if self.readers.get(reader.group) is reader:  # ended by an unexpected error
                del self.readers[reader.group]
                for topic in reader.topics.values():
                    self.source.topics_gauge.dec()
                    for subscription in topic.subscribers:
                        subscription.behind = True
                        _nudge(subscription)
            idle = self._idle()
        if idle:  # no topic is read any more: free the connections the reads kept
            self._release()


def _nudge(subscription: Subscription[Any]) -> None:
    """Wake a stream that waits on its queue (a full queue has batches to wake it)."""
    with contextlib.suppress(queue.Full):
        subscription.queue.put_nowait(None)


# --- what a stream shows: a game's, an account's -----------------------------------------------


class View(Protocol[P]):
    """What one stream shows of its topic's entries (see ``LiveHub._deliver``)."""

    def page(self, sent: P, until: P) -> tuple[Sequence[Item], P] | None:
        """The stream's own read (the catch-up): the items after ``sent`` up to ``until``, a
        page of them, and the position read up to; None when there are none."""
        ...

    def shown(self, batch: Any) -> Sequence[Item] | None:
        """A reader's batch as this stream shows it; None: the stream is over."""
        ...

    def still_valid(self) -> bool:
        """Asked at each heartbeat: False ends the stream."""
        ...

    def resumed(self) -> bool:
        """After a rejoin: whether the stream goes on."""
        ...


class GameView:
    """A game as ``watcher`` may see it, until its final event or the watcher's seat changes
    hands (the state decides what the catch-up shows; it is reloaded after a rejoin)."""

    def __init__(
        self, service: GameService, game_id: str, state: MatchState, watcher: Viewer, fmt: str
    ) -> None:
        self.service, self.game_id, self.state = service, game_id, state
        self.watcher, self.fmt = watcher, fmt

    def page(self, sent: int, until: int) -> tuple[Sequence[Item], int] | None:
        service = self.service
        envelopes = service.store.read(self.game_id, after=sent, until=until, count=PAGE)
        if not envelopes:
            return None
        shown = service.shown(self.state, envelopes, self.watcher.seat)
        return rendered(shown, self.fmt), envelopes[-1].version

    def shown(self, batch: Batch) -> Sequence[Item] | None:
        if not self.watcher.still_holds(batch.state):
            return None
        return batch.render(self.service, self.watcher.seat, self.fmt)

    def still_valid(self) -> bool:
        return True

    def resumed(self) -> bool:
        self.state = self.service.load(self.game_id).state
        return self.watcher.still_holds(self.state)


class AccountView:
    """An account's frames; ``still_valid``: the key that opened the stream still stands."""

    def __init__(
        self,
        streams: account_stream.AccountStreams,
        account: str,
        fmt: str,
        still_valid: Callable[[], bool],
    ) -> None:
        self.streams, self.account, self.fmt = streams, account, fmt
        self.still_valid = still_valid

    def page(self, sent: str, until: str) -> tuple[Sequence[Item], str] | None:
        entries = self.streams.read(self.account, sent, until, PAGE)
        if not entries:
            return None
        return account_stream.Rendered(entries).render(self.fmt), entries[-1][0]

    def shown(self, batch: account_stream.Rendered) -> Sequence[Item]:
        return batch.render(self.fmt)

    def resumed(self) -> bool:
        return True


# --- the hub -------------------------------------------------------------------------------------


class LiveHub:
    """The readers and subscriptions of one process."""

    def __init__(
        self,
        service: GameService,
        *,
        block_ms: int,
        max_streams: int,
        max_per_client: int = capacity.DEFAULT_STREAMS_PER_CLIENT,
    ) -> None:
        self.service = service
        self.block_ms = block_ms
        self.max_streams = max_streams
        self.max_per_client = capacity.client_cap(max_per_client, max_streams)
        self._open = 0
        # Open streams by client; a client leaves it with its last stream, so it never holds
        # more entries than there are open streams.
        self._per_client: dict[str, int] = {}
        self._lock = threading.Lock()
        self.process = uuid.uuid4().hex[:16]  # this hub's own (its wake streams)
        self._games: Fanout[int] = self._fanout(GameSource(service))
        self._accounts: Fanout[str] = self._fanout(AccountSource(service, self.process))

    def _fanout(self, source: Source[P]) -> Fanout[P]:
        release = self.service.store.close_idle_followers
        return Fanout(
            source, block_ms=self.block_ms, lock=self._lock, idle=self._idle, release=release
        )

    def _idle(self) -> bool:
        return not self._games.readers and not self._accounts.readers

    @property
    def open_streams(self) -> int:
        return self._open

    @property
    def readers(self) -> int:
        """The games' readers (one per watched game)."""
        return len(self._games.readers)

    @property
    def account_readers(self) -> int:
        """The accounts' readers (one per bucket with a watched account)."""
        return len(self._accounts.readers)

    @property
    def watched_accounts(self) -> int:
        with self._lock:
            return sum(len(reader.topics) for reader in self._accounts.readers.values())

    # --- subscriptions -------------------------------------------------------------------------

    def open_streams_of(self, client: str) -> int:
        return self._per_client.get(client, 0)

    def subscribe(self, game_id: str, head: int, clients: Iterable[str] = ()) -> Subscription[int]:
        """A place at ``game_id``, whose latest version the caller has seen is ``head``, counted
        against each of ``clients`` (the address, the seat: opaque keys).

        Raises TooManyStreamsPerClient (429, Retry-After) when one of ``clients`` holds its
        cap, else TooManyStreams (503, Retry-After) when the process holds its own; nothing
        waits. The client's cap comes first: a client at its own cap is told so, never sent
        to retry a process that would refuse it again.
        """
        return self._subscribe(self._games, game_id, head, clients)

    def subscribe_account(
        self, account: str, head: str, clients: Iterable[str] = ()
    ) -> Subscription[str]:
        """A place at ``account``'s stream, whose newest frame the caller has seen is ``head``
        (an entry id), under the same caps as ``subscribe``."""
        return self._subscribe(self._accounts, account, head, clients)

    def _subscribe(
        self, fanout: Fanout[P], topic: str, head: P, clients: Iterable[str]
    ) -> Subscription[P]:
        subscription = Subscription(topic, head, fanout, clients=tuple(clients))
        with self._lock:
            self._admit(subscription.clients)
            group = fanout.join(subscription)
        fanout.wake(group)
        return subscription

    def _admit(self, clients: tuple[str, ...]) -> None:
        """Count a new stream against the caps (see ``subscribe``). Under self._lock."""
        if any(self._per_client.get(c, 0) >= self.max_per_client for c in clients):
            raise TooManyStreamsPerClient(
                f"one client holds at most {self.max_per_client} streams of this process;"
                " close one first",
                retry_after=STREAM_RETRY_AFTER_S,
            )
        if self._open >= self.max_streams:
            metrics.STREAMS_REFUSED.inc()
            raise TooManyStreams(
                f"this process holds its {self.max_streams} streams; retry shortly",
                retry_after=STREAM_RETRY_AFTER_S,
            )
        self._open += 1
        for client in clients:
            self._per_client[client] = self._per_client.get(client, 0) + 1
        metrics.STREAMS_OPEN.inc()

    def unsubscribe(self, subscription: Subscription[Any]) -> None:
        """Free the stream's place (idempotent); its topic is read until the read under way
        ends, and no more if it was the last stream of it."""
        with self._lock:
            if subscription.closed:
                return
            subscription.closed = True
            self._open -= 1
            for client in subscription.clients:
                left = self._per_client[client] - 1
                if left:
                    self._per_client[client] = left
                else:
                    del self._per_client[client]
            metrics.STREAMS_OPEN.dec()
            subscription.fanout.leave(subscription)

    # --- streams -------------------------------------------------------------------------------

    def stream(
        self,
        subscription: Subscription[int],
        state: MatchState,
        watcher: Viewer,
        after: int,
        fmt: str,
        *,
        client_gone: Callable[[], bool] = lambda: False,
    ) -> Iterator[bytes]:
        """The events after ``after`` as ``watcher`` sees them, then live until the game ends,
        or until ``watcher``'s seat changes hands (the client, reconnecting, is told why).

        ``state`` is the game's latest state as the caller loaded it (it decides what the
        catch-up shows). A heartbeat (``HEARTBEATS[fmt]``) goes out after ``block_ms`` without
        events; that is also when a client that went away is noticed (``client_gone``, or the
        write failing). The caller unsubscribes when the response closes.
        """
        if not watcher.still_holds(state):
            return
        view = GameView(self.service, subscription.topic, state, watcher, fmt)
        yield from self._deliver(subscription, view, after, fmt, client_gone)

    def stream_account(
        self,
        subscription: Subscription[str],
        sent: str,
        fmt: str,
        *,
        first: Iterable[bytes] = (),
        still_valid: Callable[[], bool] = lambda: True,
        client_gone: Callable[[], bool] = lambda: False,
    ) -> Iterator[bytes]:
        """``first`` (the picture), then the account's frames after ``sent`` (an entry id):
        read from Redis up to where the reader took over, then from the reader, with a
        heartbeat after ``block_ms`` without a frame. Ends when the client has gone or
        ``still_valid`` (asked at heartbeats: the key that opened it still stands) says no."""
        yield from first
        view = AccountView(self.service.account_streams, subscription.topic, fmt, still_valid)
        yield from self._deliver(subscription, view, sent, fmt, client_gone)

    def _deliver(
        self,
        subscription: Subscription[P],
        view: View[P],
        sent: P,
        fmt: str,
        client_gone: Callable[[], bool],
    ) -> Iterator[bytes]:
        """The items of ``subscription``'s topic after ``sent`` as ``view`` shows them: its own
        reads up to where the reader took over, then the reader's batches with heartbeats
        between; and again so each time the reader lets it go. Ends after an item that ends
        the stream, when ``view`` says so, or when the client has gone."""
        while True:
            caught_up = yield from self._catch_up(subscription, view, sent)
            if caught_up is None:
                return
            behind = yield from self._follow(subscription, view, caught_up, fmt, client_gone)
            if behind is None:
                return
            # Let go: every batch it was given is sent; read the rest from Redis.
            subscription.fanout.rejoin(subscription, behind)
            if not view.resumed():
                return
            sent = behind

    def _catch_up(
        self, subscription: Subscription[P], view: View[P], sent: P
    ) -> Generator[bytes, None, P | None]:
        """This stream's own reads, up to where the reader took over. Returns the position
        sent up to, or None once an item that ends the stream is."""
        later = subscription.fanout.source.later
        while later(subscription.position, sent):
            page = view.page(sent, subscription.position)
            if page is None:
                break
            items, sent = page
            for _, text, final in items:
                yield text
                if final:
                    return None
        return sent

    def _follow(
        self,
        subscription: Subscription[P],
        view: View[P],
        sent: P,
        fmt: str,
        client_gone: Callable[[], bool],
    ) -> Generator[bytes, None, P | None]:
        """The batches the reader hands over, with heartbeats between, until it lets the stream
        go: returns the position sent up to then. None: the stream is over (an item that ends
        it sent, the client gone, or ``view`` says so)."""
        later, wait_s = subscription.fanout.source.later, self.block_ms / 1000
        while not (subscription.behind and subscription.queue.empty()):
            try:
                batch = subscription.queue.get(timeout=wait_s)
            except queue.Empty:
                if client_gone() or not view.still_valid():
                    return None
                yield HEARTBEATS[fmt]
                continue
            if batch is None:  # a nudge (see ``_nudge``)
                continue
            items = view.shown(batch)
            if items is None:
                return None
            for position, text, final in items:
                if later(position, sent):
                    yield text
                    sent = position
                    if final:
                        return None
        return sent
