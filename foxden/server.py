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

Under either worker, gunicorn's own error answers (a request it refuses before the app sees it)
are problems like the app's (``foxden.gunicorn_errors``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import socket
import tempfile
from collections.abc import Callable
from typing import Any

from gunicorn.app.base import BaseApplication
from werkzeug.exceptions import RequestTimeout

from foxden import gunicorn_errors
from foxden.settings import Settings

_LENGTH = "CONTENT_LENGTH"  # of the WSGI environment (not a setting of ours)


class _TimedBody:
    """A request body whose every read must make progress within ``seconds`` (as nginx's
    ``client_body_timeout``), else the request ends with a 408.

    Only ``read`` and ``readline`` (what WSGI promises): given a ``readinto``, werkzeug would
    turn the timeout into a client disconnect (a 400).
    """

    def __init__(self, body: Any, connection: socket.socket, seconds: float) -> None:
        self._body, self._connection, self._seconds = body, connection, seconds

    def read(self, size: int | None = -1) -> bytes:
        return self._timed(self._body.read, -1 if size is None else size)

    def readline(self, size: int | None = -1) -> bytes:
        return self._timed(self._body.readline, -1 if size is None else size)

    def _timed(self, read: Callable[[int], bytes], size: int) -> bytes:
        self._connection.settimeout(self._seconds)
        try:
            return read(size)
        except TimeoutError:
            # The rest of the body will not be read: end the connection after the answer
            # rather than let gunicorn wait for the rest before the next request.
            with contextlib.suppress(OSError):
                self._connection.shutdown(socket.SHUT_RD)
            raise RequestTimeout("the request body did not arrive in time") from None
        finally:
            with contextlib.suppress(OSError):
                self._connection.settimeout(None)


class BodyTimeout:
    """WSGI middleware: a client that announces a body and does not send it (a Content-Length
    larger than what comes) gets a 408 after ``seconds`` instead of holding a server thread
    until it gives up. It needs the connection's socket, which gunicorn passes in the
    environment; under any other server it does nothing."""

    def __init__(self, app: Any, seconds: float) -> None:
        self.app, self.seconds = app, seconds

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        connection = environ.get("gunicorn.socket")
        announced = environ.get(_LENGTH) or "0"
        if isinstance(connection, socket.socket) and announced != "0":
            environ["wsgi.input"] = _TimedBody(environ["wsgi.input"], connection, self.seconds)
        return self.app(environ, start_response)


def wsgi_app(settings: Settings | None = None) -> Any:
    """The app for any WSGI server: ``gunicorn 'foxden.server:wsgi_app()'`` (which reads the
    settings of its environment); ``foxden api`` passes the settings it read."""
    from foxden.bootstrap import app_config, build_service
    from service.api import create_app

    settings = settings or Settings.from_env()
    app = create_app(build_service(settings=settings), app_config(settings))
    # Flask's documented way to wrap its app in a middleware; typed as a method.
    app.wsgi_app = BodyTimeout(app.wsgi_app, settings.body_timeout_s)  # type: ignore[method-assign]
    gunicorn_errors.install()  # for gunicorn, whichever way it was started; others never call it
    return app


class _Gunicorn(BaseApplication):
    def __init__(self, options: dict[str, Any], settings: Settings) -> None:
        self.options, self.settings = options, settings
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Any:
        # Runs in each worker after gevent has patched it (preload_app is off).
        return wsgi_app(self.settings)


WORKER_CLASSES = ("gevent", "gthread")
# Connections a gevent process serves at once besides its streams (ordinary requests, idle
# keep-alive connections). gunicorn's worker_connections counts streams too, so it is set to
# the stream cap plus this: past the cap a new stream is still accepted and answered 503,
# instead of waiting unseen in the accept queue (stack notes 2 §2).
REQUEST_CONNECTIONS = 1000
# What gunicorn reads of a request's head before it answers with an error page of its own.
# The request line goes to gunicorn's maximum, so that the app, which refuses a target past
# 4 KiB (service.api.framework), answers the over-long ones itself as problem+json. The
# headers stay at gunicorn's defaults: it buffers up to fields x field size (800 KiB) of them
# per connection, and a gevent process holds a thousand connections; the app refuses past 64
# headers or 4 KiB in one, so again it answers first.
REQUEST_HEAD_LIMITS = {
    "limit_request_line": 8190,
    "limit_request_fields": 100,
    "limit_request_field_size": 8190,
}


def options(
    host: str,
    port: int,
    *,
    settings: Settings | None = None,
    workers: int = 2,
    worker_class: str = "gevent",
    threads: int = 32,
) -> dict[str, Any]:
    """gunicorn's settings for ``foxden api`` (on the environment's settings unless given)."""
    settings = settings or Settings.from_env()
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
        "accesslog": settings.access_log,
        # gunicorn 27's control socket is one file per user, shared by every gunicorn on
        # the machine; Foxden does not use it.
        "control_socket_disable": True,
        **REQUEST_HEAD_LIMITS,
    }
    if worker_class == "gevent":
        chosen["worker_connections"] = settings.streams_per_process + REQUEST_CONNECTIONS
    else:
        chosen["threads"] = threads
    return chosen


def serve(
    host: str,
    port: int,
    *,
    settings: Settings | None = None,
    workers: int = 2,
    worker_class: str = "gevent",
    threads: int = 32,
) -> None:
    """``foxden api``: gunicorn in this process, its workers serving :func:`wsgi_app`."""
    settings = settings or Settings.from_env()
    if workers > 1 and not settings.metrics_dir:
        # Several processes: metrics are summed over files in this folder. prometheus-client
        # reads the variable itself when each worker imports it, hence the environment too.
        folder = tempfile.mkdtemp(prefix="foxden-metrics-")
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = folder
        settings = dataclasses.replace(settings, metrics_dir=folder)
    chosen = options(
        host, port, settings=settings, workers=workers, worker_class=worker_class, threads=threads
    )
    _Gunicorn(chosen, settings).run()
