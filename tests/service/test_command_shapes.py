"""The API's command schemas are made from each game's declaration (``domain.shapes``): a game
registered in the domain needs nothing in the API, and a malformed body gets marshmallow's
usual field messages."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from marshmallow import ValidationError

from domain import registry
from domain.shapes import CommandShape, Field, Int
from service.api import commands, schemas
from tests.service.conftest import Api
from tests.toygame import TOY


def refused(game: str, kind: str, body: dict[str, Any]) -> Any:
    with pytest.raises(ValidationError) as error:
        schemas.load(commands.schemas_for(game)[kind], body)
    return error.value.messages


def test_a_malformed_body_gets_a_message_per_field():
    assert refused("fette-beute", "choose", {"type": "choose", "animals": ["squirrel", "x"]}) == {
        "animals": {1: ["Must be one of: squirrel, raccoon, hamster, marmot, beaver."]}
    }
    steal = {"type": "reveal", "animal": "raccoon", "steal": {"target": "1", "kind": "acorn"}}
    assert refused("fette-beute", "reveal", steal) == {
        "steal": {"target": ["Not a valid integer."]}
    }
    assert refused("sly", "lay", {"type": "lay", "card": "hen3", "space": "h1-5", "x": 1}) == {
        "space": ["String does not match expected pattern."],
        "x": ["Unknown field."],
    }
    assert refused("gloria-picktoria", "pass_fox", {"type": "end_turn", "chest": 100}) == {
        "type": ["Must be equal to pass_fox."],
        "chest": ["Must be greater than or equal to 0 and less than or equal to 99."],
    }


def test_the_schemas_of_a_game_are_made_once():
    """A schema class keys the memo of valid bodies: a new one per request would defeat it."""
    first, again = commands.schemas_for("sly"), commands.schemas_for("sly")
    assert first is again
    assert list(first) == ["lay", "expose", "reveal_flip", "reveal_stop", "leave"]


def test_a_game_registered_in_the_domain_only_gets_its_schemas():
    registry.register(TOY)
    try:
        known = commands.schemas_for(TOY.id)
        assert list(known) == ["draw", "leave"]
        assert schemas.load(known["draw"], {"type": "draw", "count": 2}) == {
            "type": "draw",
            "count": 2,
        }
        deeper = replace(TOY, commands=(CommandShape("draw", (Field("count", Int(1, 2)),)),))
        registry.register(deeper)
        assert commands.schemas_for(TOY.id)["draw"] is not known["draw"]
        with pytest.raises(ValidationError):
            schemas.load(commands.schemas_for(TOY.id)["draw"], {"type": "draw", "count": 3})
    finally:
        registry.register(TOY)


def test_an_unknown_game_takes_only_leave():
    assert list(commands.schemas_for("chess")) == ["leave"]


@pytest.mark.redis
def test_the_catalogue_lists_the_declared_commands(api: Api):
    games = {game["id"]: game for game in api.get("/v1/catalog").json["games"]}
    assert games[TOY.id]["commands"] == ["draw", "leave"]
    assert games["fette-beute"]["commands"] == ["choose", "leave", "reveal"]
