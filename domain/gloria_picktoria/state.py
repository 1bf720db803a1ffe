"""The immutable state of a Gloria Picktoria game, and ``evolve``, which applies one event to it.

``evolve`` applies facts only: every event says what happened (the card, the chest, the AP it
cost, the points), so nothing here checks a rule or recomputes a score. Event data may come
back from JSON, so lists are turned into tuples here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from domain.errors import InvalidSetup
from domain.game import Fact

from .cards import DOUBLER_I, HAND_KINDS, JOKER, KIND_INDEX, Rules

Hand = tuple[int, ...]  # counts, indexed like HAND_KINDS


class Chest(NamedTuple):
    """A face-down chest card, and the collection laid on it (``motif`` None while empty)."""

    card: str  # the face-down card: announced when made, then hidden from everyone
    motif: str | None = None
    cards: int = 0  # face-up motif cards
    jokers: int = 0
    doubled: bool = False  # the doubler lies on it: closed, points x2

    @property
    def length(self) -> int:
        return self.cards + self.jokers


class Scoring(NamedTuple):
    """One scoring as held: points per seat and motif, the fox's exclusion, the totals."""

    number: int
    final: bool
    points: tuple[tuple[tuple[str, int], ...], ...]  # per seat: (motif, points), by motif
    excluded: tuple[int, int] | None  # (owner, chest) under the fox, left out
    totals: tuple[int, ...]  # per seat, this scoring only (penalties included)
    penalties: tuple[tuple[int, int, int], ...] | None  # final: (hand cards, empty chests, pts)


class State(NamedTuple):
    """Everything about one game; a named tuple, so copies on write are cheap (``_replace``)."""

    players: int
    rules: Rules
    started: bool = False
    over: bool = False
    current: int = 0  # the active seat
    turn: int = 0  # turns begun so far
    ap: int = 0  # action points left in the current turn
    fox_used: bool = False  # D1 or D2 done this turn
    display: tuple[str | None, ...] = ()  # by slot; None between a take and its refill
    pile: tuple[str, ...] = ()  # the whole shuffled pile, top first; never changes
    drawn: int = 0  # cards taken off the top of ``pile`` so far
    hands: tuple[Hand, ...] = ()
    tableaux: tuple[tuple[Chest, ...], ...] = ()  # per seat, chests by creation index
    fox: tuple[int, int] | None = None  # (owner, chest), None before it enters
    seen: int = 0  # scoring cards set aside
    scores: tuple[int, ...] = ()
    scorings: tuple[Scoring, ...] = ()
    winners: tuple[int, ...] = ()

    @property
    def pile_left(self) -> int:
        return len(self.pile) - self.drawn

    @property
    def fox_pass_pending(self) -> bool:
        """P1: AP spent and the fox on the active player's collection: pass it or end the turn."""
        return (
            self.started
            and not self.over
            and self.ap == 0
            and self.fox is not None
            and self.fox[0] == self.current
        )


def initial_state(players: int, options: Mapping[str, int]) -> State:
    """The table before the start command: seats known, nothing dealt."""
    if not 2 <= players <= 5:
        raise InvalidSetup(f"Gloria Picktoria takes 2 to 5 players, not {players}")
    rules = Rules.from_options(options)
    return State(
        players=players,
        rules=rules,
        hands=((0,) * len(HAND_KINDS),) * players,
        tableaux=((),) * players,
        scores=(0,) * players,
    )


def hand_counts(cards: list[str] | tuple[str, ...]) -> Hand:
    counts = [0] * len(HAND_KINDS)
    for card in cards:
        counts[KIND_INDEX[card]] += 1
    return tuple(counts)


_FIELD_INDEX = {name: index for index, name in enumerate(State._fields)}
_new_tuple = tuple.__new__


def _changed(state: State, **changes: Any) -> State:
    """``state._replace(**changes)`` for the evolvers: ``_replace`` passes all 18 fields through
    ``kwds.pop`` and ``_make`` (13 k instructions a call), a list set by index costs 8.5 k, and
    a replay evolves up to six events per read (performance.md)."""
    values = list(state)
    for name, value in changes.items():
        values[_FIELD_INDEX[name]] = value
    return _new_tuple(State, values)


def _bump(hands: tuple[Hand, ...], seat: int, kind: int, delta: int) -> tuple[Hand, ...]:
    hand = hands[seat]
    new = (*hand[:kind], hand[kind] + delta, *hand[kind + 1 :])
    return (*hands[:seat], new, *hands[seat + 1 :])


def _set_chest(state: State, seat: int, index: int, chest: Chest) -> tuple[tuple[Chest, ...], ...]:
    row = state.tableaux[seat]
    row = (*row[:index], chest, *row[index + 1 :])
    return (*state.tableaux[:seat], row, *state.tableaux[seat + 1 :])


def _dealt(state: State, d: Mapping[str, Any]) -> State:
    return _changed(
        state,
        started=True,
        current=d["start_player"],
        turn=1,
        ap=state.rules.ap_per_turn,
        display=tuple(d["display"]),
        pile=tuple(d["pile"]),
        hands=tuple(hand_counts(hand) for hand in d["hands"]),
    )


