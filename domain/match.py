"""A match: one hosted game with its seats, its committed seed and its lifecycle.

The match is itself a decider that wraps a game's decider. It owns what every game shares:
creating the table, seating players, starting when the last human seat is taken (the deck orders
derived from the committed seed, see ``domain.fairness``), handing a seat that leaves to a bot,
and ending with the result and the revealed seed. Every other command goes to the game.

Match events (their names are reserved; a game never uses them):

* ``GameCreated`` {game, rules_version, players, seats: [{kind, strategy}], options,
  commitment, seed*, owner_token_hash*, owner_account, expires_at}
* ``PlayerJoined`` {seat, name, client_seed, token_hash* | account}: a seat is held either by
  a bearer token (only its hash is kept) or by an account (its public id)
* ``GameStarted`` {start_player, orders*}
* ``SeatLeft`` {seat, strategy, reason}: a bot plays a person's seat of a running game from now
  on; ``reason`` says why: ``"left"`` (the player's ``leave``; ``by`` is the player) or
  ``"idle"`` (the idle timer; ``by`` is ``{seat, kind: "timeout"}``). Recorded before reasons
  existed, it has none and means ``"left"``.
* ``SeatReopened`` {seat}: a player gave the seat back before the start; it is open again.
* ``GameEnded`` {result, seed}
* ``TableCancelled`` {} — the owner cancelled the table while it waited
* ``TableExpired`` {expires_at} — the table still waited when its time ran out

Fields marked * are hidden from every client until the game has ended.

Leaving (``leave``, every game): before the start it gives the seat back (its token stops
working); while the game runs it hands the seat to a bot for good. A seat played by a bot has no
legal command, its player's commands are refused with ``seat_left``, and a second ``leave``
changes nothing (``decide`` returns no event: leaving is idempotent).

Idleness (the table option ``idle_limit_s``; 0 or absent: none): the timer's ``idle`` command
hands a person's seat to a bot as ``leave`` does (``SeatLeft`` with ``reason: "idle"``), once its
holder has not acted for the idle limit since the seat became one to act. Like ``expire`` it is
stale, never an error, when it is moot (see ``_idle``).

A waiting table has an owner (whoever created it holds the owner token, stored only as
``owner_token_hash``*, a field of ``GameCreated``) and an expiry time (``expires_at``, chosen by
the service). A table created with an account key also names that account (``owner_account``),
which may cancel it, and seats it at once (a ``PlayerJoined`` right after ``GameCreated``, when
the table has a human seat). One account holds at most one seat of a table (``already_seated``).
Time enters as data: the ``expire`` command carries the current time ``now``, and
the table expires only if it still waits and ``now`` has reached ``expires_at``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any, cast

from domain import fairness, registry
from domain.errors import (
    AlreadySeated,
    AlreadyStarted,
    GameFull,
    GameNotStarted,
    GameOver,
    IllegalMove,
    InvalidSetup,
    NoSuchSeat,
    NotYourTurn,
    SeatLeft,
    SeatTaken,
    TableClosed,
)
from domain.game import Command, Event, Fact, GameDefinition, Option, Seat
from domain.shapes import CommandShape

MATCH_EVENTS = frozenset(
    {
        "GameCreated",
        "PlayerJoined",
        "GameStarted",
        "SeatLeft",
        "SeatReopened",
        "GameEnded",
        "TableCancelled",
        "TableExpired",
    }
)
SYSTEM_EVENTS = frozenset({"GameCreated", "GameStarted", "GameEnded", "TableExpired"})
MATCH_COMMANDS = frozenset({"create", "join", "leave", "cancel", "expire", "idle"})
LEAVE_STRATEGY = "greedy"
# The one command of a player that every game shares (see "Leaving" above).
LEAVE = CommandShape("leave", doc="Hand the seat to a bot for the rest of the game (every game).")

WAITING, ACTIVE, FINISHED = "waiting", "active", "finished"
CANCELLED, EXPIRED = "cancelled", "expired"
STATUSES = (WAITING, ACTIVE, FINISHED, CANCELLED, EXPIRED)
CLOSED = frozenset({CANCELLED, EXPIRED})  # a table that ended before it started
ENDED = frozenset({FINISHED, *CLOSED})  # nothing more happens
# The last event of a game: nothing follows it.
FINAL_EVENTS = frozenset({"GameEnded", "TableCancelled", "TableExpired"})

# Options every game has; they steer the service (timers, bot pacing), not the rules.
TABLE_OPTIONS = {
    "turn_timeout_s": Option(0, 0, 86_400, "seconds a human seat has to act; 0 = no limit"),
    "bot_delay_ms": Option(0, 0, 60_000, "pause before each bot move, so people can follow"),
    "idle_limit_s": Option(
        259_200,
        0,
        2_592_000,
        "seconds a person's seat may be to act without its holder acting (timeouts do not "
        "count) before a bot takes it over for good; 0 = no limit. Default: the service's "
        "FOXDEN_IDLE_LIMIT_S (3 days); the web page's live tables use a shorter one",
    ),
}
# Table options left out of a game's options when a create does not name them, so that a create
# recorded before the option existed re-decides as it was recorded (the audit). The service
# names ``idle_limit_s`` on every table it creates; a create without it has no idle limit.
GIVEN_ONLY = frozenset({"idle_limit_s"})


def all_options(game: GameDefinition) -> dict[str, Option]:
    """The table options and the game's own, as one namespace."""
    return {**TABLE_OPTIONS, **game.options}


