"""Rate limits per address and per checked seat: fixed windows in Redis, leased in batches.

Whom a request counts against (:func:`counted_as`): a valid token's seat, alone, on the routes
of its own game; the address on everything else, and the seat as well when the request carries
a valid token. A token thus raises the limit only where it acts: with another game's path, or
on a route about no game (creating a table, listing, the catalogue), it never lifts the
address's limit, and a token spread over several addresses still meets its seat's.

Every request is counted against a fixed window whose counter lives in Redis, so a limit holds
across all API processes. Counting each request there cost a Redis round trip per request:
half of a move's round trips and an eighth of its instructions (bench/api_cost.py). So a process
takes a few hits at a time from the shared counter (a *lease*: ``INCRBY batch``) and spends them
locally until they run out or the window ends:

- never more than the limit passes in a window: a lease is counted in Redis when it is taken,
  and it dies with the window it was taken in;
- a client may be refused a little early, by at most ``batch - 1`` hits for each other process
  holding an unspent lease of its window; ``batch`` is 1 % of the limit, from 1 to 16, so small
  limits are exact. Within a process a caller has one lease at a time: while one thread takes
  the next, that caller's other requests wait for it, so no hit is stranded;
- a lease whose reply was lost and sent again counts twice in Redis: an early refusal, never
  an excess;
- once a window is full, the process refuses that caller locally until the window ends.

Time is an injected monotonic clock in integer nanoseconds: a window's end in floats
(``now + ttl / 1000``) came back as 60.000000000000455 s of a 60 s window, a ``Retry-After: 61``.
A lease dies at the earliest the window can end (the clock read before the lease was asked
for, plus the TTL Redis answered), so it never outlives its window in Redis; ``Retry-After``
and ``RateLimit-Reset`` count to the latest it can end (the clock read after the reply, plus
that TTL), rounded up, so a client that waits them out finds a new window, and neither ever
exceeds the window.

The spec (``"1200 per minute; 100 per second"``) is parsed by the ``limits`` library, whose
fixed-window keys and periods these counters use.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from limits import RateLimitItem, parse_many

from events.redis_client import Client

OFF = frozenset({"", "off", "0", "none", "false"})
KEY_PREFIX = "fd:rl:"
MAX_BATCH = 16
# How long a request waits at most for another thread's lease before it looks again.
LEASE_WAIT_S = 1.0
# Expired leases are swept out once the table holds this many callers (or twice as many as
# were left at the last sweep, so that many callers at once do not make every lease sweep).
SWEEP_AT = 10_000
NS = 1_000_000_000
Clock = Callable[[], int]  # monotonic, in nanoseconds (``time.monotonic_ns``)

# Take ``batch`` hits from the window's counter, starting the window on its first hit; answer
# the count after them and the milliseconds left in the window.
LEASE_LUA = """
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {count, ttl}
"""


def _key_around(limit: RateLimitItem) -> tuple[str, str]:
    """What comes before and after the caller in ``KEY_PREFIX + limit.key_for(caller)``."""
    before, marker, after = (KEY_PREFIX + limit.key_for("\0")).partition("/\0/")
    assert marker, "the limits library puts the caller between slashes"
    return before + "/", "/" + after


def batch_size(limit: RateLimitItem) -> int:
    return max(1, min(MAX_BATCH, limit.amount // 100))


def counted_as(
    address: str, game_id: str | None, seat: int | None, path_game: str | None
) -> tuple[str, ...]:
    """The callers a request counts against, each of whose limits it must pass.

    ``game_id`` and ``seat`` are those of the request's checked token (``None``: none, or
    not valid), ``path_game`` the game its path names. A seat stands alone only on its own
    game's routes: anywhere else a token would otherwise open a fresh budget per token for
    any address holding one.
    """
    by_address = "a:" + address
    if seat is None:
        return (by_address,)
    by_seat = f"s:{game_id}:{seat}"
    if path_game is not None and path_game == game_id:
        return (by_seat,)
    return (by_address, by_seat)


def _seconds_until(end: int, now: int) -> int:
    """Whole seconds from ``now`` to ``end`` (nanoseconds), rounded up; 0 once past."""
    return max(0, -((now - end) // NS))


@dataclass
class Lease:
    left: int  # hits this process may still grant in the window
    ends: int  # clock time at which the lease dies: the earliest the window can end
    window_end: int  # clock time by which the window has ended in Redis
    refused: bool = False  # the window is full for every process
    unleased: int = 0  # hits of the window no process had taken when this lease was taken

    def remaining(self) -> int:
        """What is left of the window as this process knows it (others may have spent some)."""
        return 0 if self.refused else self.left + max(0, self.unleased)


@dataclass(slots=True)  # not frozen: made on every request, where a frozen one costs 3x
class Verdict:
    """One request's count: the seconds to wait (``None``: it passes) and the tightest limit."""

    wait: int | None
    limit: int
    remaining: int
    reset: int  # seconds until that limit's window ends

    def headers(self) -> list[tuple[str, str]]:
        return [
            ("RateLimit-Limit", str(self.limit)),
            ("RateLimit-Remaining", str(self.remaining)),
            ("RateLimit-Reset", str(self.reset)),
        ]