def _chest_made(state: State, d: Mapping[str, Any]) -> State:
    seat = d["seat"]
    row = (*state.tableaux[seat], Chest(d["card"]))
    return _changed(
        state,
        ap=state.ap - d["cost"],
        hands=_bump(state.hands, seat, KIND_INDEX[d["card"]], -1),
        tableaux=(*state.tableaux[:seat], row, *state.tableaux[seat + 1 :]),
    )


def _card_laid(state: State, d: Mapping[str, Any]) -> State:
    seat, index, card = d["seat"], d["chest"], d["card"]
    chest = state.tableaux[seat][index]
    if d["opened"]:
        chest = chest._replace(motif=d["motif"], cards=1)
    elif card == JOKER:
        chest = chest._replace(jokers=chest.jokers + 1)
    else:
        chest = chest._replace(cards=chest.cards + 1)
    return _changed(
        state,
        ap=state.ap - d["cost"],
        hands=_bump(state.hands, seat, KIND_INDEX[card], -1),
        tableaux=_set_chest(state, seat, index, chest),
    )


def _doubler_played(state: State, d: Mapping[str, Any]) -> State:
    seat, index = d["seat"], d["chest"]
    chest = state.tableaux[seat][index]._replace(doubled=True)
    return _changed(
        state,
        ap=state.ap - d["cost"],
        hands=_bump(state.hands, seat, DOUBLER_I, -1),
        tableaux=_set_chest(state, seat, index, chest),
    )


def _display_taken(state: State, d: Mapping[str, Any]) -> State:
    slot = d["slot"]
    return _changed(
        state,
        ap=state.ap - d["cost"],
        hands=_bump(state.hands, d["seat"], KIND_INDEX[d["card"]], 1),
        display=(*state.display[:slot], None, *state.display[slot + 1 :]),
    )


def _display_refilled(state: State, d: Mapping[str, Any]) -> State:
    slot = d["slot"]
    return _changed(
        state,
        drawn=state.drawn + 1,
        display=(*state.display[:slot], d["card"], *state.display[slot + 1 :]),
    )


def _blind_draw_begun(state: State, d: Mapping[str, Any]) -> State:
    return _changed(state, ap=state.ap - d["cost"])


def _drawn_blind(state: State, d: Mapping[str, Any]) -> State:
    return _changed(
        state,
        drawn=state.drawn + 1,
        hands=_bump(state.hands, d["seat"], KIND_INDEX[d["card"]], 1),
    )


def _scoring_card_set_aside(state: State, d: Mapping[str, Any]) -> State:
    return _changed(state, drawn=state.drawn + 1, seen=d["count"])


def _scoring_record(d: Mapping[str, Any], final: bool) -> Scoring:
    excluded = d["excluded"]
    penalties = d.get("penalties")
    return Scoring(
        number=d["number"],
        final=final,
        points=tuple(tuple(sorted(row.items())) for row in d["points"]),
        excluded=None if excluded is None else (excluded["owner"], excluded["chest"]),
        totals=tuple(d["totals"]),
        penalties=None
        if penalties is None
        else tuple((p["hand_cards"], p["empty_chests"], p["points"]) for p in penalties),
    )


def _scoring_held(state: State, d: Mapping[str, Any]) -> State:
    return _changed(
        state,
        scores=tuple(d["scores"]),
        scorings=(*state.scorings, _scoring_record(d, final=False)),
    )


def _final_scoring_held(state: State, d: Mapping[str, Any]) -> State:
    return _changed(
        state,
        over=True,
        scores=tuple(d["scores"]),
        scorings=(*state.scorings, _scoring_record(d, final=True)),
        winners=tuple(d["winners"]),
    )


def _fox_entered(state: State, d: Mapping[str, Any]) -> State:
    return _changed(state, fox=(d["owner"], d["chest"]))


def _fox_moved(state: State, d: Mapping[str, Any]) -> State:
    return _changed(state, ap=state.ap - d["cost"], fox_used=True, fox=(d["owner"], d["chest"]))


def _turn_ended(state: State, d: Mapping[str, Any]) -> State:
    return _changed(
        state,
        current=d["next"],
        turn=state.turn + 1,
        ap=state.rules.ap_per_turn,
        fox_used=False,
    )


EVOLVERS: dict[str, Callable[[State, Mapping[str, Any]], State]] = {
    "CardsDealt": _dealt,
    "ChestMade": _chest_made,
    "CardLaid": _card_laid,
    "DoublerPlayed": _doubler_played,
    "FoxEntered": _fox_entered,
    "DisplayCardTaken": _display_taken,
    "DisplayRefilled": _display_refilled,
    "BlindDrawBegun": _blind_draw_begun,
    "CardDrawnBlind": _drawn_blind,
    "ScoringCardSetAside": _scoring_card_set_aside,
    "ScoringHeld": _scoring_held,
    "FinalScoringHeld": _final_scoring_held,
    "FoxMoved": _fox_moved,
    "FoxPassed": _fox_entered,  # same fact: the fox now sits on (owner, chest)
    "TurnEnded": _turn_ended,
}


def evolve(state: State, event: Fact) -> State:
    """The state after ``event``; an event type this game does not know changes nothing."""
    apply = EVOLVERS.get(event.type)
    return state if apply is None else apply(state, event.data)
