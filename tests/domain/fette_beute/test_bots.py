"""The bots: they answer with a legal command, and greedy clearly beats random.

The full strength figure (1,000 four-player games, one greedy against three random bots) is
measured by hand with ``python -m tests.domain.fette_beute.test_bots 1000``; the suite plays a
smaller sample against a lower bar.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence

from domain.fette_beute import GAME
from domain.fette_beute.bots import greedy, random_strategy
from domain.fette_beute.search import ismcts
from domain.game import Command, Strategy, fold
from tests.domain import playout


def play_bots(strategies: Sequence[Strategy], seed: int) -> dict:
    """One game between the given strategies (one per seat); returns the result."""
    rng = random.Random(seed)
    state = playout.start(GAME, len(strategies), rng).state
    while (result := GAME.result(state)) is None:
        seat = min(GAME.to_act(state))
        legal = GAME.legal_commands(state, seat)
        body = strategies[seat](GAME.view(state, seat), legal, rng)
        assert body in legal
        state = fold(GAME, state, GAME.decide(state, Command(seat, body)))
    return result


def greedy_win_rate(games: int, players: int = 4) -> float:
    """Share of games a single greedy bot wins (shared wins count) against random bots."""
    wins = 0
    for seed in range(games):
        seat = seed % players  # rotate greedy round the table
        strategies = [greedy if s == seat else random_strategy for s in range(players)]
        wins += seat in play_bots(strategies, seed)["winners"]
    return wins / games


def test_the_strategies_are_registered():
    assert GAME.strategies == {"random": random_strategy, "greedy": greedy, "ismcts": ismcts}


def test_every_bot_answers_with_a_legal_command_at_every_table_size():
    for players in (3, 4, 5, 6):
        for seed in range(10):
            table = [greedy, random_strategy] * 3
            assert play_bots(table[:players], seed)["winners"]


def test_greedy_beats_random():
    assert greedy_win_rate(300) >= 0.35


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    print(f"greedy vs 3 random, {count} games: {greedy_win_rate(count):.1%} won")
