"""Archiving by real workers: the sweeper queues ended games once their grace period is over,
a worker archives them, and the same job run again finds the work done."""

from __future__ import annotations

import subprocess

import pytest

from domain.match import FINISHED
from events.archive import LOG_PREFIX
from events.store import keys
from events.transparency import parse_leaf
from service.games import GameService
from service.policies import archive
from tests.workers.conftest import Workers, play_out, wait_until
from workers.scheduler import RQScheduler


def bots(count: int) -> list[dict]:
    return [{"kind": "bot", "strategy": "random"}] * count


def test_a_worker_archives_an_ended_game_and_a_second_run_finds_it_done(
    games: GameService, scheduler: RQScheduler, workers: Workers
) -> None:
    # This test's log alone, in Redis and in the archive's copy of its leaves (the archive
    # directory is this test process's, shared with the tests before this one).
    for key in list(games.store.redis.scan_iter(match="fd:{log}:*")):
        games.store.redis.delete(key)
    assert games.archive is not None
    for key in games.archive.keys(LOG_PREFIX):
        games.archive.delete(key)
    game_id = games.create("sly", [{"kind": "human"}, *bots(2)], {}).game_id
    games.join(game_id, "ada")
    play_out(games, game_id)
    events = games.store.read(game_id)
    assert games.load(game_id).state.status == FINISHED

    workers.env["FOXDEN_ARCHIVE_AFTER_S"] = "0"  # due as soon as it ended
    (name,) = workers.start(1)
    try:
        wait_until(lambda: games.store.pointer(game_id) is not None, 60, "the game's archiving")
    except pytest.fail.Exception:
        pytest.fail(f"the game was not archived; the worker's log:\n{workers.log(name)}")
    wait_until(
        lambda: not games.store.redis.exists(keys(game_id)[0]), 60, "its stream to be deleted"
    )
    assert games.store.read(game_id) == events
    assert game_id not in games.index.due_for_archive(float("inf"), 100_000)

    assert workers.stop_all() == []  # the job below is the burst worker's alone
    scheduler.schedule([archive(game_id)])  # a retried or doubled job
    (name,) = workers.start(1, burst=True)
    try:
        workers.procs[name].wait(60)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the burst worker was still running after 60 s:\n{workers.log(name)}")
    assert f"Job OK (fd-archive-{game_id})" in workers.log(name)
    # The sweeper archived this process's other ended games too (a grace of 0): only the
    # leaves naming this game count, and there is one.
    leaves = games.log.leaves(0, games.log.size())
    assert [parse_leaf(leaf).game_id for leaf in leaves].count(game_id) == 1
    assert games.store.read(game_id) == events
