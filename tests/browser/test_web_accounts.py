"""Accounts on the web page, in a real browser: sign up (the key shown once), sign in with a key
in another browser, move a session with a device code, my games (my turn first), the tab title
and a notification when it becomes my turn, cancelling a table I created and its invite link;
and, for every viewer, seats numbered as the API numbers them, an event log in words that says
who acted, and no blank card for an empty slot."""

from __future__ import annotations

import json
import re
import time
import uuid

import pytest
from playwright.sync_api import expect

from tests.browser.web import Client, sign_in

# One live service for the module; and the xdist group of tests/workers (see test_web_play).
pytestmark = pytest.mark.xdist_group("workers")

TWO_PEOPLE = [{"kind": "human"}, {"kind": "human"}]
BOTS = [{"kind": "bot", "strategy": "greedy"}] * 2


def handle() -> str:
    return f"ada-{uuid.uuid4().hex[:8]}"


def new_page(browser, **options):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, **options)
    opened = context.new_page()
    opened.problems = []
    opened.on("console", lambda m: m.type == "error" and opened.problems.append(m.text))
    opened.on("pageerror", lambda error: opened.problems.append(str(error)))
    opened.on(
        "response",
        lambda answer: (
            answer.status >= 400 and opened.problems.append(f"{answer.status} {answer.url}")
        ),
    )
    return context, opened


def account_of(client: Client, key: str) -> dict:
    return client.get("/v1/me", key)


def signed_up(client: Client, page, base: str) -> tuple[str, dict]:
    """A new account (through the API) whose key this page's browser holds."""
    key = client.sign_up(handle())
    me = account_of(client, key)
    sign_in(page, base, key, me)
    return key, me


def sly_for_two(client: Client, key: str) -> tuple[str, str]:
    """A SLY table the account created (seat 0) and an anonymous player joined (seat 1)."""
    game_id = client.call("POST", "/v1/games", {"game": "sly", "seats": TWO_PEOPLE}, key)["id"]
    return game_id, client.join(game_id, "Bob", seat=1)


def play_until(client: Client, game_id: str, tokens: dict[int, str], wanted: int) -> None:
    """Seats play their first legal moves until ``wanted`` is the (only) seat to act."""
    for _ in range(10):
        to_act = client.get(f"/v1/games/{game_id}")["to_act"]
        if to_act == [wanted]:
            return
        client.play_first_move(game_id, tokens[to_act[0]])
    raise AssertionError(f"seat {wanted} never came to act")


def test_sign_up_shows_the_key_once_and_another_browser_signs_in_with_it(
    page, browser, live_service
):
    base = live_service.base_url
    client = Client(base)
    name = handle()
    page.goto(base + "/account")
    page.fill("#signup-handle", name)
    page.select_option("#signup-kind", "person")
    page.click("#sign-up button[type=submit]")
    key_field = page.locator("#new-key-value")
    expect(key_field).to_be_visible()
    key = key_field.input_value()
    assert key.startswith("fdk_")
    assert "not shown again" in page.inner_text("#new-key")
    assert page.inner_text("#account-handle") == name
    assert account_of(client, key)["handle"] == name
    expect(page.locator("#nav-account")).to_have_text(name)
    # Shown once: after a reload the page is signed in but no longer shows the key.
    page.reload()
    expect(page.locator("#signed-in")).to_be_visible()
    assert page.locator("#new-key").count() == 0
    assert key not in page.content()

    # A table of the account, then a second browser signs in with the key and sees it.
    game_id = client.call("POST", "/v1/games", {"game": "sly", "seats": TWO_PEOPLE}, key)["id"]
    context, other = new_page(browser)
    try:
        other.goto(base + "/account")
        other.fill("#signin-key", key)
        other.click("#sign-in button[type=submit]")
        expect(other.locator("#account-handle")).to_have_text(name)
        other.click("#nav-my-games")
        item = other.locator(f'#my-games li[data-game="{game_id}"]')
        expect(item).to_have_attribute("data-group", "waiting")
        assert "you are Seat 0" in item.inner_text()
        # Signing out forgets the key; the lobby is anonymous again.
        other.goto(base + "/account")
        other.click("#sign-out")
        expect(other.locator("#sign-up")).to_be_visible()
        assert other.evaluate("() => localStorage.getItem('foxden:account')") is None
        other.goto(base + "/")
        expect(other.locator("#player-name")).to_be_visible()
        expect(other.locator("#nav-sign-in")).to_be_visible()
        # A wrong key is refused in words.
        other.goto(base + "/account")
        other.fill("#signin-key", "fdk_nope_nope")
        other.click("#sign-in button[type=submit]")
        expect(other.locator("#notice .problem")).to_contain_text("does not sign in")
        assert [p for p in other.problems if "401" not in p] == []
    finally:
        context.close()
    assert page.problems == []


