"""A third-party client: generated from openapi.yaml, playing every game against ``foxden up``.

``openapi-python-client`` (pinned in the test extras) turns the document into a typed package
in a temporary directory; the test imports it and plays a whole game of each shipped game with
its command models (``SlyLay``, ``GloriaPicktoriaDrawBlind`` …: no dicts), against a real
running service with its workers. The same service, with a short ``FOXDEN_WAITING_EXPIRY_S``,
shows a table's cancel by its owner and its expiry by the workers, through the client too.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest

from tests.docs import live

pytestmark = [pytest.mark.xdist_group("live"), pytest.mark.redis, pytest.mark.slow]

EXPIRY_S = 4
PREFIX = {"fette-beute": "FetteBeute", "sly": "Sly", "gloria-picktoria": "GloriaPicktoria"}
PLAYERS = {"fette-beute": 3, "sly": 2, "gloria-picktoria": 2}


@pytest.fixture(scope="module")
def client_package(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    where = tmp_path_factory.mktemp("client")
    (where / "config.yaml").write_text("post_hooks: []\n")  # no ruff run on the output
    generator = Path(sys.executable).with_name("openapi-python-client")
    run = subprocess.run(
        [
            str(generator),
            "generate",
            "--path",
            str(live.ROOT / "openapi.yaml"),
            "--meta",
            "none",
            "--output-path",
            str(where / "foxden_client"),
            "--config",
            str(where / "config.yaml"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    # Every schema and endpoint made it: the generator warns about what it had to leave out.
    assert "WARNING" not in run.stdout + run.stderr, run.stdout + run.stderr
    sys.path.insert(0, str(where))
    try:
        package = importlib.import_module("foxden_client")
        importlib.import_module("foxden_client.models")
        yield package
    finally:
        sys.path.remove(str(where))


@pytest.fixture(scope="module")
def service(redis_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[live.Live]:
    env = {
        **os.environ,
        "REDIS_URL": redis_url,
        "FOXDEN_RATE_LIMIT": "20000 per minute",
        "FOXDEN_WAITING_EXPIRY_S": str(EXPIRY_S),
        "FOXDEN_QUEUE_PREFIX": f"fd-client-{uuid.uuid4().hex[:8]}",
    }
    running = live.start(env, tmp_path_factory.mktemp("live") / "up.log")
    yield running
    live.stop(running)


def op(package: ModuleType, name: str) -> Any:
    """An endpoint's module of the generated client: ``op(package, "play.post_command")``."""
    return importlib.import_module(f"{package.__name__}.api.{name}")


def clients(package: ModuleType, base_url: str, tokens: list[str]) -> tuple[Any, list[Any]]:
    anonymous = package.Client(base_url=base_url, raise_on_unexpected_status=True)
    seated = [
        package.AuthenticatedClient(base_url=base_url, token=token, raise_on_unexpected_status=True)
        for token in tokens
    ]
    return anonymous, seated


def create_body(models: ModuleType, game: str, seats: list) -> object:
    """The game's own create model (``CreateSly``): the document has one create body per game."""
    model = getattr(models, "Create" + "".join(part.capitalize() for part in game.split("-")))
    return model(game=game, seats=seats)


def create_and_fill(package: ModuleType, base_url: str, game: str) -> tuple[str, list[str]]:
    models = package.models
    anonymous = package.Client(base_url=base_url, raise_on_unexpected_status=True)
    seats = [models.HumanSeat(kind="human") for _ in range(PLAYERS[game])]
    created = op(package, "games.create_game").sync(
        client=anonymous, body=create_body(models, game, seats)
    )
    assert isinstance(created, models.CreatedGame) and created.owner_token
    tokens = []
    for n in range(PLAYERS[game]):
        joined = op(package, "games.join_game").sync(
            created.id, client=anonymous, body=models.Join(name=f"p{n}")
        )
        assert isinstance(joined, models.Joined)
        tokens.append(joined.token)
    return created.id, tokens


def choose(moves: list[Any], game: str) -> Any:
    """A game move (never ``leave``); in Gloria Picktoria a blind draw first, to end sooner."""
    playable = [move for move in moves if type(move).__name__ != "Leave"]
    assert playable, moves
    for move in playable:  # every move came back as the game's own typed command model
        assert type(move).__name__.startswith(PREFIX[game]), type(move)
    drawing = [move for move in playable if type(move).__name__ == "GloriaPicktoriaDrawBlind"]
    return (drawing or playable)[0]


