"""``foxden bot`` (foxden/bot.py): the remote runner plays whole games through a real API.

A real ``foxden api`` (one gunicorn worker, on a port of its own) and a real ``foxden worker``
(for the built-in bots' seats) on the test's Redis; the runner, in this process, plays an
account's seat through the generated client only. Its strategy is ``greedy`` registered under
another name with a recorder around it, exactly as a plug-in would be found, so the test sees
what the strategy received: at every decision the view and legal commands are those the
workers compute for that seat and version (``GameService.bot_choice``'s inputs). One game is
played across a restart of the API (killed, started again on the same port). The stubbed
tests at the end drive the decision logic with an ``httpx.MockTransport``: a stale version is
read again and never resent, a lost answer is resent with the same idempotency key only.
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import json
import os
import signal
import subprocess
import sys
import threading
import time
import traceback
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from foxden_client import AuthenticatedClient, models
from foxden_client.streams import AccountStream, Backoff, GameEvents

from domain import match, registry
from foxden.bootstrap import build_service
from foxden.bot import Move, RemoteBot, SeekSpec
from service import strategies
from service.ports import RecordingScheduler
from tests.docs.live import ROOT, alive, children, free_port, get, post, wait_finished

pytestmark = [pytest.mark.redis, pytest.mark.single_redis, pytest.mark.xdist_group("bot-runner")]

RECORDING = "recording-greedy"
PLAYERS = {"sly": 2, "fette-beute": 3, "gloria-picktoria": 2}
FAST = Backoff(first_s=0.05, most_s=0.5)
LAY = {"type": "lay", "card": "hen1", "space": "h0-1"}  # a legal first move of SLY


class Service:
    """``foxden api`` and one ``foxden worker`` on ``redis_url``; the API can be restarted."""

    def __init__(self, redis_url: str, logs: Path) -> None:
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.logs = logs
        self.env = {
            **{k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"},
            "REDIS_URL": redis_url,
            "FOXDEN_RATE_LIMIT": "off",
            "FOXDEN_QUEUE_PREFIX": f"fd-bot-{uuid.uuid4().hex[:8]}",
            "PYTHONUNBUFFERED": "1",
        }
        self.api: subprocess.Popen | None = None
        self.starts = 0
        self.worker = self._spawn(["worker", "--name", f"bot-runner-{uuid.uuid4().hex[:6]}"])

    def _spawn(self, args: list[str]) -> subprocess.Popen:
        log = (self.logs / f"{args[0]}-{self.starts}.log").open("wb")
        process = subprocess.Popen(
            [sys.executable, "-m", "foxden.cli", *args],
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        return process

    def start_api(self) -> None:
        self.api = self._spawn(["api", "--port", str(self.port), "--workers", "1"])
        self.starts += 1
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            assert self.api.poll() is None, self.output()
            try:
                with urllib.request.urlopen(self.base_url + "/readyz", timeout=1) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                pass
            time.sleep(0.05)
        raise AssertionError(f"foxden api was not ready: {self.output()}")

    def kill_api(self) -> None:
        """SIGKILL the API's master and worker, as a crash would: no graceful close."""
        assert self.api is not None
        for pid in [self.api.pid, *children(self.api.pid)]:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
        self.api.wait(10)

    def output(self) -> str:
        return "\n".join(path.read_text(errors="replace")[-3000:] for path in self.logs.iterdir())

    def stop(self) -> None:
        for process in (self.api, self.worker):
            if process is not None and process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait(5)


@pytest.fixture(scope="module")
def service(single_redis_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Service]:
    running = Service(single_redis_url, tmp_path_factory.mktemp("bot-runner"))
    running.start_api()
    yield running
    running.stop()


@dataclasses.dataclass
class Recorder:
    """``greedy`` under another name, remembering every (view, legal) it was given."""

    given: list[tuple[dict, list]] = dataclasses.field(default_factory=list)


