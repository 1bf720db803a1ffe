"""The command schemas' memo: a body found valid once is answered from memory, as marshmallow
would answer it, in a fresh copy each time; an invalid body is always marshmallow's error."""

from __future__ import annotations

import random

import pytest
from marshmallow import ValidationError

from domain import registry
from service.api import commands, schemas
from tests.domain import playout

PLAYERS = {"fette-beute": 4, "sly": 2, "gloria-picktoria": 3}


@pytest.fixture(autouse=True)
def empty_memo():
    schemas._valid.clear()
    yield
    schemas._valid.clear()


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_remembered_body_is_answered_as_marshmallow_answers_it(game: str):
    definition = registry.get(game)
    known = commands.schemas_for(game)
    rng = random.Random(5)
    run = playout.start(definition, PLAYERS[game], rng)
    bodies = 0
    for _ in range(120):
        if definition.result(run.state) is not None:
            break
        for seat in definition.to_act(run.state):
            for body in definition.legal_commands(run.state, seat):
                schema = known[body["type"]]
                first = schemas.load_command(schema, body)
                again = schemas.load_command(schema, body)
                assert first == again == schemas.load(schema, body)
                bodies += 1
        playout.step(run, rng)
    assert bodies > 50
    assert 0 < len(schemas._valid) < bodies  # moves repeat: fewer entries than bodies


def test_each_answer_is_a_fresh_copy_its_caller_may_change():
    schema = commands.schemas_for("fette-beute")["choose"]
    body = {"type": "choose", "animals": ["squirrel", "marmot"]}
    first = schemas.load_command(schema, body)
    first["animals"].append("beaver")
    first["type"] = "changed"
    second = schemas.load_command(schema, body)
    third = schemas.load_command(schema, body)
    assert second == body == third
    second["animals"].clear()
    assert third["animals"] == ["squirrel", "marmot"]
    assert schemas.load_command(schema, body) == body


def test_an_invalid_body_is_refused_every_time_and_never_remembered():
    schema = commands.schemas_for("fette-beute")["choose"]
    body = {"type": "choose", "animals": ["squirrel", "unicorn"]}
    for _ in range(2):
        with pytest.raises(ValidationError) as refused:
            schemas.load_command(schema, body)
        assert "animals" in refused.value.messages
    assert schemas._valid == {}
    with pytest.raises(ValidationError) as not_an_object:
        schemas.load_command(schema, ["choose"])
    assert not_an_object.value.messages == {"_schema": ["The body must be a JSON object."]}


def test_a_body_remembered_under_one_schema_is_still_checked_by_another():
    """The key names the schema: SLY's ``expose`` and ``reveal_flip`` read the same fields."""
    known = commands.schemas_for("sly")
    body = {"type": "expose", "space": "h1-1"}
    assert schemas.load_command(known["expose"], body) == body
    with pytest.raises(ValidationError):
        schemas.load_command(known["reveal_flip"], body)  # its type must be reveal_flip


def test_the_memo_stays_within_its_size(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(schemas, "MEMO_SIZE", 3)
    schema = commands.schemas_for("fette-beute")["choose"]
    animals = registry.get("fette-beute").vocabulary["animal"].values
    pairs = [[a, b] for a in animals for b in animals if a != b][:7]
    for pair in pairs:
        body = {"type": "choose", "animals": pair}
        assert schemas.load_command(schema, body) == body
        assert len(schemas._valid) <= 3
    assert len(schemas._valid) >= 1
