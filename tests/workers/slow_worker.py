"""``python -m tests.workers.slow_worker worker``: the real ``foxden worker``, with two more games.

The games are the test game "Draw" with strategies that think long before a seat's first move,
so that a test can hold a worker in the middle of a job, or kill it there, without mocking
anything in the job's path:

* ``slow`` thinks for ``SLOW_S``;
* ``held`` thinks until the test opens its gate (``open_gate``), or ``HOLD_MAX_S`` at most, like
  a search as long as the test needs (a test that holds it raises its RQ job timeout above that).

In ``SLOW`` a human seat's timeout plays ``greedy`` (the first legal move) at once; in ``HELD``
it is ``held`` too, so that a timer job can be caught mid-job. The test process imports this
module too, so that both sides know the games.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import redis

from domain import registry
from foxden.cli import main
from tests.toygame import TOY, first_legal, random_choice

SLOW_S = 1.5
# Long enough that a timer worker on a loaded machine plays its job first: the held job's RQ
# timeout is raised above it by the test that holds it (tests/workers/test_timers.py).
HOLD_MAX_S = 120
GATE_POLL_S = 0.02


def gate_key(prefix: str) -> str:
    """The key whose presence lets ``held`` go on (per queue prefix: one per test)."""
    return f"{prefix}:test-gate"


def open_gate(client: redis.Redis, prefix: str) -> None:
    client.set(gate_key(prefix), 1, ex=300)


def slow(view: Mapping[str, Any], legal: list[dict], rng: random.Random) -> dict:
    if not view["hand"]:  # this seat's first move
        time.sleep(SLOW_S)
    return legal[0]


def held(view: Mapping[str, Any], legal: list[dict], rng: random.Random) -> dict:
    if not view["hand"]:  # this seat's first move
        from events.redis_client import connect
        from foxden.bootstrap import queue_url

        client = connect(queue_url())
        key = gate_key(os.environ["FOXDEN_QUEUE_PREFIX"])
        deadline = time.monotonic() + HOLD_MAX_S
        while not client.exists(key) and time.monotonic() < deadline:
            time.sleep(GATE_POLL_S)
        client.close()
    return legal[0]


SLOW = registry.register(
    replace(
        TOY,
        id="toy-draw-slow",
        strategies={"slow": slow, "held": held, "random": random_choice, "greedy": first_legal},
    )
)
HELD = registry.register(
    replace(TOY, id="toy-draw-held", strategies={"held": held, "greedy": held})
)

if __name__ == "__main__":
    sys.exit(main())
