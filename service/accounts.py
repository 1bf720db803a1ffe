"""Accounts of people and bots, their API keys with scopes, and the games each account sits in.

An account (``POST /v1/accounts``) has an id, a handle (unique whatever its case), a kind
(``person`` or ``bot``) and API keys. A key reads ``fdk_<key id>_<secret>`` and is shown once;
only its SHA-256 is kept, as a seat's token is (``match.token_hash``). Its key id starts with the
account's id, so finding a key and its account is one read of one hash: ``HGET`` of the key's
field, on every request that carries an account key. Nothing is cached in a process, so a key
revoked through one API process is refused by every other on its very next request.

Scopes: ``read`` (what the account's seats may see, the account itself), ``play`` (join, send
commands) and ``create`` (create and cancel tables). The key made at sign-up has all three; a
key can only make keys with scopes it has itself, and only revoke keys whose scopes it has.

Redis keys (every key of one account shares the hash tag ``{acct:<id>}``: one Redis Cluster
slot, so an account's writes go in one MULTI or one command):

* ``fd:{acct:<id>}`` hash: ``account`` → the account's JSON, ``key:<key id>`` → a key's JSON
  (label, scopes, created_at, ``hash`` of the whole key);
* ``fd:{acct:<id>}:games`` hash: game id → the account's entry (game, seat, status, result);
* ``fd:{acct:<id>}:by:<status>`` sorted sets (``waiting``, ``active``, ``finished``) of game ids,
  scored by when the game entered the status (microseconds);
* ``fd:handle:<handle in lower case>`` → the account id (``SET NX``: handles are unique);
* ``fd:invite:<sha256 of the code>`` → single-use invite (``DEL`` decides who used it);
* ``fd:device:<sha256 of the code>`` → a device code's JSON (``GETDEL``: single use).

The games an account sits in are a projection, written when the account is seated (or gives a
seat back) and when a game changes status, never per move (``GameService._react``).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import orjson

from domain.match import ACTIVE, CLOSED, FINISHED, WAITING, MatchState
from events.redis_client import Client, reply_text
from service.errors import (
    DeviceCodeNotFound,
    Forbidden,
    HandleTaken,
    InvalidInvite,
    KeyNotFound,
    SignupClosed,
)
from service.ports import utc_after, utc_now

SCOPES = ("read", "play", "create")
KINDS = ("person", "bot")
SIGNUP_MODES = ("open", "invite", "closed")
HANDLE = re.compile(r"[A-Za-z0-9_-]{3,24}")
# fdk_ + the key id (the account's 16 hex digits and 8 of the key's own) + _ + the secret
# (``secrets.token_urlsafe(32)``: 43 characters); all within the Bearer syntax of RFC 6750.
KEY_PREFIX = "fdk_"
KEY = re.compile(r"fdk_([0-9a-f]{16})([0-9a-f]{8})_([A-Za-z0-9_-]{43})")
KEY_ID = re.compile(r"[0-9a-f]{24}")
# Device codes: 8 characters of an alphabet without look-alikes (no 0/O, 1/I/L, U/V... only
# one of U and V: V): 30 ** 8 is about 6.6e11 (39.3 bits). A client guessing at the API's
# default rate limit (1,200 requests a minute per address) tries 6,000 codes in a code's 5
# minutes: about 1 chance in 1.1e8 per live code.
DEVICE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
DEVICE_CODE = re.compile(f"[{DEVICE_ALPHABET}]{{8}}")
DEVICE_TTL_S = 300
INVITE_TTL_S = 7 * 86_400
GAME_STATUSES = (WAITING, ACTIVE, FINISHED)


def account_key(account: str, *parts: str) -> str:
    """The Redis key ``fd:{acct:<id>}[:part…]``: every key of an account (its keys, games,
    tickets, its stream's connects) shares the hash tag, so one account's writes stay within
    one slot. Not its stream and the stream's versions: those share their bucket's tag
    (service/account_stream.py), so that one XREAD waits on many accounts' streams."""
    return ":".join((f"fd:{{acct:{account}}}", *parts))


def _account_key(account: str) -> str:
    return account_key(account)


def _games_key(account: str) -> str:
    return account_key(account, "games")


def _status_key(account: str, status: str) -> str:
    return account_key(account, "by", status)


def _handle_key(handle: str) -> str:
    return f"fd:handle:{handle.lower()}"


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def is_account_key(token: str) -> bool:
    """Whether a bearer token has the form of an account key (seat tokens never start so)."""
    return token.startswith(KEY_PREFIX)


@dataclass(frozen=True, slots=True)
class Holder:
    """Who an account key acts for: the account, the key and the key's scopes."""

    account: str
    key_id: str
    scopes: frozenset[str]


@dataclass(frozen=True)
class Account:
    id: str
    handle: str
    kind: str
    created_at: str

    def public(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "handle": self.handle,
            "kind": self.kind,
            "created_at": self.created_at,
        }


def _key_record(key_id: str, label: str, scopes: Iterable[str], at: str, key: str) -> dict:
    return {
        "id": key_id,
        "label": label,
        "scopes": [scope for scope in SCOPES if scope in set(scopes)],
        "created_at": at,
        "hash": _digest(key),
    }


def shown_key(record: Mapping[str, Any]) -> dict[str, Any]:
    """A key as it is listed: never its hash (nor, of course, its secret)."""
    return {name: record[name] for name in ("id", "label", "scopes", "created_at")}


class Accounts:
    """Accounts, keys, invites, device codes and each account's games, in Redis."""

    def __init__(
        self,
        client: Client,
        *,
        clock: Callable[[], str] = utc_now,
        device_ttl_s: int = DEVICE_TTL_S,
        invite_ttl_s: int = INVITE_TTL_S,
    ) -> None:
        self.redis = client
        self.clock = clock
        self.device_ttl_s = device_ttl_s
        self.invite_ttl_s = invite_ttl_s

    def _now(self) -> str:
        return self.clock()

    # --- sign-up and invites -------------------------------------------------------------

    def sign_up(
        self, handle: str, kind: str, *, mode: str, operator: bool, invite: str | None
    ) -> tuple[Account, str, dict[str, Any]]:
        """A new account and its first key (all scopes). ``mode`` is ``FOXDEN_SIGNUP``;
        ``operator``: the request carried the operator key (which may always sign up)."""
        if not operator and mode == "closed":
            raise SignupClosed("sign-up is closed: only the operator creates accounts")
        use_invite = not operator and mode == "invite"
        if use_invite and not invite:
            raise SignupClosed("sign-up needs an invite code (send it as `invite`)")
        invite_key = f"fd:invite:{_digest(invite or '')}"
        if use_invite and not self._invite_valid(invite_key):
            raise InvalidInvite("the invite code is not valid, was used already or has expired")
        account_id = secrets.token_hex(8)
        if not self.redis.set(_handle_key(handle), account_id, nx=True):
            raise HandleTaken(f"the handle {handle!r} is taken")
        if use_invite and not self.redis.delete(invite_key):  # used meanwhile by someone else
            self.redis.delete(_handle_key(handle))
            raise InvalidInvite("the invite code is not valid, was used already or has expired")
        account = Account(account_id, handle, kind, self._now())
        key, record = self._new_key(account_id, "sign-up", SCOPES)
        self.redis.hset(
            _account_key(account_id),
            mapping={
                "account": orjson.dumps(account.public()),
                f"key:{record['id']}": orjson.dumps(record),
            },
        )
        return account, key, record

    def _invite_valid(self, invite_key: str) -> bool:
        expires_at = self.redis.get(invite_key)
        return expires_at is not None and self._now() < reply_text(expires_at)

    def create_invite(self) -> tuple[str, str]:
        """A single-use invite code and when it expires."""
        code = secrets.token_urlsafe(18)
        expires_at = utc_after(self._now(), self.invite_ttl_s)
        self.redis.set(f"fd:invite:{_digest(code)}", expires_at, ex=self.invite_ttl_s)
        return code, expires_at

    # --- accounts ------------------------------------------------------------------------

    def get(self, account_id: str) -> Account | None:
        raw = self.redis.hget(_account_key(account_id), "account")
        return Account(**orjson.loads(raw)) if raw is not None else None

    def by_handle(self, handle: str) -> Account | None:
        if not HANDLE.fullmatch(handle):
            return None
        account_id = self.redis.get(_handle_key(handle))
        return self.get(reply_text(account_id)) if account_id is not None else None

    def many(self, account_ids: Iterable[str]) -> dict[str, Account]:
        """Account id → account, for the ids that name an account: one pipeline, so a page of
        a list costs one round trip whatever its length (one per node on a cluster)."""
        ids = sorted(set(account_ids))
        if not ids:
            return {}
        pipe = self.redis.pipeline(transaction=False)
        for account_id in ids:
            pipe.hget(_account_key(account_id), "account")
        found = zip(ids, pipe.execute(), strict=True)
        return {account_id: Account(**orjson.loads(raw)) for account_id, raw in found if raw}

    def handles(self, account_ids: Iterable[str]) -> dict[str, str]:
        """Account id → handle, for the ids that name an account (one pipeline)."""
        return {account_id: found.handle for account_id, found in self.many(account_ids).items()}

    # --- keys ----------------------------------------------------------------------------

    def _new_key(
        self, account_id: str, label: str, scopes: Iterable[str]
    ) -> tuple[str, dict[str, Any]]:
        key_id = account_id + secrets.token_hex(4)
        key = f"{KEY_PREFIX}{key_id}_{secrets.token_urlsafe(32)}"
        return key, _key_record(key_id, label, scopes, self._now(), key)

    def authenticate(self, key: str) -> Holder | None:
        """The holder of an account key; ``None`` for one that is not valid (malformed,
        revoked, never issued). One Redis read, never cached: a revoked key stops at once."""
        found = KEY.fullmatch(key)
        if found is None:
            return None
        account_id, key_id = found.group(1), found.group(1) + found.group(2)
        raw = self.redis.hget(_account_key(account_id), f"key:{key_id}")
        if raw is None:
            return None
        record = orjson.loads(raw)
        if not hmac.compare_digest(record["hash"], _digest(key)):
            return None
        return Holder(account_id, key_id, frozenset(record["scopes"]))

    def key_scopes(self, account_id: str, key_id: str) -> frozenset[str] | None:
        """The scopes of a key of the account, ``None`` once it is revoked (one read)."""
        raw = self.redis.hget(_account_key(account_id), f"key:{key_id}")
        return frozenset(orjson.loads(raw)["scopes"]) if raw is not None else None

    def keys(self, account_id: str) -> list[dict[str, Any]]:
        stored = self.redis.hgetall(_account_key(account_id))
        records = [
            orjson.loads(value)
            for field, value in stored.items()
            if reply_text(field).startswith("key:")
        ]
        return sorted((shown_key(record) for record in records), key=lambda r: r["created_at"])

    def add_key(
        self, holder: Holder, label: str, scopes: Iterable[str]
    ) -> tuple[str, dict[str, Any]]:
        """A new key of the holder's account with ``scopes`` (a subset of the holder's)."""
        wanted = set(scopes)
        beyond = wanted - holder.scopes
        if beyond:
            raise Forbidden(
                f"a key can only grant scopes it has itself; this one lacks {sorted(beyond)[0]}",
                scope=sorted(beyond)[0],
            )
        key, record = self._new_key(holder.account, label, wanted)
        self.redis.hset(_account_key(holder.account), f"key:{record['id']}", orjson.dumps(record))
        return key, record

    def revoke(self, holder: Holder, key_id: str) -> None:
        """Revoke a key of the holder's account: itself, or one whose scopes it has."""
        if not KEY_ID.fullmatch(key_id) or not key_id.startswith(holder.account):
            raise KeyNotFound("this account has no such key")
        raw = self.redis.hget(_account_key(holder.account), f"key:{key_id}")
        if raw is None:
            raise KeyNotFound("this account has no such key")
        scopes = set(orjson.loads(raw)["scopes"])
        if key_id != holder.key_id and not scopes <= holder.scopes:
            raise Forbidden("a key can only revoke itself or keys whose scopes it has")
        self.redis.hdel(_account_key(holder.account), f"key:{key_id}")

    # --- device codes --------------------------------------------------------------------

    def device_code(self, holder: Holder) -> tuple[str, str]:
        """A single-use code, valid ``device_ttl_s`` seconds, that gives a new key with the
        holder's scopes to whoever sends it first; and when it expires."""
        code = "".join(secrets.choice(DEVICE_ALPHABET) for _ in range(8))
        expires_at = utc_after(self._now(), self.device_ttl_s)
        value = {"account": holder.account, "scopes": sorted(holder.scopes), "from": holder.key_id}
        value["expires_at"] = expires_at
        # Redis forgets it a little after it expires; the expiry itself is checked on the
        # service's clock (``expires_at``), so that both agree on when it ends.
        self.redis.set(f"fd:device:{_digest(code)}", orjson.dumps(value), ex=self.device_ttl_s + 60)
        return code, expires_at

    def redeem(self, code: str) -> tuple[str, dict[str, Any]]:
        """A new key for the account a device code was issued for (the code is used up)."""
        normalised = code.upper()
        if not DEVICE_CODE.fullmatch(normalised):
            raise DeviceCodeNotFound("no such device code (8 characters, as it was shown)")
        raw = self.redis.getdel(f"fd:device:{_digest(normalised)}")
        if raw is None:
            raise DeviceCodeNotFound("the device code was used already, has expired or never was")
        value = orjson.loads(raw)
        if self._now() >= value["expires_at"] or self.get(value["account"]) is None:
            raise DeviceCodeNotFound("the device code was used already, has expired or never was")
        label = f"device code from key {value['from']}"
        key, record = self._new_key(value["account"], label, value["scopes"])
        self.redis.hset(_account_key(value["account"]), f"key:{record['id']}", orjson.dumps(record))
        return key, record

    # --- the games an account sits in (a projection) --------------------------------------

    def track(self, game_id: str, before: MatchState, after: MatchState) -> None:
        """After an append: index the accounts seated, unseated, or whose game changed status.

        Costs nothing (no Redis) for a move that neither seats nor changes status.
        """
        if before.seats is after.seats and before.status == after.status:
            return
        held_before = {info.account: n for n, info in enumerate(before.seats) if info.account}
        held_after = {info.account: n for n, info in enumerate(after.seats) if info.account}
        pipe = self.redis.pipeline(transaction=False)
        writes = 0
        for account in held_before.keys() - held_after.keys():
            self._drop(pipe, account, game_id)
            writes += 1
        for account, seat in held_after.items():
            if account in held_before and before.status == after.status:
                continue
            if after.status in CLOSED:
                self._drop(pipe, account, game_id)
            else:
                self._put(pipe, account, game_id, seat, after)
            writes += 1
        if writes:
            pipe.execute()

    @staticmethod
    def _drop(pipe: Any, account: str, game_id: str) -> None:
        pipe.hdel(_games_key(account), game_id)
        for status in GAME_STATUSES:
            pipe.zrem(_status_key(account, status), game_id)

    @staticmethod
    def _put(pipe: Any, account: str, game_id: str, seat: int, state: MatchState) -> None:
        entry: dict[str, Any] = {"id": game_id, "game": state.game, "seat": seat}
        entry["status"] = state.status
        if state.result is not None:
            entry["result"] = state.result
        position = time.time_ns() // 1000
        entry["position"] = position
        pipe.hset(_games_key(account), game_id, orjson.dumps(entry))
        for status in GAME_STATUSES:
            if status != state.status:
                pipe.zrem(_status_key(account, status), game_id)
        pipe.zadd(_status_key(account, state.status), {game_id: position})

    def entries(self, account: str, status: str) -> list[dict[str, Any]]:
        """Every entry of ``status`` (for waiting and active games: few at a time)."""
        ids = [
            reply_text(game_id)
            for game_id in self.redis.zrange(_status_key(account, status), 0, -1)
        ]
        return self._metas(account, ids)

    def finished(
        self, account: str, before: tuple[int, str] | None, count: int
    ) -> list[dict[str, Any]]:
        """Up to ``count`` finished entries, newest first, after the (position, id) ``before``."""
        key = _status_key(account, FINISHED)
        found: list[Any] = []
        top: Any = "+inf"
        if before is not None:
            ties: Any = self.redis.zrevrangebyscore(key, before[0], before[0], withscores=True)
            found = [(member, score) for member, score in ties if reply_text(member) < before[1]]
            top = f"({before[0]}"
        more: Any = self.redis.zrevrangebyscore(
            key, top, "-inf", start=0, num=count, withscores=True
        )
        found += more
        ordered = sorted(
            ((int(s), reply_text(m)) for m, s in found), key=lambda p: (-p[0], _rev(p[1]))
        )
        return self._metas(account, [game_id for _, game_id in ordered[:count]])

    def _metas(self, account: str, ids: list[str]) -> list[dict[str, Any]]:
        if not ids:
            return []
        raws = self.redis.hmget(_games_key(account), ids)
        return [orjson.loads(raw) for raw in raws if raw is not None]


def _rev(text: str) -> tuple[int, ...]:
    """A key that sorts strings in reverse order (ties of a position: larger id first)."""
    return (*(-ord(ch) for ch in text), 0)


# --- my games: the page -----------------------------------------------------------------------

RANKS = {"my_turn": 0, ACTIVE: 1, WAITING: 2, FINISHED: 3}


def encode_cursor(rank: int, position: int, game_id: str) -> str:
    raw = f"{rank}:{position}:{game_id}".encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[int, int, str]:
    """``ValueError`` for a cursor this service did not issue."""
    padded = cursor + "=" * (-len(cursor) % 4)
    rank, position, game_id = base64.urlsafe_b64decode(padded.encode()).decode().split(":", 2)
    if not match_id(game_id) or int(rank) not in RANKS.values() or int(position) < 0:
        raise ValueError("not a cursor of ours")
    return int(rank), int(position), game_id


def match_id(text: str) -> bool:
    return re.fullmatch(r"[0-9a-f]{32}", text) is not None


def sort_key(rank: int, position: int, game_id: str) -> tuple[int, int, tuple[int, ...]]:
    """Ranks first (my turn, active, waiting, finished), then newest first, ties by id."""
    return (rank, -position, _rev(game_id))


def item_of(entry: Mapping[str, Any], state: MatchState | None, clocks: list[dict]) -> dict:
    """An entry of "my games": nothing a spectator could not see."""
    seat = entry["seat"]
    item: dict[str, Any] = {
        "id": entry["id"],
        "game": entry["game"],
        "status": entry["status"],
        "seat": seat,
        "my_turn": False,
        "to_act": [],
        "deadline": None,
    }
    if state is not None:
        item["status"] = state.status
        acting = sorted(state.to_act())
        item["to_act"] = acting
        info = state.seats[seat] if seat < len(state.seats) else None
        item["my_turn"] = seat in acting and info is not None and not info.played_by_bot
        item["deadline"] = next((c["deadline"] for c in clocks if c["seat"] == seat), None)
        if state.result is not None:
            item["result"] = state.result
    elif "result" in entry:
        item["result"] = entry["result"]
    return item


def my_games(
    accounts: Accounts,
    account: str,
    *,
    status: str | None,
    cursor: tuple[int, int, str] | None,
    limit: int,
    load: Callable[[str], Any],
    clocks: Callable[[Any], list[dict[str, Any]]],
) -> tuple[list[dict[str, Any]], str | None]:
    """A page of the account's games: active ones where it must act first, then the other
    active ones, the waiting ones, and the finished ones (each group newest first).

    Waiting and active games (an account has a few at a time) are all read, and their latest
    states loaded (usually from the process's cache) to tell whose turn it is; finished games
    are read a page at a time. ``load`` gives a game's latest ``Loaded``, ``clocks`` its turn
    clocks. A game whose turn passes between two pages may move between the first two groups.
    """
    ranked: list[tuple[tuple[int, int, tuple[int, ...]], tuple[int, int, str], dict]] = []
    for group in (ACTIVE, WAITING):
        if status not in (None, group):
            continue
        for entry in accounts.entries(account, group):
            loaded = load(entry["id"])
            item = item_of(entry, loaded.state, clocks(loaded))
            if item["status"] != group:
                continue  # changed status meanwhile: the index follows (it is a projection)
            rank = RANKS["my_turn"] if item["my_turn"] else RANKS[group]
            where = (rank, entry["position"], entry["id"])
            ranked.append((sort_key(*where), where, item))
    if status in (None, FINISHED):
        before = None
        if cursor is not None and cursor[0] == RANKS[FINISHED]:
            before = (cursor[1], cursor[2])
        for entry in accounts.finished(account, before, limit + 1):
            where = (RANKS[FINISHED], entry["position"], entry["id"])
            ranked.append((sort_key(*where), where, item_of(entry, None, [])))
    ranked.sort(key=lambda found: found[0])
    if cursor is not None:
        after = sort_key(*cursor)
        ranked = [found for found in ranked if found[0] > after]
    page = ranked[:limit]
    more = len(ranked) > limit
    next_cursor = encode_cursor(*page[-1][1]) if more and page else None
    return [item for _, _, item in page], next_cursor
