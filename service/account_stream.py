"""One stream per account: what happens to the account in all its games, written once per
append, read by every connection of the account (``GET /v1/me/stream``).

Written where appends are reacted to (``GameService._react``: moves of the API and of the
workers alike), only for games with a seat an account holds; an anonymous game costs a look at
its seats and nothing else. A frame says only what any spectator of the game may see: ids,
seats, versions, deadlines, results.

Frames (``type``, and what else each carries; ``game`` is always the game's id):

* ``game_started`` {game, game_type, seat, version}: a table the account sits at started;
* ``your_turn`` {game, version, seat, deadline}: the account's seat became one to act at a new
  decision point: after an append after which the seat is to act, and either was not before or
  has just moved and faces a new decision (its ``since`` changed: the same rule that gives a bot
  job its identity). One frame per decision point, a multi-step turn's steps included; none for
  a seat a bot plays (taken over);
* ``seat_taken_over`` {game, seat, reason, version}: a bot plays the account's seat from now on
  (``reason``: ``left`` or ``idle``);
* ``game_finished`` {game, seat, version, result};
* ``table_closed`` {game, seat, version, status}: a table the account sat at was cancelled or
  expired before it started.

Frames that no append causes (challenges, seeks, webhooks' notices) are written by
:meth:`AccountStreams.notify`, by the modules they belong to.

Every frame written, by either path, is then offered to the account's webhooks
(``AccountStreams.on_written``: ``GameService`` gives ``service.webhooks``' offer); a failure
there is logged and counted, never the writer's.

Redis keys. The stream and its versions are bucketed, as the index is (service/index.py): an
account's are in bucket ``b = crc32(account id) % BUCKETS`` and share the hash tag ``{as:<b>}``,
so that on a Redis Cluster one ``XREAD BLOCK`` can wait on every watched account of a bucket
(service/live.py reads them so, one reader per bucket per process, not one per account); the
publishing script touches these two keys only, which share that slot:

* ``fd:{as:<b>}:<id>``: the frames, a Redis stream capped at about ``KEEP`` entries
  (``MAXLEN ~``); entry ids are the frames' ids (SSE ``id``, ``Last-Event-ID``, ``?after=``);
* ``fd:{as:<b>}:<id>:versions`` hash: game id → the version of the newest frame written for
  it, so that a frame of an older version (two appends of one game reacted to in two processes,
  the later one first) is dropped rather than sent after a newer one; emptied past
  ``VERSIONS_MAX`` games;
* ``fd:{as:<b>}:wake:<process>``: a stream a process's reader of the bucket also waits on, so
  that a stream of an account it does not read yet can make it read again at once (service/live.py);
  one entry (``MAXLEN 1``), expires ``WAKE_TTL_S`` after the last;
* ``fd:{acct:<id>}:connects:<minute>`` (under the account's own hash tag, with the rest of the
  account: service/accounts.py): the stream's connects in one minute (the poll rule).
"""

from __future__ import annotations

import logging
import time
import zlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import orjson
import redis

from domain.match import ACTIVE, CLOSED, FINISHED, WAITING, MatchState
from events.redis_client import Client, reply_text
from service import metrics, policies
from service.accounts import account_key
from service.errors import ServiceError

log = logging.getLogger(__name__)

# Frames an account's stream keeps (about: ``MAXLEN ~`` trims whole nodes).
KEEP = 1000
VERSIONS_MAX = 4096
# The poll rule: more than CONNECTS_MAX connects of one account in one window of WINDOW_S.
CONNECTS_MAX = 10
WINDOW_S = 60
# How often an open stream looks again whether the key that opened it still stands (at a
# heartbeat): a revoked key's stream ends within this and one heartbeat.
KEY_CHECK_S = 10.0
FIELD = "f"
START = "0-0"  # before every entry
# Buckets of the stream keys (as the index has): a process reads at most this many of them at
# once, each in one XREAD BLOCK over its watched accounts. Part of the keys' names: changing it
# moves every account's stream (a client resuming from a frame of the old key is sent a reset).
BUCKETS = 16
WAKE_TTL_S = 3600

PUBLISH_LUA = """
local seen = tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '0')
if tonumber(ARGV[2]) <= seen then return 0 end
if redis.call('HLEN', KEYS[2]) >= tonumber(ARGV[4]) then redis.call('DEL', KEYS[2]) end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
for i = 5, #ARGV do
  redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[3], '*', 'f', ARGV[i])
end
return #ARGV - 4
"""


