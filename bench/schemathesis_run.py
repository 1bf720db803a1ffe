"""schemathesis over every operation of openapi.yaml, thousands of cases; run by hand:

    .venv/bin/python bench/schemathesis_run.py [--examples 200] [--seed 1] [--url REDIS_URL]

Without ``--url`` it starts a redis-server of its own on a free loopback port (no persistence)
and stops it by pid at the end. The app runs in-process (rate limit off, SSE keepalive 100 ms),
as in ``tests/service/test_contract.py``, with the same checks and aiming
(``tests/service/schemathesis_cases.py``): half the cases of an operation with a game id go to
a real game (a live Fette Beute table of humans, a waiting one for joins, a finished one for
the event stream and the export), half of those with a valid token of it. Every operation is
run with positive and negative data, ``--examples`` each; a failure is recorded, the run goes
on.

Prints per operation the cases sent and the statuses seen, then every distinct failure (with a
curl line to repeat it), and the totals; exits 1 on any failure.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import hypothesis  # noqa: E402
import schemathesis  # noqa: E402
from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from schemathesis.generation.modes import GenerationMode  # noqa: E402

from events.redis_client import connect  # noqa: E402
from service.api import create_app  # noqa: E402
from service.games import GameService  # noqa: E402
from service.ports import RecordingScheduler  # noqa: E402
from tests.service.conftest import build  # noqa: E402
from tests.service.schemathesis_cases import CHECKS, aim  # noqa: E402


def own_redis(workdir: str) -> tuple[str, subprocess.Popen]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--dir", workdir]
    command += ["--save", "", "--appendonly", "no"]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    url = f"redis://127.0.0.1:{port}/0"
    for _ in range(100):
        try:
            if connect(url).ping():
                return url, server
        except Exception:
            time.sleep(0.05)
    server.terminate()
    raise SystemExit("redis-server did not start")


def tables(service: GameService) -> dict[str, tuple[str, str]]:
    """(game id, a token of it): a live table, a waiting one, a finished one."""
    humans = [{"kind": "human"}] * 3
    live = service.create("fette-beute", humans, {}).game_id
    tokens = [service.join(live, f"p{n}")[1] for n in range(3)]
    waiting = service.create("fette-beute", [{"kind": "human"}] * 6, {}).game_id
    waiting_token = service.join(waiting, "host")[1]
    done = service.create("sly", [{"kind": "human"}, {"kind": "bot", "strategy": "random"}], {})
    done_token = service.join(done.game_id, "quitter")[1]
    service.handle(done.game_id, 0, {"type": "leave"})
    while service.load(done.game_id).state.status == "active":
        state = service.load(done.game_id).state
        for seat in sorted(state.to_act()):
            service.play_for(done.game_id, seat, state.since[seat], "bot")
    return {
        "live": (live, tokens[0]),
        "waiting": (waiting, waiting_token),
        "finished": (done.game_id, done_token),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=200, help="per operation and mode")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--url", help="a Redis URL (a database of its own: it gets games)")
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="foxden-schemathesis-")
    server = None
    if args.url:
        url = args.url
    else:
        if not shutil.which("redis-server"):
            raise SystemExit("no redis-server on PATH; pass --url")
        url, server = own_redis(workdir)
    try:
        service = build(connect(url), RecordingScheduler())
        app = create_app(service, {"RATE_LIMIT": "off", "SSE_BLOCK_MS": 100})
        return run(app, tables(service), args.examples, args.seed)
    finally:
        if server is not None:
            server.terminate()  # by pid
            server.wait(10)
        shutil.rmtree(workdir, ignore_errors=True)


Statuses = dict[str, collections.Counter]
Failures = dict[tuple[str, str], str]


def run_operation(
    operation: Any,
    mode: GenerationMode,
    app: Any,
    target: tuple[str, str],
    examples: int,
    seed: int,
    statuses: Statuses,
    failures: Failures,
) -> None:
    """Up to ``examples`` cases of one operation in one mode; failures recorded, not raised."""
    label, (game_id, token) = operation.label, target

    @hypothesis.seed(seed)
    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=operation.as_strategy(generation_mode=mode))
    def one(case: Any) -> None:
        aim(case, game_id, token)
        response = case.call(app=app)
        statuses[label][f"{mode.value[:3]} {response.status_code}"] += 1
        try:
            case.validate_response(response, checks=CHECKS)
        except Exception as error:  # a failed check: record it, go on
            for failure in getattr(error, "exceptions", [error]):
                title = getattr(failure, "title", type(failure).__name__)
                key = (label, f"{mode.value}: {title}: {str(failure).splitlines()[0]}")
                failures.setdefault(key, case.as_curl_command())

    # Unsatisfiable: nothing of this operation can be invalid (no parameters, no body).
    with contextlib.suppress(hypothesis.errors.Unsatisfiable):
        one()


def run(app: Any, games: dict[str, tuple[str, str]], examples: int, seed: int) -> int:
    schema = schemathesis.openapi.from_wsgi("/openapi.yaml", app)
    statuses: Statuses = collections.defaultdict(collections.Counter)
    failures: Failures = {}
    started = time.monotonic()
    for result in schema.get_all_operations():
        operation = result.ok()
        label = operation.label
        target = "finished" if label.endswith(("/stream", "/export")) else "live"
        if label.endswith("/join"):
            target = "waiting"
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            run_operation(operation, mode, app, games[target], examples, seed, statuses, failures)

    elapsed = time.monotonic() - started
    total = sum(sum(counts.values()) for counts in statuses.values())
    for label, counts in sorted(statuses.items()):
        shown = ", ".join(f"{key}: {n}" for key, n in sorted(counts.items()))
        print(f"{label:45} {sum(counts.values()):6}  {shown}")
    server_errors = sum(
        n for counts in statuses.values() for key, n in counts.items() if key.split()[1][0] == "5"
    )
    refused = [key for key in failures if "should have been accepted" in key[1]]
    for (label, what), curl in sorted(failures.items()):
        print(f"\nFAIL {label}: {what}\n     {curl}")
    print(
        f"\n{total} cases over {len(statuses)} operations in {elapsed:.0f} s: "
        f"{server_errors} server errors, {len(refused)} kinds of schema-valid request refused, "
        f"{len(failures)} kinds of failure in all"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
