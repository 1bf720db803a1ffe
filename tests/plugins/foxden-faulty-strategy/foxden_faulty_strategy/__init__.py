"""Strategies that misbehave, for the tests: a move must never wedge a game."""

from __future__ import annotations


def _raise(view, legal, rng):
    raise RuntimeError("this strategy always crashes")


def _illegal(view, legal, rng):
    return {"type": "not-a-move"}


def crashing(game_id):
    return _raise


def cheating(game_id):
    return _illegal if game_id != "sly" else None
