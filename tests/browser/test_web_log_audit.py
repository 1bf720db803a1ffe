"""The audit page's log check in a real browser, and core/merkle.js against the RFC's vectors.

An archived game's page shows "In the log: leaf i of a checkpoint of size n, signed by …",
offers the checkpoint for keeping, checks a kept checkpoint against a grown log, and says so
when the log no longer extends it; a finished game that is not archived yet says there is
nothing to check, without asking the server for a proof it cannot have. merkle.js verifies the
inclusion and consistency proofs of RFC 9162's reference vectors (and refuses every wrong one
the reference tests try), and the Go note vector's Ed25519 signature.

The API runs in this process (``tests/fairness/test_log_audit.py``'s ``server``), so the test
archives games itself and can rewrite the log as a dishonest operator would.
"""

from __future__ import annotations

import base64

import pytest

from tests.events import test_transparency as vectors
from tests.fairness import test_log_audit as logged

pytestmark = pytest.mark.redis

archived_server = logged.server  # the fixture: an API on loopback whose games can be archived


def log_line(page) -> tuple[str, str]:
    page.wait_for_selector("#log-verdict[data-ok]:not([data-ok=''])", timeout=20_000)
    verdict = page.locator("#log-verdict")
    return verdict.get_attribute("data-ok"), verdict.inner_text()


def test_the_audit_page_shows_an_archived_game_in_the_log(page, archived_server, tmp_path):
    server = archived_server
    first, second = server.finish(), server.finish()
    server.archive(first)
    page.goto(f"{server.url}/games/{first}/audit")
    page.wait_for_selector('#browser-verdict[data-ok="true"]', timeout=20_000)
    assert log_line(page) == (
        "true",
        f"In the log: leaf 0 of a checkpoint of size 1, signed by {logged.ORIGIN}",
    )
    assert page.inner_text("#log-key-used") == logged.SERVER_KEY
    with page.expect_download() as download:
        page.click("#keep-checkpoint")
    kept = download.value.path().read_text(encoding="utf-8")
    assert kept == server.get(f"/v1/games/{first}/log-proof")["checkpoint"]

    # Later, the second game: the log grew, and extends the checkpoint kept.
    server.archive(second)
    page.goto(f"{server.url}/games/{second}/audit")
    assert log_line(page)[0] == "true"
    page.click("#log-panel summary")
    page.fill("#kept-checkpoint", kept)
    page.fill("#log-key", logged.SERVER_KEY)
    page.click("#check-log")
    page.wait_for_selector("#log-verdict:has-text('you kept')")
    ok, words = log_line(page)
    assert ok == "true", words
    assert words.endswith("; the log extends the checkpoint of size 1 you kept")
    assert "the one you gave" in page.inner_text("#log-result")

    # The operator drops the first game and grows the log again: the second game still has a
    # valid proof, but the log no longer extends what the visitor kept.
    leaves = server.log.leaves(0, 2)
    logged.lose(server.games.store.redis, "fd:{log}:*")
    server.log.restore([leaves[1], logged.other_leaf(1), logged.other_leaf(2)])
    page.click("#check-log")
    page.wait_for_selector('#log-verdict[data-ok="false"]')
    words = page.inner_text("#log-verdict")
    assert words.startswith("Not in the log as audited: the log of size 3 does not extend")
    assert page.locator("#keep-checkpoint").count() == 0  # a failed log is not offered for keeping

    # A key the visitor trusts that did not sign it.
    page.fill("#kept-checkpoint", "")
    page.fill("#log-key", str(logged.OTHER_SIGNER.verifier))
    page.click("#check-log")
    page.wait_for_selector("#log-verdict:has-text('not signed by the key')")
    assert page.locator("#log-verdict").get_attribute("data-ok") == "false"
    assert page.problems == []


def test_a_finished_game_not_archived_has_nothing_to_check(page, archived_server):
    server = archived_server
    game_id = server.finish()
    page.goto(f"{server.url}/games/{game_id}/audit")
    page.wait_for_selector('#browser-verdict[data-ok="true"]', timeout=20_000)
    ok, words = log_line(page)
    assert ok == "null" and words.startswith("Not archived yet: nothing to check")
    assert page.locator("#keep-checkpoint, #check-log").count() == 0
    assert page.problems == []  # no 404 asked for: the page knew the game is not archived


def hexes(hashes: list[bytes]) -> list[str]:
    return [h.hex() for h in hashes]


