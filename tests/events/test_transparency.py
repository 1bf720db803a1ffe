"""The tamper-evident log (events/transparency.py): leaves, the RFC 9162 tree, its proofs and
signed checkpoints, against published test vectors and against rewritten logs."""

from __future__ import annotations

import base64
import hashlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from events.envelope import GENESIS_HASH
from events.transparency import (
    EMPTY_ROOT,
    Checkpoint,
    CheckpointError,
    KeyFormatError,
    Leaf,
    Verifier,
    archived_leaf,
    checkpoint_text,
    consistency_proof,
    inclusion_proof,
    key_id,
    leaf_hash,
    load_signer,
    load_verifier,
    node_hash,
    open_checkpoint,
    open_note,
    parse_leaf,
    root,
    sign_checkpoint,
    sign_note,
    signer_key,
    tombstone_leaf,
    verify_consistency,
    verify_inclusion,
)

# --- Test vectors of the RFC 6962 / 9162 tree ----------------------------------------------------
# From github.com/transparency-dev/merkle (where the Certificate Transparency and Trillian code
# moved), commit 417fb0c314750d94e53942e9f92e79b6d35915db, Apache-2.0:
# * the leaf inputs and the roots of the trees of sizes 0..8: testonly/constants.go
#   (LeafInputs, RootHashes);
# * the proofs: cmd/proofgen/main.go (inclusionProofs, consistencyProofs), which writes
#   testdata/inclusion/<i>/happy-path.json and testdata/consistency/<i>/happy-path.json, then
#   the wrong variants of each (invalidInclusionProof, invalidConsistencyProof), and the
#   "additional" and "single-entry" probes. Those generators are ported below, so these tests
#   check the same probes as proof/verify_test.go. proofgen numbers leaves from 1; here from 0.

LEAF_INPUTS = [
    b"",
    b"\x00",
    b"\x10",
    b"\x20\x21",
    b"\x30\x31",
    b"\x40\x41\x42\x43",
    b"\x50\x51\x52\x53\x54\x55\x56\x57",
    b"\x60\x61\x62\x63\x64\x65\x66\x67\x68\x69\x6a\x6b\x6c\x6d\x6e\x6f",
]
ROOTS = [
    bytes.fromhex(h)
    for h in (
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
        "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
        "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
        "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
        "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
        "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
        "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
        "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
    )
]
VECTOR_HASHES = [leaf_hash(leaf) for leaf in LEAF_INPUTS]


def _hx(*hashes: str) -> list[bytes]:
    return [bytes.fromhex(h) for h in hashes]


# (leaf index, tree size, audit path)
INCLUSION_PROOFS = [
    (0, 1, []),
    (
        0,
        8,
        _hx(
            "96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
            "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
            "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4",
        ),
    ),
    (
        5,
        8,
        _hx(
            "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
            "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
            "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
        ),
    ),
    (2, 3, _hx("fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125")),
    (
        1,
        5,
        _hx(
            "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
            "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
            "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
        ),
    ),
]
# (old size, new size, proof)
CONSISTENCY_PROOFS = [
    (1, 1, []),
    (
        1,
        8,
        _hx(
            "96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
            "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
            "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4",
        ),
    ),
    (
        6,
        8,
        _hx(
            "0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a",
            "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
            "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
        ),
    ),
    (
        2,
        5,
        _hx(
            "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
            "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
        ),
    ),
    (
        6,
        7,
        _hx(
            "0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a",
            "b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f",
            "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
        ),
    ),
]
SOME_HASH = bytes.fromhex("abacaba000000000000000000000000000000000000000000060061e00123456")


def _flip(proof: list[bytes], i: int, bit: int) -> list[bytes]:
    changed = list(proof)
    changed[i] = bytes([changed[i][0] ^ bit]) + changed[i][1:]
    return changed


