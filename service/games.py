"""The application service: load → decide → append → react, in one place.

The REST API and the RQ jobs both call ``GameService``; neither touches the store or a decider
directly. A per-process cache keeps the state of recently used games at a version, so that a
command on a warm game costs one Redis round trip (the append at the cached version); the cache
catches up by reading only newer events, and only when the append reports a conflict or a read
asks for the latest state.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import random
import re
import secrets
import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Generic, TypeVar

from domain import fairness, match
from domain.errors import RuleError
from domain.game import Command
from domain.match import MatchState
from events.codec import fact, upcast
from events.envelope import Draft, Envelope, canonical
from events.store import GENESIS_HASH, RedisEventStore
from events.store import IdempotencyKeyReused as StoreKeyReused
from events.store import VersionConflict as StoreConflict
from service import metrics, policies, snapshots, strategies
from service.errors import (
    Forbidden,
    GameNotFound,
    IdempotencyKeyReused,
    PreconditionFailed,
    Unauthorized,
    VersionConflict,
)
from service.index import GameIndex
from service.ports import Scheduler, SchedulingFailed, utc_after, utc_now

log = logging.getLogger(__name__)
# How long a table may wait for players before it expires (FOXDEN_WAITING_EXPIRY_S).
WAITING_EXPIRY_S = 86_400
# Decoded snapshots kept per process: a replay that steps through a game's versions decodes
# each snapshot once (decoding is most of what a past state costs; performance.md).
DECODED_SNAPSHOTS = 512
K = TypeVar("K")
V = TypeVar("V")
# How often a command sent without If-Match is decided again on the newer state when its
# append finds that the game moved on, before it is answered 409 `version_conflict`. Bots
# playing with no delay can move between a player's load and append more than once; each try
# costs one catch-up read of the newer events, not a client round trip.
CONFLICT_TRIES = 5


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


@dataclass(frozen=True)
class Outcome:
    """What a command did: the new envelopes (none for a stale system command)."""

    game_id: str
    loaded: Loaded
    envelopes: tuple[Envelope, ...]
    replayed: bool = False  # an idempotent retry: nothing new was appended
    owner_token: str | None = None  # of a new table: shown once, only its hash is kept

    @property
    def version(self) -> int:
        return self.envelopes[-1].version if self.envelopes else self.loaded.version


def _ats(envelopes: Sequence[Envelope]) -> dict[int, str]:
    """version -> at of ``envelopes``."""
    return {envelope.version: envelope.at for envelope in envelopes}


def _turns_began(
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


class StateCache:
    """The latest ``Loaded`` of recently used games, by game id: never moved back in time."""

    def __init__(self, size: int) -> None:
        self._items: Lru[str, Loaded] = Lru(size)

    def get(self, game_id: str) -> Loaded | None:
        return self._items.get(game_id)

    def put(self, game_id: str, loaded: Loaded) -> None:
        self._items.put(game_id, loaded, unless=lambda held: held.version > loaded.version)


@dataclass(frozen=True)
class Submission:
    """A command on its way in, with how it must be appended."""

    command: Command
    kind: str  # who acts: player, bot, timeout or system
    expected_version: int | None = None  # If-Match, or the version a job was scheduled at
    command_id: str | None = None  # idempotency key, scoped to the seat
    fingerprint: str | None = None  # of the body, when the key came from a client
    # The hash of the bearer token a player's command came with: the command is decided only
    # against a state in which that token holds the command's seat (see ``_execute``).
    token_hash: str | None = None


# The ids this service gives games (``uuid4().hex``); nothing else can name one.
GAME_ID = re.compile(r"[0-9a-f]{32}")


def is_game_id(text: str) -> bool:
    """Whether ``text`` has the shape of a game id (so it may name a game at all)."""
    return GAME_ID.fullmatch(text) is not None


def _holds_seat(state: MatchState, submission: Submission) -> bool:
    """Whether the token a command came with (if any) holds the command's seat in ``state``."""
    token_hash = submission.token_hash
    return token_hash is None or state.seat_of_token_hash(token_hash) == submission.command.seat


def _client_command_id(seat: int, key: str) -> str:
    """A client's Idempotency-Key, scoped to its seat and hashed: the command id is public
    (every seat sees it in the feed) and a key may say more than its sender meant."""
    return f"{seat}:" + hashlib.sha256(key.encode()).hexdigest()[:32]


def fingerprint(body: Mapping[str, Any]) -> str:
    """Identifies a command body, so a reused idempotency key with another body is caught."""
    return hashlib.sha256(canonical(dict(body))).hexdigest()


