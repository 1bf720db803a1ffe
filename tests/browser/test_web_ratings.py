"""The ratings on the web page, in a real browser (issue 43): accounts that finished games
against each other are on the game's leaderboard (a table with headers, reached from the
header's navigation), and a click on a handle plots that account's rating history: an SVG with
one point per rated game, each with a title, and a summary in words."""

from __future__ import annotations

import time
import uuid

import pytest
from playwright.sync_api import expect

from tests.browser.web import Client

# One live service for the module; and the xdist group of tests/workers (see test_web_play).
pytestmark = pytest.mark.xdist_group("workers")

TWO_PEOPLE = [{"kind": "human"}, {"kind": "human"}]


def signed_up(client: Client) -> tuple[str, str]:
    """A new account's (handle, key)."""
    handle = f"rate-{uuid.uuid4().hex[:8]}"
    return handle, client.sign_up(handle)


def finished_between(client: Client, first: str, second: str) -> str:
    """A SLY duel between two accounts (keys), both handing their seats to bots at once: the
    bots play it to the end, and the worker rates it."""
    body = {"game": "sly", "seats": TWO_PEOPLE, "options": {"bot_delay_ms": 0}}
    game_id = client.call("POST", "/v1/games", body, first)["id"]
    client.call("POST", f"/v1/games/{game_id}/join", {}, second)
    for key in (first, second):
        client.call("POST", f"/v1/games/{game_id}/commands", {"type": "leave"}, key)
    client.wait_finished(game_id)
    return game_id


def wait_rated(client: Client, handle: str, games: int, timeout: float = 60) -> list[dict]:
    """The account's history once its ``games`` games are rated (the worker's job)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        points = client.get(f"/v1/ratings/sly/{handle}/history?players=2")["points"]
        if len(points) >= games:
            return points
        time.sleep(0.1)
    raise AssertionError(f"{handle}: {games} rated games not seen in {timeout} s")


def test_the_leaderboard_lists_rated_accounts_and_plots_a_history(page, live_service):
    base = live_service.base_url
    client = Client(base)
    (ada, ada_key), (bob, bob_key), (cy, cy_key) = (signed_up(client) for _ in range(3))
    ids = [finished_between(client, ada_key, bob_key), finished_between(client, cy_key, ada_key)]
    points = wait_rated(client, ada, 2)
    wait_rated(client, bob, 1)
    wait_rated(client, cy, 1)
    assert [point["game_id"] for point in points] == ids

    # From the header's navigation to SLY's leaderboard of duels.
    page.goto(base + "/")
    page.click("#nav-ratings")
    expect(page).to_have_url(base + "/ratings")
    page.click('.rating-tabs a[data-game="sly"]')
    expect(page).to_have_url(base + "/ratings/sly")
    expect(page.locator('.rating-tabs a[data-game="sly"]')).to_have_attribute(
        "aria-current", "page"
    )
    board = page.locator("#leaderboard")
    expect(board.locator('tbody tr[data-players="2"]').first).to_be_visible()  # every count
    page.select_option("#rating-players", "2")
    expect(page).to_have_url(base + "/ratings/sly#players=2")
    expect(board.locator('tbody tr:not([data-players="2"])')).to_have_count(0)
    headers = board.locator("thead th").all_inner_texts()
    assert headers[:2] == ["Rank", "Player"] and {"Rating", "Games"} <= set(headers)
    row = board.locator(f'tbody tr[data-handle="{ada}"]')
    while row.count() == 0 and page.locator("#more-ratings").is_visible():
        page.click("#more-ratings")  # (other tests' accounts may come first)
    expect(row).to_be_visible()
    expect(row.locator("td").nth(2)).to_have_text("2")  # players (the handle is a th)
    expect(row.locator("td").last).to_have_text("2")  # rated games
    shown = [float(t) for t in board.locator("tbody tr td:nth-child(5)").all_inner_texts()]
    assert shown == sorted(shown, reverse=True)  # best first
    for handle in (bob, cy):
        expect(board.locator(f'tbody tr[data-handle="{handle}"]')).to_have_count(1)

    # A click on the handle: the account's history, one point per rated game.
    row.locator("a.rating-handle").click()
    expect(page).to_have_url(base + f"/ratings/sly/{ada}#players=2")
    plot = page.locator("#rating-history svg.rating-plot")
    expect(plot).to_be_visible()
    dots = plot.locator("circle.point")
    expect(dots).to_have_count(2)
    assert dots.evaluate_all("els => els.map(e => e.dataset.game)") == ids
    titles = plot.locator("circle.point title").all_text_contents()
    assert [t.split(":")[0] for t in titles] == ["game 1", "game 2"]
    last = f"{points[-1]['ordinal']:.2f}"
    assert last in titles[-1]
    label = plot.get_attribute("aria-label") or ""
    assert "first" in label and f"last {last}" in label and "best" in label
    assert plot.locator("text", has_text="rated games").count() == 1  # the axes say what
    assert plot.locator("text", has_text="rating (ordinal)").count() == 1
    # The same points as a table, for whoever reads no picture.
    page.click("#history-table summary")
    expect(page.locator("#history-table tbody tr")).to_have_count(2)
    assert page.problems == []


def test_an_unknown_handle_says_so(page, live_service):
    base = live_service.base_url
    page.goto(base + "/ratings/sly/nobody-here-at-all")
    expect(page.locator("#notice .problem")).to_contain_text("no account has this handle")
    # The API's 404 (and the console's word of it) is all that went wrong on the page.
    assert [p for p in page.problems if "404" not in p] == []
    assert f"404 {base}/v1/accounts/nobody-here-at-all" in page.problems
