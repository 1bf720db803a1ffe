"""Pairing seeks by the workers (issue #43): 50 seeks at once pair without seating an account
twice and none is lost; a pass killed between its claim and the table's creation is finished by
the next; the job run twice changes nothing; the sweeper queues a pass for every pool with
seeks."""

from __future__ import annotations

import random
import threading
import uuid
from collections import Counter
from typing import Any

import pytest

from foxden.bootstrap import build_service
from service import policies
from service.accounts import Account
from service.games import GameService
from service.ports import RecordingScheduler
from service.seeks import POOLS_KEY, Seeks, claims_key, game_id_of, queue_key
from tests.service.test_challenges import of_type
from tests.workers.conftest import Workers, wait_until
from workers import jobs
from workers.scheduler import RQScheduler
from workers.sweeper import sweep_seeks

GAME = "sly"


def sign_up(games: GameService, count: int) -> list[Account]:
    found = []
    for _ in range(count):
        handle = f"p{uuid.uuid4().hex[:12]}"
        account, _, _ = games.accounts.sign_up(
            handle, "bot", mode="open", operator=False, invite=None
        )
        found.append(account)
    return found


def fresh_options() -> dict[str, int]:
    """Options of this test's own: its seeks wait in a pool no other test's seeks reach."""
    return {"idle_limit_s": random.randint(10_000, 2_000_000)}


def seeks_of(games: GameService, ids: list[str]) -> dict[str, Any]:
    seeks = Seeks(games)
    return {seek_id: seeks._read(seek_id) for seek_id in ids}


def check_pairings(games: GameService, ids: list[str], players: int) -> dict[str, list[str]]:
    """Every seek is paired or waiting (none lost); each table seats the accounts of exactly
    its seeks, each once; the seeks still waiting cannot make a table. The tables' seeks."""
    found = seeks_of(games, ids)
    assert all(seek is not None for seek in found.values())
    statuses = Counter(seek.status for seek in found.values())
    assert set(statuses) <= {"paired", "waiting"}, statuses
    tables: dict[str, list[str]] = {}
    for seek in found.values():
        if seek.status == "paired":
            tables.setdefault(seek.game, []).append(seek.id)
    for game_id, seek_ids in tables.items():
        assert len(seek_ids) == players, (game_id, seek_ids)
        state = games.load(game_id).state
        held = [info.account for info in state.seats]
        assert len(set(held)) == len(held) == players  # nobody twice
        assert sorted(held) == sorted(found[s].account for s in seek_ids)
        assert state.status == "active"
    waiting = {seek.account for seek in found.values() if seek.status == "waiting"}
    assert len(waiting) < players  # else a table was left unmade
    return tables


