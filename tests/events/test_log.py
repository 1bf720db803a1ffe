"""The log of archived games in Redis (events/log.py), on a real server and on a Redis Cluster.

Its proofs are held to the O(n) reference of ``events.transparency`` (itself held to RFC 9162's
test vectors, tests/events/test_transparency.py): every inclusion and consistency proof of
every tree up to 40 leaves, spot checks at a few thousand, and each verifies. Appending is
idempotent by content, and threads appending at once neither repeat a leaf nor leave a gap.
"""

from __future__ import annotations

import hashlib
import random
import threading
from collections.abc import Iterator

import pytest
from redis.crc import key_slot

from events import transparency
from events.log import (
    GAMES_KEY,
    HASHES_KEY,
    KEPT_FROM_LEVEL,
    LEAVES_KEY,
    LogNotEmpty,
    TransparencyLog,
)
from events.redis_client import Client
from events.transparency import (
    consistency_proof,
    inclusion_proof,
    leaf_hash,
    verify_consistency,
    verify_inclusion,
)
from tests.threads import run_threads

EXHAUSTIVE = 40


def archived(n: int, game: str | None = None) -> bytes:
    """The ``n``-th test game's archived leaf (its own id, head hash and count)."""
    head = hashlib.sha256(b"head %d" % n).hexdigest()
    return transparency.archived_leaf(game or f"{n:032x}", head, n + 1)


def forget(client: Client) -> None:
    """Delete the log's keys: each test's log starts empty (the database is the process's)."""
    for key in (LEAVES_KEY, HASHES_KEY, GAMES_KEY):
        client.delete(key)


@pytest.fixture
def log(redis_client: Client) -> Iterator[TransparencyLog]:
    forget(redis_client)
    yield TransparencyLog(redis_client)
    forget(redis_client)


def test_the_keys_share_one_cluster_slot() -> None:
    assert len({key_slot(key.encode()) for key in (LEAVES_KEY, HASHES_KEY, GAMES_KEY)}) == 1
    assert LEAVES_KEY == "fd:{log}:leaves"


def test_an_empty_log(log: TransparencyLog) -> None:
    assert log.size() == 0
    assert log.root() == transparency.EMPTY_ROOT == log.root(0)
    assert log.leaves(0, 10) == []
    assert log.index_of_game("0" * 32) is None
    with pytest.raises(IndexError):
        log.leaf(0)
    with pytest.raises(ValueError):
        log.root(1)


def test_append_is_idempotent_by_content(log: TransparencyLog, redis_client: Client) -> None:
    assert log.append(archived(0)) == (0, True)
    assert log.append(archived(1)) == (1, True)
    assert log.append(archived(0)) == (0, False)
    assert log.append(archived(1)) == (1, False)
    assert log.size() == 2 == redis_client.llen(LEAVES_KEY) == redis_client.hlen(HASHES_KEY)
    assert log.leaves(0, 5) == [archived(0), archived(1)]
    assert (log.leaf(0), log.leaf(1)) == (archived(0), archived(1))


def test_a_malformed_leaf_is_refused_and_nothing_written(log: TransparencyLog) -> None:
    for bad in (b"", b"hello\n", archived(0)[:-1], archived(0).replace(b"\n1\n", b"\n01\n")):
        with pytest.raises(ValueError):
            log.append(bad)
    assert log.size() == 0


def test_a_game_index_names_its_newest_leaf(log: TransparencyLog) -> None:
    game = "a" * 32
    first = archived(5, game)
    tombstone = transparency.tombstone_leaf(game, hashlib.sha256(b"x").hexdigest(), 7, "asked")
    assert log.append(first) == (0, True)
    log.append(archived(1))
    assert log.index_of_game(game) == 0
    assert log.append(tombstone) == (2, True)
    assert log.index_of_game(game) == 2
    assert log.append(first) == (0, False)  # the same archived leaf again: still the tombstone
    assert log.index_of_game(game) == 2
    assert log.index_of_game(f"{1:032x}") == 1
    assert log.index_of_game("b" * 32) is None


def test_leaves_and_ranges(log: TransparencyLog) -> None:
    for n in range(5):
        log.append(archived(n))
    assert log.leaves(1, 3) == [archived(1), archived(2)]
    assert log.leaves(3, 3) == []
    assert log.leaves(3, 100) == [archived(3), archived(4)]
    assert log.leaves(7, 9) == []
    with pytest.raises(ValueError):
        log.leaves(3, 2)
    with pytest.raises(ValueError):
        log.leaves(-1, 2)
    with pytest.raises(IndexError):
        log.leaf(5)
    with pytest.raises(IndexError):
        log.leaf(-1)


