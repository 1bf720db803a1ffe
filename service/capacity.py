"""How many event streams one API process holds: the app's cap (a 503 beyond it) and, in
``foxden api``, gunicorn's ``worker_connections``. The values come from the settings
(``FOXDEN_STREAMS_PER_PROCESS``, ``FOXDEN_STREAMS_PER_CLIENT``); these are their defaults."""

from __future__ import annotations

DEFAULT_STREAMS = 1000
# Far above a player (one stream a table) or a household behind one NAT, far below a process's
# slots: one address opening a thousand streams took them all.
DEFAULT_STREAMS_PER_CLIENT = 50


def client_cap(per_client: int, per_process: int) -> int:
    """The streams one client may hold: at most half the process's, so that no single client
    ever takes its last slots (a cap of one stream a process is the exception: that one)."""
    return max(1, min(per_client, per_process // 2))
