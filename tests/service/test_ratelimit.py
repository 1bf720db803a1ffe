"""The leased rate limiter on real Redis: limits hold across processes, leases die with windows.

Each ``RateLimits`` stands for one API process: several of them sharing a Redis are several
processes sharing the counters. Time passes on a ``Clock`` the test moves, never by sleeping.
"""

from __future__ import annotations

import random
import threading
import time
import uuid

import pytest
import redis

from service.api import ratelimit
from service.api.ratelimit import KEY_PREFIX, NS, RateLimits, batch_size
from tests.threads import run_threads

# Instants (ns) at which a window's end in floats came out past it: t + 60.0 - t > 60.0.
FLOAT_TRAPS = [4_036_871_338_065, 16_374_630_176_031, 65_507_797_378_813, 254_974_722_786]


def caller() -> str:
    return "t:" + uuid.uuid4().hex  # a caller of its own per test: counters never collide


class Clock:
    """The limiter's clock, moved by the test. Redis keeps its own time, which no test can
    move: moving this clock ages the TTLs of the counters of ``tag`` (in every caller's key)
    by as much, as if that time had passed for Redis too."""

    def __init__(self, redis_client: redis.Redis, tag: str, now: int = FLOAT_TRAPS[0]) -> None:
        self.now, self._redis, self._tag = now, redis_client, tag

    def __call__(self) -> int:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += round(seconds * NS)
        gone_ms = round(seconds * 1000)
        for key in self._redis.scan_iter(match=f"{KEY_PREFIX}*{self._tag}*"):
            left = self._redis.pttl(key)
            if left <= gone_ms:
                self._redis.delete(key)
            else:
                self._redis.pexpire(key, left - gone_ms)


def passed(limits: RateLimits, who: str, requests: int) -> int:
    return sum(limits.retry_after(who) is None for _ in range(requests))


def test_the_batch_is_one_percent_of_the_limit_from_1_to_16(redis_client: redis.Redis) -> None:
    sizes = {
        spec: batch_size(RateLimits(spec, redis_client).limits[0])
        for spec in ("3 per minute", "199 per minute", "1200 per minute", "100000 per minute")
    }
    assert sizes == {
        "3 per minute": 1,
        "199 per minute": 1,
        "1200 per minute": 12,
        "100000 per minute": 16,
    }


def test_a_small_limit_is_exact(redis_client: redis.Redis) -> None:
    who = caller()
    limits = RateLimits("5 per minute", redis_client, clock=Clock(redis_client, who))
    assert passed(limits, who, 5) == 5
    wait = limits.retry_after(who)
    assert wait is not None and 1 <= wait <= 60


@pytest.mark.parametrize("start", FLOAT_TRAPS)
def test_the_window_edge_is_exact(redis_client: redis.Redis, start: int) -> None:
    # Retry-After and RateLimit-Reset count to the window's end, rounded up: never past the
    # window (was 61 of 60 at these instants), and a client that waits them out is let in.
    who = caller()
    clock = Clock(redis_client, who, start)
    limits = RateLimits("1 per minute", redis_client, clock=clock)
    first = limits.check(who)
    assert (first.wait, first.reset) == (None, 60)  # this hit started the window: 60 s exactly
    refused = limits.check(who)
    assert refused.wait == refused.reset == 60  # the clock has not moved
    clock.advance(59)
    still = limits.check(who)
    assert still.wait == still.reset == 1  # what is left of the window, rounded up
    clock.advance(still.wait)
    assert limits.check(who).wait is None  # a new window


def test_one_process_grants_exactly_the_limit(redis_client: redis.Redis) -> None:
    limits, who = RateLimits("1000 per minute", redis_client), caller()
    assert passed(limits, who, 1500) == 1000


def test_processes_together_never_pass_more_than_the_limit(redis_client: redis.Redis) -> None:
    processes = [RateLimits("600 per minute", redis_client) for _ in range(4)]
    who, rng = caller(), random.Random(7)
    granted = sum(passed(rng.choice(processes), who, 1) for _ in range(1200))
    batch = batch_size(processes[0].limits[0])
    # Never more than the limit; early by at most one unspent lease per other process.
    assert 600 - 3 * (batch - 1) <= granted <= 600


