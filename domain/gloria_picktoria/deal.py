"""The start command: the two shuffles and the deal in the published order (G3).

``orders.deck`` permutes ``cards.DECK`` (the 95 cards sorted by id); the display takes the
first ``display_size`` cards, then each seat in turn the next ``hand_start`` (plus its
doubler). ``orders.pile`` permutes the undealt rest, in dealt order, followed by the scoring
cards; the result is the pile, top first. So no scoring card can start in the display or a
hand, and the shuffle sizes depend only on the player count and the options.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.errors import IllegalMove
from domain.game import Event

from .cards import DECK, DOUBLER, SCORING, Rules, pile_size
from .state import State


def shuffles(players: int, options: Mapping[str, int]) -> dict[str, int]:
    """The deck (before the deal) and the pile (the undealt rest plus the scoring cards, G3)."""
    rules = Rules.from_options(options)
    return {"deck": len(DECK), "pile": pile_size(players, rules)}


def _order(orders: Mapping[str, Any], label: str, size: int) -> list[int]:
    order = orders.get(label)
    if (
        not isinstance(order, list)
        or len(order) != size
        or any(isinstance(i, bool) or not isinstance(i, int) for i in order)
        or sorted(order) != list(range(size))
    ):
        raise IllegalMove(f"orders.{label} must be a permutation of range({size})")
    return order


def deal(state: State, seat: int | None, body: Mapping[str, Any]) -> list[Event]:
    """The ``start`` command: validates it and deals (``CardsDealt``)."""
    if seat is not None:
        raise IllegalMove("only the system starts the game")
    if state.started:
        raise IllegalMove("the game has started already")
    if set(body) != {"type", "start_player", "orders"}:
        raise IllegalMove("start takes exactly the fields type, start_player, orders")
    first = body["start_player"]
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < state.players:
        raise IllegalMove("start_player must be a seat")
    orders = body["orders"]
    rules, players = state.rules, state.players
    if not isinstance(orders, Mapping) or set(orders) != {"deck", "pile"}:
        raise IllegalMove("orders must hold exactly the shuffles deck and pile")
    deck = [DECK[i] for i in _order(orders, "deck", len(DECK))]
    # Published order (G3): display, then hands, then the scoring cards go into the rest.
    shown, size = rules.display_size, rules.hand_start
    display = deck[:shown]
    hands = [[*deck[shown + size * s : shown + size * (s + 1)], DOUBLER] for s in range(players)]
    rest = deck[shown + size * players :] + [SCORING] * rules.final_scoring_at
    pile = [rest[i] for i in _order(orders, "pile", len(rest))]
    data = {
        "start_player": first,
        "display": display,
        "hands": hands,
        "hand_sizes": [len(hand) for hand in hands],
        "pile": pile,
        "pile_size": len(pile),
    }
    return [Event("CardsDealt", data)]