@pytest.mark.parametrize("game", sorted(PREFIX))
def test_a_generated_client_plays_a_whole_game(
    client_package: ModuleType, service: live.Live, game: str
):
    package, models = client_package, client_package.models
    game_id, tokens = create_and_fill(package, service.base_url, game)
    anonymous, seated = clients(package, service.base_url, tokens)
    summary = op(package, "games.get_game").sync(game_id, client=anonymous)
    assert summary.status == models.Status.ACTIVE
    first = True
    for _ in range(3000):
        if summary.status != models.Status.ACTIVE:
            break
        seat = summary.to_act[0]
        legal = op(package, "play.get_legal_moves").sync(game_id, client=seated[seat])
        move = choose(legal.moves, game)
        if first:  # the first move as a developer would write it: built from the model class
            fields = attrs.fields(type(move))
            move = type(move)(**{f.name: getattr(move, f.name) for f in fields if f.init})
            first = False
        answer = op(package, "play.post_command").sync_detailed(
            game_id, client=seated[seat], body=move
        )
        assert answer.status_code == 201, answer.content
        result = answer.parsed
        assert isinstance(result, models.CommandResult)
        assert type(result.state.board).__name__ == f"{PREFIX[game]}Board"
        summary = op(package, "games.get_game").sync(game_id, client=anonymous)
    assert summary.status == models.Status.FINISHED
    assert type(summary.result).__name__ == f"{PREFIX[game]}Result"
    page = op(package, "events.get_events").sync(game_id, client=anonymous, limit=5000)
    types = {type(event).__name__ for event in page.events}
    assert {"GameCreatedEvent", "GameStartedEvent", "GameEndedEvent"} <= types
    assert all(name.startswith((PREFIX[game], "Game", "Player")) for name in types), types
    report = op(package, "audit.get_audit").sync(game_id, client=anonymous)
    assert report.ok is True and all(check.ok for check in report.checks)


def test_the_owner_cancels_and_a_waiting_table_expires(
    client_package: ModuleType, service: live.Live
):
    package, models = client_package, client_package.models
    anonymous = package.Client(base_url=service.base_url)
    seats = [models.HumanSeat(kind="human")] * 2
    body = create_body(models, "sly", seats)
    cancelled = op(package, "games.create_game").sync(client=anonymous, body=body)
    expiring = op(package, "games.create_game").sync(client=anonymous, body=body)

    listed = op(package, "games.list_games").sync(client=anonymous, open_=True, limit=200)
    mine = {item.id: item for item in listed.games if item.id in (cancelled.id, expiring.id)}
    assert {item.open_seats for item in mine.values()} == {2}

    joined = op(package, "games.join_game").sync(
        cancelled.id, client=anonymous, body=models.Join(name="ada")
    )
    as_seat = package.AuthenticatedClient(base_url=service.base_url, token=joined.token)
    refused = op(package, "games.cancel_game").sync_detailed(cancelled.id, client=as_seat)
    assert refused.status_code == 403
    as_owner = package.AuthenticatedClient(base_url=service.base_url, token=cancelled.owner_token)
    done = op(package, "games.cancel_game").sync(cancelled.id, client=as_owner)
    assert done.status == models.Status.CANCELLED
    feed = op(package, "events.get_events").sync(cancelled.id, client=anonymous)
    assert type(feed.events[-1]).__name__ == "TableCancelledEvent"

    # RQ's scheduler looks once a second or so; the margin is for a loaded machine, and a
    # passing test waits only until the table expired.
    deadline = time.monotonic() + EXPIRY_S + 60
    while time.monotonic() < deadline:
        summary = op(package, "games.get_game").sync(expiring.id, client=anonymous)
        if summary.status != models.Status.WAITING:
            break
        time.sleep(0.25)
    assert summary.status == models.Status.EXPIRED
    last = op(package, "events.get_events").sync(expiring.id, client=anonymous).events[-1]
    assert type(last).__name__ == "TableExpiredEvent"
    assert last.by.kind.value == "system"
    assert last.data.expires_at
