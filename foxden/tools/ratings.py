"""``foxden ratings``: the operator's commands for the accounts' ratings (service/ratings.py).

* ``rebuild`` wipes the ratings and their histories and replays every finished game between
  accounts, in Redis or archived, in the order the games ended: the ratings (and each
  account's history of them) are derived data, and this is how they are made again after a
  change of the model, a lost Redis, or a doubt.

It works on the Redis that ``foxden audit`` reads (``REDIS_URL``, else the embedded Redis of the
``foxden up`` in ``--data-dir``) and on ``FOXDEN_ARCHIVE_URL`` (else that instance's archive
directory).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import TYPE_CHECKING

from foxden.settings import Settings

if TYPE_CHECKING:
    Subcommands = argparse._SubParsersAction[argparse.ArgumentParser]


def add_command(commands: Subcommands, data_dir_help: str) -> None:
    ratings = commands.add_parser(
        "ratings",
        help="rebuild the accounts' ratings from the finished games (docs/operations.md)",
        description=__doc__.split("\n\n", 1)[1].split("\n\nIt works")[0] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ratings.add_argument("--data-dir", default="var", help=data_dir_help)
    actions = ratings.add_subparsers(dest="action", required=True, metavar="ACTION")
    actions.add_parser(
        "rebuild", help="wipe the ratings and their histories and replay every finished game"
    )
    ratings.set_defaults(run=run_command)


def run_command(args: argparse.Namespace, settings: Settings) -> int:
    """Run ``args.action`` on the Redis and archive of ``args.data_dir`` (module docstring)."""
    from foxden.bootstrap import build_service
    from foxden.cli import store_redis
    from service import ratings
    from service.ports import RecordingScheduler

    url, _ = store_redis(args.data_dir, settings)
    games = build_service(url, RecordingScheduler(), settings=settings, data_dir=args.data_dir)
    started = time.perf_counter()
    try:
        rated = ratings.rebuild(games)
    except Exception as error:  # a Redis or an archive away: say so
        print(f"foxden ratings {args.action}: {error}", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - started
    print(f"rated {rated} finished games between accounts in {seconds:.1f} s")
    return 0
