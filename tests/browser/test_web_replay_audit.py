"""The replay and the audit pages in a real browser.

The replay steps back and forth through every version and never shows a card to a viewer who
could not see it then (checked against the API's own view at that version, as that viewer);
the audit page shows every check passing for an honest game, recomputes the chain, the
commitment and the salts in the browser (equal to the server's hashes), and finds a tampered
bundle's fault at the right version.
"""

from __future__ import annotations

import copy
import json
import re

import pytest

from tests.browser.web import Client, assert_page_shows_exactly, hold_seats, private_cards

# One live service for the module; and the xdist group of tests/workers, whose timings fail
# when Chromium and a live service's worker compete with their worker processes for the cores.
pytestmark = pytest.mark.xdist_group("workers")

MIN_PLAYERS = {"fette-beute": 3, "sly": 2, "gloria-picktoria": 2}
SHORT = {
    "fette-beute": {"max_rounds": 2},
    "sly": {},
    "gloria-picktoria": {"first_scoring_at": 1, "second_scoring_at": 2, "final_scoring_at": 3},
}


@pytest.fixture(scope="module")
def finished(live_service) -> dict[str, tuple[str, str]]:
    """One finished game of each kind whose seat 0 this test holds: (game id, seat 0's token).

    Seat 0 joins and leaves at once, so bots play the whole game; its token still names it.
    """
    client = Client(live_service.base_url)
    games = {}
    for game, players in MIN_PLAYERS.items():
        bots = [{"kind": "bot", "strategy": "greedy"}] * (players - 1)
        game_id = client.create(game, [{"kind": "human"}, *bots], **SHORT[game])
        token = client.join(game_id, "Zoë — 狐", seat=0)
        client.call("POST", f"/v1/games/{game_id}/commands", {"type": "leave"}, token)
        games[game] = (game_id, token)
    for game_id, _ in games.values():
        client.wait_finished(game_id)
    return games


def at_version(page, version: int, viewer: str) -> None:
    page.wait_for_selector(f'#board[data-version="{version}"][data-viewer="{viewer}"]')


@pytest.mark.parametrize("game", list(MIN_PLAYERS))
def test_the_replay_shows_each_version_as_that_viewer_saw_it(page, live_service, finished, game):
    client = Client(live_service.base_url)
    game_id, token = finished[game]
    last = client.get(f"/v1/games/{game_id}")["version"]
    hold_seats(page, live_service.base_url, game_id, [(0, token)])
    base = f"{live_service.base_url}/games/{game_id}/replay"
    # Long games are sampled; short ones stepped through version by version.
    stride = max(1, last // 16)

    # As seat 0, forwards with the "next" button (and with a stride, by the link to a version).
    page.goto(f"{base}#v=1&as=0")
    at_version(page, 1, "0")
    hidden_somewhere = False
    version = 1
    while version < last:
        if stride == 1:
            page.click("#next")
            version += 1
        else:
            version = min(last, version + stride)
            page.evaluate(f"location.hash = 'v={version}&as=0'")
        at_version(page, version, "0")
        view = client.view(game_id, version, token)
        assert_page_shows_exactly(page, game, view)
        hidden_somewhere |= view["status"] == "active" and bool(
            page.locator("#board .back").count()
        )
    assert hidden_somewhere, "some card should have been face down for seat 0 at some version"
    # At the end nothing is hidden any more: every hand and face-down card is drawn face up.
    assert page.locator("#board [data-private] .back").count() == 0
    assert "everything is shown" in page.inner_text("#replay-note")

    players = MIN_PLAYERS[game]
    # As a spectator, backwards with the "previous" button and the arrow key.
    page.select_option("#viewer", "spectator")
    at_version(page, last, "spectator")
    version = last
    spectator_saw_backs = False
    for step in range(min(last - 1, 10)):
        if step % 2:
            page.click("#prev")
        else:
            page.keyboard.press("ArrowLeft")
        version -= 1
        at_version(page, version, "spectator")
        view = client.view(game_id, version)
        assert_page_shows_exactly(page, game, view)
        if not any(private_cards(game, view["board"] or {}, s) for s in range(players)):
            spectator_saw_backs |= page.locator("#board [data-private] .back").count() > 0
    assert spectator_saw_backs, "the spectator should have met hidden cards"
    # The link names the version and the viewer; opening it shows that version again.
    link = page.get_attribute("#permalink", "href")
    assert link == f"#v={version}&as=spectator"
    page.goto(base + link)
    at_version(page, version, "spectator")
    assert page.problems == []


def test_the_replay_log_hides_what_the_viewer_could_not_know(page, live_service, finished):
    client = Client(live_service.base_url)
    game_id, _ = finished["sly"]
    events = client.get(f"/v1/games/{game_id}/events")["events"]
    laid = [e for e in events if e["type"] == "CardLaid" and e["data"]["seat"] != 0]
    assert laid, "the bot laid no card"
    first = laid[0]["version"]
    page.goto(f"{live_service.base_url}/games/{game_id}/replay#v={first}&as=spectator")
    at_version(page, first, "spectator")
    line = page.inner_text(f'#log li[data-version="{first}"] .what')
    # The finished game's feed names the card; at that version the spectator did not know it.
    assert laid[0]["data"]["card"]
    assert "a card" in line, line
    later = page.inner_text(f'#log li[data-version="{first + 1}"] .what')
    # The future: its public type only, in words ("CardLaid" reads "card laid").
    assert later == re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", events[first]["type"]).lower()
    page.click("#last")
    at_version(page, events[-1]["version"], "spectator")
    assert "a card" not in page.inner_text(f'#log li[data-version="{first}"] .what')


def checks_of(page, table: str) -> dict[str, tuple[str, str]]:
    rows = page.locator(f"#{table} tbody tr")
    found = {}
    for n in range(rows.count()):
        row = rows.nth(n)
        found[row.get_attribute("data-check")] = (
            row.get_attribute("data-verdict"),
            row.locator("td.num").inner_text(),
        )
    return found


def test_the_audit_of_an_honest_game_passes_on_the_server_and_in_the_browser(
    page, live_service, finished
):
    client = Client(live_service.base_url)
    game_id, _ = finished["gloria-picktoria"]
    page.goto(f"{live_service.base_url}/games/{game_id}/audit")
    page.wait_for_selector('#browser-verdict[data-ok="true"]', timeout=20_000)
    server = checks_of(page, "server-checks")
    assert set(server) == {"chain", "seed", "deck", "resimulation", "result"}
    assert all(verdict == "pass" for verdict, _ in server.values())
    browser = checks_of(page, "browser-checks")
    assert browser == dict.fromkeys(("bundle", "commitment", "chain"), ("pass", ""))
    # The browser's own recomputation equals the server's hashes, event by event.
    bundle = client.get(f"/v1/games/{game_id}/export")
    recomputed = page.evaluate(
        """async (bundle) => {
            const v = await import("/web/static/core/verify.js");
            const key = await v.hmacKey(v.fromHex(bundle.seed));
            const out = [];
            for (const e of bundle.events) {
                out.push(await v.eventHash(e, await v.salt(key, e.version)));
            }
            return out;
        }""",
        bundle,
    )
    assert recomputed == [e["hash"] for e in bundle["events"]]
    with page.expect_download() as download:
        page.click("#download")
    saved = json.loads(download.value.path().read_text())
    assert saved == bundle
    assert page.problems == []


def test_canonical_json_in_the_browser_is_the_servers_byte_for_byte(page, live_service):
    values = [
        {"b": 1, "a": [True, False, None], "é": "é", "e\u0301": 0},
        {"\U0001f98a": 1, "\uffff": 2, "\ue000": 3, "z": {"y": [], "x": {}}},
        [
            "tab\there",
            'quote " and \\ back',
            "\u0000\u001f\u007f\u2028\u2029",
            "狐 🦊",
            -(2**53 - 1),
        ],
        {"nested": [{"k": [1, 2, {"deep": "Zoë"}]}], "empty": ""},
    ]
    page.goto(live_service.base_url + "/verify")
    got = page.evaluate(
        """async (values) => {
            const { canonical } = await import("/web/static/core/canonical.js");
            return values.map(canonical);
        }""",
        values,
    )
    want = [
        json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=False) for v in values
    ]
    assert got == want


