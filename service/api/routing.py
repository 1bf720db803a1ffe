"""Routing at a lower cost: Werkzeug's answers, worked out once and remembered.

Flask routes each request in two steps. It binds the URL map to the request (a ``MapAdapter``:
the host looked up twice, lowered and IDNA-encoded, the WSGI strings decoded) and then walks
Werkzeug's state machine with the path (a Python call per path segment, a regular expression
per game id). Together that was a tenth of a move's instructions (bench/api_cost.py): 62 k and
53 k per request. Neither answer changes from one request to the next:

* what binding takes from the host (server name, script name, subdomain, scheme) depends only on
  a few environ values, the same on every request of a client; it is remembered per distinct
  set of them, and each request's adapter is made from it straight away;
* a match depends only on the path, the method and the URL map, which Flask freezes once it
  serves (it refuses new routes after the first request; ``RoutingMap.add`` forgets the matches
  anyway). A path that matches is remembered with its rule and arguments.

Only what succeeded is remembered: a 404, a 405, a redirect or a bad host is Werkzeug's own
answer, worked out again each time, so made-up paths never fill the memory. Both memories are
bounded (they start afresh when full): host and path come from clients. Anything outside the
plain case (a ``SERVER_NAME``, ``TRUSTED_HOSTS``, host or subdomain matching) takes Flask's own
path every time. tests/service/test_routing.py holds both to Werkzeug's answers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask import Flask, Request
from werkzeug.routing import Map, MapAdapter, Rule, RuleFactory

# Entries each memory holds before it starts afresh: a busy process's live games a few times
# over (a path names its game), a few hundred bytes each.
MATCHES_KEPT = 4096
HOSTS_KEPT = 64

# The environ values binding reads besides the path, the query and the method
# (``Map.bind_to_environ`` and the ``get_host`` it calls).
_HOST_KEYS = (
    "HTTP_HOST",
    "SERVER_NAME",
    "SERVER_PORT",
    "wsgi.url_scheme",
    "HTTP_CONNECTION",
    "HTTP_UPGRADE",
    "SCRIPT_NAME",
)


class RoutingMap(Map):
    """Flask's URL map (``Flask.url_map_class``), remembering the matches that succeeded."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.matches: dict[tuple[Any, ...], tuple[Rule, Mapping[str, Any]]] = {}
        self.hosts: dict[tuple[Any, ...], tuple[str, str, str | None, str]] = {}
        super().__init__(*args, **kwargs)

    def add(self, rulefactory: Rule | RuleFactory) -> None:
        super().add(rulefactory)
        self.matches.clear()  # a new rule may take paths another one matched


class RememberingAdapter(MapAdapter):
    """A ``MapAdapter`` whose matches of the request's own path come from the map's memory."""

    map: RoutingMap

    def match(
        self,
        path_info: str | None = None,
        method: str | None = None,
        return_rule: bool = False,
        query_args: Any = None,
        websocket: bool | None = None,
    ) -> tuple[Any, Mapping[str, Any]]:
        if path_info is not None or method is not None or websocket is not None:
            # Werkzeug overloads ``match`` on a literal ``return_rule``; this passes it through.
            return super().match(  # type: ignore[call-overload]
                path_info, method, return_rule, query_args, websocket
            )
        # What Werkzeug's matcher is given: the domain part, the path, the method, websocket.
        domain = self.subdomain
        if self.map.host_matching or domain is None:
            domain = self.server_name
        key = (domain, self.path_info, self.default_method, self.websocket)
        matches = self.map.matches
        found = matches.get(key)
        if found is None:
            found = super().match(return_rule=True, query_args=query_args)  # raises: not kept
            if len(matches) >= MATCHES_KEPT:
                matches.clear()
            matches[key] = found
        rule, values = found
        # A fresh dict each time, as Werkzeug gives: Flask hands it to the view as view_args.
        return (rule if return_rule else rule.endpoint), dict(values)


def url_adapter(
    app: Flask, request: Request, flasks_own: Callable[[Request], MapAdapter | None]
) -> MapAdapter | None:
    """The request's adapter, as ``flasks_own`` (``Flask.create_url_adapter``) binds it."""
    config, url_map = app.config, app.url_map
    if (
        type(url_map) is not RoutingMap
        or config["SERVER_NAME"] is not None
        or config["TRUSTED_HOSTS"] is not None  # every request's host must be checked
        or url_map.host_matching
        or app.subdomain_matching
    ):
        return flasks_own(request)
    wsgi = request.environ  # the request's, not the process's
    key = tuple(map(wsgi.get, _HOST_KEYS))
    bound = url_map.hosts.get(key)
    if bound is None:
        adapter = flasks_own(request)  # raises for a bad host: not kept
        assert adapter is not None  # a request always binds
        bound = (adapter.server_name, adapter.script_name, adapter.subdomain, adapter.url_scheme)
        if len(url_map.hosts) >= HOSTS_KEPT:
            url_map.hosts.clear()
        url_map.hosts[key] = bound
    server_name, script_name, subdomain, url_scheme = bound
    path_info = wsgi.get("PATH_INFO")
    query = wsgi.get("QUERY_STRING")
    return RememberingAdapter(
        url_map,
        server_name,
        script_name,
        subdomain,
        url_scheme,
        # Decoded as Werkzeug decodes WSGI strings (PEP 3333 carries bytes as latin-1).
        "/" if path_info is None else path_info.encode("latin1").decode(errors="replace"),
        wsgi["REQUEST_METHOD"],
        None if query is None else query.encode("latin1").decode(errors="replace"),
    )
