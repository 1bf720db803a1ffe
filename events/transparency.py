"""The tamper-evident log of archived games: an RFC 9162 Merkle tree and its signed checkpoints.

Archiving takes a finished game out of Redis (issue #42). From then on the operator holds the
only copy, and nothing would show it if that copy were later rewritten, dropped or reordered.
So each archived game becomes a leaf of an append-only log, built as RFC 9162 §2.1 (Certificate
Transparency 2.0) builds its Merkle tree, and the service publishes signed checkpoints of it
(tree size and root hash). Anyone who kept an older checkpoint can ask for a consistency proof
to a newer one: it exists only if the newer tree starts with exactly the leaves of the older
one, in the same order. A game's inclusion proof ties its (id, head hash, event count) to a
checkpoint, and the head hash ties every event to it through the game's hash chain
(``events/envelope.py``). Deleting a game outright appends a tombstone leaf, so a deletion is
visible too.

This module is pure: no I/O, no clock, no randomness (a new key's seed comes from the caller).
It has four parts, in this order:

1. **Leaves** (:func:`archived_leaf`, :func:`tombstone_leaf`, :func:`parse_leaf`), UTF-8 text
   of four or five lines, each ending in ``\\n``::

       foxden/archived/1            foxden/tombstone/1
       <game id>                    <game id>
       <head hash>                  <head hash>
       <event count>                <event count>
                                    <note>

   The game id is 1 to 128 visible ASCII characters (no space); the head hash is the hash of
   the game's last event, 64 lowercase hex digits (``GENESIS_HASH`` for a game without events);
   the count is decimal without leading zeros (at least 1 for an archived game). The note says
   why and by whom a game was deleted: 1 to 1000 characters, none of them a control character.
   No field can hold a newline and each kind has a fixed number of lines, so an encoding names
   exactly one leaf; the first line differs, so an archived leaf and a tombstone never encode
   to the same bytes.
2. **Hashes and the tree** (RFC 9162 §2.1.1): ``leaf_hash = SHA-256(0x00 || leaf)``,
   ``node_hash = SHA-256(0x01 || left || right)``, and :func:`root` is MTH over the leaf hashes
   (SHA-256 of the empty string for the empty tree).
3. **Proofs**: :func:`inclusion_proof` / :func:`verify_inclusion` (§2.1.3) and
   :func:`consistency_proof` / :func:`verify_consistency` (§2.1.4), written from the RFC's
   algorithms. A proof is built from the full list of leaf hashes in O(n) hashing (each
   subtree beside the path is hashed once); a later step may keep the hashes of complete
   subtrees instead, which answers in O(log n). Verifying is always O(log n).
4. **Checkpoints**: the C2SP ``tlog-checkpoint`` text (origin, tree size, base64 root hash) in
   a C2SP ``signed-note`` with an Ed25519 signature (``cryptography``). Keys are the strings of
   the Go reference implementation (``golang.org/x/mod/sumdb/note``): the signer key, a secret
   for the settings, is ``PRIVATE+KEY+<name>+<key id>+<base64(0x01 || 32-byte seed)>``; the
   verifier key, safe to publish, is ``<name>+<key id>+<base64(0x01 || 32-byte public key)>``,
   with ``key id = hex(SHA-256(name || 0x0A || 0x01 || public key)[:4])``. The key name is the
   log's origin.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from events.envelope import GENESIS_HASH

__all__ = [
    "EMPTY_ROOT",
    "HASH_SIZE",
    "Checkpoint",
    "CheckpointError",
    "KeyFormatError",
    "Leaf",
    "Signer",
    "Verifier",
    "archived_leaf",
    "checkpoint_text",
    "consistency_proof",
    "inclusion_proof",
    "key_id",
    "leaf_hash",
    "load_signer",
    "load_verifier",
    "node_hash",
    "open_checkpoint",
    "open_note",
    "parse_leaf",
    "root",
    "sign_checkpoint",
    "sign_note",
    "signer_key",
    "tombstone_leaf",
    "verify_consistency",
    "verify_inclusion",
]

HASH_SIZE = 32
EMPTY_ROOT = hashlib.sha256(b"").digest()
MAX_COUNT = 2**53 - 1  # an event count a JavaScript auditor can hold exactly

# --- 1. Leaves --------------------------------------------------------------------------------

ARCHIVED = "foxden/archived/1"
TOMBSTONE = "foxden/tombstone/1"
_GAME_ID = re.compile(r"[!-~]{1,128}")
_HEX64 = re.compile(r"[0-9a-f]{64}")
_DECIMAL = re.compile(r"0|[1-9][0-9]*")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
MAX_NOTE = 1000


@dataclass(frozen=True)
class Leaf:
    """One entry of the log: a game archived, or a game deleted (``note`` says why)."""

    kind: Literal["archived", "tombstone"]
    game_id: str
    head_hash: str
    count: int
    note: str | None = None

    def encode(self) -> bytes:
        """The leaf's canonical bytes (the module docstring gives the format)."""
        if self.kind == "archived":
            if self.note is not None:
                raise ValueError("only a tombstone has a note")
            return archived_leaf(self.game_id, self.head_hash, self.count)
        if self.note is None:
            raise ValueError("a tombstone needs a note")
        return tombstone_leaf(self.game_id, self.head_hash, self.count, self.note)


