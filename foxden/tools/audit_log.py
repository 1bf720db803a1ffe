"""The evidence for the audit's ``log`` check, from files (offline) or from a Foxden server.

``foxden audit BUNDLE.json --log-proof PROOF.json --log-key KEY`` reads everything from files
and never opens a socket. ``foxden audit --game ID --url URL`` has only the server's public API:
the game's bundle (``GET /v1/games/{id}/export``, public once the game has ended), its proof of
inclusion in the log (``GET /v1/games/{id}/log-proof``; 404 ``not_in_log`` before it is
archived), the log's key (``GET /v1/log``) when the auditor brings none, and the consistency
proof (``GET /v1/log/consistency``) between a checkpoint the auditor kept and the one the proof
names. This module only gathers them (the standard library's ``urllib``, as ``foxden demo``,
with a timeout); ``service.audit`` and ``service.log_audit`` judge them.
"""

from __future__ import annotations

import argparse
import json
import sys
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any

from service import audit, log_audit

HTTP_TIMEOUT_S = 30.0
NOT_IN_LOG = "not_in_log"  # the problem code of a game the log does not hold (yet)


def command(args: argparse.Namespace, pins: audit.Pins) -> int:
    """``foxden audit`` with its log options: gather the evidence, print the report (with the
    ``log`` check), keep the checkpoint if asked. The exit codes are the audit's: 0 when every
    check ran and holds, 1 otherwise (a game not in the log yet too), 2 for a usage error."""
    usage = usage_problem(args)
    if usage:
        print(f"foxden audit: {usage}", file=sys.stderr)
        return 2
    try:
        evidence = gather(
            url=args.url,
            game_id=args.game,
            bundle=args.bundle,
            proof=args.log_proof,
            log_key=args.log_key,
            kept=args.checkpoint,
            consistency=args.consistency,
        )
    except EvidenceError as error:
        print(f"foxden audit: {error}", file=sys.stderr)
        return 1
    checked = report(evidence, pins)
    if args.json:
        print(json.dumps(checked.to_dict(), indent=2))
    else:
        print(audit.format_report(checked))
    if args.save_checkpoint is not None:
        try:
            # On stderr: stdout may be the JSON report.
            print(keep_checkpoint(args.save_checkpoint, checked, evidence), file=sys.stderr)
        except OSError as error:
            print(f"foxden audit: cannot write {args.save_checkpoint}: {error}", file=sys.stderr)
            return 1
    return 0 if checked.complete else 1


def usage_problem(args: argparse.Namespace) -> str | None:
    """What is wrong with the log options of ``foxden audit`` (a usage error), or None."""
    online, offline = args.url is not None, args.log_proof is not None
    if online and args.game is None:
        return "--url needs --game ID, the game to audit on that server"
    if offline and args.bundle is None:
        return "--log-proof goes with BUNDLE.json (with --url the server gives the proof)"
    if offline and args.log_key is None:
        return "--log-proof needs --log-key: offline, no server can tell the log's key"
    if args.consistency is not None and not offline:
        return "--consistency goes with --log-proof (with --url the server gives the proof)"
    for option in ("log_key", "checkpoint", "save_checkpoint"):
        if getattr(args, option) is not None and not (online or offline):
            return f"--{option.replace('_', '-')} needs --url or --log-proof"
    if args.log_key is not None:
        try:
            log_audit.load_key(args.log_key)
        except ValueError as error:
            return f"--log-key is not a verifier key: {error}"
    return None


class EvidenceError(Exception):
    """A file or the server could not give what the audit needs; the message says what."""


@dataclass(frozen=True)
class Evidence:
    """What the audit of a game and its place in the log works on."""

    bundle: Any
    proof: Any | None  # None: the game is not in the log (not archived yet)
    log_key: str
    key_from_server: bool = False
    kept: str | None = None  # the older checkpoint the auditor kept
    consistency: Any | None = None


def report(evidence: Evidence, pins: audit.Pins) -> audit.Report:
    """The offline audit of the bundle, with the ``log`` check after its own."""
    return log_audit.check_report(
        audit.audit_bundle(evidence.bundle, pins=pins),
        evidence.proof,
        evidence.log_key,
        kept=evidence.kept,
        consistency=evidence.consistency,
        key_from_server=evidence.key_from_server,
    )


def _read(path: str, *, as_json: bool = True) -> Any:
    try:
        with open(path, encoding="utf-8") as file:
            return json.load(file) if as_json else file.read()
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise EvidenceError(f"cannot read {path}: {error}") from None


def gather(
    *,
    url: str | None,
    game_id: str | None,
    bundle: str | None,
    proof: str | None,
    log_key: str | None,
    kept: str | None,
    consistency: str | None,
) -> Evidence:
    """The evidence ``foxden audit`` was pointed at: ``game_id`` on the server at ``url``, or
    the files ``bundle``, ``proof`` and ``consistency`` (offline, with ``log_key``). ``kept`` is
    the path of an older checkpoint the auditor kept. Raises :class:`EvidenceError`."""
    kept_text = _read(kept, as_json=False) if kept is not None else None
    if url is not None and game_id is not None:
        return from_server(url, game_id, log_key=log_key, kept=kept_text)
    if bundle is None or proof is None or log_key is None:
        raise EvidenceError("offline, the log check needs a bundle, its log proof and the key")
    return Evidence(
        _read(bundle),
        _read(proof),
        log_key,
        kept=kept_text,
        consistency=_read(consistency) if consistency is not None else None,
    )


