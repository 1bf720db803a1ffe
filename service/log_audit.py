"""The audit's ``log`` check: the audited game is the one the tamper-evident log holds.

The other checks prove that a record is internally sound, but after the end a forger knows the
seed and can rewrite a finished game so that every one of them passes; only pins taken while
it ran would show it. Once a game is archived, its (id, head hash, event count) is a leaf of an
append-only log (``events/transparency.py``, RFC 9162) whose signed checkpoints anyone may
keep. This check ties the audited record to that log:

1. the checkpoint's signature verifies with the key the auditor trusts, and its origin is the
   key's name (a checkpoint of another log is refused);
2. the leaf is exactly ``archived_leaf(game id, head hash, count)`` of the audited events, so a
   rewritten event, whose re-sealed chain ends in another head hash, fails here;
3. the inclusion proof leads from that leaf to the checkpoint's root hash;
4. with an older checkpoint the auditor kept: its signature verifies too, and the consistency
   proof shows the older tree to be a prefix of the newer one. A log that dropped, changed or
   reordered any game archived before the kept checkpoint has no such proof.

The chain check ties every event to the head hash; this one ties the head hash to the log; a
kept checkpoint ties the log to what it said before. A game that is not in the log yet (not
archived) is "not run", not a failure.

This module only judges what it is given (the JSON answers of ``GET /v1/games/{id}/log-proof``
and ``GET /v1/log/consistency``, and the checkpoint text): fetching them is the caller's. Its
details never quote event data; the hashes, sizes and origins they name are public.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from events import transparency
from events.transparency import Checkpoint, CheckpointError, KeyFormatError, Verifier
from service.audit_report import Check, Report, not_run, short

NAME = "log"
NOT_ARCHIVED = "not archived yet: the game is not in the log, so there is nothing to check"
TOFU_NOTE = (
    "the key was taken from the server itself (trust on first use): this proves the log is "
    "self-consistent, not that it is the log you trusted before; pass --log-key"
)


@dataclass(frozen=True)
class LogProof:
    """A game's proof of inclusion, as ``GET /v1/games/{id}/log-proof`` answers it."""

    game_id: str
    leaf: bytes
    leaf_index: int
    tree_size: int
    inclusion: tuple[bytes, ...]
    checkpoint: str


class _Refused(Exception):
    """The evidence does not hold; the message says why, in words."""


def _hash(value: object, what: str) -> bytes:
    """A 32-byte hash from standard base64 (as the log's endpoints write them)."""
    if not isinstance(value, str):
        raise _Refused(f"{what} is not base64 text")
    try:
        raw = base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        raise _Refused(f"{what} is not standard base64") from None
    if len(raw) != transparency.HASH_SIZE:
        raise _Refused(f"{what} is not a 32-byte hash")
    return raw


def _count(value: object, what: str) -> int:
    if type(value) is not int or value < 0:
        raise _Refused(f"{what} is not a whole number")
    return value


def _hashes(value: object, what: str) -> tuple[bytes, ...]:
    if not isinstance(value, list):
        raise _Refused(f"{what} is not a list of hashes")
    return tuple(_hash(item, f"{what} [{n}]") for n, item in enumerate(value))


def parse_proof(data: object) -> LogProof:
    """The proof in a log-proof answer; ``ValueError`` naming the field that is wrong."""
    try:
        if not isinstance(data, Mapping):
            raise _Refused("the log proof is not a JSON object")
        for name in ("game_id", "leaf", "checkpoint"):
            if not isinstance(data.get(name), str):
                raise _Refused(f"the log proof's {name!r} is missing or not text")
        return LogProof(
            game_id=data["game_id"],
            leaf=data["leaf"].encode(),
            leaf_index=_count(data.get("leaf_index"), "the log proof's 'leaf_index'"),
            tree_size=_count(data.get("tree_size"), "the log proof's 'tree_size'"),
            inclusion=_hashes(data.get("inclusion"), "the log proof's 'inclusion'"),
            checkpoint=data["checkpoint"],
        )
    except _Refused as refused:
        raise ValueError(str(refused)) from None