@pytest.mark.parametrize(("requests", "passing"), [(25, 800), (100, 1600)])
def test_threads_of_one_process_pass_exactly_the_limit(
    redis_client: redis.Redis, requests: int, passing: int
) -> None:
    # 32 threads (foxden api's default) of one caller, their requests interleaved: one lease
    # at a time, so no hit is stranded and no request refused early, none passed in excess.
    limits, who = RateLimits("1600 per minute", redis_client), caller()
    counts: list[int] = []
    start = threading.Barrier(32)

    def requests_of_one_thread() -> None:
        start.wait()
        passed_here = 0
        for _ in range(requests):
            passed_here += limits.retry_after(who) is None
            time.sleep(0.0005)  # a request does some work of its own
        counts.append(passed_here)

    run_threads(32, lambda _: requests_of_one_thread())
    assert sum(counts) == passing


def test_a_full_window_is_refused_without_asking_redis(redis_client: redis.Redis) -> None:
    limits, who = RateLimits("3 per minute", redis_client), caller()
    assert passed(limits, who, 4) == 3
    for key in redis_client.scan_iter(match=f"{KEY_PREFIX}*{who}*"):
        redis_client.delete(key)  # Redis forgot: this process still refuses till the window ends
    assert limits.retry_after(who) is not None


def test_a_lease_ends_with_its_window(redis_client: redis.Redis) -> None:
    who = caller()
    clock = Clock(redis_client, who)
    limits = RateLimits("300 per 1 second", redis_client, clock=clock)
    assert batch_size(limits.limits[0]) == 3
    assert limits.retry_after(who) is None  # leases 3 hits, spends 1
    [key] = redis_client.scan_iter(match=f"{KEY_PREFIX}*{who}*")
    clock.advance(0.5)
    assert limits.retry_after(who) is None  # spent from the lease: Redis is not asked
    assert int(redis_client.get(key)) == 3
    clock.advance(0.5)  # the window ends, with a hit of the lease unspent
    assert limits.retry_after(who) is None  # a new window: a new lease from Redis
    [key] = redis_client.scan_iter(match=f"{KEY_PREFIX}*{who}*")
    assert int(redis_client.get(key)) == 3


def test_each_of_several_limits_holds(redis_client: redis.Redis) -> None:
    who = caller()
    clock = Clock(redis_client, who)
    limits = RateLimits("2 per second; 3 per minute", redis_client, clock=clock)
    assert passed(limits, who, 5) == 2
    clock.advance(1)
    assert passed(limits, who, 5) == 1  # the minute's third hit; the second window is fresh


def test_the_script_is_loaded_again_after_a_flush(fake_redis: redis.Redis) -> None:
    # fakeredis only: SCRIPT FLUSH on a shared real server would hit everyone's scripts.
    limits, who = RateLimits("2 per minute", fake_redis), caller()
    assert limits.retry_after(who) is None
    fake_redis.script_flush()
    assert limits.retry_after(who) is None
    assert limits.retry_after(who) is not None


@pytest.mark.parametrize("spec", ["1 per minute", "100 per second"])
def test_callers_have_budgets_of_their_own(redis_client: redis.Redis, spec: str) -> None:
    limits = RateLimits(spec, redis_client)
    amount = limits.limits[0].amount
    first, second = caller(), caller()
    assert passed(limits, first, amount + 1) == amount
    assert passed(limits, second, amount) == amount


def test_leases_of_ended_windows_are_swept_out(
    redis_client: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ratelimit, "SWEEP_AT", 4)
    clock = Clock(redis_client, caller())  # new callers: no counter needs to age
    limits = RateLimits("200 per 1 second", redis_client, clock=clock)
    for _ in range(4):
        assert limits.retry_after(caller()) is None
    clock.advance(1)
    newcomers = [caller() for _ in range(3)]
    for who in newcomers:
        assert limits.retry_after(who) is None
    # The fifth caller swept out the four ended leases; the table holds only live ones.
    assert len(limits._leases) == 3


def test_each_counter_is_kept_under_the_limits_librarys_own_key(redis_client: redis.Redis) -> None:
    limits, who = RateLimits("2 per second; 3 per minute; 100 per 5 hours", redis_client), caller()
    assert limits.retry_after(who) is None
    for limit in limits.limits:
        key = KEY_PREFIX + limit.key_for(who)
        assert redis_client.get(key) == str(batch_size(limit)).encode(), key


def test_a_request_of_several_callers_must_pass_each(redis_client: redis.Redis) -> None:
    # An address and a seat: the request is refused when either is out of requests, and
    # counts against both while they last.
    limits, address, seat = RateLimits("3 per minute", redis_client), caller(), caller()
    assert passed(limits, address, 3) == 3
    assert limits.check_all((address, seat)).wait is not None  # the seat's budget is no way in
    assert passed(limits, seat, 3) == 3  # nor did that refusal spend the seat's
    other = caller()
    assert limits.check_all((other, seat)).wait is not None  # the seat's refusal ...
    assert passed(limits, other, 3) == 2  # ... after the request counted against the address
