"""Helpers for the web front end's browser tests: the API as a plain HTTP client, and what a
page shows compared with the API's own view."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from typing import Any


class Client:
    """The public API over HTTP (what any other client of the live service would send)."""

    def __init__(self, base_url: str) -> None:
        self.base = base_url

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        headers = {"Accept": "application/json"}
        data = None
        if body is not None:
            headers["Content-Type"] = "application/json"
            data = json.dumps(body).encode()
        if token:
            headers["Authorization"] = f"Bearer {token}"
        request = urllib.request.Request(
            self.base + path, data=data, headers=headers, method=method
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return json.load(answer)
        except urllib.error.HTTPError as error:  # say which call failed, and the problem
            raise AssertionError(
                f"{method} {path}: {error.code} {error.read().decode(errors='replace')}"
            ) from None

    def get(self, path: str, token: str | None = None) -> Any:
        return self.call("GET", path, token=token)

    def create(self, game: str, seats: list[dict], **options: int) -> str:
        body = {"game": game, "seats": seats, "options": {"bot_delay_ms": 0, **options}}
        return self.call("POST", "/v1/games", body)["id"]

    def join(self, game_id: str, name: str, seat: int | None = None) -> str:
        body: dict[str, Any] = {"name": name}
        if seat is not None:
            body["seat"] = seat
        return self.call("POST", f"/v1/games/{game_id}/join", body)["token"]

    def wait_finished(self, game_id: str, timeout: float = 60) -> dict:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            summary = self.get(f"/v1/games/{game_id}")
            if summary["status"] == "finished":
                return summary
            time.sleep(0.1)
        raise AssertionError(f"game {game_id} did not finish in {timeout} s")

    def view(self, game_id: str, version: int, token: str | None = None) -> dict:
        return self.get(f"/v1/games/{game_id}/state?version={version}", token)

    def sign_up(self, handle: str, kind: str = "person") -> str:
        """A new account's key (shown once)."""
        return self.call("POST", "/v1/accounts", {"handle": handle, "kind": kind})["key"]["key"]

    def play_first_move(self, game_id: str, token: str) -> dict:
        """The seat of ``token`` (a seat token or an account key) plays its first legal move
        that is not ``leave``; the command's answer."""
        legal = self.get(f"/v1/games/{game_id}/legal-moves", token)
        move = next(m for m in legal["moves"] if m["type"] != "leave")
        return self.call("POST", f"/v1/games/{game_id}/commands", move, token)


def sign_in(page, base_url: str, key: str, account: dict) -> None:
    """Put an account key in the browser's storage, as the account page does after a sign-in."""
    page.goto(base_url + "/verify")  # any page of the origin, for its localStorage
    kept = {"key": key, "id": account["id"], "handle": account["handle"], "kind": account["kind"]}
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)", ["foxden:account", json.dumps(kept)]
    )


def hold_seats(page, base_url: str, game_id: str, seats: list[tuple[int, str]]) -> None:
    """Put seat tokens in the browser's storage, as the lobby does after a join."""
    page.goto(base_url + "/verify")  # any page of the origin, for its localStorage
    held = [{"seat": seat, "token": token, "name": f"seat {seat}"} for seat, token in seats]
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [f"foxden:seats:{game_id}", json.dumps(held)],
    )


def private_cards(game: str, board: dict, seat: int) -> list[str]:
    """The cards of ``seat`` that only it may see while the game runs, as the API shows them
    to the viewer of ``board`` (nothing when they are hidden from that viewer)."""
    if game == "fette-beute":
        return list((board.get("face_down_animals") or [None] * (seat + 1))[seat] or [])
    if game == "sly":
        return list(board["hands"][seat] or [])
    if board.get("hands") is not None:  # Gloria Picktoria once it is over
        return list(board["hands"][seat])
    return list(board["hand"] or []) if board.get("viewer") == seat else []


def shown_private(page, seat: int) -> list[str]:
    return page.eval_on_selector_all(
        f'#board [data-private="{seat}"] [data-card]', "els => els.map(e => e.dataset.card)"
    )


def shown_spaces(page) -> dict[str, str | None]:
    """SLY: each space's card as the page shows it (None: face down or empty)."""
    return page.eval_on_selector_all(
        "#board [data-space]",
        "els => Object.fromEntries(els.map(e => [e.dataset.space,"
        " e.querySelector('[data-card]')?.dataset.card ?? null]))",
    )


def assert_page_shows_exactly(page, game: str, view: dict) -> None:
    """What the page draws of the private cards equals the API's view, seat by seat."""
    board = view["board"]
    if board is None:
        return
    players = board["players"]
    for seat in range(players):
        want = private_cards(game, board, seat)
        got = shown_private(page, seat)
        assert sorted(got) == sorted(want), (view["version"], seat, got, want)
    if game == "sly":
        want_spaces = {entry["space"]: entry.get("card") for entry in board["spaces"]}
        assert shown_spaces(page) == want_spaces, view["version"]
