"""The docs' examples, ``foxden demo`` and the container health checks, against a live service.

One ``foxden up`` (on the test Redis, rate limits off) serves the whole module. The curl
examples of docs/api.md and docs/quickstart.md run as written: each ``##`` section is a bash
script (after the file's setup section), the sections run in parallel, and what each block
prints is checked against the output shown under it (tests/docs/markdown.py). Where ``curl`` is
missing, a stand-in written in Python runs them instead (tests/docs/curl_shim.py), so that
``make test`` needs only Python; where it is present, one section also runs on the stand-in,
to keep it honest. The module ends by stopping the service like Ctrl-C and checking that no
process of its tree is left.
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from foxden.tools import demo as demo_module
from tests.docs import curl_shim, live, markdown

pytestmark = [pytest.mark.xdist_group("live"), pytest.mark.redis]

healthcheck = live.load_module(live.ROOT / "docker" / "healthcheck.py")

ROOT = live.ROOT
DOCS = ROOT / "docs"
RUNNABLE = [DOCS / "api.md", DOCS / "quickstart.md"]
DOC_URL = "http://127.0.0.1:8000"
SESSION_TIMEOUT_S = 120


@pytest.fixture(scope="module")
def service(redis_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[live.Live]:
    env = {
        **os.environ,
        "REDIS_URL": redis_url,
        "FOXDEN_RATE_LIMIT": "off",
        # Queues of their own: nothing else on this database may take these jobs.
        "FOXDEN_QUEUE_PREFIX": f"fd-docs-{uuid.uuid4().hex[:8]}",
    }
    running = live.start(env, tmp_path_factory.mktemp("live") / "up.log")
    print(f"\nfoxden up (REDIS_URL set) ready in {running.ready_s:.2f} s")
    yield running
    left = live.stop(running)
    assert running.process.returncode == 0, running.output()[-3000:]
    assert not left, f"left running after Ctrl-C: {left}"


# --- the curl examples ---------------------------------------------------------------------------


def shell_env(tmp_path: Path, *, stand_in: bool) -> dict[str, str]:
    """PATH with this virtualenv's python3 first, and the curl stand-in when asked or needed."""
    path = [str(Path(sys.executable).parent)]
    if stand_in:
        bin_dir = tmp_path / "stand-in"
        bin_dir.mkdir(exist_ok=True)
        curl = bin_dir / "curl"
        curl.write_text(
            f'#!/bin/sh\nexec "{sys.executable}" "{ROOT / "tests/docs/curl_shim.py"}" "$@"\n'
        )
        curl.chmod(0o755)
        path.insert(0, str(bin_dir))
    return {**os.environ, "PATH": os.pathsep.join([*path, os.environ.get("PATH", "")])}


def run_session(
    setup: list[markdown.Block], session: markdown.Session, base_url: str, env: dict[str, str]
) -> list[str]:
    """Run one section; the problems found (empty when it ran as documented)."""
    script = markdown.script(setup, session).replace(DOC_URL, base_url)
    where = f"{session.path.name} § {session.section}"
    try:
        done = subprocess.run(
            ["bash", "-c", script],
            cwd=ROOT,  # the examples call .venv/bin/foxden, as from a clone
            capture_output=True,
            text=True,
            env=env,
            timeout=SESSION_TIMEOUT_S,
            check=False,
        )
    except subprocess.TimeoutExpired as error:
        return [f"{where}: still running after {SESSION_TIMEOUT_S} s\n{error.stdout}"]
    if done.returncode != 0:
        return [
            f"{where}: exit status {done.returncode}\n--- stdout (end)\n{done.stdout[-3000:]}"
            f"\n--- stderr\n{done.stderr[-3000:]}"
        ]
    printed = markdown.outputs(done.stdout)
    problems = []
    for block in [*setup, *session.blocks]:
        if block.expected is None:
            continue
        actual = printed.get(block.line, "")
        missing = markdown.unmet(block.expected, actual, block.expected_lang)
        if missing:
            problems.append(
                f"{where}, block at line {block.line}: its output lacks {missing}\n"
                f"--- it printed\n{actual[-2000:]}"
            )
    return problems


def run_file(path: Path, base_url: str, env: dict[str, str]) -> list[str]:
    setup, sessions = markdown.sessions(path)
    assert sessions, f"{path.name} has no runnable sections"
    with ThreadPoolExecutor(max_workers=len(sessions)) as pool:
        found = pool.map(lambda s: run_session(setup, s, base_url, env), sessions)
        return [problem for problems in found for problem in problems]


@pytest.mark.parametrize("path", RUNNABLE, ids=lambda p: p.name)
def test_the_curl_examples_run_as_written(service: live.Live, path: Path, tmp_path: Path):
    assert shutil.which("bash"), "the docs' examples are bash; install bash"
    stand_in = shutil.which("curl") is None
    if stand_in:
        print("curl is not installed: the examples run on the Python stand-in")
    started = time.monotonic()
    problems = run_file(path, service.base_url, shell_env(tmp_path, stand_in=stand_in))
    print(f"{path.name}: {time.monotonic() - started:.1f} s")
    assert not problems, "\n\n".join(problems)


def test_the_curl_stand_in_runs_the_error_examples(service: live.Live, tmp_path: Path):
    """The stand-in must behave like curl where it counts, or it could hide broken docs."""
    setup, sessions = markdown.sessions(DOCS / "api.md")
    errors = next(s for s in sessions if s.section == "Errors")
    problems = run_session(setup, errors, service.base_url, shell_env(tmp_path, stand_in=True))
    assert not problems, "\n\n".join(problems)


