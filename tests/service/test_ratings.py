"""Ratings that last (issue 43): finished games between accounts rate them, exactly once, and a
rebuild from the finished games gives the same ratings (service/ratings.py)."""

from __future__ import annotations

import itertools
import random
import threading
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from domain import match
from domain.match import ACTIVE, CANCELLED, FINISHED
from events.redis_client import connect
from foxden import cli
from service import policies, ratings
from service.accounts import Account
from service.api import create_app
from service.games import GameService
from service.ports import RecordingScheduler
from tests.service.conftest import build
from workers import sweeper


def ticking(start: datetime) -> Callable[[], str]:
    """A clock that moves 10 ms at each look: games played one after another end in order."""
    now = [start]

    def clock() -> str:
        now[0] += timedelta(milliseconds=10)
        return now[0].isoformat(timespec="milliseconds").replace("+00:00", "Z")

    return clock


@pytest.fixture
def games(service: GameService) -> GameService:
    service.clock = ticking(datetime.now(UTC))
    return service


def account(games: GameService, kind: str = "person") -> Account:
    handle = f"r{uuid.uuid4().hex[:10]}"
    found, _, _ = games.accounts.sign_up(handle, kind, mode="open", operator=False, invite=None)
    return found


def drive_bots(games: GameService, game_id: str) -> None:
    """Every seat is a bot's now: play them to the end, each move with a fresh command id."""
    for _ in range(5000):
        state = games.load(game_id).state
        if state.status != ACTIVE:
            return
        seat = min(state.to_act())
        game = state.definition
        strategy = game.strategies[state.seats[seat].strategy or match.LEAVE_STRATEGY]
        rng = random.Random(f"{game_id}:{seat}:{state.version}")
        body = strategy(game.view(state.board, seat), game.legal_commands(state.board, seat), rng)
        games.handle(game_id, seat, body, kind="bot", expected_version=state.version)
    raise AssertionError(f"game {game_id} did not end")


def finish(games: GameService, game: str, players: list[Account], bots: int = 0) -> str:
    """A game of ``game`` with ``players`` seated by their accounts and ``bots`` bot seats
    without one, played to the end (each account hands its seat to a bot at once)."""
    seats = [{"kind": "human"}] * len(players) + [{"kind": "bot", "strategy": "random"}] * bots
    game_id = games.create(game, seats, {}).game_id
    for seat, player in enumerate(players):
        games.join_account(game_id, player.id, player.handle, seat)
    for seat in range(len(players)):
        if games.load(game_id).state.status == ACTIVE:
            games.handle(game_id, seat, {"type": "leave"})
    drive_bots(games, game_id)
    assert games.load(game_id).state.status == FINISHED
    return game_id


def snapshot(games: GameService, players: list[Account]) -> dict[str, dict]:
    return {player.id: games.ratings.of(player.id) for player in players}


def histories(games: GameService, players: list[Account], game: str) -> dict[tuple, list]:
    """Every history point of ``players`` in ``game`` (each player count), by (account, count)."""
    counts = ratings.player_counts(game)
    return {
        (player.id, count): games.ratings.history(player.id, game, count)
        for player in players
        for count in counts
    }


def test_a_finished_game_between_accounts_rates_them_and_leaves_bots_out(
    games: GameService, scheduler: RecordingScheduler
) -> None:
    ada, bob = account(games), account(games, "bot")
    game_id = finish(games, "sly", [ada, bob], bots=1)
    assert policies.rate(game_id) in scheduler.jobs  # queued by the append that finished it
    assert not games.ratings.is_rated(game_id)

    assert ratings.rate_game(games, game_id) is True
    state = games.load(game_id).state
    assert state.result is not None
    places = ratings.ranks(state.result, 3)[:2]
    expected = ratings.update([(ratings.MU, ratings.SIGMA)] * 2, places)
    for player, (mu, sigma) in zip([ada, bob], expected, strict=True):
        assert games.ratings.of(player.id) == {"sly:3": ratings.Rating(mu, sigma, 1)}
    # The bot seat has no account: nothing is kept for it, and the leaderboard has the two.
    entries, _ = games.ratings.board("sly", 3, None, 200)
    mine = [entry for entry in entries if entry[0] in (ada.id, bob.id)]
    assert len(mine) == 2
    assert game_id not in games.index.unrated(float("inf"), 100_000)


