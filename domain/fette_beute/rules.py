"""Fette Beute's ``decide``: commands checked against the rules and turned into events.

The legality checks (``CHOICES``, ``may_act``, ``revealable``, ``needs_steal``, ``can_steal``)
are shared with ``legal_commands`` in ``views.py``, so that what ``decide`` accepts and what the
legal list offers can never disagree. Effects are resolved on a scratch copy of the state
(``_Batch``) so that every end check sees the cards gained so far.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any

from domain.errors import GameNotStarted, GameOver, IllegalMove, NotYourTurn
from domain.game import Command, Event, Seat

from .state import (
    ANIMALS,
    BEAVER,
    CHOOSE,
    CHOSEN,
    FIVE_OF_A_KIND,
    FOOD_INDEX,
    FOODS,
    FORCED,
    HAMSTER,
    MARMOT,
    OVER,
    RACCOON,
    REACTIVE,
    REVEAL,
    ROUND_CAP,
    SETUP,
    SQUIRREL,
    SUPPLY_EXHAUSTED,
    Board,
    canonical_supply,
    evolve,
)

# F8: two different animals, unordered; listed and recorded in canonical (ANIMALS) order.
CHOICES: tuple[tuple[str, str], ...] = tuple(combinations(ANIMALS, 2))
START_FIELDS = frozenset({"start_player", "orders"})
CHOOSE_FIELDS = frozenset({"animals"})
REVEAL_FIELDS, STEAL_FIELD = frozenset({"animal"}), frozenset({"steal"})
STEAL_FIELDS = frozenset({"target", "kind"})
TYPE_FIELD = frozenset({"type"})


# --- checks shared with legal_commands --------------------------------------------------------


def to_act(state: Board) -> frozenset[Seat]:
    """Seats that still have to choose, or the seat whose reveal turn it is."""
    if state.phase == CHOOSE:
        return frozenset(seat for seat, pair in enumerate(state.chosen) if pair is None)
    if state.phase == REVEAL and state.turn is not None:
        return frozenset((state.turn,))
    return frozenset()


def may_act(state: Board, seat: Seat) -> bool:
    """``seat in to_act(state)``, without building the set."""
    if state.phase == CHOOSE:
        return state.chosen[seat] is None
    return state.phase == REVEAL and state.turn == seat


def revealable(state: Board, seat: Seat) -> tuple[str, ...]:
    """The face-down animals the seat may turn over now (the marmot never first)."""
    face_down = state.face_down(seat)
    if len(face_down) == 2:
        return tuple(animal for animal in face_down if animal != MARMOT)
    return face_down


def effect_of(state: Board, seat: Seat, animal: str) -> str:
    """The effect a reveal resolves: a marmot copies the seat's own first revealed animal (A7)."""
    if animal == MARMOT:
        return state.revealed[seat][0][0]
    return animal


def can_steal(state: Board, seat: Seat, target: Seat, food: str) -> bool:
    """F2/A12: any opponent holding that kind, protected or not (``food`` a FOODS name)."""
    return (
        target != seat
        and 0 <= target < state.players
        and state.stores[target][FOOD_INDEX[food]] > 0
    )


def steal_targets(state: Board, seat: Seat) -> list[tuple[Seat, str]]:
    """Every (target, kind) a theft may name, in seat order from the thief's left."""
    return [
        (target, food)
        for target in state.clockwise_from(seat)[1:]
        for food in FOODS
        if can_steal(state, seat, target, food)
    ]


def needs_steal(state: Board, seat: Seat, animal: str) -> bool:
    """F2: a steal is named exactly when a theft resolves and some opponent has food."""
    if effect_of(state, seat, animal) != RACCOON:
        return False
    return any(sum(state.stores[target]) for target in range(state.players) if target != seat)


# --- decide -----------------------------------------------------------------------------------


def decide(state: Board, command: Command) -> list[Event]:
    """The events ``command`` causes; raises a ``RuleError`` for anything the rules forbid."""
    if state.phase == OVER:
        raise GameOver("the game has ended")
    body = command.body
    if type(body) is not dict and not isinstance(body, Mapping):
        raise IllegalMove("a command is a JSON object with a 'type'")
    kind = body.get("type")
    if kind == "start":
        return _start(state, command.seat, body)
    if state.phase == SETUP:
        raise GameNotStarted("the game has not started yet")
    seat = command.seat
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise IllegalMove("only a seated player can play")
    if not may_act(state, seat):
        if state.phase == CHOOSE:
            raise NotYourTurn(f"seat {seat} has already chosen this round")
        raise NotYourTurn(f"it is seat {state.turn}'s turn to reveal")
    if kind == "choose":
        return _choose(state, seat, body)
    if kind == "reveal":
        return _reveal(state, seat, body)
    raise IllegalMove("the command type must be 'choose' or 'reveal'")