def test_a_device_code_moves_the_session_to_another_browser(page, browser, live_service):
    base = live_service.base_url
    client = Client(base)
    key, me = signed_up(client, page, base)
    page.goto(base + "/account")
    page.click("#make-device-code")
    code = page.locator("#device-code")
    expect(code).to_have_text(re.compile(r"^[2-9A-HJKMNP-TV-Z]{8}$"))
    assert "valid once, until" in page.inner_text("#device-code-expiry")
    context, other = new_page(browser)
    try:
        other.goto(base + "/account")
        other.fill("#device-code-input", code.inner_text())
        other.click("#redeem button[type=submit]")
        expect(other.locator("#account-handle")).to_have_text(me["handle"])
        kept = json.loads(other.evaluate("() => localStorage.getItem('foxden:account')"))
        assert kept["key"] != key  # a fresh key of its own
        assert account_of(client, kept["key"])["id"] == me["id"]
        assert other.problems == []
    finally:
        context.close()
    assert page.problems == []


def test_my_games_lists_the_games_where_it_is_my_turn_first(page, live_service):
    base = live_service.base_url
    client = Client(base)
    key, _ = signed_up(client, page, base)
    mine, theirs = sly_for_two(client, key), sly_for_two(client, key)
    play_until(client, mine[0], {0: key, 1: mine[1]}, 0)
    play_until(client, theirs[0], {0: key, 1: theirs[1]}, 1)
    waiting = client.call("POST", "/v1/games", {"game": "sly", "seats": TWO_PEOPLE}, key)["id"]
    body = {"game": "fette-beute", "seats": [{"kind": "human"}, *BOTS]}
    body["options"] = {"bot_delay_ms": 0, "max_rounds": 1}
    finished = client.call("POST", "/v1/games", body, key)["id"]
    client.call("POST", f"/v1/games/{finished}/commands", {"type": "leave"}, key)
    client.wait_finished(finished)

    page.goto(base + "/my-games")
    page.wait_for_selector(f'#my-games li[data-game="{finished}"]')
    shown = page.eval_on_selector_all(
        "#my-games li.my-game", "els => els.map(e => [e.dataset.game, e.dataset.group])"
    )
    assert shown == [
        [mine[0], "my_turn"],
        [theirs[0], "active"],
        [waiting, "waiting"],
        [finished, "finished"],
    ]
    assert "your move" in page.inner_text(f'li[data-game="{mine[0]}"]')
    assert "waiting for Seat 1" in page.inner_text(f'li[data-game="{theirs[0]}"]')
    result = page.inner_text(f'li[data-game="{finished}"]')
    assert "won" in result and "scores" in result
    # Each links to its table.
    page.click(f'li[data-game="{mine[0]}"] .links a')
    page.wait_for_url(f"**/games/{mine[0]}")
    page.wait_for_selector("#moves button.move")
    assert "You are" in page.inner_text("#status")
    assert page.problems == []


def test_the_title_and_a_notification_say_when_it_becomes_my_turn(browser, live_service):
    base = live_service.base_url
    client = Client(base)
    context, page = new_page(browser)
    # Notifications allowed, and recorded: the page's own Notification, wrapped.
    context.grant_permissions(["notifications"], origin=base)
    context.add_init_script(
        "window.__notes = []; const Shown = window.Notification;"
        " window.Notification = class extends Shown {"
        " constructor(title, options) { super(title, options);"
        " window.__notes.push([title, options.body]); } };"
    )
    try:
        key, _ = signed_up(client, page, base)
        page.evaluate("() => localStorage.setItem('foxden:notify', '1')")
        game_id, bob = sly_for_two(client, key)
        play_until(client, game_id, {0: key, 1: bob}, 1)  # Bob's turn
        page.goto(base + "/my-games")
        page.wait_for_selector(f'li[data-game="{game_id}"][data-group="active"]')
        page.wait_for_function("() => document.documentElement.dataset.myTurn === '0'")
        assert not page.title().startswith("(Your turn)")
        # Bob moves: the account's stream says it is my turn.
        client.play_first_move(game_id, bob)
        page.wait_for_function("() => document.title.startsWith('(Your turn) ')")
        assert page.title() == "(Your turn) Foxden — my games"
        page.wait_for_selector(f'li[data-game="{game_id}"][data-group="my_turn"]')
        notes = page.evaluate("() => window.__notes")
        assert notes and notes[0][0] == "Foxden: your turn" and game_id[:8] in notes[0][1]
        # At the table, my move from the page ends my turn and the title says so.
        page.click(f'li[data-game="{game_id}"] .links a')
        page.wait_for_selector("#moves button.move")
        assert page.title().startswith("(Your turn) ")
        page.locator("#moves button.move").first.click()
        page.wait_for_function("() => !document.title.startsWith('(Your turn)')")
        assert page.problems == []
    finally:
        context.close()