@pytest.fixture
def recorder() -> Iterator[Recorder]:
    """Register the recording strategy in every game, as ``install_plugins`` adds a plug-in's."""
    strategies.install_plugins()
    found = Recorder()
    originals = registry.all_games()
    for game in originals:
        greedy = game.strategies["greedy"]

        def recording(view: Any, legal: Any, rng: Any, greedy: Any = greedy) -> Any:
            found.given.append((copy.deepcopy(view), copy.deepcopy(legal)))
            return greedy(view, legal, rng)

        registry.register(
            dataclasses.replace(game, strategies={**game.strategies, RECORDING: recording})
        )
    yield found
    for game in originals:
        registry.register(game)


def sign_up(base_url: str, handle: str | None = None) -> str:
    handle = handle or f"rb-{uuid.uuid4().hex[:10]}"
    status, body = post(base_url + "/v1/accounts", {"handle": handle, "kind": "bot"})
    assert status == 201, body
    return body["key"]["key"]


def post_with(base_url: str, path: str, key: str, body: Any) -> dict:
    request = urllib.request.Request(
        base_url + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {key}"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def create_table(base_url: str, key: str, game: str) -> str:
    """A table of ``game`` for the account (seat 0) and built-in ``greedy`` bots."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "strategy": "greedy"}] * (PLAYERS[game] - 1)
    request = urllib.request.Request(
        base_url + "/v1/games",
        data=json.dumps({"game": game, "seats": seats}).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {key}"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())["id"]


class Running:
    """A :class:`RemoteBot` on a thread of its own, with every move it made."""

    def __init__(self, base_url: str, key: str, **options: Any) -> None:
        self.moves: list[Move] = []
        self.moved = threading.Condition()
        self.bot = RemoteBot(
            base_url, key, RECORDING, concurrency=4, backoff=FAST, on_move=self._moved, **options
        )
        self.thread = threading.Thread(target=self.bot.run, daemon=True)

    def _moved(self, move: Move) -> None:
        with self.moved:
            self.moves.append(move)
            self.moved.notify_all()

    def wait_moves(self, count: int, timeout: float = 20) -> None:
        with self.moved:
            assert self.moved.wait_for(lambda: len(self.moves) >= count, timeout), self.moves

    def __enter__(self) -> Running:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.bot.stop()
        self.thread.join(20)
        if self.thread.is_alive():  # say where it hangs
            stacks = "".join(
                "".join(traceback.format_stack(frame)) for frame in sys._current_frames().values()
            )
            raise AssertionError(f"the runner did not stop:\n{stacks}")


def check_game(service: Service, game_id: str, runner: Running, recorder: Recorder) -> None:
    """The game finished with every move of seat 0 made once by the runner, and the strategy
    was given, at each, the view and legal commands the workers compute there."""
    summary = wait_finished(service.base_url, game_id, timeout=30)
    moves = [move for move in runner.moves if move.game == game_id]
    assert moves and all(200 <= move.status < 300 for move in moves)
    decisions = [(move.game, move.version) for move in moves]
    assert len(decisions) == len(set(decisions)), "a move was sent twice for one version"
    # Every command of seat 0 in the log is one of the runner's moves (no timeout, no bot
    # played for it), and there are exactly as many.
    status, page = get(f"{service.base_url}/v1/games/{game_id}/events?limit=5000")
    assert status == 200
    by_seat0 = {
        event["version"]
        for event in page["events"]
        if event["by"].get("seat") == 0 and event["by"].get("kind") != "system"
    }
    assert all(event["by"].get("kind") != "timeout" for event in page["events"])
    assert {version + 1 for _, version in decisions} <= by_seat0
    assert summary["seats"][0]["played_by"] == "person"
    # The strategy's inputs, as the workers make them at the same version.
    games = build_service(service.env["REDIS_URL"], RecordingScheduler())
    given = {json.dumps(view, sort_keys=True): legal for view, legal in recorder.given}
    for move in moves:
        state, _ = games.state_and_latest(game_id, move.version)
        worker_view = state.definition.view(state.board, move.seat)
        worker_legal = match.game_moves(state, move.seat)
        assert move.view == worker_view
        assert move.legal == worker_legal
        assert given[json.dumps(worker_view, sort_keys=True)] == worker_legal
        assert move.body in worker_legal


def test_the_runner_plays_sly_from_its_stream(service: Service, recorder: Recorder):
    """Started before the table exists: the game comes as game_started, then your_turn."""
    key = sign_up(service.base_url)
    with Running(service.base_url, key) as runner:
        game_id = create_table(service.base_url, key, "sly")
        check_game(service, game_id, runner, recorder)


def test_the_runner_plays_fette_beute_found_in_its_picture(service: Service, recorder: Recorder):
    """The table exists first (its first decision is in the stream's ``games`` picture);
    Fette Beute's choices are simultaneous, so the runner meets versions that moved."""
    key = sign_up(service.base_url)
    game_id = create_table(service.base_url, key, "fette-beute")
    with Running(service.base_url, key) as runner:
        check_game(service, game_id, runner, recorder)


def test_the_runner_finishes_gloria_picktoria_across_an_api_restart(
    service: Service, recorder: Recorder
):
    key = sign_up(service.base_url)
    with Running(service.base_url, key) as runner:
        game_id = create_table(service.base_url, key, "gloria-picktoria")
        runner.wait_moves(3)
        assert get(f"{service.base_url}/v1/games/{game_id}")[1]["status"] == "active"
        service.kill_api()
        dropped_at = len(runner.moves)
        service.start_api()
        check_game(service, game_id, runner, recorder)
        assert runner.bot.tally.drops >= 1
        assert len(runner.moves) > dropped_at, "no move after the restart"


def test_the_stream_helpers_surface_a_reset_and_read_typed_events(service: Service):
    """An id the account stream never gave (later than its last): ``reset``, then the
    picture, both typed; a
    game's events come as the generated event models, resumed after the version given."""
    key = sign_up(service.base_url)
    game_id = create_table(service.base_url, key, "sly")
    client = AuthenticatedClient(base_url=service.base_url, token=key)
    stream = AccountStream(client, last_event_id="99999999999999-0", backoff=FAST)
    frames = iter(stream)
    reset, picture = next(frames), next(frames)
    stream.close()
    assert isinstance(reset, models.ResetFrame), reset
    assert isinstance(picture, models.GamesFrame), picture
    assert [item.game for item in picture.active] == [game_id]
    assert stream.last_event_id == picture.id
    events = GameEvents(client, game_id, after=1, backoff=FAST)
    second = next(iter(events))
    events.close()
    assert type(second).__name__ == "PlayerJoinedEvent" and events.after == 2


def finished_game(base_url: str, key: str, timeout: float = 30) -> dict:
    """The account's first finished game, once there is one."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        request = urllib.request.Request(
            base_url + "/v1/me/games?status=finished", headers={"Authorization": f"Bearer {key}"}
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            games = json.loads(answer.read())["games"]
        if games:
            return games[0]
        time.sleep(0.2)
    raise AssertionError("no game finished")


def test_two_runners_seeking_are_paired_and_play_it_out_then_seek_again(
    service: Service, recorder: Recorder
):
    ada, bob = sign_up(service.base_url), sign_up(service.base_url)
    seek = (SeekSpec("sly", 2),)
    with (
        Running(service.base_url, ada, seeks=seek, max_games=1) as first,
        Running(service.base_url, bob, seeks=seek, max_games=1) as second,
    ):
        game = finished_game(service.base_url, ada)
        check_game(service, game["id"], first if game["seat"] == 0 else second, recorder)
        # Room again under --max-games: each keeps a seek open for the next game.
        for runner in (first, second):
            deadline = time.monotonic() + 10
            while runner.bot.tally.seeks_posted < 2 and time.monotonic() < deadline:
                time.sleep(0.05)
            assert runner.bot.tally.seeks_posted == 2


@pytest.mark.parametrize(
    ("text", "body"),
    [
        ("sly:3", {"game": "sly", "players": 3}),
        ("fette-beute:4:60", {"game": "fette-beute", "players": 4, "bots_after_s": 60}),
    ],
)
def test_a_seek_flag_names_the_game_the_players_and_when_bots_may_fill(text: str, body: dict):
    assert SeekSpec.parse(text).body() == body


@pytest.mark.parametrize("text", ["sly", "sly:", "sly:x", ":3", "sly:3:", "sly:3:1m", "a:1:2:3"])
def test_a_seek_flag_that_is_not_game_players_is_refused(text: str):
    with pytest.raises(argparse.ArgumentTypeError):
        SeekSpec.parse(text)


def test_a_runner_accepts_a_challenge_and_plays_it(service: Service, recorder: Recorder):
    handle = f"rb-{uuid.uuid4().hex[:10]}"
    challenged, challenger = sign_up(service.base_url, handle), sign_up(service.base_url)
    with (
        Running(service.base_url, challenged, accept_challenges=True) as accepting,
        Running(service.base_url, challenger) as challenging,
    ):
        post_with(
            service.base_url, "/v1/challenges", challenger, {"game": "sly", "opponents": [handle]}
        )
        game = finished_game(service.base_url, challenged)
        assert accepting.bot.tally.accepted == 1
        check_game(service, game["id"], challenging if game["seat"] else accepting, recorder)


# --- the decisions, on a stubbed API -------------------------------------------------------


class StubbedApi:
    """Answers legal-moves, state and commands of one SLY game for seat 0; each command's
    answer is taken from ``answers`` in turn (a status, or an exception to raise)."""

    def __init__(self, answers: list[int | Exception]) -> None:
        self.version = 5
        self.answers = answers
        self.commands: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        path = request.url.path
        moves = [LAY, {"type": "leave"}]
        if path.endswith("/legal-moves"):
            return httpx.Response(200, json={"version": self.version, "seat": 0, "moves": moves})
        if path.endswith("/state"):
            return httpx.Response(200, json=stub_view(self.version))
        assert path.endswith("/commands"), path
        self.commands.append(request)
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        if answer == 412:
            self.version += 1  # another seat moved meanwhile
            return httpx.Response(412, json={"code": "version_mismatch", "status": 412})
        return httpx.Response(answer, json={"version": self.version + 1, "events": []})


def stub_view(version: int) -> dict[str, Any]:
    return {
        "game": "sly",
        "status": "active",
        "version": version,
        "seat": 0,
        "to_act": [0],
        "seats": [],
        "board": {"stub": version},
        "result": None,
        "clocks": [],
    }


def stubbed_bot(api: StubbedApi) -> tuple[RemoteBot, list[tuple[dict, list]]]:
    given: list[tuple[dict, list]] = []

    def first(view: Any, legal: Any, rng: Any) -> Any:
        given.append((view, legal))
        return legal[0]

    sly = registry.get("sly")
    registry.register(dataclasses.replace(sly, strategies={**sly.strategies, "first": first}))
    bot = RemoteBot("http://foxden.test", "fdk_test", "first", backoff=FAST)
    bot.client.set_httpx_client(
        httpx.Client(
            base_url="http://foxden.test",
            transport=httpx.MockTransport(api),
            headers={"Authorization": "Bearer fdk_test"},
        )
    )
    return bot, given


@pytest.fixture
def restore_sly() -> Iterator[None]:
    strategies.install_plugins()
    sly = registry.get("sly")
    yield
    registry.register(sly)


def test_a_stale_version_is_read_again_and_the_move_made_at_the_new_one(restore_sly):
    api = StubbedApi([412, 201])
    bot, given = stubbed_bot(api)
    bot.decide("g1", 5, time.perf_counter())
    bot.decide("g1", 5, time.perf_counter())  # the same frame again (a resumed stream)
    sent = [(r.headers["If-Match"], r.headers["Idempotency-Key"]) for r in api.commands]
    assert sent == [('"5"', "foxden-bot-g1-5"), ('"6"', "foxden-bot-g1-6")]
    # The strategy got the board and the legal moves without ``leave``, read at each version.
    assert given == [({"stub": 5}, [LAY]), ({"stub": 6}, [LAY])]
    assert bot.tally.stale == 1 and bot.tally.moves == 1


def test_a_lost_answer_is_resent_with_the_same_key_and_body_only(restore_sly):
    api = StubbedApi([httpx.ReadError("connection reset"), 201])
    bot, given = stubbed_bot(api)
    bot.decide("g2", 5, time.perf_counter())
    keys = [request.headers["Idempotency-Key"] for request in api.commands]
    bodies = [json.loads(request.content) for request in api.commands]
    assert keys == ["foxden-bot-g2-5"] * 2
    assert bodies == [LAY] * 2
    assert len(given) == 1  # chosen once, sent again as it was
    assert bot.tally.moves == 1 and bot.tally.resent == 1
