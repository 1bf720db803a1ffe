"""``foxden tournament``: bots against bots, played as real games through the RQ workers.

Every game is created through ``GameService`` with all-bot seats, so the workers play it like
any other: it is stored, replayable and auditable, and ``results.json`` lists its id. Seats
rotate: in game ``g`` seat ``s`` gets ``strategies[(g + s) % len(strategies)]``, so over every
``len(strategies)`` consecutive games each entry of the list sits in each seat equally often (a
name may be listed twice: ``ismcts,greedy,greedy`` is one search bot against two greedy ones).

Statistics are per seat played: a strategy's ``games`` counts its seats, ``wins`` those among
the winners (a shared win counts as a win for each sharer), and the 95 % interval of its win
rate is Wilson's. ``fair_share`` is what every strategy would win if all were equally strong:
the winners' seats over all seats played (1/players without shared wins). Ratings are
openskill's Plackett-Luce, updated game by game in game order (ranks: winners first, then by
score); a strategy in several seats of one game moves by the mean of its seats' updates.
``rating`` is the conservative ordinal mu - 3 sigma.

Workers: when none runs on this Redis (no liveness key under ``FOXDEN_QUEUE_PREFIX``:
``workers.scheduler.live_workers``), it starts ``workers`` ``foxden worker`` processes of its
own and stops them by pid at the end.
"""

from __future__ import annotations

import importlib
import json
import math
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from foxden.settings import Settings
from service.games import GameService
from service.ratings import ranks, update

__all__ = ["ranks"]  # with the accounts' ratings since issue 43; still importable from here

Z95 = 1.959963984540054
POLL_S = 0.2
STALL_S = 300.0  # a game that has not moved for this long is reported, not waited for forever


class TournamentError(Exception):
    """A tournament that cannot run as asked (an unknown strategy, a stalled game)."""


# The extra `foxden[tournament]` (pyproject.toml): the API never imports these, so a plain
# `pip install foxden` lacks them.
EXTRA = ("matplotlib", "rich")  # openskill is a core dependency since issue 43
INSTALL_EXTRA = "pip install 'foxden[tournament]'"


def require_extra() -> None:
    """Raise ``TournamentError`` naming the pip command unless the extra is importable.

    Checked before anything starts: otherwise the first missing import would surface as a
    traceback, and matplotlib's only after every game was played.
    """
    for name in EXTRA:
        try:
            importlib.import_module(name)
        except ImportError:
            raise TournamentError(
                f"{name} is not installed; the tournament extra (matplotlib, rich) "
                f"installs with: {INSTALL_EXTRA}"
            ) from None


@dataclass
class Standing:
    """One strategy's record; ``mu``/``sigma`` are its openskill rating."""

    name: str
    games: int = 0
    wins: int = 0
    mu: float = 25.0
    sigma: float = 25.0 / 3
    history: list[float] = field(default_factory=list)  # the ordinal after each game

    @property
    def rating(self) -> float:
        return self.mu - 3 * self.sigma


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a binomial proportion (95 % by default)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def lineup(strategies: Sequence[str], players: int, number: int) -> list[str]:
    """Game ``number``'s seats: the list rotated by one seat per game."""
    return [strategies[(number + seat) % len(strategies)] for seat in range(players)]


class Ratings:
    """Plackett-Luce ratings of the strategies, one game at a time (the model and its update
    are the accounts' ratings', ``service/ratings.py``)."""

    def __init__(self, standings: dict[str, Standing]) -> None:
        self.standings = standings

    def rate(self, seats: Sequence[str], places: Sequence[int]) -> None:
        before = [(self.standings[name].mu, self.standings[name].sigma) for name in seats]
        moves: dict[str, list[tuple[float, float]]] = {}
        for name, after in zip(seats, update(before, places), strict=True):
            moves.setdefault(name, []).append(after)
        for name, updates in moves.items():
            standing = self.standings[name]
            standing.mu += sum(mu - standing.mu for mu, _ in updates) / len(updates)
            standing.sigma = sum(sigma for _, sigma in updates) / len(updates)
        for standing in self.standings.values():
            standing.history.append(standing.rating)


