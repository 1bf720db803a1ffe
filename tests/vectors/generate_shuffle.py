"""Write ``tests/vectors/shuffle.json``: test vectors for the fair shuffle and the hash chain.

The vectors come from the small reference implementation below, written from
``docs/fairness.md`` alone. It imports nothing from Foxden on purpose: the test
``tests/fairness/test_vectors.py`` checks that Foxden's own code (``domain.fairness``,
``events.envelope``) gives the same numbers, so the spec, this file and the code cannot drift
apart. A re-implementation in another language should reproduce every vector.

Run from the repository root: ``.venv/bin/python tests/vectors/generate_shuffle.py``. The output
is deterministic; the test also checks that the file is exactly what this script writes.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from pathlib import Path

OUT = Path(__file__).with_name("shuffle.json")

# --- the reference implementation (docs/fairness.md, sections 2 to 4) ---------------------------


def message(label: str, client_seeds: list[str], counter: int) -> bytes:
    """The HMAC message of block ``counter``."""
    context = "\n".join([label, *client_seeds])
    return ("foxden:shuffle:v1\n" + context + "\n" + str(counter)).encode("utf-8")


def block(seed: bytes, label: str, client_seeds: list[str], counter: int) -> bytes:
    return hmac.new(seed, message(label, client_seeds, counter), hashlib.sha256).digest()


class Stream:
    """The endless stream of big-endian 32-bit words for one (seed, label, client seeds)."""

    def __init__(self, seed: bytes, label: str, client_seeds: list[str]) -> None:
        self.seed, self.label, self.client_seeds = seed, label, client_seeds
        self.counter, self.buffer, self.taken = 0, b"", 0

    def word(self) -> int:
        if not self.buffer:
            self.buffer = block(self.seed, self.label, self.client_seeds, self.counter)
            self.counter += 1
        word, self.buffer = int.from_bytes(self.buffer[:4], "big"), self.buffer[4:]
        self.taken += 1
        return word

    def uniform(self, k: int) -> int:
        limit = 2**32 - (2**32 % k)
        while True:
            x = self.word()
            if x < limit:
                return x % k


def permutation(seed: bytes, label: str, client_seeds: list[str], n: int) -> list[int]:
    stream = Stream(seed, label, client_seeds)
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        j = stream.uniform(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def start_player(seed: bytes, client_seeds: list[str], players: int) -> int:
    return Stream(seed, "start_player", client_seeds).uniform(players)


def salt(seed: bytes, version: int) -> str:
    return hmac.new(seed, b"foxden:event:" + str(version).encode(), hashlib.sha256).hexdigest()


def canonical(obj: object) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def chain_hash(prev_hash: str, unsigned: bytes, salt_hex: str) -> str:
    return hashlib.sha256(prev_hash.encode() + unsigned + salt_hex.encode()).hexdigest()


# --- the inputs ---------------------------------------------------------------------------------

SEEDS = [
    bytes(32),
    bytes(range(32)),
    b"\xff" * 32,
    hashlib.sha256(b"foxden test vector seed 3").digest(),
]
CLIENT_SEED_LISTS = [
    [],
    [""],
    ["", ""],
    ["alice", "bob", ""],
    ["Füchse im Bau 🦊", "日本語", "e\u0301"],  # non-ASCII, an emoji, a combining accent
    ["a", "b", "c", "d", "e", "f"],
]
LABELS = ["supply", "deck", "pile"]
SIZES = [0, 1, 2, 5, 52, 80]
# Large k, where almost half of the words are rejected: exercises the rejection loop.
UNIFORM_KS = [1, 2, 3, 6, 52, 2**31 + 1, 3 * 2**30 + 7, 2**32 - 1]


def shuffle_vectors() -> list[dict]:
    vectors = []
    case = 0
    for size in SIZES:
        for seed in SEEDS:
            client_seeds = CLIENT_SEED_LISTS[case % len(CLIENT_SEED_LISTS)]
            label = LABELS[case % len(LABELS)]
            case += 1
            vectors.append(
                {
                    "seed": seed.hex(),
                    "client_seeds": client_seeds,
                    "label": label,
                    "size": size,
                    "message_0": message(label, client_seeds, 0).hex(),
                    "block_0": block(seed, label, client_seeds, 0).hex(),
                    "permutation": permutation(seed, label, client_seeds, size),
                }
            )
    # The sizes the games shuffle: Fette Beute's supply, Gloria Picktoria's deck and pile
    # (its pile of 94, 90, 86 or 82 cards for 2, 3, 4 or 5 players).
    for label, size in [("supply", 80), ("deck", 95), ("pile", 94), ("pile", 82)]:
        seed, client_seeds = SEEDS[3], CLIENT_SEED_LISTS[4]
        vectors.append(
            {
                "seed": seed.hex(),
                "client_seeds": client_seeds,
                "label": label,
                "size": size,
                "message_0": message(label, client_seeds, 0).hex(),
                "block_0": block(seed, label, client_seeds, 0).hex(),
                "permutation": permutation(seed, label, client_seeds, size),
            }
        )
    return vectors


def uniform_vectors() -> list[dict]:
    vectors = []
    for n, k in enumerate(UNIFORM_KS):
        seed = SEEDS[n % len(SEEDS)]
        client_seeds = CLIENT_SEED_LISTS[n % len(CLIENT_SEED_LISTS)]
        stream = Stream(seed, "deck", client_seeds)
        values = [stream.uniform(k) for _ in range(8)]
        vectors.append(
            {
                "seed": seed.hex(),
                "client_seeds": client_seeds,
                "label": "deck",
                "k": k,
                "first_8": values,
                "words_taken": stream.taken,
            }
        )
    return vectors


def start_player_vectors() -> list[dict]:
    return [
        {
            "seed": seed.hex(),
            "client_seeds": client_seeds,
            "players": players,
            "start_player": start_player(seed, client_seeds, players),
        }
        for seed in SEEDS
        for players, client_seeds in [
            (2, ["", ""]),
            (3, ["alice", "bob", ""]),
            (3, CLIENT_SEED_LISTS[4]),
            (6, CLIENT_SEED_LISTS[5]),
        ]
    ]


def chain_vectors() -> list[dict]:
    seed = SEEDS[3]
    vectors = []
    prev = "0" * 64
    envelopes = [
        {
            "version": 1,
            "type": "GameCreated",
            "schema": 1,
            "data": {"commitment": hashlib.sha256(seed).hexdigest(), "game": "sly"},
            "at": "2026-11-30T08:00:00.000Z",
            "by": {"seat": None, "kind": "system"},
            "command_id": "create",
            "cause": {"type": "create", "game": "sly"},
        },
        {
            "version": 2,
            "type": "PlayerJoined",
            "schema": 1,
            "data": {"seat": 0, "name": "Zoë 🦊", "client_seed": "日本語"},
            "at": "2026-11-30T08:00:01.250Z",
            "by": {"seat": 0, "kind": "player"},
            "command_id": "9f0c",
            "cause": {"type": "join", "name": "Zoë 🦊", "client_seed": "日本語"},
        },
    ]
    for envelope in envelopes:
        unsigned = {**envelope, "prev_hash": prev}
        salt_hex = salt(seed, envelope["version"])
        digest = chain_hash(prev, canonical(unsigned), salt_hex)
        vectors.append(
            {
                "seed": seed.hex(),
                "version": envelope["version"],
                "unsigned_canonical": canonical(unsigned).decode(),
                "salt": salt_hex,
                "hash": digest,
            }
        )
        prev = digest
    return vectors


def vectors() -> dict:
    return {
        "about": "Foxden fairness test vectors; see docs/fairness.md. Hex is lowercase.",
        "commitments": [
            {"seed": seed.hex(), "commitment": hashlib.sha256(seed).hexdigest()} for seed in SEEDS
        ],
        "shuffles": shuffle_vectors(),
        "uniform": uniform_vectors(),
        "start_players": start_player_vectors(),
        "salts": [
            {"seed": seed.hex(), "version": version, "salt": salt(seed, version)}
            for seed in SEEDS[:2]
            for version in (1, 2, 10, 1234)
        ],
        "chain": chain_vectors(),
    }


def render() -> str:
    """The JSON text: one vector per line, so that a diff shows which vector changed."""
    data = vectors()
    lines = ["{"]
    for n, (key, value) in enumerate(data.items()):
        comma = "," if n < len(data) - 1 else ""
        if isinstance(value, list):
            items = [json.dumps(item, ensure_ascii=False) for item in value]
            lines.append(f' "{key}": [')
            lines += [f"  {item}," for item in items[:-1]] + [f"  {items[-1]}"]
            lines.append(f" ]{comma}")
        else:
            lines.append(f' "{key}": {json.dumps(value, ensure_ascii=False)}{comma}')
    lines.append("}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    OUT.write_text(render(), encoding="utf-8")
    print(f"wrote {OUT}")
