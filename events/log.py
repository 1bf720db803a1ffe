"""The log of archived and deleted games, kept in Redis, with proofs in O(log n) (issue #42).

``events/transparency.py`` is the pure core: the leaves, RFC 9162's tree, its proofs from the
full list of leaf hashes (O(n) each) and the signed checkpoints. This module keeps the leaves
where every process of the service sees them, and answers the same proofs without hashing the
whole tree per request.

**Storage.** Three keys share the hash tag ``{log}``, so they live in one Redis Cluster slot
and one Lua script may touch them all:

* ``fd:{log}:leaves``: a list of the leaves' bytes, in log order (``RPUSH``);
* ``fd:{log}:hashes``: leaf hash (32 raw bytes) → index. It makes :meth:`TransparencyLog.append`
  idempotent by content: the archiver may retry after a crash, and the same leaf twice would
  tell a monitor that one game was archived twice;
* ``fd:{log}:games``: game id → index of the newest leaf naming it (an archived game's, or the
  tombstone that deleted it), for the game's proof.

``append`` is one Lua script: it looks the leaf hash up and pushes only when it is new, so any
number of worker processes appending at once can neither log the same bytes twice nor leave an
index without its leaf.

**Proofs in O(log n).** Every tree RFC 9162 hashes is cut at a power of two, so any range its
algorithms ask the hash of, ``[a, b)``, is a perfect, aligned subtree on the left (``a`` is a
multiple of its size) and a smaller range of the same kind on the right edge. Each process keeps
the hashes of the perfect subtrees of the leaves it has seen (:class:`_Tree`), extended
incrementally with the leaves appended since (one ``LRANGE`` from the cached size). A range's
hash is then O(log n) look-ups and hashes, and a proof, which asks for O(log n) ranges whose
right-edge parts repeat, O(log n) too once those parts are remembered per request.

The cache assumes what the log promises: it only grows. When Redis holds fewer leaves than the
cache, or the last cached leaf is not the one Redis has at that index (Redis was lost and the
log restored or restarted), the cache starts afresh from Redis.

Memory: 32 bytes per leaf for the leaf hashes, plus 32 bytes per perfect subtree of 8 leaves
or more (a quarter of the leaves' count, in all): 40 bytes a leaf, 4 MB at 100,000 leaves. The
subtrees of 2 and 4 leaves are not kept (they would add 24 bytes a leaf): each is at most three
hashes away from the leaf hashes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final

import redis

from events import transparency
from events.transparency import HASH_SIZE, leaf_hash, node_hash

if TYPE_CHECKING:
    from events.redis_client import Client

__all__ = [
    "GAMES_KEY",
    "HASHES_KEY",
    "LEAVES_KEY",
    "PREFIX",
    "LogNotEmpty",
    "TransparencyLog",
]

PREFIX: Final = "fd:{log}"
LEAVES_KEY: Final = f"{PREFIX}:leaves"
HASHES_KEY: Final = f"{PREFIX}:hashes"
GAMES_KEY: Final = f"{PREFIX}:games"

# Leaves read from Redis per LRANGE while the cache catches up: a process starting against a
# large log reads it in pieces of about a megabyte, not in one reply of the whole log.
READ_CHUNK: Final = 8192
# The lowest level of perfect subtrees the cache keeps above the leaves (8 leaves and up).
KEPT_FROM_LEVEL: Final = 3

# KEYS: leaves, hashes, games. ARGV: the leaf, its hash, its game id.
# Returns {index, 1} for a new leaf, {index, 0} for a leaf the log already holds.
APPEND_LUA: Final = """
local found = redis.call('HGET', KEYS[2], ARGV[2])
if found then
  return {tonumber(found), 0}
