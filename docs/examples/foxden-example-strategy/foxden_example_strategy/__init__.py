"""A Foxden strategy plugin: ``first`` plays the first legal command, in every game.

A strategy is ``(view, legal, rng) -> body``: it sees its seat's view (a JSON-like dict) and
the legal command bodies, and returns one of them. Any randomness comes from ``rng``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

Strategy = Callable[[Mapping[str, Any], list[dict[str, Any]], random.Random], dict[str, Any]]


def first(view: Mapping[str, Any], legal: list[dict[str, Any]], rng: random.Random) -> dict:
    """The first legal command: predictable, and a fine sparring partner."""
    return legal[0]


def for_game(game_id: str) -> Strategy | None:
    """Every game: ``first`` needs nothing but the legal list."""
    return first