class StreamPolled(ServiceError):
    """The account opens its stream too often: it polls instead of holding the stream open."""

    code, status = "hold_stream_open", 429


def bucket(account: str) -> int:
    """The bucket of the account's stream keys (their Redis Cluster slot)."""
    return zlib.crc32(account.encode()) % BUCKETS


def stream_key(account: str) -> str:
    return f"fd:{{as:{bucket(account)}}}:{account}"


def versions_key(account: str) -> str:
    return f"fd:{{as:{bucket(account)}}}:{account}:versions"


def wake_key(bucket: int, process: str) -> str:
    """The stream a reader of ``bucket`` in ``process`` waits on besides the accounts' (a
    name no account id takes: ids are 16 hex digits)."""
    return f"fd:{{as:{bucket}}}:wake:{process}"


def connects_key(account: str, window: int) -> str:
    return account_key(account, "connects", str(window))


def entry_id(text: str) -> tuple[int, int] | None:
    """An entry id (``<ms>-<seq>``, or ``<ms>``) as a pair that sorts as Redis sorts them."""
    ms, _, seq = text.partition("-")
    if not (ms.isascii() and ms.isdigit() and len(ms) <= 20):
        return None
    if seq and not (seq.isascii() and seq.isdigit() and len(seq) <= 20):
        return None
    return int(ms), int(seq or 0)


def later(a: str, b: str) -> bool:
    """Whether entry id ``a`` comes after ``b``."""
    return (entry_id(a) or (0, 0)) > (entry_id(b) or (0, 0))


# --- what an append tells each account -------------------------------------------------------


def has_accounts(state: MatchState) -> bool:
    return any(info.account for info in state.seats)


def frames(
    game_id: str,
    before: MatchState,
    after: MatchState,
    deadline_of: Callable[[int], str | None],
) -> list[tuple[str, dict[str, Any]]]:
    """The frames an append from ``before`` to ``after`` writes, each with its account.

    ``deadline_of(seat)``: the seat's turn deadline in ``after`` (asked only for a ``your_turn``).
    """
    found: list[tuple[str, dict[str, Any]]] = []
    started = before.status == WAITING and after.status == ACTIVE
    finished = after.status == FINISHED and before.status != FINISHED
    closed = after.status in CLOSED and before.status not in CLOSED
    acting, acted = after.to_act(), before.to_act()
    version = after.version
    frame: dict[str, Any]
    for seat, info in enumerate(after.seats):
        account = info.account
        if account is None:
            continue
        if started:
            frame = {"type": "game_started", "game": game_id, "game_type": after.game}
            found.append((account, {**frame, "seat": seat, "version": version}))
        old = before.seats[seat] if seat < len(before.seats) else None
        if info.left and not (old is not None and old.left):
            reason = info.taken_over or "left"
            frame = {"type": "seat_taken_over", "game": game_id, "seat": seat, "reason": reason}
            found.append((account, {**frame, "version": version}))
        if (
            seat in acting
            and not info.played_by_bot
            and (seat not in acted or before.since.get(seat) != after.since.get(seat))
        ):
            frame = {"type": "your_turn", "game": game_id, "version": version, "seat": seat}
            found.append((account, {**frame, "deadline": deadline_of(seat)}))
        if finished:
            frame = {"type": "game_finished", "game": game_id, "seat": seat, "version": version}
            found.append((account, {**frame, "result": after.result}))
        if closed:
            frame = {"type": "table_closed", "game": game_id, "seat": seat, "version": version}
            found.append((account, {**frame, "status": after.status}))
    return found


def deadlines(
    after: MatchState, turns_began: Mapping[int, str], now: Callable[[], str]
) -> Callable[[int], str | None]:
    """``deadline_of`` for :func:`frames`: the clock is read only if a turn limit runs."""

    def deadline_of(seat: int) -> str | None:
        if not after.options.get("turn_timeout_s"):
            return None
        clocks = policies.turn_clocks(after, turns_began, now())
        return next((c["deadline"] for c in clocks if c["seat"] == seat), None)

    return deadline_of


# --- rendering -------------------------------------------------------------------------------