def check_every_proof(log: TransparencyLog, hashes: list[bytes], sizes: range) -> int:
    """Every inclusion and consistency proof of the trees of ``sizes`` leaves, against the O(n)
    reference and its verifiers; how many proofs were checked."""
    checked = 0
    for size in sizes:
        root = log.root(size)
        assert root == transparency.root(hashes[:size]), size
        for index in range(size):
            proof = log.inclusion(index, size)
            assert proof == inclusion_proof(index, size, hashes), (index, size)
            assert verify_inclusion(hashes[index], index, size, proof, root)
            checked += 1
        for old in range(1, size + 1):
            proof = log.consistency(old, size)
            assert proof == consistency_proof(old, size, hashes), (old, size)
            assert verify_consistency(old, size, log.root(old), root, proof)
            checked += 1
    return checked


def test_every_proof_up_to_40_leaves_equals_the_reference(
    log: TransparencyLog, redis_client: Client
) -> None:
    hashes: list[bytes] = []
    for n in range(EXHAUSTIVE):
        assert log.append(archived(n)) == (n, True)
        hashes.append(leaf_hash(archived(n)))
        # The cache grows a leaf at a time: the whole tree so far, after each append.
        assert log.root() == transparency.root(hashes)
    checked = check_every_proof(log, hashes, range(1, EXHAUSTIVE + 1))
    assert checked == EXHAUSTIVE * (EXHAUSTIVE + 1)  # n(n+1)/2 of each kind
    # A process that starts now reads the whole log at once: the same answers.
    assert check_every_proof(TransparencyLog(redis_client), hashes, range(EXHAUSTIVE, 0, -1))


