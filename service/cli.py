"""The ``foxden`` command line: serve the API, run workers, or both at once (``up``)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

Command = Callable[[argparse.Namespace], int]


def _api(args: argparse.Namespace) -> int:
    from service.server import serve

    serve(args.host, args.port, workers=args.workers, threads=args.threads)
    return 0


def _worker(args: argparse.Namespace) -> int:
    from workers.runner import run_worker

    return run_worker(burst=args.burst, name=args.name)


def _up(args: argparse.Namespace) -> int:
    from service.supervisor import up

    return up(args.host, args.port, workers=args.workers, data_dir=args.data_dir)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="foxden",
        description="Foxden: play, replay and audit card games over HTTP.",
        epilog="REDIS_URL selects the Redis server (default redis://127.0.0.1:6379/0).",
    )
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    api = commands.add_parser("api", help="serve the REST API under gunicorn")
    api.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    api.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    api.add_argument("--workers", type=int, default=int(os.environ.get("WEB_CONCURRENCY", "2")))
    api.add_argument(
        "--threads", type=int, default=32, help="threads per process (an SSE stream holds one)"
    )
    api.set_defaults(run=_api)

    worker = commands.add_parser("worker", help="run an RQ worker (with the scheduler)")
    worker.add_argument("--burst", action="store_true", help="stop when the queues are empty")
    worker.add_argument("--name", default=None, help="a unique worker name")
    worker.set_defaults(run=_worker)

    up = commands.add_parser(
        "up", help="the API and a worker, on an embedded Redis unless REDIS_URL is set"
    )
    up.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    up.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    up.add_argument("--workers", type=int, default=1, help="RQ workers to start")
    up.add_argument("--data-dir", default="var", help="where the embedded Redis keeps its data")
    up.set_defaults(run=_up)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    run: Command = args.run
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