def test_fifty_seeks_at_once_pair_with_nobody_seated_twice_and_none_lost(
    games: GameService, scheduler: RQScheduler, workers: Workers, redis_url: str
) -> None:
    players = 3
    accounts = sign_up(games, 12)
    options = fresh_options()
    workers.start(2)
    ids: list[str] = []
    start = threading.Barrier(10)
    failures: list[BaseException] = []

    def seek_five(thread: int) -> None:
        # A process of its own, as an API process would be: its own service and connections.
        own = build_service(redis_url, scheduler)
        start.wait()
        try:
            for n in range(5):
                account = accounts[(thread * 5 + n) % len(accounts)]
                ids.append(Seeks(own).create(account, GAME, players, options).id)
        except BaseException as error:
            failures.append(error)

    threads = [threading.Thread(target=seek_five, args=(n,)) for n in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not failures, failures
    assert len(ids) == 50
    pool = ids[0][:16]

    def settled() -> bool:
        found = seeks_of(games, ids)
        waiting = {s.account for s in found.values() if s and s.status == "waiting"}
        return len(waiting) < players and not games.store.redis.hlen(claims_key(pool))

    wait_until(settled, 60, "the workers to pair every seek they can")
    tables = check_pairings(games, ids, players)
    assert len(tables) >= 15  # 50 seeks of 12 accounts: at most a few are left over
    # Each account's frames name each of its tables once.
    for account in accounts:
        paired = of_type(games, account.id, "seek_paired")
        assert len(paired) == len({frame["seek"] for frame in paired})


def test_seeks_pour_in_while_the_pairing_worker_is_killed_and_none_is_lost(
    games: GameService, scheduler: RQScheduler, workers: Workers
) -> None:
    """A worker SIGKILLed in the middle of a stream of seeks (whatever pass it was in): a new
    worker's passes and sweeps pair what is left; no seek is lost and nobody seated twice."""
    players = 2
    accounts = sign_up(games, 8)
    options = fresh_options()
    (first,) = workers.start(1)
    seeks = Seeks(games)
    ids = [seeks.create(accounts[n % 8], GAME, players, options).id for n in range(25)]
    wait_until(
        lambda: any(s.status == "paired" for s in seeks_of(games, ids).values()),
        30,
        "the first worker to be pairing",
    )
    workers.kill(first)
    ids += [seeks.create(accounts[n % 8], GAME, players, options).id for n in range(25, 50)]
    workers.start(1)
    pool = ids[0][:16]

    def settled() -> bool:
        found = seeks_of(games, ids)
        waiting = {s.account for s in found.values() if s.status == "waiting"}
        return len(waiting) < players and not games.store.redis.hlen(claims_key(pool))

    wait_until(settled, 90, "the new worker to pair every seek it can")
    tables = check_pairings(games, ids, players)
    assert len(tables) >= 20  # 50 seeks of 8 accounts, 2 a table: at most a few left over


def test_a_pass_killed_between_its_claim_and_the_table_is_finished_by_the_next(
    games: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    ada, bob, cy = sign_up(games, 3)
    options = fresh_options()
    seeks = Seeks(games)
    first = seeks.create(ada, GAME, 2, options)
    second = seeks.create(bob, GAME, 2, options)
    pool = first.id[:16]
    create_seated = games.create_seated

    def killed(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the worker died here")

    monkeypatch.setattr(games, "create_seated", killed)
    with pytest.raises(RuntimeError):
        seeks.pair(pool)
    game_id = game_id_of([first.id, second.id])
    # Claimed: paired with the table's id, out of the queue, the claim kept; no table yet.
    after = seeks_of(games, [first.id, second.id])
    assert {seek.status for seek in after.values()} == {"paired"}
    assert {seek.game for seek in after.values()} == {game_id}
    assert games.store.redis.zcard(queue_key(pool)) == 0
    assert games.store.redis.hexists(claims_key(pool), game_id)
    assert not games.store.exists(game_id)
    third = seeks.create(cy, GAME, 2, options)  # came meanwhile: not one of the claimed

    monkeypatch.setattr(games, "create_seated", create_seated)
    assert seeks.pair(pool) == [game_id]
    state = games.load(game_id).state
    assert [info.account for info in state.seats] == [ada.id, bob.id]
    assert state.status == "active"
    assert not games.store.redis.hexists(claims_key(pool), game_id)
    assert seeks_of(games, [third.id])[third.id].status == "waiting"
    for account, seek in ((ada, first), (bob, second)):
        assert of_type(games, account.id, "seek_paired") == [
            {"type": "seek_paired", "seek": seek.id, "game": game_id}
        ]
    assert seeks.pair(pool) == []  # and again: nothing more
    assert [e.type for e in games.store.read(game_id)].count("GameCreated") == 1


def test_a_pass_that_died_right_after_the_table_finishes_the_pairing_without_a_second(
    games: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killed once the table's one append was made (every account seated, the game started)
    but before the pairing was recorded: the next pass records it, with no second table."""
    ada, bob, cy = sign_up(games, 3)
    options = fresh_options()
    seeks = Seeks(games)
    made = [seeks.create(account, GAME, 3, options) for account in (ada, bob, cy)]
    create = games.create

    def dies_after_the_create(*args: Any, **kwargs: Any) -> Any:
        create(*args, **kwargs)
        raise RuntimeError("the worker died here")

    monkeypatch.setattr(games, "create", dies_after_the_create)
    with pytest.raises(RuntimeError):
        seeks.pair(made[0].id[:16])
    game_id = game_id_of([seek.id for seek in made])
    state = games.load(game_id).state
    assert state.status == "active"  # seated and started by the create alone: never open
    assert [info.account for info in state.seats] == [ada.id, bob.id, cy.id]
    monkeypatch.setattr(games, "create", create)
    assert seeks.pair(made[0].id[:16]) == [game_id]
    types = [e.type for e in games.store.read(game_id)]
    assert types.count("GameCreated") == 1 and types.count("PlayerJoined") == 3
    assert {seek.status for seek in seeks_of(games, [s.id for s in made]).values()} == {"paired"}


def test_the_job_run_twice_changes_nothing_the_second_time(games: GameService) -> None:
    ada, bob = sign_up(games, 2)
    options = fresh_options()
    seeks = Seeks(games)
    made = [seeks.create(account, GAME, 2, options) for account in (ada, bob)]
    pool = made[0].id[:16]
    jobs.use_service(games)
    try:
        assert jobs.pair_seeks(pool) == 1
        before = {
            seek_id: (seek.status, seek.game)
            for seek_id, seek in seeks_of(games, [s.id for s in made]).items()
        }
        streams = [of_type(games, a.id, "seek_paired") for a in (ada, bob)]
        assert jobs.pair_seeks(pool) == 0
        assert jobs.pair_seeks("not-a-pool") == 0
    finally:
        jobs.CONTEXT.service = None
    after = {
        seek_id: (seek.status, seek.game)
        for seek_id, seek in seeks_of(games, [s.id for s in made]).items()
    }
    assert after == before
    assert [of_type(games, a.id, "seek_paired") for a in (ada, bob)] == streams
    game_id = before[made[0].id][1]
    assert [e.type for e in games.store.read(game_id)].count("GameCreated") == 1


def test_a_burst_worker_runs_queued_passes_twice_and_pairs_once(
    games: GameService, scheduler: RQScheduler, workers: Workers
) -> None:
    ada, bob = sign_up(games, 2)
    options = fresh_options()
    made = [Seeks(games).create(account, GAME, 2, options) for account in (ada, bob)]
    pool = made[0].id[:16]
    job = policies.pair(pool)
    # The seeks queued the pass once (a second arrival found it waiting in the queue).
    queue = scheduler._queue[policies.PAIR]
    assert scheduler.connection.lrange(queue.key, 0, -1).count(job.job_id.encode()) == 1
    (name,) = workers.start(1, burst=True)
    workers.procs[name].wait(60)
    assert f"Job OK ({job.job_id})" in workers.log(name)
    game_id = game_id_of([seek.id for seek in made])
    assert [info.account for info in games.load(game_id).state.seats] == [ada.id, bob.id]
    scheduler.schedule([job])
    scheduler.connection.rpush(queue.key, job.job_id)  # and once more: a doubled job
    (name,) = workers.start(1, burst=True)
    workers.procs[name].wait(60)
    assert workers.log(name).count(f"Job OK ({job.job_id})") == 2
    assert [e.type for e in games.store.read(game_id)].count("GameCreated") == 1
    for account in (ada, bob):
        assert len(of_type(games, account.id, "seek_paired")) == 1


def test_the_sweeper_queues_a_pass_for_every_pool_with_seeks(games: GameService) -> None:
    recorded = RecordingScheduler()
    games.scheduler = recorded
    (ada,) = sign_up(games, 1)
    seek = Seeks(games).create(ada, GAME, 2, fresh_options())
    pool = seek.id[:16]
    recorded.jobs.clear()  # the seek's own request for a pass: lost, say
    assert sweep_seeks(games) >= 1
    assert policies.pair(pool) in recorded.jobs
    assert games.store.redis.sismember(POOLS_KEY, pool)
    Seeks(games).cancel(seek.id, ada.id)
    recorded.jobs.clear()
    sweep_seeks(games)
    assert policies.pair(pool) not in recorded.jobs  # an empty pool needs no pass
    assert not games.store.redis.sismember(POOLS_KEY, pool)
