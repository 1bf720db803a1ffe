"""Bot strategies from plugins, and the guard every bot move goes through.

A package brings strategies by declaring entry points in the ``foxden.strategies`` group::

    [project.entry-points."foxden.strategies"]
    cautious = "my_bots.cautious:for_game"

The entry point's name is the strategy's name (as seats and the catalogue name it); its object
is a function ``for_game(game_id: str) -> Strategy | None`` that returns the strategy for that
game, or None when it does not play it. A strategy is ``(view, legal, rng) -> body``: it sees
its seat's view and legal commands only, and draws any randomness from ``rng``, which the
service seeds per move. ``install_plugins`` adds them to the games' definitions, so that
creating a game, the catalogue and the workers all see the same names. A built-in name wins
over a plugin's, and a plugin that fails to load is logged and skipped.

``choose`` runs a strategy for one move: one that raises, or returns a body that is not one of
the legal commands, is logged and replaced by ``random`` for that move, so no bot can wedge a
game. A move budget (``set_move_budget_ms``; ``FOXDEN_BOT_MOVE_MS``, set by the composition
root) gives strategies that accept a ``stop`` callable (``ismcts``) a wall-clock budget per
move on top of their iteration budget; without one, the iteration budget alone decides, and a
retried job makes the same choice.
"""

from __future__ import annotations

import dataclasses
import importlib
import logging
import random
import threading
import time
from collections.abc import Callable, Mapping
from importlib.metadata import entry_points
from typing import Any

from domain import registry
from domain.game import GameDefinition, Strategy

log = logging.getLogger(__name__)

GROUP = "foxden.strategies"
_lock = threading.Lock()
# The definitions as the game packages register them, kept so that a refresh starts from them.
_builtin: dict[str, GameDefinition] = {}


def discover() -> dict[str, dict[str, Strategy]]:
    """Every plugin strategy, by game id then name; broken plugins are logged and skipped."""
    found: dict[str, dict[str, Strategy]] = {}
    games = list(_builtin.values()) or registry.all_games()
    for point in sorted(entry_points(group=GROUP), key=lambda point: point.name):
        try:
            for_game = point.load()
            for game in games:
                strategy = for_game(game.id)
                if strategy is None:
                    continue
                if not callable(strategy):
                    raise TypeError(f"returned {type(strategy).__name__} for {game.id}")
                found.setdefault(game.id, {})[point.name] = strategy
        except Exception:
            log.exception("strategy plugin %s (%s) failed to load", point.name, point.value)
    return found


def install_plugins(*, refresh: bool = False) -> None:
    """Add the plugin strategies to the registered games: once per process, or again."""
    with _lock:
        if _builtin and not refresh:
            return
        if not _builtin:
            _builtin.update((game.id, game) for game in registry.all_games())
        importlib.invalidate_caches()  # a package installed since start-up is found too
        plugins = discover()
        for game_id, game in _builtin.items():
            added = {}
            for name, strategy in plugins.get(game_id, {}).items():
                if name in game.strategies:
                    log.warning("strategy plugin %s: %s has a built-in of that name", name, game_id)
                else:
                    added[name] = strategy
            registry.register(dataclasses.replace(game, strategies={**game.strategies, **added}))


@dataclasses.dataclass
class MoveBudget:
    """The wall-clock budget of each bot move in this process (milliseconds), or None.

    One per process, like the plugins above: the service calls ``choose`` without a budget,
    and every bot move of the process obeys this one (``FOXDEN_BOT_MOVE_MS``).
    """

    ms: float | None = None


MOVE_BUDGET = MoveBudget()


def set_move_budget_ms(budget_ms: float | None) -> None:
    """Give each bot move of this process ``budget_ms`` of wall-clock time (None: no limit)."""
    MOVE_BUDGET.ms = budget_ms


def move_budget_ms() -> float | None:
    return MOVE_BUDGET.ms


def choose(
    name: str,
    strategy: Strategy,
    view: Mapping[str, Any],
    legal: list[dict[str, Any]],
    rng: random.Random,
    *,
    clock: Callable[[], float] = time.monotonic,
) -> dict[str, Any]:
    """``strategy``'s move, or a random legal one when it raises or answers something illegal."""
    try:
        if getattr(strategy, "accepts_stop", False) and (budget := move_budget_ms()):
            deadline = clock() + budget / 1000
            # ``accepts_stop``: a strategy beyond the plain ``Strategy`` signature takes ``stop``.
            body = strategy(view, legal, rng, stop=lambda: clock() >= deadline)  # type: ignore[call-arg]
        else:
            body = strategy(view, legal, rng)
    except Exception:
        log.exception("strategy %s raised; a random move replaces it", name)
        return rng.choice(legal)
    if body not in legal:
        log.warning("strategy %s returned an illegal move %r; a random one replaces it", name, body)
        return rng.choice(legal)
    return dict(body)
