"""A bot's hidden choice cannot be foreseen from public data, yet a retried job repeats it.

Fette Beute's secret choice is the case in point: the legal choices are public, a ``random``
bot picks one uniformly, and the choice stays hidden until the reveal. Its generator used to be
seeded with the job's identity alone (game, kind, seat, since, version), every part of which a
spectator sees in the feed: re-running the strategy predicted every hidden choice.
"""

from __future__ import annotations

import random

import pytest

from domain import fairness
from domain.fette_beute.bots import random_strategy
from service.games import GameService
from tests.service.conftest import build

pytestmark = pytest.mark.redis

CHOICES = 16  # hidden choices observed; all foreseen by luck alone is (1/15)**16


def observed_choices(service: GameService, count: int) -> list[tuple]:
    """Play random bots' games job by job, as many as it takes; for each secret choice: the
    game, what a spectator saw (command id, version, the legal choices), the recorded choice,
    and the state the job decided in."""
    seen: list[tuple] = []
    while len(seen) < count:
        seats = [{"kind": "bot", "strategy": "random"}] * 3
        game_id = service.create("fette-beute", seats, {}).game_id
        while len(seen) < count and (loaded := service.load(game_id)).state.status == "active":
            state = loaded.state
            seat = min(state.to_act())
            since = state.since[seat]
            legal = state.definition.legal_commands(state.board, seat)
            outcome = service.play_for(game_id, seat, since, "bot")
            assert outcome is not None and outcome.envelopes
            first = outcome.envelopes[0]  # the stored envelope: unredacted
            if (first.cause or {}).get("type") == "choose":
                public = (first.command_id, loaded.version, legal)
                seen.append((game_id, public, first.cause, loaded, seat, since))
    return seen


def test_a_spectator_cannot_foresee_a_random_bots_hidden_choices(service):
    foreseen = 0
    for game_id, (command_id, version, legal), cause, *_ in observed_choices(service, CHOICES):
        kind, seat, since = command_id.split(":")  # "bot:<seat>:<since>", public in the feed
        public_seed = f"{game_id}:{kind}:{seat}:{since}:{version}"
        guess = random_strategy({}, legal, random.Random(public_seed))
        foreseen += guess["animals"] == cause["animals"]
    assert foreseen < CHOICES


def test_with_the_secret_seed_every_choice_is_reproduced(service):
    """The choice is a function of the seed and the job alone (the test above is not vacuous)."""
    for game_id, (command_id, version, legal), cause, loaded, _, _ in observed_choices(service, 6):
        _, seat, since = command_id.split(":")
        identity = f"{game_id}:bot:{seat}:{since}:{version}"
        rng = random.Random(fairness.bot_seed(bytes.fromhex(loaded.state.seed), identity))
        assert random_strategy({}, legal, rng)["animals"] == cause["animals"]


def test_the_same_job_twice_makes_the_same_choice(service, redis_url, scheduler):
    """A job run again (say its first run died before the append) chooses what it chose."""
    from events.redis_client import connect

    other_process = build(connect(redis_url), scheduler)  # a cache of its own
    for game_id, _, cause, loaded, seat, since in observed_choices(service, 4):
        again = other_process.bot_choice(game_id, loaded, seat, since, "bot")
        assert again == {"type": "choose", "animals": cause["animals"]}
        assert other_process.bot_choice(game_id, loaded, seat, since, "bot") == again


def test_the_generator_seed_depends_on_the_secret_seed_and_on_the_job():
    identity = "g:bot:0:3:3"
    seed = bytes(range(32))
    assert fairness.bot_seed(seed, identity) == fairness.bot_seed(seed, identity)
    assert fairness.bot_seed(seed, identity) != fairness.bot_seed(bytes(32), identity)
    assert fairness.bot_seed(seed, identity) != fairness.bot_seed(seed, "g:bot:0:3:4")
    assert seed.hex() not in fairness.bot_seed(seed, identity).hex()