def shown(entry: str, data: bytes | str) -> bytes:
    """A stored frame's JSON with its id first: what a client is sent (NDJSON's line body)."""
    raw = data.encode() if isinstance(data, str) else data
    return b'{"id":"' + entry.encode() + b'",' + raw[1:]


def sse(entry: str, kind: str, body: bytes) -> bytes:
    return b"id: " + entry.encode() + b"\nevent: " + kind.encode() + b"\ndata: " + body + b"\n\n"


def encode(entry: str, frame: Mapping[str, Any], fmt: str) -> bytes:
    """A frame that was never stored (the picture, a reset) as ``fmt`` shows it."""
    body = shown(entry, orjson.dumps(frame))
    return sse(entry, frame["type"], body) if fmt == "sse" else body + b"\n"


class Rendered:
    """Entries read once, shown in each format once (every watcher of the account shares it)."""

    __slots__ = ("_text", "entries")

    def __init__(self, entries: Sequence[tuple[str, Mapping[Any, Any]]]) -> None:
        self.entries = entries
        self._text: dict[str, list[tuple[str, bytes, bool]]] = {}

    @property
    def last(self) -> str:
        return self.entries[-1][0]

    def render(self, fmt: str) -> list[tuple[str, bytes, bool]]:
        """``(entry id, text, False)`` per frame: as service/live.py's items, whose last part
        says whether the item ends the stream (no frame ends an account's)."""
        found = self._text.get(fmt)
        if found is None:
            found = []
            for entry, fields in self.entries:
                data = fields.get(FIELD.encode(), fields.get(FIELD, b"{}"))
                body = shown(entry, data)
                if fmt == "sse":
                    kind = orjson.loads(data)["type"]
                    found.append((entry, sse(entry, kind, body), False))
                else:
                    found.append((entry, body + b"\n", False))
            self._text[fmt] = found
        return found


# --- Redis -------------------------------------------------------------------------------------


