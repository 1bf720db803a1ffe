"""What a move costs the API itself, in CPU instructions: steady figures on a noisy machine.

Run by hand (needs valgrind; about two minutes):

    .venv/bin/python bench/api_cost.py [--url redis://127.0.0.1:6379/3] [--apps foxden,bare]

A move is the two requests of bench/api_load.py (a seat to act looks at its legal moves, posts
one; creating and joining the games is spread over their moves), handed straight to the WSGI
app: no HTTP server, no sockets but Redis's. The bare app of bench/bare_app.py answers the same
requests. Each is run under ``valgrind --tool=callgrind``
twice, for 100 and for 400 moves after a warm-up, and the difference of the two instruction
counts over 300 is the cost of one move (start-up and imports cancel out). The figures move by
about 1 % from run to run (the games are dealt from a seeded source, so every run plays the
same moves; what still varies is time: token and id draws, the clock), where timings here move
by 30 %.

``--cpu`` times the same moves by the process's CPU clock instead (user and system, the apps in
turn, medians of three rounds of 3,000 moves): what callgrind does not see, the kernel's work for
the Redis round trips and the caches each wait leaves cold. It ends with what one round trip
costs a process, with blocking sockets and under gevent, three times each in turn.

``--gevent`` runs both apps with gevent's patches applied first, as ``foxden api``'s default
worker runs them: its sockets and locks are then gevent's (a lock costs several times a plain
one, and a socket write goes through gevent's Python code). This count is not steady: a reply
that is not in yet when the app reads sends it through gevent's hub to wait, and under callgrind
that happens in a share of the reads that varies from run to run (the same code counted 2.059
to 2.097 M a move on 2026-12-04). Compare such counts only as medians of several runs
(``--runs 3``); what a wait costs is ``--cpu``'s last lines.

``--inside module:attr`` counts only the instructions spent inside one function (inclusive),
for a move's breakdown: the function is wrapped in ``functools.reduce``, and callgrind
collects only while that C function runs (``--toggle-collect=functools_reduce``). For a route,
name its endpoint: ``--inside view:games.post_command``. Do not name a function that runs
inside another one so wrapped: the toggles would cancel.

    .venv/bin/python bench/api_cost.py --apps foxden --inside events.store:seal_encoded
"""

from __future__ import annotations

import argparse
import functools
import importlib
import io
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

App = Callable[[dict[str, Any], Callable[..., Any]], Any]