MERKLE_HARNESS = """async (cases) => {
    const m = await import("/web/static/core/merkle.js");
    const bytes = (hex) => Uint8Array.from(hex.match(/../g) || [], (p) => parseInt(p, 16));
    const out = { inclusion: [], consistency: [], roots: [] };
    for (const [leaf, index, size, proof, root] of cases.inclusion) {
        const path = proof.map(bytes);
        out.inclusion.push(await m.verifyInclusion(bytes(leaf), index, size, path, bytes(root)));
    }
    for (const [mm, n, old, now, proof] of cases.consistency) {
        const path = proof.map(bytes);
        out.consistency.push(await m.verifyConsistency(mm, n, bytes(old), bytes(now), path));
    }
    for (const leaf of cases.leaves) out.roots.push(m.toHex(await m.leafHash(bytes(leaf))));
    return out;
}"""


def test_merkle_js_verifies_the_rfc_vectors_and_refuses_the_wrong_ones(page, archived_server):
    page.goto(f"{archived_server.url}/verify")
    root, leaves = vectors.ROOTS, vectors.VECTOR_HASHES
    inclusion, consistency = [], []
    want_inclusion, want_consistency = [], []
    for index, size, proof in vectors.INCLUSION_PROOFS:
        inclusion.append([leaves[index].hex(), index, size, hexes(proof), root[size].hex()])
        want_inclusion.append(True)
        for probe in vectors.wrong_inclusions(index, size, proof, root[size], leaves[index]):
            _, wrong_leaf, wrong_index, wrong_size, wrong_proof, wrong_root = probe
            inclusion.append(
                [wrong_leaf.hex(), wrong_index, wrong_size, hexes(wrong_proof), wrong_root.hex()]
            )
            want_inclusion.append(False)
    for m, n, proof in vectors.CONSISTENCY_PROOFS:
        consistency.append([m, n, root[m].hex(), root[n].hex(), hexes(proof)])
        want_consistency.append(True)
        # The reference tests mutate the non-trivial proofs only.
        for probe in vectors.wrong_consistencies(m, n, root[m], root[n], proof) if proof else ():
            _, wrong_m, wrong_n, old, new, wrong_proof = probe
            consistency.append([wrong_m, wrong_n, old.hex(), new.hex(), hexes(wrong_proof)])
            want_consistency.append(False)
    got = page.evaluate(
        MERKLE_HARNESS,
        {
            "inclusion": inclusion,
            "consistency": consistency,
            "leaves": [leaf.hex() for leaf in vectors.LEAF_INPUTS],
        },
    )
    assert got["inclusion"] == want_inclusion
    assert got["consistency"] == want_consistency
    assert got["roots"] == hexes(leaves)


def test_merkle_js_opens_the_go_note_vector_and_checkpoints(page, archived_server):
    page.goto(f"{archived_server.url}/verify")
    note = vectors.sign_checkpoint(vectors.ORIGIN, 10, vectors.ROOT, vectors.SIGNER)
    got = page.evaluate(
        """async ([goKey, goNote, key, note, otherKey]) => {
            const m = await import("/web/static/core/merkle.js");
            const attempt = (f) => f().then((x) => x, (e) => `refused: ${e.message}`);
            const go = await m.parseVerifierKey(goKey);
            const ours = await m.parseVerifierKey(key);
            const opened = await m.openCheckpoint(note, ours);
            const other = await m.parseVerifierKey(otherKey);
            const wrongId = goKey.replace("c74f20a3", "c74f20a4");
            const retext = note.replace("\\n10\\n", "\\n11\\n");
            return {
                goText: await m.openNote(goNote, go),
                checkpoint: [opened.origin, opened.size, m.toBase64(opened.root)],
                flipped: await attempt(() => m.openNote(goNote.replace("BS9UG", "BS9UH"), go)),
                otherKey: await attempt(() => m.openCheckpoint(note, other)),
                badKeyId: await attempt(() => m.parseVerifierKey(wrongId)),
                retexted: await attempt(() => m.openCheckpoint(retext, ours)),
            };
        }""",
        [
            vectors.GO_VERIFIER,
            vectors.GO_NOTE,
            str(vectors.VERIFIER),
            note,
            str(logged.OTHER_SIGNER.verifier),
        ],
    )
    assert got["goText"] == vectors.GO_TEXT
    assert got["checkpoint"] == [vectors.ORIGIN, 10, base64.b64encode(vectors.ROOT).decode()]
    assert got["flipped"] == "refused: the signature of PeterNeumann does not verify"
    assert got["otherKey"].startswith("refused: not signed by the key")
    assert got["badKeyId"] == "refused: the key id does not match the key"
    assert got["retexted"] == f"refused: the signature of {vectors.ORIGIN} does not verify"
