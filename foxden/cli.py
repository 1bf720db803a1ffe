"""The ``foxden`` command line: serve the API, run workers, or both at once (``up``); audit
and replay games (``audit``, ``replay``).

Each command only parses its arguments and prints; the work lives in the modules it calls
(``service.audit``, ``service.replay``). ``audit BUNDLE.json`` never connects to Redis.

The environment is read once, here (:class:`foxden.settings.Settings`), before any command
runs: a value that cannot work is refused as ``foxden COMMAND: VARIABLE must be ...`` with exit
code 2, and the commands pass the settings on.
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from domain import registry
from foxden import bot
from foxden.settings import Settings, SettingsError
from foxden.tools import archive, ratings

Command = Callable[[argparse.Namespace, Settings], int]
if TYPE_CHECKING:
    # What ``add_subparsers`` returns: each command below adds its own parser to it.
    Subcommands = argparse._SubParsersAction[argparse.ArgumentParser]

DATA_DIR_HELP = (
    "without REDIS_URL, read the embedded Redis of the foxden up running here (default var)"
)
HOST_HELP = "the address to listen on (default: HOST, else 127.0.0.1)"
PORT_HELP = "the port to listen on (default: PORT, else 8000)"


def _settings_problem(command: str, settings: Settings, *, servers: bool = True) -> str | None:
    """What is wrong with REDIS_URL, FOXDEN_QUEUE_URL and FOXDEN_DURABILITY for ``command``,
    or None when it may start."""
    from events.durability import DurabilityUnavailable
    from foxden.bootstrap import ConfigurationError, check_settings, queue_url

    try:
        check_settings(settings) if servers else queue_url(settings=settings)
    except (ConfigurationError, DurabilityUnavailable) as error:
        return f"foxden {command}: {error}"
    return None


def _settings_refused(command: str, settings: Settings, *, servers: bool = True) -> bool:
    """Say what is wrong (on stderr) and return True when ``command`` must not start."""
    problem = _settings_problem(command, settings, servers=servers)
    if problem:
        print(problem, file=sys.stderr)
    return problem is not None


def settings_refused_in_a_child(command: str, settings: Settings | None = None) -> bool:
    """``_settings_refused`` with the check run in a forked child, so that this process
    imports none of what it needs.

    gunicorn's master forks the API's workers, and they inherit its modules unpatched by
    gevent; the check pulls in redis-py and prometheus-client, whose metric values are bound
    at import to one process or to the multiprocess files. Checked in the master, before
    ``PROMETHEUS_MULTIPROC_DIR`` was set, every worker counted into a private dict and
    ``/metrics`` answered an empty page.
    """
    settings = settings or Settings.from_env()
    read_end, write_end = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - runs in the child, which leaves through os._exit
        os.close(read_end)
        code = 1
        try:
            problem = _settings_problem(command, settings)
            os.write(write_end, (problem or "").encode())
            code = 0
        except BaseException:  # an unexpected failure (Redis unreachable): show it, refuse
            traceback.print_exc()
        finally:
            os._exit(code)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as answer:
        problem = answer.read().decode()
    _, status = os.waitpid(child, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        problem = problem or f"foxden {command}: the settings check failed"
    if problem:
        print(problem, file=sys.stderr)
    return bool(problem)


def _api(args: argparse.Namespace, settings: Settings) -> int:
    from foxden.server import serve

    if settings_refused_in_a_child("api", settings):
        return 2
    serve(
        args.host or settings.host,
        settings.port if args.port is None else args.port,
        settings=settings,
        workers=settings.web_concurrency if args.workers is None else args.workers,
        worker_class=args.worker_class,
        threads=args.threads,
    )
    return 0


def _worker(args: argparse.Namespace, settings: Settings) -> int:
    from foxden.bootstrap import worker

    if _settings_refused("worker", settings):
        return 2
    return worker(settings, burst=args.burst, name=args.name, timers=args.timers)


def _up(args: argparse.Namespace, settings: Settings) -> int:
    from foxden.supervisor import up

    # The servers are checked by the API and the worker it starts (the embedded Redis does
    # not run yet); a missing queue Redis is refused here, before anything starts.
    if _settings_refused("up", settings, servers=False):
        return 2
    host, port = args.host or settings.host, settings.port if args.port is None else args.port
    return up(host, port, settings=settings, workers=args.workers, data_dir=args.data_dir)


def _read_bundle(path: str) -> object:
    import json

    with open(path, encoding="utf-8") as file:
        return json.load(file)


def _recorded(data_dir: str, key: str) -> tuple[str, object] | None:
    """What the ``foxden up`` running in ``data_dir`` recorded under ``key`` (``redis_url``,
    ``api_url``) and its pid; None when none runs there. Every command that looks for the
    running service asks this, so they all find the same one."""
    from foxden.supervisor import running_instance

    owner = running_instance(data_dir)
    if owner and owner.get(key):
        return str(owner[key]), owner.get("pid", "?")
    return None


def store_redis(data_dir: str, settings: Settings) -> tuple[str, str]:
    """The Redis to read and how it was found: ``REDIS_URL``, else the embedded Redis of the
    ``foxden up`` that runs in ``data_dir``, else the default URL."""
    if settings.redis_url:
        return settings.redis_url, "REDIS_URL"
    recorded = _recorded(data_dir, "redis_url")
    if recorded:
        return recorded[0], f"the embedded Redis of {data_dir}/, foxden up pid {recorded[1]}"
    return (
        settings.store_url,
        f"the default: REDIS_URL is unset and no foxden up runs in {data_dir}/",
    )


def _service_url(url: str | None, data_dir: str, settings: Settings) -> tuple[str, str]:
    """The service ``foxden demo`` talks to and how it was found: ``--url``, else the API of
    the ``foxden up`` that runs in ``data_dir`` (the one ``replay`` and ``audit`` read), else
    ``http://127.0.0.1:$PORT``."""
    if url:
        return url, "--url"
    recorded = _recorded(data_dir, "api_url")
    if recorded:
        return recorded[0], f"the API of the foxden up in {data_dir}/, pid {recorded[1]}"
    return f"http://127.0.0.1:{settings.port}", f"the default: no foxden up runs in {data_dir}/"


