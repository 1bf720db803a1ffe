"""Provably fair shuffles: every order is derived from the committed seed, never drawn.

The specification (docs/fairness.md repeats it for re-implementers, with test vectors in
tests/vectors/shuffle.json):

* ``key`` is the 32-byte server seed.
* ``context`` is the UTF-8 text ``label + "\\n" + client_seed_0 + "\\n" + client_seed_1 ...`` with
  the client seeds in seat order (an absent client seed is the empty string).
* Block ``c`` (c = 0, 1, 2, ...) of the stream is
  ``HMAC-SHA256(key, "foxden:shuffle:v1\\n" + context + "\\n" + decimal(c))``; the stream is
  the concatenation of the blocks, read as consecutive big-endian unsigned 32-bit words.
* ``uniform(k)`` (0 <= result < k) takes words ``x`` until ``x < limit`` where
  ``limit = 2**32 - (2**32 mod k)``, and returns ``x mod k`` (rejection sampling: no modulo bias).
* ``permutation(n)`` starts from ``[0, 1, ..., n-1]`` and for ``i`` from ``n-1`` down to ``1``
  swaps positions ``i`` and ``uniform(i + 1)`` (Fisher-Yates, Durstenfeld's form).
* ``start_player(players)`` is ``uniform(players)`` on the stream with label ``start_player``.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

DOMAIN = b"foxden:shuffle:v1\n"
START_PLAYER_LABEL = "start_player"


def commitment(seed: bytes) -> str:
    """The public commitment to a seed: SHA-256 of its raw bytes, hex."""
    return hashlib.sha256(seed).hexdigest()


def _words(seed: bytes, label: str, client_seeds: Sequence[str]) -> Iterator[int]:
    context = "\n".join([label, *client_seeds]).encode()
    counter = 0
    while True:
        block = hmac.new(seed, DOMAIN + context + b"\n" + str(counter).encode(), "sha256").digest()
        for offset in range(0, 32, 4):
            yield int.from_bytes(block[offset : offset + 4], "big")
        counter += 1


def _uniform(words: Iterator[int], k: int) -> int:
    limit = 2**32 - (2**32 % k)
    for word in words:
        if word < limit:
            return word % k
    raise AssertionError("unreachable: the stream is endless")


def permutation(seed: bytes, label: str, client_seeds: Sequence[str], n: int) -> list[int]:
    """A uniformly random permutation of ``range(n)``, fully determined by the inputs."""
    words = _words(seed, label, client_seeds)
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        j = _uniform(words, i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def start_player(seed: bytes, client_seeds: Sequence[str], players: int) -> int:
    """The seat that starts, uniform over ``players`` seats."""
    return _uniform(_words(seed, START_PLAYER_LABEL, client_seeds), players)


def derive_start(
    seed: bytes, client_seeds: Sequence[str], shuffles: Mapping[str, int], players: int
) -> dict[str, Any]:
    """The body of a game's start command: the start player and one order per shuffle."""
    return {
        "type": "start",
        "start_player": start_player(seed, client_seeds, players),
        "orders": {
            label: permutation(seed, label, client_seeds, size)
            for label, size in sorted(shuffles.items())
        },
    }


BOT_DOMAIN = b"foxden:bot:v1\n"


def bot_seed(seed: bytes, identity: str) -> bytes:
    """The seed of a bot's (or a timed-out seat's) generator for one job.

    ``HMAC-SHA256(seed, "foxden:bot:v1\\n" + identity)``: the same job (``identity`` names the
    game, kind, seat and versions, all public) always makes the same choice, and nobody without
    the secret seed can compute it before the seed is revealed at the end.
    """
    return hmac.new(seed, BOT_DOMAIN + identity.encode(), "sha256").digest()
