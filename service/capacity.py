"""How many event streams one API process holds: read by the app (its cap, a 503 beyond it)
and by ``foxden api`` (gunicorn's ``worker_connections``). Imports nothing else on purpose:
gunicorn's master reads it, and whatever the master imports, each worker inherits unpatched by
gevent (prometheus-client's locks would stay real thread locks; stack notes 2 §2)."""

from __future__ import annotations

import os

DEFAULT_STREAMS = 1000
# Far above a player (one stream a table) or a household behind one NAT, far below a process's
# slots: one address opening a thousand streams took them all.
DEFAULT_STREAMS_PER_CLIENT = 50


# Each setting is read by its literal name: tests/docs finds the settings to document so.


def streams_per_process() -> int:
    """``FOXDEN_STREAMS_PER_PROCESS`` (default 1000)."""
    raw = os.environ.get("FOXDEN_STREAMS_PER_PROCESS", str(DEFAULT_STREAMS))
    return _positive("FOXDEN_STREAMS_PER_PROCESS", raw)


def streams_per_client() -> int:
    """``FOXDEN_STREAMS_PER_CLIENT`` (default 50): open streams of one address, and of one
    seat, in one process."""
    raw = os.environ.get("FOXDEN_STREAMS_PER_CLIENT", str(DEFAULT_STREAMS_PER_CLIENT))
    return _positive("FOXDEN_STREAMS_PER_CLIENT", raw)


def _positive(name: str, raw: str) -> int:
    if not raw.isdigit() or int(raw) < 1:
        raise ValueError(f"{name} must be a positive integer, not {raw!r}")
    return int(raw)


def client_cap(per_client: int, per_process: int) -> int:
    """The streams one client may hold: at most half the process's, so that no single client
    ever takes its last slots (a cap of one stream a process is the exception: that one)."""
    return max(1, min(per_client, per_process // 2))
