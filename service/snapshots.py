"""State snapshots: a game's state every ``EVERY`` versions, so no read replays a whole game.

A snapshot is a projection of the events, never a source of truth: rebuildable from the
stream, safe to drop (``RedisEventStore.drop_snapshots``), and unused whenever it does not fit.
It is stored under the game's hash tag (``fd:{g:<id>}:snaps``, the game's cluster slot) and
carries the rules version of the code that wrote it and a format number; a snapshot written by
other rules or another format is ignored (and replaced as reads rebuild it), so an upgrade that
changes how states are built or evolved never meets a state from before it.

Snapshots hold hidden state (seed, deck orders, face-down cards, token hashes). They leave the
service only through the Redis key: no endpoint, feed, error or export reads them (the tests
check that every answer is the same with and without them). The audit never uses them: it
re-decides the recorded commands from the first event, so that it trusts nothing the server
derived.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Mapping
from typing import Any

import orjson

from domain import registry
from domain.match import MatchState
from domain.plain import from_plain, to_plain
from service import metrics

__all__ = ["EVERY", "FORMAT", "decode", "encode"]

EVERY = 10  # versions between snapshots: a read evolves at most EVERY - 1 events
FORMAT = 1  # bump when MatchState or the encoding changes shape


def encode(state: MatchState, turns_began: Mapping[int, str]) -> bytes:
    """The stored form of ``state`` and of when each seat to act began its turn."""
    return orjson.dumps(
        {
            "format": FORMAT,
            "game": state.game,
            "rules": state.definition.rules_version,
            "state": to_plain(state),
            "turns_began": [[seat, at] for seat, at in turns_began.items()],
        }
    )


def decode(blob: bytes | None, version: int) -> tuple[MatchState, dict[int, str]] | None:
    """The state a snapshot holds and its turns' beginnings, or None when there is none or it
    does not fit: another format or rules version, another version than expected, or
    unreadable."""
    if blob is None:
        return None
    try:
        stored = orjson.loads(blob)
        if (
            stored["format"] != FORMAT
            or registry.get(stored["game"]).rules_version != stored["rules"]
        ):
            _STALE.inc()
            return None
        state = from_plain(stored["state"], _domain_class)
        if type(state) is not MatchState or state.version != version:
            raise ValueError("not the state of that version")
        began = {int(seat): str(at) for seat, at in stored["turns_began"]}
    except Exception:  # a projection that cannot be used is replayed instead, never an error
        _UNREADABLE.inc()
        return None
    _USED.inc()
    return state, began


_USED, _STALE, _UNREADABLE = (metrics.SNAPSHOTS.labels(o) for o in ("used", "stale", "unreadable"))
_allowed: dict[str, type[Any]] = {}  # the classes found good so far, by name


def _domain_class(name: str) -> type[Any]:
    """The class a snapshot names: only the domain's own state classes, already imported."""
    found = _allowed.get(name)
    if found is None:
        found = _allowed[name] = _find_domain_class(name)
    return found


def _find_domain_class(name: str) -> type[Any]:
    module_name, _, qualified = name.partition(":")
    module = sys.modules.get(module_name) if module_name.startswith("domain.") else None
    found: Any = module
    for part in qualified.split("."):
        found = getattr(found, part, None)
    if not isinstance(found, type) or not (
        dataclasses.is_dataclass(found) or (issubclass(found, tuple) and hasattr(found, "_fields"))
    ):
        raise ValueError(f"a snapshot may not name {name!r}")
    return found
