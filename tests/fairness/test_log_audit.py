"""The audit's ``log`` check (service/log_audit.py) and ``foxden audit``'s log options.

The pure check is fed logs built with ``events.transparency`` itself: an honest one, and the
ones a dishonest operator could serve (a changed game, a proof for another leaf, a signature of
another key, a log that dropped or reordered a game before a checkpoint the auditor kept, a
game deleted behind a tombstone). The command line is then run against a real Foxden API on
loopback whose games were archived, and offline with every socket refused.
"""

from __future__ import annotations

import base64
import copy
import hashlib
import json
import socket
import threading
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from werkzeug.serving import make_server

from events import transparency
from events.archive_storage import open_archive
from events.log import TransparencyLog
from events.transparency import (
    archived_leaf,
    consistency_proof,
    inclusion_proof,
    leaf_hash,
    load_signer,
    root,
    sign_checkpoint,
    signer_key,
    tombstone_leaf,
)
from foxden.cli import main
from service.api import create_app
from service.audit import audit_bundle, format_report
from service.games import GameService
from service.log_audit import NOT_ARCHIVED, TOFU_NOTE, check_log, check_report
from tests.archive.conftest import archived_service, lose
from tests.fairness import test_cli
from tests.fairness.conftest import finish
from tests.fairness.test_tampering import forged

ORIGIN = "foxden.example/log"
SIGNER = load_signer(signer_key(ORIGIN, bytes(range(32))))
KEY = str(SIGNER.verifier)
OTHER_SIGNER = load_signer(signer_key(ORIGIN, bytes(range(1, 33))))

GAME = "f" * 32
HEAD = hashlib.sha256(b"the audited game's last event").hexdigest()
COUNT = 42
OUR_LEAF = archived_leaf(GAME, HEAD, COUNT)
AT = 5  # the audited game's leaf index in the honest log


def other_leaf(i: int) -> bytes:
    return archived_leaf(f"{i:032x}", hashlib.sha256(b"game %d" % i).hexdigest(), i + 1)


def honest_leaves(size: int = 11) -> list[bytes]:
    """A log of ``size`` games whose leaf ``AT`` is the audited game's."""
    return [OUR_LEAF if i == AT else other_leaf(i) for i in range(size)]


def b64(value: bytes) -> str:
    return base64.b64encode(value).decode()


def checkpoint(leaves: list[bytes], size: int | None = None, signer=SIGNER) -> str:
    size = len(leaves) if size is None else size
    hashes = [leaf_hash(leaf) for leaf in leaves[:size]]
    return sign_checkpoint(signer.name, size, root(hashes), signer)


def proof_of(leaves: list[bytes], index: int, size: int | None = None, signer=SIGNER) -> dict:
    """The answer of ``GET /v1/games/{id}/log-proof`` for leaf ``index`` of ``leaves``."""
    size = len(leaves) if size is None else size
    hashes = [leaf_hash(leaf) for leaf in leaves]
    return {
        "game_id": transparency.parse_leaf(leaves[index]).game_id,
        "leaf": leaves[index].decode(),
        "leaf_index": index,
        "tree_size": size,
        "inclusion": [b64(h) for h in inclusion_proof(index, size, hashes)],
        "checkpoint": checkpoint(leaves, size, signer),
    }


def consistency_of(leaves: list[bytes], old: int, new: int) -> dict:
    """The answer of ``GET /v1/log/consistency?from=old&to=new`` of the log ``leaves``."""
    hashes = [leaf_hash(leaf) for leaf in leaves]
    return {"from": old, "to": new, "proof": [b64(h) for h in consistency_proof(old, new, hashes)]}


def check(proof: Any, **kwargs: Any):
    kwargs.setdefault("verifier_key", KEY)
    key = kwargs.pop("verifier_key")
    head, count = kwargs.pop("head", HEAD), kwargs.pop("count", COUNT)
    return check_log(GAME, head, count, proof, key, **kwargs)


# --- the pure check ------------------------------------------------------------------------------