class AccountStreams:
    """The accounts' streams in Redis: writing frames, reading them, the poll rule."""

    def __init__(
        self,
        client: Client,
        *,
        keep: int = KEEP,
        clock: Callable[[], float] = time.time,
        connects_max: int = CONNECTS_MAX,
        window_s: int = WINDOW_S,
        on_written: Callable[[Sequence[tuple[str, Mapping[str, Any]]]], object] | None = None,
    ) -> None:
        self.redis = client
        self.keep = keep
        # Told of every frame written, (account, frame) pairs (the webhooks: service/webhooks.py,
        # given by GameService); its failure is logged, never the writer's.
        self.on_written = on_written
        self.clock = clock
        self.connects_max = connects_max
        self.window_s = window_s
        self._publish = client.register_script(PUBLISH_LUA)

    def publish(self, game_id: str, version: int, found: list[tuple[str, dict[str, Any]]]) -> int:
        """Write each account's frames of one append (one script per account); the count."""
        by_account: dict[str, list[bytes]] = {}
        for account, frame in found:
            by_account.setdefault(account, []).append(orjson.dumps(frame))
        written = 0
        kept: set[str] = set()
        for account, texts in by_account.items():
            keys = [stream_key(account), versions_key(account)]
            args: list[Any] = [game_id, version, self.keep, VERSIONS_MAX, *texts]
            count = int(self._publish(keys=keys, args=args))
            written += count
            if count:
                kept.add(account)
        if kept:  # not the frames the script dropped (older than one written already)
            self._tell([(account, frame) for account, frame in found if account in kept])
        return written

    def notify(self, account: str, frame: Mapping[str, Any]) -> str:
        """Write one frame that no game's append caused (a challenge, a webhook's notice); its
        entry id. ``frame`` needs a ``type``; it must say nothing the account may not see."""
        if "type" not in frame:
            raise ValueError("a frame needs a type")
        fields: dict[Any, Any] = {FIELD: orjson.dumps(frame)}
        entry: Any = self.redis.xadd(
            stream_key(account), fields, maxlen=self.keep, approximate=True
        )
        self._tell([(account, frame)])
        return reply_text(entry)

    def _tell(self, found: Sequence[tuple[str, Mapping[str, Any]]]) -> None:
        """Offer frames just written to ``on_written``: what fails there is logged and
        counted, never the writer's error (a move, a challenge has happened)."""
        if self.on_written is None:
            return
        try:
            self.on_written(found)
        except Exception:
            metrics.FOLLOW_UP_FAILURES.labels("webhooks").inc()
            log.exception("the webhooks were not offered %d frames", len(found))

    def head(self, account: str) -> str:
        """The id of the account's newest frame (``0-0`` when it has none)."""
        newest = self.redis.xrevrange(stream_key(account), "+", "-", count=1)
        return reply_text(newest[0][0]) if newest else START

    def read(
        self, account: str, after: str, until: str | None = None, count: int | None = None
    ) -> list[tuple[str, Mapping[Any, Any]]]:
        """The frames after ``after`` up to ``until`` (inclusive; all when None)."""
        low = "-" if after == START else f"({after}"
        reply: Any = self.redis.xrange(stream_key(account), low, until or "+", count=count)
        return [(reply_text(entry), fields) for entry, fields in reply]

    def kept_since(self, account: str, after: str) -> bool:
        """Whether every frame after ``after`` is still in the stream (none was trimmed)."""
        key = stream_key(account)
        try:
            info: Any = self.redis.xinfo_stream(key)
        except redis.ResponseError as error:  # no such key: nothing written, nothing lost
            if "no such key" in str(error).lower():
                return True
            raise
        # Trimming takes the oldest frames only (and XTRIM leaves max-deleted-entry-id alone):
        # every frame after ``after`` is kept if none was ever trimmed, or if ``after`` is not
        # older than the first frame kept. Else some may be lost: the client is told so.
        added = info.get("entries-added")
        if added is not None and int(added) == int(info["length"]):
            return True
        first = info.get("first-entry")
        if first is None or first[0] is None:
            return added is None and after == START
        return not later(reply_text(first[0]), after)

    def wake(self, bucket: int, process: str) -> None:
        """Add an entry to ``process``'s wake stream of ``bucket`` (see ``wake_key``)."""
        key = wake_key(bucket, process)
        pipe = self.redis.pipeline(transaction=False)
        pipe.xadd(key, {"w": "1"}, maxlen=1, approximate=False)
        pipe.expire(key, WAKE_TTL_S)
        pipe.execute()

    def connect(self, account: str) -> int | None:
        """Count a connect of the account's stream: ``None`` when within the poll rule, else
        the seconds until a connect is allowed again (``Retry-After``)."""
        now = self.clock()
        window = int(now // self.window_s)
        key = connects_key(account, window)
        pipe = self.redis.pipeline(transaction=False)
        pipe.incr(key)
        pipe.expire(key, self.window_s + 5)
        count, _ = pipe.execute()
        if int(count) <= self.connects_max:
            return None
        return max(1, int((window + 1) * self.window_s - now + 0.999))


# --- the picture -------------------------------------------------------------------------------


def picture(
    accounts: Any,
    account: str,
    load: Callable[[str], Any],
    clocks: Callable[[Any], list[dict[str, Any]]],
) -> dict[str, Any]:
    """The first frame of a stream: every active game of the account (its seat, the version,
    whether it must act now, the deadline when a turn limit runs, who plays the seat) and its
    waiting tables. ``accounts`` is ``service.accounts.Accounts``; ``load`` gives a game's
    latest ``Loaded`` (usually the process's cached one), ``clocks`` its turn clocks."""
    active: list[dict[str, Any]] = []
    waiting: list[dict[str, Any]] = []
    for status in (ACTIVE, WAITING):
        for entry in accounts.entries(account, status):
            loaded = load(entry["id"])
            state: MatchState = loaded.state
            seat = state.seat_of_account(account)
            if seat is None:
                continue  # given back meanwhile: the index follows (it is a projection)
            item: dict[str, Any] = {"game": entry["id"], "game_type": state.game, "seat": seat}
            item["version"] = state.version
            if state.status == ACTIVE:
                info = state.seats[seat]
                acting = seat in state.to_act() and not info.played_by_bot
                deadline = next((c["deadline"] for c in clocks(loaded) if c["seat"] == seat), None)
                item.update(my_turn=acting, deadline=deadline if acting else None)
                item["taken_over"] = info.taken_over if info.played_by_bot else None
                active.append(item)
            elif state.status == WAITING:
                waiting.append(item)
    active.sort(key=lambda item: (not item["my_turn"], item["game"]))
    waiting.sort(key=lambda item: item["game"])
    return {"type": "games", "active": active, "waiting": waiting}
