"""How well public data predicts a Fette Beute bot's secret choice, and what the bot wins (by hand).

Each built-in strategy plays seeded four-player games in process (no Redis), in one seat against
three ``random`` bots and against three ``greedy`` bots (seats rotate). Its moves draw from a
generator that stands in for the service's secret one (``GameService.bot_choice``: an HMAC of the
game's secret seed), which the predictor never sees.

The predictor is what an observer can do with public data only: at each of the bot's secret
``choose`` moves it re-runs the same strategy on the spectator's view (the view of seat ``None``,
naming the bot's seat) ``--runs`` times, with generators of its own, and guesses the choice it
got most often: the strategy's own favourite on public data, the best guess there is when only
the generator is unknown. At ``choose`` time the bot's own view holds nothing the spectator's
lacks (its face-down animals are not yet chosen), so the observer runs the strategy exactly as
the bot does, on the same input. Chance is 1 in 10 (ten legal pairs).

    .venv/bin/python bench/bot_secrecy.py                        # all three, default samples
    .venv/bin/python bench/bot_secrecy.py --strategies greedy --games 500 --predict-games 50
    .venv/bin/python bench/bot_secrecy.py --against-ref f68231a  # adds greedy@f68231a opponents

``--against-ref REV`` also plays every strategy against three copies of ``greedy`` as it was at
git revision ``REV`` (loaded from ``git show``), for a head-to-head with the code before a change.
Prints one table: choices predicted (with Wilson's 95 % interval) and win rates per opponent.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import math
import multiprocessing
import os
import random
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playouts import started

from domain import registry
from domain.game import Command, GameDefinition, Strategy

ROOT = Path(__file__).resolve().parents[1]
GAME = "fette-beute"
RUNS = {"ismcts": 9}  # re-runs per prediction where a run is dear; the others use --runs


@dataclasses.dataclass(frozen=True)
class Task:
    strategy: str
    opponent: str
    players: int
    number: int
    predict: bool  # predict this game's secret choices of the strategy
    runs: int
    ref: str | None


@dataclasses.dataclass
class Outcome:
    won: bool
    predicted: int = 0
    choices: int = 0


def reference_greedy(ref: str) -> Strategy:
    """``greedy`` as it was at git revision ``ref``, imported beside today's package."""
    source = subprocess.run(
        ["git", "show", f"{ref}:domain/fette_beute/bots.py"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    name = f"domain.fette_beute._bots_at_{ref}"
    spec = importlib.util.spec_from_loader(name, loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "domain.fette_beute"  # its relative imports find today's state.py
    exec(compile(source, f"{ref}:domain/fette_beute/bots.py", "exec"), module.__dict__)
    return module.greedy


def strategy_named(name: str, ref: str | None) -> Strategy:
    if ref is not None and name == f"greedy@{ref}":
        return reference_greedy(ref)
    return registry.get(GAME).strategies[name]


def play(task: Task) -> Outcome:
    game = registry.get(GAME)
    me = task.number % task.players
    names = [task.strategy if seat == me else task.opponent for seat in range(task.players)]
    cache: dict[str, Strategy] = {}
    seats = [cache.setdefault(name, strategy_named(name, task.ref)) for name in names]
    deal = random.Random(f"{GAME}:{task.players}:{task.number}")
    state = started(game, task.players, deal)
    outcome = Outcome(won=False)
    move = 0
    while (result := game.result(state)) is None:
        seat = min(game.to_act(state))
        view, legal = game.view(state, seat), game.legal_commands(state, seat)
        # Stands in for the service's HMAC of the secret seed: the predictor never sees it.
        secret = random.Random(f"secret:{task.strategy}:{task.opponent}:{task.number}:{move}")
        body = seats[seat](view, legal, secret)
        if task.predict and seat == me and legal[0]["type"] == "choose":
            outcome.choices += 1
            guess = predict(game, state, seat, legal, seats[seat], task, move)
            outcome.predicted += guess == body
        for event in game.decide(state, Command(seat, body, "bot")):
            state = game.evolve(state, event)
        move += 1
    outcome.won = me in result["winners"]
    return outcome


def predict(
    game: GameDefinition,
    state: Any,
    seat: int,
    legal: list[dict],
    strategy: Strategy,
    task: Task,
    move: int,
) -> dict:
    """The strategy's favourite on the spectator's view, over ``task.runs`` public generators."""
    public = {**game.view(state, None), "seat": seat}
    votes: Counter[str] = Counter()
    bodies: dict[str, dict] = {}
    for run in range(task.runs):
        rng = random.Random(f"public:{task.number}:{move}:{run}")
        body = strategy(public, legal, rng)
        bodies[repr(body)] = body
        votes[repr(body)] += 1
    return bodies[votes.most_common(1)[0][0]]


def wilson(hits: int, total: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson's 95 % score interval (as the tournament's; kept here so that the script also
    runs in a copy of an older revision, for the "before" figures)."""
    p = hits / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(hits: int, total: int) -> str:
    if not total:
        return "–"
    low, high = wilson(hits, total)
    return f"{hits}/{total} = {hits / total:.1%} ({low:.1%}–{high:.1%})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strategies", default="random,greedy,ismcts")
    parser.add_argument("--opponents", default="random,greedy")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2000, help="games per strategy and opponent")
    parser.add_argument("--ismcts-games", type=int, default=300)
    parser.add_argument(
        "--predict-games",
        type=int,
        default=200,
        help="games per strategy and opponent whose secret choices are predicted (ismcts: 1/4)",
    )
    parser.add_argument("--runs", type=int, default=101, help="public re-runs per prediction")
    parser.add_argument("--against-ref", default=None, help="git revision of a reference greedy")
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    opponents = args.opponents.split(",")
    if args.against_ref:
        opponents.append(f"greedy@{args.against_ref}")
    tasks = []
    for name in args.strategies.split(","):
        games = args.ismcts_games if name == "ismcts" else args.games
        predicted = args.predict_games // 4 if name == "ismcts" else args.predict_games
        runs = RUNS.get(name, args.runs)
        for opponent in opponents:
            tasks += [
                Task(name, opponent, args.players, n, n < predicted, runs, args.against_ref)
                for n in range(games)
            ]
    began = time.monotonic()
    with multiprocessing.get_context("fork").Pool(args.processes) as pool:
        outcomes = pool.map(play, tasks, chunksize=4)
    load = os.getloadavg()[0]
    finished = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(
        f"{GAME}, {args.players} players, finished {finished}, "
        f"{time.monotonic() - began:.0f} s, load {load:.1f}; command: "
        f"{' '.join(['bench/bot_secrecy.py', *sys.argv[1:]])}"
    )
    heads = " | ".join(f"vs 3 {opponent}" for opponent in opponents)
    print(f"\n| strategy | secret choices predicted | {heads} |")
    print(f"|---|---|{'---|' * len(opponents)}")
    for name in args.strategies.split(","):
        mine = [(t, o) for t, o in zip(tasks, outcomes, strict=True) if t.strategy == name]
        hits = sum(o.predicted for _, o in mine)
        total = sum(o.choices for _, o in mine)
        runs = RUNS.get(name, args.runs)
        cells = []
        for opponent in opponents:
            won = [o.won for t, o in mine if t.opponent == opponent]
            cells.append(rate(sum(won), len(won)))
        print(f"| `{name}` | {rate(hits, total)}, {runs} runs | {' | '.join(cells)} |")


if __name__ == "__main__":
    main()
