"""``decide``: validates a command against the rules and returns the events it causes.

Each player command has one ``check_*`` function (an error sentence, or None when legal) and
one ``perform_*`` function (the events). ``legal_commands`` in ``views.py`` enumerates
parameters and keeps those the same ``check_*`` functions accept, so the two never disagree.
Events are built one at a time and folded as they go (``_Batch``), so that a scoring in the
middle of a command sees the state at that moment.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from domain.errors import GameNotStarted, GameOver, IllegalMove, NotYourTurn
from domain.game import Command, Event

from .cards import CHEST_KINDS, DOUBLER, DOUBLER_I, JOKER, KIND_INDEX, SCORING, max_turns
from .deal import deal
from .scoring import scoring_data
from .state import Chest, State, evolve

# --- checks: None when legal, else a sentence that names nothing hidden ---------------------


def _spend(state: State, cost: int) -> str | None:
    if state.ap == 0:
        return "your action points are spent: pass the fox or end the turn"
    if state.ap < cost:
        return f"this action costs {cost} action points and you have {state.ap} left"
    return None


def _held(state: State, seat: int, kind: str) -> str | None:
    if kind not in KIND_INDEX:
        return "unknown card id"
    if state.hands[seat][KIND_INDEX[kind]] == 0:
        return f"you hold no {kind}"
    return None


def check_make_chest(state: State, seat: int, kind: str) -> str | None:
    if kind == DOUBLER:
        return "the doubler cannot become a chest"
    if kind not in CHEST_KINDS:
        return "unknown card id"
    return _spend(state, 1) or _held(state, seat, kind)


def check_lay_card(state: State, seat: int, kind: str) -> str | None:
    """The part of ``check_lay`` that does not depend on the chest."""
    if kind == DOUBLER:
        return "the doubler is laid with play_doubler"
    if kind not in CHEST_KINDS:
        return "unknown card id"
    return _spend(state, 1) or _held(state, seat, kind)


def check_opens(state: State, seat: int, kind: str) -> str | None:
    """B1 on any empty chest: a motif card, and no collection of that motif yet (G8, G9)."""
    if kind == JOKER:
        return "a joker cannot open a collection"
    if any(other.motif == kind for other in state.tableaux[seat]):
        return f"you already have a collection of {kind}"
    return None


def check_extends(target: Chest, kind: str) -> str | None:
    """B2: a card of the collection's motif or a joker, onto a collection not closed."""
    if target.doubled:
        return "that collection is closed by the doubler"
    if kind not in (target.motif, JOKER):
        return f"only {target.motif} or a joker extends that collection"
    return None


def check_lay(state: State, seat: int, kind: str, chest: int) -> str | None:
    problem = check_lay_card(state, seat, kind)
    if problem:
        return problem
    row = state.tableaux[seat]
    if not 0 <= chest < len(row):
        return "you have no such chest"
    target = row[chest]
    if target.motif is None:
        return check_opens(state, seat, kind)
    return check_extends(target, kind)


def check_doubler_card(state: State, seat: int) -> str | None:
    """The part of ``check_play_doubler`` that does not depend on the chest."""
    problem = _spend(state, 1)
    if problem:
        return problem
    if state.hands[seat][DOUBLER_I] == 0:
        return "your doubler has been played"
    return None


def check_doubles(target: Chest) -> str | None:
    """B3: the doubler goes on a collection with at least one card, not closed yet."""
    if target.motif is None:
        return "the doubler goes on a collection with at least one card"
    if target.doubled:
        return "that collection is closed already"
    return None


def check_play_doubler(state: State, seat: int, chest: int) -> str | None:
    problem = check_doubler_card(state, seat)
    if problem:
        return problem
    row = state.tableaux[seat]
    if not 0 <= chest < len(row):
        return "you have no such chest"
    return check_doubles(row[chest])


def check_take_display(state: State, seat: int, slot: int) -> str | None:
    if not 0 <= slot < len(state.display) or state.display[slot] is None:
        return "there is no such display slot"
    return _spend(state, 1)


def check_draw_blind(state: State, seat: int) -> str | None:
    return _spend(state, 2)


def check_fox_action(state: State, seat: int, cost: int) -> str | None:
    """The part of ``check_move_fox`` that does not depend on the target (D, G13)."""
    problem = _spend(state, cost)
    if problem:
        return problem
    if state.fox is None:
        return "the fox is not in play yet"
    if state.fox[0] != seat:
        return "you may only move the fox off one of your own collections"
    if state.fox_used:
        return "the fox has been moved this turn already"
    return None


