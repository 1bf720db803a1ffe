"""Ratings by real workers (issue 43): the game that finishes between accounts is rated by a
worker's job, and the same job run again (retried, doubled) rates nothing twice."""

from __future__ import annotations

import subprocess
import uuid

import pytest

from service import ratings
from service.games import GameService
from service.policies import rate
from tests.workers.conftest import Workers, ended, wait_until
from workers.scheduler import RQScheduler


def test_a_worker_rates_a_finished_game_once_whatever_the_reruns(
    games: GameService, scheduler: RQScheduler, workers: Workers
) -> None:
    players = []
    for _ in range(2):
        handle = f"w{uuid.uuid4().hex[:10]}"
        account, _, _ = games.accounts.sign_up(
            handle, "person", mode="open", operator=False, invite=None
        )
        players.append(account)
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "strategy": "random"}]
    game_id = games.create("sly", seats, {"bot_delay_ms": 0}).game_id
    for seat, account in enumerate(players):
        games.join_account(game_id, account.id, account.handle, seat)
    for seat in range(2):  # the accounts hand their seats to bots: the workers play it out
        games.handle(game_id, seat, {"type": "leave"})

    (name,) = workers.start(1)
    try:
        wait_until(lambda: ended(games, game_id), 60, "the game to end")
        wait_until(lambda: games.ratings.is_rated(game_id), 60, "the game's rating")
    except pytest.fail.Exception:
        pytest.fail(f"the game was not rated; the worker's log:\n{workers.log(name)}")
    rated = {account.id: games.ratings.of(account.id) for account in players}
    assert all(found["sly:3"].games == 1 for found in rated.values())
    assert game_id not in games.index.unrated(float("inf"), 100_000)

    assert workers.stop_all() == []  # the jobs below are the burst worker's alone
    scheduler.schedule([rate(game_id), rate(game_id)])  # a retried, then a doubled job
    (name,) = workers.start(1, burst=True)
    try:
        workers.procs[name].wait(60)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the burst worker was still running after 60 s:\n{workers.log(name)}")
    assert f"Job OK (fd-rate-{game_id})" in workers.log(name)
    assert {account.id: games.ratings.of(account.id) for account in players} == rated
    assert ratings.rate_game(games, game_id) is False
