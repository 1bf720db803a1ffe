"""Challenges: an account invites named accounts to a table; when all accept, the table starts.

A challenge names a game, its options, the opponents (accounts, by handle) and bot seats. The
challenger takes a seat; each opponent accepts or declines. The accept that completes the
answers creates the table with every account seated (``GameService.create_seated``) and the
table starts at once. A decline, the challenger's cancel or the challenge's expiry
(``expires_at``) closes it. Every change an account should hear of is a frame on its stream
(``service/account_stream.py``): ``challenge`` to each opponent when it is made,
``challenge_declined`` when an opponent declines, ``challenge_canceled`` (``reason``
``canceled`` or ``expired``) when it is withdrawn or runs out; the table's own ``game_started``
frames follow an acceptance.

Redis keys:

* ``fd:{ch:<id>}`` hash, the challenge: ``doc`` (its JSON: game type, challenger, opponents,
  bots, options, created_at, expires_at), ``status`` (``open``, ``accepted``, ``declined``,
  ``canceled``, ``expired``), ``expires_at`` (also in ``doc``: the scripts compare it), one
  ``a:<account id>`` per opponent (``-`` until it answers, then ``accepted`` or
  ``declined``), ``by`` (who declined) and ``game`` (the table, once accepted). Every change
  is one Lua script over this one key (``ANSWER_LUA``), so two answers at once from two API
  processes are ordered by Redis: exactly one of them completes the challenge, and only that
  one creates the table, under a game id derived from the challenge's (``game_id_of``), so
  that a retried accept finishes a creation a crash left half-way without making a second one.
* ``fd:{acct:<id>}:challenges:in`` / ``:out`` sorted sets (the account's hash tag), the ids
  of the challenges an account received / sent, scored by creation (ms); closed ones are
  dropped when the lists are read.
* ``fd:challenges:expiry`` sorted set: the open challenges by expiry time (ms); the sweeper
  (``workers/sweeper.py``) expires the due ones and writes their frames. A challenge read
  after its time is answered ``expired`` at once (lazily), whoever reads it first.

The service's clock (``GameService.clock``, ISO strings) decides every expiry, so tests move
time by setting the clock.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import orjson

from domain import match, registry
from domain.errors import InvalidSetup
from events.redis_client import reply_text
from service.accounts import Account, account_key
from service.errors import (
    ChallengeClosed,
    ChallengeNotFound,
    NotChallenged,
    NotChallenger,
    UnknownAccount,
    UnknownGame,
)
from service.games import GameService
from service.ports import utc_after

OPEN, ACCEPTED, DECLINED, CANCELED, EXPIRED = "open", "accepted", "declined", "canceled", "expired"
STATUSES = (OPEN, ACCEPTED, DECLINED, CANCELED, EXPIRED)
DEFAULT_EXPIRES_IN_S = 300
MIN_EXPIRES_IN_S, MAX_EXPIRES_IN_S = 10, 86_400
EXPIRY_KEY = "fd:challenges:expiry"
# The most due challenges one sweep expires (the rest wait for the next sweep).
EXPIRY_BATCH = 1000
NO_ANSWER = "-"

# KEYS[1] the challenge. ARGV: action (accepted, declined, cancel or expire), the account
# acting (empty for expire), now (ISO, as expires_at is written: the two compare as text),
# the game id to record when the last accept completes it.
# Returns {outcome, status}: outcome is one of
#   missing        no such challenge
#   expired_now    this call found it past its time and expired it (it writes the frames)
#   not_challenged the account is not an opponent (answers only)
#   closed         not open any more (status says what it is; an answer also gets its own)
#   declined | canceled | accepted | complete   what this call did (complete: every opponent
#                  has accepted now, and the challenge is ``accepted`` with ARGV[4] as its game)
#   open           expire: still open, not due
ANSWER_LUA = """
local key = KEYS[1]
local action, account, now, game = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local status = redis.call('HGET', key, 'status')
if not status then return {'missing', ''} end
if status == 'open' and now >= redis.call('HGET', key, 'expires_at') then
  redis.call('HSET', key, 'status', 'expired')
  return {'expired_now', 'expired'}
end
if action == 'expire' then return {status, status} end
if action == 'cancel' then
  if status ~= 'open' then return {'closed', status} end
  redis.call('HSET', key, 'status', 'canceled')
  return {'canceled', 'canceled'}
end
local field = 'a:' .. account
local mine = redis.call('HGET', key, field)
if not mine then return {'not_challenged', status} end
if status ~= 'open' then return {'closed', status, mine} end
redis.call('HSET', key, field, action)
if action == 'declined' then
  redis.call('HSET', key, 'status', 'declined', 'by', account)
  return {'declined', 'declined'}
