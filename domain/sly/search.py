"""SLY for ``ismcts``: a full table from one seat's view, and a score for a cut-off.

What a seat cannot see: the other seats' face-down cards and hands. Each player owns the same
seven cards, so an opponent's unseen cards are the seven minus those face up, gobbled or
captured; they are dealt at random to that opponent's face-down spaces and hand. The public
record of cards going back to hand narrows it (the card counting of the greedy bot): a card
laid before one of its owner's cards went back to hand cannot be that card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from domain.search import Ismcts, SearchRules, rank_rewards

from .bots import greedy_bot, unseen_cards
from .model import DOWN, Slot, SlyState, sorted_hand
from .rules import decide, evolve
from .scoring import result, scores
from .views import legal_commands, to_act, view

ATTEMPTS = 20  # tries at a deal that honours every "cannot be" before ignoring them


def determinise(view: Mapping[str, Any], rng: random.Random) -> SlyState:
    """A table that ``view`` allows, with the hidden cards drawn from ``rng``."""
    players, me = view["players"], view["seat"]
    entries = view["spaces"]
    unknown = unseen_cards(view)
    cards: dict[int, str] = {}  # space index -> card, for every face-down space
    hands: list[tuple[str, ...]] = []
    for seat in range(players):
        if seat == me:
            hands.append(tuple(view["hands"][me]))
            cards.update(
                (i, entry["card"])
                for i, entry in enumerate(entries)
                if entry["status"] == DOWN and entry["owner"] == me
            )
            continue
        down = [i for i, e in enumerate(entries) if e["status"] == DOWN and e["owner"] == seat]
        dealt = _deal(sorted(unknown[seat]), down, entries, view["returned"][seat], rng)
        cards.update(zip(down, dealt, strict=False))  # the rest is the hand
        hands.append(sorted_hand(dealt[len(down) :]))
    spaces: list[Slot | None] = []
    for i, entry in enumerate(entries):
        if entry["status"] == "empty":
            spaces.append(None)
        else:
            card = cards.get(i, entry.get("card"))
            spaces.append(Slot(entry["owner"], card, entry["status"], entry.get("laid_turn", 0)))
    index = {entry["space"]: i for i, entry in enumerate(entries)}
    return SlyState(
        players=players,
        houses=len(entries) // 4,
        max_turns_per_player=view["max_turns"] // players,
        low_hand=view["low_hand"],
        started=True,
        start_player=view["start_player"],
        current=view["current"] if view["current"] is not None else 0,
        turn=view["turn"],
        space_ids=tuple(entry["space"] for entry in entries),
        values=tuple(entry["value"] for entry in entries),
        spaces=tuple(spaces),
        hands=tuple(hands),
        revealed=tuple(index[space] for space in view["reveal"]),
        gobbled=tuple(
            tuple((hen["owner"], hen["card"]) for hen in pile) for pile in view["gobbled"]
        ),
        captured=tuple(tuple(owners) for owners in view["captured_foxes"]),
        returned=tuple(tuple(seen.items()) for seen in view["returned"]),
        over=view["over"],
        end_reason=view["end_reason"],
    )


def _deal(
    unseen: list[str],
    down: list[int],
    entries: list[Mapping[str, Any]],
    back: Mapping[str, int],
    rng: random.Random,
) -> list[str]:
    """``unseen`` shuffled so that the first ``len(down)`` fit those face-down spaces."""
    for _ in range(ATTEMPTS):
        rng.shuffle(unseen)
        if all(
            back.get(card, -1) < entries[i]["laid_turn"]
            for i, card in zip(down, unseen, strict=False)
        ):
            return list(unseen)
    return list(unseen)  # the constraints are a refinement; a deal without them still fits


def evaluate(state: SlyState) -> list[float]:
    """A cut-off position, by the points scored so far (all of them are face up)."""
    return rank_rewards(scores(state))


SEARCH = SearchRules(
    decide=decide,
    evolve=evolve,
    legal_commands=legal_commands,
    to_act=to_act,
    result=result,
    determinise=determinise,
    evaluate=evaluate,
    view=view,
    policy=greedy_bot,
    # At 3 and 4 players, short rollouts and more of them: at 3 players 80 iterations of 6
    # commands won 59 % of 150 tournament games where 40 of 20 won 38 %; at 2 players 60 of 20
    # won 85 % and 150 of 6 only 77 % (performance.md, bot strength).
    iterations={2: 60, 3: 80, 4: 60},  # at most about 200 ms of CPU per move
    rollout_depth={2: 20, 3: 6, 4: 6},
)
ismcts = Ismcts(SEARCH)