def _fields(
    body: Mapping[str, Any], required: frozenset[str], optional: frozenset[str] = frozenset()
) -> None:
    """Exactly the required fields, maybe some optional ones, and nothing else."""
    keys = body.keys() - TYPE_FIELD
    if keys == required:
        return
    missing = sorted(required - keys)
    if missing:
        raise IllegalMove(f"field {missing[0]!r} is missing")
    extra = sorted(str(key) for key in keys - required - optional)
    if extra:
        raise IllegalMove(f"unknown field {extra[0]!r}")


def _is_seat_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _start(state: Board, seat: Seat | None, body: Mapping[str, Any]) -> list[Event]:
    if seat is not None:
        raise IllegalMove("only the system starts the game")
    if state.phase != SETUP:
        raise IllegalMove("the game has already started")
    _fields(body, START_FIELDS)
    start_player, orders = body["start_player"], body["orders"]
    if not _is_seat_number(start_player) or not 0 <= start_player < state.players:
        raise IllegalMove("start_player must be a seat")
    if not isinstance(orders, Mapping) or set(orders) != {"supply"}:
        raise IllegalMove("orders must hold exactly the 'supply' permutation")
    canonical = canonical_supply(state.rules.food_per_type)
    order = orders["supply"]
    if (
        not isinstance(order, list | tuple)
        or not all(_is_seat_number(index) for index in order)
        or sorted(order) != list(range(len(canonical)))
    ):
        raise IllegalMove(f"the supply order must be a permutation of range({len(canonical)})")
    shuffled = [canonical[index] for index in order]
    # F5: each player draws all their start cards in turn, from the start player clockwise.
    per_seat = state.rules.start_food
    stores: list[list[str]] = [[] for _ in range(state.players)]
    for turn, dealt_to in enumerate(state.clockwise_from(start_player)):
        stores[dealt_to] = shuffled[turn * per_seat : (turn + 1) * per_seat]
    supply = shuffled[per_seat * state.players :]
    data = {
        "start_player": start_player,
        "stores": stores,
        "supply": supply,
        "supply_size": len(supply),
    }
    return [Event("Dealt", data)]


def _choose(state: Board, seat: Seat, body: Mapping[str, Any]) -> list[Event]:
    if state.phase != CHOOSE:
        raise IllegalMove("animals are chosen only at the start of a round")
    _fields(body, CHOOSE_FIELDS)
    animals = body["animals"]
    if not isinstance(animals, list | tuple) or len(animals) != 2:
        raise IllegalMove("choose exactly two animals")
    if not all(isinstance(animal, str) and animal in ANIMALS for animal in animals):
        raise IllegalMove(f"the animals are {', '.join(ANIMALS)}")
    pair = tuple(sorted(animals, key=ANIMALS.index))
    if pair not in CHOICES:
        raise IllegalMove("choose two different animals")
    events = [Event("AnimalsChosen", {"seat": seat, "animals": list(pair)})]
    if sum(other is None for other in state.chosen) == 1:
        # The last choice: Phase B begins with the crown holder, who has both cards face down.
        events.append(Event("RevealTurnBegan", {"seat": state.crown}))
    return events


def _reveal(state: Board, seat: Seat, body: Mapping[str, Any]) -> list[Event]:
    if state.phase != REVEAL:
        raise IllegalMove("animals are revealed once everyone has chosen")
    _fields(body, REVEAL_FIELDS, STEAL_FIELD)
    animal = body["animal"]
    if not isinstance(animal, str) or animal not in state.face_down(seat):
        raise IllegalMove("name one of your face-down animals")
    if animal not in revealable(state, seat):
        raise IllegalMove("the marmot cannot be your first revealed animal")
    steal = _steal_of(state, seat, animal, body)
    batch = _Batch(state)
    batch.emit("AnimalRevealed", seat=seat, animal=animal, how=CHOSEN)
    if animal == MARMOT:
        batch.emit("MarmotCopied", seat=seat, animal=effect_of(state, seat, animal))
    _resolve(batch, seat, effect_of(state, seat, animal), steal, by_choice=animal == BEAVER)
    if not batch.over:
        _next_turn(batch, seat)
    return batch.events


def _steal_of(
    state: Board, seat: Seat, animal: str, body: Mapping[str, Any]
) -> tuple[Seat, str] | None:
    if not needs_steal(state, seat, animal):
        if "steal" in body:
            raise IllegalMove("this reveal steals nothing; leave out 'steal'")
        return None
    steal = body.get("steal")
    if not isinstance(steal, Mapping):
        raise IllegalMove("name the theft: 'steal': {'target': seat, 'kind': food}")
    if "type" in steal:
        raise IllegalMove("unknown field 'type' in 'steal'")
    _fields(steal, STEAL_FIELDS)
    target, food = steal["target"], steal["kind"]
    if not _is_seat_number(target) or not isinstance(food, str) or food not in FOOD_INDEX:
        raise IllegalMove("a steal names a target seat and a food kind")
    if not can_steal(state, seat, target, food):
        raise IllegalMove("steal a food kind that is in an opponent's store")
    return target, food