def _chest_at(state: State, owner: int, chest: int) -> Chest | str:
    """The chest ``owner`` made ``chest``-th, or a sentence saying there is none."""
    if not 0 <= owner < state.players:
        return "there is no such seat"
    row = state.tableaux[owner]
    if not 0 <= chest < len(row):
        return "there is no such chest"
    return row[chest]


def check_fox_spot(state: State, owner: int, chest: int, target: Chest) -> str | None:
    """Somewhere the fox may go: a collection (closed ones too) it is not on (P3)."""
    if target.motif is None:
        return "the fox only sits on a collection, not on an empty chest"
    if state.fox == (owner, chest):
        return "the fox sits there already"
    return None


def check_fox_target(state: State, owner: int, chest: int) -> str | None:
    target = _chest_at(state, owner, chest)
    return target if isinstance(target, str) else check_fox_spot(state, owner, chest, target)


def check_move_fox(state: State, seat: int, owner: int, chest: int) -> str | None:
    # D1 costs 1 AP (another own collection), D2 2 AP (any opponent's collection).
    cost = 1 if owner == seat else 2
    return check_fox_action(state, seat, cost) or check_fox_target(state, owner, chest)


def check_pass_fox(state: State, seat: int, chest: int) -> str | None:
    if not state.fox_pass_pending:
        return "the free fox pass comes once all action points are spent, the fox on your own"
    return check_fox_target(state, (seat + 1) % state.players, chest)


def check_end_turn(state: State, seat: int) -> str | None:
    if state.ap > 0:
        return "all action points must be spent before the turn ends"
    return None


# --- performing a legal command ------------------------------------------------------------


