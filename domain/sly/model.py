"""SLY's vocabulary: cards, spaces, options, the immutable state and the REVEAL resolution.

Everything here is shared by the rules, the views and the bots, so that a bot predicts a REVEAL
with exactly the code that resolves it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import NamedTuple

from domain.errors import InvalidSetup
from domain.game import Option

FOX = "fox"
HENS = ("hen1", "hen2", "hen3", "hen4", "hen5", "hen6")
CARDS = (*HENS, FOX)  # each player's seven cards, in canonical order
RANK = {card: n for n, card in enumerate(HENS, start=1)}
ORDER = {card: n for n, card in enumerate(CARDS)}
SPACES_PER_HOUSE = 4  # one space of each value 1..4 (S4)

# Faces of a card on a space.
DOWN = "face_down"
FLIPPED = "flipped"  # turned up during a REVEAL that is not resolved yet
SAFE = "safe"

# End reasons (L5).
LOW_HAND, HOUSE_FULL, TURN_CAP = "low_hand", "house_full", "turn_cap"

OPTIONS: dict[str, Option] = {
    "hen_houses_2p": Option(1, 1, 4, "hen houses (4 spaces each) in a 2-player game"),
    "hen_houses_3p": Option(2, 1, 4, "hen houses (4 spaces each) in a 3-player game"),
    "hen_houses_4p": Option(2, 1, 4, "hen houses (4 spaces each) in a 4-player game"),
    "max_turns_per_player": Option(60, 1, 1000, "turns per player before the game is stopped"),
    "low_hand": Option(1, 1, 6, "the game ends when the player to act holds at most this many"),
}


def option(options: Mapping[str, int], name: str) -> int:
    return int(options.get(name, OPTIONS[name].default))


def hen_houses(players: int, options: Mapping[str, int]) -> int:
    return option(options, f"hen_houses_{players}p")


@lru_cache(maxsize=8)
def layout(houses: int) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """Space ids ``h{house}-{value}`` and their values, house by house."""
    ids, values = [], []
    for house in range(houses):
        for value in range(1, SPACES_PER_HOUSE + 1):
            ids.append(f"h{house}-{value}")
            values.append(value)
    return tuple(ids), tuple(values)


@lru_cache(maxsize=8)
def space_index(houses: int) -> dict[str, int]:
    """Space id -> position; callers must not modify it (it is shared)."""
    return {space: n for n, space in enumerate(layout(houses)[0])}


class Slot(NamedTuple):
    """A card on a space. ``laid_turn`` is public: everyone saw when it was laid."""

    owner: int
    card: str
    face: str
    laid_turn: int


class SlyState(NamedTuple):
    """The whole game; a tuple, so it is immutable, compares with ``==`` and copies fast."""

    players: int
    houses: int
    max_turns_per_player: int
    low_hand: int
    started: bool = False
    start_player: int = 0
    current: int = 0  # the seat to act (while running)
    turn: int = 0  # completed turns; a whole REVEAL is one turn (L2)
    space_ids: tuple[str, ...] = ()
    values: tuple[int, ...] = ()
    spaces: tuple[Slot | None, ...] = ()
    hands: tuple[tuple[str, ...], ...] = ()  # each in canonical card order
    revealed: tuple[int, ...] = ()  # space indices flipped so far, in order; () = no REVEAL
    gobbled: tuple[tuple[tuple[int, str], ...], ...] = ()  # per eater: (hen owner, hen)
    captured: tuple[tuple[int, ...], ...] = ()  # per captor: the owners of the foxes
    # per seat: (card, turn) for each of its cards last seen going back to hand (public).
    returned: tuple[tuple[tuple[str, int], ...], ...] = ()
    over: bool = False
    end_reason: str | None = None
    final_flips: tuple[tuple[int, int, str], ...] = ()  # (space, owner, card) flipped at the end

    @property
    def positions(self) -> dict[str, int]:
        return space_index(self.houses)


def initial_state(players: int, options: Mapping[str, int]) -> SlyState:
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise InvalidSetup(f"SLY takes 2 to 4 players, not {players}")
    for name, value in options.items():
        problem = OPTIONS[name].check(value) if name in OPTIONS else None
        if problem:
            raise InvalidSetup(f"option {name!r} {problem}")
    return SlyState(
        players=players,
        houses=hen_houses(players, options),
        max_turns_per_player=option(options, "max_turns_per_player"),
        low_hand=option(options, "low_hand"),
    )


def sorted_hand(cards: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=ORDER.__getitem__))


# --- REVEAL resolution (section 5) ----------------------------------------------------------

Flip = tuple[int, int, str]  # (space index, owner, card)


class Resolution(NamedTuple):
    eater: Flip | None  # the fox that eats
    eaten: Flip | None
    safe: Flip | None
    returned: tuple[Flip, ...]  # in flip order, the eating fox included


def resolve(flips: Sequence[Flip], active: int, players: int) -> Resolution:
    """What a REVEAL of ``flips`` does: the priority order starts at ``active``, then clockwise."""
    foxes = [f for f in flips if f[2] == FOX]
    hens = sorted(
        (f for f in flips if f[2] != FOX),
        key=lambda f: (-RANK[f[2]], (f[1] - active) % players),
    )
    eater = eaten = safe = None
    if foxes and hens:
        eater = min(foxes, key=lambda f: (f[1] - active) % players)
        eaten = hens[0]
        safe = hens[1] if len(hens) > 1 else None
    elif hens:
        safe = hens[0]
    returned = tuple(f for f in flips if f not in (eaten, safe))
    return Resolution(eater, eaten, safe, returned)
