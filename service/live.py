"""Live delivery: one Redis read per game per process, fanned out to every stream of it.

A process may hold a thousand event streams (SSE, NDJSON follow). Each used to run its own
``XREAD BLOCK``: a thousand watchers of one table were a thousand reads of every event. Here a
*reader* per watched game (a thread, a greenlet under gevent) blocks on that game's stream key
alone, never one XREAD across games: on Redis Cluster a multi-key XREAD must stay in one slot,
and each game has its own hash tag. Each new batch of events is read once, the process's state
cache is moved on with it (no second read), and the batch goes onto the queue of every
subscription of that game. Each stream then shows the batch as its own viewer may see it;
the redaction of a batch is computed once per seat (all spectators share one) and a seat only
ever gets its own.

Handing over without a gap: a stream subscribes first and learns the version up to which the
reader has read (``Subscription.position``); it reads the events from its own start up to
there itself (``XRANGE``, the catch-up) and takes everything later from its queue, skipping any
version it has already sent.

Caps: a process holds at most ``max_streams`` streams (then 503 ``too_many_streams``), and
one client at most ``max_per_client`` of them (then 429 ``too_many_streams_per_client``), a
client being the address a stream comes from and, apart, the seat it streams for: one address
opened a thousand streams in three seconds, within its request limit, and left none for anyone
else. Counted per process, in memory: with N processes a client may hold N times as many.

Written against ``threading`` and ``queue`` only, so the same code runs on threads (tests,
gthread) and on greenlets (gevent patches both before the app is imported).
"""

from __future__ import annotations

import json
import logging
import queue
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

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
# How long a reader waits after a Redis error before it reads again (streams heartbeat meanwhile).
READER_RETRY_S = 1.0
STREAM_RETRY_AFTER_S = 5


class TooManyStreams(ServiceError):
    """The process holds as many streams as it may (``FOXDEN_STREAMS_PER_PROCESS``)."""

    code, status = "too_many_streams", 503


class TooManyStreamsPerClient(ServiceError):
    """The client (its address, or its seat) holds as many of the process's streams as one
    client may (``FOXDEN_STREAMS_PER_CLIENT``)."""

    code, status = "too_many_streams_per_client", 429


@dataclass
class Batch:
    """New events of a game, read once, and the state that decides what each viewer sees."""

    state: MatchState
    envelopes: Sequence[Envelope]
    _rendered: dict[tuple[int | None, str], list[Rendered]] = field(default_factory=dict)

    def render(self, service: GameService, viewer: int | None, fmt: str) -> list[Rendered]:
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


@dataclass(frozen=True, slots=True)
class Rendered:
    version: int
    type: str
    text: bytes


def rendered(shown: Sequence[dict[str, Any]], fmt: str) -> list[Rendered]:
    return [Rendered(item["version"], item["type"], FORMATS[fmt](item)) for item in shown]


# The standard library's JSON, as the feeds always wrote it (a space after each separator);
# computed once per batch and viewer, so its speed hardly matters.


# Bytes, encoded once: the server writes them to every stream of the viewer as they are.


def sse(item: dict[str, Any]) -> bytes:
    text = f"id: {item['version']}\nevent: {item['type']}\ndata: {json.dumps(item)}\n\n"
    return text.encode()


def ndjson(item: dict[str, Any]) -> bytes:
    return (json.dumps(item) + "\n").encode()


FORMATS: dict[str, Callable[[dict[str, Any]], bytes]] = {"sse": sse, "ndjson": ndjson}
HEARTBEATS = {"sse": b": keepalive\n\n", "ndjson": b"\n"}


@dataclass(eq=False)
class Subscription:
    """One stream's place at a game: the reader's position when it joined, and its queue."""

    game_id: str
    position: int
    queue: queue.Queue = field(default_factory=lambda: queue.Queue(QUEUE_BATCHES))
    behind: bool = False  # its queue overflowed: it catches up from Redis and joins again
    closed: bool = False
    clients: tuple[str, ...] = ()  # whom it counts against (see ``LiveHub.subscribe``)


