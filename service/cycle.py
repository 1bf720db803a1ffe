"""The append cycle, once for every command: load → decide → append → react.

A command is decided against the cached state first (a warm game's move then costs one round
trip, the append); the store's version check tells whether that state was the latest. Every way
a pass can end is named here, and each has one answer:

* **appended**: the events are stored; the cache moves on and ``react`` indexes the game and
  queues its follow-up jobs;
* **duplicate**: the command's id was recorded before (a client's retry, a job run twice): the
  original outcome, marked replayed;
* **own write found after a lost reply**: the store's (``events.store``), which answers it as
  appended;
* **stale**: the state decided against may be behind the stream (a refusal, an If-Match or a
  token that does not hold its seat, on a cached state): decide again on the latest;
* **conflict**: the game moved on between the read and the append: decide again on the latest,
  up to ``CONFLICT_TRIES`` times, then 409 (with If-Match the next pass answers 412);
* **transient**: the store retries a store that is down, for ``FOXDEN_STORE_RETRY_S``, itself.

A refusal from a state known to be the latest is the answer, unless a twin request with the
same idempotency key is what moved the game on: then its outcome is this request's too.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from domain import match
from domain.errors import RuleError
from domain.game import Command
from domain.match import MatchState
from events.envelope import GENESIS_HASH, Draft, Envelope, canonical
from events.ports import EventStore
from events.ports import IdempotencyKeyReused as StoreKeyReused
from events.ports import VersionConflict as StoreConflict
from service import metrics, snapshots
from service.errors import (
    Forbidden,
    IdempotencyKeyReused,
    PreconditionFailed,
    ServiceError,
    Unauthorized,
    VersionConflict,
)
from service.loading import Loaded, Loader, ats, turns_began

log = logging.getLogger(__name__)
# How often a command sent without If-Match is decided again on the newer state when its
# append finds that the game moved on, before it is answered 409 `version_conflict`. Bots
# playing with no delay can move between a player's load and append more than once; each try
# costs one catch-up read of the newer events, not a client round trip.
CONFLICT_TRIES = 5


@dataclass(frozen=True)
class Submission:
    """A command on its way in, with how it must be appended."""

    command: Command
    kind: str  # who acts: player, bot, timeout or system
    expected_version: int | None = None  # If-Match, or the version a job was scheduled at
    command_id: str | None = None  # idempotency key, scoped to the seat
    fingerprint: str | None = None  # of the body, when the key came from a client
    # The hash of the bearer token a player's command came with: the command is decided only
    # against a state in which that token holds the command's seat.
    token_hash: str | None = None
    # The account a player's command came with (an account key): likewise, the command is
    # decided only against a state in which that account holds the command's seat.
    account: str | None = None


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


def client_command_id(seat: int, key: str) -> str:
    """A client's Idempotency-Key, scoped to its seat and hashed: the command id is public
    (every seat sees it in the feed) and a key may say more than its sender meant."""
    return f"{seat}:" + hashlib.sha256(key.encode()).hexdigest()[:32]


def fingerprint(body: Mapping[str, Any]) -> str:
    """Identifies a command body, so a reused idempotency key with another body is caught."""
    return hashlib.sha256(canonical(dict(body))).hexdigest()


class Stale(Exception):
    """A pass refused a command on a state that may be behind the stream."""


class AppendCycle:
    """Runs a submission through decide and append until one of the named ends."""

    def __init__(
        self,
        loader: Loader,
        store: EventStore,
        *,
        clock: Callable[[], str],
        react: Callable[[str, MatchState, MatchState], None],
        tries: int = CONFLICT_TRIES,
    ) -> None:
        self.loader = loader
        self.store = store
        self.clock = clock
        self.react = react
        self.tries = tries

    def run(self, game_id: str, submission: Submission) -> Outcome:
        replayed = self.replay(game_id, submission)
        if replayed:
            return replayed
        loaded, latest = self._first_state(game_id, submission.command)
        conflicts = 0
        while True:
            try:
                return self._pass(game_id, loaded, submission, latest=latest)
            except Stale:
                pass
            except StoreConflict:
                metrics.CONFLICTS.inc()
                conflicts += 1
            loaded, latest = self.loader.catch_up(game_id, loaded), True
            if conflicts >= self.tries:
                raise VersionConflict(
                    "the game moved on; look again and retry", current_version=loaded.version
                )

    def _first_state(self, game_id: str, command: Command) -> tuple[Loaded, bool]:
        """The state to decide against first, and whether it is known to be the latest."""
        cached = self.loader.cache.get(game_id)
        if cached is not None:
            return cached, False
        if command.type == "create":  # a new id: nothing to read (the append checks it)
            return Loaded(match.INITIAL, GENESIS_HASH), False
        return self.loader.catch_up(game_id, None), True

    def _pass(
        self, game_id: str, loaded: Loaded, submission: Submission, *, latest: bool
    ) -> Outcome:
        """Decide ``submission`` against ``loaded`` and append what it causes; raises ``Stale``
        for a refusal that a newer state might not make."""
        token_hash = submission.token_hash
        if (
            token_hash is not None
            and loaded.state.seat_of_token_hash(token_hash) != submission.command.seat
        ):
            if not latest:  # the seat may have changed hands since the state was cached
                raise Stale
            raise Unauthorized("the token is not valid: its seat was given back")
        account = submission.account
        if account is not None and loaded.state.seat_of_account(account) != submission.command.seat:
            if not latest:
                raise Stale
            raise Forbidden("the account no longer holds this seat: it was given back")
        expected = submission.expected_version
        if expected is not None and expected != loaded.version:
            if not latest:
                raise Stale
            return self._twin_or(
                game_id,
                submission,
                PreconditionFailed(
                    f"the game is at version {loaded.version}", current_version=loaded.version
                ),
            )
        try:
            steps = match.decide_and_evolve(loaded.state, submission.command)
        except RuleError as error:
            if not latest:
                raise Stale from error
            return self._twin_or(game_id, submission, error)
        if not steps:
            return Outcome(game_id, loaded, ())
        return self._append(game_id, loaded, submission, steps)

    def _twin_or(
        self, game_id: str, submission: Submission, refusal: RuleError | ServiceError
    ) -> Outcome:
        """A twin request's outcome (same idempotency key: it may be what moved the game on),
        else the refusal."""
        replayed = self.replay(game_id, submission)
        if replayed:
            return replayed
        raise refusal

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
        state, every, taken = steps[-1][1], self.loader.snapshot_every, []
        for _, passed in steps:
            if passed.version % every == 0:
                new = dict.fromkeys(range(loaded.version + 1, passed.version + 1), at)
                began = turns_began(loaded.turns_began, passed, new)
                taken.append((passed.version, snapshots.encode(passed, began)))
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
        began = turns_began(loaded.turns_began, state, ats(result.envelopes))
        after = Loaded(state, result.envelopes[-1].hash, began)
        metrics.command_counter(state.game, command.type).inc()
        self.loader.cache.put(game_id, after)
        self.react(game_id, loaded.state, state)
        return Outcome(game_id, after, tuple(result.envelopes))

    def replay(self, game_id: str, submission: Submission) -> Outcome | None:
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

    def _replayed(self, game_id: str, envelopes: list[Envelope]) -> Outcome:
        state = self.loader.state_at(game_id, envelopes[-1].version)
        return Outcome(game_id, Loaded(state, envelopes[-1].hash), tuple(envelopes), replayed=True)