def archived_leaf(game_id: str, head_hash: str, count: int) -> bytes:
    """The leaf of a game archived with ``count`` events, the last one's hash ``head_hash``."""
    _check_game(game_id, head_hash, count, minimum=1)
    return f"{ARCHIVED}\n{game_id}\n{head_hash}\n{count}\n".encode()


def tombstone_leaf(game_id: str, head_hash: str, count: int, note: str) -> bytes:
    """The leaf of a game deleted by an operator, with the head hash and count it had."""
    _check_game(game_id, head_hash, count, minimum=0)
    if not isinstance(note, str) or not 1 <= len(note) <= MAX_NOTE or _CONTROL.search(note):
        raise ValueError(f"a note is 1 to {MAX_NOTE} characters, no control characters")
    try:
        encoded_note = note.encode()
    except UnicodeEncodeError:  # a lone surrogate
        raise ValueError("a note must be valid Unicode text") from None
    return f"{TOMBSTONE}\n{game_id}\n{head_hash}\n{count}\n".encode() + encoded_note + b"\n"


def _check_game(game_id: str, head_hash: str, count: int, *, minimum: int) -> None:
    if not isinstance(game_id, str) or not _GAME_ID.fullmatch(game_id):
        raise ValueError(f"a game id is 1 to 128 visible ASCII characters, not {game_id!r}")
    if not isinstance(head_hash, str) or not _HEX64.fullmatch(head_hash):
        raise ValueError(f"a head hash is 64 lowercase hex digits, not {head_hash!r}")
    if type(count) is not int or not minimum <= count <= MAX_COUNT:
        raise ValueError(f"an event count here is an int from {minimum} to 2**53 - 1: {count!r}")
    if (count == 0) != (head_hash == GENESIS_HASH):
        raise ValueError("the head hash is GENESIS_HASH exactly when there are no events")


def parse_leaf(data: bytes) -> Leaf:
    """The leaf that ``data`` encodes; ``ValueError`` unless ``data`` is its canonical form."""
    try:
        lines = data.decode().split("\n")
    except UnicodeDecodeError:
        raise ValueError("a leaf is UTF-8 text") from None
    kind = {ARCHIVED: "archived", TOMBSTONE: "tombstone"}.get(lines[0])
    if kind is None or lines[-1] != "" or len(lines) != (5 if kind == "archived" else 6):
        raise ValueError("not a leaf of this log: unknown kind or wrong number of lines")
    if not _DECIMAL.fullmatch(lines[3]):
        raise ValueError(f"an event count is decimal without leading zeros, not {lines[3]!r}")
    count = int(lines[3])
    if kind == "archived":
        leaf = Leaf("archived", lines[1], lines[2], count)
    else:
        leaf = Leaf("tombstone", lines[1], lines[2], count, lines[4])
    if leaf.encode() != data:  # the checks of the encoders, and nothing but the canonical form
        raise ValueError("not the canonical encoding of a leaf")
    return leaf