def test_an_honest_proof_holds() -> None:
    result = check(proof_of(honest_leaves(), AT))
    assert (result.name, result.ok, result.version) == ("log", True, None)
    assert result.detail.startswith(f"leaf {AT} of a checkpoint of size 11, signed by {ORIGIN}")
    assert TOFU_NOTE not in result.detail
    # Every position and size, so no shape of tree is left out.
    for size in range(1, 20):
        for index in range(size):
            leaves = [OUR_LEAF if i == index else other_leaf(i) for i in range(size)]
            assert check(proof_of(leaves, index)).ok is True, (index, size)


def test_a_game_not_in_the_log_is_not_run() -> None:
    result = check(None)
    assert (result.ok, result.detail) == (None, NOT_ARCHIVED)


def test_a_changed_event_changes_the_head_hash_and_fails() -> None:
    # A forger who rewrote an event re-seals the chain: the audited head hash is another.
    forged_head = hashlib.sha256(b"a re-sealed forgery").hexdigest()
    result = check(proof_of(honest_leaves(), AT), head=forged_head)
    assert result.ok is False
    assert "another head hash" in result.detail and "changed since it was archived" in result.detail
    # Events dropped at the end (or added) change the count too.
    result = check(proof_of(honest_leaves(), AT), count=COUNT - 1)
    assert result.ok is False
    assert f"with {COUNT} events, the audited record has {COUNT - 1}" in result.detail


def test_a_proof_for_another_index_fails() -> None:
    leaves = honest_leaves()
    # The audited game's leaf, with the path of the leaf beside it.
    moved = {**proof_of(leaves, AT), "leaf_index": AT + 1}
    moved["inclusion"] = proof_of(leaves, AT + 1)["inclusion"]
    result = check(moved)
    assert result.ok is False
    assert f"inclusion proof of leaf {AT + 1} does not lead to the root hash" in result.detail
    # Another game's honest proof names another game.
    result = check(proof_of(leaves, AT + 1))
    assert (result.ok, result.detail) == (False, "the log proof is for another game")
    # ... and so does its leaf, under this game's id.
    result = check({**proof_of(leaves, AT + 1), "game_id": GAME})
    assert (result.ok, result.detail) == (False, "the proof's leaf names another game")
    # A path edited by one bit.
    proof = proof_of(leaves, AT)
    first = base64.b64decode(proof["inclusion"][0])
    proof["inclusion"][0] = b64(bytes([first[0] ^ 1]) + first[1:])
    assert check(proof).ok is False
    # A log that holds the game at another place than the checkpoint says.
    assert check({**proof_of(leaves, AT), "tree_size": 12}).detail == (
        "the proof is for a tree of size 12, its checkpoint of size 11"
    )


def test_a_bad_signature_or_another_key_fails() -> None:
    proof = proof_of(honest_leaves(), AT)
    note = proof["checkpoint"]
    at = note.rindex(" ") + 40
    flipped = note[:at] + ("A" if note[at] != "A" else "B") + note[at + 1 :]
    result = check({**proof, "checkpoint": flipped})
    assert result.ok is False
    assert result.detail.startswith("the checkpoint does not verify with the log's key")
    assert "does not verify" in result.detail
    # Signed by another key of the same name: not the key the auditor trusts.
    result = check(proof_of(honest_leaves(), AT, signer=OTHER_SIGNER))
    assert result.ok is False
    assert "not signed by the key" in result.detail
    assert check(proof, verifier_key=str(OTHER_SIGNER.verifier)).ok is False
    # A checkpoint of another log, signed with the same key.
    renamed = sign_checkpoint(
        "another.example/log", 11, root([leaf_hash(x) for x in honest_leaves()]), SIGNER
    )
    result = check({**proof, "checkpoint": renamed})
    assert result.ok is False and "of another log" in result.detail
    # A key that is no key.
    result = check(proof, verifier_key="not a key")
    assert result.ok is False and "verifier key is not usable" in result.detail


def test_the_key_taken_from_the_server_is_said() -> None:
    result = check(proof_of(honest_leaves(), AT), key_from_server=True)
    assert result.ok is True and "trust on first use" in result.detail


