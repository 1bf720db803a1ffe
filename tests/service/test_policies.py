"""The follow-up jobs an append asks for: each needed job once, from the append that made it
needed, and none for a table of humans without a clock."""

from __future__ import annotations

from domain import match
from service.policies import BOT, TIMEOUT, after_append, needed
from tests.service.test_snapshots import bot_game


def test_an_append_asks_for_the_jobs_it_made_needed_and_no_others():
    states = bot_game("sly", 3, seed=4)
    asked: set[str] = set()
    before = match.INITIAL
    for after in states:
        jobs = after_append("g", before, after)
        ids = [job.job_id for job in jobs]
        assert len(ids) == len(set(ids))
        assert not asked & set(ids)  # never asked twice, by two appends
        asked |= set(ids)
        # Every job the state needs was asked for by this append or an earlier one.
        assert {job.job_id for job in needed("g", after)} <= asked
        assert all(job.kind == BOT for job in jobs)
        before = after
    assert asked  # the bots were asked to move


def test_a_table_of_humans_without_a_clock_asks_for_nothing_and_one_with_a_clock_does():
    body = {
        "type": "create",
        "game": "fette-beute",
        "seats": [{"kind": "human"}] * 3,
        "options": {},
        "seed": "00" * 32,
    }
    timed = {**body, "options": {"turn_timeout_s": 30}}
    for create, kinds in ((body, set()), (timed, {TIMEOUT})):
        state = match.INITIAL
        for event in match.decide(state, match.Command(None, create)):
            state = match.evolve(state, event)
        for seat in range(3):
            join = {"type": "join", "name": f"p{seat}", "client_seed": "", "token_hash": "t"}
            before = state
            for event in match.decide(state, match.Command(None, join)):
                state = match.evolve(state, event)
        assert state.status == match.ACTIVE
        assert {job.kind for job in after_append("g", before, state)} == kinds
        assert {job.kind for job in after_append("g", state, state)} == set()