class GameService:
    def __init__(
        self,
        store: RedisEventStore,
        scheduler: Scheduler,
        index: GameIndex,
        *,
        clock: Callable[[], str] = utc_now,
        entropy: Callable[[int], bytes] = secrets.token_bytes,
        cache_size: int = 4096,
        snapshot_every: int = snapshots.EVERY,
        waiting_expiry_s: float = WAITING_EXPIRY_S,
    ) -> None:
        self.store = store
        self.scheduler = scheduler
        self.index = index
        self.clock = clock
        self.entropy = entropy
        self.cache = StateCache(cache_size)
        # The snapshots this process decoded, by (game, version): a past state's read starts
        # from one without reading or unpickling it again.
        self.decoded_snapshots: Lru[tuple[str, int], tuple[MatchState, dict[int, str]]] = Lru(
            DECODED_SNAPSHOTS
        )
        self.snapshot_every = snapshot_every
        self.waiting_expiry_s = waiting_expiry_s

    # --- loading ---------------------------------------------------------------------------

    def load(self, game_id: str) -> Loaded:
        """The latest state (one read of whatever is newer than the cached version)."""
        return self._catch_up(game_id, self.cache.get(game_id))

    def _catch_up(self, game_id: str, loaded: Loaded | None) -> Loaded:
        if loaded is None:  # cold: from the latest snapshot
            loaded = self._state_until(game_id, None)
            if loaded is None:
                raise GameNotFound(f"no game {game_id!r}")
            self.cache.put(game_id, loaded)
            return loaded
        return self._advance(game_id, loaded, self.store.read(game_id, after=loaded.version))

    def _advance(self, game_id: str, loaded: Loaded, envelopes: Sequence[Envelope]) -> Loaded:
        """``loaded`` with the newer ``envelopes`` applied (and cached)."""
        if not envelopes:
            return loaded
        state = loaded.state
        for envelope in envelopes:
            state = match.evolve(state, fact(envelope))
        began = _turns_began(loaded.turns_began, state, _ats(envelopes))
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
        if start is not None:
            (state, began), rebuilt = start, None
            # The snapshot's own event comes only when no later one does (its hash is the head).
            rest = envelopes[1:] if envelopes[0].version == state.version else envelopes
        else:
            state, began, rest, rebuilt = match.INITIAL, {}, envelopes, []
        at_of = _ats(rest)
        for envelope in rest:
            state = match.evolve(state, fact(envelope))
            if rebuilt is not None and state.version % every == 0:
                turns = _turns_began(began, state, at_of)
                rebuilt.append((state.version, snapshots.encode(state, turns)))
        if rebuilt:
            self.store.save_snapshots(game_id, rebuilt)
        return Loaded(state, envelopes[-1].hash, _turns_began(began, state, at_of))

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
            return self._catch_up(game_id, cached)
        return self._advance(game_id, cached, envelopes)

    def rebuild_index(self) -> int:
        """Rebuild the game index from every game stream in Redis; returns the game count."""
        found = []
        for key in self.store.redis.scan_iter(match="fd:{g:*}:events", count=500):
            game_id = (key.decode() if isinstance(key, bytes) else key)[
                len("fd:{g:") : -len("}:events")
            ]
            first = self.store.read(game_id, until=1)
            if not first or first[0].type != "GameCreated":
                continue  # a stream under our key pattern that is not a game
            found.append((game_id, self.load(game_id).state, first[0].at))
        return self.index.rebuild(found)

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

    # --- commands --------------------------------------------------------------------------

    def create(
        self, game: str, seats: Sequence[Mapping[str, Any]], options: Mapping[str, Any]
    ) -> Outcome:
        """A new game; it starts at once when it has no human seat.

        The outcome carries the owner token, the only way to cancel the table while it waits.
        """
        game_id = uuid.uuid4().hex
        owner_token = secrets.token_urlsafe(32)
        body = {
            "type": "create",
            "game": game,
            "seats": [dict(seat) for seat in seats],
            "options": dict(options),
            "seed": self.entropy(32).hex(),
            "owner_token_hash": match.token_hash(owner_token),
            "expires_at": utc_after(self.clock(), self.waiting_expiry_s),
        }
        outcome = self._execute(game_id, Submission(Command(None, body), "system", None, "create"))
        # Known as this table's, the owner token is a valid credential without the right to
        # anything but the cancel: a 403 elsewhere, not the 401 of a made-up token.
        self.index.remember_token(body["owner_token_hash"], game_id)
        return replace(outcome, owner_token=owner_token)

    def cancel(self, game_id: str, owner_token: str) -> Outcome:
        """The owner's cancel of a table that waits. A seat's token (of this game or another)
        is ``Forbidden``; a token that is nobody's is ``Unauthorized``."""
        state = self.peek(game_id).state
        owner, digest = state.owner_token_hash, match.token_hash(owner_token)
        if owner is None or not hmac.compare_digest(owner, digest):
            elsewhere = self.token_game(owner_token)
            if (elsewhere and elsewhere != game_id) or self.seat_of_token(game_id, owner_token)[
                0
            ] is not None:
                raise Forbidden("only the owner token of this table can cancel it")
            raise Unauthorized("the token is not valid")
        return self._execute(game_id, Submission(Command(None, {"type": "cancel"}), "player"))

    def expire(self, game_id: str) -> Outcome:
        """The table's expiry, if it still waits and its time has come (else nothing)."""
        body = {"type": "expire", "now": self.clock()}
        return self._execute(game_id, Submission(Command(None, body), "system", None, "expire"))

    def join(
        self, game_id: str, name: str, seat: int | None = None, client_seed: str = ""
    ) -> tuple[int, str, Outcome]:
        """A seat and its bearer token (returned once; only its hash is kept)."""
        token = secrets.token_urlsafe(32)
        body: dict[str, Any] = {"type": "join", "name": name, "client_seed": client_seed}
        if seat is not None:
            body["seat"] = seat
        body["token_hash"] = match.token_hash(token)
        outcome = self._execute(game_id, Submission(Command(None, body), "player"))
        joined = outcome.envelopes[0].data["seat"]
        self.index.remember_token(body["token_hash"], game_id)
        return joined, token, outcome

    def handle(
        self,
        game_id: str,
        seat: int,
        body: Mapping[str, Any],
        *,
        kind: str = "player",
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        token: str | None = None,
    ) -> Outcome:
        """A seat's command. Raises ``RuleError`` for what the rules forbid.

        With the ``token`` it came with, it is decided only against a state in which that token
        holds ``seat`` (``Unauthorized`` when the latest state says it does not).
        """
        submission = Submission(
            Command(seat, dict(body), kind),
            kind,
            expected_version,
            _client_command_id(seat, idempotency_key) if idempotency_key else None,
            fingerprint(body) if idempotency_key else None,
            match.token_hash(token) if token is not None else None,
        )
        return self._execute(game_id, submission)

    def play_for(self, game_id: str, seat: int, since: int, kind: str) -> Outcome | None:
        """A bot's move for ``seat`` (a bot seat, or a human whose time ran out).

        Stale when the seat is no longer to act since ``since``: then nothing happens. The
        command id is derived from (kind, seat, since), so running the same job twice appends
        once, and the expected version makes a job that raced a human's move a no-op.
        """
        for _ in range(3):
            loaded = self.load(game_id)
            state = loaded.state
            if seat not in state.to_act() or state.since.get(seat) != since:
                return None
            body = self.bot_choice(game_id, loaded, seat, since, kind)
            submission = Submission(
                Command(seat, body, kind), kind, loaded.version, f"{kind}:{seat}:{since}"
            )
            try:
                return self._execute(game_id, submission)
            except PreconditionFailed:
                continue  # another seat moved (simultaneous choice): look again
        return None

    @staticmethod
    def bot_choice(game_id: str, loaded: Loaded, seat: int, since: int, kind: str) -> dict:
        """The move the seat's strategy makes for the job (kind, seat, since) at ``loaded``.

        Its generator is seeded with an HMAC of the game's secret seed and the job's identity:
        a retried job makes the same choice, and nobody without the seed (redacted until the
        end) can foresee a hidden one from the public identity.
        """
        state = loaded.state
        strategy_name = state.seats[seat].strategy or match.LEAVE_STRATEGY
        strategy = state.definition.strategies[strategy_name]
        legal = match.game_moves(state, seat)
        view = state.definition.view(state.board, seat)
        identity = f"{game_id}:{kind}:{seat}:{since}:{loaded.version}"
        rng = random.Random(fairness.bot_seed(bytes.fromhex(state.seed or ""), identity))
        return strategies.choose(strategy_name, strategy, view, legal, rng)

    # --- the cycle ---------------------------------------------------------------------------

    def _execute(self, game_id: str, submission: Submission) -> Outcome:
        command, expected = submission.command, submission.expected_version
        replay = self._replay(game_id, submission)
        if replay:
            return replay
        cached = self.cache.get(game_id)
        fresh = cached is None
        loaded = cached or self._load_new_or_existing(game_id, command)
        conflicts = 0
        while True:
            if expected is not None and expected != loaded.version and not fresh:
                loaded, fresh = self._catch_up(game_id, loaded), True
            if expected is not None and expected != loaded.version:
                # A twin request with the same idempotency key may be what moved the game on:
                # its answer, not a 412, is this request's.
                replay = self._replay(game_id, submission)
                if replay:
                    return replay
                raise PreconditionFailed(
                    f"the game is at version {loaded.version}", current_version=loaded.version
                )
            if not _holds_seat(loaded.state, submission):
                if not fresh:  # the seat may have changed hands since the state was cached
                    loaded, fresh = self._catch_up(game_id, loaded), True
                    continue
                raise Unauthorized("the token is not valid: its seat was given back")
            try:
                steps = match.decide_and_evolve(loaded.state, command)
            except RuleError:
                if fresh:
                    # A twin request with the same idempotency key may have just won.
                    replay = self._replay(game_id, submission)
                    if replay:
                        return replay
                    raise
                loaded, fresh = self._catch_up(game_id, loaded), True
                continue
            if not steps:
                return Outcome(game_id, loaded, ())
            try:
                return self._append(game_id, loaded, submission, steps)
            except StoreConflict:
                metrics.CONFLICTS.inc()
                loaded, fresh = self._catch_up(game_id, loaded), True
                conflicts += 1
                # With If-Match the next pass answers 412; without, decide again.
                if expected is None and conflicts >= CONFLICT_TRIES:
                    raise VersionConflict(
                        "the game moved on; look again and retry",
                        current_version=loaded.version,
                    ) from None

    def _load_new_or_existing(self, game_id: str, command: Command) -> Loaded:
        if command.type == "create":
            return Loaded(match.INITIAL, GENESIS_HASH)
        return self._catch_up(game_id, None)

    def _append(
        self, game_id: str, loaded: Loaded, submission: Submission, steps: list[match.Step]
    ) -> Outcome:
        command, at = submission.command, self.clock()
        drafts = [
            Draft(  # sealing copies data and cause: no copy here
                type=event.type,
                data=event.data,
                by=match.author(event, command.seat, submission.kind),
                at=at,
                cause=command.body if n == 0 else None,
            )
            for n, (event, _) in enumerate(steps)
        ]
        state, every, taken = steps[-1][1], self.snapshot_every, []
        for _, passed in steps:
            if passed.version % every == 0:
                new = dict.fromkeys(range(loaded.version + 1, passed.version + 1), at)
                turns = _turns_began(loaded.turns_began, passed, new)
                taken.append((passed.version, snapshots.encode(passed, turns)))
        try:
            result = self.store.append(
                game_id,
                loaded.version,
                drafts,
                submission.command_id or secrets.token_hex(16),
                prev_hash=loaded.head_hash,
                seed=bytes.fromhex(state.seed or ""),
                fingerprint=submission.fingerprint or "",
                # Only a command id that a retry may bring again needs its look-up and record.
                remember=submission.command_id is not None,
                snapshots=taken,
            )
        except StoreKeyReused:
            raise IdempotencyKeyReused(
                "this Idempotency-Key was used for another command"
            ) from None
        if result.duplicate:
            return self._replayed(game_id, result.envelopes)
        began = _turns_began(loaded.turns_began, state, _ats(result.envelopes))
        after = Loaded(state, result.envelopes[-1].hash, began)
        metrics.command_counter(state.game, command.type).inc()
        self.cache.put(game_id, after)
        self._react(game_id, loaded.state, state)
        return Outcome(game_id, after, tuple(result.envelopes))

    def _replay(self, game_id: str, submission: Submission) -> Outcome | None:
        """The original outcome of a client's retried idempotency key, if there was one."""
        if not submission.command_id or submission.fingerprint is None:
            return None
        try:
            envelopes = self.store.recorded(game_id, submission.command_id, submission.fingerprint)
        except StoreKeyReused:
            raise IdempotencyKeyReused(
                "this Idempotency-Key was used for another command"
            ) from None
        return self._replayed(game_id, envelopes) if envelopes else None

    def _replayed(self, game_id: str, envelopes: Sequence[Envelope]) -> Outcome:
        state = self.state_at(game_id, envelopes[-1].version)
        return Outcome(game_id, Loaded(state, envelopes[-1].hash), tuple(envelopes), replayed=True)

    def _react(self, game_id: str, before: MatchState, after: MatchState) -> None:
        """Index the game and queue its follow-up jobs, after an append that succeeded.

        The move has happened, so nothing here may turn its answer into an error: a failure
        is logged and counted (``foxden_follow_up_failures_total``), and the sweeper, which
        asks the same policy, queues what is missing on its next pass.
        """
        # Index first: the sweeper finds games through the index, so a failure to schedule
        # must leave the game listed under its new status.
        try:
            if not before.version:
                self.index.add(game_id, after, self.clock())
            elif before.status != after.status or before.open_seats != after.open_seats:
                self.index.set_status(game_id, after)
        except Exception:  # see above; the index can be rebuilt from the streams
            metrics.FOLLOW_UP_FAILURES.labels("index").inc()
            log.exception(
                "game %s: the index was not updated after version %s", game_id, after.version
            )
        jobs = policies.after_append(game_id, before, after)
        if not jobs:
            return
        try:
            self.scheduler.schedule(jobs)
        except SchedulingFailed as error:
            self._not_scheduled(game_id, [job for job, _ in error.failed], error)
        except Exception as error:  # the queue's own error: none was queued
            self._not_scheduled(game_id, jobs, error)

    def _not_scheduled(
        self, game_id: str, jobs: Sequence[policies.FollowUp], error: Exception
    ) -> None:
        for job in jobs:
            metrics.FOLLOW_UP_FAILURES.labels(job.kind).inc()
        log.warning(
            "game %s: follow-up jobs not queued, left to the sweeper: %s (%r)",
            game_id,
            " ".join(job.job_id for job in jobs),
            error,
        )

    # --- what a client sees ----------------------------------------------------------------

    def clocks(self, loaded: Loaded) -> list[dict[str, Any]]:
        """The running turn clocks: ``{seat, deadline, ms_left}`` per seat to act on a timer."""
        if not loaded.state.options.get("turn_timeout_s"):
            return []  # a table without turn limits runs no clock: no need to read the time
        return policies.turn_clocks(loaded.state, loaded.turns_began, self.clock())

    def peek(self, game_id: str) -> Loaded:
        """The cached state when there is one (no round trip), else the latest.

        Good for what never changes once known (the game's type, a seat's token); anything
        that must be current goes through ``load``.
        """
        return self.cache.get(game_id) or self.load(game_id)

    def seat_of_token(self, game_id: str, token: str) -> tuple[int | None, Loaded | None]:
        """The seat the token holds in the game's latest state (else ``None``), and that state
        when finding it took a read (else ``None``).

        A cached state answers only once the game has started: from then on no seat changes
        hands, so a cached state is as good as the latest for this question. Before, another
        process may have given the seat back and seated someone else: the latest state decides.
        """
        digest = match.token_hash(token)
        cached = self.cache.get(game_id)
        if cached is not None and cached.state.seats_settled:
            return cached.state.seat_of_token_hash(digest), None
        loaded = self.load(game_id)
        return loaded.state.seat_of_token_hash(digest), loaded

    def token_game(self, token: str) -> str | None:
        """The game a seat's or an owner's token was issued for (given back or not)."""
        return self.index.game_of_token(match.token_hash(token))

    def is_owner_token(self, game_id: str, token: str) -> bool:
        owner = self.peek(game_id).state.owner_token_hash  # never changes: a cached one will do
        return owner is not None and hmac.compare_digest(owner, match.token_hash(token))

    def shown(
        self, state: MatchState, envelopes: Sequence[Envelope], viewer: int | None
    ) -> list[dict[str, Any]]:
        """Envelopes as ``viewer`` may see them, given the state that decides what is public."""
        shown = []
        for envelope in envelopes:
            item = envelope.to_dict()
            event = upcast(envelope)
            item["data"] = dict(match.redact(state, event, viewer).data)
            if envelope.cause is not None:
                item["cause"] = match.redact_cause(
                    state, envelope.cause, envelope.by.get("seat"), viewer
                )
            shown.append(item)
        return shown

    def feed(
        self, game_id: str, viewer: int | None, after: int, limit: int | None
    ) -> tuple[Loaded, list[dict[str, Any]]]:
        """A page of the events after ``after`` and the latest state that redacts them: one
        round trip on a cached game (what is newer than the cache and the page, together)."""
        cached = self.cache.get(game_id)
        if cached is None:
            loaded = self.load(game_id)
            envelopes = self.store.read(game_id, after=after, count=limit)
        else:
            newer, envelopes = self.store.read_many(
                game_id, [(cached.version, None, None), (after, None, limit)]
            )
            loaded = self._advance(game_id, cached, newer)
        return loaded, self.shown(loaded.state, envelopes, viewer)