def test_a_tombstone_for_the_game_fails_saying_it_was_deleted() -> None:
    leaves = honest_leaves()
    leaves.append(tombstone_leaf(GAME, HEAD, COUNT, "deleted on the player's request"))
    result = check(proof_of(leaves, len(leaves) - 1))
    assert result.ok is False
    assert "deleted, not archived" in result.detail
    assert "deleted on the player's request" in result.detail


def test_a_kept_checkpoint_the_log_extends_holds() -> None:
    leaves = honest_leaves(11)
    for kept_size in (1, AT, AT + 1, 8, 10):
        kept = checkpoint(leaves, kept_size)
        result = check(
            proof_of(leaves, AT), kept=kept, consistency=consistency_of(leaves, kept_size, 11)
        )
        assert result.ok is True, (kept_size, result.detail)
        assert f"the log extends the checkpoint of size {kept_size} you kept" in result.detail
    # The same size: the same root, and no proof needed.
    result = check(proof_of(leaves, AT), kept=checkpoint(leaves))
    assert result.ok is True and "is the same tree" in result.detail
    # An empty log kept: every log extends it.
    empty = sign_checkpoint(ORIGIN, 0, transparency.EMPTY_ROOT, SIGNER)
    assert check(proof_of(leaves, AT), kept=empty).ok is True
    # A kept checkpoint newer than the proof's: the kept tree must extend the proof's.
    grown = [*leaves, other_leaf(20), other_leaf(21)]
    result = check(
        proof_of(grown, AT, size=11),
        kept=checkpoint(grown),
        consistency=consistency_of(grown, 11, 13),
    )
    assert result.ok is True and "you kept extends this one" in result.detail


def rewritten_logs(leaves: list[bytes]) -> Iterator[tuple[str, list[bytes]]]:
    """Logs an operator could serve after a checkpoint was kept: one game dropped, or two
    swapped, before the audited game (which is still in them, at a new place)."""
    for j in range(AT):
        yield f"dropped {j}", leaves[:j] + leaves[j + 1 :]
        swapped = list(leaves)
        swapped[j], swapped[j + 1] = swapped[j + 1], swapped[j]
        yield f"swapped {j} and {j + 1}", swapped


def test_a_log_that_dropped_or_reordered_a_game_fails_against_a_kept_checkpoint() -> None:
    leaves = honest_leaves(11)
    kept_size = 8
    kept = checkpoint(leaves, kept_size)
    for what, rewritten in rewritten_logs(leaves):
        grown = [*rewritten, other_leaf(30), other_leaf(31)]
        index = grown.index(OUR_LEAF)
        proof = proof_of(grown, index)
        # Without a kept checkpoint the rewritten log's own proof holds: that is why one keeps.
        assert check(proof).ok is True, what
        result = check(proof, kept=kept, consistency=consistency_of(grown, kept_size, len(grown)))
        assert result.ok is False, what
        assert result.detail == (
            f"the log of size {len(grown)} does not extend the one of size {kept_size}: a game "
            "archived before was dropped, changed or reordered"
        ), what


