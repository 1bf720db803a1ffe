"""A tiny game that exercises the whole decider contract, for tests of the shared layers.

"Draw": a shuffled deck of ``cards`` numbered cards; in turn, each seat draws one or two cards
into a hidden hand; when the deck is empty the highest hand total wins (ties share).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from domain.errors import GameOver, IllegalMove, NotYourTurn
from domain.game import Command, Event, GameDefinition, Option
from domain.shapes import CommandShape, Field, Int


@dataclass(frozen=True)
class Toy:
    players: int
    cards: int
    deck: tuple[str, ...] = ()
    hands: tuple[tuple[str, ...], ...] = ()
    turn: int | None = None
    over: bool = False


def initial_state(players: int, options: Mapping[str, int]) -> Toy:
    return Toy(players=players, cards=options["cards"])


def shuffles(players: int, options: Mapping[str, int]) -> dict[str, int]:
    return {"deck": options["cards"]}


def _draw_counts(state: Toy) -> list[int]:
    return [n for n in (1, 2) if n <= len(state.deck)]


def decide(state: Toy, command: Command) -> list[Event]:
    body = command.body
    if command.type == "start":
        cards = [f"c{n}" for n in range(1, state.cards + 1)]
        deck = [cards[i] for i in body["orders"]["deck"]]
        return [Event("Dealt", {"start_player": body["start_player"], "deck": deck})]
    if state.over:
        raise GameOver("the game has ended")
    if command.seat != state.turn:
        raise NotYourTurn("not your turn")
    if set(body) != {"type", "count"} or command.type != "draw":
        raise IllegalMove("send {type: draw, count: 1 or 2}")
    if body["count"] not in _draw_counts(state) or isinstance(body["count"], bool):
        raise IllegalMove("you may draw 1 or 2 cards, no more than the deck holds")
    drawn = list(state.deck[: body["count"]])
    return [Event("Drew", {"seat": command.seat, "cards": drawn})]


def evolve(state: Toy, event: Event) -> Toy:
    data = event.data
    if event.type == "Dealt":
        return replace(
            state,
            deck=tuple(data["deck"]),
            hands=((),) * state.players,
            turn=data["start_player"],
        )
    seat, cards = data["seat"], tuple(data["cards"])
    hands = tuple(h + cards if n == seat else h for n, h in enumerate(state.hands))
    deck = state.deck[len(cards) :]
    over = not deck
    return replace(
        state, deck=deck, hands=hands, turn=None if over else (seat + 1) % state.players, over=over
    )


def _total(hand: tuple[str, ...]) -> int:
    return sum(int(card[1:]) for card in hand)


def view(state: Toy, seat: int | None) -> dict[str, Any]:
    return {
        "deck_size": len(state.deck),
        "hand_sizes": [len(h) for h in state.hands],
        "hand": list(state.hands[seat]) if seat is not None and state.hands else None,
        "hands": [list(h) for h in state.hands] if state.over else None,
        "turn": state.turn,
    }


def legal_commands(state: Toy, seat: int) -> list[dict[str, Any]]:
    if state.over or seat != state.turn:
        return []
    return [{"type": "draw", "count": n} for n in _draw_counts(state)]


def to_act(state: Toy) -> frozenset[int]:
    return frozenset() if state.turn is None else frozenset({state.turn})


def redact(event: Event, viewer: int | None) -> Event:
    if event.type == "Dealt":
        return Event("Dealt", {"start_player": event.data["start_player"]})
    if event.data["seat"] != viewer:
        return Event("Drew", {"seat": event.data["seat"], "count": len(event.data["cards"])})
    return event


def result(state: Toy) -> dict[str, Any] | None:
    if not state.over:
        return None
    scores = [_total(h) for h in state.hands]
    best = max(scores)
    return {"scores": scores, "winners": [n for n, s in enumerate(scores) if s == best]}


def first_legal(view: Mapping[str, Any], legal: list[dict], rng: Any) -> dict:
    return legal[0]


def random_choice(view: Mapping[str, Any], legal: list[dict], rng: Any) -> dict:
    return rng.choice(legal)


TOY = GameDefinition(
    id="toy-draw",
    name="Draw (test game)",
    min_players=2,
    max_players=3,
    rules_version="toy-1",
    options={"cards": Option(6, 2, 40, "cards in the deck")},
    initial_state=initial_state,
    shuffles=shuffles,
    decide=decide,
    evolve=evolve,
    view=view,
    legal_commands=legal_commands,
    to_act=to_act,
    redact=redact,
    redact_command=lambda body, actor, viewer: dict(body),
    result=result,
    strategies={"random": random_choice, "greedy": first_legal},
    # Up to the largest deck: how many a seat may draw now is the rules' call (1 or 2).
    commands=(CommandShape("draw", (Field("count", Int(1, 40)),), doc="Draw 1 or 2 cards."),),
)
