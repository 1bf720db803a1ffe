"""Container health checks (the image has no curl): ``python healthcheck.py api|worker``.

* ``api``: ``GET /readyz`` on this container answers 200 (gunicorn is serving and Redis is
  reachable). The port is ``PORT`` (default 8000).
* ``worker``: an RQ worker registered from this host (the container's hostname) keeps its
  Foxden liveness key fresh. The housekeeper thread of ``foxden worker`` renews that key twice
  a second with a 3 s lifetime, so the check fails within seconds of a hung or dead worker.

Exit status 0 means healthy, 1 unhealthy (the reason goes to stderr).
"""

from __future__ import annotations

import socket
import sys
import urllib.request

from foxden.settings import Settings, SettingsError


def api_ready(port: int, host: str = "127.0.0.1", timeout: float = 3.0) -> str | None:
    """``None`` when ``/readyz`` answers 200, else why not."""
    try:
        with urllib.request.urlopen(f"http://{host}:{port}/readyz", timeout=timeout) as answer:
            return None if answer.status == 200 else f"/readyz answered {answer.status}"
    except OSError as error:  # URLError and HTTPError are OSErrors
        return f"/readyz: {error}"


def worker_alive(hostname: str | None = None, settings: Settings | None = None) -> str | None:
    """``None`` when a worker of this host beats, else why not (on the settings of the
    environment unless given)."""
    from rq import Worker

    from foxden.bootstrap import queue_url, redis_client
    from workers.scheduler import Names

    settings = settings or Settings.from_env()
    hostname = hostname or socket.gethostname()
    # The workers register where the jobs are.
    client = redis_client(settings, queue_url(settings=settings))
    try:
        names = Names(settings.queue_prefix)
        mine = [w for w in Worker.all(connection=client) if w.hostname == hostname]
        if not mine:
            return f"no RQ worker registered from host {hostname}"
        if any(client.exists(names.alive(worker.name)) for worker in mine):
            return None
        return f"the worker(s) of {hostname} stopped beating: {[w.name for w in mine]}"
    finally:
        client.close()


def main(argv: list[str]) -> int:
    try:
        settings = Settings.from_env()
    except SettingsError as error:
        print(error, file=sys.stderr)
        return 1
    if argv[1:] == ["api"]:
        problem = api_ready(settings.port)
    elif argv[1:] == ["worker"]:
        try:
            problem = worker_alive(settings=settings)
        except Exception as error:  # Redis down, say: unhealthy, with the reason
            problem = f"{type(error).__name__}: {error}"
    else:
        print("usage: healthcheck.py api|worker", file=sys.stderr)
        return 2
    if problem:
        print(problem, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
