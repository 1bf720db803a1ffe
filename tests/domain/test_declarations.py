"""Each game declares its commands (``domain.shapes``), vocabulary and event lines once, beside
its rules; the API, its document and the demo read nothing else. These tests hold each
declaration to the rules it sits beside: every legal command has the declared shape, the
vocabularies are the rules' own constants, and every event a game plays has its line."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any

import pytest

from domain import match, narration, registry
from domain.fette_beute import state as fette_beute
from domain.gloria_picktoria import cards as gloria_picktoria
from domain.gloria_picktoria import rules as gloria_picktoria_rules
from domain.shapes import CommandShape, Field, Int, Kind, ListOf, Matches, OneOf, Record
from domain.sly import model as sly
from domain.sly import rules as sly_rules
from tests.domain import playout

PLAYERS = {"fette-beute": 4, "sly": 3, "gloria-picktoria": 3}


def fits(kind: Kind, value: Any) -> bool:
    """Whether ``value`` is what ``kind`` declares (JSON values, as ``decide`` receives them)."""
    match kind:
        case OneOf(values):
            return value in values
        case Matches(pattern):
            return isinstance(value, str) and re.search(pattern, value) is not None
        case Int(minimum, maximum):
            return type(value) is int and minimum <= value <= maximum
        case ListOf(item, length):
            return (
                isinstance(value, list)
                and len(value) == length
                and all(fits(item, one) for one in value)
            )
        case Record(_, fields):
            return isinstance(value, Mapping) and has_fields(fields, value)
    raise AssertionError(f"unknown kind {kind!r}")


def has_fields(fields: tuple[Field, ...], body: Mapping[str, Any]) -> bool:
    declared = {field.name: field for field in fields}
    return (
        body.keys() <= declared.keys()
        and all(field.name in body for field in fields if field.required)
        and all(fits(declared[name].kind, value) for name, value in body.items())
    )


def body_fits(shape: CommandShape, body: Mapping[str, Any]) -> bool:
    rest = {name: value for name, value in body.items() if name != "type"}
    return body.get("type") == shape.type and has_fields(shape.fields, rest)


def played(game_id: str, seeds: int = 3, steps: int = 300) -> list[playout.Playout]:
    """Seeded playouts; on the way, every legal command of every seat to act must fit its
    declared shape."""
    game = registry.get(game_id)
    declared = {shape.type: shape for shape in game.commands}
    runs = []
    for seed in range(seeds):
        rng = random.Random(seed)
        run = playout.start(game, PLAYERS[game_id], rng)
        for _ in range(steps):
            if game.result(run.state) is not None:
                break
            for seat in game.to_act(run.state):
                for body in game.legal_commands(run.state, seat):
                    assert body["type"] in declared, body
                    assert body_fits(declared[body["type"]], body), body
            playout.step(run, rng)
        runs.append(run)
    return runs


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_every_legal_command_has_its_declared_shape(game_id: str):
    game = registry.get(game_id)
    assert game.command_types == tuple(shape.type for shape in game.commands)
    assert len(set(game.command_types)) == len(game.command_types)
    played(game_id)


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_every_event_a_game_plays_has_its_line(game_id: str):
    game = registry.get(game_id)
    for run in played(game_id, seeds=2):
        for event in run.events:
            for viewer in (None, 0):
                shown = game.redact(event, viewer)
                line = narration.describe(game.narrate, {"type": shown.type, "data": shown.data})
                assert not line.startswith(shown.type), (shown, line)


def test_the_declared_commands_are_those_decide_plays():
    assert set(registry.get("sly").command_types) == set(sly_rules._PLAYS)
    assert set(registry.get("gloria-picktoria").command_types) == set(
        gloria_picktoria_rules.COMMANDS
    )


def test_the_vocabularies_are_the_rules_own_constants():
    """Not copies: a card renamed in the rules is renamed in the API with it."""
    vocabulary = {game.id: game.vocabulary for game in registry.all_games()}
    assert vocabulary["fette-beute"]["animal"].values is fette_beute.ANIMALS
    assert vocabulary["fette-beute"]["food"].values is fette_beute.FOODS
    assert vocabulary["sly"]["card"].values is sly.CARDS
    assert vocabulary["gloria-picktoria"]["motif"].values is gloria_picktoria.MOTIFS
    assert vocabulary["gloria-picktoria"]["chest_kind"].values is gloria_picktoria.CHEST_KINDS
    assert re.fullmatch(vocabulary["sly"]["space"].pattern[1:-1], "h1-4")


def test_every_game_ends_its_commands_with_leave():
    for game in registry.all_games():
        shapes = match.command_shapes(game)
        assert shapes == (*game.commands, match.LEAVE)
        assert body_fits(shapes[-1], {"type": "leave"})