def resolve_options(game: GameDefinition, given: Mapping[str, object] | None) -> dict[str, int]:
    """Every option with defaults filled in; raises ``ValueError`` on an unknown or bad one."""
    given = dict(given or {})
    unknown = sorted(set(given) - set(all_options(game)))
    if unknown:
        raise ValueError(f"unknown option {unknown[0]!r}")
    resolved: dict[str, int] = {}
    for name, option in all_options(game).items():
        if name in GIVEN_ONLY and name not in given:
            continue
        value = given.get(name, option.default)
        problem = option.check(value)
        if problem:
            raise ValueError(f"option {name!r} {problem}")
        resolved[name] = cast(int, value)  # Option.check accepted it: an int
    return resolved


@dataclass(frozen=True)
class SeatInfo:
    kind: str  # "human" or "bot"
    strategy: str | None = None
    name: str | None = None
    client_seed: str = ""
    token_hash: str | None = None
    left: bool = False  # a human who handed the seat to a bot
    taken_over: str | None = None  # why a bot plays this person's seat: "left" or "idle"
    account: str | None = None  # the account that holds the seat (instead of a token)

    @property
    def open(self) -> bool:
        """A human seat that neither a token nor an account holds."""
        return self.kind == "human" and self.token_hash is None and self.account is None

    @property
    def played_by_bot(self) -> bool:
        return self.kind == "bot" or self.left


