"""Operations endpoints: liveness, readiness, metrics, the OpenAPI document and its docs page."""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path

import flask_swagger_ui
from flask import Blueprint, Response, current_app, send_from_directory

from service import metrics
from service.api.http import games
from service.api.jsonio import answer
from service.api.problems import problem
from service.web import PAGE_POLICY, framed_by_none

bp = Blueprint("ops", __name__)

# A link to the top-level openapi.yaml in the tree; the file itself in a built wheel.
OPENAPI = Path(__file__).with_name("openapi.yaml")
# Swagger UI 5 (it reads OpenAPI 3.1; the 4.x of swagger-ui-bundle refuses our file), shipped
# inside the flask-swagger-ui wheel: /docs needs no CDN.
SWAGGER = Path(flask_swagger_ui.__file__).with_name("dist")

DOCS_SCRIPT = 'SwaggerUIBundle({url: "/openapi.yaml", dom_id: "#ui"});'
DOCS_PAGE = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Foxden API</title>
<link rel="icon" href="/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script>{DOCS_SCRIPT}</script>
</body></html>"""
# The web pages' policy (service/web), but for what Swagger UI needs: its one inline script,
# allowed by its hash (nothing else inline runs), and the icons its stylesheet holds as data:
# URLs.
DOCS_POLICY = PAGE_POLICY.replace(
    "script-src 'self'",
    "script-src 'self' 'sha256-"
    + base64.b64encode(hashlib.sha256(DOCS_SCRIPT.encode()).digest()).decode()
    + "'",
).replace("img-src 'self'", "img-src 'self' data:")


@bp.get("/healthz")
def healthz() -> Response:
    return answer({"status": "ok"})


@bp.get("/readyz")
def readyz() -> Response:
    try:
        games().store.redis.ping()
    except Exception as error:  # any failure to reach Redis means "not ready"
        return problem(503, "not_ready", f"Redis is not reachable: {type(error).__name__}")
    return answer({"status": "ready"})


@bp.get("/metrics")
def prometheus() -> Response:
    body, content_type = metrics.exposition(current_app.config["METRICS_MULTIPROC_DIR"])
    return Response(body, content_type=content_type)


@bp.get("/openapi.yaml")
def openapi() -> Response:
    return Response(current_app.extensions["foxden.openapi"], mimetype="application/yaml")


@bp.get("/docs")
def docs() -> Response:
    return framed_by_none(Response(DOCS_PAGE, mimetype="text/html"), DOCS_POLICY)


@bp.get("/docs/assets/<path:name>")
def docs_assets(name: str) -> Response:
    return send_from_directory(SWAGGER, name)