end
local fields = redis.call('HGETALL', key)
for i = 1, #fields, 2 do
  if string.sub(fields[i], 1, 2) == 'a:' and fields[i + 1] ~= 'accepted' then
    return {'accepted', 'open'}
  end
end
redis.call('HSET', key, 'status', 'accepted', 'game', game)
return {'complete', 'accepted'}
"""


def challenge_key(challenge_id: str) -> str:
    return f"fd:{{ch:{challenge_id}}}"


def incoming_key(account: str) -> str:
    return account_key(account, "challenges", "in")


def outgoing_key(account: str) -> str:
    return account_key(account, "challenges", "out")


def is_challenge_id(text: str) -> bool:
    """Whether ``text`` has the shape of a challenge id (32 lowercase hex digits): anything
    else never reaches a Redis key (a brace would change its hash tag)."""
    return len(text) == 32 and all(ch in "0123456789abcdef" for ch in text)


def game_id_of(challenge_id: str) -> str:
    """The id of the table an accepted challenge creates: derived, so that every attempt to
    create it (a retried accept after a crash) names the same table."""
    return hashlib.sha256(f"foxden:challenge:{challenge_id}".encode()).hexdigest()[:32]


def _ms(instant: str) -> int:
    return int(datetime.fromisoformat(instant).timestamp() * 1000)


@dataclass(frozen=True)
class Challenge:
    """A challenge as stored: its fixed part (``doc``) and where it stands."""

    id: str
    doc: Mapping[str, Any]
    status: str
    answers: Mapping[str, str | None]  # opponent account id -> accepted, declined or None
    game: str | None

    @property
    def challenger(self) -> str:
        return str(self.doc["challenger"]["account"])

    @property
    def opponents(self) -> list[str]:
        return [str(opponent["account"]) for opponent in self.doc["opponents"]]

    @property
    def accounts(self) -> list[str]:
        """The challenger and the opponents: whoever may see the challenge."""
        return [self.challenger, *self.opponents]

    @property
    def players(self) -> int:
        return 1 + len(self.doc["opponents"]) + len(self.doc["bots"])

    def shown(self) -> dict[str, Any]:
        """The challenge as the API answers it."""
        doc = self.doc
        return {
            "id": self.id,
            "status": self.status,
            "game_type": doc["game_type"],
            "challenger": doc["challenger"]["handle"],
            "opponents": [
                {"handle": o["handle"], "answer": self.answers.get(o["account"])}
                for o in doc["opponents"]
            ],
            "bots": [dict(bot) for bot in doc["bots"]],
            "options": dict(doc["options"]),
            "created_at": doc["created_at"],
            "expires_at": doc["expires_at"],
            "game": self.game,
        }


def _parse(challenge_id: str, raw: Mapping[Any, Any]) -> Challenge | None:
    fields = {reply_text(name): reply_text(value) for name, value in raw.items()}
    if "doc" not in fields:
        return None
    doc = orjson.loads(fields["doc"])
    answers = {
        name[2:]: (None if value == NO_ANSWER else value)
        for name, value in fields.items()
        if name.startswith("a:")
    }
    return Challenge(challenge_id, doc, fields["status"], answers, fields.get("game"))


def check_setup(game: str, players: int, strategies: Sequence[str], options: Mapping) -> None:
    """Refuse now what the table's create would refuse later: an unknown game (400
    ``unknown_game``), a player count the game does not take, an unknown strategy or option,
    an option out of range (400 ``invalid_setup``)."""
    try:
        definition = registry.get(game)
    except registry.UnknownGame:
        raise UnknownGame(f"no game {game!r}; see /v1/catalog") from None
    if not definition.min_players <= players <= definition.max_players:
        raise InvalidSetup(
            f"{definition.name} takes {definition.min_players} to {definition.max_players}"
            f" players, not {players}"
        )
    for strategy in strategies:
        if strategy not in definition.strategies:
            raise InvalidSetup(f"unknown strategy {strategy!r} for {definition.id}")
    try:
        match.resolve_options(definition, options)
    except ValueError as error:
        raise InvalidSetup(str(error)) from None


class Challenges:
    """The challenges of one service (its Redis, clock, accounts and account streams)."""

    def __init__(self, games: GameService) -> None:
        self.games = games
        self.redis = games.store.redis
        self._answer = self.redis.register_script(ANSWER_LUA)

    def _now(self) -> str:
        return utc_after(self.games.clock(), 0)  # as expires_at is written: they compare as text

    # --- making one --------------------------------------------------------------------------

    def create(
        self,
        challenger: Account,
        game: str,
        opponents: Sequence[str],
        bots: Sequence[Mapping[str, Any]],
        options: Mapping[str, Any],
        *,
        expires_in_s: int = DEFAULT_EXPIRES_IN_S,
    ) -> Challenge:
        """A new open challenge from ``challenger`` to the accounts of the handles
        ``opponents``; each is sent a ``challenge`` frame. ``UnknownAccount`` (422) names the
        handles no account has."""
        strategies = [str(bot["strategy"]) for bot in bots]
        check_setup(game, 1 + len(opponents) + len(bots), strategies, options)
        found = {handle: self.games.accounts.by_handle(handle) for handle in opponents}
        unknown = [handle for handle, account in found.items() if account is None]
        if unknown:
            raise UnknownAccount(
                f"no account has the handle {unknown[0]!r}", handles=sorted(unknown)
            )
        accounts = [account for account in found.values() if account is not None]
        if any(account.id == challenger.id for account in accounts):
            raise InvalidSetup("a challenge names its opponents, not its challenger")
        if len({account.id for account in accounts}) != len(accounts):  # handles differ in case
            raise InvalidSetup("each opponent is named once")
        challenge_id = secrets.token_hex(16)
        now = self._now()
        expires_at = utc_after(now, expires_in_s)
        doc: dict[str, Any] = {
            "game_type": game,
            "challenger": {"account": challenger.id, "handle": challenger.handle},
            "opponents": [{"account": a.id, "handle": a.handle} for a in accounts],
            "bots": [{"strategy": strategy} for strategy in strategies],
            "options": dict(options),
            "created_at": now,
            "expires_at": expires_at,
        }
        fields: dict[Any, Any] = {
            "doc": orjson.dumps(doc),
            "status": OPEN,
            "expires_at": expires_at,
            **{f"a:{account.id}": NO_ANSWER for account in accounts},
        }
        self.redis.hset(challenge_key(challenge_id), mapping=fields)
        created_ms = _ms(now)
        pipe = self.redis.pipeline(transaction=False)
        pipe.zadd(outgoing_key(challenger.id), {challenge_id: created_ms})
        for account in accounts:
            pipe.zadd(incoming_key(account.id), {challenge_id: created_ms})
        pipe.execute()
        self.redis.zadd(EXPIRY_KEY, {challenge_id: _ms(expires_at)})
        answers: dict[str, str | None] = {account.id: None for account in accounts}
        challenge = Challenge(challenge_id, doc, OPEN, answers, None)
        frame = {
            "type": "challenge",
            "challenge": challenge_id,
            "game_type": game,
            "from": challenger.handle,
            "players": challenge.players,
            "options": dict(options),
            "expires_at": expires_at,
        }
        for account in accounts:
            self.games.account_streams.notify(account.id, frame)
        return challenge

    # --- reading -----------------------------------------------------------------------------

    def _read(self, challenge_id: str) -> Challenge | None:
        if not is_challenge_id(challenge_id):
            return None
        return _parse(challenge_id, self.redis.hgetall(challenge_key(challenge_id)))

    def get(self, challenge_id: str, account: str) -> Challenge:
        """The challenge, for its challenger or one of its opponents (else
        ``ChallengeNotFound``); one past its time is expired first (its frames written)."""
        challenge = self._read(challenge_id)
        if challenge is None or account not in challenge.accounts:
            raise ChallengeNotFound("no challenge with this id is yours")
        if challenge.status == OPEN and self._now() >= challenge.doc["expires_at"]:
            self.expire(challenge_id)
            challenge = self._read(challenge_id) or challenge
        return challenge

    def of_account(self, account: str) -> dict[str, list[Challenge]]:
        """The account's open challenges: ``incoming`` (it is an opponent) and ``outgoing``
        (it is the challenger), oldest first. Closed ones leave the lists."""
        found: dict[str, list[Challenge]] = {}
        for name, key in (("incoming", incoming_key(account)), ("outgoing", outgoing_key(account))):
            ids = [reply_text(member) for member in self.redis.zrange(key, 0, -1)]
            kept, closed = [], []
            for challenge_id in ids:
                challenge = self._read(challenge_id)
                if challenge is not None and challenge.status == OPEN:
                    challenge = self.get(challenge_id, account)  # expired lazily if due
                if challenge is None or challenge.status != OPEN:
                    closed.append(challenge_id)
                else:
                    kept.append(challenge)
            if closed:
                self.redis.zrem(key, *closed)
            found[name] = kept
        return found

    # --- answers -----------------------------------------------------------------------------

    def _run(self, challenge_id: str, action: str, account: str = "") -> list[str]:
        reply: Any = self._answer(
            keys=[challenge_key(challenge_id)],
            args=[action, account, self._now(), game_id_of(challenge_id)],
        )
        return [reply_text(part) for part in reply]

    def accept(self, challenge_id: str, account: str) -> Challenge:
        """The opponent's accept. The accept that completes the answers creates the table and
        starts it; an accept sent again by an opponent who accepted already (a retry) answers
        the challenge as it stands, and finishes the table if a crash left it half-made."""
        challenge = self.get(challenge_id, account)
        outcome, status, *mine = self._run(challenge_id, ACCEPTED, account)
        if outcome == "expired_now":
            self._tell_expired(challenge)
        if outcome == "not_challenged":
            raise NotChallenged("only an opponent the challenge names answers it")
        if outcome in ("closed", "expired_now"):
            if status == ACCEPTED and mine == [ACCEPTED]:  # a retry of this opponent's accept
                self._create_table(challenge)
                return self.get(challenge_id, account)
            raise ChallengeClosed(f"the challenge is {status}", challenge_status=status)
        if outcome == "complete":
            self._create_table(challenge)
        return self.get(challenge_id, account)

    def _create_table(self, challenge: Challenge) -> None:
        doc = challenge.doc
        seated = [(doc["challenger"]["account"], doc["challenger"]["handle"])]
        seated += [(o["account"], o["handle"]) for o in doc["opponents"]]
        self.games.create_seated(
            doc["game_type"],
            seated,
            [bot["strategy"] for bot in doc["bots"]],
            doc["options"],
            game_id=game_id_of(challenge.id),
        )
        self.redis.zrem(EXPIRY_KEY, challenge.id)

    def decline(self, challenge_id: str, account: str) -> Challenge:
        """The opponent's decline: the challenge is closed; the challenger and the other
        opponents are sent ``challenge_declined``."""
        challenge = self.get(challenge_id, account)
        outcome, status, *_ = self._run(challenge_id, DECLINED, account)
        if outcome == "expired_now":
            self._tell_expired(challenge)
        if outcome == "not_challenged":
            raise NotChallenged("only an opponent the challenge names answers it")
        if outcome != DECLINED:
            raise ChallengeClosed(f"the challenge is {status}", challenge_status=status)
        self.redis.zrem(EXPIRY_KEY, challenge_id)
        handle = next(o["handle"] for o in challenge.doc["opponents"] if o["account"] == account)
        frame = {"type": "challenge_declined", "challenge": challenge_id, "by": handle}
        for other in challenge.accounts:
            if other != account:
                self.games.account_streams.notify(other, frame)
        return self.get(challenge_id, account)

    def cancel(self, challenge_id: str, account: str) -> Challenge:
        """The challenger's cancel of an open challenge; the opponents are sent
        ``challenge_canceled`` (reason ``canceled``)."""
        challenge = self.get(challenge_id, account)
        if account != challenge.challenger:
            raise NotChallenger("only the challenger cancels a challenge")
        outcome, status, *_ = self._run(challenge_id, "cancel", account)
        if outcome == "expired_now":
            self._tell_expired(challenge)
        if outcome != CANCELED:
            raise ChallengeClosed(f"the challenge is {status}", challenge_status=status)
        self.redis.zrem(EXPIRY_KEY, challenge_id)
        frame = {"type": "challenge_canceled", "challenge": challenge_id, "reason": "canceled"}
        for opponent in challenge.opponents:
            self.games.account_streams.notify(opponent, frame)
        return self.get(challenge_id, account)

    # --- expiry --------------------------------------------------------------------------------

    def expire(self, challenge_id: str) -> bool:
        """Expire the challenge if it is open and past its time; True when this call did (it
        then wrote the ``challenge_canceled`` frames, reason ``expired``, to every account)."""
        challenge = self._read(challenge_id)
        if challenge is None:
            self.redis.zrem(EXPIRY_KEY, challenge_id)
            return False
        outcome, status = self._run(challenge_id, "expire")[:2]
        if outcome == "expired_now":
            self._tell_expired(challenge)
        if status != OPEN:  # closed by whatever means: no longer the sweeper's
            self.redis.zrem(EXPIRY_KEY, challenge_id)
        return outcome == "expired_now"

    def _tell_expired(self, challenge: Challenge) -> None:
        frame = {"type": "challenge_canceled", "challenge": challenge.id, "reason": "expired"}
        for account in challenge.accounts:
            self.games.account_streams.notify(account, frame)
        self.redis.zrem(EXPIRY_KEY, challenge.id)

    def expire_due(self, batch: int = EXPIRY_BATCH) -> int:
        """Expire the open challenges whose time has come (the sweeper's part); how many."""
        now_ms = _ms(self._now())
        found = self.redis.zrangebyscore(EXPIRY_KEY, 0, now_ms, 0, batch)
        due = [reply_text(member) for member in found]
        return sum(self.expire(challenge_id) for challenge_id in due)
