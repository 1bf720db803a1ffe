"""The API under gunicorn's gevent worker: a thousand event streams per process, on greenlets.

An event stream (SSE, NDJSON follow) spends its life waiting. Under the ``gthread`` worker each
one held a thread, so a process with 32 threads froze every other request once 32 streams were
open. Under ``gevent`` a stream is a greenlet parked on a queue (service/api/live.py reads each
game once per process and fans its events out), and a process holds ``FOXDEN_STREAMS_PER_PROCESS``
of them next to ordinary requests (stack notes 2 §2; figures in docs/performance.md).

Why gevent for the whole API rather than a streaming process of its own: one process type to
deploy and one port, and the rest of the code runs unchanged because gevent patches ``threading``,
``socket`` and ``queue`` before the app is imported: the service's locks, the rate limiter's
leases, prometheus-client's locks and redis-py's sockets all become cooperative. That is why the
app must never be loaded before the worker patches (no ``--preload``, nothing imported from a
gunicorn config file). ``gthread`` is still there (``--worker-class gthread``) for a process that
serves no streams.
"""

from __future__ import annotations

import os
import tempfile
from typing import Any

from gunicorn.app.base import BaseApplication

from service.capacity import streams_per_process

WORKER_CLASSES = ("gevent", "gthread")
# Connections a gevent process serves at once besides its streams (ordinary requests, idle
# keep-alive connections). gunicorn's worker_connections counts streams too, so it is set to
# the stream cap plus this: past the cap a new stream is still accepted and answered 503,
# instead of waiting unseen in the accept queue (stack notes 2 §2).
REQUEST_CONNECTIONS = 1000


def wsgi_app() -> Any:
    """The app for any WSGI server: ``gunicorn 'service.server:wsgi_app()'``."""
    from service.api import create_app
    from service.bootstrap import build_service

    return create_app(build_service())


class _Gunicorn(BaseApplication):
    def __init__(self, options: dict[str, Any]) -> None:
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Any:
        # Runs in each worker after gevent has patched it (preload_app is off).
        return wsgi_app()


def options(
    host: str, port: int, *, workers: int = 2, worker_class: str = "gevent", threads: int = 32
) -> dict[str, Any]:
    """gunicorn's settings for ``foxden api``."""
    if worker_class not in WORKER_CLASSES:
        raise ValueError(f"worker class must be one of {WORKER_CLASSES}, not {worker_class!r}")
    chosen: dict[str, Any] = {
        "bind": f"{host}:{port}",
        "workers": workers,
        "worker_class": worker_class,
        "preload_app": False,  # see the module's docstring: the app loads after the patch
        "timeout": 30,
        "graceful_timeout": 5,
        "keepalive": 5,
        "accesslog": os.environ.get("FOXDEN_ACCESS_LOG"),
        # gunicorn 27's control socket is one file per user, shared by every gunicorn on
        # the machine; Foxden does not use it.
        "control_socket_disable": True,
    }
    if worker_class == "gevent":
        chosen["worker_connections"] = streams_per_process() + REQUEST_CONNECTIONS
    else:
        chosen["threads"] = threads
    return chosen


def serve(
    host: str, port: int, *, workers: int = 2, worker_class: str = "gevent", threads: int = 32
) -> None:
    if workers > 1 and "PROMETHEUS_MULTIPROC_DIR" not in os.environ:
        # Several processes: metrics are summed over files in this folder.
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="foxden-metrics-")
    chosen = options(host, port, workers=workers, worker_class=worker_class, threads=threads)
    _Gunicorn(chosen).run()