@dataclass(frozen=True)
class MatchState:
    version: int = 0
    game: str | None = None
    options: Mapping[str, int] = field(default_factory=dict)
    seats: tuple[SeatInfo, ...] = ()
    commitment: str | None = None
    seed: str | None = None
    status: str = WAITING
    board: Any = None  # the game's own state, once started
    # seat -> the version at which it last became one of the seats to act.
    since: Mapping[Seat, int] = field(default_factory=dict)
    # The game's to_act after the last event, kept so that reading it costs nothing.
    acting: frozenset[Seat] = frozenset()
    result: Mapping[str, Any] | None = None
    owner_token_hash: str | None = None
    expires_at: str | None = None  # when a table that still waits expires (ISO 8601, UTC)
    owner_account: str | None = None  # the account that created the table, if one did

    @property
    def definition(self) -> GameDefinition:
        return registry.get(self.game or "")

    @property
    def game_options(self) -> dict[str, int]:
        """The options the game's rules read (the table options left out)."""
        return {k: v for k, v in self.options.items() if k not in TABLE_OPTIONS}

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def idle_limit_s(self) -> int:
        """The table's idle limit in seconds (0: none, also for tables made before it)."""
        return self.options.get("idle_limit_s", 0)

    @property
    def people(self) -> int:
        """Seats a person holds and still plays (taken, and not handed to a bot)."""
        return sum(info.kind == "human" and not info.open and not info.left for info in self.seats)

    @property
    def open_seats(self) -> int:
        """Human seats nobody has taken, while the table waits."""
        return sum(info.open for info in self.seats) if self.status == WAITING else 0

    def to_act(self) -> frozenset[Seat]:
        return self.acting if self.status == ACTIVE else frozenset()

    @property
    def seats_settled(self) -> bool:
        """Whether each token now holds its seat for good.

        A seat changes hands only while the table waits (one given back is reopened for the next
        person); from the start on, a seat's token stays the same to the end. A state that has
        started can therefore answer for a token's seat however old it is, and a waiting one
        cannot.
        """
        return self.status != WAITING

    def seat_of_token_hash(self, token_hash: str) -> Seat | None:
        for seat, info in enumerate(self.seats):
            if info.token_hash is not None and info.token_hash == token_hash:
                return seat
        return None

    def seat_of_account(self, account: str) -> Seat | None:
        """The seat ``account`` holds (one at most), else ``None``."""
        for seat, info in enumerate(self.seats):
            if info.account is not None and info.account == account:
                return seat
        return None


INITIAL = MatchState()


def token_hash(token: str) -> str:
    """How a bearer token is stored: only its SHA-256."""
    return hashlib.sha256(token.encode()).hexdigest()


# --- decide -------------------------------------------------------------------------------


def decide(state: MatchState, command: Command) -> list[Event]:
    """The events a command causes; raises a ``RuleError`` when the rules forbid it."""
    return [event for event, _ in decide_and_evolve(state, command)]


Step = tuple[Event, MatchState]


def decide_and_evolve(state: MatchState, command: Command) -> list[Step]:
    """:func:`decide`, each event beside the state it leads to (``evolve`` of the events in
    turn): a game's move evolves its events anyway, to see whether they end the game, and whoever
    appends them needs those states too (the latest, and a snapshot's). Raises as ``decide``."""
    events = _table_events(state, command)
    if events is None:
        return _play(state, state.definition.decide(state.board, command))
    # (Creating and joining evolved their events once already, to see whether the game
    # starts; they come once or a few times a game, so they are not worth a second path.)
    return _steps(state, events)


def _steps(state: MatchState, events: list[Event]) -> list[Step]:
    """Each of ``events`` beside the state it leads to, from ``state``."""
    steps = []
    for event in events:
        state = evolve(state, event)
        steps.append((event, state))
    return steps


def _table_events(state: MatchState, command: Command) -> list[Event] | None:
    """The events of a command about the table (create, join, leave, cancel, expire); None for
    a game move, once the table lets the command's seat make one."""
    if command.type == "create":
        return _create(state, command.body)
    if state.version == 0:
        raise IllegalMove("the game does not exist yet")
    timer = _TIMER_COMMANDS.get(command.type)
    if timer is not None:  # a timer's command (expire, idle): stale, never an error, once moot
        return timer(state, command)
    if state.status in CLOSED:
        raise TableClosed(f"the table was {state.status} before it started")
    if command.type == "cancel":
        return _cancel(state)
    if command.type == "join":
        return _join(state, command.body)
    if state.status == FINISHED:
        raise GameOver("the game has ended")
    if command.type == "leave":
        return _leave(state, command.seat)
    if state.status == WAITING:
        raise GameNotStarted("the game waits for players to join")
    if command.seat is not None and command.kind == "player" and state.seats[command.seat].left:
        # (A bot seat has no player: no token acts for it.)
        raise SeatLeft("this seat is played by a bot since its player left")
    if command.seat is not None and command.seat not in state.to_act():
        raise NotYourTurn(f"seat {command.seat} is not to act now")
    return None