def test_one_account_and_bots_or_a_cancelled_table_are_not_rated(
    games: GameService, scheduler: RecordingScheduler
) -> None:
    ada, bob = account(games), account(games)
    alone = finish(games, "sly", [ada], bots=2)
    assert policies.rate(alone) not in scheduler.jobs
    assert not policies.rateable(games.load(alone).state)
    assert ratings.rate_game(games, alone) is False  # a stray job writes nothing

    table = games.create("sly", [{"kind": "human"}] * 3, {}, account=(ada.id, ada.handle))
    games.join_account(table.game_id, bob.id, bob.handle)
    games.cancel_as_account(table.game_id, ada.id)
    assert games.load(table.game_id).state.status == CANCELLED
    assert policies.rate(table.game_id) not in scheduler.jobs
    assert table.game_id not in games.index.unrated(float("inf"), 100_000)
    assert ratings.rate_game(games, table.game_id) is False
    assert games.ratings.of(ada.id) == {} and games.ratings.of(bob.id) == {}


def test_a_doubled_or_retried_job_rates_once(games: GameService) -> None:
    ada, bob = account(games), account(games)
    game_id = finish(games, "gloria-picktoria", [ada, bob])
    results: list[bool] = []
    barrier = threading.Barrier(4)

    def job() -> None:
        barrier.wait()
        results.append(ratings.rate_game(games, game_id))

    threads = [threading.Thread(target=job) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [False, False, False, True]
    once = snapshot(games, [ada, bob])
    assert ratings.rate_game(games, game_id) is False  # retried later
    assert snapshot(games, [ada, bob]) == once
    assert {r.games for rs in once.values() for r in rs.values()} == {1}
    # The history too: one point each, the rating the game left, at the game's end.
    last_event = games.store.read(game_id)[-1]
    for player in (ada, bob):
        rating = once[player.id]["gloria-picktoria:2"]
        point = ratings.Point(
            game_id, last_event.at, rating.mu, rating.sigma, rating.ordinal, rating.games
        )
        assert games.ratings.history(player.id, "gloria-picktoria", 2) == [point]


def test_concurrent_games_of_one_account_both_count(games: GameService) -> None:
    ada, bob, cy = account(games), account(games), account(games)
    first = finish(games, "sly", [ada, bob])
    second = finish(games, "sly", [ada, cy])
    barrier = threading.Barrier(2)

    def job(game_id: str) -> None:
        barrier.wait()
        ratings.rate_game(games, game_id)

    threads = [threading.Thread(target=job, args=(g,)) for g in (first, second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert games.ratings.of(ada.id)["sly:2"].games == 2  # no update lost to the race


def test_a_rebuild_equals_the_incremental_ratings(games: GameService) -> None:
    players = [account(games) for _ in range(4)]
    a, b, c, d = players
    lineups = [([a, b], 0), ([b, c, a], 0), ([c, d], 1), ([a, d], 0), ([d, b, c], 1), ([a, b], 0)]
    ids = [finish(games, "sly", lineup, bots) for lineup, bots in lineups]
    for game_id in ids:  # as the jobs would, one after another in the order the games ended
        assert ratings.rate_game(games, game_id)
    incremental = snapshot(games, players)
    assert incremental[a.id]["sly:2"].games == 3
    assert incremental[b.id]["sly:3"].games == incremental[b.id]["sly:4"].games == 1
    ours = {player.id for player in players}

    def board() -> list:  # (this test's entries: the database holds other tests' too)
        return [e for e in games.ratings.board("sly", None, None, 10_000)[0] if e[0] in ours]

    before = board()
    history = histories(games, players, "sly")
    assert [p.game_id for p in history[(a.id, 2)]] == [ids[0], ids[3], ids[5]]
    assert [p.games for p in history[(a.id, 2)]] == [1, 2, 3]
    assert history[(a.id, 2)][-1].ordinal == incremental[a.id]["sly:2"].ordinal

    assert ratings.rebuild(games) >= len(lineups)
    assert snapshot(games, players) == incremental
    assert board() == before
    assert histories(games, players, "sly") == history
    # Rebuilt, every game is rated: a job that comes late rates nothing twice.
    assert ratings.rate_game(games, ids[-1]) is False
    assert snapshot(games, players) == incremental


def test_the_sweeper_requeues_the_rating_of_a_game_whose_job_was_lost(
    games: GameService,
) -> None:
    ada, bob = account(games), account(games)
    game_id = finish(games, "sly", [ada, bob])
    games.scheduler = lost = RecordingScheduler()  # the job queued at the end was lost
    sweeper.sweep_unrated(games, batch=100_000)
    assert policies.rate(game_id) not in lost.jobs  # it only just ended: its job may be due
    ended = datetime.fromisoformat(games.clock())
    later = ended + timedelta(seconds=sweeper.RATE_REPAIR_AFTER_S + 1)
    games.clock = lambda: later.isoformat(timespec="milliseconds").replace("+00:00", "Z")
    sweeper.sweep_unrated(games, batch=100_000)
    assert policies.rate(game_id) in lost.jobs
    ratings.rate_game(games, game_id)
    assert game_id not in games.index.unrated(float("inf"), 100_000)


def test_the_leaderboard_pages_best_first_and_404s_an_unknown_game(
    games: GameService, client: FlaskClient
) -> None:
    players = [account(games) for _ in range(5)]
    for first, second in itertools.pairwise(players):
        ratings.rate_game(games, finish(games, "fette-beute", [first, second], bots=1))
    seen: list[dict] = []
    cursor = None
    while True:
        query = {"players": 3, "limit": 2, **({"cursor": cursor} if cursor else {})}
        response = client.get("/v1/ratings/fette-beute", query_string=query)
        assert response.status_code == 200, response.json
        page = response.json
        assert page["game"] == "fette-beute" and page["players"] == 3
        assert len(page["ratings"]) <= 2
        seen += page["ratings"]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    ordinals = [entry["ordinal"] for entry in seen]
    assert ordinals == sorted(ordinals, reverse=True)
    handles = [entry["handle"] for entry in seen]
    assert len(handles) == len(set(handles))  # no entry twice
    assert {p.handle for p in players} <= set(handles)
    mine = next(entry for entry in seen if entry["handle"] == players[1].handle)
    assert mine["kind"] == "person" and mine["games"] == 2 and mine["players"] == 3
    assert mine["ordinal"] == pytest.approx(mine["mu"] - 3 * mine["sigma"])

    every = client.get("/v1/ratings/fette-beute", query_string={"limit": 200}).json
    assert every["players"] is None
    assert {p.handle for p in players} <= {e["handle"] for e in every["ratings"]}

    unknown = client.get("/v1/ratings/chess")
    assert unknown.status_code == 404
    assert unknown.headers["Content-Type"].startswith("application/problem+json")
    assert unknown.json["code"] == "game_kind_not_found"
    bad = client.get("/v1/ratings/sly", query_string={"players": 7})
    assert bad.status_code == 400 and bad.json["code"] == "invalid_parameter"
    made_up = client.get("/v1/ratings/sly", query_string={"cursor": "nonsense"})
    assert made_up.status_code == 400 and made_up.json["code"] == "invalid_parameter"


def test_the_profile_shows_the_ratings(games: GameService, client: FlaskClient) -> None:
    ada, bob = account(games), account(games)
    fresh = client.get(f"/v1/accounts/{ada.handle}").json
    assert fresh["ratings"] == []
    ratings.rate_game(games, finish(games, "sly", [ada, bob]))
    ratings.rate_game(games, finish(games, "sly", [ada, bob], bots=1))
    profile = client.get(f"/v1/accounts/{ada.handle}").json
    shown = [(r["game"], r["players"], r["games"]) for r in profile["ratings"]]
    assert shown == [("sly", 2, 1), ("sly", 3, 1)]
    mine = games.ratings.of(ada.id)["sly:2"]
    assert profile["ratings"][0]["mu"] == mine.mu and profile["ratings"][0]["sigma"] == mine.sigma


def test_the_rebuild_command_rebuilds_the_histories(
    games: GameService,
    redis_url: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    players = [account(games) for _ in range(3)]
    for lineup in ([players[0], players[1]], [players[1], players[2]], [players[2], players[0]]):
        assert ratings.rate_game(games, finish(games, "gloria-picktoria", lineup))
    incremental = histories(games, players, "gloria-picktoria")
    assert sum(len(points) for points in incremental.values()) == 6
    games.ratings.wipe()  # lost: the command makes them again from the finished games
    assert histories(games, players, "gloria-picktoria") != incremental

    monkeypatch.setenv("REDIS_URL", redis_url)
    assert cli.main(["ratings", "--data-dir", str(tmp_path), "rebuild"]) == 0
    assert capsys.readouterr().out.startswith("rated ")
    assert histories(games, players, "gloria-picktoria") == incremental


def test_the_history_keeps_the_last_points_only(
    games: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ratings, "HISTORY_CAP", 3)
    ada, bob = account(games), account(games)
    ids = [finish(games, "gloria-picktoria", [ada, bob]) for _ in range(5)]
    for game_id in ids:
        assert ratings.rate_game(games, game_id)
    kept = games.ratings.history(ada.id, "gloria-picktoria", 2)
    assert [point.game_id for point in kept] == ids[2:]  # the oldest went first
    assert [point.games for point in kept] == [3, 4, 5]
    assert kept[-1].ordinal == games.ratings.of(ada.id)["gloria-picktoria:2"].ordinal


def test_the_history_endpoint_shows_the_points_oldest_first(
    games: GameService, client: FlaskClient
) -> None:
    ada, bob, cy = account(games), account(games), account(games)
    ids = [finish(games, "sly", [ada, rival]) for rival in (bob, cy, bob)]
    for game_id in ids:
        ratings.rate_game(games, game_id)
    ratings.rate_game(games, finish(games, "sly", [ada, bob], bots=1))  # another count

    answer = client.get(f"/v1/ratings/sly/{ada.handle}/history", query_string={"players": 2})
    assert answer.status_code == 200, answer.json
    body = answer.json
    assert {k: body[k] for k in ("account", "handle", "game", "players")} == {
        "account": ada.id,
        "handle": ada.handle,
        "game": "sly",
        "players": 2,
    }
    points = body["points"]
    assert [point["game_id"] for point in points] == ids
    assert [point["games"] for point in points] == [1, 2, 3]
    assert [point["at"] for point in points] == sorted(point["at"] for point in points)
    assert set(points[0]) == {"game_id", "at", "mu", "sigma", "ordinal", "games"}
    profile = client.get(f"/v1/accounts/{ada.handle}").json["ratings"]
    now = next(r for r in profile if r["players"] == 2)
    assert (points[-1]["mu"], points[-1]["ordinal"]) == (now["mu"], now["ordinal"])
    # The handle whatever its case, as the profile takes it; a count it was never rated in.
    upper = client.get(f"/v1/ratings/sly/{ada.handle.upper()}/history?players=2").json
    assert upper["handle"] == ada.handle and len(upper["points"]) == 3
    three = client.get(f"/v1/ratings/sly/{ada.handle}/history?players=3").json["points"]
    assert len(three) == 1
    assert client.get(f"/v1/ratings/sly/{cy.handle}/history?players=4").json["points"] == []


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        ("/v1/ratings/sly/nobody-here/history?players=2", 404, "account_not_found"),
        ("/v1/ratings/sly/no!such!handle/history?players=2", 404, "account_not_found"),
        ("/v1/ratings/chess/{handle}/history?players=2", 404, "game_kind_not_found"),
        ("/v1/ratings/sly/{handle}/history", 400, "invalid_parameter"),
        ("/v1/ratings/sly/{handle}/history?players=9", 400, "invalid_parameter"),
        ("/v1/ratings/sly/{handle}/history?players=two", 400, "invalid_parameter"),
    ],
)
def test_the_history_endpoint_refuses_in_problems(
    games: GameService, client: FlaskClient, path: str, status: int, code: str
) -> None:
    ada = account(games)
    answer = client.get(path.format(handle=ada.handle))
    assert answer.status_code == status
    assert answer.headers["Content-Type"].startswith("application/problem+json")
    assert answer.json["code"] == code
    if status == 400:
        assert set(answer.json["errors"]) == {"players"}


def test_the_leaderboard_reads_its_accounts_in_one_round_trip(
    games: GameService, redis_url: str
) -> None:
    """A page of 1 or of 8 entries costs the same round trips: its range, its ratings, its
    accounts (one pipeline; on a cluster, one write per node that holds a page's account)."""
    from tests.service.test_round_trips import CountingConnection, pools, trips

    players = [account(games) for _ in range(8)]
    for first, second in itertools.pairwise(players):
        ratings.rate_game(games, finish(games, "gloria-picktoria", [first, second]))
    counted = connect(redis_url)
    for pool in pools(counted):
        pool.connection_class = CountingConnection
        pool.reset()  # (a cluster client made a connection to discover its nodes)
    service = build(counted, RecordingScheduler())
    client = create_app(service, {"RATE_LIMIT": "off"}).test_client()
    path = "/v1/ratings/gloria-picktoria"
    client.get(path)  # a first request on fresh connections
    sent: dict[int, list[str]] = {}
    for limit in (1, 8):
        answer, sent[limit] = trips(
            lambda n=limit: client.get(path, query_string={"players": 2, "limit": n})
        )
        assert answer.status_code == 200
        assert len(answer.json["ratings"]) == limit
    nodes = len(pools(counted))
    # The range, the ratings' pipeline, the accounts' pipeline (one write per node at most).
    assert sent[1] == ["ZREVRANGEBYSCORE", "HGET", "HGET"], sent
    assert len(sent[8]) <= 2 + nodes
    if nodes == 1:
        assert sent[8] == sent[1]
    counted.close()