def test_a_kept_checkpoint_needs_a_proof_that_fits_it() -> None:
    leaves = honest_leaves(11)
    kept = checkpoint(leaves, 8)
    result = check(proof_of(leaves, AT), kept=kept)
    assert result.ok is False and "no consistency proof between sizes 8 and 11" in result.detail
    result = check(proof_of(leaves, AT), kept=kept, consistency=consistency_of(leaves, 7, 11))
    assert result.ok is False and "not between sizes 8 and 11" in result.detail
    # Another tree of the same size as the one kept.
    other = [other_leaf(40 + i) for i in range(11)]
    result = check(proof_of(leaves, AT), kept=checkpoint(other))
    assert result.ok is False and "the log was rewritten" in result.detail
    # A kept checkpoint signed by another key.
    result = check(
        proof_of(leaves, AT),
        kept=checkpoint(leaves, 8, OTHER_SIGNER),
        consistency=consistency_of(leaves, 8, 11),
    )
    assert result.ok is False and result.detail.startswith(
        "the checkpoint you kept does not verify"
    )


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda p: [], "not a JSON object"),
        (lambda p: {**p, "leaf": 7}, "'leaf' is missing or not text"),
        (lambda p: {**p, "leaf_index": "5"}, "'leaf_index' is not a whole number"),
        (lambda p: {**p, "tree_size": -1}, "'tree_size' is not a whole number"),
        (lambda p: {**p, "inclusion": "abc"}, "'inclusion' is not a list of hashes"),
        (lambda p: {**p, "inclusion": ["not base64!"]}, "not standard base64"),
        (lambda p: {**p, "inclusion": [b64(b"short")]}, "not a 32-byte hash"),
        (lambda p: {**p, "leaf": "foxden/archived/1\n"}, "not a leaf of this log"),
    ],
)
def test_a_malformed_proof_fails_in_words(change, words: str) -> None:
    result = check(change(proof_of(honest_leaves(), AT)))
    assert result.ok is False and words in result.detail, result.detail


# --- with the audit of a real game -------------------------------------------------------------


def last_batch_retimed(bundle: dict) -> dict:
    """The bundle with the time of its last batch moved, re-sealed by a forger who knows the
    seed: no rule judges ``at``, so the audit's own checks all still hold."""
    events = copy.deepcopy(bundle["events"])
    batch = events[-1]["command_id"]
    for event in events:
        if event["command_id"] == batch:
            event["at"] = "2001-01-01T00:00:00.000Z"
    return forged(bundle, events)


def game_log(bundle: dict) -> list[bytes]:
    """A log whose leaf ``AT`` is the honest bundle's."""
    leaf = archived_leaf(bundle["id"], bundle["head_hash"], len(bundle["events"]))
    return [leaf if i == AT else other_leaf(i) for i in range(9)]


@pytest.mark.redis
def test_a_re_sealed_edit_only_the_log_catches(finished) -> None:
    honest = finished["sly"].bundle
    proof = proof_of(game_log(honest), AT)
    report = check_report(audit_bundle(honest), proof, KEY)
    assert report.complete, format_report(report)
    assert [c.name for c in report.checks][-1] == "log"
    assert format_report(report).endswith("PASSED: all 7 checks hold")

    forgery = last_batch_retimed(honest)
    alone = audit_bundle(forgery)
    assert alone.complete  # the forger re-sealed it: every check of the record holds ...
    report = check_report(alone, proof, KEY)
    assert not report.complete  # ... but its head hash is not the one the log holds
    failed = [c for c in report.checks if c.ok is False]
    assert [c.name for c in failed] == ["log"]
    assert "its events were changed since it was archived" in failed[0].detail
    text = format_report(report)
    assert "FAIL  log" in text and "FAILED: 1 of 7 checks failed" in text
    assert "first fault at version" not in text  # no version is at fault: the record is


@pytest.mark.redis
def test_an_unreadable_bundle_runs_no_log_check(finished) -> None:
    report = check_report(audit_bundle({"format": "no"}), proof_of(honest_leaves(), AT), KEY)
    assert report.checks[-1].name == "log" and report.checks[-1].ok is None


# --- foxden audit --url, and offline ------------------------------------------------------------


@dataclass
class Server:
    """A Foxden API on loopback whose ended games can be archived into a directory."""

    url: str
    games: GameService
    log: TransparencyLog

    def finish(self, game: str = "sly") -> str:
        return finish(self.games, game).game_id

    def archive(self, game_id: str) -> None:
        archiver = self.games.archiver
        assert archiver is not None
        archiver.archive(game_id)

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=30) as answer:
            return json.loads(answer.read())