def _create(state: MatchState, body: Mapping[str, Any]) -> list[Event]:
    if state.version:
        raise IllegalMove("the game exists already")
    game = registry.get(body["game"])
    seats = [{"kind": s["kind"], "strategy": s.get("strategy")} for s in body["seats"]]
    if not game.min_players <= len(seats) <= game.max_players:
        raise InvalidSetup(
            f"{game.name} takes {game.min_players} to {game.max_players} players, not {len(seats)}"
        )
    for seat in seats:
        if seat["kind"] == "bot" and seat["strategy"] not in game.strategies:
            raise InvalidSetup(f"unknown strategy {seat['strategy']!r} for {game.id}")
        if seat["kind"] == "human":
            seat["strategy"] = None
    try:
        options = resolve_options(game, body.get("options"))
    except ValueError as error:
        raise InvalidSetup(str(error)) from None
    seed = bytes.fromhex(body["seed"])
    created = Event(
        "GameCreated",
        {
            "game": game.id,
            "rules_version": game.rules_version,
            "players": len(seats),
            "seats": seats,
            "options": options,
            "commitment": fairness.commitment(seed),
            "seed": body["seed"],
            **{
                key: body[key]
                for key in ("owner_token_hash", "owner_account", "expires_at")
                if key in body
            },
        },
    )
    after = evolve(state, created)
    # {account, name}: the creating account takes a seat; a list of them (an accepted challenge,
    # paired seeks) takes the first seats in order, so that no stranger can join in between.
    seated = body.get("seat_accounts") or ([body["seat_account"]] if "seat_account" in body else [])
    if not seated:
        return [created, *_start_if_ready(after)]
    events = [created]
    for holder in seated:
        if not after.open_seats:
            break
        joined = _join(after, {**holder, "client_seed": ""})
        for event in joined:
            after = evolve(after, event)
        events += joined
    return events


def _join(state: MatchState, body: Mapping[str, Any]) -> list[Event]:
    if state.status != WAITING:
        raise AlreadyStarted("the game has started; no seat is open")
    open_seats = [n for n, info in enumerate(state.seats) if info.open]
    wanted = body.get("seat")
    account = body.get("account")
    if account is not None and state.seat_of_account(account) is not None:
        raise AlreadySeated("this account holds a seat of this table already")
    if wanted is None:
        if not open_seats:
            raise GameFull("every human seat is taken")
        wanted = open_seats[0]
    elif wanted not in open_seats:
        if not 0 <= wanted < state.players:
            raise NoSuchSeat(f"there is no seat {wanted}; the table has {state.players}")
        raise SeatTaken(f"seat {wanted} is not open")
    held = {"account": account} if account is not None else {"token_hash": body["token_hash"]}
    joined = Event(
        "PlayerJoined",
        {"seat": wanted, "name": body["name"], "client_seed": body.get("client_seed", ""), **held},
    )
    return [joined, *_start_if_ready(evolve(state, joined))]


def _start_if_ready(state: MatchState) -> list[Event]:
    if any(info.open for info in state.seats):
        return []
    game = state.definition
    seed = bytes.fromhex(state.seed or "")
    client_seeds = [info.client_seed for info in state.seats]
    start = fairness.derive_start(
        seed, client_seeds, game.shuffles(state.players, state.game_options), state.players
    )
    started = Event(
        "GameStarted", {"start_player": start["start_player"], "orders": start["orders"]}
    )
    after = evolve(state, started)
    first_moves = _play(after, game.decide(after.board, Command(None, start)))
    return [started, *(event for event, _ in first_moves)]


def _cancel(state: MatchState) -> list[Event]:
    """The owner's cancel (the service checked the owner token): only while the table waits."""
    if state.status != WAITING:
        raise AlreadyStarted("only a table that still waits for players can be cancelled")
    return [Event("TableCancelled", {})]