def test_the_examples_use_only_what_the_stand_in_knows():
    """Every curl command line of the runnable docs parses with the stand-in's options."""
    count = 0
    for path in RUNNABLE:
        for block in markdown.blocks(path):
            if block.lang == "bash":
                for argv in markdown.curl_commands(block.code):
                    count += 1
                    try:
                        curl_shim.parse(argv)
                    except curl_shim.Usage as error:
                        pytest.fail(f"{path.name}, block at line {block.line}: {error}: {argv}")
    assert count > 50


# --- foxden demo -------------------------------------------------------------------------------


def test_demo_shows_a_whole_game_move_by_move(service: live.Live):
    out = io.StringIO()
    summary = demo_module.run(
        service.base_url, "fette-beute", 4, "greedy,random", 0.0, out=out, stall_s=20
    )
    text = out.getvalue()
    assert summary["status"] == "finished"
    event_lines = [line for line in text.splitlines() if line[:5].strip().isdigit()]
    assert len(event_lines) == summary["version"], text  # one line per event, none lost
    assert "game created: fette-beute for 4 players" in text
    assert "game over; the seed is revealed" in text
    table = text[text.index("Result") :].splitlines()
    assert table[1].split() == ["seat", "name", "score", "winner"]
    rows = [row.split() for row in table[2:6]]
    assert [int(row[0]) for row in rows] == [0, 1, 2, 3]
    winners = [int(row[0]) for row in rows if row[-1] == "yes"]
    assert winners == summary["result"]["winners"]
    assert [row[1] for row in rows] == ["greedy", "random", "greedy", "random"]


def test_demo_paces_the_moves(service: live.Live):
    out = io.StringIO()
    now = [0.0]  # the demo's clock: its sleeps advance it, and no real time passes

    def sleep(seconds: float) -> None:
        now[0] += seconds

    summary = demo_module.run(
        service.base_url,
        "fette-beute",
        3,
        "greedy",
        0.5,
        out=out,
        clock=lambda: now[0],
        sleep=sleep,
    )
    moves = sum(1 for line in out.getvalue().splitlines() if line[6:7] == "*")
    bot_moves = moves - 1  # the creation is a move of the system
    assert bot_moves > 0 and summary["status"] == "finished"
    assert now[0] == pytest.approx(0.5 * bot_moves)  # a pause before each bot move, no other


def test_demo_says_what_is_wrong(service: live.Live, capsys: pytest.CaptureFixture[str]):
    cases = [
        ((service.base_url, "chess"), "no game 'chess'; choose one of: fette-beute"),
        ((service.base_url, "sly", 9), "SLY takes 2 to 4 players, not 9"),
        ((service.base_url, "sly", 2, "clever"), "no strategy 'clever' for sly"),
        (("http://127.0.0.1:9",), "cannot reach Foxden at http://127.0.0.1:9"),
    ]
    for args, message in cases:
        assert demo_module.demo(*args, out=io.StringIO()) == 1
        assert message in capsys.readouterr().err


def test_the_progress_line_follows_the_game():
    progress = demo_module.Progress("gloria-picktoria")
    created = {"version": 1, "type": "GameCreated", "by": {"seat": None}, "cause": {}}
    created["data"] = {"players": 2, "options": {"final_scoring_at": 10}}
    progress.see(created)
    aside = {"version": 9, "type": "ScoringCardSetAside", "by": {"seat": 0}, "data": {"count": 4}}
    progress.see(aside)
    assert progress.text() == "v9  0 moves  scoring cards 4/10"


def test_every_event_of_every_game_has_a_readable_line():
    """No event type falls back to the raw ``Type k=v`` form (the catalogue's types)."""
    for game, types in markdown.catalogue_types(DOCS / "events.md").items():
        for kind in types:
            line = demo_module.describe(game, {"type": kind, "data": SAMPLE_DATA})
            assert not line.startswith(kind), (game, kind, line)


# Every field any event has, with a plausible value, so that every formatter finds its fields.
SAMPLE_DATA = {
    "game": "g", "players": 3, "rules_version": "g/1", "seat": 1, "name": "Ada",
    "start_player": 0, "strategy": "greedy", "seed": "00" * 32, "result": {},
    "supply_size": 71, "animals": ["squirrel", "marmot"], "animal": "squirrel", "how": "chosen",
    "food": "acorn", "thief": 0, "victim": 1, "source": "beaver", "beavers": [1],
    "payout": "solo", "round": 2, "crown": 1, "reason": "round_cap", "scores": [1, 2, 3],
    "spaces": [], "space": "h0-1", "card": "hen1", "owner": 0, "value": 1, "flipped": [],
    "gobbled": None, "safe": None, "returned": [], "flips": [], "display": ["m1"],
    "pile_size": 80, "chest": 0, "cost": 1, "motif": "m1", "opened": True, "slot": 0,
    "count": 1, "number": 1, "totals": [1, 2], "next": 0,
}  # fmt: skip


# --- the container health checks ----------------------------------------------------------------


def test_the_health_checks_pass_on_a_running_service(
    service: live.Live, monkeypatch: pytest.MonkeyPatch
):
    port = int(service.base_url.rsplit(":", 1)[1])
    assert healthcheck.api_ready(port) is None
    assert healthcheck.api_ready(live.free_port()) is not None  # nothing listens there
    for name in ("REDIS_URL", "FOXDEN_QUEUE_PREFIX"):
        monkeypatch.setenv(name, service.env[name])
    assert healthcheck.worker_alive() is None
    assert "no RQ worker registered from host" in (healthcheck.worker_alive("elsewhere") or "")
