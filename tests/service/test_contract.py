"""openapi.yaml is the contract: the app serves exactly its paths, and every response conforms.

schemathesis generates requests from the document (valid and invalid ones) and checks every
response against it: no 5xx, only documented status codes, content types and bodies, and no
schema-valid request refused (see ``tests/service/schemathesis_cases.py``). Half of the
generated calls are pointed at a real game, half of those with a real token, so that the happy
paths are exercised too, not only the 404s. ``bench/schemathesis_run.py`` runs the same checks
over thousands of cases.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import schemathesis
import yaml
from hypothesis import HealthCheck, settings
from openapi_spec_validator import validate

from tests.service.conftest import Api
from tests.service.schemathesis_cases import CHECKS, aim

# One worker runs the whole module, in order, so the last test can count the cases.
# The contract is the API's shape, the same on every store: one server is enough.
pytestmark = [pytest.mark.redis, pytest.mark.xdist_group("contract"), pytest.mark.single_redis]

SPEC = yaml.safe_load((Path(__file__).resolve().parents[2] / "openapi.yaml").read_text())
CALLS: list[str] = []  # for the count of generated cases (printed with -s)
UNDOCUMENTED = {
    "/docs",
    "/docs/assets/<path:name>",
    "/openapi.yaml",
    "/static/<path:filename>",
    # The web front end (service/web): HTML pages and their static files, not the API.
    "/",
    "/games/<game_id>",
    "/games/<game_id>/replay",
    "/games/<game_id>/audit",
    "/verify",
    "/account",
    "/my-games",
    "/ratings",
    "/ratings/<game>",
    "/ratings/<game>/<handle>",
    "/web/static/<path:filename>",
}


def test_the_document_is_valid_openapi():
    validate(SPEC)


def test_the_app_serves_exactly_the_documented_surface(app):
    served = {}
    for rule in app.url_map.iter_rules():
        if rule.rule in UNDOCUMENTED:
            continue
        path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
        served[path] = served.get(path, set()) | (rule.methods - {"HEAD", "OPTIONS"})
    documented = {
        path: {method.upper() for method in item if method != "parameters"}
        for path, item in SPEC["paths"].items()
    }
    assert served == documented


def real_table(api: Api, game: str) -> tuple[str, list[str]]:
    """A started game of one of the shipped games (the spec describes those, not test games)."""
    created = api.create(game=game, seats=[{"kind": "human"}, {"kind": "human"}])
    tokens = [api.join(created["id"], f"p{n}")["token"] for n in range(2)]
    return created["id"], tokens


@pytest.fixture
def real_game(api: Api) -> tuple[str, list[str]]:
    return real_table(api, "gloria-picktoria")


@pytest.fixture
def finished_game(api: Api) -> tuple[str, list[str]]:
    """A stream of a finished game ends; a live one would be read until a client timeout."""
    game_id, tokens = real_table(api, "sly")
    while (summary := api.get(f"/v1/games/{game_id}").json)["status"] == "active":
        seat = summary["to_act"][0]
        move = api.get(f"/v1/games/{game_id}/legal-moves", tokens[seat]).json["moves"][0]
        api.command(game_id, tokens[seat], move)
    return game_id, tokens


@pytest.fixture
def api_schema(app):
    return schemathesis.openapi.from_wsgi("/openapi.yaml", app)


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_every_response_conforms(case, real_game, finished_game):
    live = case.path.endswith("/stream") or (case.query or {}).get("follow") in ("true", "1")
    game_id, tokens = finished_game if live else real_game
    aim(case, game_id, tokens[0])
    case.call_and_validate(checks=CHECKS)
    CALLS.append(case.operation.label)


def test_zz_a_few_hundred_cases_ran():
    """Runs after the generated cases, in the same worker (see ``pytestmark``)."""
    print(f"schemathesis sent {len(CALLS)} generated requests")
    assert len(CALLS) >= 300
    assert len(set(CALLS)) == sum(
        len([m for m in item if m != "parameters"]) for item in SPEC["paths"].values()
    )


def test_the_create_bodies_are_the_catalogues():
    """One variant per game: its player counts, strategies and options with their ranges."""
    from domain import match, registry

    schemas = SPEC["components"]["schemas"]
    variants = {}
    for ref in schemas["CreateGame"]["oneOf"]:
        variant = schemas[ref["$ref"].rsplit("/", 1)[1]]
        options = schemas[variant["properties"]["options"]["$ref"].rsplit("/", 1)[1]]
        seats = variant["properties"]["seats"]
        variants[variant["properties"]["game"]["const"]] = (
            seats["minItems"],
            seats["maxItems"],
            {
                name: (option["default"], option["minimum"], option["maximum"])
                for name, option in options["properties"].items()
            },
            options["additionalProperties"],
        )
    real_games = [game for game in registry.all_games() if not game.id.startswith("toy-")]
    assert variants == {
        game.id: (
            game.min_players,
            game.max_players,
            {n: (o.default, o.minimum, o.maximum) for n, o in match.all_options(game).items()},
            False,
        )
        for game in real_games
    }
    kinds = [schemas[seat["$ref"].rsplit("/", 1)[1]] for seat in schemas["Seat"]["oneOf"]]
    bot = next(s for s in kinds if s["properties"]["kind"]["const"] == "bot")
    assert all(bot["properties"]["strategy"]["enum"] == sorted(g.strategies) for g in real_games)
    listed = next(p for p in SPEC["paths"]["/v1/games"]["get"]["parameters"] if p["name"] == "game")
    assert listed["schema"]["enum"] == sorted(variants)