def call(
    app: App, method: str, path: str, body: object = None, token: str = "", query: str = ""
) -> Any:
    data = orjson.dumps(body) if body is not None else b""
    environ = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_HOST": "127.0.0.1:8000",
        "CONTENT_LENGTH": str(len(data)),
        "CONTENT_TYPE": "application/json" if body is not None else "",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(data),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
        "wsgi.version": (1, 0),
    }
    if token:
        environ["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    statuses: list[str] = []
    answer = b"".join(app(environ, lambda status, headers, info=None: statuses.append(status)))
    if not statuses[0].startswith(("200", "201")):
        raise RuntimeError(f"{method} {path}: {statuses[0]} {answer[:200]!r}")
    return orjson.loads(answer)


def foxden_moves(url: str) -> Iterator[None]:
    """Endless moves of 4-seat Fette Beute games, a new game when one ends."""
    from events.redis_client import connect
    from events.store import RedisEventStore
    from service.api import create_app
    from service.games import GameService
    from service.index import GameIndex
    from workers.scheduler import RQScheduler

    client = connect(url)
    # Seeded entropy: every run deals the same games, so runs play the very same moves.
    entropy = random.Random(11).randbytes
    service = GameService(
        RedisEventStore(client), RQScheduler(client), GameIndex(client), entropy=entropy
    )
    app = create_app(service, {"RATE_LIMIT": "100000 per minute"})
    rng = random.Random(3)
    while True:
        game = call(
            app, "POST", "/v1/games", {"game": "fette-beute", "seats": [{"kind": "human"}] * 4}
        )
        tokens, to_act = [], []
        for n in range(4):
            joined = call(app, "POST", f"/v1/games/{game['id']}/join", {"name": f"p{n}"})
            tokens.append(joined["token"])
            to_act = joined["game"]["to_act"]
        while to_act:
            seat = rng.choice(to_act)
            path = f"/v1/games/{game['id']}"
            moves = call(app, "GET", f"{path}/legal-moves", token=tokens[seat])["moves"]
            body = rng.choice([move for move in moves if move["type"] != "leave"])
            state = call(app, "POST", f"{path}/commands", body, token=tokens[seat])["state"]
            to_act = state["to_act"] if state["status"] == "active" else []
            yield


def bare_moves() -> Iterator[None]:
    from bare_app import MOVES, app

    while True:
        call(app, "GET", "/v1/games/g/legal-moves", token="t")
        call(app, "POST", "/v1/games/g/commands", MOVES[0], token="t")
        yield


def play(which: str, moves: int, url: str) -> None:
    source = foxden_moves(url) if which == "foxden" else bare_moves()
    for _ in range(50 + moves):  # 50 to warm caches and imports up
        next(source)


def instructions(which: str, moves: int, url: str, inside: str = "", gevent: bool = False) -> int:
    argv = [__file__, "--play", which, str(moves), "--url", url] + (["--gevent"] if gevent else [])
    if inside:
        return callgrind([*argv, "--inside", inside], "--toggle-collect=functools_reduce")
    return callgrind(argv)


def counted_inside(target: str) -> None:
    """Wrap ``target`` (``module:attr.attr`` or ``view:endpoint``) in ``functools.reduce``."""

    def wrap(function: Callable[..., Any]) -> Callable[..., Any]:
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            box: list[Any] = []
            functools.reduce(lambda _, __: box.append(function(*args, **kwargs)), (0,), None)
            return box[0]

        return wrapped

    where, _, path = target.partition(":")
    if where == "view":
        import service.api

        create_app = service.api.create_app

        def created(*args: Any, **kwargs: Any) -> Any:
            app = create_app(*args, **kwargs)
            app.view_functions[path] = wrap(app.view_functions[path])
            return app

        service.api.create_app = created
        return
    *owners, name = path.split(".")
    owner = importlib.import_module(where)
    for step in owners:
        owner = getattr(owner, step)
    function = owner.__dict__[name] if isinstance(owner, type) else getattr(owner, name)
    if isinstance(function, staticmethod):
        function = function.__func__
    setattr(owner, name, wrap(function))


def callgrind(argv: list[str], *options: str) -> int:
    """The instructions that ``python argv...`` executes under callgrind."""
    run = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            *options,
            sys.executable,
            *argv,
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(re.search(r"Collected : (\d+)", run.stderr).group(1))


def cpu_times(apps: list[str], url: str, rounds: int = 3, moves: int = 3000) -> None:
    """The same moves timed by the process's own CPU clock, user and system apart, the apps in
    turn. Unlike callgrind's count this includes what the kernel does for the process (the
    Redis round trips' socket calls) and what a wait costs the caches."""
    sources = {which: (foxden_moves(url) if which == "foxden" else bare_moves()) for which in apps}
    for source in sources.values():
        for _ in range(200):
            next(source)
    spent: dict[str, list[tuple[float, float]]] = {which: [] for which in apps}
    for _ in range(rounds):
        for which, source in sources.items():
            before = resource.getrusage(resource.RUSAGE_SELF)
            for _ in range(moves):
                next(source)
            after = resource.getrusage(resource.RUSAGE_SELF)
            spent[which].append(
                (after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime)
            )
    for which, times in spent.items():
        user = statistics.median(u for u, _ in times) / moves * 1e3
        system = statistics.median(s for _, s in times) / moves * 1e3
        total = user + system
        print(f"{which:<7} {total:5.3f} ms CPU per move (user {user:.3f}, system {system:.3f})")
    for _ in range(3):  # each in a process of its own: gevent must patch before any socket
        for model in ("blocking", "gevent"):
            subprocess.run([sys.executable, __file__, "--ping", model, "--url", url], check=True)


def round_trip_cost(url: str, model: str, count: int = 6000) -> None:
    """What one Redis round trip costs the process: a PING on the store's direct path, with
    blocking sockets or under gevent (the API's default worker), whose wait for the reply goes
    through its hub."""
    if model == "gevent":
        from gevent import monkey

        monkey.patch_all()
    from events.direct_path import direct
    from events.redis_client import connect

    pool = connect(url).connection_pool
    direct(pool, "PING")
    before, started = resource.getrusage(resource.RUSAGE_SELF), time.perf_counter()
    for _ in range(count):
        direct(pool, "PING")
    after, wall = resource.getrusage(resource.RUSAGE_SELF), time.perf_counter() - started
    user = (after.ru_utime - before.ru_utime) / count * 1e6
    system = (after.ru_stime - before.ru_stime) / count * 1e6
    print(
        f"a round trip (PING, direct path, {model:>8}): user {user:.0f} µs, "
        f"system {system:.0f} µs, wall {wall / count * 1e6:.0f} µs"
    )


def refuse_test_db(url: str) -> None:
    """Stop unless ``url``'s database is free of the test suite's marker: test sessions lease
    and flush marked databases, which would delete the benchmark's games under it."""
    from events.redis_client import connect

    if connect(url).exists("foxden:test-db"):
        sys.exit(f"{url} is a test database (it holds foxden:test-db); pass another --url")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/3"))
    parser.add_argument(
        "--apps", default="foxden,bare", help="which to measure (default: foxden,bare)"
    )
    parser.add_argument(
        "--inside", default="", help="count only inside this function (module:attr, view:endpoint)"
    )
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="CPU seconds per move instead, no valgrind (see cpu_times)",
    )
    parser.add_argument(
        "--gevent",
        action="store_true",
        help="run the apps with gevent's patches, as foxden api's default worker does",
    )
    parser.add_argument(
        "--runs",
        type=int,
        default=1,
        help="measure each app this often and report the median and range (3 for --gevent)",
    )
    parser.add_argument("--play", nargs=2, metavar=("APP", "MOVES"), help=argparse.SUPPRESS)
    parser.add_argument("--ping", choices=["blocking", "gevent"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.ping:
        round_trip_cost(args.url, args.ping)
        return
    if args.cpu:
        refuse_test_db(args.url)
        cpu_times(args.apps.split(","), args.url)
        return
    if args.play:
        if args.gevent:  # before anything opens a socket or takes a lock, as the worker does
            from gevent import monkey

            monkey.patch_all()
        if args.inside:
            counted_inside(args.inside)
        play(args.play[0], int(args.play[1]), args.url)
        return
    refuse_test_db(args.url)
    cost = {}
    for which in args.apps.split(","):
        runs = [
            (
                instructions(which, 400, args.url, args.inside, args.gevent)
                - instructions(which, 100, args.url, args.inside, args.gevent)
            )
            / 300
            for _ in range(args.runs)
        ]
        cost[which] = statistics.median(runs)
        inside = f" inside {args.inside}" if args.inside else ""
        patched = " (gevent)" if args.gevent else ""
        spread = (
            f", median of {len(runs)} runs ({min(runs) / 1e6:.3f}-{max(runs) / 1e6:.3f})"
            if len(runs) > 1
            else ""
        )
        print(
            f"{which:<7} {cost[which] / 1e6:5.3f} M instructions per move{inside}{patched}{spread}",
            flush=True,
        )
    if len(cost) == 2:
        print(f"ratio bare / foxden: {cost['bare'] / cost['foxden']:.2f}")


if __name__ == "__main__":
    main()
