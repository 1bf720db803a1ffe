"""The web front end's routes: every page is the HTML shell, its modules are served from the
package, and every module a page imports exists (the browser tests drive the pages)."""

from __future__ import annotations

import re

import pytest

from service.web import STATIC

pytestmark = pytest.mark.redis  # the app's service stands on the test Redis

PAGES = [
    "/",
    "/games/abc123",
    "/games/abc123/replay",
    "/games/abc123/audit",
    "/verify",
    "/account",
    "/my-games",
]
IMPORT = re.compile(r"""(?:from\s+|import\s*\(\s*)["'](\.{1,2}/[^"']+)["']""")


@pytest.mark.parametrize("path", PAGES)
def test_every_page_is_the_shell(client, path):
    answer = client.get(path)
    assert answer.status_code == 200
    assert answer.mimetype == "text/html"
    assert '<script type="module" src="/web/static/app.js">' in answer.text
    assert answer.headers["Cache-Control"] == "no-cache"


def test_modules_and_styles_are_served_with_their_types(client):
    script = client.get("/web/static/app.js")
    assert script.mimetype in {"text/javascript", "application/javascript"}
    assert client.get("/web/static/games/sly.js").status_code == 200
    assert client.get("/web/static/app.css").mimetype == "text/css"
    missing = client.get("/web/static/no-such-module.js")
    assert missing.status_code == 404
    assert missing.mimetype == "application/problem+json"


def test_every_relative_import_of_every_module_exists():
    modules = sorted(STATIC.rglob("*.js"))
    assert len(modules) >= 15
    imports = [(m, t) for m in modules for t in IMPORT.findall(m.read_text(encoding="utf-8"))]
    assert len(imports) >= 30  # the pattern finds both static and dynamic imports
    for module, target in imports:
        resolved = (module.parent / target).resolve()
        assert resolved.is_file(), f"{module.relative_to(STATIC)} imports {target}"
        assert STATIC.resolve() in resolved.parents
