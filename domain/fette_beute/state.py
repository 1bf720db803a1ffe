"""Fette Beute's state, options and ``evolve``.

``evolve`` applies the facts an event records and checks no rule: every event says who gains
which card, who reveals what and whose turn begins, so a replay never has to re-decide anything.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from domain.errors import InvalidSetup
from domain.game import Fact, Option, Seat

SQUIRREL, RACCOON, HAMSTER, MARMOT, BEAVER = "squirrel", "raccoon", "hamster", "marmot", "beaver"
ANIMALS = (SQUIRREL, RACCOON, HAMSTER, MARMOT, BEAVER)
# The canonical (sorted) food list is FOODS[0] x FOOD_PER_TYPE, FOODS[1] x FOOD_PER_TYPE, ...
# in exactly this order; the start command's permutation is applied to it.
FOODS = ("walnut", "sunflower", "hazelnut", "acorn", "peanut")
FOOD_INDEX = {food: index for index, food in enumerate(FOODS)}
MIN_PLAYERS, MAX_PLAYERS = 3, 6
CARDS_PLAYED_PER_ROUND = 2

# Phases. CLEANUP only exists between the RoundEnded event and what follows it in one batch.
SETUP, CHOOSE, REVEAL, CLEANUP, OVER = "setup", "choose", "reveal", "cleanup", "over"
# How an animal came face up.
CHOSEN, FORCED, REACTIVE = "chosen", "forced", "reactive"
# End reasons.
FIVE_OF_A_KIND, SUPPLY_EXHAUSTED, ROUND_CAP = "five_of_a_kind", "supply_exhausted", "round_cap"

# The bounds keep every combination playable: 6 players x 4 start cards = 24 < 25 = 5 x 5, so
# the deal always leaves a supply; and a store dealt at most 4 cards can never hold a winning
# set of 5 or more before anyone has played. A WIN_SET above FOOD_PER_TYPE is allowed: the game
# then ends by the supply or the round cap.
OPTIONS: dict[str, Option] = {
    "food_per_type": Option(16, 5, 40, "food cards of each of the 5 kinds in the supply"),
    "start_food": Option(3, 0, 4, "food cards dealt face up to each store at the start"),
    "squirrel_draw": Option(2, 1, 10, "cards the squirrel draws"),
    "beaver_solo_draw": Option(3, 1, 10, "cards a lone beaver draws"),
    "beaver_shared_draw": Option(
        1, 0, 5, "cards each player without a beaver draws when several beavers are out"
    ),
    "win_set": Option(5, 5, 40, "cards of one kind that win the game at once"),
    "max_rounds": Option(100, 1, 1000, "rounds after which the game is scored as it stands"),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """The option values one game is played with."""

    food_per_type: int = 16
    start_food: int = 3
    squirrel_draw: int = 2
    beaver_solo_draw: int = 3
    beaver_shared_draw: int = 1
    win_set: int = 5
    max_rounds: int = 100

    def as_dict(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in OPTIONS}


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the game ended; ``result()`` publishes it as a dict."""

    reason: str
    winners: tuple[Seat, ...]
    scores: tuple[int, ...]
    largest_kind: tuple[int, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "reason": self.reason,
            "largest_kind": list(self.largest_kind),
        }


@dataclass(frozen=True)
class Board:
    """The whole game. Every collection is a tuple, so a state can be shared and compared."""

    players: int
    rules: Rules = field(default_factory=Rules)
    phase: str = SETUP
    round: int = 0
    crown: Seat = 0
    # The supply left after the deal, top first; ``drawn`` of it are gone (cheaper than slicing).
    supply: tuple[str, ...] = ()
    drawn: int = 0
    # Per seat, the count of each food kind in FOODS order.
    stores: tuple[tuple[int, ...], ...] = ()
    # Per seat, the two animals placed face down this round (canonical order), or None.
    chosen: tuple[tuple[str, ...] | None, ...] = ()
    # Per seat, the chosen animals not yet revealed (kept apart: the hottest question asked).
    hidden: tuple[tuple[str, ...], ...] = ()
    # Per seat, this round's revealed animals in order, as (animal, how) pairs.
    revealed: tuple[tuple[tuple[str, str], ...], ...] = ()
    turn: Seat | None = None
    beaver_resolved: bool = False
    outcome: Outcome | None = None

    @property
    def supply_left(self) -> int:
        return len(self.supply) - self.drawn

    def face_down(self, seat: Seat) -> tuple[str, ...]:
        """The seat's animals that are still face down (hidden from the others)."""
        return self.hidden[seat]

    def has_revealed(self, seat: Seat, animal: str) -> bool:
        return any(shown == animal for shown, _ in self.revealed[seat])

    def clockwise_from(self, seat: Seat) -> list[Seat]:
        """Every seat once, starting with ``seat`` and going left."""
        return [(seat + k) % self.players for k in range(self.players)]


