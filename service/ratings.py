"""Ratings that last (issue 43): every finished game between accounts rates its accounts.

A game is rated when it finished (not cancelled or expired) and at least two of its seats are
held by accounts (``policies.rateable``). Only those seats are rated: a bot seat without an
account, or a seat held by a bearer token, takes part in the game but not in the model; the
accounts are ranked among themselves by their places in the whole game (``ranks``: winners
first, then by score, equal keys sharing a place). A seat its account left (or lost to the idle
limit) still counts: the account played it, and a bot finished it for them.

The model is openskill's Plackett-Luce, with its defaults (mu 25, sigma 25/3), the one the
tournaments use (``foxden/tools/tournament.py`` rates with ``update`` and ``ranks`` from here).
A rating belongs to an account in one game *and player count* (``sly:3``): a three-player SLY
is another game than a duel. The displayed rating is the conservative ``ordinal``,
mu - 3 sigma (0 for a new account).

Exactly once per game: the worker job (``workers.jobs.rate_game``) reads the accounts' ratings,
computes the new ones and writes them with one Lua script that first looks the game up in the
set of rated games; if it is there (a retried or doubled job), nothing is written. The script
also checks that every rating it replaces is still the one the job read (another game of the
same account may have been rated meanwhile); if not, the job reads again and recomputes, so
no update is lost. Ratings therefore apply in the order the jobs run, which is the order the
games ended except when two games of one account end within moments of each other (or a lost
job is repaired later by the sweeper). ``rebuild`` wipes them and replays every finished game
between accounts in the order they ended (the time of the last event, then the game id):
the ratings are derived data, a projection of the finished games.

Redis keys, all with the hash tag ``{rt}`` (one slot: the script touches several):

* ``fd:{rt}:rated`` set: the ids of the rated games;
* ``fd:{rt}:of:<account>`` hash: rating key (``<game>:<players>``) → ``{mu, sigma, games}``;
* ``fd:{rt}:board:<game>:<players>`` sorted set: account → ordinal (the leaderboard);
* ``fd:{rt}:board:<game>`` sorted set: ``<players>:<account>`` → ordinal (every player count);
* ``fd:{rt}:history:<account>:<game>:<players>`` sorted set: the account's rating after each
  game of that rating, the point's JSON (``game_id``, ``at``: when the game ended, ``mu``,
  ``sigma``, ``ordinal``, ``games``) scored by ``games`` (1 for its first rated game, and so
  on: the order the ratings applied in). Written by the same script as the rating, so a point
  is added exactly once per rated game; only the last ``HISTORY_CAP`` points are kept.

A leaderboard is read best first; ties are broken by member, and a cursor names the last
(ordinal, member) of its page, so pages neither skip nor repeat an entry that does not move.
"""

from __future__ import annotations

import base64
import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import orjson
from openskill.models import PlackettLuce

from domain import registry
from domain.match import MatchState
from domain.registry import UnknownGame
from events.redis_client import Client, reply_text
from service.errors import RatingGameNotFound
from service.policies import rateable, rated_seats

if TYPE_CHECKING:
    from service.games import GameService

log = logging.getLogger(__name__)

MODEL = PlackettLuce()
MU, SIGMA = MODEL.mu, MODEL.sigma
# How often a job reads again when another game's rating of one of its accounts came between
# its read and its write.
CONFLICT_TRIES = 20
# Points of history kept per account and rating (the oldest go first): a plot of the last
# thousand games, and a bounded key (about 200 bytes a point).
HISTORY_CAP = 1000
RATED = "fd:{rt}:rated"
PATTERN = "fd:{rt}:*"


class RatingConflict(Exception):
    """Other games' ratings kept coming between a job's read and its write (RQ retries it)."""


def _of(account: str) -> str:
    return f"fd:{{rt}}:of:{account}"


def _board(game: str, players: int | None = None) -> str:
    return f"fd:{{rt}}:board:{game}" + (f":{players}" if players is not None else "")


