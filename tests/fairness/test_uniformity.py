"""The shuffle is uniform: chi-square goodness-of-fit tests over many derivations.

The derivations use fixed seeds, so the test is deterministic; each asserts that the p-value
is above a fixed significance level (0.001). A biased shuffle (say ``x mod k`` without the
rejection, on a small word, or a Fisher-Yates off by one) fails these by a wide margin; the
last test shows the statistic has that power.
"""

from __future__ import annotations

import hashlib
import itertools
import math
from collections import Counter
from collections.abc import Iterable

from domain import fairness

ALPHA = 0.001


def chi_square_sf(statistic: float, df: int) -> float:
    """P(X >= statistic) for X ~ chi-square(df): 1 - the regularized lower gamma P(df/2, x/2)."""
    s, x = df / 2, statistic / 2
    if x <= 0:
        return 1.0
    term = total = 1.0 / s
    n = 1
    while term > 1e-16 * total:
        term *= x / (s + n)
        total += term
        n += 1
    return max(0.0, 1.0 - total * math.exp(-x + s * math.log(x) - math.lgamma(s)))


def chi_square(counts: Counter, categories: Iterable, draws: int) -> tuple[float, int]:
    categories = list(categories)
    expected = draws / len(categories)
    statistic = sum((counts.get(c, 0) - expected) ** 2 / expected for c in categories)
    return statistic, len(categories) - 1


def seeds(count: int, tag: str) -> Iterable[bytes]:
    for n in range(count):
        yield hashlib.sha256(f"{tag}:{n}".encode()).digest()


def test_the_survival_function_is_right():
    # df = 2 has a closed form: exp(-x / 2).
    for x in (0.5, 3.0, 13.8155):
        assert math.isclose(chi_square_sf(x, 2), math.exp(-x / 2), rel_tol=1e-9)
    assert math.isclose(chi_square_sf(49.728, 23), 0.001, rel_tol=1e-3)


def test_every_permutation_of_four_cards_is_equally_likely():
    draws = 24 * 250
    counts = Counter(
        tuple(fairness.permutation(seed, "deck", ["", "x"], 4)) for seed in seeds(draws, "p4")
    )
    statistic, df = chi_square(counts, itertools.permutations(range(4)), draws)
    assert len(counts) == 24
    assert chi_square_sf(statistic, df) > ALPHA, statistic


def test_client_seeds_alone_also_give_uniform_orders():
    """One server seed, many client seeds: the client seeds steer the order as fully."""
    seed = bytes(32)
    draws = 6 * 500
    counts = Counter(
        tuple(fairness.permutation(seed, "pile", [f"client {n}"], 3)) for n in range(draws)
    )
    statistic, df = chi_square(counts, itertools.permutations(range(3)), draws)
    assert chi_square_sf(statistic, df) > ALPHA, statistic


def test_each_card_of_52_lands_anywhere_alike():
    draws = 52 * 40
    where_first = Counter()
    first = Counter()
    for seed in seeds(draws, "p52"):
        order = fairness.permutation(seed, "deck", [], 52)
        where_first[order.index(0)] += 1
        first[order[0]] += 1
    for counts in (where_first, first):
        statistic, df = chi_square(counts, range(52), draws)
        assert chi_square_sf(statistic, df) > ALPHA, statistic


def test_the_start_player_is_uniform():
    draws = 6 * 500
    counts = Counter(fairness.start_player(seed, [], 6) for seed in seeds(draws, "start"))
    statistic, df = chi_square(counts, range(6), draws)
    assert chi_square_sf(statistic, df) > ALPHA, statistic


def test_the_statistic_catches_a_biased_shuffle():
    """The classic mistake: swapping with any position instead of a lower one."""

    def naive(seed: bytes, n: int) -> tuple[int, ...]:
        words = fairness._words(seed, "deck", [])
        order = list(range(n))
        for i in range(n):
            j = fairness._uniform(words, n)
            order[i], order[j] = order[j], order[i]
        return tuple(order)

    draws = 6 * 1000
    counts = Counter(naive(seed, 3) for seed in seeds(draws, "naive"))
    statistic, df = chi_square(counts, itertools.permutations(range(3)), draws)
    assert chi_square_sf(statistic, df) < ALPHA
