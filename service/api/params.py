"""Unknown query parameters are refused (400 ``invalid_parameter``), as unknown body fields are.

The parameters each route takes are read from the OpenAPI document once, when the app is made
(the document is the contract; a route's code reads only what it documents), so a request
pays one dictionary lookup and a set difference, and nothing when it has no query string.
"""

from __future__ import annotations

import functools
import re

import yaml
from flask import Request

from service.api.problems import BadRequest, shortened

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
METHODS = ("get", "post", "put", "patch", "delete")


@functools.cache
def documented(openapi_text: str) -> dict[tuple[str, str], frozenset[str]]:
    """``(Flask rule, METHOD)`` → the query parameters the document gives that operation."""
    document = yaml.load(openapi_text, Loader=Loader)
    found = {}
    for path, item in document["paths"].items():
        rule = re.sub(r"\{(\w+)\}", r"<\1>", path)
        shared = item.get("parameters", [])
        for method in METHODS:
            if method in item:
                parameters = [*shared, *item[method].get("parameters", [])]
                names = {p["name"] for p in parameters if p.get("in") == "query"}
                found[(rule, method.upper())] = frozenset(names)
    return found


def refuse_unknown(table: dict[tuple[str, str], frozenset[str]], asked: Request) -> None:
    """A 400 naming the query parameters of ``asked`` that its operation does not document."""
    if asked.url_rule is None:
        return
    method = "GET" if asked.method == "HEAD" else asked.method
    allowed = table.get((asked.url_rule.rule, method))
    if allowed is None:  # undocumented routes (the docs page), OPTIONS
        return
    unknown = sorted(set(asked.args) - allowed)
    if unknown:
        raise BadRequest(
            "invalid_parameter",
            f"unknown query parameter {shortened(unknown[0])!r}",
            {name: ["Unknown parameter."] for name in unknown},
        )
