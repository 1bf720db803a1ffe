"""The API on a real socket in the test process, and a client that remembers every status.

The app is served by werkzeug's threaded server, so requests go over HTTP while the test still
chooses the service the API runs on (its scheduler's Redis connection, its seed source).
"""

from __future__ import annotations

import threading
from typing import Any

import requests
from werkzeug.serving import make_server

from service.api import create_app
from service.games import GameService


class Served:
    """``create_app(service)`` on 127.0.0.1, with ``call`` recording each answer's status."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        app = create_app(service, {"RATE_LIMIT": "off"})
        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.session = requests.Session()
        self.answers: list[tuple[str, int]] = []  # (method path, status) of every call
        self.created: list[str] = []  # every game created through ``create``
        self._lock = threading.Lock()

    def call(
        self, method: str, path: str, *, token: str | None = None, body: Any = None
    ) -> requests.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        answer = self.session.request(
            method, self.url + path, json=body, headers=headers, timeout=30
        )
        with self._lock:
            self.answers.append((f"{method} {path}", answer.status_code))
        return answer

    def server_errors(self) -> list[tuple[str, int]]:
        return [(what, status) for what, status in self.answers if status >= 500]

    def create(self, game: str, seats: list[dict], options: dict[str, int]) -> str:
        answer = self.call(
            "POST", "/v1/games", body={"game": game, "seats": seats, "options": options}
        )
        assert answer.status_code == 201, answer.text
        self.created.append(answer.json()["id"])
        return answer.json()["id"]

    def join(self, game_id: str, seat: int, client_seed: str = "") -> str:
        body = {"name": f"p{seat}", "seat": seat, "client_seed": client_seed}
        answer = self.call("POST", f"/v1/games/{game_id}/join", body=body)
        assert answer.status_code == 201, answer.text
        return answer.json()["token"]

    def summary(self, game_id: str) -> dict[str, Any]:
        answer = self.call("GET", f"/v1/games/{game_id}")
        assert answer.status_code == 200, answer.text
        return answer.json()

    def close(self) -> None:
        self.server.shutdown()
        self.thread.join(5)
        self.session.close()
