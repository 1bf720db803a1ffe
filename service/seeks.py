"""Seeks: "a SLY game for 3, with anyone". Seeks wait in a pool that a worker pairs into tables.

A seek names a game, a player count and options; seeks that name the same (the options
canonical: every default filled in) wait in one **pool**. The pairing job
(``workers.jobs.pair_seeks``, queued when a seek arrives, and for every pool that still holds
seeks by each sweep) takes the pool's seeks first come, first served: the oldest seek, then the
next oldest of other accounts, until the table is full. A seek with ``bots_after_s`` whose wait
for people is over leads a table of the seeks that accept bots (the oldest first) with built-in
bots (``bot_strategy``) in the empty seats. An account may hold several seeks at once (a bot
plays many games), but a table never seats one account twice.

Nothing is lost or paired twice, whatever dies when: a pass **claims** the seeks of a table in
one Lua script (each must still wait; they leave the queue, become ``paired`` with the table's
id, and the claim is recorded), and only then creates the table, under an id derived from the
claimed seeks, with a creation that may run again (``GameService.create_seated``). A worker
killed between the claim and the creation leaves the claim behind; the next pass (the sweeper
queues one for every pool with seeks or claims) finishes it first. Two passes at once cannot
claim one seek twice: the script refuses a claim of a seek that no longer waits.

Redis keys (one pool's keys share the hash tag ``{pool:<pool id>}``: the scripts touch one
Redis Cluster slot):

* ``fd:{pool:<p>}:spec``: the pool's game, player count and canonical options (JSON);
* ``fd:{pool:<p>}:queue`` sorted set: the waiting seeks, scored by arrival (``:seq``, a
  counter of the pool: arrival order exactly, whatever the clocks);
* ``fd:{pool:<p>}:seek:<id>`` hash: ``doc`` (the seek's JSON), ``status`` (``waiting``,
  ``paired``, ``canceled``), ``game`` (once paired);
* ``fd:{pool:<p>}:claims`` hash: game id -> the claim (the seeks, accounts, bots and options
  of a table being created); deleted once the table exists, by the pass that then tells
  the seekers (``seek_paired``);
* ``fd:seek-pools`` set: the pools that may hold seeks (for the sweeper); a pool found empty
  leaves it;
* ``fd:{acct:<id>}:seeks`` sorted set: the account's seeks (closed ones leave it when read).

A seek's id is its pool's id (16 hex digits) followed by 16 random hex digits, so finding a seek
is one read in its pool's slot. Time is the service's clock (``GameService.clock``), so tests
move it by setting the clock.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import orjson

from domain import match, registry
from events.redis_client import reply_text
from service import policies
from service.accounts import Account, account_key
from service.challenges import check_setup
from service.errors import SeekClosed, SeekNotFound
from service.games import GameService
from service.ports import utc_after

log = logging.getLogger(__name__)

WAITING, PAIRED, CANCELED = "waiting", "paired", "canceled"
DEFAULT_BOT_STRATEGY = "greedy"
MIN_BOTS_AFTER_S, MAX_BOTS_AFTER_S = 5, 3600
POOLS_KEY = "fd:seek-pools"
# Claims a pass may find refused in a row (another pass took a seek meanwhile) before it leaves
# the pool to the next pass: each refusal means some other pass made progress.
CLAIM_RETRIES = 20

CREATE_LUA = """
local n = redis.call('INCR', KEYS[3])
redis.call('HSET', KEYS[1], 'doc', ARGV[2], 'status', 'waiting')
redis.call('ZADD', KEYS[2], n, ARGV[1])
redis.call('SET', KEYS[4], ARGV[3])
return n
"""
# KEYS[1] the seek, KEYS[2] the queue; ARGV[1] the seek's id.
CANCEL_LUA = """
local status = redis.call('HGET', KEYS[1], 'status')
if not status then return '' end
if status ~= 'waiting' then return status end
redis.call('HSET', KEYS[1], 'status', 'canceled')
redis.call('ZREM', KEYS[2], ARGV[1])
return 'canceled_now'
"""
# KEYS[1] the queue, KEYS[2] the claims, KEYS[3..] the seeks; ARGV[1] the game id, ARGV[2] the
# claim, ARGV[3..] the seeks' ids (in the order of their keys). All or nothing: 1 when claimed.
CLAIM_LUA = """
for i = 3, #KEYS do
  if redis.call('HGET', KEYS[i], 'status') ~= 'waiting' then return 0 end
  if not redis.call('ZSCORE', KEYS[1], ARGV[i]) then return 0 end
