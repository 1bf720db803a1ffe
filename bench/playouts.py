"""Random playouts per second, for every registered game and player count (run by hand).

Only the engine is measured: legal commands, a random choice, decide and evolve, as a bot
search would use them. No views, no JSON, no Redis.

    .venv/bin/python bench/playouts.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from domain import fairness, registry
from domain.game import Command, GameDefinition


def started(game: GameDefinition, players: int, rng: random.Random) -> Any:
    """A game with default options, dealt from a seed drawn from ``rng``."""
    options = {name: option.default for name, option in game.options.items()}
    state = game.initial_state(players, options)
    start = fairness.derive_start(
        rng.randbytes(32), [""] * players, game.shuffles(players, options), players
    )
    for event in game.decide(state, Command(None, start)):
        state = game.evolve(state, event)
    return state


def playout(game: GameDefinition, players: int, rng: random.Random) -> int:
    """One random game; returns how many commands it took."""
    state = started(game, players, rng)
    steps = 0
    while game.result(state) is None:
        seat = rng.choice(sorted(game.to_act(state)))
        body = rng.choice(game.legal_commands(state, seat))
        for event in game.decide(state, Command(seat, body)):
            state = game.evolve(state, event)
        steps += 1
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per player count")
    args = parser.parse_args()
    rng = random.Random(1)
    print(f"{'game':<18} {'players':>7} {'games/s':>9} {'commands/s':>11} {'commands/game':>14}")
    for game in registry.all_games():
        for players in range(game.min_players, game.max_players + 1):
            games = steps = 0
            started = time.perf_counter()
            while time.perf_counter() - started < args.seconds:
                steps += playout(game, players, rng)
                games += 1
            elapsed = time.perf_counter() - started
            print(
                f"{game.id:<18} {players:>7} {games / elapsed:>9.0f} {steps / elapsed:>11.0f}"
                f" {steps / games:>14.0f}"
            )


if __name__ == "__main__":
    main()