def _stored(game_id: str, url: str, settings: Settings, data_dir: str) -> list:
    """The envelopes of a game on ``url``, or in the archive once it was archived (raises
    ``Unreadable`` on a bad entry)."""
    from events.archive import ArchivedGames
    from events.redis_client import connect
    from events.store import RedisEventStore
    from foxden.bootstrap import archive_storage
    from service.audit import stored_envelopes

    client = connect(url, max_connections=settings.redis_max_connections)
    archive = ArchivedGames(archive_storage(settings, data_dir))
    try:
        return stored_envelopes(RedisEventStore(client, archive=archive), game_id)
    finally:
        client.close()


# The options of the audit's log check (foxden/tools/audit_log.py, which runs it).
LOG_OPTIONS = ("url", "log_key", "log_proof", "checkpoint", "consistency", "save_checkpoint")


def _audit(args: argparse.Namespace, settings: Settings) -> int:
    import json

    from service import audit

    try:
        pins = audit.parse_pins(args.commitment, args.pin)
    except ValueError as error:
        print(f"foxden audit: {error}", file=sys.stderr)
        return 2
    if any(getattr(args, option) is not None for option in LOG_OPTIONS):
        from foxden.tools import audit_log

        return audit_log.command(args, pins)
    if args.bundle is not None:
        try:
            data = _read_bundle(args.bundle)
        except (OSError, UnicodeDecodeError, ValueError) as error:
            print(f"foxden audit: cannot read {args.bundle}: {error}", file=sys.stderr)
            return 1
        report = audit.audit_bundle(data, pins=pins)
    else:
        import redis

        url, found = store_redis(args.data_dir, settings)
        try:
            envelopes = _stored(args.game, url, settings, args.data_dir)
        except audit.Unreadable as problem:
            envelopes, report = [], audit.unreadable_report(problem, args.game)
        except redis.RedisError as error:
            print(f"foxden audit: Redis {url} ({found}): {error}", file=sys.stderr)
            return 1
        else:
            if not envelopes:
                print(f"foxden audit: no game {args.game!r} on {url} ({found})", file=sys.stderr)
                return 1
            report = audit.audit(envelopes, pins=pins, game_id=args.game)
    if args.json:
        print(json.dumps(report.to_dict(), indent=2))
    else:
        print(audit.format_report(report))
    return 0 if report.complete else 1