def _expire(state: MatchState, body: Mapping[str, Any]) -> list[Event]:
    """``TableExpired`` once ``body["now"]`` has reached the expiry; else nothing (stale)."""
    if state.status != WAITING or state.expires_at is None:
        return []
    if _instant(body["now"]) < _instant(state.expires_at):
        return []
    return [Event("TableExpired", {"expires_at": state.expires_at})]


def _instant(text: str) -> datetime:
    return datetime.fromisoformat(text)


def _leave(state: MatchState, seat: Seat | None) -> list[Event]:
    """Give a seat back before the start; hand it to a bot once the game runs (idempotent)."""
    if seat is None or state.seats[seat].kind != "human" or state.seats[seat].open:
        raise IllegalMove("only a taken human seat can be left")
    if state.status == WAITING:
        return [Event("SeatReopened", {"seat": seat})]
    if state.seats[seat].left:
        return []  # left already: nothing changes
    return [Event("SeatLeft", {"seat": seat, "strategy": LEAVE_STRATEGY, "reason": "left"})]


def _idle(state: MatchState, command: Command) -> list[Event]:
    """The idle timer's hand-over of a person's seat to a bot, as ``leave`` does; else nothing.

    Its body carries time as data: ``began``, when the seat became one to act at version
    ``since`` (the time of that event), and ``now``. The service sends it only when the seat's
    holder has sent no command since version ``since`` (the events' ``by`` say so; a timeout
    moving for the seat is not the holder). Stale (no event) unless the game runs, the seat is a
    person's that no bot plays yet, the table has an idle limit and ``now`` has reached
    ``began`` plus that limit.
    """
    if command.kind != "timeout":
        raise IllegalMove("only the idle timer hands a seat over for idleness")
    seat, limit = command.seat, state.idle_limit_s
    if state.status != ACTIVE or seat is None or not 0 <= seat < state.players or not limit:
        return []
    info = state.seats[seat]
    if info.kind != "human" or info.open or info.left:
        return []
    if _instant(command.body["now"]) < _instant(command.body["began"]) + timedelta(seconds=limit):
        return []
    return [Event("SeatLeft", {"seat": seat, "strategy": LEAVE_STRATEGY, "reason": "idle"})]


_TIMER_COMMANDS: dict[str, Callable[[MatchState, Command], list[Event]]] = {
    "expire": lambda state, command: _expire(state, command.body),
    "idle": _idle,
}


def _play(state: MatchState, game_events: list[Event]) -> list[Step]:
    """Game events, followed by ``GameEnded`` when they finish the game, each with the state
    after it."""
    steps = _steps(state, game_events)
    if not steps:
        return steps
    after = steps[-1][1]
    result = state.definition.result(after.board)
    if result is not None:
        ended = Event("GameEnded", {"result": result, "seed": state.seed})
        steps.append((ended, evolve(after, ended)))
    return steps


# --- evolve -------------------------------------------------------------------------------


def evolve(state: MatchState, event: Fact) -> MatchState:
    """Apply one event. Never checks rules.

    The table's own events (creation, joins, leaving, the end) each have a function of their
    own; every other event is the game's. Replays run this once per event (a past version folds
    up to nine after its snapshot, a cold load or an audit the whole game), so the game's path is
    written flat: no keyword calls, no properties, no ``dataclasses.replace`` (performance.md).
    """
    table_event = _TABLE_EVENTS.get(event.type)
    if table_event is not None:
        return table_event(state, event.data, state.version + 1)
    version = state.version + 1
    game = registry.get(state.game or "")
    if event.type == "GameStarted":
        status, board = ACTIVE, game.initial_state(state.players, state.game_options)
    else:
        status, board = state.status, game.evolve(state.board, event)
    acting = game.to_act(board)
    # When each seat to act became one, so that a bot or timer job can tell if it is stale. A
    # seat alone to act both before and after an event has just moved and faces a new decision
    # (SLY's reveal chain, Gloria Picktoria's action points): it starts afresh, so its next job
    # gets a new identity and command id (and its turn timer restarts with it).
    if len(acting) == 1 and state.status == ACTIVE and acting == state.acting:
        since = dict.fromkeys(acting, version)
    else:
        began = state.since
        since = {seat: began.get(seat, version) for seat in acting}
    # The new state is a copy of the fields' dict: ``replace`` would read each field through its
    # descriptor and set each again through the frozen ``__init__`` (there is no
    # ``__post_init__`` to run).
    fields = state.__dict__.copy()
    fields["version"] = version
    fields["status"] = status
    fields["board"] = board
    fields["acting"] = acting
    fields["since"] = since
    moved = _new_object(MatchState)
    _set_attribute(moved, "__dict__", fields)
    return moved


