"""Screenshots of every web page for every game, for the README and docs/web.md.

Run by hand (``make screenshots``): it starts its own ``foxden up`` (the embedded Redis, a free
port), plays a few games through the public API, opens each page in Debian's Chromium and
writes docs/screenshots/*.png.

    .venv/bin/python bench/screenshots.py [--out docs/screenshots]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.web import Client  # noqa: E402
from tests.docs import live  # noqa: E402

SEATS = {"fette-beute": 4, "sly": 3, "gloria-picktoria": 3}
NAMES = ["Ada", "Bob", "Cy", "Dee"]
# Moves the human seat prefers, so that the table has something to show.
PREFER = {
    "gloria-picktoria": ["lay", "make_chest", "take_display"],
    "sly": ["lay", "reveal_flip", "reveal_stop"],
}
# How many of its own moves the human seat makes before the table is photographed.
MOVES_BEFORE = {"fette-beute": 4, "sly": 3, "gloria-picktoria": 14}


def pick(game: str, moves: list[dict]) -> dict:
    for kind in PREFER.get(game, []):
        for move in moves:
            if move["type"] == kind:
                return move
    return moves[0]


def play(client: Client, game_id: str, token: str, game: str, count: int) -> None:
    """Seat 0 plays ``count`` moves (bots play the others), then stops when it is to act."""
    made = 0
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        summary = client.get(f"/v1/games/{game_id}")
        if summary["status"] != "active":
            return
        if 0 not in summary["to_act"]:
            time.sleep(0.05)
            continue
        if made >= count:
            return
        legal = client.get(f"/v1/games/{game_id}/legal-moves", token)
        moves = [m for m in legal["moves"] if m["type"] != "leave"]
        client.call("POST", f"/v1/games/{game_id}/commands", pick(game, moves), token)
        made += 1


def table_with(client: Client, game: str, *, humans: int = 1) -> tuple[str, str]:
    seats = [{"kind": "human"}] * humans + [{"kind": "bot", "strategy": "greedy"}] * (
        SEATS[game] - humans
    )
    game_id = client.create(game, seats)
    token = client.join(game_id, NAMES[0], seat=0)
    return game_id, token


def hold(page, base: str, game_id: str, token: str) -> None:
    page.goto(base + "/verify")
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)",
        [f"foxden:seats:{game_id}", json.dumps([{"seat": 0, "token": token, "name": "Ada"}])],
    )


def shoot(page, path: Path, ready: str, *, full_page: bool = True) -> None:
    page.wait_for_selector(ready, timeout=30_000)
    page.wait_for_timeout(400)  # fonts and the last re-render
    page.screenshot(path=str(path), full_page=full_page)
    print("wrote", path.relative_to(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM_ARGS

    chromium = os.environ.get("FOXDEN_CHROMIUM") or shutil.which("chromium")
    if not chromium:
        raise SystemExit("no chromium: apt-get install chromium (as root)")
    workdir = Path(tempfile.mkdtemp(prefix="foxden-shots-"))
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env["FOXDEN_RATE_LIMIT"] = "off"
    service = live.start(env, workdir / "up.log", data_dir=workdir / "data")
    base = service.base_url
    client = Client(base)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 860})
            finished = {}
            for game in SEATS:
                # A finished game whose seat 0 is ours (it left at once: bots played it).
                done_id, done_token = table_with(client, game)
                client.call("POST", f"/v1/games/{done_id}/commands", {"type": "leave"}, done_token)
                finished[game] = (done_id, done_token)
            for game in SEATS:
                for _attempt in range(5):  # a game can end before seat 0 is to act again
                    game_id, token = table_with(client, game)
                    play(client, game_id, token, game, MOVES_BEFORE[game])
                    if client.get(f"/v1/games/{game_id}")["status"] == "active":
                        break
                hold(page, base, game_id, token)
                page.goto(f"{base}/games/{game_id}")
                shoot(page, args.out / f"{game}-table.png", "#moves button.move")
                if game == "sly":
                    phone = browser.new_page(viewport={"width": 390, "height": 844})
                    hold(phone, base, game_id, token)
                    phone.goto(f"{base}/games/{game_id}")
                    ready = "#moves button.move"
                    shoot(phone, args.out / "phone-table.png", ready, full_page=False)
                    phone.close()
            for game, (game_id, token) in finished.items():
                summary = client.wait_finished(game_id)
                hold(page, base, game_id, token)
                middle = max(1, summary["version"] * 2 // 3)
                page.goto(f"{base}/games/{game_id}/replay#v={middle}&as=0")
                shoot(page, args.out / f"{game}-replay.png", f'#board[data-version="{middle}"]')
                page.goto(f"{base}/games/{game_id}")
                shoot(page, args.out / f"{game}-result.png", "#result")
                page.goto(f"{base}/games/{game_id}/audit")
                shoot(page, args.out / f"{game}-audit.png", '#browser-verdict[data-ok="true"]')
            # The lobby last, with a table waiting, live games and finished ones.
            waiting = client.create("sly", [{"kind": "human"}, {"kind": "human"}])
            client.join(waiting, "Bob", seat=1)
            page.goto(base + "/")
            shoot(page, args.out / "lobby.png", "#finished li")
            browser.close()
    finally:
        live.stop(service)
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