end
for i = 3, #KEYS do
  redis.call('HSET', KEYS[i], 'status', 'paired', 'game', ARGV[1])
  redis.call('ZREM', KEYS[1], ARGV[i])
end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
return 1
"""


def _pool_key(pool: str, *parts: str) -> str:
    return ":".join((f"fd:{{pool:{pool}}}", *parts))


def seek_key(seek_id: str) -> str:
    return _pool_key(seek_id[:16], "seek", seek_id)


def queue_key(pool: str) -> str:
    return _pool_key(pool, "queue")


def claims_key(pool: str) -> str:
    return _pool_key(pool, "claims")


def spec_key(pool: str) -> str:
    return _pool_key(pool, "spec")


def account_seeks_key(account: str) -> str:
    return account_key(account, "seeks")


def is_seek_id(text: str) -> bool:
    """Whether ``text`` has the shape of a seek id (32 lowercase hex digits)."""
    return len(text) == 32 and all(ch in "0123456789abcdef" for ch in text)


def is_pool_id(text: str) -> bool:
    return len(text) == 16 and all(ch in "0123456789abcdef" for ch in text)


def pool_of(game: str, players: int, options: Mapping[str, Any]) -> str:
    """The pool of seeks of ``game`` for ``players`` with ``options`` (canonical: defaults
    filled in, so that ``{}`` and the defaults spelled out meet)."""
    text = orjson.dumps(
        {"game": game, "players": players, "options": dict(options)},
        option=orjson.OPT_SORT_KEYS,
    )
    return hashlib.sha256(text).hexdigest()[:16]


def game_id_of(seek_ids: Sequence[str]) -> str:
    """The table of the claimed seeks: derived from them, so that a creation run again (a
    worker killed after the claim) names the same table."""
    return hashlib.sha256(("foxden:seeks:" + ",".join(seek_ids)).encode()).hexdigest()[:32]


def _instant(text: str) -> datetime:
    return datetime.fromisoformat(text)


@dataclass(frozen=True)
class Seek:
    id: str
    doc: Mapping[str, Any]
    status: str
    game: str | None

    @property
    def account(self) -> str:
        return str(self.doc["account"])

    @property
    def bots_after_s(self) -> int | None:
        value = self.doc["bots_after_s"]
        return None if value is None else int(value)

    def bots_due(self, now: str) -> bool:
        """Whether the seek's wait for people is over at ``now`` (bots may fill its table)."""
        wait = self.bots_after_s
        return wait is not None and _instant(utc_after(self.doc["created_at"], wait)) <= _instant(
            now
        )

    def shown(self) -> dict[str, Any]:
        doc = self.doc
        return {
            "id": self.id,
            "status": self.status,
            "game_type": doc["game_type"],
            "players": doc["players"],
            "options": dict(doc["options"]),
            "bots_after_s": doc["bots_after_s"],
            "bot_strategy": doc["bot_strategy"],
            "created_at": doc["created_at"],
            "game": self.game,
        }


def _parse(seek_id: str, raw: Mapping[Any, Any]) -> Seek | None:
    fields = {reply_text(name): reply_text(value) for name, value in raw.items()}
    if "doc" not in fields:
        return None
    return Seek(seek_id, orjson.loads(fields["doc"]), fields["status"], fields.get("game"))


def table_for(
    players: int, waiting: Sequence[Seek], now: str
) -> tuple[list[Seek], list[str]] | None:
    """The next table of a pool whose seeks ``waiting`` are in arrival order: its seeks and
    the strategies of its bot seats; None when none can be made at ``now``.

    First come, first served: the oldest seek, then the next oldest of another account, until
    ``players``. Failing that, the oldest seek whose wait for people is over leads a table of
    the seeks that accept bots (``bots_after_s`` set: they asked for such a table, sooner or
    later), the oldest first, and its ``bot_strategy`` fills the empty seats.
    """
    people = _distinct(waiting, players)
    if len(people) == players:
        return people, []
    for leader in waiting:
        if leader.bots_due(now):
            willing = [s for s in waiting if s.bots_after_s is not None and s is not leader]
            seated = _distinct([leader, *willing], players)
            return seated, [str(leader.doc["bot_strategy"])] * (players - len(seated))
    return None


def _distinct(seeks: Sequence[Seek], players: int) -> list[Seek]:
    """Up to ``players`` of ``seeks``, in order, at most one per account."""
    chosen: list[Seek] = []
    accounts: set[str] = set()
    for seek in seeks:
        if seek.account not in accounts:
            chosen.append(seek)
            accounts.add(seek.account)
            if len(chosen) == players:
                break
    return chosen