_new_object = object.__new__
_set_attribute = object.__setattr__


def _created(state: MatchState, data: Mapping[str, Any], version: int) -> MatchState:
    seats = tuple(SeatInfo(kind=s["kind"], strategy=s.get("strategy")) for s in data["seats"])
    return replace(
        state,
        version=version,
        game=data["game"],
        options=_in_key_order(data["options"]),
        seats=seats,
        commitment=data["commitment"],
        seed=data["seed"],
        owner_token_hash=data.get("owner_token_hash"),
        expires_at=data.get("expires_at"),
        owner_account=data.get("owner_account"),
    )


def _joined(state: MatchState, data: Mapping[str, Any], version: int) -> MatchState:
    seat = data["seat"]
    info = replace(
        state.seats[seat],
        name=data["name"],
        client_seed=data["client_seed"],
        token_hash=data.get("token_hash"),
        account=data.get("account"),
    )
    return replace(state, version=version, seats=_with(state.seats, seat, info))


def _left(state: MatchState, data: Mapping[str, Any], version: int) -> MatchState:
    seat = data["seat"]
    info = replace(
        state.seats[seat],
        left=True,
        strategy=data["strategy"],
        taken_over=data.get("reason", "left"),
    )
    return replace(state, version=version, seats=_with(state.seats, seat, info))


def _reopened(state: MatchState, data: Mapping[str, Any], version: int) -> MatchState:
    seat = data["seat"]
    return replace(state, version=version, seats=_with(state.seats, seat, SeatInfo("human")))


def _ended(state: MatchState, data: Mapping[str, Any], version: int) -> MatchState:
    result = _in_key_order(data["result"])
    return replace(state, version=version, status=FINISHED, result=result, since={})


def _in_key_order(value: Any) -> Any:
    """``value`` with the keys of every dict in it sorted, as stored events hold them: the
    state a process evolves from the event it has just decided then shows the same options
    and result, byte for byte, as a state replayed from the store by another process."""
    if isinstance(value, Mapping):
        return {key: _in_key_order(value[key]) for key in sorted(value)}
    if isinstance(value, list | tuple):
        return type(value)(_in_key_order(item) for item in value)
    return value


def _cancelled(state: MatchState, data: Mapping[str, Any], version: int) -> MatchState:
    return replace(state, version=version, status=CANCELLED)


def _expired(state: MatchState, data: Mapping[str, Any], version: int) -> MatchState:
    return replace(state, version=version, status=EXPIRED)


_TABLE_EVENTS = {
    "GameCreated": _created,
    "PlayerJoined": _joined,
    "SeatLeft": _left,
    "SeatReopened": _reopened,
    "GameEnded": _ended,
    "TableCancelled": _cancelled,
    "TableExpired": _expired,
}


def _with(seats: tuple[SeatInfo, ...], seat: Seat, info: SeatInfo) -> tuple[SeatInfo, ...]:
    return (*seats[:seat], info, *seats[seat + 1 :])


