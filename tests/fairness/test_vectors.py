"""The fair shuffle and the chain against the published test vectors (tests/vectors/).

Three parties must agree: ``domain.fairness`` / ``events.envelope`` (what deals the games), the
reference implementation in ``tests/vectors/generate_shuffle.py`` (written from
docs/fairness.md, importing nothing of Foxden) and the JSON file that re-implementers use.
"""

from __future__ import annotations

import hashlib
import hmac
import importlib.util
import json
from pathlib import Path

import pytest

from domain import fairness
from events.envelope import canonical, compute_hash, salt

VECTORS_DIR = Path(__file__).resolve().parents[1] / "vectors"
VECTORS = json.loads((VECTORS_DIR / "shuffle.json").read_text(encoding="utf-8"))


def _generator():
    spec = importlib.util.spec_from_file_location(
        "generate_shuffle", VECTORS_DIR / "generate_shuffle.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_file_is_exactly_what_the_reference_generator_writes():
    """So the vectors follow the spec's reference implementation, not only today's code."""
    assert (VECTORS_DIR / "shuffle.json").read_text(encoding="utf-8") == _generator().render()


def test_the_vectors_cover_what_the_spec_promises():
    shuffles = VECTORS["shuffles"]
    assert {v["size"] for v in shuffles} >= {0, 1, 2, 5, 52, 80, 95}
    assert {v["label"] for v in shuffles} == {"supply", "deck", "pile"}
    client_lists = [v["client_seeds"] for v in shuffles]
    assert [] in client_lists
    assert any(any(not seed.isascii() for seed in seeds) for seeds in client_lists)
    assert len({v["seed"] for v in shuffles}) >= 4
    # The rejection loop runs: some draws of a large k skip words.
    assert any(v["words_taken"] > len(v["first_8"]) for v in VECTORS["uniform"])


@pytest.mark.parametrize("vector", VECTORS["shuffles"], ids=lambda v: f"{v['label']}-{v['size']}")
def test_permutation_matches_the_vector(vector):
    seed = bytes.fromhex(vector["seed"])
    got = fairness.permutation(seed, vector["label"], vector["client_seeds"], vector["size"])
    assert got == vector["permutation"]
    assert sorted(got) == list(range(vector["size"]))


def test_block_zero_is_the_documented_message_and_hmac():
    generator = _generator()
    for vector in VECTORS["shuffles"]:
        seed = bytes.fromhex(vector["seed"])
        message = fairness.DOMAIN + "\n".join([vector["label"], *vector["client_seeds"]]).encode()
        message += b"\n0"
        assert message.hex() == vector["message_0"]
        assert generator.message(vector["label"], vector["client_seeds"], 0) == message
        assert hmac.new(seed, message, hashlib.sha256).hexdigest() == vector["block_0"]


def test_uniform_draws_with_rejection_match_the_vectors():
    for vector in VECTORS["uniform"]:
        words = fairness._words(
            bytes.fromhex(vector["seed"]), vector["label"], vector["client_seeds"]
        )
        taken = 0

        def counted(words=words):
            nonlocal taken
            for word in words:
                taken += 1
                yield word

        stream = counted()
        values = [fairness._uniform(stream, vector["k"]) for _ in range(8)]
        assert values == vector["first_8"]
        assert taken == vector["words_taken"]


def test_a_word_at_or_above_the_limit_is_rejected():
    k = 3
    limit = 2**32 - (2**32 % k)  # 2**32 - 1
    assert fairness._uniform(iter([limit, 2**32 - 1, 7]), k) == 7 % k
    assert fairness._uniform(iter([limit - 1]), k) == (limit - 1) % k


@pytest.mark.parametrize("vector", VECTORS["start_players"], ids=lambda v: str(v["players"]))
def test_start_player_matches_the_vector(vector):
    seed = bytes.fromhex(vector["seed"])
    assert (
        fairness.start_player(seed, vector["client_seeds"], vector["players"])
        == (vector["start_player"])
    )


def test_derive_start_is_the_start_player_and_one_order_per_label():
    vector = VECTORS["start_players"][2]
    seed, client_seeds = bytes.fromhex(vector["seed"]), vector["client_seeds"]
    start = fairness.derive_start(seed, client_seeds, {"pile": 7, "deck": 5}, vector["players"])
    assert start == {
        "type": "start",
        "start_player": vector["start_player"],
        "orders": {
            "deck": fairness.permutation(seed, "deck", client_seeds, 5),
            "pile": fairness.permutation(seed, "pile", client_seeds, 7),
        },
    }


def test_commitments_salts_and_chain_match_the_vectors():
    for vector in VECTORS["commitments"]:
        assert fairness.commitment(bytes.fromhex(vector["seed"])) == vector["commitment"]
    for vector in VECTORS["salts"]:
        assert salt(bytes.fromhex(vector["seed"]), vector["version"]) == vector["salt"]
    prev = "0" * 64
    for vector in VECTORS["chain"]:
        unsigned = json.loads(vector["unsigned_canonical"])
        assert unsigned["prev_hash"] == prev
        assert canonical(unsigned).decode() == vector["unsigned_canonical"]
        assert salt(bytes.fromhex(vector["seed"]), vector["version"]) == vector["salt"]
        digest = compute_hash(prev, canonical(unsigned), vector["salt"])
        assert digest == vector["hash"]
        prev = digest
