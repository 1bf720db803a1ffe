"""A bot's hidden choice cannot be foreseen from public data, yet a retried job repeats it.

Fette Beute's secret choice is the case in point: the legal choices are public, a ``random``
bot picks one uniformly, and the choice stays hidden until the reveal. Its generator used to be
seeded with the job's identity alone (game, kind, seat, since, version), every part of which a
spectator sees in the feed: re-running the strategy predicted every hidden choice.

A secret generator is not enough for ``greedy``: everything it scores the pairs from is public,
and it played its best-scoring pair, so an observer re-running it on the spectator's view
foresaw 84 % of its choices (issue 39). It now draws among the pairs it values about the same.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from domain import fairness
from domain.fette_beute import GAME, bots
from domain.fette_beute.bots import greedy, random_strategy
from domain.game import Command, Strategy, fold
from service.games import GameService
from tests.domain import playout
from tests.service.conftest import build

CHOICES = 16  # hidden choices observed; all foreseen by luck alone is (1/15)**16
GAMES = 30  # seeded four-player games of greedy bots: 420 secret choices
RUNS = 51  # the observer's re-runs of the strategy per choice


def observed_choices(service: GameService, count: int, strategy: str = "random") -> list[tuple]:
    """Play bots' games job by job, as many as it takes; for each secret choice: the game,
    what a spectator saw (command id, version, the legal choices), the recorded choice, and
    the state the job decided in."""
    seen: list[tuple] = []
    while len(seen) < count:
        seats = [{"kind": "bot", "strategy": strategy}] * 3
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


@pytest.mark.redis
def test_a_spectator_cannot_foresee_a_random_bots_hidden_choices(service):
    foreseen = 0
    for game_id, (command_id, version, legal), cause, *_ in observed_choices(service, CHOICES):
        kind, seat, since = command_id.split(":")  # "bot:<seat>:<since>", public in the feed
        public_seed = f"{game_id}:{kind}:{seat}:{since}:{version}"
        guess = random_strategy({}, legal, random.Random(public_seed))
        foreseen += guess["animals"] == cause["animals"]
    assert foreseen < CHOICES


@pytest.mark.redis
def test_with_the_secret_seed_every_choice_is_reproduced(service):
    """The choice is a function of the seed and the job alone (the test above is not vacuous)."""
    for game_id, (command_id, version, legal), cause, loaded, _, _ in observed_choices(service, 6):
        _, seat, since = command_id.split(":")
        identity = f"{game_id}:bot:{seat}:{since}:{version}"
        rng = random.Random(fairness.bot_seed(bytes.fromhex(loaded.state.seed), identity))
        assert random_strategy({}, legal, rng)["animals"] == cause["animals"]


@pytest.mark.redis
@pytest.mark.parametrize("strategy", ["random", "greedy"])
def test_the_same_job_twice_makes_the_same_choice(service, redis_url, scheduler, strategy):
    """A job run again (say its first run died before the append) chooses what it chose."""
    from events.redis_client import connect

    other_process = build(connect(redis_url), scheduler)  # a cache of its own
    for game_id, _, cause, loaded, seat, since in observed_choices(service, 4, strategy):
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


# --- greedy: a secret choice drawn among near ties ---------------------------------------------


def greedy_choices() -> Iterator[tuple[bytes, str, Mapping[str, Any], list[dict], dict]]:
    """Every secret choice of ``GAMES`` seeded four-player games of ``greedy`` bots: the game's
    secret seed, the job's identity, the spectator's view naming the seat, the legal choices and
    the choice, made with a generator seeded as the service seeds it (``bot_seed``).

    When a seat chooses, its own view adds nothing to the spectator's but its own face-down
    list, still empty: an observer runs greedy on exactly the bot's input (checked here)."""
    for number in range(GAMES):
        secret = random.Random(number).randbytes(32)
        state = playout.start(GAME, 4, random.Random(f"deal:{number}")).state
        move = 0
        while GAME.result(state) is None:
            seat = min(GAME.to_act(state))
            legal = GAME.legal_commands(state, seat)
            identity = f"g{number}:bot:{seat}:{move}:{move}"
            rng = random.Random(fairness.bot_seed(secret, identity))
            own = GAME.view(state, seat)
            body = greedy(own, legal, rng)
            if body["type"] == "choose":
                public = {**GAME.view(state, None), "seat": seat}
                assert {**public, "face_down_animals": own["face_down_animals"]} == own
                assert own["face_down_animals"][seat] == []
                yield secret, identity, public, legal, body
            state = fold(GAME, state, GAME.decide(state, Command(seat, body, "bot")))
            move += 1


def favourite(strategy: Strategy, public: Mapping[str, Any], legal: list[dict]) -> dict:
    """The observer's guess: the choice the strategy makes most often on public data alone."""
    votes = Counter(
        repr(strategy(public, legal, random.Random(f"observer:{run}"))) for run in range(RUNS)
    )
    return next(body for body in legal if repr(body) == votes.most_common(1)[0][0])


def foreseen(strategy: Strategy) -> tuple[int, int]:
    """(choices the observer foresaw, choices) over the seeded games."""
    hits = total = 0
    for _, _, public, legal, body in greedy_choices():
        hits += favourite(strategy, public, legal) == body
        total += 1
    return hits, total


def test_a_spectator_foresees_few_of_greedys_secret_choices():
    """Re-running greedy on the spectator's view foresaw 84 % of its choices; under 40 % now.

    The observer's guess is greedy's favourite on public data (the most frequent of 51 runs).
    The old rule failed here, 305 of 356 foreseen. The softmax of temperature 2 plays the
    favourite in about 28 % of the choices (103 of 420 here, 24.5 %): over 420 choices the
    standard deviation is 2.2 points, so 40 % is more than 5 of them away, and with fixed
    seeds the count itself never changes.
    """
    hits, total = foreseen(greedy)
    assert total >= 300
    assert hits / total < 0.40, f"{hits} of {total} foreseen"


def test_the_observer_would_foresee_a_greedy_that_played_its_best(monkeypatch):
    """The bound above is not the observer's weakness: the same observer, against the rule
    without near ties (temperature 0: the best pair, exact ties at random), foresees most."""
    monkeypatch.setattr(bots, "TEMPERATURE", 0.0)
    hits, total = foreseen(greedy)
    assert hits / total > 0.80, f"{hits} of {total} foreseen"


def test_the_secret_seed_decides_greedys_choice():
    """The same job's generator gives the same choice (a retried job repeats it); a different
    secret seed often gives another, since the choice is drawn among near ties."""
    again = other = total = 0
    for secret, identity, public, legal, body in greedy_choices():
        rng = random.Random(fairness.bot_seed(secret, identity))
        again += greedy(public, legal, rng) == body
        stranger = random.Random(fairness.bot_seed(bytes(32), identity))
        other += greedy(public, legal, stranger) != body
        total += 1
    assert again == total
    # Two draws differ with probability 1 - sum(p * p): 330 of 420 here; the old rule (the best,
    # but one of the top three 15 % of the time, and the beaver gamble) gave 90 of 356.
    assert other / total > 0.55, f"{other} of {total} differ"