class _Batch:
    """The events of one command, with the state they lead to so far."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []

    def add(self, kind: str, data: dict[str, Any]) -> None:
        event = Event(kind, data)
        self.events.append(event)
        self.state = evolve(self.state, event)


def _reveal(batch: _Batch) -> str | None:
    """Set aside scoring cards off the pile top, holding their scorings (G6, G17, P2).

    Returns the first collection card now on top (not taken yet), or None if the final
    scoring ended the game.
    """
    rules = batch.state.rules
    while True:
        state = batch.state
        # G23: the final scoring card is still in the pile, so it cannot be empty here.
        assert state.drawn < len(state.pile), "the pile ran out before the final scoring"
        card = state.pile[state.drawn]
        if card != SCORING:
            return card
        count = state.seen + 1
        batch.add("ScoringCardSetAside", {"count": count})
        if count == rules.final_scoring_at:
            batch.add("FinalScoringHeld", scoring_data(batch.state, list(state.scores), True))
            return None
        if count in rules.interim_at:
            batch.add("ScoringHeld", scoring_data(batch.state, list(state.scores), False))


def _end_turn(batch: _Batch, seat: int) -> None:
    state = batch.state
    assert state.turn < max_turns(state.players, state.rules), "turn bound (P5) exceeded"
    batch.add("TurnEnded", {"seat": seat, "next": (seat + 1) % state.players})


def _done(batch: _Batch, seat: int) -> list[Event]:
    """P1: the turn ends by itself once AP are spent, unless the free fox pass is pending."""
    state = batch.state
    if not state.over and state.ap == 0 and not state.fox_pass_pending:
        _end_turn(batch, seat)
    return batch.events


def perform_make_chest(state: State, seat: int, kind: str) -> list[Event]:
    batch = _Batch(state)
    index = len(state.tableaux[seat])
    batch.add("ChestMade", {"seat": seat, "card": kind, "chest": index, "cost": 1})
    return _done(batch, seat)


def perform_lay(state: State, seat: int, kind: str, chest: int) -> list[Event]:
    batch = _Batch(state)
    target = state.tableaux[seat][chest]
    opened = target.motif is None
    motif = kind if opened else target.motif
    data = {"seat": seat, "card": kind, "chest": chest, "motif": motif, "opened": opened}
    batch.add("CardLaid", {**data, "cost": 1})
    after = batch.state
    if opened and after.fox is None and all(_has_collection(row) for row in after.tableaux):
        # D0: the last player to open a first collection puts the fox on it.
        batch.add("FoxEntered", {"owner": seat, "chest": chest})
    return _done(batch, seat)


def _has_collection(row: tuple[Chest, ...]) -> bool:
    return any(chest.motif is not None for chest in row)


def perform_play_doubler(state: State, seat: int, chest: int) -> list[Event]:
    batch = _Batch(state)
    batch.add("DoublerPlayed", {"seat": seat, "chest": chest, "cost": 1})
    return _done(batch, seat)


def perform_take_display(state: State, seat: int, slot: int) -> list[Event]:
    batch = _Batch(state)
    card = state.display[slot]
    batch.add("DisplayCardTaken", {"seat": seat, "slot": slot, "card": card, "cost": 1})
    refill = _reveal(batch)
    if refill is not None:
        batch.add("DisplayRefilled", {"slot": slot, "card": refill})
    return _done(batch, seat)


def perform_draw_blind(state: State, seat: int) -> list[Event]:
    batch = _Batch(state)
    # P2: the AP are spent when the action starts, before any scoring it triggers.
    batch.add("BlindDrawBegun", {"seat": seat, "cost": 2})
    card = _reveal(batch)
    if card is not None:
        batch.add("CardDrawnBlind", {"seat": seat, "card": card})
    return _done(batch, seat)


def perform_move_fox(state: State, seat: int, owner: int, chest: int) -> list[Event]:
    batch = _Batch(state)
    cost = 1 if owner == seat else 2
    batch.add("FoxMoved", {"seat": seat, "owner": owner, "chest": chest, "cost": cost})
    return _done(batch, seat)


def perform_pass_fox(state: State, seat: int, chest: int) -> list[Event]:
    batch = _Batch(state)
    owner = (seat + 1) % state.players
    batch.add("FoxPassed", {"seat": seat, "owner": owner, "chest": chest})
    _end_turn(batch, seat)
    return batch.events


def perform_end_turn(state: State, seat: int) -> list[Event]:
    batch = _Batch(state)
    _end_turn(batch, seat)
    return batch.events


@dataclass(frozen=True)
class Spec:
    """A player command: its fields (name -> "kind" or "int"), its check and its events."""

    fields: tuple[tuple[str, str], ...]
    check: Callable[..., str | None]
    perform: Callable[..., list[Event]]


COMMANDS: dict[str, Spec] = {
    "make_chest": Spec((("kind", "kind"),), check_make_chest, perform_make_chest),
    "lay": Spec((("kind", "kind"), ("chest", "int")), check_lay, perform_lay),
    "play_doubler": Spec((("chest", "int"),), check_play_doubler, perform_play_doubler),
    "take_display": Spec((("slot", "int"),), check_take_display, perform_take_display),
    "draw_blind": Spec((), check_draw_blind, perform_draw_blind),
    "move_fox": Spec((("owner", "int"), ("chest", "int")), check_move_fox, perform_move_fox),
    "pass_fox": Spec((("chest", "int"),), check_pass_fox, perform_pass_fox),
    "end_turn": Spec((), check_end_turn, perform_end_turn),
}
COMMAND_TYPES: tuple[str, ...] = tuple(COMMANDS)


def _arguments(body: Mapping[str, Any], spec: Spec) -> list[Any]:
    """The command's fields in order; raises IllegalMove for a missing, extra or mistyped one."""
    names = [name for name, _ in spec.fields]
    if set(body) != {"type", *names}:
        raise IllegalMove(f"this command takes exactly the fields {['type', *names]}")
    args = []
    for name, tag in spec.fields:
        value = body[name]
        if tag == "int" and (isinstance(value, bool) or not isinstance(value, int)):
            raise IllegalMove(f"{name} must be an integer")
        if tag == "kind" and not isinstance(value, str):
            raise IllegalMove(f"{name} must be a card id such as m4 or joker")
        args.append(value)
    return args


def decide(state: State, command: Command) -> list[Event]:
    """The events ``command`` causes; raises a ``RuleError`` when the rules forbid it."""
    body = command.body
    if type(body) is not dict and not isinstance(body, Mapping):
        raise IllegalMove("a command is a JSON object with a type")
    kind = body.get("type")
    if state.over:
        raise GameOver("the game has ended")
    if kind == "start":
        return deal(state, command.seat, body)
    if not state.started:
        raise GameNotStarted("the cards have not been dealt yet")
    if command.seat is None:
        raise IllegalMove("the system only starts the game; seats play it")
    if command.seat != state.current:
        raise NotYourTurn(f"it is seat {state.current}'s turn")
    spec = COMMANDS.get(kind) if isinstance(kind, str) else None
    if spec is None:
        raise IllegalMove(f"unknown command type; expected one of {list(COMMAND_TYPES)}")
    args = _arguments(body, spec)
    problem = spec.check(state, command.seat, *args)
    if problem:
        raise IllegalMove(problem)
    return spec.perform(state, command.seat, *args)