# --- 2. Hashes and the tree (RFC 9162 §2.1.1) ---------------------------------------------------


def leaf_hash(leaf: bytes) -> bytes:
    """``SHA-256(0x00 || leaf)``."""
    return hashlib.sha256(b"\x00" + leaf).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    """``SHA-256(0x01 || left || right)``."""
    return hashlib.sha256(b"\x01" + left + right).digest()


def _split(n: int) -> int:
    """The largest power of two smaller than ``n`` (for ``n > 1``): where MTH splits the tree."""
    return 1 << ((n - 1).bit_length() - 1)


def _check_hashes(hashes: Sequence[bytes], size: int) -> None:
    if not 0 <= size <= len(hashes):
        raise ValueError(f"a tree of size {size} needs that many of the {len(hashes)} leaf hashes")
    if any(len(h) != HASH_SIZE for h in hashes[:size]):
        raise ValueError("every leaf hash is 32 bytes")


def _mth(hashes: Sequence[bytes], start: int, end: int) -> bytes:
    """MTH(D[start:end]) for ``end > start``, from the leaf hashes."""
    if end - start == 1:
        return hashes[start]
    middle = start + _split(end - start)
    return node_hash(_mth(hashes, start, middle), _mth(hashes, middle, end))


def root(leaf_hashes: Sequence[bytes]) -> bytes:
    """MTH, the Merkle Tree Hash of a tree with these leaf hashes (RFC 9162 §2.1.1)."""
    _check_hashes(leaf_hashes, len(leaf_hashes))
    return _mth(leaf_hashes, 0, len(leaf_hashes)) if leaf_hashes else EMPTY_ROOT


# --- 3. Proofs (RFC 9162 §2.1.3 and §2.1.4) -----------------------------------------------------


def inclusion_proof(index: int, size: int, leaf_hashes: Sequence[bytes]) -> list[bytes]:
    """PATH(index, D[0:size]) (§2.1.3.1): the audit path of leaf ``index`` in the first ``size``
    leaves, from the leaf's sibling up. O(size) hashing."""
    _check_hashes(leaf_hashes, size)
    if not 0 <= index < size:
        raise ValueError(f"leaf {index} is not in a tree of size {size}")
    return _path(index, leaf_hashes, 0, size)


def _path(m: int, hashes: Sequence[bytes], start: int, end: int) -> list[bytes]:
    if end - start == 1:
        return []
    middle = start + _split(end - start)
    if m < middle - start:
        return [*_path(m, hashes, start, middle), _mth(hashes, middle, end)]
    return [*_path(m - (middle - start), hashes, middle, end), _mth(hashes, start, middle)]


def verify_inclusion(
    leaf_hash: bytes, index: int, size: int, proof: Sequence[bytes], root: bytes
) -> bool:
    """Whether ``proof`` shows leaf ``index`` with ``leaf_hash`` in the tree of ``size`` leaves
    whose root is ``root`` (the algorithm of §2.1.3.2; every hash must be 32 bytes)."""
    if not 0 <= index < size or not _all_hashes(leaf_hash, root, *proof):
        return False
    fn, sn, r = index, size - 1, leaf_hash
    for p in proof:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            r = node_hash(p, r)
            while not fn & 1 and fn != 0:
                fn, sn = fn >> 1, sn >> 1
        else:
            r = node_hash(r, p)
        fn, sn = fn >> 1, sn >> 1
    return sn == 0 and r == root