def author(event: Event, seat: Seat | None, kind: str) -> dict[str, Any]:
    """Who an event is by (its envelope's ``by``): the system for the lifecycle facts of
    creation, start and end and for whatever no seat caused (the deal and set-up that follow the
    last join), the joining seat for a join, else the seat whose command caused it and how it
    was sent (``player``, ``bot`` or ``timeout``). A cancel is the owner's, who holds no seat:
    ``player`` with no seat."""
    if event.type == "PlayerJoined":
        return {"seat": event.data["seat"], "kind": "player"}
    if event.type == "TableCancelled":
        return {"seat": None, "kind": "player"}
    if event.type in SYSTEM_EVENTS or seat is None:
        return {"seat": None, "kind": "system"}
    return {"seat": seat, "kind": kind}


# --- what clients see ----------------------------------------------------------------------

PRIVATE_FIELDS = {
    "GameCreated": ("seed", "owner_token_hash"),
    "PlayerJoined": ("token_hash",),
    "GameStarted": ("orders",),
}


def redact(state: MatchState, event: Event, viewer: Seat | None) -> Event:
    """``event`` as ``viewer`` may see it; ``state`` tells whether the game has ended."""
    if state.status == FINISHED:
        return event
    hidden = PRIVATE_FIELDS.get(event.type)
    if hidden:
        return Event(event.type, {k: v for k, v in event.data.items() if k not in hidden})
    if event.type in MATCH_EVENTS:
        return event
    return state.definition.redact(event, viewer)


def redact_cause(
    state: MatchState, cause: Mapping[str, Any], actor: Seat | None, viewer: Seat | None
) -> dict[str, Any]:
    """A recorded command body as ``viewer`` may see it."""
    if state.status == FINISHED:
        return dict(cause)
    kind = cause.get("type")
    if kind == "create":
        return {k: v for k, v in cause.items() if k not in PRIVATE_FIELDS["GameCreated"]}
    if kind == "join":
        return {k: v for k, v in cause.items() if k != "token_hash"}
    if kind in MATCH_COMMANDS:
        return dict(cause)
    return state.definition.redact_command(cause, actor, viewer)


def view(state: MatchState, viewer: Seat | None) -> dict[str, Any]:
    """The match as ``viewer`` (a seat, or ``None`` for a spectator) may see it."""
    board = None
    if state.board is not None:  # none while a table waits, nor once it was cancelled or expired
        board = state.definition.view(state.board, None if state.status == FINISHED else viewer)
    return {
        "game": state.game,
        "status": state.status,
        "version": state.version,
        "seat": viewer,
        "to_act": sorted(state.to_act()),
        "seats": seats_summary(state),
        "board": board,
        "result": state.result,
    }


def game_moves(state: MatchState, seat: Seat) -> list[dict[str, Any]]:
    """The game's moves the seat may make now, whoever makes them: its player, or the bot
    that plays it (a bot seat, a player who left, a player whose time ran out)."""
    if seat not in state.to_act():
        return []
    return state.definition.legal_commands(state.board, seat)


def legal_commands(state: MatchState, seat: Seat) -> list[dict[str, Any]]:
    """Every command body the seat's player may send now: none for a seat a bot plays, nor on a
    table that is over (finished, cancelled or expired); ``leave`` for a taken human seat until
    the end (before the start it gives the seat back)."""
    info = state.seats[seat]
    if state.status == FINISHED or state.status in CLOSED or info.played_by_bot or info.open:
        return []
    return [*game_moves(state, seat), {"type": "leave"}]


def command_shapes(game: GameDefinition) -> tuple[CommandShape, ...]:
    """Every command a player of ``game`` may send: the game's own, then ``leave``."""
    return (*game.commands, LEAVE)


def seats_summary(state: MatchState) -> list[dict[str, Any]]:
    return [
        {
            "seat": n,
            "kind": "bot" if info.played_by_bot else "human",
            "name": info.name if info.kind == "human" else f"{info.strategy} bot",
            "strategy": info.strategy,
            "taken": not info.open,
            # Who plays the seat now, and why a bot plays a person's seat ("left", "idle").
            "played_by": "bot" if info.played_by_bot else "person",
            "taken_over": info.taken_over,
            **({"account": info.account} if info.account is not None else {}),
        }
        for n, info in enumerate(state.seats)
    ]
