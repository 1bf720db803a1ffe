"""``foxden bot``: a bot account that plays on any Foxden, over its public API only.

It holds the account's stream open (``GET /v1/me/stream``, through the generated client's
:class:`~foxden_client.streams.AccountStream`) and, for each ``your_turn`` frame and each game
of the ``games`` picture where the account must act, reads the seat's view and legal moves
(``/state`` and ``/legal-moves``), asks the named strategy for a move and sends it with
``If-Match`` at the version it read. The strategy is found exactly as the workers find it:
the games' definitions after :func:`service.strategies.install_plugins` (built-ins, then the
``foxden.strategies`` entry points), run through :func:`service.strategies.choose`, with the
view and legal commands the workers pass (the view's ``board``; the legal moves without
``leave``). So a plug-in written for the workers plays here unchanged.

What makes it safe to leave running:

* **Nothing twice.** Each decision is a (game, version) pair: one already claimed is skipped
  (a frame seen again after a reconnect, a picture entry a frame also named), and a move is
  chosen at most once per (game, version). Its ``Idempotency-Key`` names that pair, so the
  one case that resends, a request whose answer was lost (a drop, a restart), is applied once
  by the server. A 409 or 412 (someone moved meanwhile) or 422 is not resent: the game is
  read again, and a move is made only at the new version.
* **Drops and restarts.** The stream reconnects with backoff and resumes after the last frame
  id; a ``reset`` (the id is too old) is followed by the picture, which is played again. A
  read or a send that fails on the network is retried with backoff until the server is back.
* **Many games at once.** Decisions run on a bounded thread pool, one at a time per game.
* **Challenges and seeks.** With ``--accept-challenges`` it accepts every ``challenge`` frame
  for a game its strategy plays, and with ``--seek GAME:PLAYERS`` it keeps one seek open per
  flag, as long as its active games and open seeks stay under ``--max-games``.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import hmac
import logging
import os
import random
import secrets
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from domain import registry
from domain.registry import UnknownGame
from service import strategies

if TYPE_CHECKING:
    import httpx
    from foxden_client import AuthenticatedClient
    from foxden_client.streams import Backoff

    from foxden.settings import Settings

    Subcommands = argparse._SubParsersAction[argparse.ArgumentParser]

log = logging.getLogger(__name__)

# The answers after which a move is not resent but the game read again: the version moved on
# (409, 412) or the move is no longer legal there (422).
STALE = frozenset({409, 412, 422})
# A decision reads the game again at most this often when other seats keep moving under it.
READS_PER_DECISION = 10


@dataclass(frozen=True)
class SeekSpec:
    """One ``--seek GAME:PLAYERS[:BOTS_AFTER_S]``: a table of ``players`` of ``game``, with
    anyone; with ``bots_after_s``, built-in bots fill the seats nobody took after that wait."""

    game: str
    players: int
    bots_after_s: int | None = None

    @classmethod
    def parse(cls, text: str) -> SeekSpec:
        parts = text.split(":")
        if len(parts) not in (2, 3) or not parts[0] or not all(p.isdigit() for p in parts[1:]):
            raise argparse.ArgumentTypeError(
                f"{text!r} is not GAME:PLAYERS[:BOTS_AFTER_S] (as sly:3, or sly:3:60)"
            )
        bots_after = int(parts[2]) if len(parts) == 3 else None
        return cls(parts[0], int(parts[1]), bots_after)

    def body(self) -> dict[str, Any]:
        """The ``POST /v1/seeks`` body."""
        body: dict[str, Any] = {"game": self.game, "players": self.players}
        if self.bots_after_s is not None:
            body["bots_after_s"] = self.bots_after_s
        return body


@dataclass(frozen=True)
class Turn:
    """What the seat sees at ``version``: the strategy's inputs, as the workers build them,
    and the generated command models of the legal moves (the same order as ``legal``)."""

    game: str
    version: int
    seat: int
    game_type: str
    view: dict[str, Any]
    legal: list[dict[str, Any]]
    commands: list[Any]


@dataclass(frozen=True)
class Move:
    """A move the runner made: for the tests and the bench."""

    game: str
    version: int
    seat: int
    view: dict[str, Any]
    legal: list[dict[str, Any]]
    body: dict[str, Any]
    status: int
    frame_at: float  # time.perf_counter() when the frame that asked for it arrived
    answered_at: float  # ... when the 2xx came back


@dataclass
class Tally:
    """Counts of what happened, for logs, tests and the bench."""

    moves: int = 0
    stale: int = 0  # 409/412/422 answers: read again
    resent: int = 0  # a request resent with its idempotency key after a lost answer
    finished: int = 0
    resets: int = 0
    drops: int = 0
    accepted: int = 0
    seeks_posted: int = 0


@dataclass
class RemoteBot:
    """The runner: :meth:`run` blocks until :meth:`stop` (from another thread or a signal)."""

    url: str
    key: str
    strategy: str
    accept_challenges: bool = False
    seeks: tuple[SeekSpec, ...] = ()
    max_games: int | None = None
    concurrency: int = 8
    backoff: Backoff | None = None
    on_move: Callable[[Move], None] | None = None
    tally: Tally = field(default_factory=Tally)

    def __post_init__(self) -> None:
        import httpx
        from foxden_client import AuthenticatedClient

        strategies.install_plugins()
        self.client: AuthenticatedClient = AuthenticatedClient(
            base_url=self.url.rstrip("/"),
            token=self.key,
            # Without one, httpx would wait forever for a server that stopped answering.
            timeout=httpx.Timeout(30.0, connect=5.0),
            httpx_args={"limits": _limits(self.concurrency)},
        )
        self.active: set[str] = set()
        self.claimed: set[tuple[str, int]] = set()  # decisions taken up (frames, picture)
        self.chosen: set[tuple[str, int]] = set()  # (game, version) where a move was chosen
        self.open_seeks: list[str | None] = [None] * len(self.seeks)
        self._seeks_known = False  # the account's waiting seeks adopted (after a restart)
        self._lock = threading.Lock()
        self._game_locks: dict[str, threading.Lock] = {}
        self._stopped = threading.Event()
        self._pool = ThreadPoolExecutor(self.concurrency, thread_name_prefix="foxden-bot")
        self._stream: Any = None
        # The seed of each move's generator is an HMAC of this and the decision: a decision
        # read again makes the same choice, and nobody else can foresee it.
        self._secret = secrets.token_bytes(32)

    # --- the stream ------------------------------------------------------------------------

    def run(self) -> None:
        from foxden_client.streams import AccountStream

        self._stream = AccountStream(self.client, backoff=self.backoff, on_drop=self._dropped)
        try:
            for frame in self._stream:
                if self._stopped.is_set():
                    break
                self.handle(frame, time.perf_counter())
        finally:
            self._stopped.set()  # decisions waiting for the server give up
            self._pool.shutdown(wait=True, cancel_futures=True)
            self.client.get_httpx_client().close()

    def stop(self) -> None:
        self._stopped.set()
        if self._stream is not None:
            self._stream.close()

    def _dropped(self, reason: BaseException | int) -> None:
        self.tally.drops += 1
        log.info("the account stream dropped (%s); resuming", reason or "ended by the server")

    def handle(self, frame: Any, arrived: float) -> None:
        """React to one frame of the account stream (quickly: the work goes to the pool)."""
        from foxden_client import models

        if isinstance(frame, models.YourTurnFrame):
            self._submit(self.decide, frame.game, frame.version, arrived)
        elif isinstance(frame, models.GamesFrame):
            with self._lock:
                self.active = {item.game for item in frame.active}
            for item in frame.active:
                if item.my_turn and not item.taken_over:
                    self._submit(self.decide, item.game, item.version, arrived)
            self._submit(self.keep_seeks_open)
            if self.accept_challenges:  # those made before the stream (re)started
                self._submit(self.accept_open_challenges)
        elif isinstance(frame, models.ResetFrame):
            self.tally.resets += 1
            log.warning("account stream reset (%s): re-reading the games", frame.detail)
        elif isinstance(frame, models.GameStartedFrame):
            with self._lock:
                self.active.add(frame.game)
        elif isinstance(frame, (models.GameFinishedFrame, models.TableClosedFrame)):
            self._ended(frame.game, finished=isinstance(frame, models.GameFinishedFrame))
        elif isinstance(frame, models.SeatTakenOverFrame):
            self._ended(frame.game, finished=False)  # a bot of the server plays it now
        else:
            self._other(_fields(frame))

    def _other(self, fields: dict[str, Any]) -> None:
        """The frames of challenges and seeks, read as dicts: the runner needs two fields."""
        kind = fields.get("type")
        if kind == "challenge" and self.accept_challenges:
            self._submit(self.accept, str(fields["challenge"]), str(fields.get("game_type")))
        elif kind == "seek_paired":
            with self._lock:
                self.active.add(str(fields["game"]))
                self.open_seeks = [
                    None if seek == fields.get("seek") else seek for seek in self.open_seeks
                ]
            self._submit(self.keep_seeks_open)

    def _ended(self, game: str, *, finished: bool) -> None:
        with self._lock:
            self.active.discard(game)
            self._game_locks.pop(game, None)
            # A game over sends no more decisions: a long-running bot forgets its pairs.
            self.claimed = {pair for pair in self.claimed if pair[0] != game}
            self.chosen = {pair for pair in self.chosen if pair[0] != game}
        if finished:
            self.tally.finished += 1
            log.info("game %s finished (%s so far)", game, self.tally.finished)
        self._submit(self.keep_seeks_open)

    def _submit(self, work: Callable[..., None], *args: Any) -> None:
        if self._stopped.is_set():
            return
        with contextlib.suppress(RuntimeError):  # the pool has shut down: stopping
            self._pool.submit(self._logged, work, *args)

    @staticmethod
    def _logged(work: Callable[..., None], *args: Any) -> None:
        try:
            work(*args)
        except Exception:  # one game's failure must not stop the others
            log.exception("%s%r failed", work.__name__, args)

    # --- a decision ------------------------------------------------------------------------

    def decide(self, game: str, version: int, arrived: float) -> None:
        """Play the account's move in ``game``, whose stream said it must act at ``version``."""
        with self._lock:
            if (game, version) in self.claimed:
                return  # the same decision, seen again (a picture and a frame, a resumed stream)
            self.claimed.add((game, version))
            game_lock = self._game_locks.setdefault(game, threading.Lock())
        with game_lock:  # one decision of a game at a time
            for _ in range(READS_PER_DECISION):
                if self._stopped.is_set():
                    return
                turn = self.read_turn(game)
                if turn is None or (game, turn.version) in self.chosen:
                    return  # not to act, or acted there already: a newer frame will come
                status = self.play(turn, arrived)
                if status not in STALE:
                    return
                self.tally.stale += 1

    def read_turn(self, game: str) -> Turn | None:
        """The seat's view and legal moves at one version (None: nothing to play now)."""
        from foxden_client import models
        from foxden_client.api.play import get_legal_moves, get_state

        for _ in range(READS_PER_DECISION):
            if self._stopped.is_set():
                return None
            legal_answer = self._call(lambda: self._request(get_legal_moves, game))
            if legal_answer.status_code != 200:
                log.warning("game %s: legal-moves answered %s", game, legal_answer.status_code)
                return None
            listed = legal_answer.json()
            # The workers' legal commands (match.game_moves): the seat's own ``leave`` is
            # the player's, not a move of the game.
            playable = [n for n, move in enumerate(listed["moves"]) if move["type"] != "leave"]
            if not playable:
                return None
            state_answer = self._call(lambda: self._request(get_state, game))
            if state_answer.status_code != 200:
                return None
            state = state_answer.json()
            if state["version"] != listed["version"]:
                continue  # a move came between the two reads: read both again
            # The commands as the generated models: what post_command sends.
            typed = models.LegalMoves.from_dict(listed).moves
            return Turn(
                game=game,
                version=listed["version"],
                seat=listed["seat"],
                game_type=state["game"],
                # The workers' view: the game's view of the board for the seat.
                view=state["board"],
                legal=[listed["moves"][n] for n in playable],
                commands=[typed[n] for n in playable],
            )
        return None

    def play(self, turn: Turn, arrived: float) -> int:
        """Choose and send the move of ``turn``; the answer's status (0: no strategy)."""
        from foxden_client.api.play import post_command

        try:
            strategy = registry.get(turn.game_type).strategies[self.strategy]
        except (UnknownGame, KeyError):
            log.error("strategy %s does not play %s (%s)", self.strategy, turn.game_type, turn.game)
            return 0
        identity = f"{turn.game}:{turn.seat}:{turn.version}".encode()
        rng = random.Random(hmac.new(self._secret, identity, hashlib.sha256).digest())
        body = strategies.choose(self.strategy, strategy, turn.view, turn.legal, rng)
        with self._lock:
            if (turn.game, turn.version) in self.chosen:
                return 0
            self.chosen.add((turn.game, turn.version))
        command = turn.commands[turn.legal.index(body)]
        answer = self._call(
            lambda: self._request(
                post_command,
                turn.game,
                body=command,
                if_match=f'"{turn.version}"',
                # The same key for the same decision: a resent request is applied once.
                idempotency_key=f"foxden-bot-{turn.game}-{turn.version}",
            ),
            resend=True,
        )
        status = int(answer.status_code)
        if 200 <= status < 300:
            self.tally.moves += 1
            if self.on_move is not None:
                answered = time.perf_counter()
                self.on_move(
                    Move(
                        turn.game,
                        turn.version,
                        turn.seat,
                        turn.view,
                        turn.legal,
                        body,
                        status,
                        arrived,
                        answered,
                    )
                )
        elif status not in STALE:
            log.warning(
                "game %s: the move at %s was answered %s: %s",
                turn.game,
                turn.version,
                status,
                answer.text[:300],
            )
        return status

    def _request(self, operation: Any, *args: Any, **kwargs: Any) -> httpx.Response:
        """Send the request a generated operation builds (path, headers, the command model's
        body), and return the raw answer.

        Not the operation's ``sync_detailed``: that parses every answer into the models, and
        the strategy needs the JSON as the server sent it (plain dicts, as the workers pass),
        while a newer server's extra field must not stop a game. Only the legal moves are
        parsed, into the command models that are sent back.
        """
        return self._http().request(**operation._get_kwargs(*args, **kwargs))

    def _call(self, request: Callable[[], Any], *, resend: bool = False) -> Any:
        """``request()``, again after a network failure or a 5xx once the server is back;
        until :meth:`stop`. A command is only ever resent with its idempotency key."""
        import httpx

        for delay in self._delays():
            try:
                answer = request()
            except httpx.TransportError as error:
                log.info("request failed (%s); retrying in %.1f s", error, delay)
            else:
                if answer.status_code < 500 and answer.status_code != 429:
                    return answer
                log.info("answered %s; retrying in %.1f s", answer.status_code, delay)
            if resend:
                self.tally.resent += 1
            if self._stopped.wait(delay):
                break
        raise RuntimeError("stopped")

    def _delays(self) -> Iterator[float]:
        from foxden_client.streams import Backoff

        return (self.backoff or Backoff()).delays()

    # --- challenges and seeks --------------------------------------------------------------

    def plays(self, game_type: str) -> bool:
        try:
            return self.strategy in registry.get(game_type).strategies
        except UnknownGame:
            return False

    def room(self) -> bool:
        """Whether one more game fits under ``--max-games`` (active games and open seeks)."""
        if self.max_games is None:
            return True
        with self._lock:
            pending = sum(seek is not None for seek in self.open_seeks)
            return len(self.active) + pending < self.max_games

    def accept(self, challenge: str, game_type: str) -> None:
        from foxden_client.api.challenges import accept_challenge

        if not self.plays(game_type) or not self.room():
            log.info("challenge %s (%s) left unanswered", challenge, game_type)
            return
        answer = self._call(lambda: self._request(accept_challenge, challenge))
        if answer.status_code < 300:
            self.tally.accepted += 1
        else:
            log.info("challenge %s: accept answered %s", challenge, answer.status_code)

    def accept_open_challenges(self) -> None:
        """Accept the challenges to the account that are open: a picture carries none, so
        those made while the stream was away (or before it opened) are found here."""
        from foxden_client.api.challenges import my_challenges

        answer = self._call(lambda: self._request(my_challenges))
        if answer.status_code != 200:
            return
        for challenge in answer.json()["incoming"]:
            self.accept(challenge["id"], challenge["game_type"])

    def keep_seeks_open(self) -> None:
        """Post a seek for each ``--seek`` that has none open, while there is room."""
        from foxden_client import models
        from foxden_client.api.challenges import create_seek

        if not self.seeks:
            return
        if not self._seeks_known:
            self._adopt_seeks()
        for n, spec in enumerate(self.seeks):
            if self.open_seeks[n] is not None or not self.room():
                continue
            body = models.NewSeek.from_dict(spec.body())
            answer = self._call(functools.partial(self._request, create_seek, body=body))
            if answer.status_code == 201:
                with self._lock:
                    self.open_seeks[n] = answer.json()["id"]
                self.tally.seeks_posted += 1
            else:
                log.warning(
                    "seek %s:%s answered %s: %s",
                    spec.game,
                    spec.players,
                    answer.status_code,
                    answer.text[:300],
                )

    def _adopt_seeks(self) -> None:
        """Count the seeks the account already has waiting (a runner restarted) as ours."""
        from foxden_client.api.challenges import my_seeks

        answer = self._call(lambda: self._request(my_seeks))
        if answer.status_code != 200:
            return
        waiting = [seek for seek in answer.json()["seeks"] if seek.get("status") == "waiting"]
        with self._lock:
            for n, spec in enumerate(self.seeks):
                for seek in waiting:
                    if (seek.get("game_type"), seek.get("players")) == (spec.game, spec.players):
                        self.open_seeks[n] = seek["id"]
                        waiting.remove(seek)
                        break
            self._seeks_known = True

    def _http(self) -> httpx.Client:
        return self.client.get_httpx_client()