def create_in_lobby(page, base: str, seats: int = 2) -> str:
    page.goto(base + "/")
    if page.locator("#player-name").count():
        page.fill("#player-name", "Ada")
    page.select_option("#new-game", "sly")
    page.fill("#new-count", str(seats))
    page.dispatch_event("#new-count", "change")
    for n in range(seats):
        page.select_option(f'select[name="kind-{n}"]', "human")
    page.click('#create-table button[type="submit"]')
    page.wait_for_url("**/games/*")
    return page.url.rsplit("/", 1)[1]


def test_i_cancel_a_table_i_created_and_copy_its_invite_link(browser, live_service):
    base = live_service.base_url
    client = Client(base)
    context, page = new_page(browser)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
    try:
        _, me = signed_up(client, page, base)
        game_id = create_in_lobby(page, base)
        summary = client.get(f"/v1/games/{game_id}")
        assert summary["seats"][0]["account"] == me["id"]  # the key seated the account
        assert summary["seats"][0]["name"] == me["handle"]
        link = page.locator("#invite-link")
        expect(link).to_have_value(f"{base}/games/{game_id}")
        page.click("#invite-link-copy")
        expect(page.locator("#invite-link-copy")).to_have_text("Copied")
        assert page.evaluate("() => navigator.clipboard.readText()") == f"{base}/games/{game_id}"
        page.once("dialog", lambda dialog: dialog.accept())
        page.click("#cancel-table")
        expect(page.locator("#turn")).to_contain_text("cancelled")
        assert client.get(f"/v1/games/{game_id}")["status"] == "cancelled"
        expect(page.locator("#cancel-table")).to_have_count(0)
        assert page.problems == []
    finally:
        context.close()
    # Anonymous: the owner token the lobby kept cancels the table.
    context, page = new_page(browser)
    try:
        game_id = create_in_lobby(page, base)
        page.once("dialog", lambda dialog: dialog.accept())
        page.click("#cancel-table")
        expect(page.locator("#turn")).to_contain_text("cancelled")
        assert client.get(f"/v1/games/{game_id}")["status"] == "cancelled"
        # Someone else, with the invite link, sees no cancel button.
        other = context.browser.new_context().new_page()
        game_id = client.create("sly", TWO_PEOPLE)
        other.goto(f"{base}/games/{game_id}")
        expect(other.locator("#invite-link")).to_have_value(f"{base}/games/{game_id}")
        expect(other.locator("#cancel-table")).to_have_count(0)
        other.context.close()
        assert page.problems == []
    finally:
        context.close()


def test_seats_are_numbered_as_the_api_numbers_them(page, live_service):
    base = live_service.base_url
    client = Client(base)
    game_id = client.create("fette-beute", [{"kind": "human"}, *BOTS], max_rounds=1)
    page.goto(base + "/")
    page.fill("#player-name", "Ada")
    rows = page.locator("#new-seats .seat-no")
    assert rows.all_inner_texts()[:2] == ["Seat 0", "Seat 1"]
    item = page.locator(f'#waiting li[data-game="{game_id}"]')
    item.get_by_role("button", name="Join seat 0").click()
    page.wait_for_url(f"**/games/{game_id}")
    page.wait_for_selector("#board .seat")
    summary = client.get(f"/v1/games/{game_id}")
    for info in summary["seats"]:
        shown = page.inner_text(f'#board .seat[data-seat="{info["seat"]}"] .seat-name')
        assert shown == ("Ada" if info["seat"] == 0 else f"greedy bot {info['seat']}")
    page.wait_for_selector('#log li[data-type="PlayerJoined"]')
    assert page.inner_text('#log li[data-type="PlayerJoined"] .what') == "Ada took seat 0"
    assert "You are Ada" in page.inner_text("#status")
    page.goto(f"{base}/games/{game_id}/replay")
    page.wait_for_selector("#board[data-version]")
    assert page.inner_text('#viewer option[value="0"]') == "Ada"
    assert page.inner_text('#log li[data-type="PlayerJoined"] .what') == "Ada took seat 0"
    assert page.problems == []


CAMEL = re.compile(r"\b[A-Z][a-z]+[A-Z][A-Za-z]*\b")  # CardFlipped, FoodDrawn


