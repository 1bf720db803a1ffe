"""``foxden archive``: the operator's commands for the archive of ended games.

* ``run`` archives the ended games whose grace period is over now, in this process (the
  workers do it on their own; this is for a first backlog, a test, or a bench), ``--all``
  whatever their grace period;
* ``status`` prints the log's size and how many ended games are still in Redis;
* ``restore ID`` brings an archived game back into Redis;
* ``reindex`` rebuilds what Redis held of the archive after Redis was lost: the log, the
  pointers, the game index;
* ``delete ID --note TEXT`` deletes a game for good and leaves a tombstone in the log; it asks
  for the game id again unless ``--yes`` (a script that means it).

Each works on the Redis that ``foxden audit`` reads (``REDIS_URL``, else the embedded Redis of
the ``foxden up`` in ``--data-dir``) and on ``FOXDEN_ARCHIVE_URL`` (else that instance's archive
directory).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

from foxden.settings import Settings

if TYPE_CHECKING:
    from service.archiver import Archiver
    from service.games import GameService

    Subcommands = argparse._SubParsersAction[argparse.ArgumentParser]


def add_command(commands: Subcommands, data_dir_help: str) -> None:
    archive = commands.add_parser(
        "archive",
        help="archive ended games, restore, reindex or delete them (docs/operations.md)",
        description=__doc__.split("\n\n", 1)[1].split("\n\nEach")[0] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    archive.add_argument("--data-dir", default="var", help=data_dir_help)
    actions = archive.add_subparsers(dest="action", required=True, metavar="ACTION")
    run = actions.add_parser("run", help="archive the ended games that are due, now")
    run.add_argument("--all", action="store_true", help="every ended game, due or not")
    run.add_argument("--limit", type=int, default=100_000, help="at most this many games")
    actions.add_parser("status", help="the log's size and the ended games still in Redis")
    restore = actions.add_parser("restore", help="bring an archived game back into Redis")
    restore.add_argument("game", metavar="ID")
    actions.add_parser("reindex", help="rebuild the log, pointers and index from the archive")
    delete = actions.add_parser("delete", help="delete a game for good (a tombstone is logged)")
    delete.add_argument("game", metavar="ID")
    delete.add_argument("--note", required=True, help="why, and on whose request (logged)")
    delete.add_argument("--yes", action="store_true", help="do not ask for the id again")
    archive.set_defaults(run=run_command)


def run_command(args: argparse.Namespace, settings: Settings) -> int:
    """Run ``args.action`` on the Redis and archive of ``args.data_dir`` (module docstring)."""
    from foxden.cli import store_redis

    url, _ = store_redis(args.data_dir, settings)
    games = _service(url, args.data_dir, settings)
    archiver = games.archiver
    if archiver is None:  # pragma: no cover - the composition root always gives one
        print("foxden archive: no archive configured", file=sys.stderr)
        return 2
    action: Callable[[argparse.Namespace, GameService, Archiver], int] = ACTIONS[args.action]
    try:
        return action(args, games, archiver)
    except Exception as error:  # a game that is not there, an archive away: say so
        print(f"foxden archive {args.action}: {error}", file=sys.stderr)
        return 1


def _run(args: argparse.Namespace, games: GameService, archiver: Archiver) -> int:
    now = datetime.fromisoformat(games.clock()).timestamp()
    before = float("inf") if args.all else now - games.archive_after_s
    started, moved, count = time.perf_counter(), 0, 0
    while count < args.limit:
        due = archiver.due(before, min(1000, args.limit - count))
        if not due:
            break
        for game_id in due:
            moved += archiver.archive(game_id).moved
            count += 1
    elapsed = time.perf_counter() - started
    print(f"archived {moved} games ({count} looked at) in {elapsed:.1f} s")
    return 0


def _status(args: argparse.Namespace, games: GameService, archiver: Archiver) -> int:
    print(
        f"log: {games.log.size()} leaves; ended games still in Redis: {games.index.not_archived()}"
    )
    print(f"archive: {archiver.storage.url}; archived after {games.archive_after_s:g} s")
    return 0


def _restore(args: argparse.Namespace, games: GameService, archiver: Archiver) -> int:
    count = archiver.restore(args.game)
    print(f"restored game {args.game}: {count} events are in Redis again")
    return 0


def _reindex(args: argparse.Namespace, games: GameService, archiver: Archiver) -> int:
    count, leaves = archiver.reindex()
    print(f"reindexed {count} archived games; the log holds {leaves} leaves")
    return 0


def _delete(args: argparse.Namespace, games: GameService, archiver: Archiver) -> int:
    if not args.yes:
        answer = input(f"Delete game {args.game} for good? Type its id again to confirm: ")
        if answer.strip() != args.game:
            print("foxden archive delete: not confirmed; nothing was deleted", file=sys.stderr)
            return 1
    index = archiver.delete(args.game, args.note)
    print(f"deleted game {args.game}; its tombstone is leaf {index} of the log")
    return 0


ACTIONS: dict[str, Callable[[argparse.Namespace, GameService, Archiver], int]] = {
    "run": _run,
    "status": _status,
    "restore": _restore,
    "reindex": _reindex,
    "delete": _delete,
}


def _service(url: str, data_dir: str, settings: Settings) -> GameService:
    """The service on ``url`` and the archive that ``foxden up`` in ``data_dir`` uses (its
    URL as set, credentials and all: ``ArchiveStorage.url`` is redacted)."""
    from foxden.bootstrap import build_service
    from service.ports import RecordingScheduler

    return build_service(url, RecordingScheduler(), settings=settings, data_dir=data_dir)
