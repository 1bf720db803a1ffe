"""The application service: every use case of a game, each a few lines over the append cycle.

The REST API and the RQ jobs both call ``GameService``; neither touches the store or a decider
directly. Its parts, each in a module of its own: loading and caching states
(``service.loading``), the one append cycle (``service.cycle``), and what a client is shown
(``service.read_model``). Here: creating, joining, cancelling and expiring tables, a seat's
command, a bot's move, and what follows an append (the index, the follow-up jobs).
"""

from __future__ import annotations

import contextlib
import hmac
import logging
import random
import re
import secrets
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from domain import fairness, match
from domain.errors import IllegalMove
from domain.game import Command
from domain.match import MatchState
from events.archive_storage import ArchiveStorage
from events.envelope import Envelope
from events.log import TransparencyLog
from events.ports import LiveEventStore
from service import account_stream, metrics, policies, read_model, snapshots, strategies
from service.account_stream import AccountStreams
from service.accounts import Accounts
from service.archiver import ARCHIVE_FAILURES, Archiver
from service.cycle import (
    CONFLICT_TRIES,
    AppendCycle,
    Outcome,
    Submission,
    client_command_id,
    fingerprint,
)
from service.errors import Forbidden, PreconditionFailed, Unauthorized
from service.index import GameIndex
from service.loading import Loaded, Loader, Lru, StateCache
from service.ports import Scheduler, SchedulingFailed, utc_after, utc_now
from service.ratings import Ratings
from service.webhooks import RecordingDeliveryQueue, Webhooks

__all__ = [
    "CONFLICT_TRIES",
    "GameService",
    "Loaded",
    "Outcome",
    "fingerprint",
    "is_game_id",
]

log = logging.getLogger(__name__)
# How long a table may wait for players before it expires (FOXDEN_WAITING_EXPIRY_S).
WAITING_EXPIRY_S = 86_400
# The idle limit of the web page's live tables (FOXDEN_LIVE_IDLE_LIMIT_S): a table whose limit is
# at most this is made for live play, and listed among the live games while a person plays it.
LIVE_IDLE_LIMIT_S = 300
# How long an ended game stays in Redis before it is archived (FOXDEN_ARCHIVE_AFTER_S): long
# enough for its players to look back at it, export it and audit it at Redis speed.
ARCHIVE_AFTER_S = 3600
# The ids this service gives games (``uuid4().hex``); nothing else can name one.
GAME_ID = re.compile(r"[0-9a-f]{32}")


def is_game_id(text: str) -> bool:
    """Whether ``text`` has the shape of a game id (so it may name a game at all)."""
    return GAME_ID.fullmatch(text) is not None