def rules_from(players: int, options: Mapping[str, object]) -> Rules:
    """Checked rules for a table; raises ``InvalidSetup`` for a bad count or option."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise InvalidSetup("the player count must be an integer")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidSetup(f"Fette Beute takes {MIN_PLAYERS} to {MAX_PLAYERS} players")
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise InvalidSetup(f"unknown option {unknown[0]!r}")
    values: dict[str, Any] = {}
    for name, option in OPTIONS.items():
        value = options.get(name, option.default)
        problem = option.check(value)
        if problem:
            raise InvalidSetup(f"option {name!r} {problem}")
        values[name] = value
    return Rules(**values)


def initial_state(players: int, options: Mapping[str, int]) -> Board:
    """The table before the start command: no cards dealt yet."""
    return Board(players=players, rules=rules_from(players, options))


def shuffles(players: int, options: Mapping[str, int]) -> dict[str, int]:
    """One shuffle: the whole food supply."""
    return {"supply": len(FOODS) * rules_from(players, options).food_per_type}


def canonical_supply(food_per_type: int) -> tuple[str, ...]:
    """The sorted food list the start command's permutation is applied to."""
    return tuple(food for food in FOODS for _ in range(food_per_type))


# --- evolve ----------------------------------------------------------------------------------


def _update(state: Board, **changes: Any) -> Board:
    """``dataclasses.replace`` without its per-field checks, which dominated playout time."""
    new = object.__new__(Board)
    new.__dict__.update(state.__dict__, **changes)
    return new


def _counts(foods: list[str]) -> tuple[int, ...]:
    return tuple(foods.count(food) for food in FOODS)


T = TypeVar("T")


def _with(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _add(store: tuple[int, ...], food: str, delta: int) -> tuple[int, ...]:
    index = FOOD_INDEX[food]
    return (*store[:index], store[index] + delta, *store[index + 1 :])


def _dealt(state: Board, data: Mapping[str, Any]) -> Board:
    players = state.players
    return _update(
        state,
        phase=CHOOSE,
        round=1,
        crown=data["start_player"],
        supply=tuple(data["supply"]),
        drawn=0,
        stores=tuple(_counts(list(foods)) for foods in data["stores"]),
        chosen=(None,) * players,
        hidden=((),) * players,
        revealed=((),) * players,
        turn=None,
        beaver_resolved=False,
    )


def _chosen(state: Board, data: Mapping[str, Any]) -> Board:
    seat, pair = data["seat"], tuple(data["animals"])
    return _update(
        state, chosen=_with(state.chosen, seat, pair), hidden=_with(state.hidden, seat, pair)
    )


def _turn_began(state: Board, data: Mapping[str, Any]) -> Board:
    return _update(state, phase=REVEAL, turn=data["seat"])


def _revealed(state: Board, data: Mapping[str, Any]) -> Board:
    seat, animal = data["seat"], data["animal"]
    shown = (*state.revealed[seat], (animal, data["how"]))
    hidden = tuple(other for other in state.hidden[seat] if other != animal)
    return _update(
        state,
        revealed=_with(state.revealed, seat, shown),
        hidden=_with(state.hidden, seat, hidden),
    )


def _food_drawn(state: Board, data: Mapping[str, Any]) -> Board:
    seat = data["seat"]
    store = _add(state.stores[seat], data["food"], 1)
    return _update(state, stores=_with(state.stores, seat, store), drawn=state.drawn + 1)


def _food_stolen(state: Board, data: Mapping[str, Any]) -> Board:
    thief, victim, food = data["thief"], data["victim"], data["food"]
    stores = _with(state.stores, victim, _add(state.stores[victim], food, -1))
    stores = _with(stores, thief, _add(stores[thief], food, 1))
    return _update(state, stores=stores)


def _beaver_resolved(state: Board, data: Mapping[str, Any]) -> Board:
    return _update(state, beaver_resolved=True)


def _round_ended(state: Board, data: Mapping[str, Any]) -> Board:
    players = state.players
    return _update(
        state,
        phase=CLEANUP,
        crown=data["crown"],
        chosen=(None,) * players,
        hidden=((),) * players,
        revealed=((),) * players,
        turn=None,
        beaver_resolved=False,
    )


def _round_started(state: Board, data: Mapping[str, Any]) -> Board:
    return _update(state, phase=CHOOSE, round=data["round"])


def _finished(state: Board, data: Mapping[str, Any]) -> Board:
    outcome = Outcome(
        reason=data["reason"],
        winners=tuple(data["winners"]),
        scores=tuple(data["scores"]),
        largest_kind=tuple(data["largest_kind"]),
    )
    return _update(state, phase=OVER, outcome=outcome)


def _unchanged(state: Board, data: Mapping[str, Any]) -> Board:
    # Events that only tell the story (a blocked theft, what a marmot copied).
    return state


_EVOLVERS: dict[str, Callable[[Board, Mapping[str, Any]], Board]] = {
    "Dealt": _dealt,
    "AnimalsChosen": _chosen,
    "RevealTurnBegan": _turn_began,
    "AnimalRevealed": _revealed,
    "MarmotCopied": _unchanged,
    "FoodDrawn": _food_drawn,
    "FoodStolen": _food_stolen,
    "TheftBlocked": _unchanged,
    "BeaverResolved": _beaver_resolved,
    "RoundEnded": _round_ended,
    "RoundStarted": _round_started,
    "GameFinished": _finished,
}
EVENT_TYPES = tuple(_EVOLVERS)


def evolve(state: Board, event: Fact) -> Board:
    """The state after ``event``; ``state`` itself is left untouched."""
    try:
        apply = _EVOLVERS[event.type]
    except KeyError:
        # A stream with an event this engine does not know cannot be replayed faithfully.
        raise ValueError(f"fette-beute has no event {event.type!r}") from None
    return apply(state, event.data)