@dataclass
class Tournament:
    """The outcome: standings, and every game's id with its seats and result."""

    game: str
    players: int
    strategies: list[str]
    standings: dict[str, Standing]
    played: list[dict[str, Any]]
    seconds: float
    workers: int
    started_workers: int
    asked: int  # games asked for; more than were played when the run was stopped early

    @property
    def fair_share(self) -> float:
        seats = sum(len(game["seats"]) for game in self.played)
        winners = sum(len(game["winners"]) for game in self.played)
        return winners / seats if seats else 0.0

    def to_dict(self) -> dict[str, Any]:
        fair = self.fair_share
        table = {}
        for name, standing in self.standings.items():
            low, high = wilson(standing.wins, standing.games)
            table[name] = {
                "games": standing.games,
                "wins": standing.wins,
                "win_rate": standing.wins / standing.games if standing.games else 0.0,
                "ci_low": low,
                "ci_high": high,
                "fair_share": fair,
                "rating": standing.rating,
                "mu": standing.mu,
                "sigma": standing.sigma,
            }
        return {
            "game": self.game,
            "players": self.players,
            "strategies": self.strategies,
            "games": len(self.played),
            "games_asked": self.asked,
            "seconds": round(self.seconds, 1),
            "games_per_minute": round(60 * len(self.played) / self.seconds, 1)
            if self.seconds
            else None,
            "workers": self.workers,
            "started_workers": self.started_workers,
            "results": table,
            "game_ids": [game["id"] for game in self.played],
            "played": self.played,
        }


def markdown(summary: dict[str, Any]) -> str:
    """``results.md``: the table, best rating first."""
    lines = [
        f"# Tournament: {summary['game']}, {summary['players']} players",
        "",
        f"{summary['games']} games, strategies {', '.join(summary['strategies'])} (seats rotate"
        f" each game); {summary['seconds']} s with {summary['workers']} worker(s),"
        f" {summary['games_per_minute']} games/min.",
        "",
        *(
            [f"**Stopped early:** {summary['games']} of {summary['games_asked']} games.", ""]
            if summary["games"] < summary["games_asked"]
            else []
        ),
        "| strategy | seats played | wins | win rate | 95 % interval | fair share | rating |",
        "|---|---|---|---|---|---|---|",
    ]
    rows = sorted(summary["results"].items(), key=lambda item: -item[1]["rating"])
    for name, row in rows:
        lines.append(
            f"| {name} | {row['games']} | {row['wins']} | {row['win_rate']:.1%} |"
            f" {row['ci_low']:.1%} – {row['ci_high']:.1%} | {row['fair_share']:.1%} |"
            f" {row['rating']:.2f} (μ {row['mu']:.2f}, σ {row['sigma']:.2f}) |"
        )
    lines += [
        "",
        "A shared win counts as a win for each sharer. The interval is Wilson's; the fair share"
        " is what every strategy would win if all were equally strong. Rating: openskill"
        " Plackett-Luce, μ − 3σ. Every game id is in `results.json`.",
        "",
    ]
    return "\n".join(lines)