def consistency_proof(m: int, n: int, leaf_hashes: Sequence[bytes]) -> list[bytes]:
    """PROOF(m, D[0:n]) (§2.1.4.1): what shows that the tree of the first ``m`` leaves is a
    prefix of the tree of the first ``n``. Empty when ``m == n``; the RFC defines it for
    ``0 < m``: every tree extends the empty one, and there is nothing to prove. O(n) hashing."""
    _check_hashes(leaf_hashes, n)
    if not 0 < m <= n:
        raise ValueError(f"a consistency proof needs 0 < m <= n, not m={m}, n={n}")
    return _subproof(m, leaf_hashes, 0, n, complete=True)


def _subproof(
    m: int, hashes: Sequence[bytes], start: int, end: int, *, complete: bool
) -> list[bytes]:
    """SUBPROOF(m, D[start:end], b) of §2.1.4.1, with ``complete`` for b."""
    if m == end - start:
        return [] if complete else [_mth(hashes, start, end)]
    k = _split(end - start)
    if m <= k:
        return [
            *_subproof(m, hashes, start, start + k, complete=complete),
            _mth(hashes, start + k, end),
        ]
    return [
        *_subproof(m - k, hashes, start + k, end, complete=False),
        _mth(hashes, start, start + k),
    ]


def verify_consistency(
    m: int, n: int, old_root: bytes, new_root: bytes, proof: Sequence[bytes]
) -> bool:
    """Whether ``proof`` shows the tree of size ``m`` with root ``old_root`` to be a prefix of the
    tree of size ``n`` with root ``new_root`` (the algorithm of §2.1.4.2). For ``m == n`` the proof
    is empty and the roots equal; ``m == 0`` is refused, as the RFC defines proofs for ``0 < m``
    only (and transparency-dev/merkle refuses it too)."""
    if not 0 < m <= n or not _all_hashes(old_root, new_root, *proof):
        return False
    if m == n:
        return not proof and old_root == new_root
    if not proof:
        return False
    path = [old_root, *proof] if m & (m - 1) == 0 else list(proof)
    fn, sn = m - 1, n - 1
    while fn & 1:
        fn, sn = fn >> 1, sn >> 1
    fr = sr = path[0]
    for c in path[1:]:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            fr, sr = node_hash(c, fr), node_hash(c, sr)
            while not fn & 1 and fn != 0:
                fn, sn = fn >> 1, sn >> 1
        else:
            sr = node_hash(sr, c)
        fn, sn = fn >> 1, sn >> 1
    return sn == 0 and fr == old_root and sr == new_root


def _all_hashes(*hashes: bytes) -> bool:
    return all(isinstance(h, bytes) and len(h) == HASH_SIZE for h in hashes)


# --- 4. Keys, signed notes and checkpoints (C2SP signed-note, tlog-checkpoint) ------------------

_ED25519 = b"\x01"  # the signed-note signature type of Ed25519
_SIGNER_PREFIX = "PRIVATE+KEY+"
_EM_DASH = "\u2014"
_KEY_ID = re.compile(r"[0-9a-f]{8}")
MAX_SIGNATURES = 100  # the spec asks for at least 16 (witnesses may cosign); Go allows 100


class KeyFormatError(ValueError):
    """A signer or verifier key string that is malformed or inconsistent."""


class CheckpointError(ValueError):
    """A signed note or checkpoint that is malformed, unsigned by the key, or badly signed."""


def key_id(name: str, public_key: bytes) -> bytes:
    """The 4-byte key ID of an Ed25519 key: ``SHA-256(name || 0x0A || 0x01 || key)[:4]``."""
    return hashlib.sha256(name.encode() + b"\n" + _ED25519 + public_key).digest()[:4]


def _check_name(name: str) -> None:
    if not name or any(ch.isspace() or ch == "+" or _CONTROL.match(ch) for ch in name):
        raise KeyFormatError(f"a key name is non-empty, without spaces or '+': {name!r}")


def _raw_public(key: Ed25519PublicKey) -> bytes:
    return key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def _decode_b64(text: str) -> bytes:
    """Standard base64 with padding (RFC 4648 §4), only in its canonical form."""
    try:
        data = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise ValueError("not standard base64") from None
    if base64.b64encode(data).decode() != text:
        raise ValueError("not canonical base64")
    return data


