"""``foxden demo``: watch an all-bot game of any game, move by move, in the terminal.

The demo is an ordinary HTTP client of a running service (standard library only): it reads the
catalogue, creates a game whose seats are all bots, follows the game's Server-Sent Events
stream and prints one line per event, then the result table. It needs the API *and* a worker
(``make run`` / ``foxden up`` start both): the worker moves the bots. A game that does not move
for ``stall_s`` seconds ends the demo with a hint instead of waiting forever.

The server plays at full speed (``bot_delay_ms`` 0); ``delay`` paces the *display*: the demo
waits that long before each move (an event that carries the command that caused it), and
prints the move's consequences at once.
"""

from __future__ import annotations

import http.client
import itertools
import json
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, TextIO

from domain import narration, registry

DEFAULT_URL = "http://127.0.0.1:8000"
HTTP_TIMEOUT_S = 10.0
# A stream sends a keepalive every couple of seconds, so a read that waits this long means
# the connection is dead (it is then resumed with Last-Event-ID).
STREAM_TIMEOUT_S = 15.0
SPINNER = "|/-\\"
# How a stream that broke off shows itself; the demo resumes it with Last-Event-ID.
DROPPED = (TimeoutError, ConnectionError, http.client.HTTPException, urllib.error.URLError)


class DemoError(Exception):
    """Something the person running the demo can fix; the message says what."""


# --- HTTP ------------------------------------------------------------------------------------


class Client:
    """A tiny JSON client on ``base_url`` (urllib; no dependency); ``found`` says where that
    address came from, for the message when nothing answers there."""

    def __init__(self, base_url: str, found: str | None = None) -> None:
        self.base_url = base_url.rstrip("/")
        self.found = found

    def url(self, path: str) -> str:
        return self.base_url + path

    def request(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url(path), data=data, method=method)
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=HTTP_TIMEOUT_S) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as error:
            raise DemoError(f"{method} {path} answered {error.code}: {_problem(error)}") from None
        except (urllib.error.URLError, OSError) as error:
            where = f"{self.base_url} ({self.found})" if self.found else self.base_url
            raise DemoError(
                f"cannot reach Foxden at {where}: {_reason(error)}; "
                "start it with `make run` or `foxden up`, or pass --url"
            ) from None

    def stream(self, path: str, last_event_id: int) -> Any:
        request = urllib.request.Request(self.url(path))
        request.add_header("Accept", "text/event-stream")
        request.add_header("Last-Event-ID", str(last_event_id))
        try:
            return urllib.request.urlopen(request, timeout=STREAM_TIMEOUT_S)
        except urllib.error.HTTPError as error:
            raise DemoError(f"GET {path} answered {error.code}: {_problem(error)}") from None


def _problem(error: urllib.error.HTTPError) -> str:
    try:
        body = json.loads(error.read())
        return f"{body.get('code')}: {body.get('detail')}"
    except (ValueError, OSError):
        return str(error.reason)


def _reason(error: BaseException) -> str:
    return str(getattr(error, "reason", None) or error)


def sse_events(lines: Iterator[bytes]) -> Iterator[tuple[str | None, str]]:
    """``(event name, data)`` of each event in a ``text/event-stream``; comments skipped."""
    name: str | None = None
    data: list[str] = []
    for raw in lines:
        line = raw.decode("utf-8").rstrip("\r\n")
        if not line:
            if data:
                yield name, "\n".join(data)
            name, data = None, []
        elif line.startswith(":"):
            yield None, ""  # a keepalive: lets the caller look at the clock
        else:
            key, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if key == "event":
                name = value
            elif key == "data":
                data.append(value)


# Nothing follows these (a client of the API: it names them rather than import the domain).
LAST_EVENTS = frozenset({"GameEnded", "TableCancelled", "TableExpired"})


def follow(
    client: Client, game_id: str, *, after: int = 0, stall_s: float = 30.0
) -> Iterator[dict[str, Any]]:
    """Every event of the game after ``after``, live, until the last (``GameEnded``, or a
    table's cancel or expiry).

    A dropped connection is resumed with ``Last-Event-ID``; ``stall_s`` seconds without a new
    event raise ``DemoError``.
    """
    last_seen = time.monotonic()
    while True:
        try:
            with client.stream(f"/v1/games/{game_id}/events/stream", after) as response:
                for _name, data in sse_events(iter(response.readline, b"")):
                    if data:
                        event = json.loads(data)
                        after = event["version"]
                        last_seen = time.monotonic()
                        yield event
                        if event["type"] in LAST_EVENTS:
                            return
                    elif time.monotonic() - last_seen > stall_s:
                        raise DemoError(stalled(client, game_id, stall_s))
        except DROPPED as error:
            if time.monotonic() - last_seen > stall_s:
                raise DemoError(f"lost the event stream ({_reason(error)})") from None
            time.sleep(0.5)  # resume after the last event seen