def plot(standings: dict[str, Standing], path: Path) -> None:
    """``ratings.png``: each strategy's rating after every game."""
    import matplotlib

    matplotlib.use("Agg")  # no window, even on a desktop
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4))
    for name, standing in sorted(standings.items()):
        axes.plot(range(1, len(standing.history) + 1), standing.history, label=name)
    axes.set_xlabel("games played")
    axes.set_ylabel("rating (μ − 3σ)")
    axes.legend()
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def write(tournament: Tournament, out: Path) -> dict[str, Any]:
    """``results.json``, ``results.md`` and ``ratings.png`` into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    summary = tournament.to_dict()
    (out / "results.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    (out / "results.md").write_text(markdown(summary), encoding="utf-8")
    plot(tournament.standings, out / "ratings.png")
    return summary


# --- workers --------------------------------------------------------------------------------


def live_workers(service: GameService, prefix: str) -> int:
    """Workers beating on this Redis under the deployment prefix ``prefix``."""
    from workers.scheduler import live_workers as beating

    return beating(service.store.redis, prefix)


@contextmanager
def own_workers(count: int, redis_url: str | None) -> Iterator[list[subprocess.Popen]]:
    """``count`` ``foxden worker`` processes, stopped by pid (SIGTERM) on the way out."""
    env = dict(os.environ)
    if redis_url:
        env["REDIS_URL"] = redis_url
    env.setdefault("FOXDEN_LOG_LEVEL", "WARNING")  # RQ logs every job at INFO
    command = [sys.executable, "-m", "foxden.cli", "worker", "--name"]
    procs: list[subprocess.Popen] = []
    try:  # a SIGTERM while they start must stop those already started
        for _ in range(count):
            procs.append(
                subprocess.Popen([*command, f"tournament-{uuid.uuid4().hex[:8]}"], env=env)
            )
        yield procs
    finally:
        stop_workers(procs)


def stop_workers(procs: Sequence[subprocess.Popen], grace_s: float = 10) -> None:
    """SIGTERM (a worker finishes its job first), then SIGKILL after ``grace_s``; by pid."""
    for proc in procs:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
    for proc in procs:
        try:
            proc.wait(grace_s)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(grace_s)


# --- playing --------------------------------------------------------------------------------


def check(game: str, players: int, strategies: Sequence[str]) -> None:
    """Raise ``TournamentError`` unless the game can seat ``players`` of these strategies."""
    from domain import registry

    try:
        definition = registry.get(game)
    except registry.UnknownGame:
        raise TournamentError(f"no game {game!r}") from None
    unknown = sorted(set(strategies) - set(definition.strategies))
    if unknown or not strategies:
        raise TournamentError(
            f"no strategy {(unknown or [''])[0]!r} for {game}; choose from: "
            f"{', '.join(sorted(definition.strategies))}"
        )
    if not definition.min_players <= players <= definition.max_players:
        raise TournamentError(
            f"{definition.name} takes {definition.min_players} to {definition.max_players} players"
        )


def play(
    service: GameService,
    game: str,
    players: int,
    strategies: Sequence[str],
    games: int,
    *,
    workers: int,
    in_flight: int,
    advance: Callable[[], None] = lambda: None,
    clock: Callable[[], float] = time.monotonic,
) -> Tournament:
    """Play ``games`` games, at most ``in_flight`` at a time; ``advance`` after each one ends."""
    check(game, players, strategies)
    standings = {name: Standing(name) for name in dict.fromkeys(strategies)}
    ratings = Ratings(standings)
    started = clock()
    pending: dict[int, tuple[str, list[str]]] = {}
    finished: dict[int, dict[str, Any]] = {}
    moved: dict[str, tuple[int, float]] = {}
    number = 0
    try:
        while len(finished) < games:
            while number < games and len(pending) < in_flight:
                seats = lineup(strategies, players, number)
                created = service.create(game, [{"kind": "bot", "strategy": s} for s in seats], {})
                pending[number] = (created.game_id, seats)
                number += 1
            time.sleep(POLL_S)
            for index, (game_id, seats) in list(pending.items()):
                state = service.load(game_id).state
                if state.status == "finished":
                    finished[index] = _entry(game_id, seats, state.result, players)
                    del pending[index]
                    advance()
                    continue
                version, since = moved.get(game_id, (-1, clock()))
                if state.version != version:
                    moved[game_id] = (state.version, clock())
                elif clock() - since > STALL_S:
                    raise TournamentError(f"game {game_id} has not moved for {STALL_S:.0f} s")
    except (KeyboardInterrupt, SystemExit):
        # Stopped early (Ctrl-C, SIGTERM): the games that ended still count, and are written,
        # those that ended since the last look included.
        for index, (game_id, seats) in pending.items():
            state = service.load(game_id).state
            if state.status == "finished":
                finished[index] = _entry(game_id, seats, state.result, players)
    played = [finished[index] for index in sorted(finished)]
    for entry in played:  # in game order, so the ratings do not depend on which ended first
        for seat, name in enumerate(entry["seats"]):
            standings[name].games += 1
            standings[name].wins += seat in entry["winners"]
        ratings.rate(entry["seats"], entry["ranks"])
    return Tournament(
        game, players, list(strategies), standings, played, clock() - started, workers, 0, games
    )


def _entry(
    game_id: str, seats: list[str], result: Mapping[str, Any] | None, players: int
) -> dict[str, Any]:
    """A finished game as the results record it."""
    result = dict(result or {})
    return {
        "id": game_id,
        "seats": seats,
        "winners": list(result.get("winners", [])),
        "scores": list(result.get("scores", [])),
        "ranks": ranks(result, players),
    }


def run(
    game: str,
    players: int,
    strategies: Sequence[str],
    games: int,
    *,
    settings: Settings | None = None,
    workers: int = 2,
    out: Path = Path("tournament"),
    redis_url: str | None = None,
    progress: bool = True,
) -> dict[str, Any]:
    """The whole command: service, workers if none runs, games, files. Returns the summary."""
    require_extra()
    from rich.progress import Progress

    from foxden.bootstrap import build_service

    settings = settings or Settings.from_env()
    # SIGTERM ends the run like Ctrl-C does, so that the workers it started are stopped too.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    service = build_service(redis_url, settings=settings)
    check(game, players, strategies)
    if games < 1:
        raise TournamentError("--games must be at least 1")
    running = live_workers(service, settings.queue_prefix)
    start = workers if running == 0 else 0
    with own_workers(start, redis_url), Progress(disable=not progress) as bar:
        task = bar.add_task(f"{game} games", total=games)
        tournament = play(
            service,
            game,
            players,
            strategies,
            games,
            workers=running or start,
            in_flight=max(4, 3 * (running or start)),
            advance=lambda: bar.advance(task),
        )
    tournament.started_workers = start
    return write(tournament, out)