@dataclass(frozen=True)
class Verifier:
    """A log's public key: checks its checkpoints. ``str()`` gives the publishable key string."""

    name: str
    key_id: bytes
    public_key: Ed25519PublicKey = field(compare=False)

    def __str__(self) -> str:
        material = base64.b64encode(_ED25519 + _raw_public(self.public_key)).decode()
        return f"{self.name}+{self.key_id.hex()}+{material}"


@dataclass(frozen=True)
class Signer:
    """A log's private key, from the settings. Never log or show it: ``repr`` leaves it out."""

    name: str
    key_id: bytes
    private_key: Ed25519PrivateKey = field(repr=False, compare=False)

    @property
    def verifier(self) -> Verifier:
        return Verifier(self.name, self.key_id, self.private_key.public_key())


def signer_key(name: str, seed: bytes) -> str:
    """The signer key string (``PRIVATE+KEY+…``) of a 32-byte Ed25519 seed: how a new log key is
    written into the settings (the caller draws the seed, e.g. ``os.urandom(32)``)."""
    _check_name(name)
    if len(seed) != 32:
        raise KeyFormatError("an Ed25519 seed is 32 bytes")
    public = _raw_public(Ed25519PrivateKey.from_private_bytes(seed).public_key())
    material = base64.b64encode(_ED25519 + seed).decode()
    return f"{_SIGNER_PREFIX}{name}+{key_id(name, public).hex()}+{material}"


def _parse_key(text: str) -> tuple[str, bytes, bytes]:
    """``(name, key id, 32-byte key)`` of ``name+<key id>+<base64(0x01 || key)>``."""
    # Split with a limit: base64 may hold a '+' itself.
    parts = text.split("+", 2)
    if len(parts) != 3 or not _KEY_ID.fullmatch(parts[1]):
        raise KeyFormatError("a key is <name>+<8 hex digits>+<base64 key>")
    name, hex_id, material = parts
    _check_name(name)
    try:
        raw = _decode_b64(material)
    except ValueError as error:
        raise KeyFormatError(f"the key material is {error}") from None
    if len(raw) != 33 or raw[:1] != _ED25519:
        raise KeyFormatError("not an Ed25519 key (0x01 and 32 bytes)")
    return name, bytes.fromhex(hex_id), raw[1:]


def load_signer(text: str) -> Signer:
    """The signer of a ``PRIVATE+KEY+<name>+<key id>+<base64(0x01 || seed)>`` string."""
    if not text.startswith(_SIGNER_PREFIX):
        raise KeyFormatError("a signer key starts with PRIVATE+KEY+")
    name, given_id, seed = _parse_key(text[len(_SIGNER_PREFIX) :].strip())
    private = Ed25519PrivateKey.from_private_bytes(seed)
    if key_id(name, _raw_public(private.public_key())) != given_id:
        raise KeyFormatError("the key id does not match the key")
    return Signer(name, given_id, private)


def load_verifier(text: str) -> Verifier:
    """The verifier of a ``<name>+<key id>+<base64(0x01 || public key)>`` string."""
    name, given_id, public = _parse_key(text.strip())
    if key_id(name, public) != given_id:
        raise KeyFormatError("the key id does not match the key")
    try:
        key = Ed25519PublicKey.from_public_bytes(public)
    except ValueError:
        raise KeyFormatError("not a valid Ed25519 public key") from None
    return Verifier(name, given_id, key)


def _check_note_text(text: str) -> None:
    if not text.endswith("\n") or _CONTROL.search(text.replace("\n", "")):
        raise CheckpointError("a note's text ends in a newline and has no control characters")


def sign_note(text: str, signer: Signer) -> str:
    """A signed note of ``text`` (which ends in ``\\n``) with one Ed25519 signature line."""
    _check_note_text(text)
    signature = signer.private_key.sign(text.encode())
    blob = base64.b64encode(signer.key_id + signature).decode()
    return f"{text}\n{_EM_DASH} {signer.name} {blob}\n"