def stalled(client: Client, game_id: str, stall_s: float) -> str:
    """Why the demo gives up on a game that stopped moving, with what the service says."""
    where = ""
    try:
        summary = client.request("GET", f"/v1/games/{game_id}")
        where = f" (version {summary['version']}, to act: {summary['to_act']})"
    except DemoError:
        pass
    return (
        f"game {game_id} has not moved for {stall_s:g} s{where}. Is a worker running? "
        "(`foxden worker`; `foxden up` starts one)"
    )


# --- one line per event ---------------------------------------------------------------------


def describe(game: str, event: Mapping[str, Any]) -> str:
    """One readable line for an event (as a spectator sees it: hidden parts are absent), in
    the words the game's own declaration gives (``GameDefinition.narrate``)."""
    try:
        narrate = registry.get(game).narrate
    except registry.UnknownGame:
        narrate = narration.untold
    return narration.describe(narrate, event)


# --- progress ---------------------------------------------------------------------------------


@dataclass
class Progress:
    """What the status line says: the version, and a game-specific measure of the way to go."""

    game: str
    version: int = 0
    moves: int = 0
    facts: dict[str, int] = field(default_factory=dict)

    def see(self, event: Mapping[str, Any]) -> None:
        kind, data = event["type"], event.get("data") or {}
        self.version = event["version"]
        if event.get("cause") is not None and event["by"].get("seat") is not None:
            self.moves += 1
        f = self.facts
        if kind == "GameCreated":
            f["players"] = data.get("players", 0)
            f["scorings"] = (data.get("options") or {}).get("final_scoring_at", 10)
        elif kind == "Dealt":
            f["supply"], f["round"] = data.get("supply_size", 0), 1
        elif kind == "FoodDrawn":
            f["supply"] = max(0, f.get("supply", 0) - 1)
        elif kind == "RoundStarted":
            f["round"] = data["round"]
        elif kind == "TableSetUp":
            f["turn"], f["max_turns"] = 0, data["max_turns_per_player"] * data["players"]
        elif kind in ("CardLaid", "FoxCaptured", "HenExposed", "RevealResolved"):
            if self.game == "sly":
                f["turn"] = f.get("turn", 0) + 1
        elif kind == "ScoringCardSetAside":
            f["seen"] = data["count"]

    def text(self) -> str:
        f, parts = (
            self.facts,
            [f"v{self.version}", f"{self.moves} move{'' if self.moves == 1 else 's'}"],
        )
        if self.game == "fette-beute" and "supply" in f:
            parts += [f"round {f['round']}", f"supply {f['supply']}"]
        elif self.game == "sly" and "turn" in f:
            parts.append(f"turn {f['turn']} (cap {f['max_turns']})")
        elif self.game == "gloria-picktoria" and "scorings" in f:
            parts.append(f"scoring cards {f.get('seen', 0)}/{f['scorings']}")
        return "  ".join(parts)


