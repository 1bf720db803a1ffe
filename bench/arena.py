"""In-process matches of one strategy against others, for tuning bots quickly (run by hand).

No Redis, no workers: games are dealt and played straight through the decider, so a budget or
an evaluation can be tried in minutes. Seats rotate (game g puts the first strategy in seat
g mod players), the games run on every core, and the search bots are seeded by the game's
number, so a run repeats exactly. The figures that count are `foxden tournament`'s, which
plays through the service and the workers (docs/performance.md); this is the workbench.

    .venv/bin/python bench/arena.py --game sly --players 2 --strategies ismcts,greedy --games 200
    .venv/bin/python bench/arena.py --game sly --players 2 --iterations 120 --rollout-depth 30

Prints, per strategy: games, wins (a shared win counts as a win), the win rate with Wilson's
95 % interval, the fair share (the winners' seats over all seats), and the CPU time per
search move.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playouts import started

from domain import registry
from domain.game import Command
from domain.search import Ismcts
from foxden.tools.tournament import wilson


@dataclasses.dataclass(frozen=True)
class Match:
    game: str
    players: int
    strategies: tuple[str, ...]  # one per seat before rotation (the first repeats to fill)
    iterations: int | None
    rollout_depth: int | None
    move_ms: float | None  # the workers' FOXDEN_BOT_MOVE_MS: a search stops at this deadline


def _seats(match: Match, number: int) -> list[str]:
    line = list(match.strategies) + [match.strategies[-1]] * match.players
    line = line[: match.players]
    shift = number % match.players
    return line[-shift:] + line[:-shift] if shift else line


def _strategy(match: Match, name: str):
    game = registry.get(match.game)
    if name != "ismcts":
        return game.strategies[name], False
    module = importlib.import_module(f"domain.{match.game.replace('-', '_')}.search")
    rules = module.SEARCH
    if match.rollout_depth is not None:
        rules = dataclasses.replace(rules, rollout_depth=match.rollout_depth)
    return Ismcts(rules, match.iterations), True


def play(task: tuple[Match, int]) -> tuple[list[str], list[int], list[float]]:
    """One game: its seats' strategies, the winning seats, CPU seconds of each search move."""
    match, number = task
    game = registry.get(match.game)
    seats = _seats(match, number)
    chosen = [_strategy(match, name) for name in seats]
    deal = random.Random(f"{match.game}:{match.players}:{number}")
    rng = random.Random(number)
    state = started(game, match.players, deal)
    searched: list[float] = []
    while game.result(state) is None:
        seat = min(game.to_act(state))
        view, legal = game.view(state, seat), game.legal_commands(state, seat)
        strategy, is_search = chosen[seat]
        began = time.process_time()
        if is_search and match.move_ms:
            deadline = time.monotonic() + match.move_ms / 1000
            body = strategy(view, legal, rng, stop=lambda at=deadline: time.monotonic() >= at)
        else:
            body = strategy(view, legal, rng)
        if is_search and len(legal) > 1:
            searched.append(time.process_time() - began)
        for event in game.decide(state, Command(seat, body, "bot")):
            state = game.evolve(state, event)
    return seats, list(game.result(state)["winners"]), searched


def registered(value: object) -> str:
    return "registered" if value is None else str(value)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="sly")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--strategies", default="ismcts,greedy")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="number of the first game")
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--rollout-depth", type=int, default=None)
    parser.add_argument("--move-ms", type=float, default=None, help="as FOXDEN_BOT_MOVE_MS")
    parser.add_argument("--processes", type=int, default=multiprocessing.cpu_count())
    args = parser.parse_args()
    match = Match(
        args.game,
        args.players,
        tuple(args.strategies.split(",")),
        args.iterations,
        args.rollout_depth,
        args.move_ms,
    )
    tasks = [(match, n) for n in range(args.first, args.first + args.games)]
    began = time.monotonic()
    with multiprocessing.get_context("fork").Pool(args.processes) as pool:
        results = pool.map(play, tasks, chunksize=1)
    wins: dict[str, int] = {}
    played: dict[str, int] = {}
    seats_played = winners_total = 0
    searched: list[float] = []
    for seats, winners, times in results:
        searched += times
        seats_played += len(seats)
        winners_total += len(winners)
        for name in set(seats):
            played[name] = played.get(name, 0) + 1
            wins[name] = wins.get(name, 0) + any(seats[w] == name for w in winners)
    fair = winners_total / seats_played
    print(
        f"{args.game}, {args.players} players, {args.games} games in "
        f"{time.monotonic() - began:.0f} s; iterations {registered(args.iterations)}, "
        f"rollout depth {registered(args.rollout_depth)}, move cap "
        f"{args.move_ms or 'none'} ms; fair share {fair:.1%}"
    )
    for name, games in played.items():
        low, high = wilson(wins[name], games)
        print(
            f"  {name:<8} {wins[name]:>4} of {games:<4} {wins[name] / games:6.1%}"
            f"  ({low:.1%} – {high:.1%})"
        )
    if searched:
        searched.sort()
        print(
            f"  search move CPU: mean {1000 * statistics.mean(searched):.0f} ms, "
            f"p90 {1000 * searched[int(0.9 * len(searched))]:.0f} ms ({len(searched)} moves)"
        )


if __name__ == "__main__":
    main()
