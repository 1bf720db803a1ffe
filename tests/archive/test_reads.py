"""Reads do not change: every endpoint answers an archived game byte for byte as before.

For a finished game of each kind, on both archive backends and both Redis set-ups: the bodies
of every read route, for each human seat's token and the spectator, at every version, before
archiving; then the same after archiving, from a service whose caches are cold (so each answer
is rebuilt from the archive) and from the warm one that served the first pass. The answers that
needed the archive say so in ``Foxden-Source``.
"""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from events.archive_storage import ArchiveStorage
from service.api import create_app
from service.games import GameService
from tests.archive.conftest import archived_service
from tests.fairness.conftest import finish

KINDS = ["fette-beute", "sly", "gloria-picktoria"]


def bodies(client: FlaskClient, game_id: str, viewers: list[str | None], every: int) -> dict:
    """Every read route's answer (status, body) for each viewer; ``state?version=N`` for every
    ``every``-th version and the last."""
    answers: dict[tuple, tuple[int, bytes]] = {}
    first = client.get(f"/v1/games/{game_id}")
    last = first.get_json()["version"]
    for token in viewers:
        headers = {"Authorization": f"Bearer {token}"} if token else {}

        def get(
            path: str, token: str | None = token, headers: dict = headers, **extra: str
        ) -> None:
            response = client.get(path, headers={**headers, **extra})
            answers[(token, path, tuple(extra.items()))] = (response.status_code, response.data)

        get(f"/v1/games/{game_id}")
        get(f"/v1/games/{game_id}/state")
        get(f"/v1/games/{game_id}/legal-moves")
        get(f"/v1/games/{game_id}/audit")
        get(f"/v1/games/{game_id}/export")
        get(f"/v1/games/{game_id}/events?limit=1000")
        get(f"/v1/games/{game_id}/events?after=3&limit=7")
        get(f"/v1/games/{game_id}/events", Accept="application/x-ndjson")
        for version in [*range(1, last, every), last]:
            get(f"/v1/games/{game_id}/state?version={version}")
    answers[("lists",)] = (0, client.get("/v1/games?status=finished&limit=100").data)
    return answers


@pytest.mark.parametrize("kind", KINDS)
def test_every_read_is_the_same_before_and_after_archiving(
    kind: str, service: GameService, archive: ArchiveStorage, redis_url: str, client: FlaskClient
) -> None:
    played = finish(service, kind)
    game_id = played.game_id
    every = 1 if kind != "gloria-picktoria" else 7  # 449 versions: a seventh of them
    viewers = [None, *played.tokens.values()]
    before = bodies(client, game_id, viewers, every)
    assert service.archiver is not None
    assert service.archiver.archive(game_id).moved
    assert not service.store.redis.exists(f"fd:{{g:{game_id}}}:events")

    warm = bodies(client, game_id, viewers, every)
    assert warm == before

    cold_service = archived_service(redis_url, archive)
    cold = create_app(cold_service, {"RATE_LIMIT": "off"}).test_client()
    response = cold.get(f"/v1/games/{game_id}/state?version=2")
    assert response.headers["Foxden-Source"] == "archive"
    assert bodies(cold, game_id, viewers, every) == before
    cold_service.store.redis.close()


def test_a_game_in_redis_is_not_marked_as_from_the_archive(client: FlaskClient, service) -> None:
    played = finish(service, "sly")
    response = client.get(f"/v1/games/{played.game_id}/state?version=3")
    assert response.status_code == 200
    assert "Foxden-Source" not in response.headers