def _fields(frame: Any) -> dict[str, Any]:
    """A frame as a dict: a generated model's ``to_dict``, or an unknown frame's data."""
    data = getattr(frame, "data", None)
    if isinstance(data, dict):
        return data
    return dict(frame.to_dict())


def _limits(concurrency: int) -> Any:
    import httpx

    # One connection per decision thread, plus the stream and the seeks.
    return httpx.Limits(max_connections=concurrency + 4, max_keepalive_connections=concurrency + 4)


# --- the command line ----------------------------------------------------------------------


def add_command(commands: Subcommands) -> None:
    bot = commands.add_parser(
        "bot",
        help="play an account's games on any Foxden with a strategy (docs/bots.md)",
        description="Holds the account's stream open on --url and plays every game the account"
        " is seated in with --strategy (a built-in or a foxden.strategies plug-in), through"
        " the public API only; reconnects and resumes after drops and restarts.",
    )
    bot.add_argument("--url", required=True, help="the Foxden's base URL (http://host:8000)")
    bot.add_argument(
        "--key",
        default=os.environ.get("FOXDEN_KEY"),
        help="the account's API key, scopes read and play (default: FOXDEN_KEY)",
    )
    bot.add_argument("--strategy", required=True, help="greedy, ismcts, random, or a plug-in's")
    bot.add_argument(
        "--accept-challenges", action="store_true", help="accept challenges to games it plays"
    )
    bot.add_argument(
        "--seek",
        action="append",
        type=SeekSpec.parse,
        default=[],
        metavar="GAME:PLAYERS[:BOTS_AFTER_S]",
        help="keep a seek open for such a table (repeatable); with BOTS_AFTER_S, built-in bots"
        " fill the seats nobody took after that many seconds",
    )
    bot.add_argument("--max-games", type=int, help="at most this many games (and open seeks)")
    bot.add_argument(
        "--concurrency", type=int, default=8, help="decisions at once (default %(default)s)"
    )
    bot.set_defaults(run=run_command)


def run_command(args: argparse.Namespace, settings: Settings) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("httpx").setLevel(logging.WARNING)  # not a line per request
    if not args.key:
        print("foxden bot: give the account's key with --key or FOXDEN_KEY", file=sys.stderr)
        return 2
    try:
        import foxden_client  # noqa: F401
    except ImportError:
        print("foxden bot: the client is missing: pip install ./foxden/client", file=sys.stderr)
        return 2
    strategies.set_move_budget_ms(settings.bot_move_ms)  # FOXDEN_BOT_MOVE_MS, as the workers
    runner = RemoteBot(
        args.url,
        args.key,
        args.strategy,
        accept_challenges=args.accept_challenges,
        seeks=tuple(args.seek),
        max_games=args.max_games,
        concurrency=args.concurrency,
    )
    if not any(runner.plays(game.id) for game in registry.all_games()):
        print(f"foxden bot: no game has a strategy {args.strategy!r}", file=sys.stderr)
        return 2
    try:
        runner.run()
    except KeyboardInterrupt:
        runner.stop()
    return 0
