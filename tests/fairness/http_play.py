"""Tables over HTTP for the fairness tests: humans join with client seeds and play legal moves."""

from __future__ import annotations

import random

from service.games import GameService
from tests.fairness.conftest import GAMES, drive_bots
from tests.service.conftest import Api

CLIENT_SEEDS = ["", "Füchse im Bau 🦊", "日本語 e\u0301"]


def http_table(api: Api, game: str, *, bots: bool = True) -> tuple[str, dict[int, str]]:
    """A started game: its human seats joined over HTTP with client seeds; tokens by seat."""
    players, humans = GAMES[game]
    if not bots:
        humans = players
    seats = [{"kind": "human"}] * humans + [{"kind": "bot", "strategy": "random"}] * (
        players - humans
    )
    game_id = api.create(game=game, seats=seats)["id"]
    tokens = {}
    for seat in range(humans):
        joined = api.join(game_id, f"p{seat}", client_seed=CLIENT_SEEDS[seat % 3])
        tokens[joined["seat"]] = joined["token"]
    return game_id, tokens


def play_http(
    api: Api, service: GameService, game_id: str, tokens: dict[int, str], moves: int
) -> None:
    """Up to ``moves`` human moves over HTTP (legal moves, pinned with If-Match); bot seats
    move in-process in between."""
    rng = random.Random(game_id)
    for _ in range(moves):
        drive_bots(service, game_id, limit=200)
        summary = api.get(f"/v1/games/{game_id}").json
        humans = [seat for seat in summary["to_act"] if seat in tokens]
        if summary["status"] != "active" or not humans:
            return
        token = tokens[humans[0]]
        offered = api.get(f"/v1/games/{game_id}/legal-moves", token=token).json
        body = rng.choice([m for m in offered["moves"] if m["type"] != "leave"])
        response = api.command(game_id, token, body, **{"If-Match": f'"{offered["version"]}"'})
        assert response.status_code == 201, response.json


def running_http_table(
    api: Api, service: GameService, game: str, moves: int
) -> tuple[str, dict[int, str]]:
    """A table still running after up to ``moves`` human moves over HTTP (``play_http``).

    A deal can end a game within a few moves (a Fette Beute player drawing five of a kind);
    then another table is dealt.
    """
    for _ in range(10):
        game_id, tokens = http_table(api, game)
        play_http(api, service, game_id, tokens, moves=moves)
        if api.get(f"/v1/games/{game_id}").json["status"] == "active":
            return game_id, tokens
    raise AssertionError("every table ended too soon")


def finish_http(api: Api, service: GameService, game: str) -> tuple[str, dict[int, str]]:
    """A game played over HTTP for a while, then each human leaves and bots finish it."""
    game_id, tokens = http_table(api, game)
    play_http(api, service, game_id, tokens, moves=8)
    for token in tokens.values():
        if api.get(f"/v1/games/{game_id}").json["status"] == "active":
            response = api.command(game_id, token, {"type": "leave"})
            assert response.status_code == 201, response.json
    drive_bots(service, game_id)
    assert api.get(f"/v1/games/{game_id}").json["status"] == "finished"
    return game_id, tokens