def _replay(args: argparse.Namespace, settings: Settings) -> int:
    from events.envelope import Envelope
    from service import replay

    url, found = store_redis(args.data_dir, settings)
    try:
        if os.path.isfile(args.game):
            data = _read_bundle(args.game)
            if not isinstance(data, dict) or not isinstance(data["events"], list):
                raise ValueError("not a foxden bundle")
            events = data["events"]
            envelopes = [Envelope.from_dict(item) for item in events]
            game_id = str(data.get("id", args.game))
        else:
            envelopes, game_id = _stored(args.game, url, settings, args.data_dir), args.game
    except Exception as error:  # a bad file, a bad entry, Redis away: say so, no traceback
        print(f"foxden replay: cannot read {args.game} ({url}, {found}): {error}", file=sys.stderr)
        return 1
    if not envelopes:
        print(f"foxden replay: no game {args.game!r} on {url} ({found})", file=sys.stderr)
        return 1
    if args.version is not None and not 1 <= args.version <= len(envelopes):
        print(f"foxden replay: the game has versions 1 to {len(envelopes)}", file=sys.stderr)
        return 2
    try:
        viewer = replay.parse_viewer(args.viewer, envelopes)
        if args.json:
            lines = list(replay.render_json(envelopes, viewer, args.version))
        else:
            lines = list(replay.render(game_id, envelopes, viewer, args.version, views=args.views))
    except ValueError as error:  # NotVisible, or no such seat
        print(f"foxden replay: {error}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0


def _demo(args: argparse.Namespace, settings: Settings) -> int:
    from foxden.tools.demo import demo

    url, found = _service_url(args.url, args.data_dir, settings)
    return demo(url, args.game, args.players, args.strategy, args.delay, found=found)


def _tournament(args: argparse.Namespace, settings: Settings) -> int:
    from pathlib import Path

    from foxden.tools.tournament import TournamentError, run

    names = [name.strip() for name in args.strategies.split(",") if name.strip()]
    try:
        summary = run(
            args.game,
            args.players,
            names,
            args.games,
            settings=settings,
            workers=args.workers,
            out=Path(args.out),
        )
    except TournamentError as error:
        print(f"foxden tournament: {error}", file=sys.stderr)
        return 2
    print((Path(args.out) / "results.md").read_text(encoding="utf-8"))
    print(f"{len(summary['game_ids'])} games; results in {args.out}/")
    return 0


def _game_ids() -> str:
    """The catalogue's game ids, for the help of ``--game`` (the games' own declaration)."""
    ids = [game.id for game in registry.builtin_games()]
    return ", ".join(ids[:-1]) + " or " + ids[-1]


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="foxden",
        description="Foxden: play, replay and audit card games over HTTP.",
        epilog="REDIS_URL selects the event store's Redis (redis+cluster://HOST:PORT for a Redis "
        "Cluster). Unset, `audit --game` and `replay` read the embedded Redis of the `foxden up` "
        "running in --data-dir (default var), else redis://127.0.0.1:6379/0; every 'not found' "
        "names the Redis it read. FOXDEN_QUEUE_URL selects the jobs' Redis (default: REDIS_URL; "
        "required with a cluster), FOXDEN_DURABILITY when a move counts as stored (none, fsync, "
        "replica; docs/operations.md).",
    )
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _api_command(commands)
    _worker_command(commands)
    _up_command(commands)
    _audit_command(commands)
    _replay_command(commands)
    _demo_command(commands)
    _tournament_command(commands)
    _log_command(commands)
    archive.add_command(commands, DATA_DIR_HELP)
    ratings.add_command(commands, DATA_DIR_HELP)
    bot.add_command(commands)
    return top


def _api_command(commands: Subcommands) -> None:
    api = commands.add_parser("api", help="serve the REST API under gunicorn")
    api.add_argument("--host", help=HOST_HELP)
    api.add_argument("--port", type=int, help=PORT_HELP)
    api.add_argument(
        "--workers", type=int, help="gunicorn processes (default: WEB_CONCURRENCY, else 2)"
    )
    api.add_argument(
        "--worker-class",
        choices=["gevent", "gthread"],
        default="gevent",
        help="gevent (default): streams on greenlets, FOXDEN_STREAMS_PER_PROCESS of them per "
        "process; gthread: one thread per request or stream",
    )
    api.add_argument(
        "--threads", type=int, default=32, help="threads per process under gthread only"
    )
    api.set_defaults(run=_api)


