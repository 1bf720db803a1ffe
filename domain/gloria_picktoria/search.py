"""Gloria Picktoria for ``ismcts``: a full table from one seat's view, and a score for a cut-off.

What a seat cannot see: the other hands, the pile's order and every chest's face-down card. The
unseen cards are the deck minus the display, the seat's own hand and the face-up collections;
they are dealt at random to the chests, the other hands (sizes known; a doubler not yet played
is still in hand) and the pile, with the scoring cards not yet set aside shuffled in. The view
does not keep which cards an opponent took from the display, so that is not used.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from domain.search import Ismcts, SearchRules, rank_rewards

from .bots import greedy_bot
from .cards import DECK, DOUBLER, JOKER, SCORING, Rules
from .rules import decide
from .scoring import score_tableaux
from .state import Chest, State, _scoring_record, evolve, hand_counts
from .views import legal_commands, result, to_act, view


def determinise(view: Mapping[str, Any], rng: random.Random) -> State:
    """A table that ``view`` allows, with the hidden cards drawn from ``rng``."""
    rules = Rules(**view["rules"])
    me = view["viewer"]
    pool = Counter(DECK)
    pool.subtract(card for card in view["display"] if card is not None)
    pool.subtract(card for card in view["hand"] if card != DOUBLER)
    for seat in view["seats"]:
        for chest in seat["chests"]:
            if chest["motif"] is not None:
                pool[chest["motif"]] -= chest["length"] - chest["jokers"]
                pool[JOKER] -= chest["jokers"]
    unseen = list(pool.elements())
    rng.shuffle(unseen)
    cards = iter(unseen)
    hands, tableaux = [], []
    for seat in view["seats"]:
        tableaux.append(
            tuple(
                Chest(
                    next(cards),
                    chest["motif"],
                    chest["length"] - chest["jokers"],
                    chest["jokers"],
                    chest["doubled"],
                )
                for chest in seat["chests"]
            )
        )
    for seat in view["seats"]:
        if seat["seat"] == me:
            hands.append(hand_counts(view["hand"]))
            continue
        doubler = [] if seat["doubler_played"] else [DOUBLER]
        size = seat["hand_size"] - len(doubler)
        hands.append(hand_counts([next(cards) for _ in range(size)] + doubler))
    pile = [*cards, *[SCORING] * (rules.final_scoring_at - view["scoring_cards_seen"])]
    rng.shuffle(pile)
    fox = view["fox"]
    return State(
        players=view["players"],
        rules=rules,
        started=view["status"] != "dealing",
        over=view["status"] == "over",
        current=view["active_seat"] if view["active_seat"] is not None else 0,
        turn=view["turn_number"],
        ap=view["ap_left"],
        fox_used=view["fox_action_used"],
        display=tuple(view["display"]),
        pile=tuple(pile),
        drawn=0,
        hands=tuple(hands),
        tableaux=tuple(tableaux),
        fox=None if fox is None else (fox["owner"], fox["chest"]),
        seen=view["scoring_cards_seen"],
        scores=tuple(view["scores"]),
        scorings=tuple(_scoring_record(s, final=s["final"]) for s in view["scorings"]),
        winners=tuple(view["winners"] or ()),
    )


def evaluate(state: State) -> list[float]:
    """A cut-off position: points so far, plus what the collections score at each scoring left."""
    _, pending = score_tableaux(state)
    left = sum(1 for at in state.rules.scorings_at if at > state.seen)
    return rank_rewards(
        [held + left * now for held, now in zip(state.scores, pending, strict=True)]
    )


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
    prior=1.0,
    # Short rollouts and more of them: at 3 players 100 iterations of 6 commands beat greedy
    # where 40 of 20 commands, cut to 200 ms a move, did not (performance.md, bot strength).
    iterations={2: 125, 3: 100, 4: 80, 5: 70},  # at most about 200 ms of CPU per move
    rollout_depth=6,
)
ismcts = Ismcts(SEARCH)
