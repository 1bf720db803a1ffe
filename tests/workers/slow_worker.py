"""``python -m tests.workers.slow_worker worker``: the real ``foxden worker``, with one more game.

The game is the test game "Draw" with a ``slow`` strategy that thinks for ``SLOW_S`` before a
seat's first move, so that a test can kill a worker in the middle of a job without mocking
anything in the job's path. The test process imports this module too (``SLOW``), so that both
sides know the game.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from domain import registry
from service.cli import main
from tests.toygame import TOY, random_choice

SLOW_S = 1.5


def slow(view: Mapping[str, Any], legal: list[dict], rng: random.Random) -> dict:
    if not view["hand"]:  # this seat's first move
        time.sleep(SLOW_S)
    return legal[0]


SLOW = registry.register(
    replace(TOY, id="toy-draw-slow", strategies={"slow": slow, "random": random_choice})
)

if __name__ == "__main__":
    sys.exit(main())
