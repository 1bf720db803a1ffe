"""Running a test's workers side by side."""

from __future__ import annotations

import threading
from collections.abc import Callable


def run_threads(count: int, target: Callable[[int], object], timeout: float | None = None) -> None:
    """Run ``target(0)`` … ``target(count - 1)``, each on a thread of its own; wait for all."""
    threads = [threading.Thread(target=target, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout)
