"""The leased rate limiter on real Redis: limits hold across processes, leases die with windows.

Each ``RateLimits`` stands for one API process: several of them sharing a Redis are several
processes sharing the counters.
"""

from __future__ import annotations

import random
import threading
import time
import uuid

import pytest
import redis

from service.api import ratelimit
from service.api.ratelimit import KEY_PREFIX, RateLimits, batch_size
from tests.threads import run_threads


def caller() -> str:
    return "t:" + uuid.uuid4().hex  # a caller of its own per test: counters never collide


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
    limits, who = RateLimits("5 per minute", redis_client), caller()
    assert passed(limits, who, 5) == 5
    wait = limits.retry_after(who)
    assert wait is not None and 1 <= wait <= 60


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
    limits, who = RateLimits("300 per 1 second", redis_client), caller()
    assert batch_size(limits.limits[0]) == 3
    assert limits.retry_after(who) is None  # leases 3 hits, spends 1
    time.sleep(1.1)
    assert not list(redis_client.scan_iter(match=f"{KEY_PREFIX}*{who}*"))  # the window ended
    assert limits.retry_after(who) is None  # a new window: a new lease from Redis
    [key] = redis_client.scan_iter(match=f"{KEY_PREFIX}*{who}*")
    assert int(redis_client.get(key)) == 3


def test_each_of_several_limits_holds(redis_client: redis.Redis) -> None:
    limits, who = RateLimits("2 per second; 3 per minute", redis_client), caller()
    assert passed(limits, who, 5) == 2
    time.sleep(1.1)
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
    limits = RateLimits("200 per 1 second", redis_client)
    for _ in range(4):
        assert limits.retry_after(caller()) is None
    time.sleep(1.1)
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
