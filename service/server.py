"""The API under gunicorn, with thread workers so that long-lived SSE streams do not block.

gunicorn's ``sync`` worker would kill a stream after ``--timeout``; ``gthread`` holds each
stream on a thread (capacity = processes × threads), see the stack notes.
"""

from __future__ import annotations

import os
import tempfile
from typing import Any

from gunicorn.app.base import BaseApplication


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
        return wsgi_app()


def serve(host: str, port: int, *, workers: int = 2, threads: int = 32) -> None:
    if workers > 1 and "PROMETHEUS_MULTIPROC_DIR" not in os.environ:
        # Several processes: metrics are summed over files in this folder.
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="foxden-metrics-")
    _Gunicorn(
        {
            "bind": f"{host}:{port}",
            "workers": workers,
            "worker_class": "gthread",
            "threads": threads,
            "timeout": 30,
            "graceful_timeout": 5,
            "keepalive": 5,
            "accesslog": os.environ.get("FOXDEN_ACCESS_LOG"),
            # gunicorn 27's control socket is one file per user, shared by every gunicorn on
            # the machine; Foxden does not use it.
            "control_socket_disable": True,
        }
    ).run()
