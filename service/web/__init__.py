"""The service's own web front end: a lobby, a table, a replay and an audit page.

Every page is the same small HTML shell; the ES modules under ``static/`` draw it and talk to
the public REST API and event streams exactly as any other client does (no private door: this
blueprint serves files only, it never reads a game).
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response

STATIC = Path(__file__).with_name("static")

bp = Blueprint("web", __name__, static_folder="static", static_url_path="/web/static")


def _shell() -> Response:
    # Read per request: a few hundred bytes, and an edited file shows without a restart.
    response = Response((STATIC / "shell.html").read_text(encoding="utf-8"), mimetype="text/html")
    # The page holds no data, only code that fetches it; a stale shell would load stale modules.
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/")
def lobby() -> Response:
    return _shell()


@bp.get("/games/<game_id>")
def table(game_id: str) -> Response:
    return _shell()


@bp.get("/games/<game_id>/replay")
def replay(game_id: str) -> Response:
    return _shell()


@bp.get("/games/<game_id>/audit")
def audit(game_id: str) -> Response:
    return _shell()


@bp.get("/verify")
def verify() -> Response:
    """Audit a bundle the user brings (a file or pasted JSON); nothing is sent anywhere."""
    return _shell()
