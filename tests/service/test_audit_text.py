"""The audit report reads as English whatever the game: a game without a shuffle, a game with
one, a table with a single event (issue 39: "the start player and (no shuffle in this game)
equal ...")."""

from __future__ import annotations

import re

import pytest

from service import audit
from service.games import GameService
from tests.fairness.conftest import finish

pytestmark = pytest.mark.redis

# A count of one with a plural noun, or a range of one version: how a sentence assembled from
# a number goes wrong.
ONE_WITH_A_PLURAL = re.compile(r"\b1 (events|seats|checks|recorded commands)\b|versions 1\.\.1\b")


def details(report: audit.Report) -> str:
    return audit.format_report(report)


def deck(report: audit.Report) -> str:
    return next(check.detail for check in report.checks if check.name == "deck")


def test_a_game_without_a_shuffle_has_a_deck_sentence_of_its_own(service: GameService) -> None:
    report = audit.audit(finish(service, "sly").envelopes)
    assert report.complete
    assert deck(report) == (
        "the start player (this game shuffles nothing) equals the derivation from the seed and "
        "the client seeds of 3 seats; the deal matches"
    )


@pytest.mark.parametrize(
    ("game", "subject"),
    [
        ("fette-beute", r"the start player and the shuffle \(supply of \d+\) equal "),
        (
            "gloria-picktoria",
            r"the start player and the shuffles \(deck of \d+, pile of \d+\) equal ",
        ),
    ],
)
def test_one_shuffle_is_singular_several_are_plural(
    service: GameService, game: str, subject: str
) -> None:
    report = audit.audit(finish(service, game).envelopes)
    assert report.complete
    assert re.match(subject + "the derivation from the seed", deck(report)), deck(report)
    assert not ONE_WITH_A_PLURAL.search(details(report))


def test_a_table_of_one_event_counts_in_the_singular(service: GameService) -> None:
    game_id = service.create("sly", [{"kind": "human"}] * 2, {}).game_id
    envelopes = service.store.read(game_id)
    assert len(envelopes) == 1  # nobody joined yet: the creation alone
    text = details(audit.audit(envelopes, game_id=game_id))
    assert "  1 event, head " in text
    assert "links of version 1 intact" in text
    assert text.endswith("INCOMPLETE: 1 check holds, 4 could not run yet")
    assert not ONE_WITH_A_PLURAL.search(text), text