def _worker_command(commands: Subcommands) -> None:
    worker = commands.add_parser("worker", help="run an RQ worker (with the scheduler)")
    worker.add_argument("--burst", action="store_true", help="stop when the queues are empty")
    worker.add_argument("--name", default=None, help="a unique worker name")
    worker.add_argument(
        "--timers",
        action="store_true",
        help="take only turn timeouts and table expiries (a timer worker: never behind a bot)",
    )
    worker.set_defaults(run=_worker)


def _up_command(commands: Subcommands) -> None:
    up = commands.add_parser(
        "up", help="the API and the workers, on an embedded Redis unless REDIS_URL is set"
    )
    up.add_argument("--host", help=HOST_HELP)
    up.add_argument("--port", type=int, help=PORT_HELP)
    up.add_argument(
        "--workers", type=int, default=1, help="RQ workers to start (and one timer worker)"
    )
    up.add_argument("--data-dir", default="var", help="where the embedded Redis keeps its data")
    up.set_defaults(run=_up)


def _audit_command(commands: Subcommands) -> None:
    check = commands.add_parser(
        "audit",
        help="audit a game: an exported bundle offline, a game on REDIS_URL or on a server",
        description="Runs the checks chain, seed, deck, resimulation and result (docs/fairness.md)"
        "; with --url or --log-proof also log: the game is in the tamper-evident log, in a "
        "checkpoint signed by the log's key. Exit code 0 when every check ran and holds, 1 "
        "otherwise (a check failed, a running game's seed is not revealed yet, or a game is not "
        "in the log yet), 2 for a usage error.",
    )
    source = check.add_mutually_exclusive_group(required=True)
    source.add_argument("bundle", nargs="?", metavar="BUNDLE.json", help="an exported bundle")
    source.add_argument(
        "--game", metavar="ID", help="a game on REDIS_URL (or on --url) instead of a bundle"
    )
    check.add_argument(
        "--url",
        metavar="URL",
        help="audit --game on the Foxden server at URL over HTTP: its bundle and its proof of "
        "inclusion in the log",
    )
    check.add_argument(
        "--log-key",
        metavar="KEY",
        help="the log's verifier key you trust (NAME+ID+BASE64); without it --url takes the "
        "server's own, which proves less (trust on first use)",
    )
    check.add_argument(
        "--log-proof",
        metavar="PROOF.json",
        help="offline: the game's log proof (GET /v1/games/ID/log-proof), with --log-key",
    )
    check.add_argument(
        "--checkpoint",
        metavar="FILE",
        help="an older signed checkpoint you kept: the log must extend it (consistency proof)",
    )
    check.add_argument(
        "--consistency",
        metavar="PROOF.json",
        help="offline: the consistency proof (GET /v1/log/consistency) for --checkpoint",
    )
    check.add_argument(
        "--save-checkpoint",
        metavar="FILE",
        help="keep the proof's checkpoint in FILE once the log check holds, for next time",
    )
    check.add_argument(
        "--commitment", metavar="HEX", help="the commitment you noted while the game ran"
    )
    check.add_argument(
        "--pin",
        action="append",
        default=[],
        metavar="VERSION:HASH",
        help="a head hash you noted at that version (repeatable)",
    )
    check.add_argument("--json", action="store_true", help="print the report as JSON")
    check.add_argument("--data-dir", default="var", help=DATA_DIR_HELP)
    check.set_defaults(run=_audit)


def _replay_command(commands: Subcommands) -> None:
    again = commands.add_parser(
        "replay",
        help="show a game version by version as a seat, a spectator or everyone saw it",
        description="Reads the game from REDIS_URL, or from an exported bundle when ID is a file.",
    )
    again.add_argument("game", metavar="ID", help="a game id, or an exported bundle's path")
    again.add_argument(
        "--as",
        dest="viewer",
        metavar="SEAT",
        help="a seat number, 'spectator' or 'everyone' (everyone only once the game has "
        "ended; the default then, else spectator)",
    )
    again.add_argument("--version", type=int, metavar="N", help="stop at version N")
    again.add_argument("--views", action="store_true", help="show the view after every version")
    again.add_argument("--json", action="store_true", help="NDJSON: {version, event, view}")
    again.add_argument("--data-dir", default="var", help=DATA_DIR_HELP)
    again.set_defaults(run=_replay)