@dataclass(eq=False)
class _Game:
    position: int  # the last version the reader has read
    subscribers: set[Subscription] = field(default_factory=set)


@dataclass(eq=False)
class AccountSubscription:
    """One account stream's place (``GET /v1/me/stream``): as ``Subscription``, with the id
    of the last frame the account's reader has read as its position."""

    account: str
    position: str
    queue: queue.Queue = field(default_factory=lambda: queue.Queue(QUEUE_BATCHES))
    behind: bool = False
    closed: bool = False
    clients: tuple[str, ...] = ()


@dataclass(eq=False)
class _Account:
    position: str  # the id of the last frame the reader has read
    subscribers: set[AccountSubscription] = field(default_factory=set)


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
        self._games: dict[str, _Game] = {}
        # The accounts read for their streams: one reader per account, as one per game.
        self._accounts: dict[str, _Account] = {}
        self._open = 0
        # Open streams by client; a client leaves it with its last stream, so it never holds
        # more entries than there are open streams.
        self._per_client: dict[str, int] = {}
        self._lock = threading.Lock()

    @property
    def open_streams(self) -> int:
        return self._open

    @property
    def readers(self) -> int:
        return len(self._games)

    @property
    def account_readers(self) -> int:
        return len(self._accounts)

    # --- subscriptions -------------------------------------------------------------------------

    def open_streams_of(self, client: str) -> int:
        return self._per_client.get(client, 0)

    def subscribe(self, game_id: str, head: int, clients: Iterable[str] = ()) -> Subscription:
        """A place at ``game_id``, whose latest version the caller has seen is ``head``, counted
        against each of ``clients`` (the address, the seat: opaque keys).

        Raises TooManyStreamsPerClient (429, Retry-After) when one of ``clients`` holds its
        cap, else TooManyStreams (503, Retry-After) when the process holds its own; nothing
        waits. The client's cap comes first: a client at its own cap is told so, never sent
        to retry a process that would refuse it again.
        """
        clients = tuple(clients)
        with self._lock:
            self._admit(clients)
            return self._join(game_id, Subscription(game_id, head, clients=clients))

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

    def _join(self, game_id: str, subscription: Subscription) -> Subscription:
        # Under self._lock.
        game = self._games.get(game_id)
        if game is None:
            game = self._games[game_id] = _Game(subscription.position)
            metrics.STREAM_READERS.inc()
            threading.Thread(
                target=self._read, args=(game_id, game), name=f"reader-{game_id}", daemon=True
            ).start()
        subscription.position = game.position
        game.subscribers.add(subscription)
        return subscription

    def rejoin(self, subscription: Subscription) -> None:
        """After an overflow: a new queue, and the reader's position to catch up to."""
        with self._lock:
            if subscription.closed:
                return
            subscription.queue = queue.Queue(QUEUE_BATCHES)
            subscription.behind = False
            self._join(subscription.game_id, subscription)

    def unsubscribe(self, subscription: Subscription | AccountSubscription) -> None:
        """Free the stream's place (idempotent); its reader stops after its current BLOCK."""
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
            if isinstance(subscription, AccountSubscription):
                feed = self._accounts.get(subscription.account)
                if feed is not None:
                    feed.subscribers.discard(subscription)
                return
            game = self._games.get(subscription.game_id)
            if game is not None:
                game.subscribers.discard(subscription)

    # --- the reader ----------------------------------------------------------------------------

    def _read(self, game_id: str, game: _Game) -> None:
        """Read ``game_id``'s new events while it has subscribers, and hand them out."""
        try:
            while True:
                with self._lock:
                    if not game.subscribers:
                        del self._games[game_id]
                        last = not self._games and not self._accounts
                        break
                    after = game.position
                try:
                    envelopes = self.service.store.follow(game_id, after, self.block_ms)
                    if envelopes:
                        loaded = self.service.advance(game_id, envelopes)
                except (redis.RedisError, OSError):
                    # The streams keep their heartbeats; the reader tries again.
                    time.sleep(READER_RETRY_S)
                    continue
                metrics.STREAM_READS.labels("events" if envelopes else "timeout").inc()
                if not envelopes:
                    continue
                metrics.STREAM_EVENTS.inc(len(envelopes))
                batch = Batch(loaded.state, envelopes)
                with self._lock:
                    game.position = envelopes[-1].version
                    for subscription in list(game.subscribers):
                        try:
                            subscription.queue.put_nowait(batch)
                        except queue.Full:
                            subscription.behind = True
                            game.subscribers.discard(subscription)
            if last:  # no game is read any more: free the connections the reads kept
                self.service.store.close_idle_followers()
        except Exception:  # a bug: logged; its streams carry on without it (below)
            log.exception("the reader of game %s failed", game_id)
        finally:
            metrics.STREAM_READERS.dec()
            with self._lock:
                if self._games.get(game_id) is game:  # ended by an unexpected error:
                    del self._games[game_id]
                    for subscription in game.subscribers:  # each reads Redis and joins again
                        subscription.behind = True

    # --- a stream ------------------------------------------------------------------------------

    def stream(
        self,
        subscription: Subscription,
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
        sent = after
        while True:
            if not watcher.still_holds(state):
                return
            caught_up = yield from self._catch_up(subscription, state, watcher.seat, sent, fmt)
            if caught_up is None:
                return
            behind = yield from self._follow(subscription, watcher, caught_up, fmt, client_gone)
            if behind is None:
                return
            sent = behind
            # It fell behind: every batch it was given is sent; read the rest from Redis.
            self.rejoin(subscription)
            state = self.service.load(subscription.game_id).state

    def _catch_up(
        self, subscription: Subscription, state: MatchState, viewer: int | None, sent: int, fmt: str
    ) -> Generator[bytes, None, int | None]:
        """This stream's own reads, up to where the reader took over. Returns the last version
        sent, or None once the final event is."""
        service, game_id = self.service, subscription.game_id
        while sent < subscription.position:
            envelopes = service.store.read(
                game_id, after=sent, until=subscription.position, count=PAGE
            )
            if not envelopes:
                break
            for item in rendered(service.shown(state, envelopes, viewer), fmt):
                yield item.text
                if item.type in FINAL_EVENTS:
                    return None
            sent = envelopes[-1].version
        return sent

    def _follow(
        self,
        subscription: Subscription,
        watcher: Viewer,
        sent: int,
        fmt: str,
        client_gone: Callable[[], bool],
    ) -> Generator[bytes, None, int | None]:
        """The batches the reader hands over, with heartbeats between, until the stream falls
        behind: returns the last version sent then. None: the stream is over (the final event
        sent, the client gone, or the watcher's seat changed hands)."""
        service, wait_s, viewer = self.service, self.block_ms / 1000, watcher.seat
        while not (subscription.behind and subscription.queue.empty()):
            try:
                batch = subscription.queue.get(timeout=wait_s)
            except queue.Empty:
                if client_gone():
                    return None
                yield HEARTBEATS[fmt]
                continue
            if not watcher.still_holds(batch.state):
                return None
            for item in batch.render(service, viewer, fmt):
                if item.version > sent:
                    yield item.text
                    sent = item.version
                    if item.type in FINAL_EVENTS:
                        return None
        return sent

    # --- an account's stream (GET /v1/me/stream) ----------------------------------------------

    def subscribe_account(
        self, account: str, head: str, clients: Iterable[str] = ()
    ) -> AccountSubscription:
        """A place at ``account``'s stream, whose newest frame the caller has seen is ``head``
        (an entry id), under the same caps as ``subscribe``."""
        clients = tuple(clients)
        with self._lock:
            self._admit(clients)
            return self._join_account(AccountSubscription(account, head, clients=clients))

    def _join_account(self, subscription: AccountSubscription) -> AccountSubscription:
        # Under self._lock.
        account = subscription.account
        feed = self._accounts.get(account)
        if feed is None:
            feed = self._accounts[account] = _Account(subscription.position)
            metrics.ACCOUNT_STREAM_READERS.inc()
            threading.Thread(
                target=self._read_account,
                args=(account, feed),
                name=f"account-reader-{account}",
                daemon=True,
            ).start()
        subscription.position = feed.position
        feed.subscribers.add(subscription)
        return subscription

    def _rejoin_account(self, subscription: AccountSubscription) -> None:
        with self._lock:
            if subscription.closed:
                return
            subscription.queue = queue.Queue(QUEUE_BATCHES)
            subscription.behind = False
            self._join_account(subscription)

    def _read_account(self, account: str, feed: _Account) -> None:
        """Read ``account``'s new frames while it has subscribers, and hand them out: one
        XREAD BLOCK on that account's key alone (its own hash tag, as a game's)."""
        key = account_stream.stream_key(account)
        try:
            while True:
                with self._lock:
                    if not feed.subscribers:
                        del self._accounts[account]
                        last = not self._games and not self._accounts
                        break
                    after = feed.position
                try:
                    entries = self.service.store.follow_stream(key, after, self.block_ms)
                except (redis.RedisError, OSError):
                    time.sleep(READER_RETRY_S)
                    continue
                metrics.ACCOUNT_STREAM_READS.labels("frames" if entries else "timeout").inc()
                if not entries:
                    continue
                metrics.ACCOUNT_STREAM_FRAMES.inc(len(entries))
                batch = account_stream.Rendered(entries)
                with self._lock:
                    feed.position = batch.last
                    for subscription in list(feed.subscribers):
                        try:
                            subscription.queue.put_nowait(batch)
                        except queue.Full:
                            subscription.behind = True
                            feed.subscribers.discard(subscription)
            if last:
                self.service.store.close_idle_followers()
        except Exception:
            log.exception("the reader of account %s failed", account)
        finally:
            metrics.ACCOUNT_STREAM_READERS.dec()
            with self._lock:
                if self._accounts.get(account) is feed:
                    del self._accounts[account]
                    for subscription in feed.subscribers:
                        subscription.behind = True

    def stream_account(
        self,
        subscription: AccountSubscription,
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
        streams = self.service.account_streams
        while True:
            while account_stream.later(subscription.position, sent):
                entries = streams.read(subscription.account, sent, subscription.position, PAGE)
                if not entries:
                    break
                for _, text in account_stream.Rendered(entries).render(fmt):
                    yield text
                sent = entries[-1][0]
            behind = yield from self._follow_account(
                subscription, sent, fmt, still_valid, client_gone
            )
            if behind is None:
                return
            sent = behind
            self._rejoin_account(subscription)

    def _follow_account(
        self,
        subscription: AccountSubscription,
        sent: str,
        fmt: str,
        still_valid: Callable[[], bool],
        client_gone: Callable[[], bool],
    ) -> Generator[bytes, None, str | None]:
        wait_s = self.block_ms / 1000
        while not (subscription.behind and subscription.queue.empty()):
            try:
                batch = subscription.queue.get(timeout=wait_s)
            except queue.Empty:
                if client_gone() or not still_valid():
                    return None
                yield HEARTBEATS[fmt]
                continue
            for entry, text in batch.render(fmt):
                if account_stream.later(entry, sent):
                    yield text
                    sent = entry
        return sent


def finished_and_sent(state: MatchState, after: int) -> bool:
    """The final event was sent before: a stream from ``after`` has nothing more to say."""
    return state.status in ENDED and after >= state.version