def _history(account: str, game: str, players: int) -> str:
    return f"fd:{{rt}}:history:{account}:{game}:{players}"


def rating_key(game: str, players: int) -> str:
    """The name of a rating: one per game and player count, ``sly:3``."""
    return f"{game}:{players}"


def ordinal(mu: float, sigma: float) -> float:
    """The displayed rating: mu - 3 sigma (what openskill's ``ordinal`` gives)."""
    return mu - 3 * sigma


def ranks(result: Mapping[str, Any], players: int) -> list[int]:
    """Each seat's place: 1 for the winners, then by score (equal keys share a place)."""
    winners = set(result["winners"])
    scores = result.get("scores") or [0] * players
    keys = [(seat in winners, scores[seat]) for seat in range(players)]
    return [1 + sum(other > key for other in keys) for key in keys]


def update(
    before: Sequence[tuple[float, float]], places: Sequence[int]
) -> list[tuple[float, float]]:
    """The ``(mu, sigma)`` of each player after one game, from their ratings ``before`` and
    their ``places`` (1 is best; equal places tie): openskill's Plackett-Luce, one player a
    team. Pure: the same input gives the same floats, which ``rebuild`` relies on."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    rated = MODEL.rate(teams, ranks=list(places))
    return [(team[0].mu, team[0].sigma) for team in rated]


@dataclass(frozen=True)
class Rating:
    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)

    def shown(self) -> dict[str, Any]:
        return {"mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal, "games": self.games}


@dataclass(frozen=True)
class Point:
    """An account's rating right after one rated game: the game, when it ended, and the
    rating it left (``games``: how many rated games of this rating so far, this one included)."""

    game_id: str
    at: str
    mu: float
    sigma: float
    ordinal: float
    games: int

    def shown(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "at": self.at,
            "mu": self.mu,
            "sigma": self.sigma,
            "ordinal": self.ordinal,
            "games": self.games,
        }


def _rating(raw: Any) -> Rating:
    data = orjson.loads(raw)
    return Rating(data["mu"], data["sigma"], data["games"])


# KEYS: rated set, the board of the key, the game's board, then one hash per account, then one
# history per account (in the same order). ARGV: game id, rating key, players, the history's
# cap, then per account: id, the JSON read ("" for none), the new JSON, the new ordinal, the
# new number of games (the history point's score), the point's JSON.
# 0: rated already; -1: a rating changed since it was read; 1: done.
APPLY = """
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return 0 end
local n = (#KEYS - 3) / 2
local cap = tonumber(ARGV[4])
for i = 1, n do
  local current = redis.call('HGET', KEYS[3 + i], ARGV[2])
  if (current or '') ~= ARGV[4 + (i - 1) * 6 + 2] then return -1 end
end
for i = 1, n do
  local at = 4 + (i - 1) * 6
  redis.call('HSET', KEYS[3 + i], ARGV[2], ARGV[at + 3])
  redis.call('ZADD', KEYS[2], ARGV[at + 4], ARGV[at + 1])
  redis.call('ZADD', KEYS[3], ARGV[at + 4], ARGV[3] .. ':' .. ARGV[at + 1])
  redis.call('ZADD', KEYS[3 + n + i], ARGV[at + 5], ARGV[at + 6])
  redis.call('ZREMRANGEBYRANK', KEYS[3 + n + i], 0, -(cap + 1))
end
redis.call('SADD', KEYS[1], ARGV[1])
return 1
"""


def encode_cursor(score: float, member: str) -> str:
    return base64.urlsafe_b64encode(f"{score!r}|{member}".encode()).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[float, str]:
    """The (ordinal, member) a cursor stands for; ``ValueError`` for one we did not issue."""
    padded = cursor + "=" * (-len(cursor) % 4)
    score, member = base64.urlsafe_b64decode(padded.encode()).decode().split("|", 1)
    if not member:
        raise ValueError("not a cursor of ours")
    return float(score), member


class Ratings:
    """The accounts' ratings in Redis."""

    def __init__(self, client: Client) -> None:
        self.redis = client
        self._apply = client.register_script(APPLY)

    def is_rated(self, game_id: str) -> bool:
        return bool(self.redis.sismember(RATED, game_id))

    def of(self, account: str) -> dict[str, Rating]:
        """Every rating of ``account``, by rating key."""
        found = self.redis.hgetall(_of(account))
        return {reply_text(key): _rating(raw) for key, raw in found.items()}

    def history(self, account: str, game: str, players: int) -> list[Point]:
        """The points of ``account``'s rating in ``game`` with ``players`` (the last
        ``HISTORY_CAP``), oldest first; none for a rating it does not have."""
        found = self.redis.zrange(_history(account, game, players), 0, -1)
        return [Point(**orjson.loads(raw)) for raw in cast("list[Any]", found)]

    def apply(self, game_id: str, state: MatchState, ended_at: str) -> bool:
        """Rate a finished game between accounts that ended at ``ended_at`` (its last event's
        time); True when this call did, False when it was rated already (or is not to be
        rated). Raises ``RatingConflict`` when other games kept coming between the read and
        the write ``CONFLICT_TRIES`` times."""
        if not rateable(state) or state.result is None:
            return False
        seats = rated_seats(state)
        game = state.game or ""
        key = rating_key(game, state.players)
        everyone = ranks(state.result, state.players)
        places = [everyone[seat] for seat, _ in seats]
        accounts = [account for _, account in seats]
        keys = [RATED, _board(game, state.players), _board(game)]
        keys += [_of(account) for account in accounts]
        keys += [_history(account, game, state.players) for account in accounts]
        for _ in range(CONFLICT_TRIES):
            pipe = self.redis.pipeline(transaction=False)
            for account in accounts:
                pipe.hget(_of(account), key)
            read = pipe.execute()
            before = [_rating(raw) if raw is not None else Rating() for raw in read]
            after = update([(r.mu, r.sigma) for r in before], places)
            args: list[Any] = [game_id, key, state.players, HISTORY_CAP]
            for account, raw, old, (mu, sigma) in zip(accounts, read, before, after, strict=True):
                new = Rating(mu, sigma, old.games + 1)
                record = {"mu": mu, "sigma": sigma, "games": new.games}
                args += [account, reply_text(raw) if raw is not None else "", orjson.dumps(record)]
                point = Point(game_id, ended_at, mu, sigma, new.ordinal, new.games)
                args += [repr(new.ordinal), new.games, orjson.dumps(point.shown())]
            done = int(self._apply(keys=keys, args=args))
            if done >= 0:
                return done == 1
        raise RatingConflict(f"game {game_id}: ratings kept changing under the job")

    def wipe(self) -> int:
        """Delete every rating, history and the set of rated games; how many keys were."""
        stale = [*self.redis.scan_iter(match=PATTERN, count=500)]
        for start in range(0, len(stale), 500):
            self.redis.delete(*stale[start : start + 500])
        return len(stale)

    def board(
        self, game: str, players: int | None, cursor: str | None, limit: int
    ) -> tuple[list[tuple[str, int, Rating]], str | None]:
        """A page of the leaderboard of ``game`` (of one player count, or of all), best first:
        ``(account, players, rating)``, and the cursor of the next page (None at the end)."""
        key = _board(game, players)
        after = decode_cursor(cursor) if cursor else None
        found: list[tuple[Any, Any]]
        if after is None:
            found = cast(
                "list[tuple[Any, Any]]",
                self.redis.zrevrangebyscore(
                    key, "+inf", "-inf", start=0, num=limit + 1, withscores=True
                ),
            )
        else:
            # Ties at the cursor's ordinal (members below the cursor's), then everything below.
            ties = cast(
                "list[tuple[Any, Any]]",
                self.redis.zrevrangebyscore(key, after[0], after[0], withscores=True),
            )
            below = cast(
                "list[tuple[Any, Any]]",
                self.redis.zrevrangebyscore(
                    key, f"({after[0]!r}", "-inf", start=0, num=limit + 1, withscores=True
                ),
            )
            found = [(m, s) for m, s in ties if reply_text(m) < after[1]] + below
        page = [(reply_text(member), float(score)) for member, score in found[: limit + 1]]
        more = len(page) > limit
        page = page[:limit]
        owners: list[tuple[str, int]] = []
        for member, _ in page:
            if players is None:
                number, account = member.split(":", 1)
                owners.append((account, int(number)))
            else:
                owners.append((member, players))
        pipe = self.redis.pipeline(transaction=False)
        for account, count in owners:
            pipe.hget(_of(account), rating_key(game, count))
        entries = [
            (account, count, _rating(raw))
            for (account, count), raw in zip(owners, pipe.execute(), strict=True)
            if raw is not None
        ]
        next_cursor = encode_cursor(page[-1][1], page[-1][0]) if more and page else None
        return entries, next_cursor


def known_game(game: str) -> None:
    """Raise ``RatingGameNotFound`` unless ``game`` is in the catalogue."""
    try:
        registry.get(game)
    except UnknownGame:
        raise RatingGameNotFound(f"no game is called {game!r}") from None


def player_counts(game: str) -> range:
    definition = registry.get(game)
    return range(definition.min_players, definition.max_players + 1)


def ended_at(games: GameService, game_id: str, version: int) -> str:
    """When the game ended: the time of its last event (``version``), which the job and
    ``rebuild`` both give the history, so that a rebuilt history equals the one the jobs wrote."""
    return games.store.read(game_id, after=version - 1)[-1].at


def rate_game(games: GameService, game_id: str) -> bool:
    """The rating job's work: rate the game unless it was rated already (a retried or doubled
    job), then take it off the index's list of games to rate. True when this call rated it."""
    ratings = games.ratings
    if ratings.is_rated(game_id):  # no load: a repair sweep finds most of them done
        games.index.rated(game_id)
        return False
    loaded = games.load(game_id)
    done = False
    if rateable(loaded.state):  # (a stray job for a game not to be rated reads no event)
        done = ratings.apply(game_id, loaded.state, ended_at(games, game_id, loaded.version))
    games.index.rated(game_id)
    return done


def finished_between_accounts(games: GameService) -> Iterable[tuple[str, str, MatchState]]:
    """``(ended at, game id, state)`` of every finished game between accounts in the store (in
    Redis or archived), in no particular order. An archived game the archive cannot give back
    now is left out and logged."""
    from service.archiver import ARCHIVE_FAILURES

    for game_id in games.store.game_ids():
        try:
            first = games.store.read(game_id, until=1)
            if not first or first[0].type != "GameCreated":
                continue  # a stream under our key pattern that is not a game
            loaded = games.load(game_id)
            if not rateable(loaded.state):
                continue
            yield ended_at(games, game_id, loaded.version), game_id, loaded.state
        except ARCHIVE_FAILURES as error:
            log.error("ratings rebuild: game %s left out: %s", game_id, error)


def rebuild(games: GameService, progress: Callable[[int], None] = lambda done: None) -> int:
    """Wipe the ratings (and their histories) and replay every finished game between accounts
    in the order they ended (the time of the last event, then the id); how many games were
    rated. The histories come out as the jobs wrote them when the jobs ran in that order.
    Workers may keep running: a game that finishes meanwhile is rated once (by its job or
    here), but in the order its job ran; run it again after a quiet moment for the exact end
    order."""
    found = sorted(finished_between_accounts(games), key=lambda item: (item[0], item[1]))
    games.ratings.wipe()
    rated = 0
    for at, game_id, state in found:
        rated += games.ratings.apply(game_id, state, at)
        games.index.rated(game_id)
        progress(rated)
    return rated
