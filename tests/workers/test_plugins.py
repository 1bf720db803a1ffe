"""Strategy plugins, installed for real and played by real worker processes.

The example plugin of ``docs/examples/foxden-example-strategy`` and the misbehaving one of
``tests/plugins/foxden-faulty-strategy`` are built with ``pip install --target`` into a
temporary directory (the venv is left alone), which goes on the workers' ``PYTHONPATH`` and on
this process's ``sys.path`` (the test process creates the games, so it must know the names).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from domain import registry
from service import strategies
from service.api import create_app
from service.games import GameService
from tests.workers.conftest import ROOT, Workers, ended, envelopes, wait_until

PLUGINS = {
    "foxden-example-strategy": ROOT / "docs" / "examples" / "foxden-example-strategy",
    "foxden-faulty-strategy": ROOT / "tests" / "plugins" / "foxden-faulty-strategy",
}


@pytest.fixture(scope="module")
def plugin_path(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    base = tmp_path_factory.mktemp("plugins")
    sources = []
    for name, source in PLUGINS.items():
        copy = base / "src" / name  # setuptools writes build/ and egg-info next to the code
        shutil.copytree(source, copy)
        sources.append(str(copy))
    target = base / "site"
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index"]
    subprocess.run(
        [*pip, "--no-build-isolation", "--target", str(target), *sources],
        check=True,
        capture_output=True,
    )
    sys.path.insert(0, str(target))
    strategies.install_plugins(refresh=True)
    yield target
    sys.path.remove(str(target))
    strategies.install_plugins(refresh=True)


@pytest.fixture
def plugin_workers(workers: Workers, plugin_path: Path) -> Workers:
    workers.env["PYTHONPATH"] = str(plugin_path)
    return workers


def test_the_catalogue_lists_plugin_strategies(games: GameService, plugin_path: Path) -> None:
    client = create_app(games, {"RATE_LIMIT": "off"}).test_client()
    catalogue = {entry["id"]: entry for entry in client.get("/v1/catalog").get_json()["games"]}
    for game_id in ("fette-beute", "sly", "gloria-picktoria"):
        assert {"first", "crashing", "ismcts", "greedy"} <= set(catalogue[game_id]["strategies"])
    assert "cheating" in catalogue["fette-beute"]["strategies"]
    assert "cheating" not in catalogue["sly"]["strategies"]  # its function said None for sly
    assert "unloadable" not in catalogue["sly"]["strategies"]
    # A built-in name is never taken over by a plugin.
    assert registry.get("sly").strategies["greedy"].__module__ == "domain.sly.bots"


def test_the_example_plugin_plays_through_a_worker(
    games: GameService, plugin_workers: Workers
) -> None:
    (name,) = plugin_workers.start(1)
    game_id = games.create("sly", [{"kind": "bot", "strategy": s} for s in ("first", "greedy")], {})
    game_id = game_id.game_id
    wait_until(lambda: ended(games, game_id), 60, "the game to end")
    mine = [e for e in envelopes(games, game_id) if e.cause and e.by.get("seat") == 0]
    assert len(mine) >= 3
    game = registry.get("sly")
    for envelope in mine:
        before = games.state_at(game_id, envelope.version - 1)
        assert envelope.by["kind"] == "bot"
        assert envelope.cause == game.legal_commands(before.board, 0)[0]  # what `first` plays
    assert "replaces it" not in plugin_workers.log(name)


def test_a_crashing_or_cheating_plugin_never_stalls_a_game(
    games: GameService, plugin_workers: Workers
) -> None:
    (name,) = plugin_workers.start(1)
    seats = [{"kind": "bot", "strategy": s} for s in ("crashing", "cheating", "greedy")]
    game_id = games.create("fette-beute", seats, {}).game_id
    wait_until(lambda: ended(games, game_id), 60, "the game to end")
    history = envelopes(games, game_id)
    assert history[-1].type == "GameEnded"
    assert {e.by.get("seat") for e in history if e.cause} >= {0, 1, 2}
    log = plugin_workers.log(name)
    assert "strategy crashing raised; a random move replaces it" in log
    assert "strategy cheating returned an illegal move" in log
    assert "strategy plugin unloadable" in log  # logged and skipped, the worker runs on
    assert "strategy greedy raised" not in log  # the built-in greedy played, not the plugin's
