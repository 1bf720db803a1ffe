"""openapi.yaml is generated, and its schemas of views, events, reports and bundles hold for
real games: each shipped game is played to its end over the API (random legal moves of
human seats), and every answer a client can get on the way validates with jsonschema."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest
import yaml
from jsonschema import Draft202012Validator

from domain import registry
from spec import build
from spec.payloads import GAMES
from tests.domain import playout
from tests.service.conftest import Api

pytestmark = pytest.mark.redis

DOCUMENT = yaml.safe_load((Path(__file__).resolve().parents[2] / "openapi.yaml").read_text())
PLAYERS = {"fette-beute": 3, "sly": 2, "gloria-picktoria": 2}
# Gloria Picktoria ends at its third scoring card here (10th by default): a shorter game.
OPTIONS = {
    "gloria-picktoria": {"first_scoring_at": 1, "second_scoring_at": 2, "final_scoring_at": 3}
}


def test_the_committed_document_is_the_generated_one():
    assert build.main(["--check"]) == 0, "openapi.yaml is stale: run `make spec`"


def test_the_generated_commands_are_typed_and_closed():
    schemas = DOCUMENT["components"]["schemas"]
    assert schemas["SlyLay"]["properties"]["type"] == {"type": "string", "const": "lay"}
    assert schemas["SlyLay"]["additionalProperties"] is False
    assert schemas["GloriaPicktoriaLay"]["required"] == ["chest", "kind", "type"]
    assert schemas["FetteBeuteReveal"]["properties"]["steal"] == {
        "$ref": "#/components/schemas/FetteBeuteSteal"
    }
    mapping = schemas["SlyCommand"]["discriminator"]["mapping"]
    assert mapping["reveal_stop"] == "#/components/schemas/SlyRevealStop"


@cache
def validators(name: str) -> tuple[Any, Draft202012Validator]:
    """A fast validator (jsonschema-rs, Rust) for every answer, and jsonschema for the message
    when one fails."""
    schema = {"$ref": f"#/components/schemas/{name}", "components": DOCUMENT["components"]}
    return jsonschema_rs.validator_for(schema), Draft202012Validator(schema)


def check(name: str, value: Any) -> None:
    fast, thorough = validators(name)
    if fast.is_valid(value):
        return
    errors = sorted(thorough.iter_errors(value), key=lambda error: error.path)
    assert errors, f"{name}: the two validators disagree on {value!r}"
    raise AssertionError(f"{name}: {errors[0].message} at {list(errors[0].absolute_path)}")


def test_the_schemas_refuse_what_the_domain_never_sends():
    with pytest.raises(AssertionError):
        check("SlyBoard", {"seat": 0})
    with pytest.raises(AssertionError):  # a Gloria Picktoria CardLaid is not a SLY one
        check("SlyCardLaid", {"seat": 0, "card": "m1", "chest": 0})
    with pytest.raises(AssertionError):
        check("Event", {"version": 1, "type": "Nonsense", "data": {}})


class Viewers:
    """Every seat and a spectator, each reading the summary, its view and the events it has
    not read yet (so a long game costs linear, not quadratic, validation)."""

    def __init__(self, api: Api, game_id: str, tokens: list[str]) -> None:
        self.api, self.game_id = api, game_id
        self.read: dict[str | None, int] = dict.fromkeys([None, *tokens], 0)

    def look(self) -> None:
        for token, after in self.read.items():
            path = f"/v1/games/{self.game_id}"
            check("GameSummary", self.api.get(path, token).json)
            check("View", self.api.get(f"{path}/state", token).json)
            page = self.api.get(f"{path}/events?after={after}&limit=5000", token).json
            check("EventPage", page)
            self.read[token] = page["next_after"]


def pick(rng: random.Random, moves: list[dict]) -> dict:
    """A random game move; half the time a Gloria Picktoria blind draw, which ends it sooner."""
    moves = [move for move in moves if move["type"] != "leave"]
    drawing = [move for move in moves if move["type"] == "draw_blind"]
    return drawing[0] if drawing and rng.random() < 0.5 else rng.choice(moves)


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_every_answer_of_a_whole_game_matches_the_schemas(api: Api, game: str):
    rng = random.Random(game)
    seats = [{"kind": "human"}] * PLAYERS[game]
    created = api.create(game=game, seats=seats, **OPTIONS.get(game, {}))
    check("CreatedGame", created)
    check("View", api.get(f"/v1/games/{created['id']}/state").json)  # a waiting table
    game_id = created["id"]
    tokens = []
    for n in range(PLAYERS[game]):
        joined = api.join(game_id, f"p{n}")
        check("Joined", joined)
        tokens.append(joined["token"])
    check("View", api.get(f"/v1/games/{game_id}/state?version=1").json)
    viewers = Viewers(api, game_id, tokens)
    steps = 0
    while (summary := api.get(f"/v1/games/{game_id}").json)["status"] == "active":
        seat = rng.choice(summary["to_act"])
        legal = api.get(f"/v1/games/{game_id}/legal-moves", tokens[seat]).json
        check("LegalMoves", legal)
        answer = api.command(game_id, tokens[seat], pick(rng, legal["moves"]))
        assert answer.status_code == 201, answer.json
        check("CommandResult", answer.json)
        if steps % 10 == 0:
            viewers.look()
        steps += 1
    viewers.look()
    # After the end every event is shown whole: the hidden fields validate too.
    check("EventPage", api.get(f"/v1/games/{game_id}/events?limit=5000").json)
    version = summary["version"]
    for at in rng.sample(range(1, version + 1), min(10, version)):  # the past, as replayed
        check("View", api.get(f"/v1/games/{game_id}/state?version={at}", tokens[0]).json)
    check("AuditReport", api.get(f"/v1/games/{game_id}/audit").json)
    check("Bundle", api.get(f"/v1/games/{game_id}/export").json)


def test_a_cancelled_and_a_seat_left_game_match_the_schemas(api: Api):
    created = api.create(game="sly", seats=[{"kind": "human"}] * 2)
    owner = {"Authorization": f"Bearer {created['owner_token']}"}
    check("GameSummary", api.client.delete(f"/v1/games/{created['id']}", headers=owner).json)
    check("EventPage", api.get(f"/v1/games/{created['id']}/events").json)
    check("AuditReport", api.get(f"/v1/games/{created['id']}/audit").json)
    created = api.create(game="sly", seats=[{"kind": "human"}] * 2)
    tokens = [api.join(created["id"], f"p{n}")["token"] for n in range(2)]
    left = api.command(created["id"], tokens[1], {"type": "leave"})
    check("CommandResult", left.json)
    check("EventPage", api.get(f"/v1/games/{created['id']}/events", tokens[0]).json)


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_seeded_playouts_meet_every_described_event_and_nothing_else(game_id: str):
    """Below the API, many games quickly: every event as each viewer sees it and as stored,
    and every view, validate; and every event type the spec describes occurs."""
    game = registry.get(game_id)
    prefix = GAMES[game_id][0]
    described = set(GAMES[game_id][1]()["events"])
    met: set[str] = set()
    for seed in range(4):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        rng = random.Random(seed)
        played = playout.start(game, players, rng)
        while game.result(played.state) is None:
            playout.step(played, rng)
            if len(played.commands) % 5 == 0:
                for viewer in [None, *range(players)]:
                    check(f"{prefix}Board", game.view(played.state, viewer))
        for event in played.events:
            met.add(event.type)
            check(prefix + event.type, event.data)
            for viewer in [None, *range(players)]:
                check(prefix + event.type, game.redact(event, viewer).data)
        check(f"{prefix}Result", game.result(played.state))
    assert met == described