def wrong_inclusions(index: int, size: int, proof: list[bytes], root_: bytes, leaf: bytes):
    """proofgen's invalidInclusionProof: (description, leaf hash, index, size, proof, root)."""
    yield "leafIdx sub 1", leaf, index - 1, size, proof, root_
    yield "leafIdx plus 1", leaf, index + 1, size, proof, root_
    yield "leafIdx XOR 2", leaf, index ^ 2, size, proof, root_
    yield "treeSize mul 2", leaf, index, size * 2, proof, root_
    yield "treeSize div 2", leaf, index, size // 2, proof, root_
    yield "wrong leaf", b"WrongLeaf", index, size, proof, root_
    yield "empty root", leaf, index, size, proof, EMPTY_ROOT
    yield "random root", leaf, index, size, proof, SOME_HASH
    yield "trailing garbage", leaf, index, size, [*proof, b""], root_
    yield "trailing root", leaf, index, size, [*proof, root_], root_
    yield "preceding garbage", leaf, index, size, [b"", *proof], root_
    yield "preceding root", leaf, index, size, [root_, *proof], root_
    for i in range(len(proof)):
        yield f"modified proof[{i}] bit 3", leaf, index, size, _flip(proof, i, 8), root_
    if proof:
        yield "removed component", leaf, index, size, proof[:-1], root_
    if len(proof) > 1:
        yield "inserted component", leaf, index, size, [proof[0], SOME_HASH, *proof[1:]], root_


def wrong_consistencies(m: int, n: int, old: bytes, new: bytes, proof: list[bytes]):
    """proofgen's invalidConsistencyProof: (description, m, n, old root, new root, proof)."""
    yield "size1 sub 1", m - 1, n, old, new, proof
    yield "size1 plus 1", m + 1, n, old, new, proof
    yield "size1 XOR 2", m ^ 2, n, old, new, proof
    yield "size2 mul 2", m, n * 2, old, new, proof
    yield "size2 div 2", m, n // 2, old, new, proof
    yield "wrong root1", m, n, b"WrongRoot", new, proof
    yield "wrong root2", m, n, old, b"WrongRoot", proof
    yield "swapped roots", m, n, new, old, proof
    yield "empty proof", m, n, old, new, []
    yield "trailing garbage", m, n, old, new, [*proof, b""]
    yield "trailing root1", m, n, old, new, [*proof, old]
    yield "trailing root2", m, n, old, new, [*proof, new]
    yield "preceding garbage", m, n, old, new, [b"", *proof]
    yield "preceding root1", m, n, old, new, [old, *proof]
    yield "preceding root2", m, n, old, new, [new, *proof]
    yield "preceding proof[0]", m, n, old, new, [proof[0], *proof]
    yield "truncated proof", m, n, old, new, proof[:-1]
    for i in range(len(proof)):
        yield f"modified proof[{i}] bit 4", m, n, old, new, _flip(proof, i, 16)


def test_empty_tree_hash_is_sha256_of_nothing() -> None:
    assert root([]) == EMPTY_ROOT == hashlib.sha256(b"").digest() == ROOTS[0]


@pytest.mark.parametrize("size", range(9))
def test_roots_of_the_reference_trees(size: int) -> None:
    assert root(VECTOR_HASHES[:size]) == ROOTS[size]


def test_leaf_and_node_hashes_are_domain_separated() -> None:
    assert leaf_hash(b"") == hashlib.sha256(b"\x00").digest()
    assert (
        node_hash(b"a" * 32, b"b" * 32) == hashlib.sha256(b"\x01" + b"a" * 32 + b"b" * 32).digest()
    )
    assert VECTOR_HASHES[0].hex() == ROOTS[1].hex()  # the tree of one leaf is that leaf's hash


@pytest.mark.parametrize(("index", "size", "proof"), INCLUSION_PROOFS)
def test_inclusion_vectors(index: int, size: int, proof: list[bytes]) -> None:
    assert inclusion_proof(index, size, VECTOR_HASHES) == proof
    leaf = VECTOR_HASHES[index]
    assert verify_inclusion(leaf, index, size, proof, ROOTS[size])
    for desc, *wrong in wrong_inclusions(index, size, proof, ROOTS[size], leaf):
        assert not verify_inclusion(*wrong), desc


@pytest.mark.parametrize(("m", "n", "proof"), CONSISTENCY_PROOFS)
def test_consistency_vectors(m: int, n: int, proof: list[bytes]) -> None:
    assert consistency_proof(m, n, VECTOR_HASHES) == proof
    assert verify_consistency(m, n, ROOTS[m], ROOTS[n], proof)
    if proof:  # proofgen mutates the non-trivial proofs only
        for desc, *wrong in wrong_consistencies(m, n, ROOTS[m], ROOTS[n], proof):
            assert not verify_consistency(*wrong), desc