def open_note(note: str | bytes, verifier: Verifier) -> str:
    """The text of a signed note that ``verifier``'s key signed; ``CheckpointError`` otherwise.

    As signed-note says: the text ends at the last blank line; signatures of other keys are
    ignored; a signature of this key that does not verify rejects the whole note.
    """
    if isinstance(note, bytes):
        try:
            note = note.decode()
        except UnicodeDecodeError:
            raise CheckpointError("a signed note is UTF-8 text") from None
    if not note.endswith("\n"):
        raise CheckpointError("a signed note ends in a newline")
    split = note.rfind("\n\n")
    if split < 0:
        raise CheckpointError("not a signed note: no blank line before the signatures")
    text, lines = note[: split + 1], note[split + 2 : -1].split("\n")
    _check_note_text(text)
    if len(lines) > MAX_SIGNATURES:
        raise CheckpointError(f"more than {MAX_SIGNATURES} signatures")
    found = False
    for line in lines:
        dash, _, rest = line.partition(" ")
        name, _, blob = rest.partition(" ")
        try:
            raw = _decode_b64(blob)
        except ValueError:
            raise CheckpointError(f"malformed signature line: {line!r}") from None
        if dash != _EM_DASH or not name or len(raw) < 5 or _CONTROL.search(line):
            raise CheckpointError(f"malformed signature line: {line!r}")
        if name != verifier.name or raw[:4] != verifier.key_id:
            continue  # another key: a witness's cosignature, or a key being rotated
        try:
            verifier.public_key.verify(raw[4:], text.encode())
        except InvalidSignature:
            raise CheckpointError(f"the signature of {name} does not verify") from None
        found = True
    if not found:
        raise CheckpointError(f"not signed by the key {verifier.name}+{verifier.key_id.hex()}")
    return text


@dataclass(frozen=True)
class Checkpoint:
    """A signed statement of the log: its first ``size`` leaves have the root hash ``root``."""

    origin: str
    size: int
    root: bytes


def checkpoint_text(origin: str, size: int, root: bytes) -> str:
    """The note text of a checkpoint: origin, tree size and base64 root hash, one per line."""
    if not origin or "\n" in origin or _CONTROL.search(origin):
        raise CheckpointError(f"an origin is one non-empty line: {origin!r}")
    if type(size) is not int or size < 0:
        raise CheckpointError(f"a tree size is an int >= 0: {size!r}")
    if len(root) != HASH_SIZE:
        raise CheckpointError("a root hash is 32 bytes")
    return f"{origin}\n{size}\n{base64.b64encode(root).decode()}\n"


def sign_checkpoint(origin: str, size: int, root: bytes, signer: Signer) -> str:
    """A signed checkpoint of the tree of ``size`` leaves with root hash ``root``."""
    return sign_note(checkpoint_text(origin, size, root), signer)


def open_checkpoint(note: str | bytes, verifier: Verifier, origin: str | None = None) -> Checkpoint:
    """The checkpoint in ``note`` once its signature by ``verifier`` checks out.

    Its origin must be ``origin`` (by default the key's name, as tlog-checkpoint recommends), so
    a checkpoint of another log signed with the same key is refused. Raises
    :class:`CheckpointError` for a malformed note or checkpoint, a missing or bad signature.
    """
    lines = open_note(note, verifier)[:-1].split("\n")
    if len(lines) != 3:
        raise CheckpointError("a checkpoint of this log has exactly three lines")
    found, size_text, root_text = lines
    if found != (verifier.name if origin is None else origin):
        raise CheckpointError(f"the checkpoint is of another log: {found!r}")
    if not _DECIMAL.fullmatch(size_text):
        raise CheckpointError(f"a tree size is decimal without leading zeros: {size_text!r}")
    try:
        root_hash = _decode_b64(root_text)
    except ValueError as error:
        raise CheckpointError(f"the root hash is {error}") from None
    if len(root_hash) != HASH_SIZE:
        raise CheckpointError("a root hash is 32 bytes")
    return Checkpoint(found, int(size_text), root_hash)