class Screen:
    """Lines on ``out``; on a terminal, also a spinner status line kept below them."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.live = bool(getattr(out, "isatty", lambda: False)())
        self._spin = itertools.cycle(SPINNER)
        self._status = ""

    def line(self, text: str = "") -> None:
        if self.live and self._status:
            self.out.write("\r\033[K")
        self.out.write(text + "\n")
        if self.live and self._status:
            self.out.write(self._status)
        self.out.flush()

    def status(self, text: str) -> None:
        if not self.live:
            return
        self._status = f"  {next(self._spin)} {text}"
        self.out.write("\r\033[K" + self._status)
        self.out.flush()

    def clear(self) -> None:
        if self.live and self._status:
            self.out.write("\r\033[K")
            self.out.flush()
        self._status = ""


# --- the demo ---------------------------------------------------------------------------------


def result_table(summary: Mapping[str, Any]) -> list[str]:
    """The result as a table: seat, name, score, winner."""
    result = summary.get("result") or {}
    scores, winners = result.get("scores") or [], set(result.get("winners") or [])
    reason = result.get("reason") or result.get("end_reason")
    lines = [f"Result{f' ({reason})' if reason else ''}:", "  seat  name          score  winner"]
    for seat in summary.get("seats", []):
        n = seat["seat"]
        score = scores[n] if n < len(scores) else "-"
        mark = "yes" if n in winners else ""
        lines.append(f"  {n:>4}  {seat.get('name') or '':<12}  {score!s:>5}  {mark}".rstrip())
    return lines


def choose_setup(
    catalog: Mapping[str, Any], game: str, players: int | None, strategy: str
) -> tuple[dict[str, Any], list[dict[str, str]]]:
    """The catalogue entry and the seats; a clear ``DemoError`` for a bad choice."""
    games = {entry["id"]: entry for entry in catalog.get("games", [])}
    if game not in games:
        raise DemoError(f"no game {game!r}; choose one of: {', '.join(sorted(games))}")
    entry = games[game]
    low, high = entry["min_players"], entry["max_players"]
    count = players if players is not None else max(low, min(3, high))
    if not low <= count <= high:
        raise DemoError(f"{entry['name']} takes {low} to {high} players, not {count}")
    names = [name.strip() for name in strategy.split(",") if name.strip()]
    unknown = sorted(set(names) - set(entry["strategies"])) or ([] if names else ["(none)"])
    if unknown:
        raise DemoError(
            f"no strategy {unknown[0]!r} for {game}; choose from: {', '.join(entry['strategies'])}"
        )
    seats = [{"kind": "bot", "strategy": names[n % len(names)]} for n in range(count)]
    return entry, seats


def run(
    base_url: str,
    game: str,
    players: int | None,
    strategy: str,
    delay: float,
    *,
    out: TextIO,
    stall_s: float = 30.0,
    found: str | None = None,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
) -> dict[str, Any]:
    """Create the game, show it, and return its final summary (raises ``DemoError``).

    ``found`` says how ``base_url`` was chosen (shown if nothing answers there); ``clock`` and
    ``sleep`` pace the display.
    """
    client = Client(base_url, found)
    entry, seats = choose_setup(client.request("GET", "/v1/catalog"), game, players, strategy)
    created = client.request(
        "POST", "/v1/games", {"game": game, "seats": seats, "options": {"bot_delay_ms": 0}}
    )
    game_id = created["id"]
    screen = Screen(out)
    kinds = ", ".join(sorted({seat["strategy"] for seat in seats}))
    screen.line(f"{entry['name']}: {len(seats)} bots ({kinds}) on {client.base_url}")
    screen.line(f"game {game_id}: {client.url('/v1/games/' + game_id)}")
    screen.line(f"watch it in a browser: {client.url('/games/' + game_id)}")
    screen.line()
    progress = Progress(game)
    try:
        for event in follow(client, game_id, stall_s=stall_s):
            progress.see(event)
            if delay > 0 and event.get("cause") is not None and event["by"].get("seat") is not None:
                _pause(screen, progress, delay, clock, sleep)
            marker = "*" if event.get("cause") is not None else " "
            screen.line(f"{event['version']:>5} {marker} {describe(game, event)}")
            screen.status(progress.text())
    finally:
        screen.clear()
    summary = client.request("GET", f"/v1/games/{game_id}")
    screen.line()
    for line in result_table(summary):
        screen.line(line)
    screen.line()
    screen.line(f"{progress.moves} moves, {summary['version']} events. Replay it with:")
    screen.line(f"  curl {client.url(f'/v1/games/{game_id}/events')}")
    return summary


def _pause(
    screen: Screen,
    progress: Progress,
    delay: float,
    clock: Callable[[], float],
    sleep: Callable[[float], None],
) -> None:
    """Wait ``delay`` seconds, turning the spinner meanwhile."""
    end = clock() + delay
    while (left := end - clock()) > 0:
        screen.status(progress.text())
        sleep(min(0.1, left))


def demo(
    base_url: str = DEFAULT_URL,
    game: str = "fette-beute",
    players: int | None = None,
    strategy: str = "greedy",
    delay: float = 0.3,
    *,
    out: TextIO | None = None,
    stall_s: float = 30.0,
    found: str | None = None,
) -> int:
    """Create an all-bot game on the service at ``base_url`` and show it; the exit status.

    ``strategy`` is a bot strategy of the game, or several separated by commas, dealt to the
    seats in turn (``greedy,random``); ``players`` defaults to 3 (or the game's minimum);
    ``delay`` is the pause in seconds before each move is shown; ``found`` says how
    ``base_url`` was chosen (``foxden demo`` finds the running service as ``replay`` does).
    """
    out = out or sys.stdout
    try:
        run(base_url, game, players, strategy, delay, out=out, stall_s=stall_s, found=found)
    except DemoError as error:
        print(f"foxden demo: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\nstopped (the game goes on without you)", file=sys.stderr)
        return 130
    return 0