class _Answered(Exception):
    """An HTTP error answer: its status, the problem's ``code`` and what it said."""

    def __init__(self, status: int, code: object, detail: str) -> None:
        super().__init__(detail)
        self.status, self.code, self.detail = status, code, detail


def _get(base_url: str, path: str) -> Any:
    """The JSON answer of ``GET base_url + path``; raises :class:`_Answered` for an HTTP error
    and :class:`EvidenceError` when the server cannot be reached or answers no JSON."""
    request = urllib.request.Request(
        base_url.rstrip("/") + path, headers={"Accept": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=HTTP_TIMEOUT_S) as response:
            body = response.read()
    except urllib.error.HTTPError as error:
        try:
            problem = json.loads(error.read())
        except (ValueError, OSError):
            problem = None
        problem = problem if isinstance(problem, dict) else {}
        detail = problem.get("detail") or problem.get("title") or error.reason
        raise _Answered(error.code, problem.get("code"), str(detail)) from None
    except (urllib.error.URLError, OSError, ValueError) as error:
        reason = getattr(error, "reason", None) or error
        raise EvidenceError(f"cannot reach {base_url}: {reason}") from None
    try:
        return json.loads(body)
    except ValueError:
        raise EvidenceError(f"GET {path} did not answer JSON") from None


def from_server(base_url: str, game_id: str, *, log_key: str | None, kept: str | None) -> Evidence:
    """The evidence for ``game_id`` on the Foxden at ``base_url`` (``kept``: the text of the
    older checkpoint the auditor kept, whose consistency proof is then fetched too)."""
    game = urllib.parse.quote(game_id, safe="")
    try:
        bundle = _get(base_url, f"/v1/games/{game}/export")
    except _Answered as answer:
        if answer.status == 404:
            raise EvidenceError(f"no game {game_id!r} on {base_url}") from None
        if answer.status == 409:
            raise EvidenceError(
                f"the game has not ended, so it cannot be audited yet: {answer.detail}"
            ) from None
        raise EvidenceError(f"GET export answered {answer.status}: {answer.detail}") from None
    try:
        proof = _get(base_url, f"/v1/games/{game}/log-proof")
    except _Answered as answer:
        if (answer.status, answer.code) != (404, NOT_IN_LOG):
            raise EvidenceError(
                f"GET log-proof answered {answer.status} ({answer.code}): {answer.detail}"
            ) from None
        proof = None
    if proof is None:
        return Evidence(bundle, None, log_key or "", kept=kept)
    key_from_server = log_key is None
    if log_key is None:
        log_key = _server_key(base_url)
    return Evidence(
        bundle,
        proof,
        log_key,
        key_from_server=key_from_server,
        kept=kept,
        consistency=_consistency(base_url, proof, kept),
    )


def _server_key(base_url: str) -> str:
    """The verifier key the server publishes: trust on first use, and the check says so."""
    try:
        info = _get(base_url, "/v1/log")
    except _Answered as answer:
        raise EvidenceError(f"GET /v1/log answered {answer.status}: {answer.detail}") from None
    key = info.get("verifier_key") if isinstance(info, dict) else None
    if not isinstance(key, str):
        raise EvidenceError("GET /v1/log gave no verifier_key")
    return key


def _consistency(base_url: str, proof: Any, kept: str | None) -> Any | None:
    """The consistency proof between the kept checkpoint's size and the proof's tree size;
    None when none is needed or the server gives none (the check then says what is missing)."""
    tree_size = proof.get("tree_size") if isinstance(proof, dict) else None
    if kept is None or type(tree_size) is not int:
        return None
    sizes = log_audit.consistency_sizes(kept, tree_size)
    if sizes is None:
        return None
    try:
        return _get(base_url, f"/v1/log/consistency?from={sizes[0]}&to={sizes[1]}")
    except _Answered as answer:
        if answer.status >= 500:
            raise EvidenceError(
                f"GET consistency answered {answer.status}: {answer.detail}"
            ) from None
        return None  # a log that cannot prove it extends the kept checkpoint: the check fails


def keep_checkpoint(path: str, checked: audit.Report, evidence: Evidence) -> str:
    """Write the proof's signed checkpoint to ``path`` once the ``log`` check holds, for the
    next audit's ``--checkpoint``; what was done, in words. Raises ``OSError``."""
    log_check = next((c for c in checked.checks if c.name == log_audit.NAME), None)
    note = log_audit.signed_checkpoint(evidence.proof)
    if log_check is None or log_check.ok is not True or note is None:
        why = "the game is not in the log" if evidence.proof is None else "the log check failed"
        return f"no checkpoint kept in {path}: {why}"
    size = log_audit.checkpoint_size(note) or 0
    older = log_audit.checkpoint_size(evidence.kept) if evidence.kept is not None else None
    if older is not None and older > size:
        return f"no checkpoint kept in {path}: the one you kept (size {older}) is newer"
    with open(path, "w", encoding="utf-8") as file:
        file.write(note)
    return f"kept the checkpoint of size {size} in {path}: pass it as --checkpoint next time"
