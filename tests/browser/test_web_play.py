"""The lobby and the table in a real browser: a table with bots is created in the lobby and a
whole game of each game is played by clicking legal moves until the result shows, while a
second browser context watches as a spectator and sees each move arrive."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.web import Client

# One live service for the module; and the xdist group of tests/workers, whose timings fail
# when Chromium and a live service's worker compete with their worker processes for the cores.
pytestmark = pytest.mark.xdist_group("workers")

# Short games: the options the lobby form sends (bots never wait: bot_delay_ms 0).
GAMES = {
    "fette-beute": {"max_rounds": 1},
    "sly": {},
    # The game ends at the first scoring card, in a pile thinned by big hands and display.
    "gloria-picktoria": {"final_scoring_at": 1, "hand_start": 8, "display_size": 6},
}
# Which legal move the test clicks: the first listed, except that Gloria Picktoria draws blind
# when it may (it brings the scoring cards out sooner). A test driver, not a strategy.
PREFERRED = {"gloria-picktoria": "draw_blind"}
# A command that meets a bot's move on the way gets 412 and the page shows it; not a fault.
RACE = "412 "


def spectator(browser, url: str):
    context = browser.new_context(viewport={"width": 1024, "height": 800})
    watcher = context.new_page()
    watcher.problems = []
    watcher.on("pageerror", lambda error: watcher.problems.append(str(error)))
    watcher.goto(url)
    watcher.wait_for_selector("#log li")
    return context, watcher


# Seats per game: more bots draw more of Gloria Picktoria's pile between two of our clicks.
SEATS = {"fette-beute": 3, "sly": 2, "gloria-picktoria": 5}


def create_in_lobby(page, base_url: str, game: str, options: dict[str, int]) -> str:
    page.goto(base_url + "/")
    page.fill("#player-name", "Ada")
    page.select_option("#new-game", game)
    page.fill("#new-count", str(SEATS[game]))
    page.dispatch_event("#new-count", "change")
    seats = page.locator("#new-seats .seat-row")
    assert seats.count() == SEATS[game]
    page.select_option('select[name="kind-0"]', "human")
    for n in range(1, seats.count()):
        page.select_option(f'select[name="kind-{n}"]', "bot")
    page.click("#create-table details summary")
    page.fill('input[name="option-bot_delay_ms"]', "0")
    for name, value in options.items():
        page.fill(f'input[name="option-{name}"]', str(value))
    page.click('#create-table button[type="submit"]')
    page.wait_for_url("**/games/*")
    return page.url.rsplit("/", 1)[1]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_is_played_by_clicking_while_a_spectator_watches(
    page, browser, live_service, game
):
    client = Client(live_service.base_url)
    game_id = create_in_lobby(page, live_service.base_url, game, GAMES[game])
    created = client.get(f"/v1/games/{game_id}")
    assert created["seats"][0]["kind"] == "human"
    assert created["seats"][0]["name"] == "Ada"
    assert all(s["kind"] == "bot" for s in created["seats"][1:])
    assert created["options"]["bot_delay_ms"] == 0
    for name, value in GAMES[game].items():
        assert created["options"][name] == value

    context, watcher = spectator(browser, page.url)
    try:
        assert "spectator" in watcher.inner_text("#status")
        assert watcher.locator("#moves button").count() == 0  # a spectator has no moves
        clicks = board_clicks = 0
        while not page.locator("#result").count():
            page.wait_for_selector("#moves button.move:not([disabled]), #result")
            if page.locator("#result").count():
                break
            wanted = PREFERRED.get(game)
            before = int(page.get_attribute("#board", "data-version"))
            narrowed = False
            if game == "sly" and clicks % 2 and page.locator("#board .target").count():
                # Every other move on the board itself: a space sends its only move, or
                # narrows the list below to its moves.
                page.locator("#board .target").first.click()
                # Functions, not bare expressions: Playwright runs an expression through eval,
                # which the pages' Content-Security-Policy refuses (no 'unsafe-eval').
                page.wait_for_function(
                    "() => document.querySelector('#moves .show-all') || "
                    f"Number(document.querySelector('#board').dataset.version) > {before}"
                )
                narrowed = bool(page.locator("#moves .show-all").count())
                board_clicks += 1
            if narrowed or int(page.get_attribute("#board", "data-version")) == before:
                buttons = page.locator("#moves button.move:not([disabled])")
                preferred = page.locator(f"#moves button.move[data-move*='\"{wanted}\"']")
                button = preferred.first if wanted and preferred.count() else buttons.first
                move = json.loads(button.get_attribute("data-move"))
                assert move["type"] != "leave"
                try:
                    button.click(timeout=5000)
                except PlaywrightTimeout:
                    # The list was drawn again under the click (a live event's refresh) and
                    # its buttons are not back yet: look at the page again, as a person would.
                    continue
            page.wait_for_function(
                f"() => Number(document.querySelector('#board')?.dataset.version) > {before}"
            )
            clicks += 1
            # The spectator's page hears the move that was clicked, live.
            after = int(page.get_attribute("#board", "data-version"))
            watcher.wait_for_selector(f'#log li[data-version="{after}"]', timeout=30_000)
            assert clicks < 400, "the game did not end"
        summary = client.get(f"/v1/games/{game_id}")
        assert summary["status"] == "finished"
        assert clicks >= 1
        assert game != "sly" or board_clicks >= 1
        result = page.inner_text("#result")
        assert "won by" in result or "nobody" in result
        assert "Game over" in page.inner_text("#turn")
        # The spectator saw the end too, and the last event.
        watcher.wait_for_selector(f'#log li[data-version="{summary["version"]}"]')
        watcher.wait_for_selector("#result")
        assert watcher.problems == []
    finally:
        context.close()
    assert [p for p in page.problems if not p.startswith(RACE)] == []


def test_a_reload_resumes_the_seat_and_errors_are_shown_in_words(page, live_service):
    client = Client(live_service.base_url)
    game_id = client.create("sly", [{"kind": "human"}, {"kind": "human"}])
    page.goto(live_service.base_url + "/")
    page.fill("#player-name", "Bea")
    page.wait_for_selector(f'#waiting li[data-game="{game_id}"]')
    item = page.locator(f'#waiting li[data-game="{game_id}"]')
    assert "2 of 2 seats open" in item.inner_text()
    # Someone else takes seat 1 while the lobby still offers it: the page says why it failed.
    # (The page numbers seats from 0, as the API does.)
    client.join(game_id, "Cy", seat=1)
    item.get_by_role("button", name="Join seat 1").click()
    page.wait_for_selector("#notice .problem")
    assert "Seat taken" in page.inner_text("#notice")
    assert page.url.endswith("/")
    item.get_by_role("button", name="Join seat 0").click()
    page.wait_for_url(f"**/games/{game_id}")
    page.wait_for_selector("#board .seat")
    assert "You are Bea" in page.inner_text("#status")
    page.reload()
    page.wait_for_selector("#board .seat")
    assert "You are Bea" in page.inner_text("#status")
    assert [p for p in page.problems if "409" not in p] == []
    # A game that does not exist: the API's problem, in words.
    page.goto(live_service.base_url + "/games/no-such-game")
    page.wait_for_selector("#notice .problem")
    assert "Game not found" in page.inner_text("#notice")
    assert "no game has this id" in page.inner_text("#notice")  # the API's detail


def test_the_table_works_at_phone_width_and_by_keyboard(browser, live_service):
    client = Client(live_service.base_url)
    game_id = client.create(
        "fette-beute",
        [{"kind": "human"}] + [{"kind": "bot", "strategy": "greedy"}] * 2,
        turn_timeout_s=120,
    )
    token = client.join(game_id, "Dee", seat=0)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    phone = context.new_page()
    try:
        phone.goto(live_service.base_url + "/verify")
        phone.evaluate(
            "([k, v]) => localStorage.setItem(k, v)",
            [f"foxden:seats:{game_id}", json.dumps([{"seat": 0, "token": token, "name": "Dee"}])],
        )
        phone.goto(f"{live_service.base_url}/games/{game_id}")
        phone.wait_for_selector("#moves button.move")
        # The turn clock of the seat's timer counts down from the API's ms_left.
        clock = phone.locator("#status .clock").first
        first = clock.inner_text()
        assert re.fullmatch(r"[12]:\d\d left", first), first
        phone.wait_for_function(
            f"() => document.querySelector('#status .clock')?.textContent !== {first!r}"
        )
        # Nothing wider than the screen.
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        # Tab to the first move and press Enter: the move is sent.
        before = client.get(f"/v1/games/{game_id}")["version"]
        for _ in range(60):
            phone.keyboard.press("Tab")
            if phone.evaluate("document.activeElement?.classList.contains('move')"):
                break
        else:
            raise AssertionError("no move button is reachable with Tab")
        phone.keyboard.press("Enter")
        phone.wait_for_function(
            f"() => Number(document.querySelector('#board')?.dataset.version) > {before}"
        )
        events = client.get(f"/v1/games/{game_id}/events?after={before}", token)["events"]
        assert any(e["type"] == "AnimalsChosen" and e["data"]["seat"] == 0 for e in events)
    finally:
        context.close()