def test_static_inclusion_probes() -> None:
    """proofgen's staticInclusionProbes and singleEntryInclusionProbes."""
    for index, size in ((0, 0), (0, 1), (1, 0), (2, 1)):
        assert not verify_inclusion(SOME_HASH, index, size, [], b""), "random leaf"
        assert not verify_inclusion(b"", index, size, [], EMPTY_ROOT), "empty root"
        assert not verify_inclusion(SOME_HASH, index, size, [], EMPTY_ROOT), "both"
    data = leaf_hash(b"data")
    assert verify_inclusion(data, 0, 1, [], data)
    assert not verify_inclusion(b"", 0, 1, [], data)
    assert not verify_inclusion(data, 0, 1, [], b"")
    assert not verify_inclusion(b"", 0, 1, [], b"")


def test_static_consistency_probes() -> None:
    """proofgen's staticConsistencyProbes. One differs on purpose: "sizes are equal (one) and
    proof is empty" passes there with two equal 12-byte "roots"; here every hash must be 32
    bytes, so it fails, and the same probe with a real root passes."""
    one, two = b"don't care 1", b"don't care 2"
    empty = EMPTY_ROOT
    for m, n, old, new, proof in [
        (0, 0, one, two, []),
        (1, 1, one, two, []),
        (0, 0, one, one, []),
        (0, 1, one, two, []),
        (1, 0, one, two, []),
        (2, 1, one, two, []),
        (1, 2, one, two, []),
        (0, 0, empty, two, []),
        (1, 1, empty, two, []),
        (0, 0, empty, empty, [empty]),
        (1, 1, empty, empty, [empty]),
        (0, 1, empty, two, []),
        (0, 1, empty, empty, [empty]),
        (1, 1, two, two, []),  # the deliberate difference
    ]:
        assert not verify_consistency(m, n, old, new, proof), (m, n, old, new, proof)
    assert verify_consistency(1, 1, ROOTS[1], ROOTS[1], [])


def test_proofs_outside_the_tree_are_refused() -> None:
    for index, size in ((0, 0), (3, 3), (-1, 3), (0, 9)):
        with pytest.raises(ValueError):
            inclusion_proof(index, size, VECTOR_HASHES)
    for m, n in ((0, 5), (6, 5), (-1, 5), (3, 9)):
        with pytest.raises(ValueError):
            consistency_proof(m, n, VECTOR_HASHES)
    with pytest.raises(ValueError, match="32 bytes"):
        root([b"short"])
    assert consistency_proof(5, 5, VECTOR_HASHES) == []


# --- Exhaustive and random cross-checks on logs of game leaves ----------------------------------

MAX_SIZE = 64


def game_leaf(i: int) -> bytes:
    return archived_leaf(f"{i:032x}", hashlib.sha256(b"game %d" % i).hexdigest(), i + 1)


GAMES = [leaf_hash(game_leaf(i)) for i in range(MAX_SIZE)]
OTHER = leaf_hash(tombstone_leaf(f"{0:032x}", GAMES[0].hex(), 1, "rewritten"))


def reference_mth(hashes: list[bytes]) -> bytes:
    """MTH straight from RFC 9162 §2.1.1, on list slices."""
    if not hashes:
        return hashlib.sha256(b"").digest()
    if len(hashes) == 1:
        return hashes[0]
    k = 1
    while k * 2 < len(hashes):
        k *= 2
    return node_hash(reference_mth(hashes[:k]), reference_mth(hashes[k:]))


def rewrites(hashes: list[bytes], below: int):
    """Every log an operator gets by changing, dropping or swapping with its right neighbour
    one leaf among the first ``below``: (description, rewritten leaf hashes)."""
    for j in range(below):
        yield f"changed {j}", [*hashes[:j], OTHER, *hashes[j + 1 :]]
        yield f"dropped {j}", hashes[:j] + hashes[j + 1 :]
        if j + 1 < len(hashes):
            swapped = list(hashes)
            swapped[j], swapped[j + 1] = swapped[j + 1], swapped[j]
            yield f"swapped {j} and {j + 1}", swapped


def test_root_matches_the_rfc_definition_for_every_size() -> None:
    for size in range(MAX_SIZE + 1):
        assert root(GAMES[:size]) == reference_mth(GAMES[:size]), size


def test_every_inclusion_proof_verifies_and_only_where_it_belongs() -> None:
    for size in range(1, MAX_SIZE + 1):
        tree_root = root(GAMES[:size])
        for index in range(size):
            proof = inclusion_proof(index, size, GAMES)
            assert verify_inclusion(GAMES[index], index, size, proof, tree_root), (index, size)
            assert not verify_inclusion(OTHER, index, size, proof, tree_root)
            if size > 1:
                other = (index + 1) % size
                assert not verify_inclusion(GAMES[index], other, size, proof, tree_root)