def checkpoint_size(note: str) -> int | None:
    """The tree size a checkpoint claims, read *without* checking its signature: only to ask
    the server for the right consistency proof (the check verifies everything). None when the
    text is not a checkpoint."""
    lines = note.split("\n")
    if len(lines) < 3 or not lines[1].isdigit() or not lines[1].isascii():
        return None
    return int(lines[1])


def load_key(text: str) -> Verifier:
    """The verifier of a key string (``<name>+<key id>+<base64 key>``); ``ValueError`` (a
    :class:`KeyFormatError`) saying what is wrong with it."""
    return transparency.load_verifier(text)


def check_log(
    game_id: str | None,
    head_hash: str | None,
    count: int,
    proof: object | None,
    verifier_key: str,
    *,
    kept: str | None = None,
    consistency: object | None = None,
    key_from_server: bool = False,
) -> Check:
    """The ``log`` check of a game whose audited events number ``count`` and end in
    ``head_hash`` (see the module docstring).

    ``proof`` is the log-proof answer, or None when the server said the game is not in the log
    (``not_in_log``): then the check is not run. ``kept`` is an older signed checkpoint the
    auditor kept, and ``consistency`` the answer of ``GET /v1/log/consistency`` between its
    size and the proof's tree size (either way round; not needed when they are equal).
    ``key_from_server`` says the key was not the auditor's own, which the detail then says.
    """
    if proof is None:
        return not_run(NAME, NOT_ARCHIVED)
    if game_id is None or head_hash is None or count < 1:
        return not_run(NAME, "not run: the audited record cannot be read")
    try:
        detail = _holds(
            game_id,
            head_hash,
            count,
            proof,
            verifier_key=verifier_key,
            kept=kept,
            consistency=consistency,
        )
    except _Refused as refused:
        # No version is at fault: the record as a whole is not the one the log holds.
        return Check(NAME, False, short(str(refused)))
    if key_from_server:
        detail += f"; {TOFU_NOTE}"
    return Check(NAME, True, detail)


def check_report(
    report: Report,
    proof: object | None,
    verifier_key: str,
    *,
    kept: str | None = None,
    consistency: object | None = None,
    key_from_server: bool = False,
) -> Report:
    """``report`` with the ``log`` check of its audited record added after the others."""
    check = check_log(
        report.game_id,
        report.head_hash,
        report.version,
        proof,
        verifier_key,
        kept=kept,
        consistency=consistency,
        key_from_server=key_from_server,
    )
    return report.adding(check)


def _holds(
    game_id: str,
    head_hash: str,
    count: int,
    data: object,
    *,
    verifier_key: str,
    kept: str | None,
    consistency: object | None,
) -> str:
    """What the check found, when everything holds; raises :class:`_Refused` otherwise."""
    try:
        proof = parse_proof(data)
    except ValueError as error:
        raise _Refused(str(error)) from None
    try:
        verifier = load_key(verifier_key)
    except KeyFormatError as error:
        raise _Refused(f"the log's verifier key is not usable: {error}") from None
    checkpoint = _open(proof.checkpoint, verifier, "the checkpoint")
    if checkpoint.size != proof.tree_size:
        raise _Refused(
            f"the proof is for a tree of size {proof.tree_size}, its checkpoint of size "
            f"{checkpoint.size}"
        )
    if proof.game_id != game_id:
        raise _Refused("the log proof is for another game")
    _same_leaf(proof.leaf, game_id, head_hash, count)
    if not transparency.verify_inclusion(
        transparency.leaf_hash(proof.leaf),
        proof.leaf_index,
        proof.tree_size,
        proof.inclusion,
        checkpoint.root,
    ):
        raise _Refused(
            f"the inclusion proof of leaf {proof.leaf_index} does not lead to the root hash of "
            f"the checkpoint of size {checkpoint.size}: the log does not hold this leaf there"
        )
    found = (
        f"leaf {proof.leaf_index} of a checkpoint of size {checkpoint.size}, signed by "
        f"{checkpoint.origin}: the game's id, head hash and count of {count} events"
    )
    if kept is None:
        return found
    older = _open(kept, verifier, "the checkpoint you kept")
    return f"{found}; {_consistent(older, checkpoint, consistency)}"


