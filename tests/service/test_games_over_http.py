"""Whole games of every registered game over HTTP, one client thread per human seat.

Each client only ever sends what ``legal-moves`` offers, pinned with ``If-Match``, like a
careful third-party client would. Along the way every client checks that nobody else's hidden
cards reach it, in views and in event feeds.
"""

from __future__ import annotations

import random
import threading
import time

import pytest

from domain import registry
from events.envelope import verify_chain
from service.api import commands
from tests.domain import playout
from tests.service.conftest import Api

pytestmark = pytest.mark.redis

PLAYERS = {"fette-beute": 4, "sly": 2, "gloria-picktoria": 3}
# A seat with nothing to do looks again until the game moves on. It gives up when no event
# has come for this long (a stuck game), never after a count of looks: how many looks a turn
# of the others takes depends on the machine's load.
STALL_S = 60


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_every_legal_command_passes_the_api_schema(game: str):
    """The marshmallow schemas accept exactly what the engine lists, unchanged."""
    definition = registry.get(game)
    schemas = commands.schemas_for(game)
    for seed in range(3):
        rng = random.Random(seed)
        run = playout.start(definition, PLAYERS[game], rng)
        for _ in range(300):
            if definition.result(run.state) is not None:
                break
            for seat in definition.to_act(run.state):
                for body in definition.legal_commands(run.state, seat):
                    assert schemas[body["type"]]().load(body) == body
            playout.step(run, rng)


def no_hidden_leak(game: str, seat: int, view: dict, events: list[dict]) -> None:
    """What ``seat`` receives holds no other seat's hidden cards (while the game runs)."""
    if view["status"] != "active":
        return
    board = view["board"]
    if game == "fette-beute":
        hidden = board["face_down_animals"]
        assert all(animals is None for n, animals in enumerate(hidden) if n != seat), hidden
        for event in events:
            if event["type"] == "AnimalsChosen" and event["data"]["seat"] != seat:
                assert "animals" not in event["data"]
                assert "animals" not in event.get("cause", {})
    if game == "sly":
        for event in events:
            if event["type"] == "CardLaid" and event["data"]["seat"] != seat:
                assert "card" not in event["data"] and "card" not in event.get("cause", {})
    if game == "gloria-picktoria":
        for event in events:
            if event["type"] == "CardsDealt":
                hands = event["data"]["hands"]
                assert all(hand is None for n, hand in enumerate(hands) if n != seat)
                assert "pile" not in event["data"]
            if event["type"] == "CardDrawnBlind" and event["data"]["seat"] != seat:
                assert event["data"]["card"] is None
    for event in events:
        if event["type"] in ("GameCreated", "GameStarted"):
            assert "seed" not in event["data"] and "orders" not in event["data"]


def play_seat(api: Api, game: str, game_id: str, seat: int, token: str, errors: list) -> None:
    rng = random.Random(seat)
    seen = 0
    moved, progressed = 0, time.monotonic()
    try:
        while moved < 5000:
            # The feed first: a view still active then proves the game was active when the
            # feed was read (once it ends, the feed rightly shows every card).
            feed = api.get(
                f"/v1/games/{game_id}/events", token=token, query_string={"after": seen}
            ).json["events"]
            view = api.get(f"/v1/games/{game_id}/state", token=token).json
            no_hidden_leak(game, seat, view, feed)
            if feed:
                seen, progressed = feed[-1]["version"], time.monotonic()
            if view["status"] == "finished":
                return
            moves = api.get(f"/v1/games/{game_id}/legal-moves", token=token).json
            options = [m for m in moves["moves"] if m["type"] != "leave"]
            if not options:
                assert time.monotonic() - progressed < STALL_S, f"no event for {STALL_S} s"
                time.sleep(0.002)  # leaves the others the GIL between two looks
                continue
            moved += 1
            response = api.command(
                game_id, token, rng.choice(options), **{"If-Match": f'"{moves["version"]}"'}
            )
            # 412: someone moved between the look and the move (simultaneous choices).
            assert response.status_code in (201, 412), response.json
        raise AssertionError("the game did not end")
    except BaseException as error:  # reported to the main thread
        errors.append(error)


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_whole_game_between_human_clients(api: Api, app, service, game: str):
    created = api.create(game=game, seats=[{"kind": "human"}] * PLAYERS[game])
    tokens = [
        api.join(created["id"], f"p{n}", client_seed=f"s{n}")["token"] for n in range(PLAYERS[game])
    ]
    errors: list[BaseException] = []
    threads = [
        threading.Thread(
            target=play_seat,
            args=(Api(app.test_client()), game, created["id"], seat, token, errors),
        )
        for seat, token in enumerate(tokens)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors[0]
    summary = api.get(f"/v1/games/{created['id']}").json
    assert summary["status"] == "finished"
    assert summary["result"]["winners"]
    envelopes = service.store.read(created["id"])
    seed = bytes.fromhex(envelopes[-1].data["seed"])
    assert verify_chain(envelopes, seed).ok
    by_kind = {e.by["kind"] for e in envelopes}
    assert by_kind == {"system", "player"}
