"""The archiver: what stays in Redis, a crash between any two steps, restore, reindex, delete,
the sweeper's grace period, and an archive that changed under it."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import pytest
import zstandard

from domain import match
from events import archive_redis, transparency
from events.archive import ArchiveMissing, decode_object, encode_snapshot, log_key, object_key
from events.archive import snapshot_key as snapshot_key_in_archive
from events.archive_storage import ArchiveStorage
from events.store import keys, pointer_key, snapshot_key
from service import loading
from service.archiver import ArchiveCorrupt, NotArchivable
from service.errors import GameNotFound
from service.games import GameService
from tests.archive.conftest import archived_service, lose
from tests.fairness.conftest import finish


def game_keys(game_id: str) -> list[str]:
    return [*keys(game_id), snapshot_key(game_id), pointer_key(game_id)]


def footprint(games: GameService, game_id: str) -> int:
    """Bytes of the game's own keys in Redis, by ``MEMORY USAGE`` (its index entry apart)."""
    client = games.store.redis
    return sum(client.memory_usage(key) or 0 for key in game_keys(game_id))


@pytest.mark.parametrize("kind", ["fette-beute", "sly", "gloria-picktoria"])
def test_an_archived_game_keeps_under_a_kilobyte_in_redis(kind: str, service: GameService) -> None:
    played = finish(service, kind)
    before = footprint(service, played.game_id)
    assert service.archiver is not None
    archived = service.archiver.archive(played.game_id)
    after = footprint(service, played.game_id)
    assert after <= 1024, f"{kind}: {before} bytes before, {after} after archiving"
    assert before > 10 * after
    assert [service.store.redis.exists(key) for key in game_keys(played.game_id)] == [0, 0, 0, 1]
    assert archived.pointer.count == len(played.envelopes)


def test_the_object_holds_the_stored_values_byte_for_byte(
    service: GameService, archive: ArchiveStorage
) -> None:
    game_id = finish(service, "sly").game_id
    stored = [fields[b"e"] for _, fields in service.store.redis.xrange(keys(game_id)[0])]
    assert service.archiver is not None
    pointer = service.archiver.archive(game_id).pointer
    blob = archive.get(object_key(game_id))
    assert blob is not None and hashlib.sha256(blob).hexdigest() == pointer.sha256
    assert decode_object(blob) == stored
    leaf = archive.get(log_key(pointer.log_index))
    assert leaf == transparency.archived_leaf(game_id, pointer.head, pointer.count)
    assert service.log.leaf(pointer.log_index) == leaf


def test_a_game_that_has_not_ended_is_not_archived(service: GameService) -> None:
    game_id = service.create("sly", [{"kind": "human"}] * 3, {}).game_id
    assert service.archiver is not None
    with pytest.raises(NotArchivable):
        service.archiver.archive(game_id)
    assert service.store.redis.exists(keys(game_id)[0])
    assert service.store.pointer(game_id) is None


# The archiver's steps, each a call it makes; a crash is an exception raised at one of them.
STEPS = [
    ("storage", "put"),
    ("storage", "get"),
    ("loader", "snapshot"),
    ("log", "append"),
    ("storage", "create"),
    ("archive_redis", "set_pointer"),
    ("archive_redis", "drop_stream"),
    ("index", "archived"),
]


class Crash(Exception):
    pass


def crash_at(monkeypatch: pytest.MonkeyPatch, games: GameService, step: tuple[str, str]) -> None:
    owner_name, method = step
    archiver = games.archiver
    assert archiver is not None
    owner: object = {
        "storage": archiver.storage,
        "log": archiver.log,
        "archive_redis": archive_redis,
        "index": games.index,
        "loader": games.loader,
    }[owner_name]

    def crash(*args: object, **kwargs: object) -> None:
        raise Crash(f"killed at {owner_name}.{method}")

    monkeypatch.setattr(owner, method, crash)


