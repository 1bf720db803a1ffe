"""Gloria Picktoria's cards, the canonical card lists the start orders apply to, and the options.

Card ids are those of the rules file: ten motifs ``m0``..``m9`` (9 copies each), ``joker`` (5,
wild inside a collection), ``doubler`` (one per player, dealt to hand, never in the deck) and
``scoring`` (the Dschingis Hahn cards, shuffled into the pile after the deal).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from domain.errors import InvalidSetup
from domain.game import Option

MOTIFS: tuple[str, ...] = tuple(f"m{n}" for n in range(10))
JOKER = "joker"
DOUBLER = "doubler"
SCORING = "scoring"
COPIES_PER_MOTIF = 9
JOKERS = 5

# Hands are stored as counts in this order (also the order a hand is listed in a view).
HAND_KINDS: tuple[str, ...] = (*MOTIFS, JOKER, DOUBLER)
KIND_INDEX: dict[str, int] = {kind: n for n, kind in enumerate(HAND_KINDS)}
JOKER_I = KIND_INDEX[JOKER]
DOUBLER_I = KIND_INDEX[DOUBLER]
# Cards that can become a chest or be laid with ``lay`` (the doubler has its own command).
CHEST_KINDS: tuple[str, ...] = (*MOTIFS, JOKER)
MOTIF_SET = frozenset(MOTIFS)

# The deck is shuffled by the start command's "deck" order, applied to this list: the 95 cards
# sorted by id, i.e. 5 jokers, then 9 x m0, 9 x m1, ... 9 x m9.
DECK: tuple[str, ...] = tuple(sorted([JOKER] * JOKERS + list(MOTIFS) * COPIES_PER_MOTIF))

OPTIONS: dict[str, Option] = {
    "ap_per_turn": Option(
        3, 3, 6, "action points per turn (at least 3, so every turn uses up a card)"
    ),
    "display_size": Option(3, 1, 6, "face-up cards in the display"),
    "hand_start": Option(4, 0, 8, "cards dealt to each hand, besides the doubler"),
    "first_scoring_at": Option(4, 1, 20, "scoring card that triggers the first interim scoring"),
    "second_scoring_at": Option(7, 1, 20, "scoring card that triggers the second interim scoring"),
    "final_scoring_at": Option(
        10, 1, 20, "scoring cards in the pile; the last one triggers the final scoring"
    ),
    "pts_sole": Option(4, 0, 20, "points for the only collection of a motif"),
    "pts_first": Option(3, 0, 20, "points for the unique longest collection of a motif"),
    "pts_second": Option(1, 0, 20, "points for each second-longest collection of a motif"),
    "final_hand_penalty": Option(-1, -10, 0, "final scoring: points per card left in hand"),
    "final_empty_chest_penalty": Option(-2, -10, 0, "final scoring: points per empty chest"),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """The option values one game is played with (the rules' constants by default)."""

    ap_per_turn: int = 3
    display_size: int = 3
    hand_start: int = 4
    first_scoring_at: int = 4
    second_scoring_at: int = 7
    final_scoring_at: int = 10
    pts_sole: int = 4
    pts_first: int = 3
    pts_second: int = 1
    final_hand_penalty: int = -1
    final_empty_chest_penalty: int = -2

    @classmethod
    def from_options(cls, options: Mapping[str, int]) -> Rules:
        """Defaults filled in; raises ``InvalidSetup`` for an unknown or out-of-range value."""
        values = {}
        for name, option in OPTIONS.items():
            value = options.get(name, option.default)
            problem = option.check(value)
            if problem:
                raise InvalidSetup(f"option {name!r} {problem}")
            values[name] = value
        return cls(**values)

    @property
    def interim_at(self) -> frozenset[int]:
        """Counts of scoring cards that trigger an interim scoring (the turn goes on)."""
        # An interim threshold at or beyond the final one never fires: the game has ended.
        picks = (self.first_scoring_at, self.second_scoring_at)
        return frozenset(n for n in picks if n < self.final_scoring_at)

    @property
    def scorings_at(self) -> tuple[int, ...]:
        """Every scoring threshold, ascending; the last is the final scoring."""
        return (*sorted(self.interim_at), self.final_scoring_at)

    def as_dict(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in OPTIONS}


def pile_size(players: int, rules: Rules) -> int:
    """Cards in the draw pile at the start: the undealt deck plus the scoring cards."""
    return len(DECK) - rules.display_size - players * rules.hand_start + rules.final_scoring_at


def max_turns(players: int, rules: Rules) -> int:
    """An upper bound on the number of turns (P5), asserted by the engine.

    Every turn spends at least one AP on A, B or C (a fox action costs at most 2 AP, once a
    turn, and a turn has at least 3 AP). A and B use up a hand card; C takes at least one card
    off the pile. Hand cards ever held <= dealt hands and doublers + the undealt deck; C actions
    <= the pile. For the defaults that is 197 - 3n, within the rules' 204 - 3n.
    """
    dealt = players * (rules.hand_start + 1)
    undealt = len(DECK) - players * rules.hand_start
    return dealt + undealt + pile_size(players, rules)
