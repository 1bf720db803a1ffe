"""The games Foxden hosts, by id."""

from __future__ import annotations

import importlib

from domain.game import GameDefinition

# Each module exposes ``GAME``. Adding a game is adding a line here; nothing else changes.
BUILTIN_GAMES = ("domain.fette_beute", "domain.gloria_picktoria", "domain.sly")

_games: dict[str, GameDefinition] = {}


class UnknownGame(KeyError):
    """No game is registered under that id."""


def register(game: GameDefinition) -> GameDefinition:
    """Make ``game`` available by its id (idempotent for the same definition)."""
    _games[game.id] = game
    return game


def _load_builtins() -> None:
    for module in BUILTIN_GAMES:
        game = importlib.import_module(module).GAME
        _games.setdefault(game.id, game)


def get(game_id: str) -> GameDefinition:
    """The game registered as ``game_id``; raises ``UnknownGame``."""
    if game_id not in _games:
        _load_builtins()
    try:
        return _games[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None


def builtin_games() -> list[GameDefinition]:
    """The games this package ships (``BUILTIN_GAMES``), sorted by id, whatever else has been
    registered since."""
    games = [importlib.import_module(module).GAME for module in BUILTIN_GAMES]
    return sorted(games, key=lambda game: game.id)


def all_games() -> list[GameDefinition]:
    """Every registered game, sorted by id."""
    _load_builtins()
    return sorted(_games.values(), key=lambda game: game.id)