@pytest.fixture
def server(redis_url: str, tmp_path: Path) -> Iterator[Server]:
    games = archived_service(redis_url, open_archive(str(tmp_path / "archive")))
    lose(games.store.redis, "fd:{log}:*")  # a log of this test's own
    app = create_app(games, {"RATE_LIMIT": "off", "LOG_KEY": signer_key(ORIGIN, bytes(32))})
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield Server(
            f"http://127.0.0.1:{httpd.server_port}", games, TransparencyLog(games.store.redis)
        )
    finally:
        httpd.shutdown()
        thread.join(10)
        games.store.redis.close()


# No Redis, no network (the offline audit's guard, from test_cli): asked for after the fixtures
# that need the server, so they are set up first.
no_sockets = test_cli.no_network

SERVER_KEY = str(load_signer(signer_key(ORIGIN, bytes(32))).verifier)


def lines(out: str, mark: str, name: str) -> list[str]:
    return [line for line in out.splitlines() if line.split()[:2] == [mark, name]]


@pytest.mark.redis
def test_audit_over_http_of_an_archived_game(server: Server, capsys) -> None:
    game_id = server.finish()
    server.archive(game_id)

    assert main(["audit", "--game", game_id, "--url", server.url]) == 0
    out = capsys.readouterr().out
    assert lines(out, "ok", "log"), out
    assert f"leaf 0 of a checkpoint of size 1, signed by {ORIGIN}" in out
    assert "trust on first use" in out  # no --log-key: the server's own key
    assert out.rstrip().endswith("PASSED: all 7 checks hold")

    assert main(["audit", "--game", game_id, "--url", server.url, "--log-key", SERVER_KEY]) == 0
    out = capsys.readouterr().out
    assert lines(out, "ok", "log") and "trust on first use" not in out

    other = str(OTHER_SIGNER.verifier)
    assert (
        main(["audit", "--game", game_id, "--url", server.url, "--log-key", other, "--json"]) == 1
    )
    report = json.loads(capsys.readouterr().out)
    log_check = report["checks"][-1]
    assert (log_check["name"], log_check["ok"]) == ("log", False)
    assert "not signed by the key" in log_check["detail"]


@pytest.mark.redis
def test_audit_over_http_of_a_game_not_archived_yet(server: Server, capsys) -> None:
    game_id = server.finish()
    assert main(["audit", "--game", game_id, "--url", server.url]) == 1  # not complete
    captured = capsys.readouterr()
    assert lines(captured.out, "--", "log") and NOT_ARCHIVED in captured.out
    assert "INCOMPLETE: 6 checks hold, 1 could not run yet" in captured.out
    assert main(["audit", "--game", "0" * 32, "--url", server.url]) == 1
    assert "no game" in capsys.readouterr().err
    # Nothing answers there.
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()
    assert main(["audit", "--game", game_id, "--url", f"http://127.0.0.1:{port}"]) == 1
    assert "cannot reach" in capsys.readouterr().err


@pytest.mark.redis
def test_a_kept_checkpoint_catches_a_log_rewritten_since(
    server: Server, tmp_path: Path, capsys
) -> None:
    first, second = server.finish(), server.finish()
    server.archive(first)
    kept = tmp_path / "checkpoint.txt"
    url = ["--url", server.url, "--log-key", SERVER_KEY]
    assert main(["audit", "--game", first, *url, "--save-checkpoint", str(kept)]) == 0
    assert f"kept the checkpoint of size 1 in {kept}" in capsys.readouterr().err
    assert kept.read_text(encoding="utf-8").startswith(f"{ORIGIN}\n1\n")

    server.archive(second)
    audit_second = ["audit", "--game", second, *url, "--checkpoint", str(kept)]
    assert main([*audit_second, "--save-checkpoint", str(kept)]) == 0
    out = capsys.readouterr().out
    assert "the log extends the checkpoint of size 1 you kept" in out
    assert kept.read_text(encoding="utf-8").startswith(f"{ORIGIN}\n2\n")  # the newer one

    # The operator drops the first game from the log and grows it again: the second game is
    # still in it, with a valid proof, but the log no longer extends what was kept.
    leaves = server.log.leaves(0, 2)
    lose(server.games.store.redis, "fd:{log}:*")
    server.log.restore([leaves[1], other_leaf(1), other_leaf(2)])
    assert main([*audit_second, "--save-checkpoint", str(tmp_path / "not-kept.txt")]) == 1
    captured = capsys.readouterr()
    failed = lines(captured.out, "FAIL", "log")
    assert failed and "does not extend the one of size 2" in failed[0]
    assert "no checkpoint kept" in captured.err and not (tmp_path / "not-kept.txt").exists()


