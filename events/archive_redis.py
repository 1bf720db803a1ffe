"""What archiving does to a game's keys in Redis: the pointer, the deletion, the way back.

Each is one atomic step that can run again (``service/archiver.py`` orders them, and a crash
between two leaves a state the next run finishes):

* :func:`set_pointer` writes the pointer (``events.archive.Pointer``) beside the stream;
* :func:`drop_stream` deletes the stream, the command records and the snapshots, and refuses
  to unless the pointer is there: no call can delete a game that was not archived;
* :func:`restore` writes the stored events back under their ids, the head record with them,
  and only then deletes the pointer (``foxden archive restore``);
* :func:`delete_game` deletes every key of a game, pointer included (retention).

All keys of a game share its hash tag, so each script runs on the game's node of a cluster.
"""

from __future__ import annotations

from collections.abc import Sequence

from redis.exceptions import ResponseError

from events.archive import Pointer
from events.store import RedisEventStore, keys, pointer_key, snapshot_key

# KEYS stream, command records, snapshots, pointer.
DROP_LUA = """
if redis.call('EXISTS', KEYS[4]) == 0 then return redis.error_reply('NOT_ARCHIVED') end
return redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
"""

# KEYS stream, command records, pointer. ARGV[1] the head record ("<version> <hash>", as the
# append script writes it), ARGV[2..] the stored values of versions 1..n. A stream that exists
# already (a restore run twice) is left as it is.
RESTORE_LUA = """
if redis.call('EXISTS', KEYS[1]) == 0 then
  for i = 2, #ARGV do
    redis.call('XADD', KEYS[1], (i - 1) .. '-0', 'e', ARGV[i])
  end
  redis.call('HSET', KEYS[2], '', ARGV[1])
end
return redis.call('DEL', KEYS[3])
"""


class NotArchived(Exception):
    """A game's stream was about to be deleted without a pointer to its archived copy."""


def _game_keys(game_id: str) -> list[str]:
    stream, commands = keys(game_id)
    return [stream, commands, snapshot_key(game_id), pointer_key(game_id)]


def set_pointer(store: RedisEventStore, game_id: str, pointer: Pointer) -> None:
    store.redis.set(pointer_key(game_id), pointer.to_bytes())


def drop_stream(store: RedisEventStore, game_id: str) -> int:
    """Delete the stream, command records and snapshots of an archived game; how many of the
    three keys were there (0 when an earlier run did it)."""
    try:
        deleted = store.redis.eval(DROP_LUA, 4, *_game_keys(game_id))
    except ResponseError as error:
        if "NOT_ARCHIVED" in str(error):
            raise NotArchived(f"game {game_id} has no pointer: its stream stays") from None
        raise
    return int(deleted)


def restore(store: RedisEventStore, game_id: str, stored: Sequence[bytes], head: str) -> None:
    """Bring an archived game's events back into Redis (``stored``, its values in order, and
    ``head``, its last event's hash), then forget its pointer."""
    stream, commands, _, pointer = _game_keys(game_id)
    record = f"{len(stored)} {head}"
    store.redis.eval(RESTORE_LUA, 3, stream, commands, pointer, record, *stored)
    if store.archive is not None:
        store.archive.forget(game_id)


def delete_game(store: RedisEventStore, game_id: str) -> int:
    """Delete every key of a game, the pointer included; how many there were."""
    deleted = sum(int(store.redis.delete(key)) for key in _game_keys(game_id))
    if store.archive is not None:
        store.archive.forget(game_id)
    return deleted
