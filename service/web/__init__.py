"""The service's own web front end: a lobby, a table, a replay and an audit page, the
account's pages (sign-up and sign-in, my games) and the ratings (leaderboards, histories).

Every page is the same small HTML shell; the ES modules under ``static/`` draw it and talk to
the public REST API and event streams exactly as any other client does (no private door: this
blueprint serves files only, it never reads a game).

Everything it serves carries a strict Content-Security-Policy (``PAGE_POLICY``): scripts,
styles, images and connections from this origin only, no inline script or style, no plugin,
and no framing by any other page (``frame-ancestors 'none'``, and ``X-Frame-Options`` for
browsers that predate it). A name a player chose is shown on every seat's screen; should one
ever slip through as markup, the browser still runs nothing of it.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response

STATIC = Path(__file__).with_name("static")

bp = Blueprint("web", __name__, static_folder="static", static_url_path="/web/static")

# ``default-src 'none'``: whatever is not named here is refused. ``form-action`` and
# ``base-uri`` do not fall back to it, so they are named too.
PAGE_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


def framed_by_none(response: Response, policy: str = PAGE_POLICY) -> Response:
    """``response`` with ``policy`` as its Content-Security-Policy, and never in a frame."""
    response.headers["Content-Security-Policy"] = policy
    response.headers["X-Frame-Options"] = "DENY"
    return response


@bp.after_request
def _policy(response: Response) -> Response:
    # The static files too: an SVG opened on its own is a document that could run script.
    return framed_by_none(response)


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


@bp.get("/account")
def account() -> Response:
    """Sign up, sign in with a key or a device code, sign out, move to another device."""
    return _shell()


@bp.get("/my-games")
def my_games() -> Response:
    """The signed-in account's games (``GET /v1/me/games``): my turn first."""
    return _shell()


@bp.get("/ratings")
@bp.get("/ratings/<game>")
def ratings(game: str | None = None) -> Response:
    """A game's leaderboard (``GET /v1/ratings/{game}``): the first game of the catalogue's
    without one; the player count in the fragment (``#players=3``)."""
    return _shell()


@bp.get("/ratings/<game>/<handle>")
def rating_history(game: str, handle: str) -> Response:
    """An account's rating history in a game, plotted (``GET /v1/ratings/{game}/{handle}/
    history``), a player count at a time."""
    return _shell()


@bp.get("/verify")
def verify() -> Response:
    """Audit a bundle the user brings (a file or pasted JSON); nothing is sent anywhere."""
    return _shell()