def test_a_rewritten_log_fails_every_inclusion_proof_of_the_kept_root() -> None:
    """The proofs of every game against a kept checkpoint fail once any one leaf of the log was
    changed, dropped or swapped: the rewritten log has another root, and its own proofs do not
    lead to the kept one. Every game is checked up to size 32, three of them above."""
    for size in range(1, MAX_SIZE + 1):
        honest = GAMES[:size]
        kept = root(honest)
        proofs = [inclusion_proof(i, size, honest) for i in range(size)]  # O(size²): fine here
        for desc, rewritten in rewrites(honest, size):
            rewritten_root = root(rewritten)
            assert rewritten_root != kept, (size, desc)
            for i in range(size) if size <= 32 else {0, size // 2, size - 1}:
                assert not verify_inclusion(honest[i], i, size, proofs[i], rewritten_root)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_a_rewritten_logs_own_proofs_fail_against_the_kept_root(data: st.DataObject) -> None:
    size = data.draw(st.integers(2, MAX_SIZE), label="size")
    honest = GAMES[:size]
    j, k = sorted(
        data.draw(st.lists(st.integers(0, size - 1), min_size=2, max_size=2, unique=True))
    )
    kind = data.draw(st.sampled_from(["changed", "dropped", "swapped"]), label="kind")
    rewritten = list(honest)
    if kind == "changed":
        rewritten[j] = OTHER
    elif kind == "dropped":
        del rewritten[j]
    else:
        rewritten[j], rewritten[k] = rewritten[k], rewritten[j]
    kept = root(honest)
    for game in honest:
        if game in rewritten:  # where the rewritten log now puts the game, and its proof there
            at = rewritten.index(game)
            proof = inclusion_proof(at, len(rewritten), rewritten)
            assert not verify_inclusion(game, at, len(rewritten), proof, kept), (kind, j, k, at)


def test_every_consistency_proof_verifies() -> None:
    for n in range(1, MAX_SIZE + 1):
        new = root(GAMES[:n])
        for m in range(1, n + 1):
            old = root(GAMES[:m])
            proof = consistency_proof(m, n, GAMES)
            assert verify_consistency(m, n, old, new, proof), (m, n)
            if m < n:
                assert not verify_consistency(m, n, new, old, proof), (m, n)
                assert not verify_consistency(m, n, old, root(GAMES[: n - 1]), proof)
    assert not verify_consistency(0, 5, EMPTY_ROOT, root(GAMES[:5]), [])


def test_a_log_rewritten_below_a_kept_checkpoint_is_caught() -> None:
    """Someone kept the checkpoint of size m. The operator rewrote a leaf below m (changed,
    dropped, swapped) and then kept appending: no consistency proof of the rewritten log, to any
    size, leads from the kept root to the new one."""
    n = 40  # every kept size m < n, every rewrite below m; new sizes m, the end, and between
    for m in range(1, n):
        kept = root(GAMES[:m])
        for desc, rewritten in rewrites(GAMES[:n], m):
            for size in sorted({m, (m + len(rewritten)) // 2, len(rewritten)}):
                proof = consistency_proof(m, size, rewritten)
                new = root(rewritten[:size])
                assert not verify_consistency(m, size, kept, new, proof), (m, size, desc)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_a_reordered_log_is_caught_by_any_older_checkpoint(data: st.DataObject) -> None:
    n = data.draw(st.integers(2, MAX_SIZE), label="n")
    m = data.draw(st.integers(1, n - 1), label="kept size")
    j = data.draw(st.integers(0, m - 1), label="moved leaf")
    k = data.draw(st.integers(0, n - 1).filter(lambda k: k != j), label="its new place")
    rewritten = list(GAMES[:n])
    rewritten.insert(k, rewritten.pop(j))
    proof = consistency_proof(m, n, rewritten)
    assert not verify_consistency(m, n, root(GAMES[:m]), root(rewritten), proof)
    # The honest proof does not help either: it leads to the honest root, not the rewritten one.
    honest = consistency_proof(m, n, GAMES)
    assert not verify_consistency(m, n, root(GAMES[:m]), root(rewritten), honest)


# --- Leaves -----------------------------------------------------------------------------------

GAME = "0123456789abcdef0123456789abcdef"
HEAD = hashlib.sha256(b"head").hexdigest()


def test_leaf_encodings_are_the_documented_text() -> None:
    assert archived_leaf(GAME, HEAD, 449) == f"foxden/archived/1\n{GAME}\n{HEAD}\n449\n".encode()
    note = "deleted at the player's request — ops ticket 17"
    assert tombstone_leaf(GAME, HEAD, 449, note) == (
        f"foxden/tombstone/1\n{GAME}\n{HEAD}\n449\n{note}\n".encode()
    )
    assert tombstone_leaf("g1", GENESIS_HASH, 0, "never started").endswith(b"\n0\nnever started\n")


@given(
    st.from_regex(r"[!-~]{1,128}", fullmatch=True),
    st.binary(min_size=32, max_size=32).map(bytes.hex).filter(lambda h: h != GENESIS_HASH),
    st.integers(1, 2**53 - 1),
    st.text(
        st.characters(min_codepoint=0x20, exclude_characters="\x7f", codec="utf-8"),
        min_size=1,
        max_size=50,
    ),
)
def test_tombstone_and_archived_leaves_never_meet(
    game: str, head: str, count: int, note: str
) -> None:
    archived = archived_leaf(game, head, count)
    tombstone = tombstone_leaf(game, head, count, note)
    assert archived != tombstone
    assert leaf_hash(archived) != leaf_hash(tombstone)
    assert parse_leaf(archived) == Leaf("archived", game, head, count)
    assert parse_leaf(tombstone) == Leaf("tombstone", game, head, count, note)
    assert parse_leaf(tombstone).encode() == tombstone


@pytest.mark.parametrize(
    ("game", "head", "count"),
    [
        ("", HEAD, 1),
        ("has space", HEAD, 1),
        ("two\nlines", HEAD, 1),
        ("x" * 129, HEAD, 1),
        ("jörg", HEAD, 1),
        (GAME, HEAD.upper(), 1),
        (GAME, HEAD[:-1], 1),
        (GAME, HEAD, 0),
        (GAME, GENESIS_HASH, 0),
        (GAME, GENESIS_HASH, 3),
        (GAME, HEAD, True),
        (GAME, HEAD, 2**53),
        (GAME, HEAD, -1),
    ],
)
def test_bad_archived_leaves_are_refused(game: str, head: str, count: int) -> None:
    with pytest.raises(ValueError):
        archived_leaf(game, head, count)


@pytest.mark.parametrize("note", ["", "two\nlines", "tab\there", "x" * 1001, "\ud800"])
def test_bad_tombstone_notes_are_refused(note: str) -> None:
    with pytest.raises(ValueError):
        tombstone_leaf(GAME, HEAD, 3, note)


@pytest.mark.parametrize(
    "data",
    [
        f"foxden/archived/1\n{GAME}\n{HEAD}\n0449\n".encode(),  # leading zero
        f"foxden/archived/1\n{GAME}\n{HEAD}\n449".encode(),  # no final newline
        f"foxden/archived/1\n{GAME}\n{HEAD}\n449\nnote\n".encode(),  # a note on an archive
        f"foxden/tombstone/1\n{GAME}\n{HEAD}\n449\n".encode(),  # a tombstone without one
        f"foxden/archived/2\n{GAME}\n{HEAD}\n449\n".encode(),
        f"foxden/archived/1\r\n{GAME}\n{HEAD}\n449\n".encode(),
        f"foxden/archived/1\n{GAME}\n{HEAD}\n+449\n".encode(),
        b"\xff",
        b"",
    ],
)
def test_only_canonical_leaves_parse(data: bytes) -> None:
    with pytest.raises(ValueError):
        parse_leaf(data)


def test_a_leaf_object_encodes_as_its_kind() -> None:
    assert Leaf("archived", GAME, HEAD, 2).encode() == archived_leaf(GAME, HEAD, 2)
    with pytest.raises(ValueError):
        Leaf("archived", GAME, HEAD, 2, "note").encode()
    with pytest.raises(ValueError):
        Leaf("tombstone", GAME, HEAD, 2).encode()


# --- Keys, signed notes and checkpoints ---------------------------------------------------------
# The reference vector of golang.org/x/mod/sumdb/note (its package documentation and
# note_test.go): a key pair and the signed note its Sign writes, byte for byte.

GO_SIGNER = "PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz"
GO_VERIFIER = "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW"
GO_TEXT = (
    "If you think cryptography is the answer to your problem,\n"
    "then you don't know what your problem is.\n"
)
GO_NOTE = (
    GO_TEXT + "\n— PeterNeumann "
    "x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n"
)

ORIGIN = "foxden.example/log"
SIGNER = load_signer(signer_key(ORIGIN, bytes(range(32))))
VERIFIER = SIGNER.verifier
ROOT = root(GAMES[:10])
URLSAFE = base64.urlsafe_b64encode(b"\xff" * 32).decode()  # "_" where standard base64 has "/"


def test_go_reference_note_is_reproduced_byte_for_byte() -> None:
    signer, verifier = load_signer(GO_SIGNER), load_verifier(GO_VERIFIER)
    assert signer.key_id.hex() == verifier.key_id.hex() == "c74f20a3"
    assert str(signer.verifier) == str(verifier) == GO_VERIFIER
    assert sign_note(GO_TEXT, signer) == GO_NOTE
    assert open_note(GO_NOTE, verifier) == GO_TEXT
    seed = base64.b64decode(GO_SIGNER.split("+", 4)[4])[1:]
    assert signer_key("PeterNeumann", seed) == GO_SIGNER


def test_the_signer_never_shows_its_seed() -> None:
    assert "PRIVATE" not in repr(SIGNER) and "private_key" not in repr(SIGNER)


def test_checkpoint_round_trip() -> None:
    note = sign_checkpoint(ORIGIN, 10, ROOT, SIGNER)
    text = checkpoint_text(ORIGIN, 10, ROOT)
    assert note.startswith(f"{ORIGIN}\n10\n{base64.b64encode(ROOT).decode()}\n\n— {ORIGIN} ")
    assert note.startswith(text + "\n")
    assert open_checkpoint(note, VERIFIER) == Checkpoint(ORIGIN, 10, ROOT)
    assert open_checkpoint(note.encode(), load_verifier(str(VERIFIER))) == Checkpoint(
        ORIGIN, 10, ROOT
    )
    empty = sign_checkpoint(ORIGIN, 0, EMPTY_ROOT, SIGNER)
    assert open_checkpoint(empty, VERIFIER) == Checkpoint(ORIGIN, 0, EMPTY_ROOT)


def _flip_signature(note: str) -> str:
    """``note`` with one base64 character changed in the middle of its signature."""
    at = note.rindex(" ") + 40
    return note[:at] + ("A" if note[at] != "A" else "B") + note[at + 1 :]


def _retext(note: str, text: str) -> str:
    """``note`` with its text replaced and its signature lines kept."""
    return text + note[note.rindex("\n\n") + 1 :]


@pytest.mark.parametrize(
    ("tamper", "message"),
    [
        (lambda note: note.replace("\n10\n", "\n11\n", 1), "does not verify"),
        (
            lambda note: _retext(note, checkpoint_text(ORIGIN, 10, root(GAMES[:9]))),
            "does not verify",
        ),
        (
            lambda note: _retext(note, checkpoint_text(ORIGIN, 9, root(GAMES[:9]))),
            "does not verify",
        ),
        (_flip_signature, "does not verify"),
        (lambda note: note.replace("—", "--"), "malformed signature"),
        (lambda note: note.replace("\n\n", "\n"), "no blank line"),
        (lambda note: note[: note.index("\n\n") + 2], "malformed signature"),
        (lambda note: note[:-1], "ends in a newline"),
        (lambda note: note.replace(ORIGIN + " ", ORIGIN + "  ", 1), "malformed signature"),
        (lambda note: note.replace("\n10\n", "\n1\x010\n", 1), "control characters"),
        (lambda note: note.encode().replace(b"\n10\n", b"\n1\xff0\n", 1), "UTF-8"),
    ],
)
def test_tampered_checkpoints_fail(tamper, message: str) -> None:
    note = sign_checkpoint(ORIGIN, 10, ROOT, SIGNER)
    with pytest.raises(CheckpointError, match=message):
        open_checkpoint(tamper(note), VERIFIER)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (f"{ORIGIN}\n010\n{base64.b64encode(ROOT).decode()}\n", "leading zeros"),
        (f"{ORIGIN}\n-1\n{base64.b64encode(ROOT).decode()}\n", "leading zeros"),
        (f"{ORIGIN}\n10\n{base64.b64encode(ROOT[:31]).decode()}\n", "32 bytes"),
        (f"{ORIGIN}\n10\n{base64.b64encode(ROOT).decode().rstrip('=')}\n", "base64"),
        (f"{ORIGIN}\n10\n{URLSAFE}\n", "base64"),
        (f"{ORIGIN}\n10\n{base64.b64encode(ROOT).decode()}\nextension\n", "three lines"),
        (f"{ORIGIN}\n10\n", "three lines"),
        (f"other.example/log\n10\n{base64.b64encode(ROOT).decode()}\n", "another log"),
    ],
)
def test_malformed_checkpoints_fail_even_when_signed(text: str, message: str) -> None:
    with pytest.raises(CheckpointError, match=message):
        open_checkpoint(sign_note(text, SIGNER), VERIFIER)


def test_the_wrong_key_fails() -> None:
    note = sign_checkpoint(ORIGIN, 10, ROOT, SIGNER)
    other = load_signer(signer_key(ORIGIN, bytes(32)))
    with pytest.raises(CheckpointError, match="not signed by the key"):
        open_checkpoint(note, other.verifier)
    # Same name and key id, another key (a forged verifier string would give that).
    impostor = Verifier(ORIGIN, VERIFIER.key_id, other.verifier.public_key)
    with pytest.raises(CheckpointError, match="does not verify"):
        open_checkpoint(note, impostor)


def test_signatures_of_other_keys_are_ignored() -> None:
    """A witness's cosignature on the checkpoint does not get in the way, in either order."""
    witness = load_signer(signer_key("witness.example/w1", bytes([7]) * 32))
    note = sign_checkpoint(ORIGIN, 10, ROOT, SIGNER)
    cosigned = note + sign_note(checkpoint_text(ORIGIN, 10, ROOT), witness).split("\n\n")[1]
    assert open_checkpoint(cosigned, VERIFIER).size == 10
    assert open_checkpoint(cosigned, witness.verifier, origin=ORIGIN).size == 10
    only_witness = sign_note(checkpoint_text(ORIGIN, 10, ROOT), witness)
    with pytest.raises(CheckpointError, match="not signed by the key"):
        open_checkpoint(only_witness, VERIFIER)


def test_key_id_is_the_signed_note_one() -> None:
    public = base64.b64decode(GO_VERIFIER.split("+", 2)[2])[1:]
    assert (
        key_id("PeterNeumann", public)
        == hashlib.sha256(b"PeterNeumann\n\x01" + public).digest()[:4]
    )


@pytest.mark.parametrize(
    "text",
    [
        GO_SIGNER.replace("PRIVATE+KEY+", "PRIVATE+"),
        GO_SIGNER.replace("c74f20a3", "c74f20a4"),
        GO_SIGNER.replace("c74f20a3", "C74F20A3"),
        GO_SIGNER[:-4],
        GO_SIGNER.replace("+AYEK", "+AoEK"),  # not the Ed25519 type byte
        GO_SIGNER.replace("PeterNeumann", "Peter Neumann"),
        GO_VERIFIER,
    ],
)
def test_bad_signer_keys_are_refused(text: str) -> None:
    with pytest.raises(KeyFormatError):
        load_signer(text)


@pytest.mark.parametrize(
    "text",
    [
        GO_VERIFIER.replace("c74f20a3", "c74f20a4"),
        GO_VERIFIER.replace("PeterNeumann", "PeterNeumann2"),
        GO_VERIFIER[:-2],
        GO_VERIFIER + "AAAA",
        "PeterNeumann+c74f20a3",
        GO_SIGNER,
    ],
)
def test_bad_verifier_keys_are_refused(text: str) -> None:
    with pytest.raises(KeyFormatError):
        load_verifier(text)


@pytest.mark.parametrize(
    ("name", "seed"), [("", bytes(32)), ("a+b", bytes(32)), ("a b", bytes(32)), ("ok", bytes(31))]
)
def test_bad_new_keys_are_refused(name: str, seed: bytes) -> None:
    with pytest.raises(KeyFormatError):
        signer_key(name, seed)


def test_checkpoint_text_refuses_what_it_cannot_write() -> None:
    for origin, size, root_ in [
        ("", 1, ROOT),
        ("a\nb", 1, ROOT),
        (ORIGIN, -1, ROOT),
        (ORIGIN, 1, b"x"),
    ]:
        with pytest.raises(CheckpointError):
            checkpoint_text(origin, size, root_)
