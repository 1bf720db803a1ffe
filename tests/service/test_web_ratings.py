"""The ratings' web pages (issue 43) without a browser: each address is the HTML shell under
the page policy, the router sends them to the ratings module, and the header links to them
(tests/browser/test_web_ratings.py drives the pages themselves)."""

from __future__ import annotations

import re

import pytest

from service.web import PAGE_POLICY, STATIC

pytestmark = pytest.mark.redis  # the app's service stands on the test Redis

PAGES = ["/ratings", "/ratings/sly", "/ratings/fette-beute/ada-42"]


@pytest.mark.parametrize("path", PAGES)
def test_every_ratings_page_is_the_shell(client, path):
    answer = client.get(path)
    assert answer.status_code == 200
    assert answer.mimetype == "text/html"
    assert '<script type="module" src="/web/static/app.js">' in answer.text
    assert answer.headers["Content-Security-Policy"] == PAGE_POLICY
    assert answer.headers["Cache-Control"] == "no-cache"


def test_deeper_addresses_are_no_page(client):
    assert client.get("/ratings/sly/ada-42/history").status_code == 404


def test_the_header_links_to_the_ratings_and_the_router_knows_them():
    shell = (STATIC / "shell.html").read_text(encoding="utf-8")
    assert re.search(r'<a [^>]*href="/ratings"[^>]*>Ratings</a>', shell)
    router = (STATIC / "app.js").read_text(encoding="utf-8")
    routes = dict(re.findall(r'\[/(\^[^,]+)/, \(\) => import\("\./pages/([\w-]+)\.js"\)', router))
    patterns = [
        re.compile(p.replace("\\/", "/")) for p, page in routes.items() if page == "ratings"
    ]
    assert len(patterns) == 3
    for path in ("/ratings", "/ratings/sly", "/ratings/sly/ada-42"):
        assert sum(bool(p.match(path)) for p in patterns) == 1, path
    # And no other page's pattern takes them.
    others = [re.compile(p.replace("\\/", "/")) for p, page in routes.items() if page != "ratings"]
    assert not any(p.match(path) for p in others for path in PAGES)