# --- effects ----------------------------------------------------------------------------------


class _Batch:
    """Events being decided, and the state they lead to, so each check sees what came before."""

    __slots__ = ("events", "state")

    def __init__(self, state: Board) -> None:
        self.state = state
        self.events: list[Event] = []

    @property
    def over(self) -> bool:
        return self.state.phase == OVER

    def emit(self, kind: str, **data: Any) -> None:
        event = Event(kind, data)
        self.events.append(event)
        self.state = evolve(self.state, event)

    def draw(self, seat: Seat) -> None:
        """One card off the supply, then the end checks (§6)."""
        food = self.state.supply[self.state.drawn]
        self.emit("FoodDrawn", seat=seat, food=food)
        self.gained(seat, food)

    def gained(self, seat: Seat, food: str) -> None:
        state = self.state
        if state.stores[seat][FOOD_INDEX[food]] >= state.rules.win_set:
            self.finish(FIVE_OF_A_KIND, [seat])  # A16/A17: beats an empty supply on that card
        elif state.supply_left == 0:
            self.finish(SUPPLY_EXHAUSTED)

    def finish(self, reason: str, winners: list[Seat] | None = None) -> None:
        stores = self.state.stores
        scores = [sum(store) for store in stores]
        largest = [max(store) for store in stores]
        if winners is None:
            # A18: most cards, then the larger single kind, then a shared win.
            best = max(zip(scores, largest, strict=True))
            winners = [s for s in range(len(stores)) if (scores[s], largest[s]) == best]
        self.emit(
            "GameFinished", reason=reason, winners=winners, scores=scores, largest_kind=largest
        )


def _resolve(
    batch: _Batch, seat: Seat, effect: str, steal: tuple[Seat, str] | None, by_choice: bool
) -> None:
    if effect == SQUIRREL:
        for _ in range(batch.state.rules.squirrel_draw):
            if batch.over:
                return  # A17: draws left when the game ends are lost
            batch.draw(seat)
    elif effect == RACCOON and steal is not None:
        _theft(batch, seat, *steal)
    elif effect == BEAVER:
        if by_choice:
            _force_beavers(batch, seat)
        _beaver_payout(batch, seat, source=BEAVER if by_choice else MARMOT)
    # A hamster, or a theft with no opponent holding food, does nothing (A8, F4).


def _theft(batch: _Batch, thief: Seat, victim: Seat, food: str) -> None:
    state = batch.state
    chosen = state.chosen[victim]
    if chosen is not None and HAMSTER in chosen:
        # A11: the hamster guards every theft this round; a face-down one shows itself now.
        if HAMSTER in state.face_down(victim):
            batch.emit("AnimalRevealed", seat=victim, animal=HAMSTER, how=REACTIVE)
        batch.emit("TheftBlocked", thief=thief, victim=victim, food=food)
        return
    batch.emit("FoodStolen", thief=thief, victim=victim, food=food)
    batch.gained(thief, food)


def _force_beavers(batch: _Batch, seat: Seat) -> None:
    # F7: a beaver by choice always comes first, since it forces out every other beaver.
    assert not batch.state.beaver_resolved, "a second beaver by choice in one round"
    for other in batch.state.clockwise_from(seat)[1:]:
        if BEAVER in batch.state.face_down(other):
            batch.emit("AnimalRevealed", seat=other, animal=BEAVER, how=FORCED)


def _beaver_payout(batch: _Batch, seat: Seat, source: str) -> None:
    state, rules = batch.state, batch.state.rules
    beavers = [p for p in range(state.players) if state.has_revealed(p, BEAVER)]
    if beavers == [seat]:
        payout, draws = "solo", [seat] * rules.beaver_solo_draw
    else:
        # A14/F3: one card at a time, clockwise from the resolving seat's left neighbour; a
        # BEAVER_SHARED_DRAW above 1 goes round the table that many times.
        payout = "shared"
        lap = [p for p in state.clockwise_from(seat)[1:] if p not in beavers]
        draws = lap * rules.beaver_shared_draw
    batch.emit("BeaverResolved", seat=seat, source=source, beavers=beavers, payout=payout)
    for receiver in draws:
        if batch.over:
            return
        batch.draw(receiver)


def _next_turn(batch: _Batch, seat: Seat) -> None:
    """F1: the next seat clockwise with a face-down animal; the round ends when none is left."""
    state = batch.state
    for candidate in [*state.clockwise_from(seat)[1:], seat]:
        if state.face_down(candidate):
            batch.emit("RevealTurnBegan", seat=candidate)
            return
    batch.emit("RoundEnded", round=state.round, crown=(state.crown + 1) % state.players)
    if state.round >= state.rules.max_rounds:
        batch.finish(ROUND_CAP)
    else:
        batch.emit("RoundStarted", round=state.round + 1)