@pytest.mark.parametrize("step", STEPS, ids=[f"{o}.{m}" for o, m in STEPS])
def test_a_crash_at_any_step_loses_nothing_and_the_next_run_finishes(
    step: tuple[str, str],
    service: GameService,
    archive: ArchiveStorage,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game_id = finish(service, "sly").game_id
    events = service.store.read(game_id)
    size_before = service.log.size()
    with monkeypatch.context() as patched:
        crash_at(patched, service, step)
        with pytest.raises(Crash):
            service.archiver.archive(game_id)  # type: ignore[union-attr]
    assert service.store.read(game_id) == events  # readable all along
    again = service.archiver.archive(game_id)  # type: ignore[union-attr]
    assert service.store.read(game_id) == events
    assert not service.store.redis.exists(keys(game_id)[0])
    assert service.log.size() == size_before + 1  # one leaf, whatever was repeated
    assert service.index.due_for_archive(float("inf"), 10) == []
    blob = archive.get(again.pointer.key)
    assert blob is not None and hashlib.sha256(blob).hexdigest() == again.pointer.sha256
    assert service.archiver.archive(game_id).moved is False  # type: ignore[union-attr]


def test_restore_brings_the_game_back_and_archiving_again_adds_no_leaf(
    service: GameService, redis_url: str, archive: ArchiveStorage
) -> None:
    game_id = finish(service, "fette-beute").game_id
    events = service.store.read(game_id)
    assert service.archiver is not None
    first = service.archiver.archive(game_id).pointer
    assert service.archiver.restore(game_id) == len(events)
    assert service.store.pointer(game_id) is None
    fresh = archived_service(redis_url, archive)
    assert fresh.store.read(game_id) == events
    assert fresh.store.head(game_id) == (first.count, first.head)
    size = service.log.size()
    assert service.archiver.archive(game_id).pointer.log_index == first.log_index
    assert service.log.size() == size


def test_delete_leaves_a_tombstone_and_nothing_else(
    service: GameService, redis_url: str, archive: ArchiveStorage
) -> None:
    game_id = finish(service, "sly").game_id
    head = service.store.head(game_id)
    assert service.archiver is not None
    service.archiver.archive(game_id)
    index = service.archiver.delete(game_id, "asked by its players, ticket 42")
    leaf = transparency.parse_leaf(service.log.leaf(index))
    assert (leaf.kind, leaf.game_id, leaf.head_hash, leaf.count) == (
        "tombstone",
        game_id,
        head[1],
        head[0],
    )
    assert leaf.note == "asked by its players, ticket 42"
    assert archive.get(object_key(game_id)) is None
    assert archive.get(snapshot_key_in_archive(game_id)) is None
    assert [service.store.redis.exists(key) for key in game_keys(game_id)] == [0, 0, 0, 0]
    with pytest.raises(GameNotFound):
        archived_service(redis_url, archive).load(game_id)
    assert service.cache.get(game_id) is None
    assert game_id not in {m["id"] for m in service.index.page(None, None, None, 100)[0]}


def test_reindex_after_redis_is_lost_gives_back_every_archived_game(
    service: GameService, redis_url: str, archive: ArchiveStorage
) -> None:
    played = [finish(service, kind).game_id for kind in ("sly", "fette-beute")]
    events = {game_id: service.store.read(game_id) for game_id in played}
    assert service.archiver is not None
    pointers = {game_id: service.archiver.archive(game_id).pointer for game_id in played}
    root, size = service.log.root(), service.log.size()
    lose(service.store.redis)  # every key of Foxden's
    fresh = archived_service(redis_url, archive)
    assert fresh.archiver is not None
    assert fresh.archiver.reindex() == (2, size)
    assert fresh.log.root() == root
    for game_id in played:
        assert fresh.store.pointer(game_id).snapshot_sha256 == pointers[game_id].snapshot_sha256  # type: ignore[union-attr]
        assert fresh.store.read(game_id) == events[game_id]
        assert fresh.load(game_id).state.status == match.FINISHED
    listed = {meta["id"] for meta in fresh.index.page("finished", None, None, 10)[0]}
    assert listed == set(played)


def rewrite(
    archive: ArchiveStorage, key: str, change: Callable[[list[bytes]], list[bytes]]
) -> None:
    blob = archive.get(key)
    assert blob is not None
    changed = change(decode_object(blob))
    archive.put(key, zstandard.ZstdCompressor().compress(b"".join(v + b"\n" for v in changed)))


def test_an_object_changed_in_the_archive_is_refused_not_served(
    service: GameService, redis_url: str, archive: ArchiveStorage
) -> None:
    game_id = finish(service, "sly").game_id
    assert service.archiver is not None
    pointer = service.archiver.archive(game_id).pointer
    rewrite(
        archive, pointer.key, lambda stored: [stored[0].replace(b'"name"', b'"nome"'), *stored[1:]]
    )
    fresh = archived_service(redis_url, archive)
    with pytest.raises(ArchiveMissing):
        fresh.store.read(game_id)
    with pytest.raises(ArchiveCorrupt):
        fresh.archiver.restore(game_id)  # type: ignore[union-attr]


def test_the_sweeper_queues_a_game_once_its_grace_period_is_over(service: GameService) -> None:
    from workers.sweeper import sweep_ended

    service.clock = lambda: "2026-12-06T10:00:00.000Z"  # when the game ends
    game_id = finish(service, "sly").game_id
    service.archive_after_s = 600
    service.clock = lambda: "2026-12-06T10:09:59.000Z"
    assert sweep_ended(service) == 0
    service.clock = lambda: "2026-12-06T10:10:01.000Z"
    assert sweep_ended(service) == 1
    assert sweep_ended(service) == 0  # queued already: not twice
    (job,) = [job for job in service.scheduler.jobs if job.kind == "archive"]  # type: ignore[attr-defined]
    assert (job.job_id, job.args) == (f"fd-archive-{game_id}", (game_id,))


def evolutions(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the events the loader folds into states from now on (one entry each)."""
    folded: list[int] = []
    evolve = loading.match.evolve

    def counted(state: match.MatchState, event: object) -> match.MatchState:
        folded.append(1)
        return evolve(state, event)  # type: ignore[arg-type]

    monkeypatch.setattr(loading.match, "evolve", counted)
    return folded


def test_the_first_read_of_an_archived_game_starts_from_its_archived_snapshot(
    service: GameService, redis_url: str, archive: ArchiveStorage, monkeypatch: pytest.MonkeyPatch
) -> None:
    played = finish(service, "gloria-picktoria")
    latest = service.load(played.game_id).state
    assert service.archiver is not None
    pointer = service.archiver.archive(played.game_id).pointer
    every = service.loader.snapshot_every
    assert pointer.snapshot_version == pointer.count - pointer.count % every > 0
    folded = evolutions(monkeypatch)
    assert archived_service(redis_url, archive).load(played.game_id).state == latest
    assert len(folded) < every  # not the game's hundreds of events


def test_a_snapshot_object_changed_in_the_archive_is_not_used(
    service: GameService, redis_url: str, archive: ArchiveStorage, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = finish(service, "fette-beute").game_id
    other_id = finish(service, "gloria-picktoria").game_id
    latest = service.load(game_id).state
    assert service.archiver is not None
    pointer = service.archiver.archive(game_id).pointer
    # A snapshot that decodes, of the right version even, but of another game.
    forged = service.loader.snapshot(other_id, pointer.snapshot_version)
    archive.put(snapshot_key_in_archive(game_id), encode_snapshot(forged))
    folded = evolutions(monkeypatch)
    assert archived_service(redis_url, archive).load(game_id).state == latest
    assert len(folded) == pointer.count  # replayed from the first event
