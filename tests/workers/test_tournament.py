"""``foxden tournament``: the statistics, and a short tournament end to end.

The end-to-end test runs the command as a user would, on a bare ``REDIS_URL`` with no worker
running: it must start its own workers, play every game through them, show its progress, and
write the table, the JSON and the plot.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from foxden.tools.tournament import lineup, live_workers, ranks, wilson
from service.games import GameService
from tests.workers.conftest import ROOT, wait_until

# Not yet run on a cluster: the tournament starts its own workers with REDIS_URL only (#16 left).
pytestmark = pytest.mark.single_redis


def test_wilson_matches_the_textbook_values() -> None:
    low, high = wilson(81, 263)  # Newcombe (1998), the interval's own worked example
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_every_strategy_sits_in_every_seat_equally_often() -> None:
    strategies = ["ismcts", "greedy", "greedy"]
    seats: dict[tuple[int, str], int] = {}
    for number in range(6):
        for seat, name in enumerate(lineup(strategies, 3, number)):
            seats[seat, name] = seats.get((seat, name), 0) + 1
    assert all(seats[seat, "ismcts"] == 2 for seat in range(3))
    assert all(seats[seat, "greedy"] == 4 for seat in range(3))


def test_ranks_put_winners_first_then_scores() -> None:
    assert ranks({"winners": [2], "scores": [5, 7, 7]}, 3) == [3, 2, 1]
    assert ranks({"winners": [0, 1], "scores": [4, 4, 1]}, 3) == [1, 1, 3]


def tournament(redis_url: str, prefix: str, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "REDIS_URL": redis_url, "FOXDEN_QUEUE_PREFIX": prefix}
    command = [sys.executable, "-m", "foxden.cli", "tournament", *args]
    return subprocess.run(
        command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=180, check=False
    )


def test_a_short_tournament_runs_through_workers_of_its_own(
    games: GameService, redis_url: str, prefix: str, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    done = tournament(
        redis_url,
        prefix,
        "--game",
        "sly",
        "--players",
        "2",
        "--strategies",
        "greedy,random",
        "--games",
        "4",
        "--workers",
        "2",
        "--out",
        str(out),
    )
    assert done.returncode == 0, done.stderr
    assert "sly games" in done.stdout and "100%" in done.stdout  # the progress bar's last line
    assert "| greedy | 4 |" in done.stdout  # the table, printed and written
    summary = json.loads((out / "results.json").read_text())
    assert summary["workers"] == 2 and summary["started_workers"] == 2
    assert set(summary["results"]) == {"greedy", "random"}
    for row in summary["results"].values():
        assert row["games"] == 4
        assert row["ci_low"] <= row["win_rate"] <= row["ci_high"]
        assert set(row) >= {"games", "wins", "win_rate", "ci_low", "ci_high", "fair_share"}
        assert "rating" in row
    greedy, random_ = summary["results"]["greedy"], summary["results"]["random"]
    assert greedy["rating"] > random_["rating"]  # greedy wins about 98 % of these
    assert len(summary["game_ids"]) == len(set(summary["game_ids"])) == 4
    for entry, game_id in zip(summary["played"], summary["game_ids"], strict=True):
        state = games.load(game_id).state  # stored: the service replays it from Redis
        assert state.status == "finished"
        assert [seat.strategy for seat in state.seats] == entry["seats"]
        assert list(state.result["winners"]) == entry["winners"]
    seats = [tuple(entry["seats"]) for entry in summary["played"]]
    assert seats == [("greedy", "random"), ("random", "greedy")] * 2  # rotated each game
    assert (out / "results.md").read_text().startswith("# Tournament: sly, 2 players")
    assert (out / "ratings.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_an_unknown_strategy_is_refused_before_anything_runs(
    redis_url: str, prefix: str, tmp_path: Path
) -> None:
    done = tournament(
        redis_url,
        prefix,
        "--game",
        "sly",
        "--players",
        "2",
        "--strategies",
        "greedy,nope",
        "--games",
        "2",
        "--out",
        str(tmp_path),
    )
    assert done.returncode == 2
    assert "no strategy 'nope' for sly" in done.stderr
    assert not (tmp_path / "results.json").exists()


@pytest.mark.parametrize("players", [1, 5])
def test_a_table_the_game_cannot_seat_is_refused(
    redis_url: str, prefix: str, tmp_path: Path, players: int
) -> None:
    from foxden.bootstrap import build_service
    from foxden.tools.tournament import TournamentError, play

    with pytest.raises(TournamentError, match="takes 2 to 4 players"):
        play(build_service(redis_url), "sly", players, ["greedy"], 1, workers=0, in_flight=1)


def random_pair_ended(games: GameService, before: set[str]) -> bool:
    """A sly game of two random bots ended since ``before``: only this test seats such a table."""
    ended = {meta["id"] for meta in games.index.page("finished", "sly", None, 10_000)[0]}
    return any(
        [seat.strategy for seat in games.load(game_id).state.seats] == ["random", "random"]
        for game_id in ended - before
    )


def test_a_tournament_stopped_early_writes_the_games_that_ended_and_stops_its_workers(
    games: GameService, redis_url: str, prefix: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    monkeypatch.setenv("FOXDEN_QUEUE_PREFIX", prefix)  # for the command
    command = [sys.executable, "-m", "foxden.cli", "tournament", "--game", "sly"]
    # Game 2 of the rotation seats random twice, which no other test does (in_flight >= 4).
    command += ["--players", "2", "--strategies", "random,greedy,random", "--games", "500"]
    before = {meta["id"] for meta in games.index.page("finished", "sly", None, 10_000)[0]}
    proc = subprocess.Popen(
        [*command, "--workers", "1", "--out", str(out)],
        cwd=ROOT,
        env={**os.environ, "REDIS_URL": redis_url},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_until(lambda: random_pair_ended(games, before), 150, "game 2 to end", every=0.2)
        proc.send_signal(signal.SIGTERM)
        stdout, _ = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    summary = json.loads((out / "results.json").read_text())
    assert 1 <= summary["games"] < 500 and summary["games_asked"] == 500
    assert "Stopped early" in stdout
    assert summary["started_workers"] == 1
    wait_until(lambda: live_workers(games, prefix) == 0, 30, "its worker to be gone")
