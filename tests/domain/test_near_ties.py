"""Near ties: the bots draw among the choices they value about the same, with the generator given.

``draw_near_best`` is the rule-based bots' softmax over their own scores; ``ismcts`` settles an
exact tie at the root with its generator rather than by the commands' text, which anyone can
read. The draws are counted over fixed seeds, so every bound below holds deterministically; each
is also several standard deviations from its expected value, so it does not hang on the seeds.
"""

from __future__ import annotations

import math
import random
from collections import Counter

from domain.game import Command
from domain.search import Ismcts, SearchRules, draw_near_best

DRAWS = 4000


def frequencies(scored: list[tuple[str, float]], temperature: float) -> Counter[str]:
    return Counter(
        draw_near_best(scored, random.Random(seed), temperature) for seed in range(DRAWS)
    )


def test_choices_that_score_the_same_are_drawn_about_equally_often() -> None:
    counts = frequencies([("a", 1.0), ("b", 1.0), ("c", 1.0)], temperature=2.0)
    # Each expects 1333 (standard deviation 30): 1200-1466 is more than 4 of them either way.
    assert all(1200 < counts[item] < 1466 for item in "abc"), counts


def test_a_choice_one_temperature_behind_is_drawn_about_1_in_e_as_often() -> None:
    counts = frequencies([("best", 3.0), ("behind", 1.0)], temperature=2.0)
    expected = 1 / (1 + math.e)  # 0.269 of the draws: standard deviation 0.007
    assert abs(counts["behind"] / DRAWS - expected) < 0.03, counts


def test_temperature_zero_keeps_the_best_and_draws_exact_ties_evenly() -> None:
    counts = frequencies([("low", 1.0), ("top", 3.0), ("twin", 3.0)], temperature=0.0)
    assert counts["low"] == 0
    assert 1850 < counts["top"] < 2150, counts  # 2000 expected, standard deviation 32


def test_a_draw_takes_one_number_from_the_generator_whatever_the_scores() -> None:
    for scored in ([("a", 5.0)], [("a", 0.0), ("b", 9.0), ("c", 9.0)]):
        for temperature in (0.0, 2.0):
            rng, twin = random.Random(7), random.Random(7)
            draw_near_best(scored, rng, temperature)
            twin.random()
            assert rng.random() == twin.random()


def two_twins() -> SearchRules:
    """A one-move game whose two commands end it the same way: a search ties them exactly."""
    finished = {"winners": [0]}
    return SearchRules(
        decide=lambda state, command: [command.body["type"]],
        evolve=lambda state, event: event,
        legal_commands=lambda state, seat: [{"type": "a"}, {"type": "b"}] if not state else [],
        to_act=lambda state: frozenset() if state else frozenset({0}),
        result=lambda state: finished if state else None,
        determinise=lambda view, rng: "",
        evaluate=lambda state: [0.5],
        iterations=2,  # each command once, both won: the same visits and the same reward
    )


def test_ismcts_draws_an_exact_tie_with_its_generator() -> None:
    search = Ismcts(two_twins())
    view = {"seat": 0, "players": 1}
    legal = [{"type": "a"}, {"type": "b"}]
    assert two_twins().decide("", Command(0, legal[0])) == ["a"]  # the game is as described
    chosen = [search(view, legal, random.Random(seed))["type"] for seed in range(40)]
    # Settled by the commands' text, the tie went to "b" every time.
    assert 10 < chosen.count("a") < 30, chosen
    assert [search(view, legal, random.Random(seed))["type"] for seed in range(40)] == chosen