end
local index = redis.call('RPUSH', KEYS[1], ARGV[1]) - 1
redis.call('HSET', KEYS[2], ARGV[2], index)
redis.call('HSET', KEYS[3], ARGV[3], index)
return {index, 1}
"""

# KEYS: leaves, hashes, games. ARGV: leaf, hash, game id, for each leaf in log order.
# All or nothing: refused unless the log has no leaf (its other keys are then stale, and go).
# A command per batch of leaves, not per leaf: 100,000 leaves in a few hundred calls (unpack
# takes a few thousand values at most).
RESTORE_LUA: Final = """
if redis.call('LLEN', KEYS[1]) ~= 0 then
  return redis.error_reply('LOG_NOT_EMPTY the log already has leaves')
end
redis.call('DEL', KEYS[2], KEYS[3])
local count = #ARGV / 3
local batch = 1000
for first = 0, count - 1, batch do
  local last = math.min(first + batch, count) - 1
  local leaves, hashes, games = {}, {}, {}
  for i = first, last do
    leaves[#leaves + 1] = ARGV[3 * i + 1]
    hashes[#hashes + 1] = ARGV[3 * i + 2]
    hashes[#hashes + 1] = i
    games[#games + 1] = ARGV[3 * i + 3]
    games[#games + 1] = i
  end
  redis.call('RPUSH', KEYS[1], unpack(leaves))
  redis.call('HSET', KEYS[2], unpack(hashes))
  redis.call('HSET', KEYS[3], unpack(games))
end
return count
"""


class LogNotEmpty(ValueError):
    """``restore`` on a log that already has leaves: restoring would append after them."""


def _raw(value: object) -> bytes:
    """A reply of Redis as the bytes it is (a client with ``decode_responses`` would mangle
    the hashes)."""
    if not isinstance(value, bytes):
        raise TypeError(f"the log needs a Redis client that answers bytes, not {type(value)}")
    return value


def _split(n: int) -> int:
    """The largest power of two smaller than ``n`` (for ``n > 1``): where MTH cuts a tree."""
    return 1 << ((n - 1).bit_length() - 1)


class _Tree:
    """The hashes of the perfect subtrees of a log's first ``size`` leaves.

    ``levels[0]`` holds the leaf hashes, ``levels[L]`` (``L >= KEPT_FROM_LEVEL``) the hash of
    every complete subtree of ``2**L`` leaves starting at a multiple of ``2**L``, in order, each
    32 bytes of one ``bytearray`` (a ``bytes`` object per hash would cost 65 bytes more). Levels
    in between are ``None`` and worked out from the leaf hashes when asked.

    Only grows: a reader that holds a ``_Tree`` may read any subtree within the size it asked
    for while another thread extends it, since extending never changes bytes already written.
    """

    def __init__(self) -> None:
        self.size = 0
        self.levels: list[bytearray | None] = [bytearray()]
        # The hash of the left sibling waiting for its right one, per level (the right edge).
        self._pending: list[bytes] = [b""]

    def nbytes(self) -> int:
        """The bytes of hashes held (the levels' and the right edge's)."""
        return sum(len(level) for level in self.levels if level is not None) + HASH_SIZE * len(
            self._pending
        )

    def extend(self, hashes: Sequence[bytes]) -> None:
        """Add the leaves with these hashes after the first ``size``."""
        for value in hashes:
            index, level, current = self.size, 0, value
            while True:
                if level == len(self.levels):
                    self.levels.append(bytearray() if level >= KEPT_FROM_LEVEL else None)
                    self._pending.append(b"")
                kept = self.levels[level]
                if kept is not None:
                    kept += current
                if not index & 1:  # a left child: its parent is complete once its sibling is
                    self._pending[level] = current
                    break
                current = node_hash(self._pending[level], current)
                index >>= 1
                level += 1
            self.size += 1

    def last_leaf_hash(self) -> bytes:
        leaves = self.levels[0]
        assert leaves is not None and self.size > 0
        return bytes(leaves[-HASH_SIZE:])

    def node(self, level: int, index: int) -> bytes:
        """MTH of the leaves ``[index * 2**level, (index + 1) * 2**level)`` (all present)."""
        kept = self.levels[level]
        if kept is not None:
            return bytes(kept[index * HASH_SIZE : (index + 1) * HASH_SIZE])
        return node_hash(self.node(level - 1, 2 * index), self.node(level - 1, 2 * index + 1))

    def hasher(self) -> Callable[[int, int], bytes]:
        """``mth(a, b)``: MTH of the leaves ``[a, b)`` (``a < b <= size``), remembering the
        ranges that are not one perfect subtree, for the length of one proof."""
        known: dict[tuple[int, int], bytes] = {}

        def mth(start: int, end: int) -> bytes:
            width = end - start
            if not width & (width - 1) and not start % width:  # one perfect, aligned subtree
                level = width.bit_length() - 1
                return self.node(level, start >> level)
            found = known.get((start, end))
            if found is None:
                middle = start + _split(width)
                found = known[(start, end)] = node_hash(mth(start, middle), mth(middle, end))
            return found

        return mth


def _path(mth: Callable[[int, int], bytes], m: int, start: int, end: int) -> list[bytes]:
    """PATH(m, D[start:end]) of RFC 9162 §2.1.3.1, as ``transparency._path``, from ``mth``."""
    path: list[bytes] = []
    while end - start > 1:  # the recursion, unrolled: the siblings from the top down
        middle = start + _split(end - start)
        if start + m < middle:
            path.append(mth(middle, end))
            end = middle
        else:
            path.append(mth(start, middle))
            m -= middle - start
            start = middle
    path.reverse()  # the RFC lists them from the leaf up
    return path


def _subproof(mth: Callable[[int, int], bytes], m: int, start: int, end: int) -> list[bytes]:
    """SUBPROOF(m, D[start:end], true) of RFC 9162 §2.1.4.1, as ``transparency._subproof``."""
    proof: list[bytes] = []
    complete = True
    while m != end - start:
        k = _split(end - start)
        if m <= k:
            proof.append(mth(start + k, end))
            end = start + k
        else:
            proof.append(mth(start, start + k))
            m -= k
            start += k
            complete = False
    if not complete:
        proof.append(mth(start, end))
    proof.reverse()
    return proof


class TransparencyLog:
    """The log of archived and deleted games on the store's Redis (see the module docstring).

    One per process is enough and best: its cache of subtree hashes is the process's. Safe to
    share between threads and greenlets.
    """

    def __init__(self, redis_client: Client) -> None:
        self._redis = redis_client
        self._append = redis_client.register_script(APPEND_LUA)
        self._restore = redis_client.register_script(RESTORE_LUA)
        self._tree = _Tree()
        self._lock = threading.Lock()  # around extending the cache (gevent patches it)

    # --- writing --------------------------------------------------------------------------------

    def append(self, leaf: bytes) -> tuple[int, bool]:
        """Append ``leaf`` (a leaf of ``events.transparency``; ``ValueError`` otherwise) once:
        ``(its index, True)``, or ``(the index it already has, False)``."""
        parsed = transparency.parse_leaf(leaf)
        keys = [LEAVES_KEY, HASHES_KEY, GAMES_KEY]
        index, new = self._append(keys=keys, args=[leaf, leaf_hash(leaf), parsed.game_id])
        return int(index), bool(new)

    def restore(self, leaves: Sequence[bytes]) -> None:
        """Rebuild a lost log from the archive's copy of its leaves, in order, at once.

        Refused (:class:`LogNotEmpty`) unless the log has no leaf, and (``ValueError``) when a
        leaf is malformed or repeated: this log never holds the same bytes twice. One script,
        so nothing else can append in between and a failure leaves the log empty; Redis runs
        it for about 4 µs a leaf (0.4 s for 100,000), serving nothing else meanwhile.
        """
        args: list[bytes | str] = []
        seen: set[bytes] = set()
        for position, leaf in enumerate(leaves):
            try:
                parsed = transparency.parse_leaf(leaf)
            except ValueError as error:
                raise ValueError(f"leaf {position}: {error}") from None
            digest = leaf_hash(leaf)
            if digest in seen:
                raise ValueError(f"leaf {position} repeats an earlier leaf")
            seen.add(digest)
            args += [leaf, digest, parsed.game_id]
        try:
            self._restore(keys=[LEAVES_KEY, HASHES_KEY, GAMES_KEY], args=args)
        except redis.ResponseError as error:
            if "LOG_NOT_EMPTY" in str(error):
                raise LogNotEmpty("the log already has leaves; restore only an empty log") from None
            raise

    # --- reading --------------------------------------------------------------------------------

    def size(self) -> int:
        """How many leaves the log has."""
        size = int(self._redis.llen(LEAVES_KEY))
        if size < self._tree.size:  # Redis was lost: what this process cached is no more
            with self._lock:
                if size < self._tree.size:
                    self._tree = _Tree()
        return size

    def leaf(self, index: int) -> bytes:
        """The leaf at ``index``; ``IndexError`` when the log has none there."""
        found = self._redis.lindex(LEAVES_KEY, index) if index >= 0 else None
        if found is None:
            raise IndexError(f"the log has no leaf {index}")
        return _raw(found)

    def leaves(self, start: int, end: int) -> list[bytes]:
        """The leaves ``[start, end)`` that the log has (fewer when it ends before ``end``)."""
        if not 0 <= start <= end:
            raise ValueError(f"a range of leaves has 0 <= start <= end, not [{start}, {end})")
        if start == end:
            return []
        return [_raw(leaf) for leaf in self._redis.lrange(LEAVES_KEY, start, end - 1)]

    def index_of_game(self, game_id: str) -> int | None:
        """The index of the newest leaf naming ``game_id`` (archived or tombstone), if any."""
        found = self._redis.hget(GAMES_KEY, game_id)
        return None if found is None else int(found)

    # --- the tree -------------------------------------------------------------------------------

    def root(self, size: int | None = None) -> bytes:
        """MTH of the first ``size`` leaves (all of them by default)."""
        if size is None:
            size = self.size()
        if size == 0:
            return transparency.EMPTY_ROOT
        return self._covering(size).hasher()(0, size)

    def inclusion(self, index: int, size: int) -> list[bytes]:
        """The audit path of leaf ``index`` in the tree of the first ``size`` leaves (RFC 9162
        §2.1.3), as ``transparency.inclusion_proof`` gives it."""
        if not 0 <= index < size:
            raise ValueError(f"leaf {index} is not in a tree of size {size}")
        return _path(self._covering(size).hasher(), index, 0, size)

    def consistency(self, old: int, new: int) -> list[bytes]:
        """The proof that the tree of the first ``old`` leaves is a prefix of the tree of the
        first ``new`` (RFC 9162 §2.1.4), as ``transparency.consistency_proof`` gives it."""
        if not 0 < old <= new:
            raise ValueError(f"a consistency proof needs 0 < old <= new, not {old}, {new}")
        return _subproof(self._covering(new).hasher(), old, 0, new)

    def _covering(self, size: int) -> _Tree:
        """The cache, holding at least the first ``size`` leaves (read from Redis if need be);
        ``ValueError`` when the log has fewer."""
        tree = self._tree
        if tree.size >= size:
            return tree
        with self._lock:
            tree = self._catch_up()
        if tree.size < size:
            raise ValueError(f"the log has {tree.size} leaves, not {size}")
        return tree

    def _catch_up(self) -> _Tree:
        """Extend the cache with the leaves appended since it was read (under the lock)."""
        tree = self._tree
        if tree.size:
            # The last leaf cached must still be there, as it was; else this is another log
            # (Redis lost, the log restored or begun again): read it afresh.
            last = self._redis.lindex(LEAVES_KEY, tree.size - 1)
            if last is None or leaf_hash(_raw(last)) != tree.last_leaf_hash():
                tree = _Tree()
        while True:
            chunk = self._redis.lrange(LEAVES_KEY, tree.size, tree.size + READ_CHUNK - 1)
            tree.extend([leaf_hash(_raw(leaf)) for leaf in chunk])
            self._tree = tree
            if len(chunk) < READ_CHUNK:
                return tree