class GameService:
    def __init__(
        self,
        store: LiveEventStore,
        scheduler: Scheduler,
        index: GameIndex,
        *,
        clock: Callable[[], str] = utc_now,
        entropy: Callable[[int], bytes] = secrets.token_bytes,
        cache_size: int = 4096,
        snapshot_every: int = snapshots.EVERY,
        waiting_expiry_s: float = WAITING_EXPIRY_S,
        idle_limit_s: int | None = None,
        live_idle_limit_s: int = LIVE_IDLE_LIMIT_S,
        accounts: Accounts | None = None,
        archive: ArchiveStorage | None = None,
        archive_after_s: float = ARCHIVE_AFTER_S,
        webhooks: Webhooks | None = None,
    ) -> None:
        self.store = store
        self._accounts = accounts
        self._account_streams: AccountStreams | None = None
        self._webhooks = webhooks
        self._log: TransparencyLog | None = None
        self._ratings: Ratings | None = None
        self._archiver: Archiver | None = None
        # Where ended games go (FOXDEN_ARCHIVE_URL; None: they stay in Redis) and when.
        self.archive = archive
        self.archive_after_s = archive_after_s
        self.scheduler = scheduler
        self.index = index
        self.clock = clock
        self.entropy = entropy
        self.waiting_expiry_s = waiting_expiry_s
        # The idle limit of a table whose create does not name one (FOXDEN_IDLE_LIMIT_S; None:
        # none is named, so the table has no idle limit), and the live tables' (see above).
        self.idle_limit_s = idle_limit_s
        self.live_idle_limit_s = live_idle_limit_s
        self.loader = Loader(store, cache_size=cache_size, snapshot_every=snapshot_every)
        self.cycle = AppendCycle(self.loader, store, clock=self._now, react=self._react)

    def _now(self) -> str:
        return self.clock()  # looked up at each call: a test may set another clock

    @property
    def accounts(self) -> Accounts:
        """The accounts and their keys (service.accounts), on the store's Redis unless the
        composition root gave others; made when first asked for (a memory store has none)."""
        if self._accounts is None:
            self._accounts = Accounts(self.store.redis, clock=self._now)
        return self._accounts

    @property
    def account_streams(self) -> AccountStreams:
        """The accounts' streams (service.account_stream), on the store's Redis; made when
        first asked for, as ``accounts``."""
        if self._account_streams is None:
            self._account_streams = AccountStreams(self.store.redis, on_written=self._offer)
        return self._account_streams

    def _offer(self, found: Sequence[tuple[str, Mapping[str, Any]]]) -> None:
        """Every frame the account streams wrote, offered to the accounts' webhooks (looked
        up at each call: the webhooks are made when first needed, and a test may set others)."""
        self.webhooks.offer(found)

    @property
    def webhooks(self) -> Webhooks:
        """The accounts' webhook endpoints and deliveries (service.webhooks), offered every
        frame the account streams write. The composition root gives them with the RQ queue and
        the operator's policy; else made when first asked for, on the store's Redis, with a
        queue that only records (nothing is sent: a test, a tool)."""
        if self._webhooks is None:
            self._webhooks = Webhooks(self.store.redis, RecordingDeliveryQueue())
        if self._webhooks.notify is None:
            self._webhooks.notify = self.account_streams.notify
        return self._webhooks

    @property
    def ratings(self) -> Ratings:
        """The accounts' ratings (service.ratings), on the store's Redis; made when first
        asked for, as ``accounts``."""
        if self._ratings is None:
            self._ratings = Ratings(self.store.redis)
        return self._ratings

    @property
    def log(self) -> TransparencyLog:
        """The log of archived and deleted games (events/log.py), on the store's Redis."""
        if self._log is None:
            self._log = TransparencyLog(self.store.redis)
        return self._log

    @property
    def archiver(self) -> Archiver | None:
        """Archives ended games into ``archive`` (service/archiver.py); None without one."""
        if self._archiver is None and self.archive is not None:
            self._archiver = Archiver(self, self.archive, self.log)
        return self._archiver

    # --- states (service.loading) ----------------------------------------------------------

    @property
    def cache(self) -> StateCache:
        return self.loader.cache

    @cache.setter
    def cache(self, cache: StateCache) -> None:
        self.loader.cache = cache

    @property
    def decoded_snapshots(self) -> Lru[tuple[str, int], tuple[MatchState, dict[int, str]]]:
        return self.loader.decoded_snapshots

    @decoded_snapshots.setter
    def decoded_snapshots(
        self, decoded: Lru[tuple[str, int], tuple[MatchState, dict[int, str]]]
    ) -> None:
        self.loader.decoded_snapshots = decoded

    @property
    def snapshot_every(self) -> int:
        return self.loader.snapshot_every

    def load(self, game_id: str) -> Loaded:
        """The latest state (one read of whatever is newer than the cached version)."""
        return self.loader.load(game_id)

    def peek(self, game_id: str) -> Loaded:
        """The cached state when there is one (no round trip), else the latest: good for what
        never changes once known (the game's type, the owner token)."""
        return self.loader.peek(game_id)

    def advance(self, game_id: str, envelopes: Sequence[Envelope]) -> Loaded:
        """The state after ``envelopes``, new events just read from the stream (live)."""
        return self.loader.advance(game_id, envelopes)

    def state_at(self, game_id: str, version: int) -> MatchState:
        """The state right after ``version``; the latest when ``version`` is beyond it."""
        return self.loader.state_at(game_id, version)

    def state_and_latest(self, game_id: str, version: int) -> tuple[MatchState, Loaded | None]:
        """The state right after ``version``, and the latest ``Loaded`` when that is it."""
        return self.loader.state_and_latest(game_id, version)

    # --- use cases --------------------------------------------------------------------------

    def create(
        self,
        game: str,
        seats: Sequence[Mapping[str, Any]],
        options: Mapping[str, Any],
        *,
        account: tuple[str, str] | None = None,
        seated: Sequence[tuple[str, str]] = (),
        game_id: str | None = None,
    ) -> Outcome:
        """A new game; it starts at once when it has no human seat.

        The outcome carries the owner token, which cancels the table while it waits. Created
        by ``account`` (its id and handle), the table is that account's too (it may cancel it
        with its key), and the account takes the first human seat; or the accounts ``seated``
        (ids and handles) take the first human seats, in order, in the create's own append.
        ``game_id``: an id chosen by the caller (``create_seated``), else a fresh one.
        """
        game_id = game_id or uuid.uuid4().hex
        owner_token = secrets.token_urlsafe(32)
        body: dict[str, Any] = {
            "type": "create",
            "game": game,
            "seats": [dict(seat) for seat in seats],
            "options": self._with_idle_limit(options),
            "seed": self.entropy(32).hex(),
            "owner_token_hash": match.token_hash(owner_token),
            "expires_at": utc_after(self.clock(), self.waiting_expiry_s),
        }
        if account is not None:
            body["owner_account"] = account[0]
        if seated:
            body["seat_accounts"] = [{"account": id_, "name": handle} for id_, handle in seated]
        elif account is not None:
            body["seat_account"] = {"account": account[0], "name": account[1]}
        outcome = self.cycle.run(game_id, Submission(Command(None, body), "system", None, "create"))
        # Known as this table's, the owner token is a valid credential without the right to
        # anything but the cancel: a 403 elsewhere, not the 401 of a made-up token.
        self.index.remember_token(body["owner_token_hash"], game_id)
        return replace(outcome, owner_token=owner_token)

    def create_seated(
        self,
        game: str,
        accounts: Sequence[tuple[str, str]],
        bots: Sequence[str],
        options: Mapping[str, Any],
        *,
        game_id: str,
    ) -> Loaded:
        """A table with every account of ``accounts`` (id, handle) seated, in that order from
        seat 0, and a bot seat per strategy of ``bots`` after them (an accepted challenge, a
        pairing of seeks): the create's one append seats them all and starts the game, so the
        table is never open to anyone else. The first account owns it.

        Idempotent under ``game_id``, which the caller derives from what it seats: run again
        (a worker killed after the append, two runs at once) it creates nothing twice.
        """
        seats = [{"kind": "human"}] * len(accounts)
        seats += [{"kind": "bot", "strategy": strategy} for strategy in bots]
        if not self.store.exists(game_id):
            first = accounts[0] if accounts else None
            # IllegalMove: "the game exists already", a twin run created it meanwhile.
            with contextlib.suppress(IllegalMove):
                self.create(game, seats, options, account=first, seated=accounts, game_id=game_id)
        return self.load(game_id)

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
        return self.cycle.run(game_id, Submission(Command(None, {"type": "cancel"}), "player"))

    def _with_idle_limit(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The create's options, with the service's idle limit when they name none."""
        given = dict(options)
        if "idle_limit_s" not in given and self.idle_limit_s is not None:
            given["idle_limit_s"] = self.idle_limit_s
        return given

    def is_live(self, state: MatchState) -> bool:
        """Whether the table was made for live play: an idle limit, at most the live tables'.
        (The lobby's live games are those that also run with a person still playing.)"""
        return 0 < state.idle_limit_s <= self.live_idle_limit_s

    def cancel_as_account(self, game_id: str, account: str) -> Outcome:
        """The cancel of a table by the account that created it (``Forbidden`` for another)."""
        if self.peek(game_id).state.owner_account != account:
            raise Forbidden("only the account that created this table can cancel it")
        return self.cycle.run(game_id, Submission(Command(None, {"type": "cancel"}), "player"))

    def expire(self, game_id: str) -> Outcome:
        """The table's expiry, if it still waits and its time has come (else nothing)."""
        body = {"type": "expire", "now": self.clock()}
        return self.cycle.run(game_id, Submission(Command(None, body), "system", None, "expire"))

    def join(
        self, game_id: str, name: str, seat: int | None = None, client_seed: str = ""
    ) -> tuple[int, str, Outcome]:
        """A seat and its bearer token (returned once; only its hash is kept)."""
        token = secrets.token_urlsafe(32)
        body: dict[str, Any] = {"type": "join", "name": name, "client_seed": client_seed}
        if seat is not None:
            body["seat"] = seat
        body["token_hash"] = match.token_hash(token)
        outcome = self.cycle.run(game_id, Submission(Command(None, body), "player"))
        joined = outcome.envelopes[0].data["seat"]
        self.index.remember_token(body["token_hash"], game_id)
        return joined, token, outcome

    def join_account(
        self, game_id: str, account: str, name: str, seat: int | None = None, client_seed: str = ""
    ) -> tuple[int, Outcome]:
        """A seat held by ``account`` (no token: the account's keys act for it)."""
        body: dict[str, Any] = {"type": "join", "name": name, "client_seed": client_seed}
        if seat is not None:
            body["seat"] = seat
        body["account"] = account
        outcome = self.cycle.run(game_id, Submission(Command(None, body), "player"))
        return outcome.envelopes[0].data["seat"], outcome

    def handle(
        self,
        game_id: str,
        seat: int,
        body: Mapping[str, Any],
        *,
        parse: Callable[[str, Any], Mapping[str, Any]] | None = None,
        kind: str = "player",
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        token: str | None = None,
        account: str | None = None,
    ) -> Outcome:
        """A seat's command. Raises ``RuleError`` for what the rules forbid.

        ``parse`` turns a raw body into the command, given the game's type (the API's schemas:
        which ones depends on the game). With the ``token`` it came with, the command is decided
        only against a state in which that token holds ``seat`` (``Unauthorized`` when the
        latest state says it does not); with the ``account`` of an account key, likewise.
        """
        if parse is not None:
            body = parse(self.peek(game_id).state.game or "", body)
        submission = Submission(
            Command(seat, dict(body), kind),
            kind,
            expected_version,
            client_command_id(seat, idempotency_key) if idempotency_key else None,
            fingerprint(body) if idempotency_key else None,
            match.token_hash(token) if token is not None else None,
            account,
        )
        return self.cycle.run(game_id, submission)

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
                return self.cycle.run(game_id, submission)
            except PreconditionFailed:
                continue  # another seat moved (simultaneous choice): look again
        return None

    def hand_over_idle(self, game_id: str, seat: int, since: int) -> Outcome | None:
        """The idle timer of ``seat``, to act since version ``since``: hand the seat to a bot
        (``SeatLeft``, reason ``idle``, by the timer) if its holder has sent no command since.

        Nothing happens (None, or an outcome without events) when the holder has acted since
        (``by`` = the seat's player, in an event after ``since``; a timeout moving for the seat is
        not the holder), the seat is a bot's already, the game is over, or the limit has not
        passed (the domain checks the time, given as data). The command id is derived from
        (seat, since): the same job twice appends once.
        """
        for _ in range(3):
            loaded = self.load(game_id)
            state = loaded.state
            if (
                state.status != match.ACTIVE
                or not state.idle_limit_s
                or not 0 < since <= state.version
                or not 0 <= seat < state.players
                or state.seats[seat].played_by_bot
            ):
                return None
            began, *after = self.store.read(game_id, after=since - 1, until=state.version)
            if any(e.by.get("seat") == seat and e.by.get("kind") == "player" for e in after):
                return None  # the holder acted: a later idle timer watches the seat now
            body = {"type": "idle", "since": since, "began": began.at, "now": self.clock()}
            submission = Submission(
                Command(seat, body, "timeout"), "timeout", loaded.version, f"idle:{seat}:{since}"
            )
            try:
                return self.cycle.run(game_id, submission)
            except PreconditionFailed:
                continue  # a move meanwhile (maybe the holder's): look again
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
                self.index.add(game_id, after, self.clock(), live=self.is_live(after))
            elif (
                before.status != after.status
                or before.open_seats != after.open_seats
                or before.people != after.people  # a seat handed to a bot (the live list)
            ):
                self.index.set_status(game_id, after, self.clock())
        except Exception:  # see above; the index can be rebuilt from the streams
            metrics.FOLLOW_UP_FAILURES.labels("index").inc()
            log.exception(
                "game %s: the index was not updated after version %s", game_id, after.version
            )
        # The games of the accounts seated here: only when seats or the status change.
        if (before.seats is not after.seats or before.status != after.status) and any(
            info.account for info in (*before.seats, *after.seats)
        ):
            try:
                self.accounts.track(game_id, before, after)
            except Exception:  # as the index: a projection, never the move's error
                metrics.FOLLOW_UP_FAILURES.labels("index").inc()
                log.exception("game %s: the accounts' games were not updated", game_id)
        if account_stream.has_accounts(after):  # an anonymous game: nothing more
            self._tell_accounts(game_id, before, after)
        jobs = policies.after_append(game_id, before, after)
        if not jobs:
            return
        try:
            self.scheduler.schedule(jobs)
        except SchedulingFailed as error:
            self._not_scheduled(game_id, [job for job, _ in error.failed], error)
        except Exception as error:  # the queue's own error: none was queued
            self._not_scheduled(game_id, jobs, error)

    def _tell_accounts(self, game_id: str, before: MatchState, after: MatchState) -> None:
        """The frames of the accounts' streams this append makes (service.account_stream); as
        the index, a failure is logged and counted, never the move's error."""
        try:
            cached = self.cache.get(game_id)  # the cycle has just put the new state there
            began = cached.turns_began if cached is not None and cached.state is after else {}
            deadline_of = account_stream.deadlines(after, began, self.clock)
            found = account_stream.frames(game_id, before, after, deadline_of)
            if found:
                self.account_streams.publish(game_id, after.version, found)
        except Exception:
            metrics.FOLLOW_UP_FAILURES.labels("account_stream").inc()
            log.exception(
                "game %s: the account streams were not written after version %s",
                game_id,
                after.version,
            )

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

    # --- tokens -------------------------------------------------------------------------------

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

    def seat_of_account(self, game_id: str, account: str) -> tuple[int | None, Loaded | None]:
        """As :meth:`seat_of_token`, for the seat an account holds."""
        cached = self.cache.get(game_id)
        if cached is not None and cached.state.seats_settled:
            return cached.state.seat_of_account(account), None
        loaded = self.load(game_id)
        return loaded.state.seat_of_account(account), loaded

    def token_game(self, token: str) -> str | None:
        """The game a seat's or an owner's token was issued for (given back or not)."""
        return self.index.game_of_token(match.token_hash(token))

    def is_owner_token(self, game_id: str, token: str) -> bool:
        owner = self.peek(game_id).state.owner_token_hash  # never changes: a cached one will do
        return owner is not None and hmac.compare_digest(owner, match.token_hash(token))

    def rebuild_index(self) -> int:
        """Rebuild the game index from every game in the store, in Redis or archived; returns
        the game count. An archived game the archive cannot give back now is left out and
        logged (a rebuild of the others is worth more than none; run it again later)."""
        found = []
        unreadable = 0
        for game_id in self.store.game_ids():
            try:
                first = self.store.read(game_id, until=1)
                if not first or first[0].type != "GameCreated":
                    continue  # a stream under our key pattern that is not a game
                found.append((game_id, self.load(game_id).state, first[0].at))
            except ARCHIVE_FAILURES as error:
                unreadable += 1
                log.error("index rebuild: game %s left out: %s", game_id, error)
        if unreadable:
            log.error("index rebuild: %d archived games left out; run it again", unreadable)
        return self.index.rebuild(found, live=self.is_live)

    # --- what a client sees (service.read_model) --------------------------------------------

    def clocks(self, loaded: Loaded) -> list[dict[str, Any]]:
        """The running turn clocks: ``{seat, deadline, ms_left}`` per seat to act on a timer."""
        return read_model.clocks(loaded, self.clock)

    def view(self, state: MatchState, seat: int | None, loaded: Loaded | None) -> dict[str, Any]:
        """The seat's view, with the turn clocks when ``loaded`` is the latest state."""
        return read_model.view(state, seat, loaded, self.clock)

    def command_reply(self, outcome: Outcome, seat: int) -> dict[str, Any]:
        """What a seat is answered for its command (version, events, its view)."""
        return read_model.command_reply(outcome, seat, self.clock)

    def shown(
        self, state: MatchState, envelopes: Sequence[Envelope], viewer: int | None
    ) -> list[dict[str, Any]]:
        """Envelopes as ``viewer`` may see them, given the state that decides what is public."""
        return read_model.shown(state, envelopes, viewer)

    def feed(
        self, game_id: str, viewer: int | None, after: int, limit: int | None
    ) -> tuple[Loaded, list[dict[str, Any]]]:
        """A page of the events after ``after`` and the latest state that redacts them."""
        return read_model.feed(self.loader, game_id, viewer, after, limit)