@pytest.fixture
def offline_files(server: Server, tmp_path: Path) -> dict[str, str]:
    """A bundle, its log proof, a kept checkpoint and the consistency proof, in files."""
    first, second = server.finish(), server.finish("fette-beute")
    server.archive(first)
    kept = server.get(f"/v1/games/{first}/log-proof")["checkpoint"]
    server.archive(second)
    files = {
        "bundle": server.get(f"/v1/games/{second}/export"),
        "proof": server.get(f"/v1/games/{second}/log-proof"),
        "consistency": server.get("/v1/log/consistency?from=1&to=2"),
    }
    paths = {}
    for name, data in files.items():
        paths[name] = str(tmp_path / f"{name}.json")
        Path(paths[name]).write_text(json.dumps(data), encoding="utf-8")
    paths["kept"] = str(tmp_path / "kept.txt")
    Path(paths["kept"]).write_text(kept, encoding="utf-8")
    return paths


@pytest.mark.redis
def test_offline_audit_with_a_log_proof(offline_files: dict[str, str], no_sockets, capsys) -> None:
    files = offline_files
    offline = ["audit", files["bundle"], "--log-proof", files["proof"], "--log-key", SERVER_KEY]
    assert main(offline) == 0
    out = capsys.readouterr().out
    assert "leaf 1 of a checkpoint of size 2" in out and "PASSED: all 7 checks hold" in out
    kept = ["--checkpoint", files["kept"], "--consistency", files["consistency"]]
    assert main([*offline, *kept]) == 0
    assert "the log extends the checkpoint of size 1 you kept" in capsys.readouterr().out
    assert main([*offline, "--checkpoint", files["kept"]]) == 1  # no consistency proof
    assert "no consistency proof between sizes 1 and 2" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--game", "g", "--url", "http://127.0.0.1:1", "--log-key", "nonsense"], "--log-key"),
        (["b.json", "--url", "http://127.0.0.1:1"], "--url needs --game"),
        (["b.json", "--log-proof", "p.json"], "--log-proof needs --log-key"),
        (["--game", "g", "--log-proof", "p.json", "--log-key", SERVER_KEY], "goes with BUNDLE"),
        (["b.json", "--checkpoint", "c.txt"], "--checkpoint needs --url or --log-proof"),
        (["b.json", "--save-checkpoint", "c.txt"], "needs --url or --log-proof"),
        (["b.json", "--log-key", SERVER_KEY], "--log-key needs --url or --log-proof"),
        (["--game", "g", "--url", "u", "--consistency", "c.json"], "--consistency goes with"),
    ],
)
def test_usage_errors_of_the_log_options(argv: list[str], words: str, no_sockets, capsys) -> None:
    assert main(["audit", *argv]) == 2
    assert words in capsys.readouterr().err


def test_the_documented_log_commands_parse_and_mean_what_they_say() -> None:
    """docs/fairness.md, "Checking that a game is in the log": every `foxden audit` there is a
    valid command line with the log's options (fairness.md is not in tests/docs' own check)."""
    from foxden.cli import parser
    from foxden.tools.audit_log import usage_problem
    from tests.docs import markdown

    doc = Path(__file__).resolve().parents[2] / "docs" / "fairness.md"
    found = [
        argv
        for block in markdown.blocks(doc)
        if block.lang == "sh" and "--log-key" in block.code
        for argv in markdown.commands(block.code.replace('"$LOG_KEY"', SERVER_KEY), "foxden")
    ]
    assert len(found) == 3
    for argv in found:
        args = parser().parse_args(argv)
        assert args.command == "audit" and usage_problem(args) is None, argv