def tampered(bundle: dict, version: int, change) -> str:
    forged = copy.deepcopy(bundle)
    change(forged["events"][version - 1])
    return json.dumps(forged)


def test_the_audit_page_finds_a_tampered_event_at_its_version(page, live_service, finished):
    client = Client(live_service.base_url)
    game_id, _ = finished["sly"]
    bundle = client.get(f"/v1/games/{game_id}/export")
    flipped = next(e for e in bundle["events"] if e["type"] in {"CardFlipped", "HenExposed"})
    version = flipped["version"]
    page.goto(f"{live_service.base_url}/games/{game_id}/audit")
    page.wait_for_selector('#browser-verdict[data-ok="true"]', timeout=20_000)

    def swap_card(event):
        event["data"]["card"] = "fox" if event["data"]["card"] != "fox" else "hen6"

    page.fill("#bundle-text", tampered(bundle, version, swap_card))
    page.click("#check-pasted")
    page.wait_for_selector('#browser-verdict[data-ok="false"]')
    checks = checks_of(page, "browser-checks")
    assert checks["chain"] == ("fail", str(version))
    assert checks["commitment"] == ("pass", "")
    assert "changed after it was sealed" in page.inner_text(
        '#browser-checks tr[data-check="chain"]'
    )

    # Another seed: the commitment fails at version 1 (and so does every salt, from 1).
    forged = copy.deepcopy(bundle)
    forged["seed"] = "00" * 32
    page.fill("#bundle-text", json.dumps(forged))
    page.click("#check-pasted")
    page.wait_for_selector('#browser-checks tr[data-check="commitment"][data-verdict="fail"]')
    checks = checks_of(page, "browser-checks")
    assert checks["commitment"] == ("fail", "1")
    assert checks["chain"] == ("fail", "1")
    # Not JSON at all: said in words.
    page.fill("#bundle-text", "{not json")
    page.click("#check-pasted")
    page.wait_for_selector("#notice .problem")
    assert "Not JSON" in page.inner_text("#notice")
    assert page.problems == []


def test_the_audit_of_a_running_game_says_what_is_not_yet_known(page, live_service):
    client = Client(live_service.base_url)
    game_id = client.create("sly", [{"kind": "human"}, {"kind": "human"}])
    client.join(game_id, "Ann")
    client.join(game_id, "Ben")
    page.goto(f"{live_service.base_url}/games/{game_id}/audit")
    page.wait_for_selector('#browser-verdict[data-ok="true"]')
    server = checks_of(page, "server-checks")
    assert server["chain"][0] == "pass"
    assert {server[name][0] for name in ("seed", "deck", "resimulation", "result")} == {"not yet"}
    browser = checks_of(page, "browser-checks")
    assert browser["links"][0] == "pass"
    assert browser["chain"][0] == "not yet"
    assert page.locator("#download").count() == 0  # no bundle before the end (it holds the seed)
    assert page.problems == []
