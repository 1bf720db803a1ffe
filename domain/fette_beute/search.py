"""Fette Beute for ``ismcts``: a full board from one seat's view, and a score for a cut-off.

What a seat cannot see: the supply's order and the other seats' face-down animals. The supply's
contents are known (every card ever drawn is in some open store), so only its order is sampled.
A face-down pair is sampled from the pairs that agree with the view: the animals that seat
revealed this round are part of it, and after a beaver resolved nobody holds a face-down beaver
(it would have been forced up). What the view does not keep, such as a theft that succeeded
this round (so its victim holds no hamster), is not used.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from domain.search import Ismcts, SearchRules, rank_rewards

from .bots import greedy
from .rules import CHOICES, decide, to_act
from .state import BEAVER, CHOOSE, FOODS, Board, Rules, evolve
from .views import legal_commands, result, view


def determinise(view: Mapping[str, Any], rng: random.Random) -> Board:
    """A board that ``view`` allows, with the hidden parts drawn from ``rng``."""
    players, me = view["players"], view["seat"]
    rules = Rules(**view["rules"])
    stores = tuple(tuple(store[food] for food in FOODS) for store in view["stores"])
    left = [
        rules.food_per_type - sum(store[kind] for store in stores) for kind in range(len(FOODS))
    ]
    supply = [food for food, count in zip(FOODS, left, strict=True) for _ in range(count)]
    rng.shuffle(supply)
    chosen: list[tuple[str, ...] | None] = []
    hidden: list[tuple[str, ...]] = []
    for seat in range(players):
        shown = tuple(entry["animal"] for entry in view["revealed"][seat])
        if seat == me:
            down = tuple(view["face_down_animals"][seat] or ())
        elif view["chosen"][seat]:
            down = _sample_down(shown, view["face_down"][seat], view["beaver_resolved"], rng)
        else:
            down = ()
        hidden.append(down)
        chosen.append(_canonical(shown + down) if view["chosen"][seat] else None)
    return Board(
        players=players,
        rules=rules,
        phase=view["phase"],
        round=view["round"],
        crown=view["crown"],
        supply=tuple(supply),
        drawn=0,
        stores=stores,
        chosen=tuple(chosen),
        hidden=tuple(hidden),
        revealed=tuple(
            tuple((entry["animal"], entry["how"]) for entry in shown) for shown in view["revealed"]
        ),
        turn=view["turn"],
        beaver_resolved=view["beaver_resolved"],
    )


def _sample_down(
    shown: tuple[str, ...], count: int, beaver_resolved: bool, rng: random.Random
) -> tuple[str, ...]:
    pairs = [
        pair
        for pair in CHOICES
        if set(shown) <= set(pair)
        and not (beaver_resolved and BEAVER in pair and BEAVER not in shown)
    ]
    pair = rng.choice(pairs)
    down = tuple(animal for animal in pair if animal not in shown)
    return down[:count] if len(down) >= count else down


def _canonical(animals: tuple[str, ...]) -> tuple[str, ...]:
    return next(pair for pair in CHOICES if set(pair) == set(animals))


def evaluate(board: Board) -> list[float]:
    """A cut-off position: the nearest to a winning set leads, total cards break near ties."""
    win = board.rules.win_set
    return rank_rewards([max(store) / win + 0.1 * sum(store) / win for store in board.stores])


def secret(board: Board, seat: int) -> bool:
    # Choices are face down and made at the same time: nobody sees another's before its own.
    return board.phase == CHOOSE


SEARCH = SearchRules(
    decide=decide,
    evolve=evolve,
    legal_commands=legal_commands,
    to_act=to_act,
    result=result,
    determinise=determinise,
    evaluate=evaluate,
    secret=secret,
    view=view,
    policy=greedy,
    iterations={3: 130, 4: 110, 5: 90, 6: 75},  # at most about 200 ms of CPU per move
    rollout_depth=60,
)
ismcts = Ismcts(SEARCH)
