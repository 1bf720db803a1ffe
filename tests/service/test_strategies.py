"""The guard around every bot move: a strategy that raises or cheats is replaced for that move."""

from __future__ import annotations

import logging
import random

import pytest

from service import strategies

LEGAL = [{"type": "a"}, {"type": "b"}, {"type": "c"}]


def test_a_legal_answer_is_played_as_given() -> None:
    assert strategies.choose(
        "last", lambda v, legal, r: legal[-1], {}, LEGAL, random.Random(1)
    ) == {"type": "c"}


def test_a_strategy_that_raises_is_replaced_by_a_random_legal_move(
    caplog: pytest.LogCaptureFixture,
) -> None:
    def broken(view, legal, rng):
        raise ZeroDivisionError("oops")

    with caplog.at_level(logging.WARNING, "service.strategies"):
        body = strategies.choose("broken", broken, {}, LEGAL, random.Random(1))
    assert body in LEGAL
    assert "strategy broken raised" in caplog.text


@pytest.mark.parametrize("answer", [{"type": "z"}, None, "a", {"type": "a", "extra": 1}])
def test_an_illegal_answer_is_replaced_by_a_random_legal_move(
    answer: object, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, "service.strategies"):
        body = strategies.choose("cheat", lambda v, legal, r: answer, {}, LEGAL, random.Random(2))
    assert body in LEGAL
    assert "strategy cheat returned an illegal move" in caplog.text


def test_a_move_budget_reaches_strategies_that_accept_a_stop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    now = [100.0]
    seen = []

    class Searching:
        accepts_stop = True

        def __call__(self, view, legal, rng, *, stop=None):
            if stop is None:
                seen.append("no budget")
                return legal[1]
            seen.append(stop())
            now[0] += 0.25  # the clock passes the 200 ms budget
            seen.append(stop())
            return legal[0]

    monkeypatch.setattr(strategies.MOVE_BUDGET, "ms", 200.0)  # FOXDEN_BOT_MOVE_MS=200
    body = strategies.choose("s", Searching(), {}, LEGAL, random.Random(1), clock=lambda: now[0])
    assert body == LEGAL[0]
    assert seen == [False, True]
    monkeypatch.setattr(strategies.MOVE_BUDGET, "ms", None)
    assert strategies.choose("s", Searching(), {}, LEGAL, random.Random(1)) == LEGAL[1]
    assert seen[-1] == "no budget"  # the iteration budget alone: a retried job repeats its move
