"""The per-process caches (``Lru``, ``StateCache``): bounded, least recently used out first,
never moved back in time, and sound when threads read and write them at once."""

from __future__ import annotations

import sys
from dataclasses import replace

from domain.match import INITIAL
from events.store import GENESIS_HASH
from service.games import Loaded, Lru, StateCache
from tests.threads import run_threads


def test_the_least_recently_used_entry_goes_first() -> None:
    cache: Lru[str, int] = Lru(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # now b is the least recently used
    cache.put("c", 3)
    assert (cache.get("a"), cache.get("b"), cache.get("c")) == (1, None, 3)


def test_the_state_cache_never_goes_back_to_an_older_version() -> None:
    cache = StateCache(4)
    newer = Loaded(replace(INITIAL, version=5), GENESIS_HASH)
    older = Loaded(replace(INITIAL, version=3), GENESIS_HASH)
    cache.put("g", newer)
    cache.put("g", older)
    assert cache.get("g") is newer


def test_reads_without_a_lock_beside_writes_that_evict() -> None:
    # Readers take no lock: a key that a writer evicts between a reader's two steps must
    # neither raise nor break the bound. Switching threads every few bytecodes makes that
    # interleaving common.
    cache: Lru[int, int] = Lru(2)
    errors: list[BaseException] = []
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:

        def worker(n: int) -> None:
            try:
                for i in range(50_000):
                    key = (i + n) % 4
                    if n % 2:
                        cache.put(key, key)
                    else:
                        found = cache.get(key)
                        assert found is None or found == key
            except BaseException as error:  # collected: a thread's failure must fail the test
                errors.append(error)

        run_threads(8, worker)
    finally:
        sys.setswitchinterval(interval)
    assert errors == []
    assert len(cache._items) <= 2