def _demo_command(commands: Subcommands) -> None:
    show = commands.add_parser(
        "demo",
        help="watch a game of bots on a running service, move by move",
        description="Creates a game whose seats are all bots on the service at --url (by "
        "default the `foxden up` running in --data-dir, on whatever port it serves), shows "
        "each event as it happens, then the result table. The service's worker moves the bots "
        "(`foxden up` and `make run` start one).",
    )
    show.add_argument(
        "--url",
        default=None,
        help="the running service (default: the foxden up running in --data-dir, as replay "
        "and audit find it, else http://127.0.0.1:$PORT, PORT defaulting to 8000)",
    )
    show.add_argument(
        "--data-dir",
        default="var",
        help="without --url, show the game on the foxden up running here (default var)",
    )
    show.add_argument(
        "--game",
        default="fette-beute",
        help=f"{_game_ids()} (default %(default)s)",
    )
    show.add_argument(
        "--players",
        type=int,
        default=None,
        help="number of seats (default 3, or the game's minimum)",
    )
    show.add_argument(
        "--strategy",
        default="greedy",
        help="a bot strategy, or several separated by commas, dealt to the seats in turn "
        "(default %(default)s)",
    )
    show.add_argument(
        "--delay",
        type=float,
        default=0.3,
        help="seconds between moves on screen (default %(default)s)",
    )
    show.set_defaults(run=_demo)


def _tournament_command(commands: Subcommands) -> None:
    match = commands.add_parser(
        "tournament",
        help="play bot strategies against each other through the workers, and rate them",
        description="Plays --games games on REDIS_URL (every one stored and auditable), rotating"
        " the seats, and writes results.md, results.json and ratings.png into --out"
        " (docs/bots.md).",
    )
    match.add_argument("--game", required=True, help=_game_ids())
    match.add_argument("--players", type=int, required=True, help="seats per game")
    match.add_argument(
        "--strategies", required=True, help="comma-separated; a name may repeat (ismcts,greedy)"
    )
    match.add_argument("--games", type=int, required=True, help="games to play")
    match.add_argument(
        "--workers", type=int, default=2, help="workers to start when none runs (default 2)"
    )
    match.add_argument("--out", default="tournament", help="output directory (default %(default)s)")
    match.set_defaults(run=_tournament)


def _log_keygen(args: argparse.Namespace, settings: Settings) -> int:
    from events import transparency

    try:
        key = transparency.signer_key(args.name, os.urandom(32))
    except transparency.KeyFormatError as error:
        print(f"foxden log keygen: {error}", file=sys.stderr)
        return 2
    print(key)  # the secret: FOXDEN_LOG_KEY
    print(transparency.load_signer(key).verifier, file=sys.stderr)  # to publish
    return 0


def _log_command(commands: Subcommands) -> None:
    log = commands.add_parser(
        "log", help="the log of archived games: make its signer key (docs/operations.md)"
    )
    actions = log.add_subparsers(dest="action", required=True, metavar="ACTION")
    keygen = actions.add_parser(
        "keygen",
        help="print a new signer key for FOXDEN_LOG_KEY (stdout) and its verifier key (stderr)",
        description="Prints a new Ed25519 signer key for the log's checkpoints on stdout, for"
        " FOXDEN_LOG_KEY (a secret: keep it and back it up), and its verifier key on stderr,"
        " which anyone may have (GET /v1/log publishes it too).",
    )
    keygen.add_argument(
        "--name",
        default="foxden-log",
        help="the key's name, which is the log's origin in its checkpoints: one per log, for"
        " instance your service's host name (default %(default)s)",
    )
    keygen.set_defaults(run=_log_keygen)


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        settings = Settings.from_env()
    except SettingsError as error:
        print(f"foxden {args.command}: {error}", file=sys.stderr)
        return 2
    run: Command = args.run
    return run(args, settings)


if __name__ == "__main__":
    sys.exit(main())
