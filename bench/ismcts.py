"""CPU time per ``ismcts`` move at its registered iteration budget (run by hand).

Plays games of ``greedy`` bots in-process (no Redis) and times one ``ismcts`` decision at every
turn of seat 0, in CPU time of this process (``time.process_time``), so that other processes on
a shared machine inflate it far less than wall time. Pass ``--iterations`` to try other budgets.

    .venv/bin/python bench/ismcts.py [--games 3] [--iterations N]
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
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

TABLES = [("fette-beute", 4), ("sly", 2), ("sly", 3), ("gloria-picktoria", 3)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=None)
    args = parser.parse_args()
    print(
        f"{'game':<18} {'players':>7} {'iterations':>10} {'moves':>6} {'mean ms':>8} {'p90 ms':>7}"
    )
    for game_id, players in TABLES:
        game = registry.get(game_id)
        rules = importlib.import_module(f"domain.{game_id.replace('-', '_')}.search").SEARCH
        if args.iterations:
            rules = dataclasses.replace(rules, iterations=args.iterations)
        search = Ismcts(rules)
        rng = random.Random(1)
        times = []
        for _ in range(args.games):
            state = started(game, players, rng)
            while game.result(state) is None:
                seat = min(game.to_act(state))
                view, legal = game.view(state, seat), game.legal_commands(state, seat)
                if seat == 0 and len(legal) > 1:
                    began = time.process_time()
                    search(view, legal, random.Random(len(times)))
                    times.append(1000 * (time.process_time() - began))
                body = game.strategies["greedy"](view, legal, rng)
                for event in game.decide(state, Command(seat, body)):
                    state = game.evolve(state, event)
        times.sort()
        budget = rules.iterations
        budget = budget.get(players) if isinstance(budget, dict) else budget
        print(
            f"{game_id:<18} {players:>7} {budget:>10} {len(times):>6}"
            f" {statistics.mean(times):>8.0f} {times[int(0.9 * len(times))]:>7.0f}"
        )


if __name__ == "__main__":
    main()