def test_the_event_log_says_in_words_who_acted(page, live_service):
    """Ada chooses, then leaves: a bot plays her seat. Its reveals are the bot's, not hers."""
    base = live_service.base_url
    client = Client(base)
    game_id = client.create("fette-beute", [{"kind": "human"}, *BOTS], max_rounds=1)
    token = client.join(game_id, "Ada", seat=0)
    client.play_first_move(game_id, token)  # the choice of two animals
    client.call("POST", f"/v1/games/{game_id}/commands", {"type": "leave"}, token)
    client.wait_finished(game_id)
    events = client.get(f"/v1/games/{game_id}/events")["events"]
    page.goto(f"{base}/games/{game_id}")
    page.wait_for_selector(f'#log li[data-version="{events[-1]["version"]}"]')
    lines = {
        int(v): text
        for v, text in page.eval_on_selector_all(
            "#log li",
            "els => els.map(e => [e.dataset.version, e.querySelector('.what').textContent])",
        )
    }
    assert len(lines) == len(events)
    for event in events:
        line = lines[event["version"]]
        assert not CAMEL.search(line), line  # words, never a type name
        by = event["by"]
        if event["type"] == "AnimalsChosen" and by == {"seat": 0, "kind": "player"}:
            assert line.startswith("Ada (seat 0) chose two animals"), line
        if event["type"] == "SeatLeft":
            assert line.startswith("Ada (seat 0) left; a greedy bot plays on"), line
        if event["type"] == "AnimalRevealed" and by["kind"] == "bot":
            seat = event["data"]["seat"]
            if seat != by["seat"]:  # a hamster revealed in reply to the actor's theft
                assert line.startswith(f"the greedy bot (seat {seat})") or "(seat 0)" in line, line
                continue
            who = (
                "a greedy bot playing seat 0 for Ada"
                if seat == 0
                else f"the greedy bot (seat {seat})"
            )
            assert line.startswith(f"{who} revealed"), line
        if event["type"] == "FoodDrawn" and event["data"]["seat"] == by["seat"] == 1:
            assert line.startswith("the greedy bot (seat 1) drew a"), line
    reveals = [
        e for e in events if e["type"] == "AnimalRevealed" and e["by"] == {"seat": 0, "kind": "bot"}
    ]
    assert reveals, "the bot playing Ada's seat revealed nothing"
    kinds = page.eval_on_selector_all("#log li", "els => els.map(e => e.dataset.byKind)")
    assert set(kinds) <= {"player", "bot", "timeout", "system"}
    assert page.problems == []


def test_no_blank_card_is_drawn_for_an_empty_slot(page, live_service):
    """Gloria Picktoria's display has a slot with no card between a take and its refill (and
    for good once the pile is out): the page draws an empty outline there, not a blank card."""
    base = live_service.base_url
    client = Client(base)
    game_id = client.create(
        "gloria-picktoria", BOTS, first_scoring_at=1, second_scoring_at=2, final_scoring_at=3
    )
    summary = client.wait_finished(game_id)
    view = client.get(f"/v1/games/{game_id}/state")
    board = view["board"]
    board["display"][1] = None
    page.goto(base + "/verify")
    drawn = page.evaluate(
        """async ([board, summary, view]) => {
            const game = await import("/web/static/games/gloria-picktoria.js");
            const { renderContext } = await import("/web/static/core/context.js");
            const el = game.render(board, renderContext(summary, view));
            document.body.append(el);
            const slot = el.querySelector('[data-slot="1"]');
            return {
                outline: slot.querySelectorAll(".slot-empty").length,
                cards: slot.querySelectorAll(".card").length,
                blank: [...el.querySelectorAll(".card.face")].filter((c) => !c.dataset.card).length,
                others: [...el.querySelectorAll(".display [data-slot] [data-card]")]
                    .map((c) => c.dataset.card),
            };
        }""",
        [board, summary, view],
    )
    assert drawn["outline"] == 1 and drawn["cards"] == 0
    assert drawn["blank"] == 0
    assert drawn["others"] == [c for c in board["display"] if c is not None]
    assert page.problems == []


def test_the_event_log_names_the_timer_when_a_turn_runs_out(page, live_service):
    base = live_service.base_url
    client = Client(base)
    game_id = client.create("sly", TWO_PEOPLE, turn_timeout_s=1)
    client.join(game_id, "Ana", seat=0)
    client.join(game_id, "Bob", seat=1)
    deadline = time.monotonic() + 30
    timed = None
    while timed is None:
        assert time.monotonic() < deadline, "no turn ran out"
        events = client.get(f"/v1/games/{game_id}/events")["events"]
        timed = next((e for e in events if e["by"]["kind"] == "timeout"), None)
        time.sleep(0.2)  # polling the API, as Client.wait_finished does
    seat = timed["by"]["seat"]
    name = ("Ana", "Bob")[seat]
    page.goto(f"{base}/games/{game_id}")
    line = page.locator(f'#log li[data-version="{timed["version"]}"]')
    expect(line).to_have_attribute("data-by-kind", "timeout")
    assert (
        line.locator(".what")
        .inner_text()
        .startswith(f"the timer, playing seat {seat} for {name}, ")
    )
    assert line.locator(".by").inner_text() == "timer"
    assert page.problems == []
