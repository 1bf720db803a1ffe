"""How many event streams one API process holds: read by the app (its cap, a 503 beyond it)
and by ``foxden api`` (gunicorn's ``worker_connections``). Imports nothing else on purpose:
gunicorn's master reads it, and whatever the master imports, each worker inherits unpatched by
gevent (prometheus-client's locks would stay real thread locks; stack notes 2 §2)."""

from __future__ import annotations

import os

DEFAULT_STREAMS = 1000


def streams_per_process() -> int:
    """``FOXDEN_STREAMS_PER_PROCESS`` (default 1000)."""
    raw = os.environ.get("FOXDEN_STREAMS_PER_PROCESS", str(DEFAULT_STREAMS))
    if not raw.isdigit() or int(raw) < 1:
        raise ValueError(f"FOXDEN_STREAMS_PER_PROCESS must be a positive integer, not {raw!r}")
    return int(raw)