class Seeks:
    """The seeks of one service (its Redis, clock, scheduler, accounts' streams)."""

    def __init__(self, games: GameService) -> None:
        self.games = games
        self.redis = games.store.redis
        self._create = self.redis.register_script(CREATE_LUA)
        self._cancel = self.redis.register_script(CANCEL_LUA)
        self._claim = self.redis.register_script(CLAIM_LUA)

    def _now(self) -> str:
        return utc_after(self.games.clock(), 0)

    def canonical_options(self, game: str, options: Mapping[str, Any]) -> dict[str, int]:
        """The options a table of the seek would have, every default filled in (the
        service's idle limit too): what a pool is made of."""
        resolved = match.resolve_options(registry.get(game), options)
        if "idle_limit_s" not in resolved and self.games.idle_limit_s is not None:
            resolved["idle_limit_s"] = self.games.idle_limit_s
        return resolved

    # --- a seek's life -------------------------------------------------------------------

    def create(
        self,
        account: Account,
        game: str,
        players: int,
        options: Mapping[str, Any],
        *,
        bots_after_s: int | None = None,
        bot_strategy: str = DEFAULT_BOT_STRATEGY,
    ) -> Seek:
        """A new waiting seek of ``account``; the pairing job of its pool is queued (and, with
        ``bots_after_s``, another for when its wait for people is over)."""
        check_setup(game, players, [bot_strategy], options)
        canonical = self.canonical_options(game, options)
        pool = pool_of(game, players, canonical)
        seek_id = pool + secrets.token_hex(8)
        now = self._now()
        doc = {
            "account": account.id,
            "handle": account.handle,
            "game_type": game,
            "players": players,
            "options": dict(options),
            "bots_after_s": bots_after_s,
            "bot_strategy": bot_strategy,
            "created_at": now,
        }
        spec = {"game": game, "players": players, "options": canonical}
        keys = [seek_key(seek_id), queue_key(pool), _pool_key(pool, "seq"), spec_key(pool)]
        self._create(keys=keys, args=[seek_id, orjson.dumps(doc), orjson.dumps(spec)])
        # After the queue holds it (see ``pools``: the sweeper's look at an empty pool).
        self.redis.sadd(POOLS_KEY, pool)
        self.redis.zadd(account_seeks_key(account.id), {seek_id: int(_instant(now).timestamp())})
        jobs = [policies.pair(pool)]
        if bots_after_s is not None:
            jobs.append(policies.pair(pool, utc_after(now, bots_after_s)))
        try:
            self.games.scheduler.schedule(jobs)
        except Exception as error:  # the seek waits; the sweeper queues its pool's pass
            log.warning("seek %s: pairing not queued, left to the sweeper: %r", seek_id, error)
        return Seek(seek_id, doc, WAITING, None)

    def _read(self, seek_id: str) -> Seek | None:
        if not is_seek_id(seek_id):
            return None
        return _parse(seek_id, self.redis.hgetall(seek_key(seek_id)))

    def get(self, seek_id: str, account: str) -> Seek:
        """The account's seek (``SeekNotFound`` for another's or none)."""
        seek = self._read(seek_id)
        if seek is None or seek.account != account:
            raise SeekNotFound("no seek with this id is yours")
        return seek

    def of_account(self, account: str) -> list[Seek]:
        """The account's waiting seeks, oldest first (closed ones leave the list)."""
        key = account_seeks_key(account)
        waiting, closed = [], []
        for member in self.redis.zrange(key, 0, -1):
            seek = self._read(reply_text(member))
            if seek is not None and seek.status == WAITING:
                waiting.append(seek)
            else:
                closed.append(reply_text(member))
        if closed:
            self.redis.zrem(key, *closed)
        return waiting

    def cancel(self, seek_id: str, account: str) -> Seek:
        """Take the account's waiting seek out of its pool (``SeekClosed`` once paired)."""
        self.get(seek_id, account)  # another's seek is not found
        outcome = reply_text(
            self._cancel(keys=[seek_key(seek_id), queue_key(seek_id[:16])], args=[seek_id])
        )
        if outcome != "canceled_now":
            raise SeekClosed(f"the seek is {outcome}", seek_status=outcome)
        return self.get(seek_id, account)

    # --- pairing (the worker's job) ------------------------------------------------------

    def pair(self, pool: str) -> list[str]:
        """One pass over ``pool``: finish the tables earlier passes claimed, then make every
        table its waiting seeks allow now; the ids of the tables made (or finished)."""
        if not is_pool_id(pool):
            return []
        made = []
        for game_id, claim in self._claims(pool):  # a killed pass's, or a twin's running now
            try:
                self._finish(pool, game_id, claim)
            except Exception:  # kept for the next pass; the other seeks need not wait for it
                log.exception("pool %s: the claimed table %s is not made yet", pool, game_id)
                continue
            made.append(game_id)
        raw_spec = self.redis.get(spec_key(pool))
        if raw_spec is None:
            return made
        players = int(orjson.loads(raw_spec)["players"])
        refused = 0
        while refused < CLAIM_RETRIES:
            found = table_for(players, self._waiting(pool), self._now())
            if found is None:
                break
            seeks, bots = found
            game_id = game_id_of([seek.id for seek in seeks])
            claim = {
                "game": seeks[0].doc["game_type"],
                "options": orjson.loads(raw_spec)["options"],
                "seeks": [[seek.id, seek.account, seek.doc["handle"]] for seek in seeks],
                "bots": bots,
            }
            if not self._claim_seeks(pool, game_id, seeks, claim):
                refused += 1  # another pass took one of them: look again
                continue
            self._finish(pool, game_id, claim)
            made.append(game_id)
        return made

    def _waiting(self, pool: str) -> list[Seek]:
        """The pool's waiting seeks, in arrival order (one pipeline)."""
        ids = [reply_text(member) for member in self.redis.zrange(queue_key(pool), 0, -1)]
        if not ids:
            return []
        pipe = self.redis.pipeline(transaction=False)
        for seek_id in ids:
            pipe.hgetall(seek_key(seek_id))
        found = [_parse(seek_id, raw) for seek_id, raw in zip(ids, pipe.execute(), strict=True)]
        return [seek for seek in found if seek is not None and seek.status == WAITING]

    def _claim_seeks(
        self, pool: str, game_id: str, seeks: Sequence[Seek], claim: Mapping[str, Any]
    ) -> bool:
        keys = [queue_key(pool), claims_key(pool), *(seek_key(seek.id) for seek in seeks)]
        args: list[Any] = [game_id, orjson.dumps(claim), *(seek.id for seek in seeks)]
        return bool(self._claim(keys=keys, args=args))

    def _claims(self, pool: str) -> list[tuple[str, dict[str, Any]]]:
        stored = self.redis.hgetall(claims_key(pool))
        return sorted((reply_text(game_id), orjson.loads(raw)) for game_id, raw in stored.items())

    def _finish(self, pool: str, game_id: str, claim: Mapping[str, Any]) -> None:
        """Create the claimed table (again, if a pass died half-way: nothing twice), drop the
        claim, and tell each seeker.

        Two passes may finish one claim at once (one found it pending while the other was
        still at it): only the one whose ``HDEL`` removed the claim writes the frames, so each
        seeker hears of its table once. A pass killed between that and the frames leaves its
        seekers without ``seek_paired`` (their ``game_started`` still comes, and the seek
        reads ``paired``): once at most, rather than twice.
        """
        seated = [(account, handle) for _, account, handle in claim["seeks"]]
        self.games.create_seated(
            claim["game"], seated, claim["bots"], claim["options"], game_id=game_id
        )
        if not self.redis.hdel(claims_key(pool), game_id):
            return  # a twin pass finished it and told them
        for seek_id, account, _ in claim["seeks"]:
            frame = {"type": "seek_paired", "seek": seek_id, "game": game_id}
            self.games.account_streams.notify(account, frame)

    # --- the sweeper's part --------------------------------------------------------------

    def pools(self) -> list[str]:
        """The pools that hold waiting seeks or unfinished claims: each needs a pass. A pool
        found empty leaves ``POOLS_KEY``, and comes back at once if a seek came meanwhile (a
        seek's arrival adds it after the seek is queued, so one of the two sees the other)."""
        pools = sorted(reply_text(member) for member in self.redis.smembers(POOLS_KEY))
        if not pools:
            return []
        sizes = self._sizes(pools)
        busy = [pool for pool, size in zip(pools, sizes, strict=True) if size]
        empty = [pool for pool, size in zip(pools, sizes, strict=True) if not size]
        if empty:
            self.redis.srem(POOLS_KEY, *empty)
            for pool, size in zip(empty, self._sizes(empty), strict=True):
                if size:
                    self.redis.sadd(POOLS_KEY, pool)
                    busy.append(pool)
        return sorted(busy)

    def _sizes(self, pools: Sequence[str]) -> list[int]:
        pipe = self.redis.pipeline(transaction=False)
        for pool in pools:
            pipe.zcard(queue_key(pool))
            pipe.hlen(claims_key(pool))
        counts = pipe.execute()
        return [int(counts[2 * n]) + int(counts[2 * n + 1]) for n in range(len(pools))]