def test_proofs_of_a_few_thousand_leaves(log: TransparencyLog, redis_client: Client) -> None:
    count = 3000
    leaves = [archived(n) for n in range(count)]
    log.restore(leaves)
    hashes = [leaf_hash(leaf) for leaf in leaves]
    rng = random.Random(42)
    assert log.root() == transparency.root(hashes)
    sizes = [count, count - 1, 2048, 2049, 1023, 1, 2, *rng.sample(range(1, count + 1), 8)]
    for size in sizes:
        root = log.root(size)
        assert root == transparency.root(hashes[:size])
        for index in {0, size - 1, size // 2, rng.randrange(size)}:
            proof = log.inclusion(index, size)
            assert proof == inclusion_proof(index, size, hashes)
            assert verify_inclusion(hashes[index], index, size, proof, root)
        for old in {1, size, max(size // 2, 1), rng.randrange(1, size + 1), 1024 % size or 1}:
            proof = log.consistency(old, size)
            assert proof == consistency_proof(old, size, hashes)
            assert verify_consistency(old, size, log.root(old), root, proof)
    # 32 bytes a leaf hash, 32 per subtree of 8 or more leaves (a quarter of the count).
    tree = log._tree
    assert tree.size == count
    assert tree.nbytes() <= count * 32 * 5 // 4 + 32 * 2 * count.bit_length()
    assert KEPT_FROM_LEVEL == 3


def test_a_proof_of_another_leaf_index_or_tree_fails(log: TransparencyLog) -> None:
    for n in range(11):
        log.append(archived(n))
    root, proof = log.root(), log.inclusion(4, 11)
    assert verify_inclusion(leaf_hash(archived(4)), 4, 11, proof, root)
    assert not verify_inclusion(leaf_hash(archived(5)), 4, 11, proof, root)
    assert not verify_inclusion(leaf_hash(archived(4)), 5, 11, proof, root)
    assert not verify_inclusion(leaf_hash(archived(4)), 4, 11, proof, log.root(10))
    consistency = log.consistency(6, 11)
    assert verify_consistency(6, 11, log.root(6), root, consistency)
    assert not verify_consistency(6, 11, log.root(7), root, consistency)


def test_proofs_refuse_what_the_log_does_not_have(log: TransparencyLog) -> None:
    for n in range(3):
        log.append(archived(n))
    for call in (
        lambda: log.inclusion(3, 3),
        lambda: log.inclusion(0, 4),
        lambda: log.inclusion(-1, 3),
        lambda: log.consistency(0, 3),
        lambda: log.consistency(3, 2),
        lambda: log.consistency(1, 4),
        lambda: log.root(4),
    ):
        with pytest.raises(ValueError):
            call()


def test_concurrent_appends_never_repeat_a_leaf_nor_leave_a_gap(
    log: TransparencyLog, redis_client: Client
) -> None:
    threads, shared, own = 8, 60, 15
    common = [archived(n) for n in range(shared)]
    answers: list[dict[bytes, int]] = [{} for _ in range(threads)]
    start = threading.Barrier(threads)

    def append_all(worker: int) -> None:
        mine = [archived(1000 + worker * own + n) for n in range(own)]
        leaves = common + mine
        random.Random(worker).shuffle(leaves)
        appender = TransparencyLog(redis_client)  # as a worker process has its own
        start.wait()
        for leaf in leaves:
            index, _ = appender.append(leaf)
            answers[worker][leaf] = index

    run_threads(threads, append_all, timeout=60)
    size = shared + threads * own
    stored = log.leaves(0, size + 10)
    assert log.size() == size == len(stored) == len(set(stored))
    assert redis_client.hlen(HASHES_KEY) == size
    for answer in answers:
        assert len(answer) == shared + own
        for leaf, index in answer.items():
            assert stored[index] == leaf  # every caller got the leaf's one index
    assert {leaf for answer in answers for leaf in answer} == set(stored)
    hashes = [leaf_hash(leaf) for leaf in stored]
    assert log.root() == transparency.root(hashes)


def test_restore_rebuilds_a_lost_log(log: TransparencyLog, redis_client: Client) -> None:
    game = "c" * 32
    leaves = [
        archived(0, game),
        archived(1),
        transparency.tombstone_leaf(game, hashlib.sha256(b"y").hexdigest(), 3, "gone"),
    ]
    for leaf in leaves:
        log.append(leaf)
    root = log.root()
    forget(redis_client)  # Redis lost; the archive kept the leaves
    assert log.size() == 0
    log.restore(leaves)
    assert log.size() == 3 and log.root() == root
    assert log.index_of_game(game) == 2
    assert log.append(leaves[1]) == (1, False)
    assert log.append(archived(3)) == (3, True)


def test_restore_is_refused_on_a_log_with_leaves(log: TransparencyLog) -> None:
    log.append(archived(0))
    with pytest.raises(LogNotEmpty):
        log.restore([archived(1), archived(2)])
    with pytest.raises(LogNotEmpty):
        log.restore([])
    assert log.leaves(0, 10) == [archived(0)]


def test_restore_refuses_a_malformed_or_repeated_leaf(log: TransparencyLog) -> None:
    with pytest.raises(ValueError, match="leaf 1"):
        log.restore([archived(0), b"nonsense\n", archived(2)])
    with pytest.raises(ValueError, match="repeats"):
        log.restore([archived(0), archived(1), archived(0)])
    assert log.size() == 0


def test_the_cache_follows_a_log_that_was_lost_and_begun_again(
    log: TransparencyLog, redis_client: Client
) -> None:
    for n in range(6):
        log.append(archived(n))
    assert log.root() == transparency.root([leaf_hash(archived(n)) for n in range(6)])
    forget(redis_client)
    # Another log, longer: the cached hashes are not its leaves'.
    other = [archived(100 + n) for n in range(9)]
    for leaf in other:
        log.append(leaf)
    hashes = [leaf_hash(leaf) for leaf in other]
    assert log.root(9) == transparency.root(hashes)
    assert log.inclusion(2, 9) == inclusion_proof(2, 9, hashes)
    # And a shorter one: the size says so before any proof is asked.
    forget(redis_client)
    log.append(archived(7))
    assert log.size() == 1
    assert log.root() == leaf_hash(archived(7))


def test_the_cache_is_built_once_for_many_readers(log: TransparencyLog) -> None:
    """Threads asking at once for proofs over new leaves all get the reference's answers."""
    count = 200
    for n in range(count):
        log.append(archived(n))
    hashes = [leaf_hash(archived(n)) for n in range(count)]
    expected = [inclusion_proof(i, count, hashes) for i in range(0, count, 7)]
    found: list[list[list[bytes]]] = [[] for _ in range(6)]

    def read(worker: int) -> None:
        found[worker] = [log.inclusion(i, count) for i in range(0, count, 7)]

    run_threads(6, read, timeout=60)
    assert all(proofs == expected for proofs in found)