def _open(note: str, verifier: Verifier, what: str) -> Checkpoint:
    try:
        return transparency.open_checkpoint(note, verifier)
    except CheckpointError as error:
        raise _Refused(f"{what} does not verify with the log's key: {error}") from None


def _same_leaf(leaf: bytes, game_id: str, head_hash: str, count: int) -> None:
    """The proof's leaf must be the audited record's archived leaf, byte for byte."""
    try:
        parsed = transparency.parse_leaf(leaf)
    except ValueError:
        raise _Refused("the proof's leaf is not a leaf of this log") from None
    if parsed.game_id != game_id:
        raise _Refused("the proof's leaf names another game")
    if parsed.kind == "tombstone":
        raise _Refused(
            f"the log records this game as deleted, not archived (a tombstone at "
            f"{parsed.count} events; the operator's note: {parsed.note})"
        )
    if parsed.count != count:
        raise _Refused(
            f"the log holds this game with {parsed.count} events, the audited record has "
            f"{count}: events were added or dropped since it was archived"
        )
    try:
        expected = transparency.archived_leaf(game_id, head_hash, count)
    except ValueError:
        raise _Refused("the audited record's id or head hash cannot be a leaf of the log") from None
    if leaf != expected:
        raise _Refused(
            "the log holds another head hash for this game: its events were changed since it "
            "was archived"
        )


def _consistent(older: Checkpoint, newer: Checkpoint, data: object | None) -> str:
    """Why the tree of ``newer`` extends the one of ``older`` (or the other way round, when the
    kept one is the larger); raises :class:`_Refused` when it does not."""
    small, large = (older, newer) if older.size <= newer.size else (newer, older)
    said = f"the log extends the checkpoint of size {older.size} you kept"
    if older.size > newer.size:
        said = f"the checkpoint of size {older.size} you kept extends this one"
    if small.size == 0:
        return said  # every tree extends the empty one: nothing to prove
    if small.size == large.size:
        if small.root != large.root:
            raise _Refused(
                f"the checkpoint you kept and this one both have {small.size} leaves but "
                "different root hashes: the log was rewritten"
            )
        return f"the checkpoint you kept (size {older.size}) is the same tree"
    if data is None:
        raise _Refused(
            f"no consistency proof between sizes {small.size} and {large.size} to check the "
            "checkpoint you kept"
        )
    if not isinstance(data, Mapping):
        raise _Refused("the consistency proof is not a JSON object")
    if (data.get("from"), data.get("to")) != (small.size, large.size):
        raise _Refused(f"the consistency proof is not between sizes {small.size} and {large.size}")
    path: Sequence[bytes] = _hashes(data.get("proof"), "the consistency proof's 'proof'")
    if not transparency.verify_consistency(small.size, large.size, small.root, large.root, path):
        raise _Refused(
            f"the log of size {large.size} does not extend the one of size {small.size}: a "
            "game archived before was dropped, changed or reordered"
        )
    return said


def consistency_sizes(kept: str, tree_size: int) -> tuple[int, int] | None:
    """The ``from`` and ``to`` of the consistency proof a kept checkpoint needs against a
    proof's tree of ``tree_size``; None when there is none to ask for (an unreadable kept
    checkpoint, an empty tree, or equal sizes)."""
    size = checkpoint_size(kept)
    if size is None or size in {0, tree_size}:
        return None
    return (min(size, tree_size), max(size, tree_size))


def signed_checkpoint(data: Any) -> str | None:
    """The signed checkpoint of a log-proof answer, to keep for next time (unchecked: keep it
    only once the check holds)."""
    if isinstance(data, Mapping) and isinstance(data.get("checkpoint"), str):
        return str(data["checkpoint"])
    return None