class RateLimits:
    """The limits of one spec, shared through Redis by every process that uses the same keys."""

    def __init__(self, spec: str, client: Client, *, clock: Clock = time.monotonic_ns) -> None:
        self.limits: list[RateLimitItem] = parse_many(spec)
        # Each limit's key is the limits library's ``key_for(caller)``, built around the
        # caller once here rather than joined from its parts on every request.
        self._keys = [_key_around(limit) for limit in self.limits]
        self._client = client
        self._clock = clock
        self._script = client.register_script(LEASE_LUA)
        self._leases: dict[str, Lease] = {}
        self._leasing: dict[str, threading.Event] = {}  # callers whose next lease is on its way
        self._sweep_at = SWEEP_AT
        self._lock = threading.Lock()

    def retry_after(self, caller: str) -> int | None:
        """Count one request of ``caller``; the seconds to wait when a limit is exceeded."""
        return self.check(caller).wait

    def check(self, caller: str) -> Verdict:
        """Count one request of ``caller`` against each limit, up to the first it exceeds."""
        return self.check_all((caller,))

    def check_all(self, callers: Sequence[str]) -> Verdict:
        """Count one request against each of ``callers`` in turn, up to the first refusal;
        otherwise the verdict of the limit with the fewest requests left."""
        tightest: Verdict | None = None
        for caller in callers:
            for limit, (before, after) in zip(self.limits, self._keys, strict=True):
                passes, lease = self._take(limit, before + caller + after)
                reset = _seconds_until(lease.window_end, self._clock())
                verdict = Verdict(
                    None if passes else max(1, reset), limit.amount, lease.remaining(), reset
                )
                if verdict.wait is not None:
                    return verdict
                if tightest is None or verdict.remaining < tightest.remaining:
                    tightest = verdict
        assert tightest is not None  # at least one caller, and parse_many gives one limit
        return tightest

    def _take(self, limit: RateLimitItem, key: str) -> tuple[bool, Lease]:
        """One hit of ``limit`` for ``key``: whether it passes, and the caller's lease after it."""
        while True:
            now = self._clock()
            with self._lock:
                lease = self._leases.get(key)
                if lease is not None and now < lease.ends:
                    if lease.refused:
                        return False, lease
                    if lease.left > 0:
                        lease.left -= 1
                        return True, lease
                # One thread at a time takes the next lease of a caller: two at once would
                # each take a batch, and the one stored last would strand the other's hits.
                leasing = self._leasing.get(key)
                if leasing is None:
                    leasing = self._leasing[key] = threading.Event()
                    break
            leasing.wait(LEASE_WAIT_S)  # then look again: there may be hits to spare
        try:
            return self._renew(limit, key, now)
        finally:
            with self._lock:
                del self._leasing[key]
            leasing.set()

    def _renew(self, limit: RateLimitItem, key: str, now: int) -> tuple[bool, Lease]:
        """Take a new lease for ``key`` from Redis and spend its first hit on this request."""
        batch = batch_size(limit)
        count, ttl_ms = self._lease(key, batch, limit.get_expiry() * 1000)
        answered = self._clock()
        # Other processes' hits may have used up the window before ours, wholly or in part.
        granted = min(batch, limit.amount - (count - batch))
        ttl = ttl_ms * 1_000_000
        # Redis started counting the TTL somewhere between ``now`` and ``answered``.
        lease = Lease(granted - 1, now + ttl, answered + ttl, granted <= 0, limit.amount - count)
        with self._lock:
            if len(self._leases) >= self._sweep_at:
                self._sweep(now)
            self._leases[key] = lease
        return granted > 0, lease

    def _lease(self, key: str, batch: int, window_ms: int) -> tuple[int, int]:
        count, ttl_ms = self._script(keys=[key], args=[batch, window_ms])
        return int(count), int(ttl_ms)

    def _sweep(self, now: int) -> None:
        for key in [key for key, lease in self._leases.items() if lease.ends <= now]:
            del self._leases[key]
        self._sweep_at = max(SWEEP_AT, 2 * len(self._leases))


def limits_for(spec: str, client: Client, *, clock: Clock = time.monotonic_ns) -> RateLimits | None:
    """The limits of ``spec``, or ``None`` when it turns limiting off ("off", "0", …)."""
    return None if spec.strip().lower() in OFF else RateLimits(spec, client, clock=clock)
