"""Issue 39: the web pages and /docs carry a strict Content-Security-Policy, are never framed,
and hold nothing inline that the policy would have to allow. (tests/browser runs the pages
under the policy in Chromium: a refused script, style or connection fails them.)
"""

from __future__ import annotations

import base64
import hashlib
import re
from html.parser import HTMLParser

import pytest

from service.api import ops
from service.web import STATIC

pytestmark = [pytest.mark.redis, pytest.mark.single_redis]

GAME = "0" * 32
PAGES = ["/", f"/games/{GAME}", f"/games/{GAME}/replay", f"/games/{GAME}/audit", "/verify"]
STATIC_FILES = sorted(
    "/web/static/" + path.relative_to(STATIC).as_posix()
    for path in STATIC.rglob("*")
    if path.is_file()
)


def directives(policy: str) -> dict[str, list[str]]:
    found = {}
    for part in policy.split(";"):
        name, *values = part.split()
        found[name] = values
    return found


class Inline(HTMLParser):
    """What an HTML page holds inline: script bodies, style elements and attributes, handlers."""

    def __init__(self) -> None:
        super().__init__()
        self.scripts: list[str] = []
        self.found: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = {name for name, _ in attrs}
        if tag == "style":
            self.found.append("<style>")
        if "style" in names:
            self.found.append(f"style= on <{tag}>")
        self.found += [f"{name}= on <{tag}>" for name in names if name.startswith("on")]
        self.found += [
            f"javascript: URL on <{tag}>"
            for _, value in attrs
            if value and value.strip().lower().startswith("javascript:")
        ]
        self._in_script = tag == "script"
        if tag == "script" and "src" not in names:
            self.scripts.append("")

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and self.scripts:
            self.scripts[-1] += data


def inline_of(html: str) -> Inline:
    parser = Inline()
    parser.feed(html)
    return parser


@pytest.mark.parametrize("path", PAGES + STATIC_FILES)
def test_every_web_answer_has_the_strict_policy(client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200, path
    policy = directives(response.headers["Content-Security-Policy"])
    assert policy["default-src"] == ["'none'"]
    for kind in ("script-src", "style-src", "img-src", "connect-src"):
        assert policy[kind] == ["'self'"], (kind, policy[kind])
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["base-uri"] == ["'none'"]
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_the_shell_holds_nothing_inline(client) -> None:
    assert "/web/static/shell.html" in STATIC_FILES and "/web/static/app.js" in STATIC_FILES
    page = inline_of(client.get("/").get_data(as_text=True))
    assert page.scripts == [] and page.found == []


# What a 'self'-only policy refuses in a script: string code, and style attributes set as text.
REFUSED_IN_SCRIPTS = re.compile(
    r"\beval\s*\(|\bnew\s+Function\s*\(|setTimeout\s*\(\s*[\"'`]|"
    r"setAttribute\s*\(\s*[\"']style[\"']|javascript:|<script"
)


@pytest.mark.parametrize("path", [p for p in STATIC_FILES if p.endswith(".js")])
def test_no_script_needs_what_the_policy_refuses(path: str) -> None:
    text = (STATIC / path.removeprefix("/web/static/")).read_text()
    assert not REFUSED_IN_SCRIPTS.search(text), REFUSED_IN_SCRIPTS.search(text)


def test_docs_allows_its_own_inline_script_and_nothing_else(client) -> None:
    response = client.get("/docs")
    policy = directives(response.headers["Content-Security-Policy"])
    page = inline_of(response.get_data(as_text=True))
    hashes = {
        "'sha256-" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode() + "'"
        for body in page.scripts
    }
    assert hashes and set(policy["script-src"]) == {"'self'", *hashes}
    assert "'unsafe-inline'" not in policy["script-src"] + policy["style-src"]
    assert "'unsafe-eval'" not in policy["script-src"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert response.headers["X-Frame-Options"] == "DENY"
    assert page.found == []
    assert ops.DOCS_SCRIPT in page.scripts


def test_the_api_is_not_a_page(client) -> None:
    """JSON answers need no page policy; they say nosniff (tests/service/test_http_hygiene.py)."""
    response = client.get("/v1/catalog")
    assert "Content-Security-Policy" not in response.headers
    assert response.headers["X-Content-Type-Options"] == "nosniff"
